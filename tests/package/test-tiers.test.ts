/**
 * The `quick` project (`npm run test:quick`) starts no other program: every test file that imports
 * what starts one (child processes, Miniflare, Worker threads, the helpers that build with esbuild or
 * start MCP servers and Chromium) is in vitest.config.ts's `processes` project.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../vitest.config.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const STARTS_PROGRAMS =
  /node:child_process|node:worker_threads|from 'miniflare'|\/chromium\.ts'|edge-worker\.ts'|mcp-servers\.ts'|snippets\.ts'|just-bash-worker|createWorkerWorkspace/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'e2e' || entry.name === 'examples' ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(ROOT, path)] : [];
  });
}

function projectFiles(name: string): string[] {
  const projects = (config.test?.projects ?? []) as { test?: { name?: string; include?: string[] } }[];
  return projects.find((project) => project.test?.name === name)?.test?.include ?? [];
}

describe('the test tiers', () => {
  it('keep every file that starts a program or a thread out of the quick project', () => {
    const processes = new Set(projectFiles('processes'));
    // This file names those imports in its pattern, and starts nothing.
    const starting = testFiles(join(ROOT, 'tests')).filter(
      (file) =>
        file !== 'tests/package/test-tiers.test.ts' &&
        STARTS_PROGRAMS.test(readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(starting.length).toBeGreaterThan(10);
    expect(starting.filter((file) => !processes.has(file))).toEqual([]);
  });

  it('name only files that exist in the processes project', () => {
    const all = new Set(testFiles(join(ROOT, 'tests')));
    expect(projectFiles('processes').filter((file) => !all.has(file))).toEqual([]);
  });
});
