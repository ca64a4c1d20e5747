/**
 * Whether a build output is newer than everything it is built from, the check `make` does: `npm test`
 * builds before the unit tests, so the examples (tests/package/examples) pack and serve that build,
 * and the quick bench measures it, instead of making it again, while a run after an edit (or on a
 * clean clone) still builds first.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

/** The root files every build reads: the manifest, the lockfile, the TypeScript and Vite configs. */
const CONFIGS = readdirSync(ROOT).filter((name) =>
  /^(tsconfig.*\.json|vite\.(.+\.)?config\.ts|package(-lock)?\.json)$/.test(name),
);

/** What `npm run build:lib` reads, and the directory it writes. */
export const LIBRARY = { inputs: ['src', ...CONFIGS], output: 'dist' };

/** What `vite build` of the playground reads, and the directory it writes. */
export const PLAYGROUND = {
  inputs: ['src', 'public', 'index.html', ...CONFIGS],
  output: 'dist/playground',
};

/** Modification times (ms) of every file under `path`, or of `path` itself; none when it is missing. */
function modified(path: string): number[] {
  if (!existsSync(path)) return [];
  const stat = statSync(path);
  if (!stat.isDirectory()) return [stat.mtimeMs];
  return readdirSync(path).flatMap((name) => modified(join(path, name)));
}

/**
 * True when `build.output` exists, holds every path of `required` (relative to the repository), and its
 * oldest file is newer than the newest of `build.inputs`.
 */
export function upToDate(build: { inputs: string[]; output: string }, required: string[] = []): boolean {
  if (required.some((path) => !existsSync(join(ROOT, path)))) return false;
  const built = modified(join(ROOT, build.output));
  if (built.length === 0) return false;
  const oldestOutput = built.reduce((low, time) => Math.min(low, time));
  const newestInput = build.inputs
    .flatMap((path) => modified(join(ROOT, path)))
    .reduce((high, time) => Math.max(high, time), 0);
  return oldestOutput > newestInput;
}
