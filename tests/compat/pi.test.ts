/**
 * The cases of pi's coding-agent tool tests (badlogic/pi-mono, packages/coding-agent/test/tools.test.ts
 * and path-utils.test.ts), run through `suite.execute` with pi's tool and parameter names, which are
 * ours: read, write, edit, bash, grep, find, ls with path, offset, limit, oldText, newText, command,
 * timeout, pattern, glob, context. pi's tools throw on failure; here a failure is an error result.
 * Each `it` names the peer test it ports; the deliberate differences are listed in README.md next to
 * this file.
 */
import { describe, expect, it } from 'vitest';
import { errorCode, peerWorkspace } from './support.ts';

const numbered = (count: number, line: (n: number) => string = (n) => `Line ${n}`): string =>
  Array.from({ length: count }, (_, index) => line(index + 1)).join('\n');
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP8/x8AAwMCAO+X2Z0AAAAASUVORK5CYII=';

describe('tools.test.ts: read tool', () => {
  it('should read file contents that fit within limits', async () => {
    const env = await peerWorkspace({ 'test.txt': 'Hello, world!\nLine 2\nLine 3' });
    const result = await env.call('read', { path: 'test.txt' });
    expect(result.output).toBe('Hello, world!\nLine 2\nLine 3');
    expect(result.details.truncated).toBe(false);
  });

  it('should handle non-existent files', async () => {
    const env = await peerWorkspace({});
    const result = await env.call('read', { path: 'nonexistent.txt' });
    expect(result.is_error).toBe(true);
    expect(result.output).toBe('read: nonexistent.txt does not exist. Check the path with ls or find.');
  });

  it('should truncate files exceeding line limit, and include truncation details', async () => {
    const env = await peerWorkspace({ 'large.txt': numbered(2500) });
    const result = await env.call('read', { path: 'large.txt' });
    expect(result.output).toContain('Line 2000\n');
    expect(result.output).not.toContain('Line 2001');
    expect(
      result.output.endsWith(
        '\n\n[Lines 1-2000 of 2500 shown (2000-line limit). Use offset=2001 to continue.]',
      ),
    ).toBe(true);
    expect(result.details).toMatchObject({
      truncated: true,
      truncated_by: 'lines',
      line_count: 2500,
      end_line: 2000,
    });
  });

  it('should truncate when byte limit exceeded', async () => {
    const env = await peerWorkspace({
      'large-bytes.txt': numbered(500, (n) => `Line ${n}: ${'x'.repeat(200)}`),
    });
    const result = await env.call('read', { path: 'large-bytes.txt' });
    expect(
      result.output.endsWith('\n\n[Lines 1-243 of 500 shown (50.0KB limit). Use offset=244 to continue.]'),
    ).toBe(true);
  });

  it('should handle offset parameter', async () => {
    const env = await peerWorkspace({ 'offset-test.txt': numbered(100) });
    const result = await env.call('read', { path: 'offset-test.txt', offset: 51 });
    expect(result.output).toBe(numbered(50, (n) => `Line ${n + 50}`));
  });

  it('should handle limit parameter', async () => {
    const env = await peerWorkspace({ 'limit-test.txt': numbered(100) });
    const result = await env.call('read', { path: 'limit-test.txt', limit: 10 });
    expect(result.output).toBe(
      `${numbered(10)}\n\n[Lines 1-10 of 100 shown (limit=10; 90 more lines). Use offset=11 to continue.]`,
    );
  });

  it('should handle offset + limit together', async () => {
    const env = await peerWorkspace({ 'offset-limit-test.txt': numbered(100) });
    const result = await env.call('read', { path: 'offset-limit-test.txt', offset: 41, limit: 20 });
    expect(result.output).toBe(
      `${numbered(20, (n) => `Line ${n + 40}`)}\n\n[Lines 41-60 of 100 shown (limit=20; 40 more lines). Use offset=61 to continue.]`,
    );
  });

  it('should show error when offset is beyond file length', async () => {
    const env = await peerWorkspace({ 'short.txt': 'Line 1\nLine 2\nLine 3' });
    const result = await env.call('read', { path: 'short.txt', offset: 100 });
    expect(result.is_error).toBe(true);
    expect(result.output).toBe(
      'read: Offset 100 is beyond the end of short.txt (3 lines). Use an offset from 1 to 3.',
    );
  });

  it('should detect image MIME type from file magic (not extension)', async () => {
    const bytes = Uint8Array.from(atob(PNG_1X1), (char) => char.charCodeAt(0));
    const env = await peerWorkspace({});
    await env.workspace.writeFile(`${env.workspace.root}/image.txt`, bytes);
    const result = await env.call('read', { path: 'image.txt' });
    expect(result.output).toBe(`Read image image.txt (image/png, ${bytes.length} bytes).`);
    expect(result.structured_output).toMatchObject({ mime_type: 'image/png', data_base64: PNG_1X1 });
  });

  it('should treat files with image extension but non-image content as text', async () => {
    const env = await peerWorkspace({ 'not-an-image.png': 'definitely not a png' });
    const result = await env.call('read', { path: 'not-an-image.png' });
    expect(result.output).toBe('definitely not a png');
    expect(result.structured_output.mime_type).toBeUndefined();
  });
});

describe('tools.test.ts: write tool', () => {
  it('should write file contents', async () => {
    const env = await peerWorkspace({});
    const result = await env.call('write', { path: 'write-test.txt', content: 'Test content' });
    expect(result.output).toBe('Wrote 12 bytes to write-test.txt (new file).');
    expect(await env.file('write-test.txt')).toBe('Test content');
  });

  it('should create parent directories', async () => {
    const env = await peerWorkspace({});
    const result = await env.call('write', { path: 'nested/dir/test.txt', content: 'Nested content' });
    expect(result.is_error).toBe(false);
    expect(await env.file('nested/dir/test.txt')).toBe('Nested content');
  });
});

describe('tools.test.ts: edit tool', () => {
  it('should replace text in file', async () => {
    const env = await peerWorkspace({ 'edit-test.txt': 'Hello, world!' });
    const result = await env.call('edit', { path: 'edit-test.txt', oldText: 'world', newText: 'testing' });
    expect(result.output).toBe('Edited edit-test.txt: 1 replacement (line 1).');
    expect(result.details.diff).toContain('+Hello, testing!');
  });

  it('should fail if text not found', async () => {
    const env = await peerWorkspace({ 'edit-test.txt': 'Hello, world!' });
    const result = await env.call('edit', {
      path: 'edit-test.txt',
      oldText: 'nonexistent',
      newText: 'testing',
    });
    expect(result.output).toBe(
      'edit: oldText was not found in edit-test.txt. It must match the file exactly, including whitespace, indentation and line breaks. No line of edit-test.txt resembles the first line of oldText. Re-read the file with read and copy the text from it exactly.',
    );
  });

  it('should fail if text appears multiple times', async () => {
    const env = await peerWorkspace({ 'edit-test.txt': 'foo foo foo' });
    const result = await env.call('edit', { path: 'edit-test.txt', oldText: 'foo', newText: 'bar' });
    expect(result.output).toBe(
      'edit: oldText matches 3 places in edit-test.txt (line 1). Add surrounding lines to it so it matches exactly one place, or set replaceAll: true to replace every one.',
    );
  });

  it('a first line that differs still finds the region its next lines match', async () => {
    const env = await peerWorkspace({
      'cart.js': 'const a = 1;\nfunction total(items) {\n  let sum = 0;\n  return sum;\n}\n',
    });
    const result = await env.call('edit', {
      path: 'cart.js',
      oldText: '// Sums the prices.\nfunction total(items) {\n  let sum = 0;',
      newText: 'x',
    });
    expect(result.output).toBe(
      [
        'edit: oldText was not found in cart.js. It must match the file exactly, including whitespace, indentation and line breaks.',
        'The most similar text is at lines 1-3 (line numbers are not part of the file):',
        '1 | const a = 1;',
        '2 | function total(items) {',
        '3 |   let sum = 0;',
        'Re-read that part with read (offset=1) and copy oldText from it exactly.',
      ].join('\n'),
    );
  });
});

describe('tools.test.ts: bash tool', () => {
  it('should execute simple commands', async () => {
    const env = await peerWorkspace({});
    expect((await env.call('bash', { command: "echo 'test output'" })).output).toBe('test output');
  });

  it('should handle command errors', async () => {
    const env = await peerWorkspace({});
    const result = await env.call('bash', { command: 'exit 1' });
    expect(result.is_error).toBe(true);
    expect(result.output).toBe('bash: Command exited with code 1.');
  });

  it('should respect timeout (in seconds, as pi counts it)', async () => {
    const env = await peerWorkspace({});
    const result = await env.call('bash', { command: 'sleep 5', timeout: 1 });
    expect(result.is_error).toBe(true);
    expect(errorCode(result)).toBe('COMMAND_TIMED_OUT');
    expect(result.output).toContain('bash: Command timed out after 1 second and was stopped.');
  });

  it('should throw error when cwd does not exist', async () => {
    const env = await peerWorkspace({});
    const result = await env.call('bash', { command: 'echo test', cwd: 'this/does/not/exist' });
    expect(result.output).toBe(
      'bash: The working directory this/does/not/exist does not exist. Give an existing directory as cwd, or leave cwd out to run in the workspace root.',
    );
  });
});

describe('tools.test.ts: grep tool', () => {
  it('should include filename when searching a single file', async () => {
    const env = await peerWorkspace({ 'example.txt': 'first line\nmatch line\nlast line' });
    expect((await env.call('grep', { pattern: 'match', path: 'example.txt' })).output).toBe(
      'example.txt:2: match line',
    );
  });

  it('should respect global limit and include context lines', async () => {
    const env = await peerWorkspace({
      'context.txt': ['before', 'match one', 'after', 'middle', 'match two', 'after two'].join('\n'),
    });
    const result = await env.call('grep', { pattern: 'match', path: 'context.txt', limit: 1, context: 1 });
    expect(result.output).toBe(
      'context.txt-1- before\ncontext.txt:2: match one\ncontext.txt-3- after\n\n[1 match shown; more exist. Use limit=2 for more, or narrow pattern, path or glob.]',
    );
  });
});

describe('tools.test.ts: find tool', () => {
  it('should include hidden files that are not gitignored', async () => {
    const env = await peerWorkspace({ '.secret/hidden.txt': 'hidden', 'visible.txt': 'visible' });
    expect((await env.call('find', { pattern: '**/*.txt' })).structured_output.paths).toEqual([
      '.secret/hidden.txt',
      'visible.txt',
    ]);
  });

  it('should respect .gitignore', async () => {
    const env = await peerWorkspace({
      '.gitignore': 'ignored.txt\n',
      'ignored.txt': 'ignored',
      'kept.txt': 'kept',
    });
    expect((await env.call('find', { pattern: '**/*.txt' })).output).toBe('kept.txt');
  });
});

describe('tools.test.ts: ls tool', () => {
  it('should list dotfiles and directories', async () => {
    const env = await peerWorkspace({ '.hidden-file': 'secret', '.hidden-dir/x': 'x' });
    expect((await env.call('ls', {})).output).toBe('.hidden-dir/\n.hidden-file');
  });
});

describe('tools.test.ts: edit tool fuzzy matching', () => {
  const cases: [string, string, string, string, string][] = [
    [
      'should match text with trailing whitespace stripped',
      'line one   \nline two  \nline three\n',
      'line one\nline two\n',
      'replaced\n',
      'replaced\nline three\n',
    ],
    [
      'should match fullwidth punctuation in Chinese text',
      '你好，世界\n你好（世界）\n',
      '你好,世界\n你好(世界)\n',
      '你好，pi\n你好(pi)\n',
      '你好，pi\n你好(pi)\n',
    ],
    [
      'should match compatibility-equivalent Unicode forms',
      'ＡＢＣ１２３\ncafe\u0301\n',
      'ABC123\ncafé\n',
      'XYZ789\ncoffee\n',
      'XYZ789\ncoffee\n',
    ],
    [
      'should match smart single quotes to ASCII quotes',
      'console.log(\u2018hello\u2019);\n',
      "console.log('hello');",
      "console.log('world');",
      "console.log('world');\n",
    ],
    [
      'should match smart double quotes to ASCII quotes',
      'const msg = \u201CHello World\u201D;\n',
      'const msg = "Hello World";',
      'const msg = "Goodbye";',
      'const msg = "Goodbye";\n',
    ],
    [
      'should match Unicode dashes to ASCII hyphen',
      'range: 1\u20135\nbreak\u2014here\n',
      'range: 1-5\nbreak-here',
      'range: 10-50\nbreak--here',
      'range: 10-50\nbreak--here\n',
    ],
    [
      'should match non-breaking space to regular space',
      'hello\u00A0world\n',
      'hello world',
      'hello universe',
      'hello universe\n',
    ],
    [
      'should prefer exact match over fuzzy match',
      "const x = 'exact';\nconst y = 'other';\n",
      "const x = 'exact';",
      "const x = 'changed';",
      "const x = 'changed';\nconst y = 'other';\n",
    ],
  ];
  for (const [name, file, oldText, newText, expected] of cases) {
    it(name, async () => {
      const env = await peerWorkspace({ 'f.txt': file });
      const result = await env.call('edit', { path: 'f.txt', oldText, newText });
      expect(result.is_error, result.output).toBe(false);
      expect(await env.file('f.txt')).toBe(expected);
    });
  }

  it('should still fail when text is not found even with fuzzy matching', async () => {
    const env = await peerWorkspace({ 'no-match.txt': 'completely different content\n' });
    const result = await env.call('edit', {
      path: 'no-match.txt',
      oldText: 'this does not exist',
      newText: 'replacement',
    });
    expect(errorCode(result)).toBe('EDIT_NOT_FOUND');
  });

  it('should detect duplicates after fuzzy normalization', async () => {
    const env = await peerWorkspace({ 'fuzzy-dups.txt': 'hello world   \nhello world\n' });
    const result = await env.call('edit', {
      path: 'fuzzy-dups.txt',
      oldText: 'hello world',
      newText: 'replaced',
    });
    expect(result.output).toBe(
      'edit: oldText matches 2 places in fuzzy-dups.txt (lines 1 and 2). Add surrounding lines to it so it matches exactly one place, or set replaceAll: true to replace every one.',
    );
  });
});

describe('tools.test.ts: edit tool CRLF handling', () => {
  it('should match LF oldText against CRLF file content, and preserve CRLF line endings', async () => {
    const env = await peerWorkspace({ 'crlf.txt': 'first\r\nsecond\r\nthird\r\n' });
    expect(
      (await env.call('edit', { path: 'crlf.txt', oldText: 'second\n', newText: 'REPLACED\n' })).is_error,
    ).toBe(false);
    expect(await env.file('crlf.txt')).toBe('first\r\nREPLACED\r\nthird\r\n');
  });

  it('should preserve LF line endings for LF files', async () => {
    const env = await peerWorkspace({ 'lf.txt': 'first\nsecond\nthird\n' });
    await env.call('edit', { path: 'lf.txt', oldText: 'second\n', newText: 'REPLACED\n' });
    expect(await env.file('lf.txt')).toBe('first\nREPLACED\nthird\n');
  });

  it('should detect duplicates across CRLF/LF variants', async () => {
    const env = await peerWorkspace({ 'mixed.txt': 'hello\r\nworld\r\n---\r\nhello\nworld\n' });
    const result = await env.call('edit', {
      path: 'mixed.txt',
      oldText: 'hello\nworld\n',
      newText: 'replaced\n',
    });
    expect(errorCode(result)).toBe('EDIT_NOT_UNIQUE');
  });

  it('should preserve UTF-8 BOM after edit', async () => {
    const env = await peerWorkspace({ 'bom.txt': '\uFEFFfirst\r\nsecond\r\nthird\r\n' });
    await env.call('edit', { path: 'bom.txt', oldText: 'second\n', newText: 'REPLACED\n' });
    expect(await env.file('bom.txt')).toBe('\uFEFFfirst\r\nREPLACED\r\nthird\r\n');
  });
});

describe('path-utils.test.ts', () => {
  it('expandPath: ~ and ~/ are the workspace root', async () => {
    const env = await peerWorkspace({ 'Documents/file.txt': 'doc' });
    expect((await env.call('read', { path: '~/Documents/file.txt' })).output).toBe('doc');
    expect((await env.call('ls', { path: '~' })).output).toBe('Documents/');
  });

  it('resolveToCwd: absolute paths (inside the workspace) as they are, relative ones against the root', async () => {
    const env = await peerWorkspace({ 'relative/file.txt': 'r' });
    expect((await env.call('read', { path: `${env.workspace.root}/relative/file.txt` })).output).toBe('r');
    expect((await env.call('read', { path: 'relative/file.txt' })).output).toBe('r');
    expect((await env.call('read', { path: '@relative/file.txt' })).output).toBe('r');
  });

  it('resolveReadPath: an existing file path', async () => {
    const env = await peerWorkspace({ 'test-file.txt': 'content' });
    expect((await env.call('read', { path: 'test-file.txt' })).output).toBe('content');
  });

  it('expandPath Unicode spaces and resolveReadPath name variants (difference: the exact name is opened)', async () => {
    const env = await peerWorkspace({ 'file name.txt': 'x', 'Capture d\u2019cran.txt': 'y' });
    for (const path of ['file\u00A0name.txt', "Capture d'cran.txt"]) {
      const result = await env.call('read', { path });
      expect(result.output).toBe(`read: ${path} does not exist. Check the path with ls or find.`);
    }
  });
});
