/**
 * What the edge tests share: the ready-made worker built from the sources, a test worker bundled the
 * same way, and the text of an MCP tool result.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The source of `npm run build:edge`'s bundle, built now so a test never runs a stale one (and works on
 * a clean clone). It is written to a temporary file instead of dist/edge/worker.js: a later `--outfile`
 * replaces the script's own, so test files running side by side never write one file at once.
 */
export function buildEdgeWorker(): string {
  const dir = mkdtempSync(join(tmpdir(), 'edge-worker-'));
  try {
    const worker = join(dir, 'worker.js');
    execFileSync('npm', ['run', '--silent', 'build:edge', '--', `--outfile=${worker}`], {
      cwd: ROOT,
      stdio: 'pipe',
    });
    return readFileSync(worker, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `entry` (a path from the repository root) bundled as build:edge bundles the ready-made worker. */
export function bundleWorker(entry: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'edge-bundle-'));
  try {
    const out = join(dir, 'bundle.js');
    execFileSync(
      'npx',
      [
        'esbuild',
        entry,
        '--bundle',
        '--format=esm',
        '--platform=browser',
        '--target=es2022',
        '--conditions=workerd,worker',
        '--alias:node:zlib=./src/workspace/just-bash/node-zlib-stand-in.ts',
        '--log-level=warning',
        `--outfile=${out}`,
      ],
      { cwd: ROOT, stdio: 'pipe' },
    );
    return readFileSync(out, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of a tool result's first content block ('' when it has none). */
export function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  const [first] = Array.isArray(result.content) ? result.content : [];
  return first?.type === 'text' ? first.text : '';
}
