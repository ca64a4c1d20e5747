/**
 * grep, find and ls on every backend (the search rows of tests/faults/README.md): output modes, .gitignore, skipped names,
 * dotfiles, binary files, limits and their notices, clipping, symlinks that are listed but never
 * followed. Model-facing texts are asserted word for word.
 */
import { expect } from 'vitest';
import type { ToolResult } from '../../index.ts';
import type { CaseRegistrar, Files } from '../case-types.ts';
import { type CaseTable, registerCases } from './case-table.ts';

/** A small project: ignored, skipped, hidden and binary files around the matches. */
const PROJECT: Files = {
  'src/app.ts':
    'import { helper } from "./util";\nexport const answer = 42;\n// TODO: tidy\nconsole.log(answer);\n',
  'src/util.ts': 'export function helper() {\n  return "answer";\n}\n',
  'src/deep/nested/mod.py': 'def answer():\n    return 42\n',
  'src/.gitignore': 'generated.ts\n',
  'src/generated.ts': 'export const answer = 0;\n',
  'README.md': '# Demo\nThe answer is 42.\n',
  '.env': 'ANSWER=42\n',
  '.gitignore': 'dist/\n*.log\n!keep.log\n',
  'dist/bundle.js': 'const answer = 42;\n',
  'debug.log': 'answer 42\n',
  'keep.log': 'answer kept\n',
  'node_modules/pkg/index.js': 'module.exports = 42; // answer\n',
  '.git/HEAD': 'ref: refs/heads/answer\n',
  'assets/logo.bin': new Uint8Array([0x89, 0x00, 0x01, ...new TextEncoder().encode('answer')]),
};

const ANSWER_LINES = [
  'README.md:2: The answer is 42.',
  'keep.log:1: answer kept',
  'src/app.ts:2: export const answer = 42;',
  'src/app.ts:4: console.log(answer);',
  'src/deep/nested/mod.py:1: def answer():',
  'src/util.ts:2:   return "answer";',
];

const ALL_PATHS = [
  '.env',
  '.gitignore',
  'README.md',
  'assets/',
  'assets/logo.bin',
  'keep.log',
  'src/',
  'src/.gitignore',
  'src/app.ts',
  'src/deep/',
  'src/deep/nested/',
  'src/deep/nested/mod.py',
  'src/util.ts',
];

const ok = (result: ToolResult): string => {
  expect(result.is_error, result.output).toBe(false);
  return result.output;
};

const failed = (result: ToolResult): string => {
  expect(result.is_error, result.output).toBe(true);
  return result.output;
};

/** grep: its output and typed matches, ignore files, modes, filters, limits and errors. */
const GREP_CASES: CaseTable = [
  [
    'grep: matching lines as path:line: text, in path order, with typed matches',
    async (setup) => {
      const { call } = await setup(PROJECT);
      const result = await call('grep', { pattern: 'answer' });
      expect(ok(result)).toBe(ANSWER_LINES.join('\n'));
      expect(result.structured_output).toEqual({
        matches: [
          { path: 'README.md', line: 2, text: 'The answer is 42.' },
          { path: 'keep.log', line: 1, text: 'answer kept' },
          { path: 'src/app.ts', line: 2, text: 'export const answer = 42;' },
          { path: 'src/app.ts', line: 4, text: 'console.log(answer);' },
          { path: 'src/deep/nested/mod.py', line: 1, text: 'def answer():' },
          { path: 'src/util.ts', line: 2, text: '  return "answer";' },
        ],
        match_count: 6,
        truncated: false,
      });
    },
  ],

  [
    'grep: .gitignore (root, nested, negated) is respected; .git and node_modules are skipped; dotfiles are searched',
    async (setup) => {
      const { call } = await setup(PROJECT);
      const found = ok(await call('grep', { pattern: '42|answer', outputMode: 'files_with_matches' }));
      expect(found.split('\n')).toEqual([
        '.env',
        'README.md',
        'keep.log',
        'src/app.ts',
        'src/deep/nested/mod.py',
        'src/util.ts',
      ]);
      expect(ok(await call('grep', { pattern: 'answer', path: 'dist' }))).toBe(
        'dist/bundle.js:1: const answer = 42;',
      );
    },
  ],

  [
    'grep: ignoreCase, context with -- between groups, count and files modes',
    async (setup) => {
      const { call } = await setup(PROJECT);
      expect(ok(await call('grep', { pattern: 'ANSWER', ignoreCase: true })).split('\n')).toEqual([
        '.env:1: ANSWER=42',
        ...ANSWER_LINES,
      ]);
      expect(ok(await call('grep', { pattern: 'answer', path: 'src', context: 1 }))).toBe(
        [
          'src/app.ts-1- import { helper } from "./util";',
          'src/app.ts:2: export const answer = 42;',
          'src/app.ts-3- // TODO: tidy',
          'src/app.ts:4: console.log(answer);',
          '--',
          'src/deep/nested/mod.py:1: def answer():',
          'src/deep/nested/mod.py-2-     return 42',
          '--',
          'src/util.ts-1- export function helper() {',
          'src/util.ts:2:   return "answer";',
          'src/util.ts-3- }',
        ].join('\n'),
      );
      const counted = await call('grep', { pattern: 'answer', outputMode: 'count' });
      expect(ok(counted)).toBe(
        'README.md:1\nkeep.log:1\nsrc/app.ts:2\nsrc/deep/nested/mod.py:1\nsrc/util.ts:1',
      );
      expect(counted.structured_output).toEqual({
        counts: [
          { path: 'README.md', count: 1 },
          { path: 'keep.log', count: 1 },
          { path: 'src/app.ts', count: 2 },
          { path: 'src/deep/nested/mod.py', count: 1 },
          { path: 'src/util.ts', count: 1 },
        ],
        match_count: 6,
        truncated: false,
      });
      const files = await call('grep', { pattern: 'answer', outputMode: 'files_with_matches', path: 'src' });
      expect(files.structured_output).toEqual({
        files: ['src/app.ts', 'src/deep/nested/mod.py', 'src/util.ts'],
        file_count: 3,
        truncated: false,
      });
    },
  ],

  [
    'grep: glob filters by name (no /) or by path; a file path searches that file',
    async (setup) => {
      const { call } = await setup(PROJECT);
      expect(ok(await call('grep', { pattern: 'answer', glob: '*.py' }))).toBe(
        'src/deep/nested/mod.py:1: def answer():',
      );
      expect(
        ok(await call('grep', { pattern: 'answer', glob: 'src/**/*.ts', outputMode: 'files_with_matches' })),
      ).toBe('src/app.ts\nsrc/util.ts');
      expect(ok(await call('grep', { pattern: 'answer', path: 'src', glob: 'deep/**' }))).toBe(
        'src/deep/nested/mod.py:1: def answer():',
      );
      expect(ok(await call('grep', { pattern: 'TODO', path: 'src/app.ts' }))).toBe(
        'src/app.ts:3: // TODO: tidy',
      );
      expect(ok(await call('grep', { pattern: 'answer', glob: '*.rs' }))).toBe(
        'No matches for "answer" in the workspace (files matching "*.rs").',
      );
    },
  ],

  [
    'grep: literal treats metacharacters as text; an invalid regex says why and suggests literal',
    async (setup) => {
      const { call } = await setup({ 'code.txt': 'call(a.b)\ncallXa_b)\n' });
      expect(ok(await call('grep', { pattern: 'call(a.b', literal: true }))).toBe('code.txt:1: call(a.b)');
      expect(ok(await call('grep', { pattern: 'CALL(A.B', literal: true, ignoreCase: true }))).toBe(
        'code.txt:1: call(a.b)',
      );
      const invalid = await call('grep', { pattern: 'call(a.b' });
      expect(failed(invalid)).toBe(
        'grep: Invalid regular expression "call(a.b": missing closing ): `call(a.b`. Patterns use RE2 syntax (no lookaround, no backreferences); to search for the text as written, call grep again with literal: true.',
      );
      expect(invalid.structured_output.error).toMatchObject({ code: 'INVALID_PATTERN' });
    },
  ],

  [
    'grep: binary files are skipped in a directory and refused by name',
    async (setup) => {
      const { call } = await setup(PROJECT);
      expect(ok(await call('grep', { pattern: 'answer', path: 'assets' }))).toBe(
        'No matches for "answer" in assets.',
      );
      expect(failed(await call('grep', { pattern: 'answer', path: 'assets/logo.bin' }))).toBe(
        'grep: assets/logo.bin is a binary file, and grep searches text only. Use bash to inspect it.',
      );
    },
  ],

  [
    'grep: the limit notice says how many were shown and how to get more',
    async (setup) => {
      const { call } = await setup(PROJECT);
      const limited = await call('grep', { pattern: 'answer', limit: 2 });
      expect(ok(limited)).toBe(
        `${ANSWER_LINES.slice(0, 2).join('\n')}\n\n[2 matches shown; more exist. Use limit=4 for more, or narrow pattern, path or glob.]`,
      );
      expect(limited.structured_output).toMatchObject({ match_count: 2, truncated: true });
      expect(ok(await call('grep', { pattern: 'answer', limit: 6 }))).toBe(ANSWER_LINES.join('\n'));
      expect(ok(await call('grep', { pattern: 'answer', limit: 1, outputMode: 'files_with_matches' }))).toBe(
        'README.md\n\n[1 file shown; more exist. Use limit=2 for more, or narrow pattern, path or glob.]',
      );
    },
  ],

  [
    'grep: lines longer than 500 characters are clipped, with a notice',
    async (setup) => {
      const { call } = await setup({ 'wide.txt': `${'x'.repeat(600)} needle\nshort needle\n` });
      expect(ok(await call('grep', { pattern: 'needle' }))).toBe(
        `wide.txt:1: ${'x'.repeat(500)}... [truncated]\nwide.txt:2: short needle\n\n[Some lines were clipped at 500 characters; use read to see them whole.]`,
      );
    },
  ],

  [
    'grep: a catastrophic pattern over a 100 KB line finishes with the right answer',
    async (setup) => {
      const { call } = await setup({
        'nomatch.txt': `${'a'.repeat(100_000)}!\n`,
        'match.txt': `${'a'.repeat(100_000)}\n`,
      });
      expect(ok(await call('grep', { pattern: '(a+)+$', path: 'nomatch.txt' }))).toBe(
        'No matches for "(a+)+$" in nomatch.txt.',
      );
      const hit = await call('grep', { pattern: '(a+)+$', outputMode: 'files_with_matches' });
      expect(ok(hit)).toBe('match.txt');
    },
  ],

  [
    'grep: no matches, a missing path and a path outside the workspace',
    async (setup) => {
      const { call, workspace } = await setup(PROJECT);
      expect(ok(await call('grep', { pattern: 'zebra' }))).toBe('No matches for "zebra" in the workspace.');
      expect(ok(await call('grep', { pattern: 'zebra', path: 'src' }))).toBe(
        'No matches for "zebra" in src.',
      );
      expect(failed(await call('grep', { pattern: 'x', path: 'nope' }))).toBe(
        'grep: nope does not exist. Check the path with ls or find.',
      );
      expect(failed(await call('grep', { pattern: 'x', path: '../etc' }))).toBe(
        `grep: Path "../etc" is outside the workspace (${workspace.root}). Use a path inside it, relative to the workspace root.`,
      );
    },
  ],
];

/**
 * find, and the walk it shares with grep: patterns by name or by path, ignore files, limits and
 * errors; links are not followed.
 */
const FIND_CASES: CaseTable = [
  [
    'grep and find: symlinks are not followed, so a link loop cannot hang a walk',
    async (setup) => {
      const { call, workspace } = await setup({ 'dir/file.txt': 'needle\n' });
      expect((await workspace.exec('ln -s .. dir/up && ln -s file.txt dir/alias.txt')).exitCode).toBe(0);
      expect(ok(await call('grep', { pattern: 'needle' }))).toBe('dir/file.txt:1: needle');
      expect(ok(await call('find', { pattern: '*' })).split('\n')).toEqual([
        'dir/',
        'dir/alias.txt',
        'dir/file.txt',
        'dir/up',
      ]);
    },
  ],

  [
    'find: a pattern without / matches names at any depth; paths are sorted, directories end in /',
    async (setup) => {
      const { call } = await setup(PROJECT);
      const result = await call('find', { pattern: '*.ts' });
      expect(ok(result)).toBe('src/app.ts\nsrc/util.ts');
      expect(result.structured_output).toEqual({ paths: ['src/app.ts', 'src/util.ts'], truncated: false });
      expect(ok(await call('find', { pattern: '*' })).split('\n')).toEqual(ALL_PATHS);
      expect(ok(await call('find', { pattern: '.*' }))).toBe('.env\n.gitignore\nsrc/.gitignore');
      expect(ok(await call('find', { pattern: 'nested' }))).toBe('src/deep/nested/');
    },
  ],

  [
    'find: a pattern with / matches paths relative to the search directory; a trailing / means directories',
    async (setup) => {
      const { call } = await setup(PROJECT);
      expect(ok(await call('find', { pattern: 'src/**/*.py' }))).toBe('src/deep/nested/mod.py');
      expect(ok(await call('find', { pattern: '**/*.py', path: 'src/deep' }))).toBe('nested/mod.py');
      expect(ok(await call('find', { pattern: '*', path: 'src' })).split('\n')).toEqual([
        '.gitignore',
        'app.ts',
        'deep/',
        'deep/nested/',
        'deep/nested/mod.py',
        'util.ts',
      ]);
      expect(ok(await call('find', { pattern: 'deep/', path: 'src' }))).toBe('deep/');
      expect(ok(await call('find', { pattern: './src/*.ts' }))).toBe('src/app.ts\nsrc/util.ts');
    },
  ],

  [
    'find: .gitignore is respected and .git, node_modules are skipped',
    async (setup) => {
      const { call } = await setup(PROJECT);
      expect(ok(await call('find', { pattern: '*.log' }))).toBe('keep.log');
      expect(ok(await call('find', { pattern: '*.js' }))).toBe('No files match "*.js" in the workspace.');
      expect(ok(await call('find', { pattern: 'HEAD' }))).toBe('No files match "HEAD" in the workspace.');
      expect(ok(await call('find', { pattern: '*.js', path: 'dist' }))).toBe('bundle.js');
    },
  ],

  [
    'find: the limit notice, no results, and errors',
    async (setup) => {
      const { call } = await setup(PROJECT);
      const limited = await call('find', { pattern: '*', limit: 3 });
      expect(ok(limited)).toBe(
        '.env\n.gitignore\nREADME.md\n\n[3 results shown; more exist. Use limit=6 for more, or narrow the pattern or path.]',
      );
      expect(limited.structured_output).toEqual({
        paths: ['.env', '.gitignore', 'README.md'],
        truncated: true,
      });
      expect(ok(await call('find', { pattern: 'deep/*.py' }))).toBe(
        'No files match "deep/*.py" in the workspace. A pattern with / is matched against whole paths relative to the search directory; try "**/deep/*.py" to match at any depth.',
      );
      expect(ok(await call('find', { pattern: '*.rs', path: 'src' }))).toBe('No files match "*.rs" in src.');
      expect(failed(await call('find', { pattern: '*', path: 'src/app.ts' }))).toBe(
        'find: src/app.ts is a file, not a directory. Give find a directory to search in, or use read to see the file.',
      );
      expect(failed(await call('find', { pattern: '*', path: 'nope' }))).toBe(
        'find: nope does not exist. Check the path with ls or find.',
      );
    },
  ],
];

/** ls: order, limits, ignores, links and errors. */
const LS_CASES: CaseTable = [
  [
    'ls: sorted case-insensitively, directories end in /, dotfiles included, sizes in structured output',
    async (setup) => {
      const { call, workspace } = await setup({
        'b.txt': 'bb',
        'A.txt': 'a',
        'c/x': 'x',
        '.hidden': 'h',
        'Zeta.md': 'zzz',
        'alpha/y': 'y',
      });
      const result = await call('ls', {});
      expect(ok(result)).toBe('.hidden\nA.txt\nalpha/\nb.txt\nc/\nZeta.md');
      // A backend whose stat reads whole files (it offers statType) leaves sizes unknown and says so.
      const sizesKnown = workspace.statType === undefined;
      const size = (bytes: number): number | null => (sizesKnown ? bytes : null);
      expect(result.structured_output).toEqual({
        path: '.',
        entries: [
          { name: '.hidden', type: 'file', size: size(1) },
          { name: 'A.txt', type: 'file', size: size(1) },
          { name: 'alpha', type: 'directory', size: null },
          { name: 'b.txt', type: 'file', size: size(2) },
          { name: 'c', type: 'directory', size: null },
          { name: 'Zeta.md', type: 'file', size: size(3) },
        ],
        truncated: false,
        ...(sizesKnown ? {} : { sizes_unknown: true }),
      });
      expect(ok(await call('ls', { path: 'alpha' }))).toBe('y');
    },
  ],

  [
    'ls: limit, ignore, and an empty directory',
    async (setup) => {
      const { call, workspace } = await setup({ 'b.txt': 'b', 'A.txt': 'a', 'c/x': 'x', 'debug.log': 'l' });
      const limited = await call('ls', { limit: 2 });
      expect(ok(limited)).toBe('A.txt\nb.txt\n\n[2 of 4 entries shown. Use limit=4 to see them all.]');
      expect(limited.structured_output).toMatchObject({ truncated: true });
      expect(ok(await call('ls', { ignore: ['*.log', 'c'] }))).toBe('A.txt\nb.txt');
      expect(ok(await call('ls', { path: 'c', ignore: ['*'] }))).toBe(
        '(empty after ignore: 1 entry left out)',
      );
      await workspace.mkdir(`${workspace.root}/empty`);
      expect(ok(await call('ls', { path: 'empty' }))).toBe('(empty directory)');
    },
  ],

  [
    'ls: a file, a missing path and a path outside are errors that say what to do',
    async (setup) => {
      const { call, workspace } = await setup({ 'src/a.ts': 'x' });
      expect(failed(await call('ls', { path: 'src/a.ts' }))).toBe(
        'ls: src/a.ts is a file, not a directory. Use read to see it.',
      );
      expect(failed(await call('ls', { path: 'missing' }))).toBe(
        'ls: missing does not exist. Use ls on its parent directory, or find to search for it.',
      );
      expect(failed(await call('ls', { path: '/etc' }))).toBe(
        `ls: Path "/etc" is outside the workspace (${workspace.root}). Use a path inside it, relative to the workspace root.`,
      );
    },
  ],

  [
    'ls: a symlink shows its target when the backend can read links',
    async (setup) => {
      const { call, workspace } = await setup({ 'target.txt': 't' });
      expect((await workspace.exec('ln -s target.txt link')).exitCode).toBe(0);
      const lines = ok(await call('ls', {})).split('\n');
      if (workspace.readlink) expect(lines).toEqual(['link -> target.txt', 'target.txt']);
      else
        expect([
          ['link@', 'target.txt'],
          ['link', 'target.txt'],
        ]).toContainEqual(lines);
    },
  ],
];

export function defineGrepFindLsCases(c: CaseRegistrar): void {
  registerCases(c, GREP_CASES, FIND_CASES, LS_CASES);
}
