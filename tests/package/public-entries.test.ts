/**
 * Tests go through the public entries: a test file reaches src/ through the sources of package.json's
 * `exports` (or the package's name), and a file that imports any other module of src/ says why on a
 * ` * Reaches inside: ` line of its header doc comment (docs/contributing.md). The number of such files
 * is compared with a ceiling, so it cannot grow unnoticed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const THIS_FILE = relative(ROOT, import.meta.filename);

/**
 * Files that import a module of src/ other than an entry, today. Lower it when a file moves to the
 * public entries; raise it only with a `Reaches inside:` reason a reviewer agreed with.
 */
const MAX_REACHING_INSIDE = 75;

/** The fewest words a reason may have: a reader must be able to check it. */
const MIN_REASON_WORDS = 4;

/** Entries Vite builds rather than tsc (vite.component.config.ts): the playground component. */
const BUILT_BY_VITE: Readonly<Record<string, string>> = {
  './dist/component/index.js': 'src/playground/index.ts',
};

/** The source of each JavaScript entry of `exports`: `./dist/<name>.js` is built from `src/<name>.ts`. */
function entrySources(): string[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    exports: Record<string, string | Record<string, string>>;
  };
  return Object.values(manifest.exports)
    .map((target) => (typeof target === 'string' ? target : (target.default ?? '')))
    .filter((file) => file.endsWith('.js'))
    .map((file) => BUILT_BY_VITE[file] ?? file.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts'));
}

const ENTRIES: ReadonlySet<string> = new Set(entrySources());

/**
 * Relative specifiers a test file loads: static imports and re-exports (`type`-only ones too), bare
 * `import '...'`, dynamic `import()`, and the modules `vi.mock` and its kin replace or load.
 */
const RELATIVE_SPECIFIER =
  /\b(?:import|export)\s[^;'"`]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\s*['"](\.{1,2}\/[^'"]+)['"]|\b(?:import|vi\.mock|vi\.doMock|vi\.importActual|vi\.importMock)\s*(?:<[^>]*>)?\(\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** The module a specifier of `file` names, relative to the repository: `.js` is the `.ts` source. */
function resolveSpecifier(file: string, specifier: string): string {
  const path = relative(ROOT, resolve(ROOT, dirname(file), specifier)).replace(/\.js$/, '.ts');
  if (/\.(ts|tsx)$/.test(path)) return path;
  return (
    [`${path}.ts`, `${path}.tsx`, `${path}/index.ts`].find((each) => existsSync(join(ROOT, each))) ?? path
  );
}

/** The modules of src/ that are not an entry which `text` (the contents of `file`) loads, sorted. */
function reachedInside(file: string, text: string): string[] {
  const modules = [...text.matchAll(RELATIVE_SPECIFIER)]
    .map((match) => resolveSpecifier(file, match[1] ?? match[2] ?? match[3] ?? ''))
    .filter((module) => module.startsWith('src/') && !ENTRIES.has(module));
  return [...new Set(modules)].sort();
}

/** The reason on the ` * Reaches inside: ` line of the file's header doc comment, if it has one. */
function reasonOf(text: string): string | undefined {
  const header = /^\s*\/\*\*[\s\S]*?\*\//.exec(text)?.[0] ?? '';
  return /^ \* Reaches inside: (.*)$/m.exec(header)?.[1]?.trim();
}

/** Test files under `dir` (vitest's and Playwright's), skipping dot directories (scratch projects). */
function testFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name.startsWith('.') || entry.name === 'node_modules' ? [] : testFiles(path);
    return /\.(test\.tsx?|spec\.ts)$/.test(entry.name) ? [path] : [];
  });
}

/** Every test file but this one (its examples of imports are strings), with what it reaches inside. */
const REACHING = testFiles('tests')
  .filter((file) => file !== THIS_FILE)
  .map((file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    return { file, modules: reachedInside(file, text), reason: reasonOf(text) };
  })
  .filter(({ modules }) => modules.length > 0);

describe('tests go through the public entries', () => {
  it("finds every entry's source, and the imports that pass them", () => {
    expect([...ENTRIES].filter((source) => !existsSync(join(ROOT, source)))).toEqual([]);
    expect(ENTRIES.has('src/index.ts') && ENTRIES.has('src/playground/index.ts')).toBe(true);
    const text = [
      "import { a } from '../../src/index.ts';",
      "import type { B } from '../../src/core/types.ts';",
      "import {\n  c,\n  type D,\n} from '../../src/tools/read.ts';",
      "export { e } from '../../src/search/tool-index.ts';",
      "import '../../src/shared/index.ts';",
      "const f = await import('../../src/edge/worker-entry.ts');",
      "vi.mock('../../src/providers/tokens.ts', () => ({}));",
      "import { g } from '../../src/codemode/index.ts';",
      "import { h } from './fixture.ts';",
    ].join('\n');
    expect(reachedInside('tests/example/example.test.ts', text)).toEqual([
      'src/core/types.ts',
      'src/edge/worker-entry.ts',
      'src/providers/tokens.ts',
      'src/search/tool-index.ts',
      'src/shared/index.ts',
      'src/tools/read.ts',
    ]);
  });

  it('a file that imports a module behind the entries says why on a "Reaches inside:" line of its header', () => {
    const unexplained = REACHING.filter(
      ({ reason }) => (reason?.split(/\s+/).filter(Boolean).length ?? 0) < MIN_REASON_WORDS,
    ).map(({ file, modules }) => `${file} (imports ${modules.join(', ')})`);
    expect(unexplained, 'add " * Reaches inside: <why>" to the header doc comment of each').toEqual([]);
  });

  it(`at most ${MAX_REACHING_INSIDE} files reach inside`, () => {
    const count = REACHING.length;
    expect(
      count,
      `${count} test files import modules behind the entries:\n${REACHING.map(({ file }) => file).join('\n')}`,
    ).toBeLessThanOrEqual(MAX_REACHING_INSIDE);
  });
});
