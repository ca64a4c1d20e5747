/**
 * The cases of Anthropic's text-editor tool tests (anthropic-quickstarts,
 * computer-use-demo/tests/tools/edit_test.py), run through `suite.execute` under the tool's own names
 * (`str_replace_editor` of text_editor_20241022/20250124, `str_replace_based_edit_tool` of
 * text_editor_20250429) with its own parameters. Each `it` names the peer test it ports; the
 * deliberate differences are listed in README.md next to this file.
 */
import { describe, expect, it } from 'vitest';
import { errorCode, peerWorkspace } from './support.ts';

const FOUR_LINES = 'Line 1\nLine 2\nLine 3\nLine 4';

describe.each(['str_replace_based_edit_tool', 'str_replace_editor'])('%s', (tool) => {
  describe('test_view_command', () => {
    it('view of a file shows its content', async () => {
      const env = await peerWorkspace({ 'test/file.txt': 'File content' });
      const result = await env.call(tool, { command: 'view', path: 'test/file.txt' });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe('File content');
    });

    it('view of a directory lists it', async () => {
      const env = await peerWorkspace({ 'test/dir/file1.txt': 'a', 'test/dir/file2.txt': 'b' });
      const result = await env.call(tool, { command: 'view', path: 'test/dir' });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe('file1.txt\nfile2.txt');
    });

    it('view with view_range shows those lines', async () => {
      const env = await peerWorkspace({ 'test/file.txt': FOUR_LINES });
      const result = await env.call(tool, { command: 'view', path: 'test/file.txt', view_range: [2, 3] });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe(
        'Line 2\nLine 3\n\n[Lines 2-3 of 4 shown (limit=2; 1 more line). Use offset=4 to continue.]',
      );
      const toEnd = await env.call(tool, { command: 'view', path: 'test/file.txt', view_range: [3, -1] });
      expect(toEnd.output).toBe('Line 3\nLine 4');
      const pastEnd = await env.call(tool, { command: 'view', path: 'test/file.txt', view_range: [3, 10] });
      expect(pastEnd.output).toBe('Line 3\nLine 4');
    });

    it('an invalid view_range is refused', async () => {
      const env = await peerWorkspace({ 'test/file.txt': FOUR_LINES });
      for (const range of [[3, 2], [0, 2], [1], 'all']) {
        const result = await env.call(tool, { command: 'view', path: 'test/file.txt', view_range: range });
        expect(result.is_error).toBe(true);
        expect(result.output).toBe(
          `Invalid view_range ${JSON.stringify(range)}: send [start, end] with 1 <= start <= end (line numbers, 1-based), or [start, -1] to view to the end of the file.`,
        );
      }
    });

    it('view of a file that does not exist', async () => {
      const env = await peerWorkspace({});
      const result = await env.call(tool, { command: 'view', path: 'nonexistent/file.txt' });
      expect(result.is_error).toBe(true);
      expect(result.output).toBe(
        'read: nonexistent/file.txt does not exist. Check the path with ls or find.',
      );
    });

    it('view_range on a directory is refused', async () => {
      const env = await peerWorkspace({ 'test/dir/file1.txt': 'a' });
      const result = await env.call(tool, { command: 'view', path: 'test/dir', view_range: [1, 2] });
      expect(result.is_error).toBe(true);
      expect(result.output).toBe(
        'view_range cannot be used on a directory, and test/dir is one. Send view without view_range to list it.',
      );
    });
  });

  describe('test_create_command', () => {
    it('create makes a new file with file_text', async () => {
      const env = await peerWorkspace({});
      const result = await env.call(tool, {
        command: 'create',
        path: 'test/newfile.txt',
        file_text: 'New file content',
      });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe('Wrote 16 bytes to test/newfile.txt (new file).');
      expect(await env.file('test/newfile.txt')).toBe('New file content');
    });

    it('create without file_text is refused', async () => {
      const env = await peerWorkspace({});
      const result = await env.call(tool, { command: 'create', path: 'test/newfile.txt' });
      expect(result.is_error).toBe(true);
      expect(result.output).toBe('create needs file_text: the whole content of the new file.');
      expect(await env.file('test/newfile.txt')).toBeUndefined();
    });

    it('create refuses a file that already exists and leaves it as it was', async () => {
      const env = await peerWorkspace({ 'test/existingfile.txt': 'precious' });
      const result = await env.call(tool, {
        command: 'create',
        path: 'test/existingfile.txt',
        file_text: 'Content',
      });
      expect(result.is_error).toBe(true);
      expect(errorCode(result)).toBe('EEXIST');
      expect(result.output).toBe(
        'test/existingfile.txt already exists, so create left it unchanged. To change it, use str_replace or insert; view shows its content.',
      );
      expect(await env.file('test/existingfile.txt')).toBe('precious');
    });
  });

  describe('test_str_replace_command', () => {
    it('a unique old_str is replaced', async () => {
      const env = await peerWorkspace({ 'test/file.txt': 'Original content' });
      const result = await env.call(tool, {
        command: 'str_replace',
        path: 'test/file.txt',
        old_str: 'Original',
        new_str: 'New',
      });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe('Edited test/file.txt: 1 replacement (line 1).');
      expect(await env.file('test/file.txt')).toBe('New content');
    });

    it('an old_str that is not in the file is refused', async () => {
      const env = await peerWorkspace({ 'test/file.txt': 'Original content' });
      const result = await env.call(tool, {
        command: 'str_replace',
        path: 'test/file.txt',
        old_str: 'Nonexistent',
        new_str: 'New',
      });
      expect(result.is_error).toBe(true);
      expect(errorCode(result)).toBe('EDIT_NOT_FOUND');
      expect(await env.file('test/file.txt')).toBe('Original content');
    });

    it('an old_str that occurs several times is refused', async () => {
      const env = await peerWorkspace({ 'test/file.txt': 'Test test test' });
      const result = await env.call(tool, {
        command: 'str_replace',
        path: 'test/file.txt',
        old_str: 'test',
        new_str: 'example',
      });
      expect(result.is_error).toBe(true);
      expect(result.output).toBe(
        'edit: oldText matches 2 places in test/file.txt (line 1). Add surrounding lines to it so it matches exactly one place, or set replaceAll: true to replace every one.',
      );
      expect(await env.file('test/file.txt')).toBe('Test test test');
    });

    it('a missing new_str deletes old_str', async () => {
      const env = await peerWorkspace({ 'test/file.txt': 'Original content' });
      const result = await env.call(tool, {
        command: 'str_replace',
        path: 'test/file.txt',
        old_str: 'Original ',
      });
      expect(result.is_error).toBe(false);
      expect(await env.file('test/file.txt')).toBe('content');
    });
  });

  describe('test_insert_command', () => {
    it('insert after a line in the middle', async () => {
      const env = await peerWorkspace({ 'test/file.txt': 'Line 1\nLine 2\nLine 3' });
      const result = await env.call(tool, {
        command: 'insert',
        path: 'test/file.txt',
        insert_line: 2,
        new_str: 'New Line',
      });
      expect(result.is_error).toBe(false);
      expect(result.output).toBe('Inserted 1 line after line 2 of test/file.txt.');
      expect(await env.file('test/file.txt')).toBe('Line 1\nLine 2\nNew Line\nLine 3');
    });

    it('insert at line 0 puts the text first', async () => {
      const env = await peerWorkspace({ 'test/file.txt': 'Line 1\nLine 2' });
      const result = await env.call(tool, {
        command: 'insert',
        path: 'test/file.txt',
        insert_line: 0,
        new_str: 'New First Line',
      });
      expect(result.output).toBe('Inserted 1 line before line 1 of test/file.txt.');
      expect(await env.file('test/file.txt')).toBe('New First Line\nLine 1\nLine 2');
    });

    it('insert after the last line', async () => {
      const env = await peerWorkspace({ 'test/file.txt': 'Line 1\nLine 2' });
      await env.call(tool, {
        command: 'insert',
        path: 'test/file.txt',
        insert_line: 2,
        new_str: 'New Last Line',
      });
      expect(await env.file('test/file.txt')).toBe('Line 1\nLine 2\nNew Last Line');
    });

    it('insert_line past the end is refused', async () => {
      const env = await peerWorkspace({ 'test/file.txt': 'Line 1\nLine 2' });
      const result = await env.call(tool, {
        command: 'insert',
        path: 'test/file.txt',
        insert_line: 5,
        new_str: 'Invalid Line',
      });
      expect(result.is_error).toBe(true);
      expect(result.output).toBe(
        'Invalid insert_line 5: test/file.txt has 2 lines, so insert_line must be from 0 (before the first line) to 2 (after the last).',
      );
      expect(await env.file('test/file.txt')).toBe('Line 1\nLine 2');
    });

    it('insert among repeated lines lands at the line asked for, and keeps CRLF', async () => {
      const env = await peerWorkspace({ 'same.txt': 'x\nx\nx\n', 'crlf.txt': 'a\r\nb\r\n' });
      await env.call(tool, { command: 'insert', path: 'same.txt', insert_line: 2, new_str: 'y' });
      expect(await env.file('same.txt')).toBe('x\nx\ny\nx\n');
      await env.call(tool, { command: 'insert', path: 'crlf.txt', insert_line: 1, new_str: 'z' });
      expect(await env.file('crlf.txt')).toBe('a\r\nz\r\nb\r\n');
    });
  });

  describe('test_undo_edit_command (deliberate difference: no edit history)', () => {
    it('undo_edit is refused with a way to revert', async () => {
      const env = await peerWorkspace({ 'test/file.txt': 'New content' });
      const result = await env.call(tool, { command: 'undo_edit', path: 'test/file.txt' });
      expect(result.is_error).toBe(true);
      expect(result.output).toBe(
        'undo_edit is not available here: no history of edits is kept. To revert a change, send str_replace with the changed text as old_str and the previous text as new_str.',
      );
    });
  });

  describe('test_validate_path', () => {
    it('an absolute path inside the workspace works, and so does a relative one (difference)', async () => {
      const env = await peerWorkspace({ 'valid/path.txt': 'ok' });
      const absolute = await env.call(tool, {
        command: 'view',
        path: `${env.workspace.root}/valid/path.txt`,
      });
      expect(absolute.output).toBe('ok');
      const relative = await env.call(tool, { command: 'view', path: 'valid/path.txt' });
      expect(relative.output).toBe('ok');
    });

    it('commands other than view refuse a directory', async () => {
      const env = await peerWorkspace({ 'directory/path/a.txt': 'a' });
      const result = await env.call(tool, {
        command: 'str_replace',
        path: 'directory/path',
        old_str: 'a',
        new_str: 'b',
      });
      expect(result.is_error).toBe(true);
      expect(result.output).toBe(
        'edit: directory/path is a directory, not a file. Give the path of a file to edit.',
      );
    });

    it('an unknown command is refused with the commands there are', async () => {
      const env = await peerWorkspace({});
      const result = await env.call(tool, { command: 'delete', path: 'a.txt' });
      expect(result.output).toBe(
        'The text-editor command "delete" is not supported. Use one of: view, create, str_replace, insert.',
      );
    });
  });
});
