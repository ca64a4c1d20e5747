/**
 * Setup of the `quick` project (vitest.config.ts): starting a program or a thread throws there. The
 * project is the inner loop that must finish in seconds whatever else the machine runs, and a file that
 * starts esbuild's service, an MCP server or a Worker does not; tests/package/test-tiers.test.ts names
 * such files from their imports, and this catches what an import does not show (a library call handed
 * `process.execPath`, a helper that spawns on a path no pattern knows).
 */
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import { relative } from 'node:path';
import workerThreads from 'node:worker_threads';
import { expect } from 'vitest';

const STARTERS = ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const;

function refusal(what: string): Error {
  const path = expect.getState().testPath;
  const file = path === undefined ? 'a test file' : relative(process.cwd(), path);
  return new Error(
    `${file} started ${what} in the quick project, which starts no program: move the file to the processes project in vitest.config.ts`,
  );
}

const writable = childProcess as unknown as Record<string, unknown>;
for (const name of STARTERS) {
  writable[name] = (command: unknown) => {
    throw refusal(`${name}(${JSON.stringify(String(command))})`);
  };
}
(workerThreads as { Worker: unknown }).Worker = class {
  constructor(script: unknown) {
    throw refusal(`a Worker thread (${String(script)})`);
  }
};
// ES module imports of node:child_process and node:worker_threads see the replacements only after this.
syncBuiltinESMExports();
