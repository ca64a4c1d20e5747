/**
 * The cases of the MCP reference filesystem server's tests (modelcontextprotocol/servers,
 * src/filesystem/__tests__/), run through `suite.execute` under the server's tool names and
 * parameters. Each `describe` names the peer test file and each `it` the peer test it ports; cases of
 * the server's internals (Windows path conversion, allowed-roots configuration, its own mocks) have no
 * tool surface here and are listed as such in README.md next to this file, with every deliberate
 * difference.
 */
import { describe, expect, it } from 'vitest';
import { errorCode, peerWorkspace } from './support.ts';

const THREE_LINES = 'line1\nline2\nline3\n';

describe('lib.test.ts: applyFileEdits (edit_file)', () => {
  it('applies simple text replacement', async () => {
    const env = await peerWorkspace({ 'test/file.txt': THREE_LINES });
    const result = await env.call('edit_file', {
      path: 'test/file.txt',
      edits: [{ oldText: 'line2', newText: 'modified line2' }],
    });
    expect(result.is_error).toBe(false);
    expect(result.output).toBe('Edited test/file.txt: 1 replacement (line 2).');
    expect(result.details.diff).toContain('+modified line2');
    expect(await env.file('test/file.txt')).toBe('line1\nmodified line2\nline3\n');
  });

  it('treats dollar signs in replacement text literally', async () => {
    const env = await peerWorkspace({ 'test/file.txt': THREE_LINES });
    const newText = "price=$$; match=$&; before=$`; after=$'";
    await env.call('edit_file', { path: 'test/file.txt', edits: [{ oldText: 'line2', newText }] });
    expect(await env.file('test/file.txt')).toBe(`line1\n${newText}\nline3\n`);
  });

  it('handles dry run mode: the diff is shown and nothing is written', async () => {
    const env = await peerWorkspace({ 'test/file.txt': THREE_LINES });
    const result = await env.call('edit_file', {
      path: 'test/file.txt',
      edits: [{ oldText: 'line2', newText: 'modified line2' }],
      dryRun: true,
    });
    expect(result.is_error).toBe(false);
    expect(result.output).toBe(
      [
        'Dry run: test/file.txt was not changed. The edit would make 1 replacement (line 2):',
        '--- a/test/file.txt',
        '+++ b/test/file.txt',
        '@@ -1,3 +1,3 @@',
        ' line1',
        '-line2',
        '+modified line2',
        ' line3',
        '',
      ].join('\n'),
    );
    expect(result.structured_output).toEqual({
      path: 'test/file.txt',
      replacements: 1,
      first_changed_line: 2,
      dry_run: true,
    });
    expect(await env.file('test/file.txt')).toBe(THREE_LINES);
  });

  it('applies multiple edits sequentially', async () => {
    const env = await peerWorkspace({ 'test/file.txt': THREE_LINES });
    await env.call('edit_file', {
      path: 'test/file.txt',
      edits: [
        { oldText: 'line1', newText: 'first line' },
        { oldText: 'line3', newText: 'third line' },
      ],
    });
    expect(await env.file('test/file.txt')).toBe('first line\nline2\nthird line\n');
  });

  it('applies multiple edits sequentially: a later edit may match what an earlier one wrote', async () => {
    const env = await peerWorkspace({ 'test/file.txt': THREE_LINES });
    const result = await env.call('edit_file', {
      path: 'test/file.txt',
      edits: [
        { oldText: 'line2', newText: 'second line' },
        { oldText: 'second line\nline3', newText: 'second and third' },
      ],
    });
    expect(result.output).toBe(
      'Edited test/file.txt: 2 replacements (line 2). Some oldText matched only the text that the edits before it produced, so the edits were made one after another, in order.',
    );
    expect(await env.file('test/file.txt')).toBe('line1\nsecond and third\n');
  });

  it('handles whitespace-flexible matching (the indentation of the file is kept)', async () => {
    const env = await peerWorkspace({ 'test/file.txt': '  line1\n    line2\n  line3\n' });
    await env.call('edit_file', {
      path: 'test/file.txt',
      edits: [{ oldText: 'line2', newText: 'modified line2' }],
    });
    expect(await env.file('test/file.txt')).toBe('  line1\n    modified line2\n  line3\n');
  });

  it('throws error for non-matching edits, and the file is left as it was', async () => {
    const env = await peerWorkspace({ 'test/file.txt': THREE_LINES });
    const result = await env.call('edit_file', {
      path: 'test/file.txt',
      edits: [{ oldText: 'nonexistent line', newText: 'replacement' }],
    });
    expect(result.is_error).toBe(true);
    expect(errorCode(result)).toBe('EDIT_NOT_FOUND');
    expect(await env.file('test/file.txt')).toBe(THREE_LINES);
  });

  it('handles complex multi-line edits with indentation', async () => {
    const env = await peerWorkspace({
      'test/file.js': 'function test() {\n  console.log("hello");\n  return true;\n}',
    });
    await env.call('edit_file', {
      path: 'test/file.js',
      edits: [
        {
          oldText: '  console.log("hello");\n  return true;',
          newText: '  console.log("world");\n  console.log("test");\n  return false;',
        },
      ],
    });
    expect(await env.file('test/file.js')).toBe(
      'function test() {\n  console.log("world");\n  console.log("test");\n  return false;\n}',
    );
  });

  it('handles edits with different indentation patterns', async () => {
    const env = await peerWorkspace({
      'test/file.js': '    if (condition) {\n        doSomething();\n    }',
    });
    await env.call('edit_file', {
      path: 'test/file.js',
      edits: [{ oldText: 'doSomething();', newText: 'doSomethingElse();\n        doAnotherThing();' }],
    });
    expect(await env.file('test/file.js')).toBe(
      '    if (condition) {\n        doSomethingElse();\n        doAnotherThing();\n    }',
    );
  });

  it('handles CRLF line endings in file content (difference: CRLF is kept, not turned into LF)', async () => {
    const env = await peerWorkspace({ 'test/file.txt': 'line1\r\nline2\r\nline3\r\n' });
    await env.call('edit_file', {
      path: 'test/file.txt',
      edits: [{ oldText: 'line2', newText: 'modified line2' }],
    });
    expect(await env.file('test/file.txt')).toBe('line1\r\nmodified line2\r\nline3\r\n');
  });
});

describe('lib.test.ts: headFile and tailFile (read_text_file, read_file)', () => {
  const FIVE = 'line1\nline2\nline3\nline4\nline5\n';

  for (const tool of ['read_text_file', 'read_file']) {
    it(`${tool}: head returns the first lines`, async () => {
      const env = await peerWorkspace({ 'test/file.txt': FIVE });
      const result = await env.call(tool, { path: 'test/file.txt', head: 2 });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe(
        'line1\nline2\n\n[Lines 1-2 of 5 shown (limit=2; 3 more lines). Use offset=3 to continue.]',
      );
    });

    it(`${tool}: tail returns the last lines`, async () => {
      const env = await peerWorkspace({ 'test/file.txt': FIVE });
      const result = await env.call(tool, { path: 'test/file.txt', tail: 2 });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe('line4\nline5');
      const all = await env.call(tool, { path: 'test/file.txt', tail: 50 });
      expect(all.output).toBe('line1\nline2\nline3\nline4\nline5');
    });
  }

  it('handles empty files', async () => {
    const env = await peerWorkspace({ 'test/empty.txt': '' });
    expect((await env.call('read_text_file', { path: 'test/empty.txt', tail: 5 })).output).toBe(
      '(empty file)',
    );
  });

  it('handles files with leftover content (no final newline)', async () => {
    const env = await peerWorkspace({ 'test/file.txt': 'line1\nline2\nend' });
    expect((await env.call('read_text_file', { path: 'test/file.txt', head: 5 })).output).toBe(
      'line1\nline2\nend',
    );
    expect((await env.call('read_text_file', { path: 'test/file.txt', tail: 1 })).output).toBe('end');
  });

  it('head and tail together are refused, as the server refuses them', async () => {
    const env = await peerWorkspace({ 'test/file.txt': FIVE });
    const result = await env.call('read_text_file', { path: 'test/file.txt', head: 1, tail: 1 });
    expect(result.is_error).toBe(true);
    expect(result.output).toBe('Send head or tail, not both: head reads the first N lines, tail the last N.');
  });
});

describe('lib.test.ts: readFileContent, writeFileContent, read_multiple_files', () => {
  it('reads file with default encoding', async () => {
    const env = await peerWorkspace({ 'test/file.txt': 'file content' });
    expect((await env.call('read_text_file', { path: 'test/file.txt' })).output).toBe('file content');
  });

  it('writes file content, over an existing file too (write_file overwrites)', async () => {
    const env = await peerWorkspace({ 'test/file.txt': 'old' });
    const created = await env.call('write_file', { path: 'test/new.txt', content: 'new content' });
    expect(created.output).toBe('Wrote 11 bytes to test/new.txt (new file).');
    const replaced = await env.call('write_file', { path: 'test/file.txt', content: 'new content' });
    expect(replaced.output).toBe('Wrote 11 bytes to test/file.txt (replaced 3 bytes).');
    expect(await env.file('test/file.txt')).toBe('new content');
  });

  it('read_multiple_files reads each file; one that fails does not stop the others', async () => {
    const env = await peerWorkspace({ 'a.txt': 'alpha', 'b.txt': 'beta' });
    const ok = await env.call('read_multiple_files', { paths: ['a.txt', 'b.txt'] });
    expect(ok.is_error).toBe(false);
    expect(ok.output).toBe('a.txt:\nalpha\n---\nb.txt:\nbeta');
    const partial = await env.call('read_multiple_files', { paths: ['a.txt', 'missing.txt'] });
    expect(partial.is_error).toBe(true);
    expect(errorCode(partial)).toBe('READ_FAILED');
    expect(partial.output).toBe(
      'a.txt:\nalpha\n---\nmissing.txt:\nread: missing.txt does not exist. Check the path with ls or find.',
    );
    const none = await env.call('read_multiple_files', { paths: [] });
    expect(none.output).toBe('read_multiple_files needs paths: a list of file paths, at least one.');
  });
});

describe('lib.test.ts: searchFilesWithValidation (search_files)', () => {
  it('excludes files matching exclude patterns', async () => {
    const env = await peerWorkspace({
      'dir/test.txt': 't',
      'dir/test.log': 'l',
      'dir/node_modules/test.js': 'm',
    });
    const result = await env.call('search_files', {
      path: 'dir',
      pattern: '*test*',
      excludePatterns: ['*.log', 'node_modules'],
    });
    expect(result.is_error).toBe(false);
    expect(result.output).toBe('test.txt');
  });

  it('handles complex exclude patterns with wildcards', async () => {
    const env = await peerWorkspace({
      'dir/test.txt': 't',
      'dir/test.backup': 'b',
      'dir/important_test.js': 'j',
    });
    const result = await env.call('search_files', {
      path: 'dir',
      pattern: '*test*',
      excludePatterns: ['*.backup'],
    });
    expect(result.structured_output.paths).toEqual(['important_test.js', 'test.txt']);
  });

  it('an excluded directory is not searched, and nothing matching is "No files match"', async () => {
    const env = await peerWorkspace({ 'src/a.ts': 'a', 'dist/a.ts': 'a' });
    const kept = await env.call('search_files', { path: '.', pattern: '*.ts', excludePatterns: ['dist'] });
    expect(kept.output).toBe('src/a.ts');
    const none = await env.call('search_files', { path: '.', pattern: '*.py' });
    expect(none.output).toBe('No files match "*.py" in the workspace.');
  });
});

describe('directory-tree.test.ts: buildTree exclude patterns (directory_tree)', () => {
  const TREE = {
    '.env': 'SECRET=value',
    '.env.local': 'LOCAL_SECRET=value',
    'src/index.js': 'console.log("hello");',
    'package.json': '{}',
    'node_modules/module.js': 'module.exports = {};',
    'nested/node_modules/deep.js': 'module.exports = {};',
    'nested/keep.js': 'x',
    '.git/HEAD': 'ref',
  };
  async function tree(excludePatterns: string[]): Promise<string[]> {
    const env = await peerWorkspace(TREE);
    const result = await env.call('directory_tree', { path: '.', excludePatterns });
    expect(result.is_error).toBe(false);
    return result.structured_output.paths as string[];
  }

  it('should exclude files matching simple patterns', async () => {
    expect(await tree(['.env'])).toEqual([
      '.env.local',
      'nested/',
      'nested/keep.js',
      'package.json',
      'src/',
      'src/index.js',
    ]);
  });

  it('should exclude directories matching simple patterns, nested ones too', async () => {
    expect(await tree(['src'])).toEqual(['.env', '.env.local', 'nested/', 'nested/keep.js', 'package.json']);
  });

  it('should handle glob patterns correctly', async () => {
    expect(await tree(['*.env'])).toEqual([
      '.env.local',
      'nested/',
      'nested/keep.js',
      'package.json',
      'src/',
      'src/index.js',
    ]);
  });

  it('should work with multiple exclude patterns', async () => {
    expect(await tree(['nested', '.env', '*.json'])).toEqual(['.env.local', 'src/', 'src/index.js']);
  });

  it('should handle empty exclude patterns (difference: .git and node_modules are always left out)', async () => {
    expect(await tree([])).toEqual([
      '.env',
      '.env.local',
      'nested/',
      'nested/keep.js',
      'package.json',
      'src/',
      'src/index.js',
    ]);
  });
});

describe('structured-content.test.ts: results carry typed data', () => {
  it('list_directory lists names, directories marked', async () => {
    const env = await peerWorkspace({ 'test.txt': 'test content', 'subdir/nested.txt': 'nested content' });
    const result = await env.call('list_directory', { path: '.' });
    expect(result.output).toBe('subdir/\ntest.txt');
    expect(result.structured_output.entries).toEqual([
      { name: 'subdir', type: 'directory', size: null },
      { name: 'test.txt', type: 'file', size: 12 },
    ]);
  });

  it('search_files and directory_tree return their paths as data', async () => {
    const env = await peerWorkspace({ 'test.txt': 'test content', 'subdir/nested.txt': 'nested content' });
    const search = await env.call('search_files', { path: '.', pattern: '*.txt' });
    expect(search.structured_output).toEqual({ paths: ['subdir/nested.txt', 'test.txt'], truncated: false });
    const tree = await env.call('directory_tree', { path: '.' });
    expect(tree.structured_output.paths).toEqual(['subdir/', 'subdir/nested.txt', 'test.txt']);
  });
});

describe('path-validation.test.ts and lib.test.ts validatePath: every path stays in the workspace', () => {
  it('allows the root and its subdirectories, relative or absolute', async () => {
    const env = await peerWorkspace({ 'sub/a.txt': 'a' });
    expect((await env.call('list_directory', { path: env.workspace.root })).output).toBe('sub/');
    expect((await env.call('read_text_file', { path: `${env.workspace.root}/sub/a.txt` })).output).toBe('a');
    expect((await env.call('read_text_file', { path: 'sub/a.txt' })).output).toBe('a');
  });

  it('blocks similar directory names, paths outside, and traversal', async () => {
    const env = await peerWorkspace({ 'sub/a.txt': 'a' });
    for (const path of ['/workspace_evil/x.txt', '/etc/passwd', 'sub/../../etc/passwd']) {
      const result = await env.call('read_text_file', { path });
      expect(result.is_error).toBe(true);
      expect(result.output).toBe(
        `read: Path "${path}" is outside the workspace (/workspace). Use a path inside it, relative to the workspace root.`,
      );
    }
  });

  it('rejects paths with null bytes', async () => {
    const env = await peerWorkspace({});
    const result = await env.call('write_file', { path: 'a\u0000.txt', content: 'x' });
    expect(result.output).toBe(
      'write: Path "a\\u0000.txt" contains a NUL byte. Use a plain path inside the workspace.',
    );
  });

  it('allows percent signs, spaces and unicode in file names', async () => {
    const env = await peerWorkspace({ 'file%20name.txt': 'pct', 'my file ü.txt': 'u' });
    expect((await env.call('read_text_file', { path: 'file%20name.txt' })).output).toBe('pct');
    expect((await env.call('read_text_file', { path: 'my file ü.txt' })).output).toBe('u');
  });

  it('a symlink pointing outside is refused for reads and writes', async () => {
    const env = await peerWorkspace({});
    await env.call('bash', { command: 'ln -s /etc/hostname link' });
    for (const [tool, args] of [
      ['read_text_file', { path: 'link' }],
      ['write_file', { path: 'link', content: 'z' }],
    ] as const) {
      const result = await env.call(tool, args);
      expect(result.is_error).toBe(true);
      expect(errorCode(result)).toBe('PATH_OUTSIDE_WORKSPACE');
    }
  });

  it('creates missing parent directories of a new file (difference: the server refuses)', async () => {
    const env = await peerWorkspace({});
    expect((await env.call('write_file', { path: 'new/dir/file.txt', content: 'x' })).is_error).toBe(false);
    expect(await env.file('new/dir/file.txt')).toBe('x');
  });
});

describe('path-utils.test.ts: expandHome', () => {
  it('~/ is the workspace root', async () => {
    const env = await peerWorkspace({ 'notes.txt': 'n' });
    expect((await env.call('read_text_file', { path: '~/notes.txt' })).output).toBe('n');
  });

  it('Windows paths are refused rather than converted (difference)', async () => {
    const env = await peerWorkspace({});
    const result = await env.call('read_text_file', { path: 'C:\\x\\a.txt' });
    expect(result.output).toBe(
      'read: Path "C:\\\\x\\\\a.txt" is a Windows path. Use a POSIX path inside the workspace (/workspace).',
    );
  });
});
