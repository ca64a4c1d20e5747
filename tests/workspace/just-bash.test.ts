import { InMemoryFs } from 'just-bash';
import { describe, expect, it } from 'vitest';
import { runWorkspaceConformance } from '../../src/testing/index.ts';
import { ByteSafeInMemoryFs, latin1FromByteArray } from '../../src/workspace/just-bash/byte-safe-fs.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';
import {
  EMBEDDED_EXECUTION_LIMITS,
  HARDENED_FILE_SYSTEM_BYTES,
} from '../../src/workspace/just-bash/just-bash-workspace.ts';
import { countDeletedFiles, takeSnapshot } from '../../src/workspace/just-bash/snapshot.ts';
import { WorkspaceError } from '../../src/workspace/workspace.ts';

runWorkspaceConformance({ name: 'just-bash', create: (files) => createJustBashWorkspace({ files }) });

describe('just-bash backend', () => {
  it("names the hardened profile's storage limit when a write does not fit", async () => {
    expect(HARDENED_FILE_SYSTEM_BYTES).toBe(128 * 1024 * 1024);
    const workspace = await createJustBashWorkspace();
    const almost = new Uint8Array(HARDENED_FILE_SYSTEM_BYTES - 1024 * 1024);
    await workspace.writeFile('/workspace/almost.bin', almost);
    const full = await workspace
      .writeFile('/workspace/over.bin', new Uint8Array(2 * 1024 * 1024))
      .catch((caught: unknown) => caught);
    expect(full).toBeInstanceOf(WorkspaceError);
    expect(full).toMatchObject({ code: 'ENOSPC', limitBytes: HARDENED_FILE_SYSTEM_BYTES });
  });
});

describe('just-bash execution limits', () => {
  const lines = Array.from({ length: 60_000 }, (_, index) => `${index % 977} word${index % 13}`);
  const file = `${lines.join('\n')}\n`;

  it('ordinary data work on a 60,000-line file is not stopped for taking many steps', async () => {
    const workspace = await createJustBashWorkspace({
      files: { f: file, small: `${lines.slice(0, 15_000).join('\n')}\n` },
    });
    const run = (command: string) => workspace.exec(command, { timeoutMs: 120_000 });
    const sum = lines.reduce((total, line) => total + Number(line.split(' ')[0]), 0);
    expect(await run("awk '{s+=$1} END{print s}' f")).toMatchObject({ exitCode: 0, output: `${sum}\n` });
    expect(await run("cut -d' ' -f2 f | sort | uniq -c | head -1")).toMatchObject({
      exitCode: 0,
      output: '4616 word0\n',
    });
    expect(await run('seq 1 250000 | wc -l')).toMatchObject({ exitCode: 0, output: '250000\n' });
    // 15,000 lines: two commands a line is past the old 10,000-command cap, and quick enough here.
    expect(await run('n=0; while read -r l; do n=$((n+1)); done < small; echo $n')).toMatchObject({
      exitCode: 0,
      output: '15000\n',
    });
  }, 120_000);

  it('documents its step limits: far above what the longest timeout allows', () => {
    expect(EMBEDDED_EXECUTION_LIMITS).toMatchObject({
      maxCommandCount: 1_000_000_000,
      maxLoopIterations: 1_000_000_000,
      maxAwkIterations: 1_000_000_000,
      maxArrayElements: 1_000_000,
    });
  });
});

describe('just-bash timeouts', () => {
  it('a built-in that holds the thread past the deadline is reported as a timeout, not as its own error', async () => {
    const workspace = await createJustBashWorkspace();
    // One sed over an 8 MB line: no command or loop step in which to notice the deadline.
    const freeze =
      'x=abcdefgh; for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do x=$x$x; done; ' +
      'echo "$x" | sed -E "s/(a|b|c|d|e|f|g|h)+z//" | wc -c';
    const result = await workspace.exec(freeze, { timeoutMs: 300 });
    expect(result).toMatchObject({ exitCode: 124, timedOut: true, aborted: false });
    expect(result.output).not.toContain('execution deadline');
  }, 60_000);
});

describe('just-bash snapshots', () => {
  it('snapshots before every command, and not at all when turned off', async () => {
    const workspace = await createJustBashWorkspace({ files: { 'a.txt': 'a', 'b.txt': 'b' } });
    expect((await workspace.exec('echo hi > c.txt; cat a.txt')).deletedFiles).toBe(0);
    expect((await workspace.exec('rm -f missing.txt')).deletedFiles).toBe(0);
    expect((await workspace.exec('echo a.txt | xargs rm')).deletedFiles).toBe(1);
    expect((await workspace.exec('/bin/rm b.txt')).deletedFiles).toBe(1);
    await expect(workspace.restoreSnapshot?.()).resolves.toEqual({ files: 2, directories: 0 });
    expect(new TextDecoder().decode(await workspace.readFile('/workspace/b.txt'))).toBe('b');

    const off = await createJustBashWorkspace({ files: { 'a.txt': 'a' }, snapshots: false });
    expect((await off.exec('rm a.txt')).deletedFiles).toBeUndefined();
    await expect(off.restoreSnapshot?.()).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('just-bash filesystem without Buffer', () => {
  it('reads bytes as latin1 and base64 exactly as just-bash does, in chunks any stack can take', async () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, index) => (index * 7) % 256);
    const safe = new ByteSafeInMemoryFs();
    const plain = new InMemoryFs();
    for (const fs of [safe, plain]) {
      await fs.writeFile('/big.bin', bytes);
      await fs.writeFile('/empty.bin', new Uint8Array());
    }
    for (const path of ['/big.bin', '/empty.bin']) {
      for (const encoding of ['binary', 'latin1', 'base64', 'utf8'] as const) {
        expect(await safe.readFile(path, encoding)).toBe(await plain.readFile(path, encoding));
        expect(await safe.readFile(path, { encoding })).toBe(await plain.readFile(path, { encoding }));
      }
      expect(await safe.readFileBytes(path)).toBe(await plain.readFileBytes(path));
    }
    expect(latin1FromByteArray(bytes).length).toBe(70_000);
    expect(latin1FromByteArray(bytes).charCodeAt(69_999)).toBe((69_999 * 7) % 256);
  });
});

describe('just-bash snapshot through the public filesystem API', () => {
  it('sees the same tree and the same deletions as the fast path over the entry index', async () => {
    const fs = new InMemoryFs();
    await fs.mkdir('/w/src/lib', { recursive: true });
    await fs.writeFile('/w/src/a.ts', 'a');
    await fs.writeFile('/w/src/lib/b.bin', new Uint8Array([0, 255]));
    await fs.writeFile('/w/gone.txt', 'g');
    await fs.writeFile('/w/becomes-dir', 'x');
    await fs.writeFile('/outside.txt', 'o');
    await fs.symlink('src/a.ts', '/w/link');
    await fs.chmod('/w/src/a.ts', 0o755);
    // The same filesystem without its `data` map, as another just-bash version might be.
    const withoutIndex = new Proxy(fs, {
      get: (target, key) => {
        if (key === 'data') return undefined;
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const fast = await takeSnapshot(fs, '/w');
    const slow = await takeSnapshot(withoutIndex, '/w');
    expect([...slow.keys()].sort()).toEqual([...fast.keys()].sort());
    for (const [path, entry] of fast) {
      const other = slow.get(path);
      if (entry.type === 'file' && other?.type === 'file') {
        expect({ ...other, content: [...new Uint8Array(other.content as Uint8Array)] }).toEqual({
          ...entry,
          content: [...(entry.content as Uint8Array)],
        });
      } else {
        expect(other).toEqual(entry);
      }
    }
    expect(fast.get('/w/src/a.ts')).toMatchObject({ type: 'file', mode: 0o755 });
    expect(fast.get('/w/link')).toEqual({ type: 'symlink', target: 'src/a.ts' });
    expect(fast.has('/outside.txt')).toBe(false);

    await fs.rm('/w/gone.txt');
    await fs.rm('/w/link');
    await fs.rm('/w/becomes-dir');
    await fs.mkdir('/w/becomes-dir');
    await fs.writeFile('/w/src/a.ts', '');
    expect(await countDeletedFiles(fs, fast)).toBe(3);
    expect(await countDeletedFiles(withoutIndex, fast)).toBe(3);
  });
});
