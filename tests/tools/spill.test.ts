/**
 * Spill files: where they go, their names, and the cap on the spill directory (count and bytes).
 * Reaches inside: spillOutput, pruneSpillDir and the spill caps (src/tools/spill.ts) are exported by no
 * entry; names, place and cap are checked on the functions, with an injected clock.
 */
import { describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/index.ts';
import { pruneSpillDir, SPILL_MAX_BYTES, SPILL_MAX_FILES, spillOutput } from '../../src/tools/spill.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';

async function names(workspace: Workspace): Promise<string[]> {
  return (await workspace.readdir(workspace.spillDir)).map((entry) => entry.name).sort();
}

describe('spillOutput', () => {
  it('writes the text to a new <prefix>-<time>-<n>.log in the spill directory, creating it', async () => {
    const workspace = await createJustBashWorkspace();
    await workspace.rm(workspace.spillDir, { recursive: true, force: true });
    const path = await spillOutput(workspace, 'bash', 'all of it\n', { now: () => 1234 });
    expect(path).toMatch(new RegExp(`^${workspace.spillDir}/bash-1234-\\d+\\.log$`));
    expect(new TextDecoder().decode(await workspace.readFile(path))).toBe('all of it\n');
  });

  it('never reuses a name, even with a frozen clock', async () => {
    const workspace = await createJustBashWorkspace();
    const now = (): number => 5;
    const first = await spillOutput(workspace, 'bash', 'one', { now });
    const second = await spillOutput(workspace, 'bash', 'two', { now });
    expect(second).not.toBe(first);
    expect(new TextDecoder().decode(await workspace.readFile(first))).toBe('one');
  });

  it(`keeps the newest ${SPILL_MAX_FILES} files by default and deletes older ones`, async () => {
    const workspace = await createJustBashWorkspace();
    let clock = 1_000;
    const written: string[] = [];
    for (let index = 0; index < SPILL_MAX_FILES + 5; index += 1) {
      clock += 1;
      written.push(await spillOutput(workspace, 'bash', `output ${index}`, { now: () => clock }));
    }
    const kept = written.slice(5).map((path) => path.slice(path.lastIndexOf('/') + 1));
    expect(await names(workspace)).toEqual([...kept].sort());
    expect(SPILL_MAX_BYTES).toBe(50 * 1024 * 1024);
  });

  it('keeps files newest first while they fit in maxBytes; the newest stays even when it alone is too big', async () => {
    const workspace = await createJustBashWorkspace();
    let clock = 0;
    const spill = (size: number): Promise<string> => {
      clock += 1;
      return spillOutput(workspace, 'bash', 'x'.repeat(size), { now: () => clock, maxBytes: 100 });
    };
    const a = await spill(40);
    const b = await spill(40);
    const c = await spill(40);
    const tail = (path: string): string => path.slice(path.lastIndexOf('/') + 1);
    expect(await names(workspace)).toEqual([tail(b), tail(c)].sort());
    expect(a).not.toBe(b);
    const huge = await spill(500);
    expect(await names(workspace)).toEqual([tail(huge)]);
  });

  it('pruning is best effort: a failing directory listing does not throw', async () => {
    const base = await createJustBashWorkspace();
    const workspace: Workspace = { ...base, readdir: () => Promise.reject(new Error('listing failed')) };
    await expect(pruneSpillDir(workspace, `${base.spillDir}/x.log`)).resolves.toBeUndefined();
  });

  it('throws the backend error when the file cannot be written', async () => {
    const base = await createJustBashWorkspace();
    const failure = new Error('disk full');
    const workspace: Workspace = { ...base, writeFile: () => Promise.reject(failure) };
    await expect(spillOutput(workspace, 'bash', 'text')).rejects.toBe(failure);
  });
});
