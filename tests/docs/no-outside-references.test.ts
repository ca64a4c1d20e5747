/**
 * The repository explains itself: code, comments, test titles, docs/ and the READMEs name only things
 * that are in it. Planning notes and reference files kept outside the repository are not there for a
 * reader, so a comment that says "see X" about them says nothing; the behaviour is written out
 * instead. A path a comment or a page gives (`src/...`, `tests/...`) is a file or folder of this
 * repository, and the fault-matrix rows test titles cite (`row 14`) are rows of tests/faults/README.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const THIS_FILE = relative(ROOT, import.meta.filename);
const TEXT_EXTENSIONS = new Set(['.ts', '.tsx', '.md', '.json', '.js', '.mjs', '.html', '.css']);
/** Generated or third-party data, not prose of this repository. */
const SKIPPED = ['node_modules', 'bench/catalogs/fixtures'];

/** Names of files and folders that exist only outside the repository. */
const OUTSIDE_NAMES = [
  'DESIGN.md',
  'STACK.md',
  'CONVENTIONS.md',
  'shared/reference',
  'faults.md',
  'anchors.md',
  'anchors §',
];
/** Issue numbers of a tracker outside the repository, in comments and markdown (not in data). */
const OUTSIDE_NUMBERS = [/\bissue #?\d+/i];

function textFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (SKIPPED.some((skipped) => path === skipped || path.endsWith(`/${skipped}`))) return [];
    if (entry.isDirectory()) return textFiles(path);
    return TEXT_EXTENSIONS.has(extname(entry.name)) && path !== THIS_FILE ? [path] : [];
  });
}

/** Comment text of a source line (the whole line in markdown), where prose lives. */
function proseOf(path: string, line: string): string | undefined {
  if (path.endsWith('.md')) return line;
  const trimmed = line.trim();
  if (trimmed.startsWith('*') || trimmed.startsWith('/*') || trimmed.startsWith('//')) return trimmed;
  const comment = line.indexOf(' // ');
  return comment === -1 ? undefined : line.slice(comment);
}

/** `path:line: text` for every mention of something outside the repository in `files`. */
function outsideReferences(files: readonly string[], read: (path: string) => string): string[] {
  return files.flatMap((path) =>
    read(path)
      .split('\n')
      .flatMap((line, index) => {
        const prose = proseOf(path, line);
        const named = OUTSIDE_NAMES.some((name) => line.includes(name));
        const numbered = prose !== undefined && OUTSIDE_NUMBERS.some((pattern) => pattern.test(prose));
        return named || numbered ? [`${path}:${index + 1}: ${line.trim()}`] : [];
      }),
  );
}

/**
 * A path from the repository's root (or relative to the file, `../src/x.ts`) in prose: a top folder of
 * the repository, then names, `*` globs, `<placeholders>` and `{a,b}` alternatives.
 */
const REPO_PATH =
  /(?<![\w/.@-])((?:\.\.?\/)*(?:src|tests|bench|docs|examples|public)\/(?:[\w.*<>-]|\{[^}\s]*\}|\/)*[\w*>}])/g;

/**
 * Paths in prose that name another tree on purpose: files of the playground's demo workspace (what the
 * model sees, not this repository), and the test files of other projects whose cases tests/compat ports.
 */
const OTHER_TREES = [
  'src/cart.ts',
  'src/hello.txt',
  'src/**/test_*.py',
  'src/lib.rs',
  'src/parser.rs',
  'tests/suite/tool.rs',
  'src/filesystem/__tests__',
  'tests/fixtures/scenarios/<name>',
];

/** Every file and folder of the repository, relative to its root. */
function repositoryPaths(folder = ''): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === '.git') return [];
    const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
    return entry.isDirectory() ? [path, ...repositoryPaths(path)] : [path];
  });
}

/** `path:line: named path` for every path in the prose of `files` that names nothing in `existing`. */
function missingPaths(
  files: readonly string[],
  read: (path: string) => string,
  existing: readonly string[],
): string[] {
  return files.flatMap((path) =>
    read(path)
      .split('\n')
      .flatMap((line, index) =>
        [...(proseOf(path, line) ?? '').matchAll(REPO_PATH)]
          .map((match) => match[1] ?? '')
          .filter((named) => !OTHER_TREES.includes(named))
          .filter((named) => {
            const fromRoot = named.startsWith('.')
              ? relative(ROOT, resolve(ROOT, dirname(path), named))
              : named;
            const matches = picomatch(fromRoot.replace(/\/$/, '').replace(/<[^>]*>/g, '*'), { dot: true });
            return !existing.some((candidate) => matches(candidate));
          })
          .map((named) => `${path}:${index + 1}: ${named}`),
      ),
  );
}

/** Fault-matrix row numbers of tests/faults/README.md: its table rows and the rows its prose lists. */
function faultRows(readme: string): Set<number> {
  const rows = new Set<number>();
  for (const match of readme.matchAll(/^\| (\d+) +\|/gm)) rows.add(Number(match[1]));
  for (const match of readme.matchAll(/\brows? (\d+)(?: and (\d+))?/g)) {
    for (const number of match.slice(1)) if (number !== undefined) rows.add(Number(number));
  }
  return rows;
}

/** `path:line: row N` for every row a test title or a case in `files` cites that `rows` lacks. */
function unknownRows(files: readonly string[], read: (path: string) => string, rows: Set<number>): string[] {
  return files.flatMap((path) =>
    read(path)
      .split('\n')
      .flatMap((line, index) =>
        [...line.matchAll(/['"`]rows? (\d+)(?:(?: and |\/)(\d+))?/g)].flatMap((match) =>
          match
            .slice(1)
            .filter((number) => number !== undefined && !rows.has(Number(number)))
            .map((number) => `${path}:${index + 1}: row ${number}`),
        ),
      ),
  );
}

describe('src/, tests/, bench/, docs/ and the README name only what is in the repository', () => {
  const files = ['src', 'tests', 'bench', 'docs', 'examples'].flatMap(textFiles).concat('README.md');
  const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

  it('no file mentions planning notes or reference files kept outside', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(outsideReferences(files, read)).toEqual([]);
  });

  it('every repository path a comment or a page names is a file or folder of the repository', () => {
    expect(missingPaths(files, read, repositoryPaths())).toEqual([]);
  });

  it('every fault-matrix row a test cites is a row of tests/faults/README.md', () => {
    const rows = faultRows(read('tests/faults/README.md'));
    expect([...rows].sort((a, b) => a - b)).toEqual(Array.from({ length: 74 }, (_, index) => index + 1));
    expect(unknownRows(files, read, rows)).toEqual([]);
  });

  it('the path check resolves globs, placeholders and relative paths, and sees a path that is gone', () => {
    const samples: Record<string, string> = {
      'tests/a.ts': '// the cases in src/testing/cases/<group>.cases.ts run on every backend',
      'tests/b.ts':
        '/** As ../src/core/budget.ts counts bytes; see bench/catalogs/fixtures/catalog-{a,b}.json */',
      'docs/c.md': 'Conformance cases live in `tests/workspace/cases/<group>.cases.ts`.',
      'tests/d.ts': "const data = 'src/nowhere.ts'; // a string, not prose",
      'docs/e.md': 'The demo opens `src/cart.ts` in its own workspace.',
    };
    const existing = [
      'src/testing/cases/edit.cases.ts',
      'src/core/budget.ts',
      'bench/catalogs/fixtures/catalog-a.json',
    ];
    expect(missingPaths(Object.keys(samples), (path) => samples[path] ?? '', existing)).toEqual([
      'docs/c.md:1: tests/workspace/cases/<group>.cases.ts',
    ]);
  });

  it('the row check sees a cited row the matrix does not have', () => {
    const rows = faultRows('| 1   | a |\n| 2   | b |\n\nAlso rows 3 and 4, and row 5.');
    expect([...rows]).toEqual([1, 2, 3, 4, 5]);
    const samples: Record<string, string> = {
      'a.ts': "it('row 2: fine', () => {}); it('rows 4 and 6: half known', () => {});",
      'b.ts': "const title = 'row 52/65: both';",
    };
    expect(unknownRows(Object.keys(samples), (path) => samples[path] ?? '', rows)).toEqual([
      'a.ts:1: row 6',
      'b.ts:1: row 52',
      'b.ts:1: row 65',
    ]);
  });

  it('the check sees each kind of outside reference, and leaves model-facing text alone', () => {
    const samples: Record<string, string> = {
      'a.ts': '/** How a tool is exposed. See DESIGN.md for the table. */',
      'b.ts': "import x from 'y'; // STACK.md §4 says why",
      'c.md': 'Every row of `../shared/reference/faults.md` §8',
      'd.ts': ' * the benchmarks of issue 6, measured',
      'e.ts': "describe('aliases (anchors §2.1) resolve', () => {});",
      'f.ts': "const reply = { type: 'text', text: 'Filed issue #1.' };",
    };
    expect(outsideReferences(Object.keys(samples), (path) => samples[path] ?? '')).toEqual([
      'a.ts:1: /** How a tool is exposed. See DESIGN.md for the table. */',
      "b.ts:1: import x from 'y'; // STACK.md §4 says why",
      'c.md:1: Every row of `../shared/reference/faults.md` §8',
      'd.ts:1: * the benchmarks of issue 6, measured',
      "e.ts:1: describe('aliases (anchors §2.1) resolve', () => {});",
    ]);
  });
});
