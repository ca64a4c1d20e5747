/**
 * The edit tool on a backend, called the way a model calls it: exact and fuzzy matching, line endings,
 * BOM, several edits, every refusal (asserted word for word, file byte-identical afterwards) and
 * concurrent edits and writes to one file.
 */
import { expect } from 'vitest';
import type { CaseEnv, CaseRegistrar, Files } from '../case-types.ts';
import { type CaseTable, registerCases } from './case-table.ts';

/** Calls edit expecting an error; checks the file did not change and returns the message. */
async function refused(env: CaseEnv, args: Record<string, unknown>): Promise<string> {
  const before = await env.snapshot();
  const result = await env.call('edit', args);
  expect(result.is_error).toBe(true);
  expect(await env.snapshot()).toEqual(before);
  return result.output;
}

/** One refusal: the arguments edit gets, and its error output, word for word. */
type Refusal = readonly [args: Record<string, unknown>, message: string];

/**
 * A case that starts from `files` and sends each refusal in turn, expecting its message and the
 * workspace unchanged. `refusals` gets the workspace root, for messages that name it.
 */
function refusalCase(
  name: string,
  files: Files,
  refusals: (root: string) => readonly Refusal[],
): CaseTable[number] {
  return [
    name,
    async (setup) => {
      const env = await setup(files);
      for (const [args, message] of refusals(env.workspace.root)) {
        expect(await refused(env, args)).toBe(message);
      }
    },
  ];
}

const CODE = [
  'export function total(items) {',
  '  let sum = 0;',
  '  for (const item of items) {',
  '    sum += item.price;',
  '  }',
  '  return sum;',
  '}',
  '',
].join('\n');

/**
 * How oldText is found: exactly, across line endings and a BOM, fuzzily (quotes, dashes, spaces,
 * Unicode forms) without touching text outside the match, and several edits against the original.
 */
const MATCHING_CASES: CaseTable = [
  [
    'replaces exact text; reports the line, the patch and the typed fields',
    async (setup) => {
      const { call, text } = await setup({ 'src/total.js': CODE });
      const result = await call('edit', {
        path: 'src/total.js',
        oldText: '    sum += item.price;',
        newText: '    sum += item.price * item.quantity;',
      });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe('Edited src/total.js: 1 replacement (line 4).');
      expect(result.structured_output).toEqual({
        path: 'src/total.js',
        replacements: 1,
        first_changed_line: 4,
      });
      expect(result.details).toMatchObject({ first_changed_line: 4, replacements: 1, match: 'exact' });
      expect(result.details.diff).toBe(
        [
          '--- a/src/total.js',
          '+++ b/src/total.js',
          '@@ -1,7 +1,7 @@',
          ' export function total(items) {',
          '   let sum = 0;',
          '   for (const item of items) {',
          '-    sum += item.price;',
          '+    sum += item.price * item.quantity;',
          '   }',
          '   return sum;',
          ' }',
          '',
        ].join('\n'),
      );
      expect(await text('src/total.js')).toBe(CODE.replace('item.price;', 'item.price * item.quantity;'));
    },
  ],

  [
    'LF oldText matches a CRLF file; every line keeps CRLF, also with replaceAll',
    async (setup) => {
      const { call, text } = await setup({ 'win.txt': 'alpha\r\nbeta\r\ngamma\r\nbeta\r\n' });
      const one = await call('edit', {
        path: 'win.txt',
        oldText: 'alpha\nbeta',
        newText: 'ALPHA\nBETA\nextra',
      });
      expect(one.output).toBe('Edited win.txt: 1 replacement (line 1).');
      expect(await text('win.txt')).toBe('ALPHA\r\nBETA\r\nextra\r\ngamma\r\nbeta\r\n');
      const all = await call('edit', {
        path: 'win.txt',
        oldText: 'beta\n',
        newText: 'b\n',
        replaceAll: true,
      });
      expect(all.output).toBe('Edited win.txt: 1 replacement (line 5).');
      const again = await call('edit', {
        path: 'win.txt',
        oldText: 'a\r\n',
        newText: 'a!\r\n',
        replaceAll: true,
      });
      expect(again.output).toBe('Edited win.txt: 2 replacements (lines 3 and 4).');
      expect(await text('win.txt')).toBe('ALPHA\r\nBETA\r\nextra!\r\ngamma!\r\nb\r\n');
    },
  ],

  [
    'a UTF-8 BOM is kept; mixed line endings stay as they were outside the edit',
    async (setup) => {
      const { call, bytes, text } = await setup({
        'bom.txt': '\uFEFFfirst\nsecond\n',
        'mixed.txt': 'one\ntwo\r\nthree\nfour\r\n',
      });
      await call('edit', { path: 'bom.txt', oldText: 'second', newText: '2nd' });
      expect([...(await bytes('bom.txt')).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const withBom = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await bytes('bom.txt'));
      expect(withBom).toBe('\uFEFFfirst\n2nd\n');
      const result = await call('edit', { path: 'mixed.txt', oldText: 'two\nthree', newText: 'TWO\nTHREE' });
      expect(result.is_error).toBe(false);
      // The edited region started on a CRLF line, so its new line breaks are CRLF; the rest is untouched.
      expect(await text('mixed.txt')).toBe('one\nTWO\r\nTHREE\nfour\r\n');
      await call('edit', { path: 'mixed.txt', oldText: 'one', newText: 'ONE' });
      expect(await text('mixed.txt')).toBe('ONE\nTWO\r\nTHREE\nfour\r\n');
    },
  ],

  [
    'fuzzy match rewrites only the matched text: other trailing spaces and smart quotes stay',
    async (setup) => {
      const file = [
        "const a = 'x';   ",
        'const b = \u201Csmart\u201D;',
        'const c = 1;  ',
        'const d = \u201Cother\u201D \u2014 \u2018kept\u2019;\u00A0',
        'const e = 2;\t',
        '',
      ].join('\n');
      const { call, text } = await setup({ 'fuzzy.ts': file });
      const result = await call('edit', {
        path: 'fuzzy.ts',
        oldText: 'const b = "smart";\nconst c = 1;',
        newText: 'const b = "plain";\nconst c = 10;',
      });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe(
        'Edited fuzzy.ts: 1 replacement (line 2). oldText matched only after ignoring differences in Unicode form, quotes, dashes, special spaces or trailing whitespace; nothing outside the matched text changed.',
      );
      expect(result.details.match).toBe('fuzzy');
      expect(await text('fuzzy.ts')).toBe(
        [
          "const a = 'x';   ",
          'const b = "plain";',
          'const c = 10;  ',
          'const d = \u201Cother\u201D \u2014 \u2018kept\u2019;\u00A0',
          'const e = 2;\t',
          '',
        ].join('\n'),
      );
      // Dashes, NBSP and NFKC forms (a full-width digit) match too, and only that line changes.
      const more = await call('edit', {
        path: 'fuzzy.ts',
        oldText: 'const d = "other" - \'kept\';',
        newText: 'const d = 0;',
      });
      expect(more.is_error).toBe(false);
      expect(await text('fuzzy.ts')).toBe(
        [
          "const a = 'x';   ",
          'const b = "plain";',
          'const c = 10;  ',
          'const d = 0;\u00A0',
          'const e = 2;\t',
          '',
        ].join('\n'),
      );
      const wide = await setup({ 'wide.txt': 'x = \uFF11;\ny = 2;\n' });
      expect(
        (await wide.call('edit', { path: 'wide.txt', oldText: 'x = 1;', newText: 'x = 3;' })).is_error,
      ).toBe(false);
      expect(await wide.text('wide.txt')).toBe('x = 3;\ny = 2;\n');
    },
  ],

  [
    'several edits are matched against the original and applied together',
    async (setup) => {
      const { call, text } = await setup({ 'list.txt': 'one\ntwo\nthree\nfour\n' });
      const result = await call('edit', {
        path: 'list.txt',
        edits: [
          { oldText: 'three', newText: 'four' },
          { oldText: 'one', newText: 'two' },
          { oldText: 'two', newText: 'three' },
        ],
      });
      expect(result.output).toBe('Edited list.txt: 3 replacements (lines 1, 2 and 3).');
      expect(result.structured_output).toEqual({ path: 'list.txt', replacements: 3, first_changed_line: 1 });
      expect(await text('list.txt')).toBe('two\nthree\nfour\nfour\n');
    },
  ],
];

/**
 * Every refusal, word for word, with the file byte-identical afterwards: overlaps, ambiguous and
 * missing text, edits that change nothing, argument shapes, files edit cannot change.
 */
const REFUSAL_CASES: CaseTable = [
  refusalCase('overlapping edits are refused, naming both', { 'o.txt': 'alpha beta gamma\n' }, () => [
    [
      {
        path: 'o.txt',
        edits: [
          { oldText: 'gamma', newText: 'G' },
          { oldText: 'alpha beta', newText: 'A B' },
          { oldText: 'beta gamma', newText: 'B G' },
        ],
      },
      'edit: edits[1] and edits[2] overlap in o.txt (line 1). Merge them into one edit, or make each oldText cover separate text.',
    ],
  ]),

  [
    'text found more than once is refused with its line numbers; replaceAll changes all',
    async (setup) => {
      const env = await setup({ 'dup.txt': 'x = 1\ny = 2\nx = 1\nz = 3\nx = 1\n' });
      expect(await refused(env, { path: 'dup.txt', oldText: 'x = 1', newText: 'x = 9' })).toBe(
        'edit: oldText matches 3 places in dup.txt (lines 1, 3 and 5). Add surrounding lines to it so it matches exactly one place, or set replaceAll: true to replace every one.',
      );
      expect(
        await refused(env, {
          path: 'dup.txt',
          edits: [
            { oldText: 'z = 3', newText: 'z = 4' },
            { oldText: 'x = 1\n', newText: '' },
          ],
        }),
      ).toBe(
        'edit: edits[1].oldText matches 3 places in dup.txt (lines 1, 3 and 5). Add surrounding lines to it so it matches exactly one place, or set replaceAll: true to replace every one.',
      );
      const all = await env.call('edit', {
        path: 'dup.txt',
        oldText: 'x = 1',
        newText: 'x = 9',
        replaceAll: true,
      });
      expect(all.output).toBe('Edited dup.txt: 3 replacements (lines 1, 3 and 5).');
      expect(await env.text('dup.txt')).toBe('x = 9\ny = 2\nx = 9\nz = 3\nx = 9\n');
    },
  ],

  refusalCase(
    'text not found shows the most similar lines, numbered, and says to re-read',
    { 'src/total.js': CODE },
    () => [
      [
        {
          path: 'src/total.js',
          oldText: '  for (const item of items) {\n    sum += item.cost;\n  }',
          newText: 'x',
        },
        [
          'edit: oldText was not found in src/total.js. It must match the file exactly, including whitespace, indentation and line breaks.',
          'The most similar text is at lines 3-5 (line numbers are not part of the file):',
          '3 |   for (const item of items) {',
          '4 |     sum += item.price;',
          '5 |   }',
          'Re-read that part with read (offset=3) and copy oldText from it exactly.',
        ].join('\n'),
      ],
      [
        { path: 'src/total.js', oldText: 'nothing like this', newText: 'x' },
        'edit: oldText was not found in src/total.js. It must match the file exactly, including whitespace, indentation and line breaks. No line of src/total.js resembles the first line of oldText. Re-read the file with read and copy the text from it exactly.',
      ],
    ],
  ),

  refusalCase(
    'spaces sent for a tab-indented file get a specific hint',
    { 'tabs.go': 'func main() {\n\tx := 1\n\tfmt.Println(x)\n}\n' },
    () => [
      [
        { path: 'tabs.go', oldText: '    x := 1\n    fmt.Println(x)', newText: '\tx := 2' },
        [
          "edit: oldText was not found in tabs.go. It must match the file exactly, including whitespace, indentation and line breaks. tabs.go indents line 2 with tabs, but oldText uses spaces: copy the file's indentation exactly.",
          'The most similar text is at lines 2-3 (line numbers are not part of the file):',
          '2 | \tx := 1',
          '3 | \tfmt.Println(x)',
          'Re-read that part with read (offset=2) and copy oldText from it exactly.',
        ].join('\n'),
      ],
    ],
  ),

  refusalCase(
    'an edit that changes nothing, and an empty oldText, are refused',
    { 'a.txt': 'same\n', 'q.txt': 'say \u201Chi\u201D\n' },
    () => [
      [
        { path: 'a.txt', oldText: 'same', newText: 'same' },
        'edit: No changes made to a.txt: the new text is identical to the text it replaces. Send the change you want in newText.',
      ],
      // Fuzzy match with identical oldText and newText: still nothing to do, the smart quotes stay.
      [
        { path: 'q.txt', oldText: 'say "hi"', newText: 'say "hi"' },
        'edit: No changes made to q.txt: the new text is identical to the text it replaces. Send the change you want in newText.',
      ],
      [
        { path: 'a.txt', oldText: '', newText: 'new' },
        'edit: oldText is empty, so there is nothing to find in a.txt. To insert text, put a neighbouring line in oldText and that line plus your addition in newText; to create a file, use write.',
      ],
      [
        {
          path: 'a.txt',
          edits: [
            { oldText: 'same', newText: 'x' },
            { oldText: '', newText: 'y' },
          ],
        },
        'edit: edits[1].oldText is empty, so there is nothing to find in a.txt. To insert text, put a neighbouring line in oldText and that line plus your addition in newText; to create a file, use write.',
      ],
    ],
  ),

  refusalCase('the argument shapes: both forms, neither, a missing half', { 'a.txt': 'a\n' }, () => [
    [
      { path: 'a.txt', oldText: 'a', newText: 'b', edits: [{ oldText: 'a', newText: 'c' }] },
      'edit: Both oldText/newText and edits were sent for a.txt. Send one or the other; for several changes, put each one in edits as {oldText, newText}.',
    ],
    [
      { path: 'a.txt' },
      'edit: Nothing to change in a.txt: send oldText and newText (with replaceAll: true to change every occurrence), or edits: [{oldText, newText}, ...] for several changes.',
    ],
    [
      { path: 'a.txt', oldText: 'a' },
      'edit: newText is missing for a.txt. Send the text that replaces oldText (an empty string deletes it).',
    ],
    [
      { path: 'a.txt', newText: 'b' },
      'edit: oldText is missing for a.txt. Send the exact text to replace, together with newText.',
    ],
  ]),

  refusalCase(
    'binary and invalid UTF-8 files, directories and missing files are refused',
    {
      'nul.bin': new Uint8Array([0x61, 0, 0x62, 0x0a]),
      'latin1.txt': new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]),
      'src/x.ts': 'x',
    },
    (root) => [
      [
        { path: 'nul.bin', oldText: 'a', newText: 'b' },
        'edit: nul.bin is not a UTF-8 text file (4 bytes with NUL bytes or invalid UTF-8), so edit will not change it. Replace it whole with write, or use bash.',
      ],
      [
        { path: 'latin1.txt', oldText: 'caf', newText: 'tea' },
        'edit: latin1.txt is not a UTF-8 text file (5 bytes with NUL bytes or invalid UTF-8), so edit will not change it. Replace it whole with write, or use bash.',
      ],
      [
        { path: 'src', oldText: 'a', newText: 'b' },
        'edit: src is a directory, not a file. Give the path of a file to edit.',
      ],
      [
        { path: 'src/missing.ts', oldText: 'a', newText: 'b' },
        'edit: src/missing.ts does not exist. Check the path with ls or find; to create a new file, use write.',
      ],
      [
        { path: '../outside.txt', oldText: 'a', newText: 'b' },
        `edit: Path "../outside.txt" is outside the workspace (${root}). Use a path inside it, relative to the workspace root.`,
      ],
    ],
  ),
];

/**
 * What reaches the file: newText as given, aliased arguments, concurrent calls applied in call
 * order, and never a file outside the workspace.
 */
const WRITING_CASES: CaseTable = [
  [
    'newText is written exactly as given: no unescaping of \\n, \\t or \\title',
    async (setup) => {
      const { call, text } = await setup({ 'doc.tex': 'TITLE\n' });
      await call('edit', { path: 'doc.tex', oldText: 'TITLE', newText: '\\title{a\\nb}\\t\tend' });
      expect(await text('doc.tex')).toBe('\\title{a\\nb}\\t\tend\n');
    },
  ],

  [
    'aliases such as file_path, old_string, new_string and replace_all arrive mapped',
    async (setup) => {
      const { call, text } = await setup({ 'a.txt': 'x x\n' });
      const result = await call('edit', {
        file_path: 'a.txt',
        old_string: 'x',
        new_string: 'y',
        replace_all: true,
      });
      expect(result.output).toBe('Edited a.txt: 2 replacements (line 1).');
      expect(await text('a.txt')).toBe('y y\n');
    },
  ],

  [
    '10 concurrent edits to different regions of one file are all applied',
    async (setup) => {
      const lines = Array.from({ length: 10 }, (_, index) => `value${index} = ${index}`);
      const { call, text } = await setup({ 'conc.txt': `${lines.join('\n')}\n` });
      const results = await Promise.all(
        lines.map((line, index) =>
          call('edit', { path: 'conc.txt', oldText: line, newText: `value${index} = done` }),
        ),
      );
      expect(results.map((result) => result.is_error)).toEqual(Array(10).fill(false));
      expect(await text('conc.txt')).toBe(`${lines.map((_, index) => `value${index} = done`).join('\n')}\n`);
    },
  ],

  [
    'a write and an edit racing on one file run in call order; neither change is lost',
    async (setup) => {
      const { call, text } = await setup();
      const [write, edit] = await Promise.all([
        call('write', { path: 'race.txt', content: 'count = 1\nname = a\n' }),
        call('edit', { path: 'race.txt', oldText: 'count = 1', newText: 'count = 2' }),
      ]);
      expect([write.is_error, edit.is_error]).toEqual([false, false]);
      expect(await text('race.txt')).toBe('count = 2\nname = a\n');
      const [edit2, write2, edit3] = await Promise.all([
        call('edit', { path: 'race.txt', oldText: 'name = a', newText: 'name = b' }),
        call('write', { path: 'race.txt', content: 'count = 2\nname = b\nmore = 1\n' }),
        call('edit', { path: 'race.txt', oldText: 'more = 1', newText: 'more = 2' }),
      ]);
      expect([edit2.is_error, write2.is_error, edit3.is_error]).toEqual([false, false, false]);
      expect(write2.details.diff).toBe(
        '--- a/race.txt\n+++ b/race.txt\n@@ -1,2 +1,3 @@\n count = 2\n name = b\n+more = 1\n',
      );
      expect(await text('race.txt')).toBe('count = 2\nname = b\nmore = 2\n');
    },
  ],

  [
    'a symlink leading out of the workspace is refused and its target is untouched',
    async (setup) => {
      const env = await setup({ 'keep.txt': 'k' });
      expect(
        (
          await env.workspace.exec(
            'mkdir -p /outside && echo secret > /outside/s.txt && ln -s /outside/s.txt link',
          )
        ).exitCode,
      ).toBe(0);
      expect(await refused(env, { path: 'link', oldText: 'secret', newText: 'owned' })).toBe(
        `edit: Path "link" goes through the symlink "${env.workspace.root}/link", whose target (/outside/s.txt) is outside the workspace. Use a path inside the workspace.`,
      );
      expect((await env.workspace.exec('cat /outside/s.txt')).output).toBe('secret\n');
    },
  ],
];

export function defineEditCases(c: CaseRegistrar): void {
  registerCases(c, MATCHING_CASES, REFUSAL_CASES, WRITING_CASES);
}
