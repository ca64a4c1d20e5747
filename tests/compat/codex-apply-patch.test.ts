/**
 * Codex's `apply_patch`, as Codex sends it: the fixture scenarios of openai/codex
 * (codex-rs/apply-patch/tests/fixtures/scenarios: input tree, patch, expected tree), cases of its unit
 * and CLI tests, and the three ways the patch arrives (the `apply_patch` function or freeform custom
 * tool, and the shell tool). Every case runs through `suite.execute` / `suite.executeCall` with Codex's
 * own tool and parameter names. tests/compat/README.md lists each case and every deliberate difference.
 */
import { describe, expect, it } from 'vitest';
import {
  createToolSuite,
  responsesCallOutput,
  type ToolResult,
  type Workspace,
  WorkspaceError,
} from '../../src/index.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';

/** A tree as the scenarios compare it: file path → content, directory path (ending in `/`) → null. */
type Tree = Record<string, string | null>;

async function workspaceWith(files: Record<string, string>): Promise<Workspace> {
  return createJustBashWorkspace({ files });
}

/** Every file and directory under the root, with file contents, sorted. */
async function treeOf(workspace: Workspace): Promise<Tree> {
  const tree: Tree = {};
  const walk = async (dir: string, prefix: string): Promise<void> => {
    for (const entry of await workspace.readdir(dir)) {
      const path = `${prefix}${entry.name}`;
      if (entry.type === 'directory') {
        tree[`${path}/`] = null;
        await walk(`${dir}/${entry.name}`, `${path}/`);
      } else {
        tree[path] = new TextDecoder().decode(await workspace.readFile(`${dir}/${entry.name}`));
      }
    }
  };
  await walk(workspace.root, '');
  return Object.fromEntries(Object.entries(tree).sort(([a], [b]) => a.localeCompare(b)));
}

/** Runs Codex's function-tool form: `apply_patch` with the patch in `input`. */
async function applyPatch(files: Record<string, string>, patch: string): Promise<[ToolResult, Tree]> {
  const workspace = await workspaceWith(files);
  const suite = createToolSuite({ workspace });
  const result = await suite.execute('apply_patch', { input: patch });
  return [result, await treeOf(workspace)];
}

const SUCCESS = 'Success. Updated the following files:';

interface Scenario {
  input: Record<string, string>;
  patch: string;
  expected: Tree;
  /** The model-facing text, word for word. */
  output: string;
}

/** The fixture scenarios, one per directory of codex-rs/apply-patch/tests/fixtures/scenarios. */
const SCENARIOS: Record<string, Scenario> = {
  '001_add_file': {
    input: {},
    patch: '*** Begin Patch\n*** Add File: bar.md\n+This is a new file\n*** End Patch\n',
    expected: { 'bar.md': 'This is a new file\n' },
    output: `${SUCCESS}\nA bar.md`,
  },
  '002_multiple_operations': {
    input: { 'delete.txt': 'obsolete\n', 'modify.txt': 'line1\nline2\n' },
    patch:
      '*** Begin Patch\n*** Add File: nested/new.txt\n+created\n*** Delete File: delete.txt\n*** Update File: modify.txt\n@@\n-line2\n+changed\n*** End Patch\n',
    expected: { 'modify.txt': 'line1\nchanged\n', 'nested/': null, 'nested/new.txt': 'created\n' },
    output: `${SUCCESS}\nA nested/new.txt\nM modify.txt\nD delete.txt`,
  },
  '003_multiple_chunks': {
    input: { 'multi.txt': 'line1\nline2\nline3\nline4\n' },
    patch:
      '*** Begin Patch\n*** Update File: multi.txt\n@@\n-line2\n+changed2\n@@\n-line4\n+changed4\n*** End Patch\n',
    expected: { 'multi.txt': 'line1\nchanged2\nline3\nchanged4\n' },
    output: `${SUCCESS}\nM multi.txt`,
  },
  '004_move_to_new_directory': {
    input: { 'old/name.txt': 'old content\n', 'old/other.txt': 'unrelated file\n' },
    patch:
      '*** Begin Patch\n*** Update File: old/name.txt\n*** Move to: renamed/dir/name.txt\n@@\n-old content\n+new content\n*** End Patch\n',
    expected: {
      'old/': null,
      'old/other.txt': 'unrelated file\n',
      'renamed/': null,
      'renamed/dir/': null,
      'renamed/dir/name.txt': 'new content\n',
    },
    output: `${SUCCESS}\nM renamed/dir/name.txt`,
  },
  '005_rejects_empty_patch': {
    input: { 'foo.txt': 'stable\n' },
    patch: '*** Begin Patch\n*** End Patch\n',
    expected: { 'foo.txt': 'stable\n' },
    output:
      "apply_patch: The patch has no file sections, so no files were modified. Put '*** Add File: {path}', '*** Delete File: {path}', '*** Update File: {path}' sections between *** Begin Patch and *** End Patch.",
  },
  '006_rejects_missing_context': {
    input: { 'modify.txt': 'line1\nline2\n' },
    patch: '*** Begin Patch\n*** Update File: modify.txt\n@@\n-missing\n+changed\n*** End Patch\n',
    expected: { 'modify.txt': 'line1\nline2\n' },
    output: [
      'apply_patch: Hunk 1 of the update of modify.txt (line 2 of the patch) does not match the file: these lines were not found in modify.txt:',
      'missing',
      "No file was changed. Re-read modify.txt with read and send the patch again with the ' ' and '-' lines copied from it exactly.",
    ].join('\n'),
  },
  '007_rejects_missing_file_delete': {
    input: { 'foo.txt': 'stable\n' },
    patch: '*** Begin Patch\n*** Delete File: missing.txt\n*** End Patch\n',
    expected: { 'foo.txt': 'stable\n' },
    output:
      'apply_patch: missing.txt does not exist, so it cannot be deleted (line 2 of the patch). No file was changed. Check the path with ls or find, or leave that section out.',
  },
  '008_rejects_empty_update_hunk': {
    input: { 'foo.txt': 'stable\n' },
    patch: '*** Begin Patch\n*** Update File: foo.txt\n*** End Patch\n',
    expected: { 'foo.txt': 'stable\n' },
    output:
      "apply_patch: The update of foo.txt (line 2 of the patch) has no changes: give them as '@@' hunks of ' ', '-' and '+' lines, or leave the section out. Nothing was changed; fix it and send the whole patch again.",
  },
  '009_requires_existing_file_for_update': {
    input: { 'foo.txt': 'stable\n' },
    patch: '*** Begin Patch\n*** Update File: missing.txt\n@@\n-old\n+new\n*** End Patch\n',
    expected: { 'foo.txt': 'stable\n' },
    output:
      "apply_patch: missing.txt does not exist, so its update (line 2 of the patch) cannot be applied. No file was changed. Check the path with ls or find; to create the file, use '*** Add File: missing.txt'.",
  },
  '010_move_overwrites_existing_destination': {
    input: {
      'old/name.txt': 'from\n',
      'old/other.txt': 'unrelated file\n',
      'renamed/dir/name.txt': 'existing\n',
    },
    patch:
      '*** Begin Patch\n*** Update File: old/name.txt\n*** Move to: renamed/dir/name.txt\n@@\n-from\n+new\n*** End Patch\n',
    expected: {
      'old/': null,
      'old/other.txt': 'unrelated file\n',
      'renamed/': null,
      'renamed/dir/': null,
      'renamed/dir/name.txt': 'new\n',
    },
    output: `${SUCCESS}\nM renamed/dir/name.txt`,
  },
  '011_add_overwrites_existing_file': {
    input: { 'duplicate.txt': 'old content\n' },
    patch: '*** Begin Patch\n*** Add File: duplicate.txt\n+new content\n*** End Patch\n',
    expected: { 'duplicate.txt': 'new content\n' },
    output: `${SUCCESS}\nA duplicate.txt`,
  },
  '012_delete_directory_fails': {
    input: { 'dir/foo.txt': 'stable\n' },
    patch: '*** Begin Patch\n*** Delete File: dir\n*** End Patch\n',
    expected: { 'dir/': null, 'dir/foo.txt': 'stable\n' },
    output:
      "apply_patch: dir is a directory, so '*** Delete File:' deletes files only (line 2 of the patch). No file was changed. Give the path of a file.",
  },
  '013_rejects_invalid_hunk_header': {
    input: { 'foo.txt': 'stable\n' },
    patch: '*** Begin Patch\n*** Frobnicate File: foo\n*** End Patch\n',
    expected: { 'foo.txt': 'stable\n' },
    output:
      "apply_patch: Line 2 of the patch, '*** Frobnicate File: foo', is not a valid file header. Valid headers: '*** Add File: {path}', '*** Delete File: {path}', '*** Update File: {path}'. Nothing was changed; fix it and send the whole patch again.",
  },
  '014_update_file_appends_trailing_newline': {
    input: { 'no_newline.txt': 'no newline at end' },
    patch:
      '*** Begin Patch\n*** Update File: no_newline.txt\n@@\n-no newline at end\n+first line\n+second line\n*** End Patch\n',
    expected: { 'no_newline.txt': 'first line\nsecond line\n' },
    output: `${SUCCESS}\nM no_newline.txt`,
  },
  // Deliberate difference: Codex keeps created.txt (its sections are applied one by one); here a patch
  // is applied whole or not at all, so the failed update leaves the tree as it was.
  '015_failure_after_partial_success_leaves_changes': {
    input: {},
    patch:
      '*** Begin Patch\n*** Add File: created.txt\n+hello\n*** Update File: missing.txt\n@@\n-old\n+new\n*** End Patch\n',
    expected: {},
    output:
      "apply_patch: missing.txt does not exist, so its update (line 4 of the patch) cannot be applied. No file was changed. Check the path with ls or find; to create the file, use '*** Add File: missing.txt'.",
  },
  '016_pure_addition_update_chunk': {
    input: { 'input.txt': 'line1\nline2\n' },
    patch: '*** Begin Patch\n*** Update File: input.txt\n@@\n+added line 1\n+added line 2\n*** End Patch\n',
    expected: { 'input.txt': 'line1\nline2\nadded line 1\nadded line 2\n' },
    output: `${SUCCESS}\nM input.txt`,
  },
  '017_whitespace_padded_hunk_header': {
    input: { 'foo.txt': 'old\n' },
    patch: '*** Begin Patch\n  *** Update File: foo.txt\n@@\n-old\n+new\n*** End Patch\n',
    expected: { 'foo.txt': 'new\n' },
    output: `${SUCCESS}\nM foo.txt`,
  },
  '018_whitespace_padded_patch_markers': {
    input: { 'file.txt': 'one\n' },
    patch: ' *** Begin Patch\n*** Update File: file.txt\n@@\n-one\n+two\n*** End Patch \n',
    expected: { 'file.txt': 'two\n' },
    output: `${SUCCESS}\nM file.txt`,
  },
  '019_unicode_simple': {
    input: { 'foo.txt': 'line1\nnaïve café\nline3\n' },
    patch:
      '*** Begin Patch\n*** Update File: foo.txt\n@@\n line1\n-naïve café\n+naïve café ✅\n*** End Patch \n',
    expected: { 'foo.txt': 'line1\nnaïve café ✅\nline3\n' },
    output: `${SUCCESS}\nM foo.txt`,
  },
  '020_delete_file_success': {
    input: { 'keep.txt': 'keep\n', 'obsolete.txt': 'obsolete\n' },
    patch: '*** Begin Patch\n*** Delete File: obsolete.txt\n*** End Patch\n',
    expected: { 'keep.txt': 'keep\n' },
    output: `${SUCCESS}\nD obsolete.txt`,
  },
  '020_whitespace_padded_patch_marker_lines': {
    input: { 'file.txt': 'one\n' },
    patch: '*** Begin Patch \n*** Update File: file.txt\n@@\n-one\n+two\n *** End Patch\n',
    expected: { 'file.txt': 'two\n' },
    output: `${SUCCESS}\nM file.txt`,
  },
  '021_update_file_deletion_only': {
    input: { 'lines.txt': 'line1\nline2\nline3\n' },
    patch: '*** Begin Patch\n*** Update File: lines.txt\n@@\n line1\n-line2\n line3\n*** End Patch\n',
    expected: { 'lines.txt': 'line1\nline3\n' },
    output: `${SUCCESS}\nM lines.txt`,
  },
  '022_update_file_end_of_file_marker': {
    input: { 'tail.txt': 'first\nsecond\n' },
    patch:
      '*** Begin Patch\n*** Update File: tail.txt\n@@\n first\n-second\n+second updated\n*** End of File\n*** End Patch\n',
    expected: { 'tail.txt': 'first\nsecond updated\n' },
    output: `${SUCCESS}\nM tail.txt`,
  },
};

describe('Codex apply_patch fixture scenarios', () => {
  for (const [name, scenario] of Object.entries(SCENARIOS)) {
    it(name, async () => {
      const [result, tree] = await applyPatch(scenario.input, scenario.patch);
      expect(result.output).toBe(scenario.output);
      expect(result.is_error).toBe(!scenario.output.startsWith(SUCCESS));
      expect(tree).toEqual(scenario.expected);
    });
  }
});

/** Cases of codex-rs/apply-patch's unit tests (src/lib.rs) and CLI tests (tests/suite/tool.rs). */
const UNIT_CASES: Record<string, { before: string; patch: string; after: string }> = {
  'two hunks in one file': {
    before: 'foo\nbar\nbaz\nqux\n',
    patch: '@@\n foo\n-bar\n+BAR\n@@\n baz\n-qux\n+QUX',
    after: 'foo\nBAR\nbaz\nQUX\n',
  },
  'interleaved changes and an append at the end of file': {
    before: 'a\nb\nc\nd\ne\nf\n',
    patch: '@@\n a\n-b\n+B\n@@\n c\n d\n-e\n+E\n@@\n f\n+g\n*** End of File',
    after: 'a\nB\nc\nd\nE\nf\ng\n',
  },
  'a pure addition hunk followed by a removal': {
    before: 'line1\nline2\nline3\n',
    patch: '@@\n+after-context\n+second-line\n@@\n line1\n-line2\n-line3\n+line2-replacement',
    after: 'line1\nline2-replacement\nafter-context\nsecond-line\n',
  },
  'ASCII dashes match typographic ones': {
    before: 'import asyncio  # local import \u2013 avoids top\u2011level dep\n',
    patch: '@@\n-import asyncio  # local import - avoids top-level dep\n+import asyncio  # HELLO',
    after: 'import asyncio  # HELLO\n',
  },
  'CRLF line endings are kept': {
    before: 'one\r\ntwo\r\nthree\r\n',
    patch: '@@\n-one\n+uno\n@@\n two\n+\n+between\n three',
    after: 'uno\r\ntwo\r\n\r\nbetween\r\nthree\r\n',
  },
  'repeated lines keep the order of the change': {
    before: 'a\nb\n',
    patch: '@@\n-a\n-b\n+b\n+b\n+a',
    after: 'b\nb\na\n',
  },
  'a kept line keeps its own line ending': {
    before: 'same\r\nsame\n',
    patch: '@@\n-same\n same',
    after: 'same\n',
  },
  'untouched mixed line endings stay as they are': {
    before: 'one\r\ntwo\nthree\r\nfour\n',
    patch: '@@\n one\n two\n-three\n+THREE\n four',
    after: 'one\r\ntwo\nTHREE\r\nfour\n',
  },
  'the added final line break is a CRLF in a CRLF file': {
    before: 'one\r\ntwo',
    patch: '@@\n-one\n+ONE',
    after: 'ONE\r\ntwo\r\n',
  },
  'an update hunk without @@ for its first hunk': {
    before: 'import foo\n',
    patch: ' import foo\n+bar',
    after: 'import foo\nbar\n',
  },
};

describe('Codex apply_patch unit cases', () => {
  for (const [name, { before, patch, after }] of Object.entries(UNIT_CASES)) {
    it(name, async () => {
      const text = `*** Begin Patch\n*** Update File: f.txt\n${patch}\n*** End Patch`;
      const [result, tree] = await applyPatch({ 'f.txt': before }, text);
      expect(result.output).toBe(`${SUCCESS}\nM f.txt`);
      expect(tree).toEqual({ 'f.txt': after });
    });
  }

  it('a patch wrapped in a heredoc is unwrapped', async () => {
    for (const opener of ['<<EOF', "<<'EOF'", '<<"EOF"']) {
      const text = `${opener}\n*** Begin Patch\n*** Add File: foo\n+hi\n*** End Patch\nEOF\n`;
      const [result, tree] = await applyPatch({}, text);
      expect(result.output).toBe(`${SUCCESS}\nA foo`);
      expect(tree).toEqual({ foo: 'hi\n' });
    }
  });

  it('the first and last lines must be the markers', async () => {
    const [bad] = await applyPatch({}, 'bad');
    expect(bad.output).toBe(
      "apply_patch: The first line of the patch must be '*** Begin Patch'. Nothing was changed; send the whole patch, from *** Begin Patch to *** End Patch.",
    );
    const [open] = await applyPatch({}, '*** Begin Patch\nbad');
    expect(open.output).toBe(
      "apply_patch: The last line of the patch must be '*** End Patch'. Nothing was changed; send the whole patch, from *** Begin Patch to *** End Patch.",
    );
  });

  it('a line that is not part of a hunk is named', async () => {
    const [result] = await applyPatch(
      { 'f.txt': 'x\n' },
      '*** Begin Patch\n*** Update File: f.txt\n@@\nbad\n*** End Patch',
    );
    expect(result.output).toBe(
      "apply_patch: Line 4 of the patch, 'bad', is not a hunk line: every line of a hunk starts with ' ' (kept), '-' (removed) or '+' (added). Nothing was changed; fix it and send the whole patch again.",
    );
  });

  it('a hunk that does not match shows the most similar lines of the file', async () => {
    const [result, tree] = await applyPatch(
      { 'src/app.ts': 'const a = 1;\nconst b = 2;\nconst c = 3;\n' },
      '*** Begin Patch\n*** Update File: src/app.ts\n@@\n const a = 1;\n-const b = 20;\n+const b = 3;\n*** End Patch',
    );
    expect(result.output).toBe(
      [
        'apply_patch: Hunk 1 of the update of src/app.ts (line 2 of the patch) does not match the file: these lines were not found in src/app.ts:',
        'const a = 1;',
        'const b = 20;',
        'The most similar text is at lines 1-2 (line numbers are not part of the file):',
        '1 | const a = 1;',
        '2 | const b = 2;',
        "No file was changed. Re-read src/app.ts with read and send the patch again with the ' ' and '-' lines copied from it exactly.",
      ].join('\n'),
    );
    expect(result.structured_output).toMatchObject({
      error: { code: 'PATCH_NOT_FOUND', tool: 'apply_patch', path: 'src/app.ts', hunk: 1, closest_line: 1 },
    });
    expect(tree['src/app.ts']).toBe('const a = 1;\nconst b = 2;\nconst c = 3;\n');
  });

  it('an @@ line the file does not have', async () => {
    const [result] = await applyPatch(
      { 'f.py': 'def f():\n    pass\n' },
      '*** Begin Patch\n*** Update File: f.py\n@@ def g():\n-    pass\n+    return 1\n*** End Patch',
    );
    expect(result.output).toBe(
      "apply_patch: The line '@@ def g():' of hunk 1 of the update of f.py (line 2 of the patch) was not found in f.py. No file was changed. Re-read f.py with read and send the patch again with a line copied from it after '@@ ', or with '@@' alone.",
    );
  });

  it("a unified diff's numbered @@ line is taken as no context line", async () => {
    const [result, tree] = await applyPatch(
      { 'f.txt': 'a\nb\n' },
      '*** Begin Patch\n*** Update File: f.txt\n@@ -1,2 +1,2 @@\n a\n-b\n+B\n*** End Patch',
    );
    expect(result.output).toBe(`${SUCCESS}\nM f.txt`);
    expect(tree).toEqual({ 'f.txt': 'a\nB\n' });
  });

  it('an @@ line narrows where the hunk applies', async () => {
    const [result, tree] = await applyPatch(
      { 'f.py': 'def f():\n    return 1\n\ndef g():\n    return 1\n' },
      '*** Begin Patch\n*** Update File: f.py\n@@ def g():\n-    return 1\n+    return 2\n*** End Patch',
    );
    expect(result.output).toBe(`${SUCCESS}\nM f.py`);
    expect(tree['f.py']).toBe('def f():\n    return 1\n\ndef g():\n    return 2\n');
  });
});

describe('Codex apply_patch is atomic', () => {
  it('a hunk that fails in the last file leaves every file as it was', async () => {
    const input = { 'a.txt': 'alpha\n', 'b.txt': 'beta\n', 'c.txt': 'gamma\n' };
    const [result, tree] = await applyPatch(
      input,
      [
        '*** Begin Patch',
        '*** Update File: a.txt',
        '@@',
        '-alpha',
        '+ALPHA',
        '*** Delete File: b.txt',
        '*** Add File: d/new.txt',
        '+new',
        '*** Update File: c.txt',
        '*** Move to: moved/c.txt',
        '@@',
        '-delta',
        '+DELTA',
        '*** End Patch',
      ].join('\n'),
    );
    expect(result.is_error).toBe(true);
    expect(result.output).toBe(
      [
        'apply_patch: Hunk 1 of the update of c.txt (line 9 of the patch) does not match the file: these lines were not found in c.txt:',
        'delta',
        "No file was changed. Re-read c.txt with read and send the patch again with the ' ' and '-' lines copied from it exactly.",
      ].join('\n'),
    );
    expect(tree).toEqual(input);
  });

  it('a write that fails midway puts back what was already written', async () => {
    const workspace = await workspaceWith({ 'a.txt': 'alpha\n', 'b.txt': 'beta\n' });
    const writeFile = workspace.writeFile.bind(workspace);
    let failing = true;
    workspace.writeFile = async (path, data) => {
      if (failing && path.endsWith('/c.txt')) throw new WorkspaceError('ENOSPC', path);
      return writeFile(path, data);
    };
    const suite = createToolSuite({ workspace });
    const patch =
      '*** Begin Patch\n*** Update File: a.txt\n@@\n-alpha\n+ALPHA\n*** Delete File: b.txt\n*** Add File: new/dir/c.txt\n+c\n*** End Patch';
    const result = await suite.execute('apply_patch', { input: patch });
    expect(result.is_error).toBe(true);
    expect(result.output).toBe(
      'apply_patch: The workspace is full: new/dir/c.txt could not be written. Remove files you no longer need and try again. The patch was not applied. The files already changed (a.txt, b.txt) were put back as they were, so no file changed. Fix the cause and send the patch again.',
    );
    expect(await treeOf(workspace)).toEqual({ 'a.txt': 'alpha\n', 'b.txt': 'beta\n' });

    failing = false;
    const again = await suite.execute('apply_patch', { input: patch });
    expect(again.output).toBe(`${SUCCESS}\nA new/dir/c.txt\nM a.txt\nD b.txt`);
    expect(await treeOf(workspace)).toEqual({
      'a.txt': 'ALPHA\n',
      'new/': null,
      'new/dir/': null,
      'new/dir/c.txt': 'c\n',
    });
  });

  it('a file that cannot be put back is named, so the model checks it', async () => {
    const workspace = await workspaceWith({ 'a.txt': 'alpha\n' });
    const writeFile = workspace.writeFile.bind(workspace);
    let writes = 0;
    workspace.writeFile = async (path, data) => {
      writes += 1;
      if (path.endsWith('/b.txt')) throw new Error('disk went away');
      if (path.endsWith('/a.txt') && writes > 1) throw new WorkspaceError('EACCES', path);
      return writeFile(path, data);
    };
    const result = await createToolSuite({ workspace }).execute('apply_patch', {
      input:
        '*** Begin Patch\n*** Update File: a.txt\n@@\n-alpha\n+ALPHA\n*** Add File: b.txt\n+b\n*** End Patch',
    });
    expect(result.is_error).toBe(true);
    expect(result.output).toBe(
      'apply_patch: b.txt could not be written: disk went away. The patch was not applied, and putting back the files it had changed failed for a.txt (Permission denied for a.txt). Check those files with read before going on.',
    );
    expect(result.structured_output).toMatchObject({ error: { path: 'b.txt', not_restored: 1 } });
  });

  it('a path outside the workspace refuses the whole patch', async () => {
    const [result, tree] = await applyPatch(
      { 'a.txt': 'alpha\n' },
      '*** Begin Patch\n*** Update File: a.txt\n@@\n-alpha\n+ALPHA\n*** Add File: ../outside.txt\n+x\n*** End Patch',
    );
    expect(result.is_error).toBe(true);
    expect(result.output).toMatch(/^apply_patch: /);
    expect(tree).toEqual({ 'a.txt': 'alpha\n' });
  });
});

describe('Codex apply_patch results', () => {
  it('structured_output lists each file; details.diff has a patch per file', async () => {
    const [result] = await applyPatch(
      { 'old.txt': 'one\n', 'gone.txt': 'bye\n' },
      '*** Begin Patch\n*** Update File: old.txt\n*** Move to: new.txt\n@@\n-one\n+two\n*** Delete File: gone.txt\n*** Add File: add.txt\n+hi\n*** End Patch',
    );
    expect(result.output).toBe(`${SUCCESS}\nA add.txt\nM new.txt\nD gone.txt`);
    expect(result.structured_output).toEqual({
      files: [
        { status: 'added', path: 'add.txt' },
        { status: 'modified', path: 'new.txt', moved_from: 'old.txt' },
        { status: 'deleted', path: 'gone.txt' },
      ],
    });
    const diff = String(result.details.diff);
    expect(diff).toContain('--- a/old.txt\n+++ b/old.txt\n@@ -1,1 +0,0 @@\n-one\n');
    expect(diff).toContain('--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1,1 @@\n+two\n');
    expect(diff).toContain('--- a/gone.txt\n+++ b/gone.txt\n@@ -1,1 +0,0 @@\n-bye\n');
    expect(diff).toContain('--- /dev/null\n+++ b/add.txt\n@@ -0,0 +1,1 @@\n+hi\n');
    expect(result.details.files_changed).toBe(4);
  });

  it('a 200,000-line file: one line changed, every other line kept', async () => {
    const lines = Array.from({ length: 200_000 }, (_, index) => `line ${index}`);
    const patch =
      '*** Begin Patch\n*** Update File: big.txt\n@@\n line 0\n-line 1\n+LINE ONE\n line 2\n*** End Patch';
    const workspace = await workspaceWith({ 'big.txt': `${lines.join('\n')}\n` });
    const result = await createToolSuite({ workspace }).execute('apply_patch', { input: patch });
    expect(result.output).toBe(`${SUCCESS}\nM big.txt`);
    lines[1] = 'LINE ONE';
    const written = new TextDecoder().decode(await workspace.readFile(`${workspace.root}/big.txt`));
    expect(written === `${lines.join('\n')}\n`).toBe(true);
  });

  // 20,000 hunks on a 100,000-line file, each with a line the file has only with trailing blanks (so
  // the exact pass misses and the fuzzy one finds it). Looked up line by line from the cursor, with the
  // file's line breaks counted again per hunk, this is hunks × lines: about two minutes here; in one
  // pass it is under two seconds. The work is the test, the timeout only a backstop.
  it('20,000 hunks on a 100,000-line file apply in one pass over the file', { timeout: 60_000 }, async () => {
    const lines = Array.from({ length: 100_000 }, (_, index) => `line ${index}`);
    const hunks = Array.from(
      { length: 20_000 },
      (_, hunk) => `@@\n line ${hunk * 5}\n-line ${hunk * 5 + 1}  \n+LINE ${hunk * 5 + 1}\n`,
    );
    const patch = `*** Begin Patch\n*** Update File: big.txt\n${hunks.join('')}*** End Patch`;
    const workspace = await workspaceWith({ 'big.txt': `${lines.join('\n')}\n` });
    const result = await createToolSuite({ workspace }).execute('apply_patch', { input: patch });
    expect(result.output).toBe(`${SUCCESS}\nM big.txt`);
    for (let hunk = 0; hunk < 20_000; hunk += 1) lines[hunk * 5 + 1] = `LINE ${hunk * 5 + 1}`;
    const written = new TextDecoder().decode(await workspace.readFile(`${workspace.root}/big.txt`));
    expect(written === `${lines.join('\n')}\n`).toBe(true);
  });

  it('deleting a binary file is allowed; updating one is refused', async () => {
    const workspace = await createJustBashWorkspace({ files: { 'img.bin': new Uint8Array([0, 1, 2]) } });
    const suite = createToolSuite({ workspace });
    const update = await suite.execute('apply_patch', {
      input: '*** Begin Patch\n*** Update File: img.bin\n@@\n-x\n+y\n*** End Patch',
    });
    expect(update.output).toBe(
      'apply_patch: img.bin is not a UTF-8 text file, so its update (line 2 of the patch) cannot be applied. No file was changed. Replace it whole with write, or use bash.',
    );
    const deleted = await suite.execute('apply_patch', {
      input: '*** Begin Patch\n*** Delete File: img.bin\n*** End Patch',
    });
    expect(deleted.output).toBe(`${SUCCESS}\nD img.bin`);
    expect(deleted.details.diff).toBe('Binary file img.bin (3 bytes) deleted\n');
    expect(await treeOf(workspace)).toEqual({});
  });
});

const PATCH = '*** Begin Patch\n*** Add File: hello.txt\n+hello\n*** End Patch';

describe('how Codex sends apply_patch', () => {
  it('a Responses API custom tool call, answered with custom_tool_call_output', async () => {
    const workspace = await workspaceWith({});
    const suite = createToolSuite({ workspace });
    const call = { type: 'custom_tool_call', call_id: 'call_7', name: 'apply_patch', input: PATCH };
    const result = await suite.executeCall(call);
    expect(result.output).toBe(`${SUCCESS}\nA hello.txt`);
    expect(await treeOf(workspace)).toEqual({ 'hello.txt': 'hello\n' });
    expect(responsesCallOutput(call, result)).toEqual({
      type: 'custom_tool_call_output',
      call_id: 'call_7',
      output: `${SUCCESS}\nA hello.txt`,
    });
  });

  it('the function tool form: arguments {"input": patch}, answered with function_call_output', async () => {
    const workspace = await workspaceWith({});
    const suite = createToolSuite({ workspace });
    const call = {
      type: 'function_call',
      call_id: 'call_8',
      name: 'apply_patch',
      arguments: JSON.stringify({ input: PATCH }),
    };
    const result = await suite.executeCall(call);
    expect(responsesCallOutput(call, result)).toEqual({
      type: 'function_call_output',
      call_id: 'call_8',
      output: `${SUCCESS}\nA hello.txt`,
    });
    expect(
      responsesCallOutput({ type: 'tool_use', id: 'toolu_1', name: 'x', input: {} }, result),
    ).toBeUndefined();
  });

  it('the patch itself as the arguments', async () => {
    const workspace = await workspaceWith({});
    const result = await createToolSuite({ workspace }).execute('apply_patch', PATCH);
    expect(result.output).toBe(`${SUCCESS}\nA hello.txt`);
  });

  it('the shell tool with ["apply_patch", patch]', async () => {
    const workspace = await workspaceWith({});
    const suite = createToolSuite({ workspace });
    const result = await suite.execute('shell', { command: ['apply_patch', PATCH], workdir: 'pkg' });
    expect(result.output).toBe(`${SUCCESS}\nA pkg/hello.txt`);
    expect(await treeOf(workspace)).toEqual({ 'pkg/': null, 'pkg/hello.txt': 'hello\n' });
  });

  it('the shell tool with bash -lc "apply_patch <<\'EOF\' … EOF", also after cd <dir> &&', async () => {
    const workspace = await workspaceWith({ 'src/a.txt': 'a\n' });
    const suite = createToolSuite({ workspace });
    const heredoc = `apply_patch <<'PATCH'\n${PATCH}\nPATCH`;
    const argv = await suite.execute('shell', { command: ['bash', '-lc', heredoc] });
    expect(argv.output).toBe(`${SUCCESS}\nA hello.txt`);
    const update =
      "cd src && apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: a.txt\n@@\n-a\n+b\n*** End Patch\nEOF\n";
    const string = await suite.execute('shell_command', { command: update });
    expect(string.output).toBe(`${SUCCESS}\nM src/a.txt`);
    const exec = await suite.execute('exec_command', {
      cmd: `applypatch <<"EOF"\n${PATCH.replace('hello.txt', 'x.txt')}\nEOF`,
    });
    expect(exec.output).toBe(`${SUCCESS}\nA x.txt`);
    expect(await treeOf(workspace)).toEqual({
      'hello.txt': 'hello\n',
      'src/': null,
      'src/a.txt': 'b\n',
      'x.txt': 'hello\n',
    });
  });

  it('a script that only mentions apply_patch stays a shell command', async () => {
    const workspace = await workspaceWith({});
    const suite = createToolSuite({ workspace });
    const result = await suite.execute('bash', {
      command: `echo start && apply_patch <<'EOF'\n${PATCH}\nEOF`,
    });
    expect(result.is_error).toBe(true);
    expect(result.output).toContain('start');
    expect(await treeOf(workspace)).toEqual({});
  });
});
