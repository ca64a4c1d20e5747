/**
 * The read and write tools on a backend, called the way a model calls them. Model-facing texts
 * (notices, errors) are asserted word for word; file contents are checked straight on the backend.
 */
import { expect } from 'vitest';
import { toBase64 } from '../base64.ts';
import type { CaseRegistrar } from '../case-types.ts';
import { type CaseTable, registerCases } from './case-table.ts';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);
const GIF = new TextEncoder().encode('GIF89a\u0001\u0000\u0001\u0000');
const WEBP = new TextEncoder().encode('RIFF\u0024\u0000\u0000\u0000WEBPVP8 ');

const numbered = (count: number, from = 1): string =>
  Array.from({ length: count }, (_, index) => `line ${from + index}`).join('\n');

/**
 * read: pages and byte budgets, what a cut keeps, the refusals (directories, binary files, paths
 * outside) and images, each text as the model reads it.
 */
const READ_CASES: CaseTable = [
  [
    'read: a small file comes back whole, with its typed fields',
    async (setup) => {
      const { call } = await setup({ 'notes/a.txt': 'one\ntwo\nthree\n' });
      const result = await call('read', { path: 'notes/a.txt' });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe('one\ntwo\nthree');
      expect(result.structured_output).toEqual({
        path: 'notes/a.txt',
        content: 'one\ntwo\nthree\n',
        start_line: 1,
        end_line: 3,
        total_lines: 3,
        truncated: false,
      });
      expect(result.details).toMatchObject({ line_count: 3, truncated: false });
    },
  ],

  [
    'read: pages of 2000 lines, with the range and the offset to continue from',
    async (setup) => {
      const { call } = await setup({ 'long.txt': `${numbered(2500)}\n` });
      const first = await call('read', { path: 'long.txt' });
      expect(first.output).toBe(
        `${numbered(2000)}\n\n[Lines 1-2000 of 2500 shown (2000-line limit). Use offset=2001 to continue.]`,
      );
      expect(first.structured_output).toMatchObject({ start_line: 1, end_line: 2000, truncated: true });
      expect(first.details).toMatchObject({ line_count: 2500, truncated_by: 'lines', next_offset: 2001 });
      const second = await call('read', { path: 'long.txt', offset: 2001 });
      expect(second.output).toBe(numbered(500, 2001));
      expect(second.structured_output).toMatchObject({ start_line: 2001, end_line: 2500, truncated: false });
    },
  ],

  [
    'read: the 50 KB budget cuts at a whole line and says so',
    async (setup) => {
      const line = (index: number): string => `${String(index).padStart(4, '0')}${'x'.repeat(96)}`;
      const lines = Array.from({ length: 1000 }, (_, index) => line(index + 1));
      const { call } = await setup({ 'wide.txt': lines.join('\n') });
      const result = await call('read', { path: 'wide.txt' });
      // 100 bytes for the first line, 101 for each next one: 506 lines fit in 51,200 bytes.
      expect(result.output).toBe(
        `${lines.slice(0, 506).join('\n')}\n\n[Lines 1-506 of 1000 shown (50.0KB limit). Use offset=507 to continue.]`,
      );
      expect(result.details).toMatchObject({ truncated_by: 'bytes', next_offset: 507 });
    },
  ],

  [
    'read: when limit stops early, the notice says how many lines remain',
    async (setup) => {
      const { call } = await setup({ 'ten.txt': `${numbered(10)}\n` });
      const some = await call('read', { path: 'ten.txt', offset: 3, limit: 2 });
      expect(some.output).toBe(
        'line 3\nline 4\n\n[Lines 3-4 of 10 shown (limit=2; 6 more lines). Use offset=5 to continue.]',
      );
      expect(some.structured_output).toMatchObject({ start_line: 3, end_line: 4, truncated: true });
      const one = await call('read', { path: 'ten.txt', offset: 9, limit: 1 });
      expect(one.output).toBe(
        'line 9\n\n[Line 9 of 10 shown (limit=1; 1 more line). Use offset=10 to continue.]',
      );
      const toEnd = await call('read', { path: 'ten.txt', offset: 9, limit: 2 });
      expect(toEnd.output).toBe('line 9\nline 10');
      expect(toEnd.structured_output).toMatchObject({ truncated: false, end_line: 10 });
    },
  ],

  [
    'read: one line over the byte budget is clipped, and the notice says how to get the rest',
    async (setup) => {
      const { call, workspace } = await setup({ 'min.js': `${'a'.repeat(60000)}\nnext\n` });
      const result = await call('read', { path: 'min.js' });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe(
        `${'a'.repeat(51200)}\n\n[Line 1 is 58.6KB, over the 50.0KB output limit, so only its first 51200 bytes are shown. Use offset=2 to continue after this line. To see the next part of line 1, run with bash: sed -n '1p' min.js | head -c 60000 | tail -c 8800]`,
      );
      expect(result.structured_output).toMatchObject({ start_line: 1, end_line: 1, truncated: true });
      expect(result.details).toMatchObject({ truncated_by: 'line_too_long', next_offset: 2 });
      const rest = await workspace.exec("sed -n '1p' min.js | head -c 60000 | tail -c 8800");
      expect(rest.output).toBe('a'.repeat(8800));
      const after = await call('read', { path: 'min.js', offset: 2 });
      expect(after.output).toBe('next');
    },
  ],

  [
    'read: a cut never splits a UTF-8 character',
    async (setup) => {
      // 3-byte characters: 51,200 is not a multiple of 3, so the cut must step back to 51,198.
      const { call } = await setup({ 'euro.txt': '€'.repeat(20000) });
      const result = await call('read', { path: 'euro.txt' });
      const shown = result.output.split('\n\n[')[0] ?? '';
      expect(shown).toBe('€'.repeat(17066));
      expect(result.output).not.toContain('\uFFFD');
      expect(result.output).toContain(
        "[Line 1 is 58.6KB, over the 50.0KB output limit, so only its first 51198 bytes are shown. To see the next part of line 1, run with bash: sed -n '1p' euro.txt | head -c 60000 | tail -c 8802]",
      );
    },
  ],

  [
    'read: offset past the end, a directory and a missing file are errors naming the path',
    async (setup) => {
      const { call } = await setup({ 'a.txt': 'one\ntwo\nthree\n', 'src/x.ts': 'x', 'empty.txt': '' });
      const past = await call('read', { path: 'a.txt', offset: 20 });
      expect(past.is_error).toBe(true);
      expect(past.output).toBe(
        'read: Offset 20 is beyond the end of a.txt (3 lines). Use an offset from 1 to 3.',
      );
      const emptyPast = await call('read', { path: 'empty.txt', offset: 2 });
      expect(emptyPast.output).toBe(
        'read: Offset 2 is beyond the end of empty.txt, which is empty. Leave offset out to read it.',
      );
      const directory = await call('read', { path: 'src' });
      expect(directory.is_error).toBe(true);
      expect(directory.output).toBe('read: src is a directory, not a file. Use ls to list it.');
      const missing = await call('read', { path: 'src/nope.ts' });
      expect(missing.is_error).toBe(true);
      expect(missing.output).toBe('read: src/nope.ts does not exist. Check the path with ls or find.');
      const empty = await call('read', { path: 'empty.txt' });
      expect(empty).toMatchObject({ is_error: false, output: '(empty file)' });
      expect(empty.structured_output).toMatchObject({ content: '', total_lines: 0, truncated: false });
    },
  ],

  [
    'read: binary files (NUL bytes or invalid UTF-8) are refused with their size',
    async (setup) => {
      const { call } = await setup({
        'blob.bin': new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2]),
        'latin1.txt': new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]),
      });
      const blob = await call('read', { path: 'blob.bin' });
      expect(blob.is_error).toBe(true);
      expect(blob.output).toBe(
        'read: blob.bin is a binary file (7 bytes; NUL bytes or invalid UTF-8), so its content is not shown. To inspect it, run with bash: od -c blob.bin | head -20',
      );
      const latin1 = await call('read', { path: 'latin1.txt' });
      expect(latin1.output).toBe(
        'read: latin1.txt is a binary file (5 bytes; NUL bytes or invalid UTF-8), so its content is not shown. To inspect it, run with bash: od -c latin1.txt | head -20',
      );
    },
  ],

  [
    'read: images are recognised by their bytes, not their name',
    async (setup) => {
      const { call } = await setup({
        'shot.txt': PNG,
        'photo.bin': JPEG,
        'anim.data': GIF,
        pic: WEBP,
        'fake.png': 'just text\n',
      });
      const png = await call('read', { path: 'shot.txt' });
      expect(png.is_error).toBe(false);
      expect(png.output).toBe(`Read image shot.txt (image/png, ${PNG.length} bytes).`);
      expect(png.structured_output).toEqual({
        path: 'shot.txt',
        mime_type: 'image/png',
        data_base64: toBase64(PNG),
        bytes: PNG.length,
      });
      for (const [path, mime] of [
        ['photo.bin', 'image/jpeg'],
        ['anim.data', 'image/gif'],
        ['pic', 'image/webp'],
      ] as const) {
        expect((await call('read', { path })).structured_output).toMatchObject({ mime_type: mime });
      }
      const text = await call('read', { path: 'fake.png' });
      expect(text).toMatchObject({ is_error: false, output: 'just text' });
    },
  ],

  [
    'read: a large image comes back as exact base64',
    async (setup) => {
      const bytes = new Uint8Array(100_003);
      bytes.set(PNG);
      for (let index = PNG.length; index < bytes.length; index += 1) bytes[index] = (index * 7) % 251;
      const { call } = await setup({ 'big.png': bytes });
      const result = await call('read', { path: 'big.png' });
      expect(result.structured_output.data_base64).toBe(toBase64(bytes));
    },
  ],

  [
    'read: what reaches the model is sanitized; structured content is exact',
    async (setup) => {
      const raw = `${'x'.repeat(9000)}\u0000tail\u001b[31mred\n`;
      const { call } = await setup({ 'late-nul.txt': raw, 'bom.txt': '\uFEFFfirst\r\nsecond\r\n' });
      const late = await call('read', { path: 'late-nul.txt' });
      expect(late.output).toBe(`${'x'.repeat(9000)}\\u{0}tail\\u{1b}[31mred`);
      expect(late.structured_output.content).toBe(raw);
      const bom = await call('read', { path: 'bom.txt' });
      expect(bom.output).toBe('first\nsecond');
      expect(bom.structured_output).toMatchObject({ content: 'first\r\nsecond\r\n', total_lines: 2 });
    },
  ],

  [
    'read: CRLF shows as LF to the model; consecutive pages concatenate to the file',
    async (setup) => {
      const file = 'a\r\nb\nc\r\n\r\nlast';
      const { call } = await setup({ 'mixed.txt': file });
      const whole = await call('read', { path: 'mixed.txt' });
      expect(whole.output).toBe('a\nb\nc\n\nlast');
      expect(whole.structured_output).toMatchObject({ content: file, total_lines: 5 });
      let joined = '';
      for (let offset = 1; offset <= 5; offset += 2) {
        const page = await call('read', { path: 'mixed.txt', offset, limit: 2 });
        joined += String(page.structured_output.content);
      }
      expect(joined).toBe(file);
    },
  ],

  [
    'read: the spill directory is readable; other paths outside the root are not',
    async (setup) => {
      const { call, workspace } = await setup();
      await workspace.mkdir(workspace.spillDir, { recursive: true });
      const spilled = `${workspace.spillDir}/bash-test.log`;
      await workspace.writeFile(spilled, 'full output\n');
      const result = await call('read', { path: spilled });
      expect(result).toMatchObject({ is_error: false, output: 'full output' });
      const outside = await call('read', { path: '../../etc/passwd' });
      expect(outside.is_error).toBe(true);
      expect(outside.output).toBe(
        `read: Path "../../etc/passwd" is outside the workspace (${workspace.root}). Use a path inside it, relative to the workspace root.`,
      );
    },
  ],

  [
    'read: aliases such as file_path arrive mapped',
    async (setup) => {
      const { call } = await setup({ 'a.txt': 'alpha\n' });
      expect((await call('read', { file_path: 'a.txt' })).output).toBe('alpha');
    },
  ],
];

/**
 * write: new files and overwrites with their patch, content kept byte for byte, and the refusals
 * that leave the workspace as it was.
 */
const WRITE_CASES: CaseTable = [
  [
    'write: creates the file and its parent directories, with an all-+ patch',
    async (setup) => {
      const { call, text } = await setup();
      const result = await call('write', { path: 'deep/new/dir/f.txt', content: 'hello\nworld\n' });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe('Wrote 12 bytes to deep/new/dir/f.txt (new file).');
      expect(result.structured_output).toEqual({
        path: 'deep/new/dir/f.txt',
        bytes_written: 12,
        created: true,
      });
      expect(result.details.diff).toBe(
        '--- /dev/null\n+++ b/deep/new/dir/f.txt\n@@ -0,0 +1,2 @@\n+hello\n+world\n',
      );
      expect(result.details.line_count).toBe(2);
      expect(await text('deep/new/dir/f.txt')).toBe('hello\nworld\n');
    },
  ],

  [
    'write: overwrites, with a unified patch against the previous content',
    async (setup) => {
      const { call, text } = await setup({ 'a.txt': 'one\ntwo\nthree\n' });
      const result = await call('write', { path: 'a.txt', content: 'one\n2\nthree\n' });
      expect(result.output).toBe('Wrote 12 bytes to a.txt (replaced 14 bytes).');
      expect(result.structured_output).toEqual({ path: 'a.txt', bytes_written: 12, created: false });
      expect(result.details.diff).toBe('--- a/a.txt\n+++ b/a.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+2\n three\n');
      expect(await text('a.txt')).toBe('one\n2\nthree\n');
      const same = await call('write', { path: 'a.txt', content: 'one\n2\nthree\n' });
      expect(same.output).toBe('Wrote 12 bytes to a.txt (content unchanged).');
    },
  ],

  [
    'write: content is written exactly as given, escapes and all',
    async (setup) => {
      const { call, bytes } = await setup();
      const content = 'literal \\n and \\t and \\title\r\nreal\ttab é 😀\u0000end';
      const result = await call('write', { path: 'exact.txt', content });
      const expected = new TextEncoder().encode(content);
      expect(result.structured_output.bytes_written).toBe(expected.length);
      expect([...(await bytes('exact.txt'))]).toEqual([...expected]);
    },
  ],

  [
    'write: replacing a binary file is allowed and the patch says binary',
    async (setup) => {
      const { call, text } = await setup({ 'blob.bin': new Uint8Array([0, 1, 2]) });
      const result = await call('write', { path: 'blob.bin', content: 'text\n' });
      expect(result.output).toBe('Wrote 5 bytes to blob.bin (replaced 3 bytes of binary data).');
      expect(result.details.diff).toBe('Binary file blob.bin (3 bytes) replaced with text (5 bytes)\n');
      expect(await text('blob.bin')).toBe('text\n');
    },
  ],

  [
    'write: a directory, a file used as a directory and an escape are errors; nothing changes',
    async (setup) => {
      const { call, snapshot, workspace } = await setup({ 'src/x.ts': 'x', 'a.txt': 'a' });
      const before = await snapshot();
      const directory = await call('write', { path: 'src', content: 'x' });
      expect(directory.is_error).toBe(true);
      expect(directory.output).toBe(
        'write: src is a directory, so it cannot be written as a file. Give the path of a file, for example src/<name>.',
      );
      const throughFile = await call('write', { path: 'a.txt/b.txt', content: 'x' });
      expect(throughFile.output).toBe(
        'write: A part of a.txt/b.txt is not a directory. Check the path with ls.',
      );
      const outside = await call('write', { path: '/etc/evil', content: 'x' });
      expect(outside.output).toBe(
        `write: Path "/etc/evil" is outside the workspace (${workspace.root}). Use a path inside it, relative to the workspace root.`,
      );
      expect(await snapshot()).toEqual(before);
    },
  ],

  [
    'write: a symlink leading out of the workspace is refused and nothing is created',
    async (setup) => {
      const { call, workspace, snapshot } = await setup({ 'keep.txt': 'k' });
      expect((await workspace.exec('mkdir -p /outside && ln -s /outside out')).exitCode).toBe(0);
      const before = await snapshot();
      const result = await call('write', { path: 'out/x.txt', content: 'x' });
      expect(result.is_error).toBe(true);
      expect(result.output).toBe(
        `write: Path "out/x.txt" goes through the symlink "${workspace.root}/out", whose target (/outside) is outside the workspace. Use a path inside the workspace.`,
      );
      expect(await snapshot()).toEqual(before);
      expect((await workspace.exec('ls -A /outside')).output).toBe('');
    },
  ],
];

export function defineReadWriteCases(c: CaseRegistrar): void {
  registerCases(c, READ_CASES, WRITE_CASES);
}
