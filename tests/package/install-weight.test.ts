/**
 * What `npm ci` puts in node_modules: its weight, measured as `du -sm` does (allocated blocks, each hard
 * link once, symbolic links not followed), and no package that only the benchmark catalogs' sources
 * need. docs/contributing.md ("What the install weighs and why") keeps the per-package table.
 */
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const MODULES = join(ROOT, 'node_modules');
const MIB = 1024 * 1024;
/**
 * The weight after `npm ci` (819 MiB since `langchain` came in for the createAgent middleware's tests)
 * plus a little slack for the file system, and the most this repository allows itself.
 */
const BUDGET_MIB = 820;
/** Caches that tools write into node_modules after the install; they are not part of it. */
const CACHES = new Set(['.cache', '.vite', '.vite-temp']);

/** Allocated bytes under `path`, counting each inode once, as `du` does. */
function allocatedBytes(path: string, seen: Set<number>): number {
  const stats = lstatSync(path);
  if (seen.has(stats.ino)) return 0;
  seen.add(stats.ino);
  const own = stats.blocks * 512;
  if (!stats.isDirectory()) return own;
  return readdirSync(path).reduce((total, name) => total + allocatedBytes(join(path, name), seen), own);
}

/** Top-level packages (scoped ones as `@scope/name`) with their weight in MiB, heaviest first. */
function packageWeights(): Array<[string, number]> {
  const seen = new Set<number>();
  const names = readdirSync(MODULES).flatMap((name) =>
    name.startsWith('@') ? readdirSync(join(MODULES, name)).map((inner) => `${name}/${inner}`) : [name],
  );
  return names
    .filter((name) => !CACHES.has(name))
    .map((name): [string, number] => [name, allocatedBytes(join(MODULES, name), seen) / MIB])
    .sort((a, b) => b[1] - a[1]);
}

function dependencyNames(file: string): string[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, file), 'utf8'));
  return Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
}

function installed(name: string): boolean {
  try {
    lstatSync(join(MODULES, name));
    return true;
  } catch {
    return false;
  }
}

describe('the install', () => {
  it(`node_modules weighs at most ${BUDGET_MIB} MiB`, () => {
    const weights = packageWeights();
    const total = weights.reduce((sum, [, mib]) => sum + mib, 0);
    const heaviest = weights.slice(0, 12).map(([name, mib]) => `${mib.toFixed(0).padStart(5)}  ${name}`);
    console.info(`node_modules: ${total.toFixed(0)} MiB; heaviest:\n${heaviest.join('\n')}`);
    expect(Math.round(total)).toBeLessThanOrEqual(BUDGET_MIB);
  });

  it('holds none of the packages that only bench/catalog-sources lists', () => {
    const ours = new Set(dependencyNames('package.json'));
    const catalogOnly = dependencyNames('bench/catalog-sources/package.json').filter(
      (name) => !ours.has(name),
    );
    expect(catalogOnly.length).toBeGreaterThan(0);
    expect(catalogOnly.filter(installed)).toEqual([]);
  });
});
