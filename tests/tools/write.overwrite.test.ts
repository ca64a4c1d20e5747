/** write's overwrite: false, the guard that keeps a "create a new file" call from replacing a file. */
import { describe, expect, it } from 'vitest';
import { createToolSuite } from '../../src/index.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';

describe('write overwrite: false', () => {
  it('refuses an existing file and leaves it byte for byte; creates a missing one', async () => {
    const workspace = await createJustBashWorkspace({ files: { 'a.txt': 'keep me' } });
    const suite = createToolSuite({ workspace });
    const refused = await suite.execute('write', { path: 'a.txt', content: 'gone', overwrite: false });
    expect(refused.is_error).toBe(true);
    expect(refused.output).toBe(
      'write: a.txt already exists, so it was left unchanged (overwrite: false). To change part of it, use edit; to replace it whole, write it without overwrite: false.',
    );
    expect(refused.structured_output.error).toMatchObject({ code: 'EEXIST', path: 'a.txt' });
    expect(new TextDecoder().decode(await workspace.readFile('/workspace/a.txt'))).toBe('keep me');
    const created = await suite.execute('write', { path: 'b.txt', content: 'new', overwrite: false });
    expect(created.output).toBe('Wrote 3 bytes to b.txt (new file).');
    const replaced = await suite.execute('write', { path: 'a.txt', content: 'replaced', overwrite: true });
    expect(replaced.is_error).toBe(false);
  });
});
