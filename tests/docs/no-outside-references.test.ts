/**
 * The repository explains itself: code, comments, test titles and the READMEs under src/, tests/ and
 * bench/ name only things that are in it. Planning notes and reference files kept outside the
 * repository are not there for a reader, so a comment that says "see X" about them says nothing; the
 * behaviour is written out instead, and fault-matrix rows point at tests/faults/README.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
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

describe('src/, tests/ and bench/ name only what is in the repository', () => {
  const files = ['src', 'tests', 'bench'].flatMap(textFiles);

  it('no file mentions planning notes or reference files kept outside', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(outsideReferences(files, (path) => readFileSync(join(ROOT, path), 'utf8'))).toEqual([]);
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
