/**
 * What the example files share: each copies its project from examples/ into a directory of its own,
 * points its `browser-agent-tools` dependency at the tarball the global setup packed (pack.ts), installs
 * it (offline from the npm cache when it holds everything, else the cache first), and starts servers it
 * stops afterwards.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, inject } from 'vitest';

import { ROOT } from '../../../bench/lib/built.ts';

export { ROOT };

export const run = promisify(execFile);

/**
 * Runs the repository's TypeScript compiler with `args` in `cwd`: `null` when it passed, else what it
 * printed. Single-threaded: example files run beside other test files on two cores, where tsc's
 * threads only compete for them (the every-export check's two resolutions side by side: 15 s and
 * 30 s of CPU single-threaded, 25 s and 48 s with its threads).
 */
export function runTsc(args: string[], cwd = ROOT): Promise<string | null> {
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  return run(process.execPath, [tsc, ...args, '--singleThreaded'], { cwd }).then(
    () => null,
    (error: { stdout?: string }) => error.stdout ?? String(error),
  );
}

/** Runs the repository's TypeScript compiler over a project: 'no errors', or what it printed. */
export async function typeCheck(project: string): Promise<string> {
  return (await runTsc(['-p', project])) ?? 'no errors';
}

/** An installed example: `dir()` is its directory once `beforeAll` has installed it. */
export interface Example {
  dir: () => string;
  /** Starts `node <script> <args>` in the example and stops it after the file's tests. */
  spawnServer: (script: string, args: string[], cwd?: string) => ChildProcess;
}

/**
 * Installs a project from the cache only, or (when the cache lacks a package) from the cache first.
 * Without install scripts: this package has none (tests/package/entries.test.ts checks), and the ones it
 * would skip are other packages' (just-bash's optional xz binding compiles liblzma from source, about
 * 11 of the 20 CPU seconds of an install here, seven installs per run; esbuild and workerd check their
 * binaries, which their launchers find without that check).
 */
async function install(dir: string): Promise<void> {
  const flags = ['install', '--no-audit', '--no-fund', '--loglevel=error', '--ignore-scripts'];
  try {
    await run('npm', [...flags, '--offline'], { cwd: dir });
  } catch {
    await run('npm', [...flags, '--prefer-offline'], { cwd: dir });
  }
}

/**
 * Registers the hooks that install `examples/<name>` from the packed tarball before the file's tests
 * and remove it, and the servers started in it, after them.
 */
export function installedExample(name: string): Example {
  let dir = '';
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    dir = join(mkdtempSync(join(tmpdir(), `bat-example-${name}-`)), name);
    cpSync(join(import.meta.dirname, '../../../examples', name), dir, {
      recursive: true,
      filter: (path) => !/node_modules|dist$/.test(path),
    });
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    manifest.dependencies['browser-agent-tools'] = `file:${inject('tarball')}`;
    writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
    await install(dir);
    // An offline install on a busy machine: a minute or two.
  }, 300_000);
  afterAll(() => {
    for (const child of children) child.kill();
    if (dir) rmSync(join(dir, '..'), { recursive: true, force: true });
    // Removing an install of the agent SDKs (300 MB of small files) took 60 s on a busy two-core machine.
  }, 180_000);
  return {
    dir: () => dir,
    spawnServer: (script, args, cwd = dir) => {
      // Node itself, not npx, so that killing the child stops the server.
      const child = spawn(process.execPath, [script, ...args], { cwd, stdio: 'ignore' });
      children.push(child);
      return child;
    },
  };
}

/** A port nobody listens on now, so parallel checkouts and other servers do not collide. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')),
      );
    });
  });
}

/**
 * Starts `vite <args>` in `cwd` (the example's directory unless given) with the Vite installed there,
 * and resolves once it listens; the server stops after the example's tests.
 */
export async function startVite(example: Example, args: string[], cwd = example.dir()): Promise<string> {
  const port = await freePort();
  const vite = join(cwd, 'node_modules/vite/bin/vite.js');
  example.spawnServer(vite, [...args, '--port', String(port), '--strictPort'], cwd);
  const url = `http://localhost:${port}/`;
  for (let attempt = 0; attempt < 100; attempt++) {
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return url;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`vite ${args.join(' ')} did not listen on ${url}`);
}
