/**
 * The per-file mutation queue shared by write and edit.
 * Reaches inside: withFileMutation (src/tools/mutation-queue.ts), the queue write and edit share, is exported
 * by no entry; its order is checked with tasks of the test's own.
 */
import { describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/index.ts';
import { withFileMutation } from '../../src/tools/mutation-queue.ts';

const workspace = (): Workspace => ({}) as Workspace;

/** A promise and the function that resolves it. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = (): void => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

describe('withFileMutation', () => {
  it('runs mutations of one path one after another, in call order', async () => {
    const ws = workspace();
    const log: string[] = [];
    const first = gate();
    const a = withFileMutation(ws, '/w/f', async () => {
      log.push('a start');
      await first.promise;
      log.push('a end');
      return 'a';
    });
    const b = withFileMutation(ws, '/w/f', async () => {
      log.push('b');
      return 'b';
    });
    await Promise.resolve();
    expect(log).toEqual(['a start']);
    first.open();
    expect(await Promise.all([a, b])).toEqual(['a', 'b']);
    expect(log).toEqual(['a start', 'a end', 'b']);
  });

  it('does not hold other paths or other workspaces', async () => {
    const ws = workspace();
    const held = gate();
    const log: string[] = [];
    const slow = withFileMutation(ws, '/w/a', async () => {
      await held.promise;
      log.push('a');
    });
    await withFileMutation(ws, '/w/b', async () => log.push('b'));
    await withFileMutation(workspace(), '/w/a', async () => log.push('other workspace'));
    expect(log).toEqual(['b', 'other workspace']);
    held.open();
    await slow;
    expect(log).toEqual(['b', 'other workspace', 'a']);
  });

  it('a failed mutation rejects its own caller only; the next one still runs', async () => {
    const ws = workspace();
    const failed = withFileMutation(ws, '/w/f', async () => {
      throw new Error('boom');
    });
    const next = withFileMutation(ws, '/w/f', async () => 'ran');
    await expect(failed).rejects.toThrow('boom');
    expect(await next).toBe('ran');
  });
});
