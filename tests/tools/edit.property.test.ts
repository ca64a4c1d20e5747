/**
 * Property tests of the edit tool on the embedded backend: for random files (mixed line endings,
 * Unicode, smart quotes, trailing blanks) and random regions of them, a successful edit changes only
 * that region, and a failed edit (text absent or not unique) leaves the file byte-identical.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createToolSuite, type ToolSuite, type Workspace } from '../../src/index.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';

const RUNS = 200;
const PATH = 'prop.txt';

/**
 * Pieces files are made of. Regions start and end between pieces, so a region never splits a CRLF
 * pair or a surrogate pair.
 */
const PIECES = [
  'a',
  'b',
  'x',
  'foo',
  'bar',
  ' ',
  '  ',
  '\t',
  'é',
  'ü',
  '中',
  '😀',
  'Ａ',
  'A',
  '\u201C',
  '\u201D',
  '\u2018',
  '\u2019',
  '"',
  "'",
  '\u2014',
  '-',
  '\u00A0',
  '\n',
  '\r\n',
];

const pieces = (min: number, max: number): fc.Arbitrary<string[]> =>
  fc.array(fc.constantFrom(...PIECES), { minLength: min, maxLength: max });

/** A file as pieces, and a non-empty region of it `[from, to)` in piece indexes. */
const fileWithRegion = pieces(1, 60).chain((file) =>
  fc
    .tuple(fc.nat({ max: file.length - 1 }), fc.nat({ max: file.length - 1 }))
    .map(([one, two]) => ({ file, from: Math.min(one, two), to: Math.max(one, two) + 1 })),
);

/** What the fuzzy form treats as equal: the region as a model might retype it. */
function retype(text: string): string {
  return text
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\u2014/g, '-')
    .replace(/\u00A0/g, ' ')
    .replace(/Ａ/g, 'A')
    .replace(/[ \t]+(?=\r?\n)/g, '');
}

/** Overlapping occurrences of `needle` in `text`, both compared with CRLF as LF. */
function countExact(text: string, needle: string): number {
  const haystack = text.replaceAll('\r\n', '\n');
  const wanted = needle.replaceAll('\r\n', '\n');
  let count = 0;
  for (let at = haystack.indexOf(wanted); at !== -1; at = haystack.indexOf(wanted, at + 1)) count += 1;
  return count;
}

describe('edit: properties', () => {
  let workspace: Workspace;
  let suite: ToolSuite<Workspace>;
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

  beforeAll(async () => {
    workspace = await createJustBashWorkspace();
    suite = createToolSuite({ workspace });
  });

  const put = (text: string): Promise<void> => workspace.writeFile(`${workspace.root}/${PATH}`, text);
  const get = async (): Promise<string> =>
    decoder.decode(await workspace.readFile(`${workspace.root}/${PATH}`));

  /** Asserts the file is `before` except inside `[from, to)`, whatever replaced it. */
  const onlyRegionChanged = (before: string, after: string, from: number, to: number): void => {
    const prefix = before.slice(0, from);
    const suffix = before.slice(to);
    expect(after.length).toBeGreaterThanOrEqual(prefix.length + suffix.length);
    expect(after.slice(0, prefix.length)).toBe(prefix);
    expect(after.slice(after.length - suffix.length)).toBe(suffix);
  };

  it('an exact edit of a region changes that region only; a refused one changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fileWithRegion, pieces(0, 8), async ({ file, from, to }, replacement) => {
        const text = file.join('');
        const start = file.slice(0, from).join('').length;
        const region = file.slice(from, to).join('');
        const newText = replacement.join('');
        await put(text);
        const result = await suite.execute('edit', { path: PATH, oldText: region, newText });
        const after = await get();
        if (result.is_error) {
          expect(after).toBe(text);
          return;
        }
        expect(countExact(text, region)).toBe(1);
        onlyRegionChanged(text, after, start, start + region.length);
        const middle = after.slice(start, after.length - (text.length - start - region.length));
        expect(middle.replaceAll('\r\n', '\n')).toBe(newText.replaceAll('\r\n', '\n'));
      }),
      { numRuns: RUNS },
    );
  });

  it('a fuzzy edit (retyped quotes, dashes, spaces, trailing blanks) changes that region only', async () => {
    await fc.assert(
      fc.asyncProperty(fileWithRegion, pieces(0, 8), async ({ file, from, to }, replacement) => {
        const text = file.join('');
        const start = file.slice(0, from).join('').length;
        const region = file.slice(from, to).join('');
        const oldText = retype(region);
        // Retyped text that matches exactly somewhere is an exact edit there (the property above).
        fc.pre(countExact(text, oldText) === 0);
        await put(text);
        const result = await suite.execute('edit', {
          path: PATH,
          oldText,
          newText: replacement.join(''),
        });
        const after = await get();
        if (result.is_error) expect(after).toBe(text);
        else onlyRegionChanged(text, after, start, start + region.length);
      }),
      { numRuns: RUNS },
    );
  });

  it('text that is absent is refused and the file stays byte-identical', async () => {
    await fc.assert(
      fc.asyncProperty(fileWithRegion, async ({ file, from, to }) => {
        const text = file.join('');
        await put(text);
        const oldText = `${file.slice(from, to).join('')}§`;
        const result = await suite.execute('edit', { path: PATH, oldText, newText: 'new' });
        expect(result.is_error).toBe(true);
        expect(result.output.startsWith(`edit: oldText was not found in ${PATH}.`)).toBe(true);
        expect(await get()).toBe(text);
      }),
      { numRuns: RUNS },
    );
  });

  it('text that occurs twice is refused and the file stays byte-identical', async () => {
    await fc.assert(
      fc.asyncProperty(
        pieces(0, 10),
        pieces(1, 10),
        pieces(0, 10),
        pieces(0, 10),
        async (head, region, middle, tail) => {
          const oldText = region.join('');
          const text = [...head, ...region, ...middle, ...region, ...tail].join('');
          await put(text);
          const result = await suite.execute('edit', { path: PATH, oldText, newText: 'new' });
          expect(result.is_error).toBe(true);
          expect(result.output).toMatch(new RegExp(`^edit: oldText matches \\d+ places in ${PATH} \\(`));
          expect(await get()).toBe(text);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
