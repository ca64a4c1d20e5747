/**
 * edit and write on large files and long oldText: every call costs time in proportion to the file and
 * the arguments, never to their product. What the model reads stays short: an ambiguous oldText lists
 * ten line numbers and its structured data a hundred, with the totals; a patch too costly to compute
 * is replaced by a note saying so. (How long each call takes is measured by the benchmark's "Hostile
 * inputs" section; before these bounds, the 80,000-line ambiguous edit below took 30 s.)
 */
import { describe, expect, it } from 'vitest';
import { createToolSuite, type ToolSuite, type Workspace } from '../../src/index.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';

const LINES = 80_000;
/** `0,\n1,\n…`: 80,000 lines, each with one comma. */
const COMMAS = Array.from({ length: LINES }, (_, index) => `${index},\n`).join('');

async function setup(
  files: Record<string, string>,
): Promise<{ suite: ToolSuite<Workspace>; text: (path: string) => Promise<string> }> {
  const workspace = await createJustBashWorkspace({ files });
  const suite = createToolSuite({ workspace });
  return {
    suite,
    text: async (path) => new TextDecoder().decode(await workspace.readFile(`${workspace.root}/${path}`)),
  };
}

describe('edit on large files', () => {
  it('an oldText found on 80,000 lines lists ten lines, keeps a hundred in its data, and counts them all', async () => {
    const { suite, text } = await setup({ 'big.txt': COMMAS });
    const result = await suite.execute('edit', { path: 'big.txt', oldText: ',', newText: ';' });
    const message =
      'edit: oldText matches 80000 places in big.txt (lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 79990 more). Add surrounding lines to it so it matches exactly one place, or set replaceAll: true to replace every one.';
    expect(result.is_error).toBe(true);
    expect(result.output).toBe(message);
    expect(result.structured_output).toEqual({
      error: {
        code: 'EDIT_NOT_UNIQUE',
        message,
        tool: 'edit',
        path: 'big.txt',
        edit: 0,
        matches: 80_000,
        matches_complete: true,
        line_count: 80_000,
        lines: Array.from({ length: 100 }, (_, index) => index + 1),
      },
    });
    expect(await text('big.txt')).toBe(COMMAS);
  });

  it('lines with several matches are listed once, and the count is of places', async () => {
    const { suite } = await setup({ 'two.txt': 'a, b\nc\nd, e, f\n' });
    const result = await suite.execute('edit', { path: 'two.txt', oldText: ',', newText: ';' });
    expect(result.output).toBe(
      'edit: oldText matches 3 places in two.txt (lines 1 and 3). Add surrounding lines to it so it matches exactly one place, or set replaceAll: true to replace every one.',
    );
    expect(result.structured_output.error).toMatchObject({ matches: 3, line_count: 2, lines: [1, 3] });
  });

  it('a long oldText that overlaps itself is counted only as far as the file is long: "at least"', async () => {
    const { suite, text } = await setup({ 'a.txt': 'a'.repeat(200_000) });
    const ambiguous = await suite.execute('edit', {
      path: 'a.txt',
      oldText: 'a'.repeat(100_000),
      newText: 'b',
    });
    // Counting every one of the 100,001 overlapping places compared 10^10 characters.
    expect(ambiguous.output).toBe(
      'edit: oldText matches at least 19 places in a.txt (line 1). Add surrounding lines to it so it matches exactly one place, or set replaceAll: true to replace every one.',
    );
    expect(ambiguous.structured_output.error).toMatchObject({ matches: 19, matches_complete: false });

    const all = await suite.execute('edit', {
      path: 'a.txt',
      oldText: 'a'.repeat(100_000),
      newText: 'b',
      replaceAll: true,
    });
    expect(all.output).toBe('Edited a.txt: 2 replacements (line 1).');
    expect(await text('a.txt')).toBe('bb');
  });

  it('the patch of an edit with more changed lines than the size allows is a note; a small edit keeps its patch', async () => {
    // Every 200th line gets an "x": 400 changed lines, past the 250 allowed for 80,000 + 80,000 lines.
    const file = Array.from({ length: LINES }, (_, index) => (index % 200 === 0 ? 'x\n' : `${index}\n`)).join(
      '',
    );
    const { suite } = await setup({ 'big.txt': file });
    const many = await suite.execute('edit', {
      path: 'big.txt',
      oldText: 'x',
      newText: 'y',
      replaceAll: true,
    });
    expect(many.output).toBe(
      'Edited big.txt: 400 replacements (lines 1, 201, 401, 601, 801, 1001, 1201, 1401, 1601, 1801 and 390 more).',
    );
    expect(many.details.diff).toBe(
      'Patch of big.txt not computed: more than 250 lines changed, the limit for a diff of 80000 and 80000 lines\n',
    );
    const one = await suite.execute('edit', { path: 'big.txt', oldText: '\n79999\n', newText: '\nlast\n' });
    expect(one.details.diff).toBe(
      [
        '--- a/big.txt',
        '+++ b/big.txt',
        '@@ -79997,4 +79997,4 @@',
        ' 79996',
        ' 79997',
        ' 79998',
        '-79999',
        '+last',
        '',
      ].join('\n'),
    );
  });
});

describe('write over large files', () => {
  it('replacing 80,000 lines with unrelated ones gives the note, not a patch', async () => {
    const { suite, text } = await setup({ 'big.txt': COMMAS });
    const content = Array.from({ length: LINES }, (_, index) => `line ${index}\n`).join('');
    const result = await suite.execute('write', { path: 'big.txt', content });
    expect(result.output).toBe('Wrote 868890 bytes to big.txt (replaced 548890 bytes).');
    expect(result.details.diff).toBe(
      'Patch of big.txt not computed: more than 250 lines changed, the limit for a diff of 80000 and 80000 lines\n',
    );
    expect(await text('big.txt')).toBe(content);
  });

  it('a small file keeps the fixed limit of 600 changed lines', async () => {
    const { suite } = await setup({ 'small.txt': 'a\n'.repeat(600) });
    const result = await suite.execute('write', { path: 'small.txt', content: 'b\n'.repeat(600) });
    expect(result.details.diff).toBe(
      'Patch of small.txt not computed: more than 600 lines changed, the limit for a diff of 600 and 600 lines\n',
    );
    const fewer = await suite.execute('write', {
      path: 'small.txt',
      content: 'b\n'.repeat(300) + 'c\n'.repeat(300),
    });
    expect(
      String(fewer.details.diff).startsWith('--- a/small.txt\n+++ b/small.txt\n@@ -298,303 +298,303 @@\n'),
    ).toBe(true);
  });
});
