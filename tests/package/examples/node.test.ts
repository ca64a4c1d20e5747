/**
 * The package as a Node consumer gets it, installed from the packed tarball: the README quick start in
 * examples/node, type checks without the DOM lib (that example's entries, then every entry of
 * package.json "exports"), and the size of an install without the optional peers.
 */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { installedExample, ROOT, run, runTsc, typeCheck } from './support.ts';

const example = installedExample('node');

/** Bytes of every file under `dir` (their apparent sizes; symbolic links count as links). */
function treeBytes(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((total, entry) => {
    const path = join(dir, entry.name);
    return total + (entry.isDirectory() ? treeBytes(path) : lstatSync(path).size);
  }, 0);
}
/** The packages `npm install browser-agent-tools` brings: its dependencies and theirs (from the lockfile). */
function dependencyClosure(): Set<string> {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
  const packages: Record<string, { dependencies?: Record<string, string> }> = lock.packages;
  const names = new Set<string>();
  const visit = (name: string): void => {
    if (names.has(name)) return;
    names.add(name);
    for (const dependency of Object.keys(packages[`node_modules/${name}`]?.dependencies ?? {}))
      visit(dependency);
  };
  for (const name of Object.keys(packages['']?.dependencies ?? {})) visit(name);
  return names;
}

/** The package a file belongs to: the name after its last node_modules/, or '' for the consumer's own. */
function packageOf(file: string): string {
  const tail = file.split('node_modules/').slice(1).pop();
  if (tail === undefined) return '';
  const parts = tail.split('/');
  return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? '');
}

/**
 * A consumer of every entry in package.json "exports", in node_modules/.cache so that the optional peers
 * resolve from the repository's install; the package itself comes from the tarball.
 */
async function writeEveryEntryConsumer(): Promise<string> {
  const cache = join(ROOT, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'bat-every-entry-'));
  const installed = join(dir, 'node_modules/browser-agent-tools');
  mkdirSync(installed, { recursive: true });
  await run('tar', ['-xzf', inject('tarball'), '-C', installed, '--strip-components=1']);
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  // The entries with declarations: not `./package.json` nor the stylesheet `./playground/styles.css`,
  // which a consumer imports for its side effect through a bundler, not as a typed module.
  const exports: Record<string, string | { types?: string }> = manifest.exports;
  const subpaths = Object.entries(exports)
    .filter(([, target]) => typeof target === 'object' && target.types !== undefined)
    .map(([key]) => key);
  const lines = subpaths.map(
    (key, index) => `import * as entry${index} from 'browser-agent-tools${key.slice(1)}';`,
  );
  const names = subpaths.map((_, index) => `entry${index}`).join(', ');
  writeFileSync(join(dir, 'entries.ts'), `${lines.join('\n')}\nexport const entries = [${names}];\n`);
  writeFileSync(join(dir, 'package.json'), '{ "type": "module", "private": true }\n');
  return dir;
}

/** `tsc` over the consumer with `lib: ["ES2022"]` and `@types/node`: every error as "file(line,col): text". */
async function typeErrors(dir: string, resolution: 'NodeNext' | 'Bundler'): Promise<string[]> {
  const compilerOptions = {
    target: 'ES2022',
    module: resolution === 'NodeNext' ? 'NodeNext' : 'ESNext',
    moduleResolution: resolution,
    lib: ['ES2022'],
    types: ['node'],
    strict: true,
    noEmit: true,
    skipLibCheck: false,
  };
  const config = `tsconfig.${resolution}.json`;
  writeFileSync(join(dir, config), JSON.stringify({ compilerOptions, files: ['entries.ts'] }));
  const output = (await runTsc(['-p', config, '--pretty', 'false'], dir)) ?? '';
  const lines = output.split('\n').filter((line) => / error TS\d+: /.test(line));
  // A tsc that failed without a type error (a bad config, a crash) must not read as "no errors".
  if (output.trim() !== '' && lines.length === 0) throw new Error(`tsc failed: ${output}`);
  return lines.map((line) => {
    // tsc names files relative to the consumer: the peers' as ../../<peer>/…, so make them absolute.
    const [file = '', rest = ''] = line.split(/(?=\(\d+,\d+\): error)/);
    const path = resolve(dir, file);
    return `${path.startsWith(dir) ? relative(dir, path) : relative(ROOT, path)}${rest}`;
  });
}

describe('examples/node installed from the packed tarball', () => {
  it('node: the README quick start runs', async () => {
    const { stdout } = await run('node', ['index.js'], { cwd: example.dir() });
    expect(JSON.parse(stdout)).toEqual({
      deferredHidden: true,
      activated: true,
      output: 'Sunny in Oslo.',
      is_error: false,
      bash: 'hello',
    });
  }, 30_000);

  it('node: a project without the DOM lib type-checks against the root, core and providers entries', async () => {
    expect(await typeCheck(example.dir())).toBe('no errors');
  }, 60_000);

  it('every package.json export with declarations type-checks without the DOM lib, under NodeNext and Bundler resolution', async () => {
    const dir = await writeEveryEntryConsumer();
    try {
      const ours = dependencyClosure().add('browser-agent-tools').add('');
      // Both resolutions at once: each tsc checks every peer's declarations (skipLibCheck off).
      const results = await Promise.all(
        (['NodeNext', 'Bundler'] as const).map(async (resolution) => {
          const errors = await typeErrors(dir, resolution);
          // Declarations of the optional peers (and of what only they bring) that need the DOM lib are
          // theirs: a project importing those SDKs without it sees the same errors without this package.
          const peers = [...new Set(errors.map(packageOf).filter((name) => !ours.has(name)))];
          console.info(
            `${resolution}: peers whose own declarations need more than ES2022 + @types/node: ${peers.join(', ')}`,
          );
          return [resolution, errors.filter((line) => ours.has(packageOf(line)))];
        }),
      );
      expect(results).toEqual([
        ['NodeNext', []],
        ['Bundler', []],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);

  it('node: the package alone, without its optional peers, installs in at most 100 MB', () => {
    const modules = join(example.dir(), 'node_modules');
    for (const peer of [
      'openai',
      '@anthropic-ai/sdk',
      '@webcontainer/api',
      'gpt-tokenizer',
      '@modelcontextprotocol/sdk',
      '@playwright/test',
    ]) {
      expect(existsSync(join(modules, peer)), peer).toBe(false);
    }
    expect(treeBytes(modules)).toBeLessThanOrEqual(100 * 1024 * 1024);
  });
});
