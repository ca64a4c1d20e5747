/**
 * Global setup of the examples project (vitest.config.ts): `npm pack` once for all the example files,
 * which then install from that tarball side by side. The library is built first unless dist/ is already
 * newer than its sources (as `npm test` leaves it); Vitest runs this only when an example file is
 * selected, so other test runs never pay for it.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { LIBRARY, ROOT, upToDate } from '../../../bench/lib/built.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The packed package, `browser-agent-tools-<version>.tgz`. */
    tarball: string;
  }
}

const run = promisify(execFile);

/** Every file package.json "exports" names, relative to the repository. */
function exportedFiles(): string[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const targets = Object.values(manifest.exports as Record<string, string | Record<string, string>>);
  return targets.flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target)));
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (!upToDate(LIBRARY, exportedFiles())) await run('npm', ['run', '--silent', 'build:lib'], { cwd: ROOT });
  const dir = mkdtempSync(join(tmpdir(), 'bat-pack-'));
  const { stdout } = await run('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: ROOT });
  project.provide('tarball', join(dir, stdout.trim().split('\n').pop() ?? ''));
  return () => rmSync(dir, { recursive: true, force: true });
}
