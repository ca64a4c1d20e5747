/**
 * write and edit report success only after reading the file back: a backend that alters data makes
 * the call an error result; an abort that arrives before the write leaves the file alone.
 * Reaches inside: withFileMutation (src/tools/mutation-queue.ts) waits for the aborted edit to leave the
 * file's queue before the file is read back, which no result signals; no entry exports it.
 */
import { describe, expect, it } from 'vitest';
import { createToolSuite, type ToolSuite, type Workspace } from '../../src/index.ts';
import { withFileMutation } from '../../src/tools/mutation-queue.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';

/** A workspace whose writeFile drops the last byte of what it is given. */
async function lossyWorkspace(files: Record<string, string>): Promise<Workspace> {
  const inner = await createJustBashWorkspace({ files });
  return {
    ...inner,
    backend: inner.backend,
    root: inner.root,
    spillDir: inner.spillDir,
    writeFile: (path, data) =>
      inner.writeFile(path, typeof data === 'string' ? data.slice(0, -1) : data.subarray(0, data.length - 1)),
  };
}

function suiteOn(workspace: Workspace): ToolSuite<Workspace> {
  return createToolSuite({ workspace, builtins: ['write', 'edit'] });
}

describe('write and edit verify what they wrote', () => {
  it('a backend that alters the bytes turns success into an error result', async () => {
    const suite = suiteOn(await lossyWorkspace({ 'a.txt': 'hello\n' }));
    const write = await suite.execute('write', { path: 'b.txt', content: 'data\n' });
    expect(write.is_error).toBe(true);
    expect(write.output).toBe(
      'write: b.txt was written, but reading it back gave different bytes. Check it with read before changing it again.',
    );
    const edit = await suite.execute('edit', { path: 'a.txt', oldText: 'hello', newText: 'bye' });
    expect(edit.output).toBe(
      'edit: a.txt was written, but reading it back gave different bytes. Check it with read before changing it again.',
    );
  });

  it('with verify off, the tools trust the backend', async () => {
    const workspace = await lossyWorkspace({});
    const suite = createToolSuite({
      workspace,
      builtins: ['write'],
      builtinOptions: { write: { verify: false } },
    });
    expect((await suite.execute('write', { path: 'b.txt', content: 'data\n' })).is_error).toBe(false);
  });

  it('an abort while the edit is reading the file stops it before it writes', async () => {
    const inner = await createJustBashWorkspace({ files: { 'a.txt': 'hello\n' } });
    const controller = new AbortController();
    const workspace: Workspace = {
      ...inner,
      backend: inner.backend,
      root: inner.root,
      spillDir: inner.spillDir,
      readFile: async (path) => {
        const bytes = await inner.readFile(path);
        controller.abort();
        return bytes;
      },
    };
    const suite = suiteOn(workspace);
    const result = await suite.execute(
      'edit',
      { path: 'a.txt', oldText: 'hello', newText: 'bye' },
      { signal: controller.signal },
    );
    expect(result.output).toBe('edit: Editing a.txt was aborted before anything was written.');
    // Wait for the edit to leave the file's queue before looking at the file.
    await withFileMutation(workspace, `${workspace.root}/a.txt`, async () => undefined);
    expect(new TextDecoder().decode(await inner.readFile(`${inner.root}/a.txt`))).toBe('hello\n');
  });
});

describe('edit with maxFuzzyChars', () => {
  it('a file over the limit is matched exactly only, and the not-found error says so', async () => {
    const workspace = await createJustBashWorkspace({ files: { 'q.txt': 'say \u201Chi\u201D\n' } });
    const suite = createToolSuite({
      workspace,
      builtins: ['edit'],
      builtinOptions: { edit: { maxFuzzyChars: 4 } },
    });
    const result = await suite.execute('edit', { path: 'q.txt', oldText: 'say "hi"', newText: 'bye' });
    expect(result.output).toBe(
      [
        'edit: oldText was not found in q.txt. It must match the file exactly, including whitespace, indentation and line breaks. (q.txt is too large for approximate matching, so only an exact match was tried.)',
        'The most similar text is at line 1 (line numbers are not part of the file):',
        '1 | say \u201Chi\u201D',
        'Re-read that part with read (offset=1) and copy oldText from it exactly.',
      ].join('\n'),
    );
  });
});
