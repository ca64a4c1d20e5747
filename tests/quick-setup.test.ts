/**
 * The `quick` project's setup (tests/quick-setup.ts) is in force: this file runs there, and each way of
 * starting a program or a thread throws, naming the file, before anything starts.
 */
import { execFile, fork, spawn, spawnSync } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

const MOVE_IT = /tests\/quick-setup\.test\.ts started .* move the file to the processes project/;

describe('the quick project', () => {
  it('refuses child processes, named imports included', () => {
    expect(() => spawn(process.execPath, ['-e', ''])).toThrow(MOVE_IT);
    expect(() => spawnSync('true')).toThrow(MOVE_IT);
    expect(() => execFile('true')).toThrow(MOVE_IT);
    expect(() => fork('missing.js')).toThrow(MOVE_IT);
  });

  it('refuses Worker threads', () => {
    expect(() => new Worker('missing.js')).toThrow(/started a Worker thread \(missing\.js\)/);
  });

  it("refuses esbuild's service, which it starts with child_process", async () => {
    const { build } = await import('esbuild');
    // esbuild throws from inside build() before its first await: wrapped, either way is a rejection.
    await expect((async () => build({ stdin: { contents: '1' }, write: false }))()).rejects.toThrow(MOVE_IT);
  });
});
