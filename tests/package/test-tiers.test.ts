/**
 * The `quick` project (`npm run test:quick`) starts no other program: every test file that starts one
 * (child processes, esbuild's service, Vite builds and servers, Miniflare's workerd, Playwright's
 * browser, MCP servers over stdio, Worker threads), itself or through a helper of tests/ or bench/ it
 * imports, is in vitest.config.ts's `processes` or `repo` project. tests/quick-setup.ts catches at run
 * time what these patterns miss; this test names the file before anything runs.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import config from '../../vitest.config.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const THIS_FILE = relative(ROOT, import.meta.filename);

/** Modules whose import means the file starts a program or a thread, and what to call that in a failure. */
const SPAWNING_MODULES: Readonly<Record<string, string>> = {
  'node:child_process': 'child processes',
  child_process: 'child processes',
  'node:worker_threads': 'Worker threads',
  worker_threads: 'Worker threads',
  esbuild: "esbuild (build() starts esbuild's service binary)",
  execa: 'child processes (execa)',
  'cross-spawn': 'child processes (cross-spawn)',
  miniflare: 'workerd (Miniflare)',
  wrangler: 'workerd (wrangler)',
  '@playwright/test': "Playwright's browser",
  playwright: "Playwright's browser",
  'playwright-core': "Playwright's browser",
};

/** Calls that start one through a module imported for other things too. */
const SPAWNING_CALLS: readonly (readonly [RegExp, string])[] = [
  [
    /import\s*\{[^}]*\b(build|createServer|preview|createBuilder)\b[^}]*\}\s*from\s*'vite'/,
    'a Vite build or server',
  ],
  [/process\.execPath/, 'node (process.execPath), such as an MCP server mounted over stdio'],
  [/\bnew Worker\(/, 'a Worker'],
];

/**
 * The specifiers a module's text imports at run time: static imports and re-exports that are not
 * `type`-only, dynamic `import()` and bare `import '...'`. A specifier inside a string or a comment (a
 * program for the WebContainer stand-in, a peer named in a test title) is not an import.
 */
const IMPORT =
  /^\s*(?:import|export)\s+(?!type\s)[^;]*?\bfrom\s*'([^']+)'|\bimport\s*\(\s*'([^']+)'\s*\)|^\s*import\s+'([^']+)'/gm;

function importsOf(text: string): string[] {
  return [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3] ?? '');
}

/** What in `text` starts a program or a thread, if anything. */
function spawnerIn(text: string): string | undefined {
  const imported = importsOf(text).find((specifier) => SPAWNING_MODULES[specifier] !== undefined);
  if (imported !== undefined) return SPAWNING_MODULES[imported];
  return SPAWNING_CALLS.find(([pattern]) => pattern.test(text))?.[1];
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'e2e' || entry.name === 'examples' ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(ROOT, path)] : [];
  });
}

/**
 * The first spawner `file` reaches: in its own text, or in a module of tests/, bench/ or scripts/ it
 * imports, however deep. Modules of src/ are not followed: the library starts a program only when a
 * caller hands it one (a command to mount, a Worker to create), which the caller's text shows.
 */
function spawnerOf(file: string, read: (path: string) => string | undefined): string | undefined {
  const seen = new Set<string>();
  const pending = [file];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    if (seen.has(path)) continue;
    seen.add(path);
    const text = read(path);
    if (text === undefined) continue;
    const found = spawnerIn(text);
    if (found !== undefined) return path === file ? found : `${found}, through ${path}`;
    for (const specifier of importsOf(text).filter((name) => name.startsWith('.'))) {
      const target = join(dirname(path), specifier);
      if (!target.startsWith('src/') && !target.startsWith('..')) pending.push(target);
    }
  }
  return undefined;
}

function readRepoFile(path: string): string | undefined {
  const full = join(ROOT, path);
  return path !== THIS_FILE && existsSync(full) ? readFileSync(full, 'utf8') : undefined;
}

interface Project {
  test?: { name?: string; include?: string[]; exclude?: string[]; setupFiles?: string[] };
}

function project(name: string): NonNullable<Project['test']> {
  const projects = (config.test?.projects ?? []) as Project[];
  return projects.find((entry) => entry.test?.name === name)?.test ?? {};
}

/** The project a test file runs in: the first whose include matches and whose exclude does not. */
function projectOf(file: string): string | undefined {
  return ['processes', 'repo', 'examples', 'quick'].find((name) => {
    const { include = [], exclude = [] } = project(name);
    return picomatch(include)(file) && !picomatch(exclude)(file);
  });
}

/** Starts nothing: it proves that the quick project's setup refuses each way of starting one. */
const SETUP_TEST = 'tests/quick-setup.test.ts';

describe('the test tiers', () => {
  it('keep every file that starts a program or a thread out of the quick project', () => {
    const starting = testFiles(join(ROOT, 'tests')).flatMap((file) => {
      const spawner = file === SETUP_TEST ? undefined : spawnerOf(file, readRepoFile);
      return spawner === undefined ? [] : [{ file, spawner, project: projectOf(file) }];
    });
    // A file known to start each kind, so that a pattern that stops matching fails here.
    const known = Object.fromEntries(starting.map((entry) => [entry.file, entry.spawner]));
    expect(known).toMatchObject({
      'tests/mcp/bundle.test.ts': expect.stringMatching(/^esbuild/),
      'tests/package/entries.test.ts':
        "esbuild (build() starts esbuild's service binary), through bench/lib/consumer-bundles.ts",
      'tests/mcp/servers.test.ts': expect.stringMatching(/^node \(process\.execPath\)/),
      'tests/edge/worker.test.ts': 'workerd (Miniflare)',
      'tests/docs/readme.test.ts': 'child processes, through tests/docs/snippets.ts',
    });
    expect(starting.filter((entry) => entry.project === 'quick')).toEqual([]);
  });

  it('see spawners in imports and calls, not in strings, type imports or the library', () => {
    const files: Record<string, string> = {
      'tests/a.test.ts': "import { parseAst } from 'vite';\nimport { helper } from './b.ts';",
      'tests/b.ts': "import { type Plugin, build } from 'vite';",
      'tests/c.test.ts': [
        "import type { Page } from '@playwright/test';",
        "import { mountMcpServer } from '../src/mcp/index.ts';",
        'const program = "require(\'child_process\')";',
        "it('@playwright/test is an optional peer', () => {});",
      ].join('\n'),
      'src/mcp/index.ts': "const stdio = await import('node:child_process');",
      'tests/d.test.ts': "import {\n  build,\n} from 'esbuild';",
      'tests/e.test.ts': "const { build } = await import('esbuild');",
    };
    const read = (path: string) => files[path];
    expect(spawnerOf('tests/a.test.ts', read)).toBe('a Vite build or server, through tests/b.ts');
    expect(spawnerOf('tests/c.test.ts', read)).toBeUndefined();
    expect(spawnerOf('tests/d.test.ts', read)).toMatch(/^esbuild/);
    expect(spawnerOf('tests/e.test.ts', read)).toMatch(/^esbuild/);
  });

  it('run the quick project with the setup that refuses to start programs', () => {
    expect(project('quick').setupFiles).toEqual(['tests/quick-setup.ts']);
    expect(projectOf(SETUP_TEST)).toBe('quick');
  });

  it('put every test file in a project, and name no file that does not exist', () => {
    const files = testFiles(join(ROOT, 'tests'));
    expect(files.filter((file) => projectOf(file) === undefined)).toEqual([]);
    for (const name of ['processes', 'repo']) {
      const patterns = project(name).include ?? [];
      const unmatched = patterns.filter((pattern) => !files.some((file) => picomatch(pattern)(file)));
      expect([name, unmatched]).toEqual([name, []]);
    }
    expect(projectOf('tests/package/install-weight.test.ts')).toBe('repo');
    expect(projectOf('tests/docs/readme-results.test.ts')).toBe('repo');
  });
});
