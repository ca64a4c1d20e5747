/** read with non-default budgets: the notices follow the options, and a too-large image is refused. */
import { describe, expect, it } from 'vitest';
import { createToolSuite, type ReadToolOptions, type ToolSuite, type Workspace } from '../../src/index.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';

async function suiteWith(
  options: ReadToolOptions,
  files: Record<string, string | Uint8Array>,
): Promise<ToolSuite<Workspace>> {
  const workspace = await createJustBashWorkspace({ files });
  return createToolSuite({ workspace, builtins: ['read'], builtinOptions: { read: options } });
}

describe('read options', () => {
  it('maxLines and maxBytes set the page size and are named in the notice', async () => {
    const suite = await suiteWith(
      { maxLines: 3, maxBytes: 20 },
      { 'a.txt': 'l1\nl2\nl3\nl4\nl5\n', 'b.txt': 'abcdefghij\nklmnopqrst\nuv\n' },
    );
    expect((await suite.execute('read', { path: 'a.txt' })).output).toBe(
      'l1\nl2\nl3\n\n[Lines 1-3 of 5 shown (3-line limit). Use offset=4 to continue.]',
    );
    expect((await suite.execute('read', { path: 'a.txt', limit: 10 })).output).toBe(
      'l1\nl2\nl3\n\n[Lines 1-3 of 5 shown (3-line limit). Use offset=4 to continue.]',
    );
    expect((await suite.execute('read', { path: 'b.txt' })).output).toBe(
      'abcdefghij\n\n[Line 1 of 3 shown (20B limit). Use offset=2 to continue.]',
    );
  });

  it('an image over maxImageBytes is an error that names its size and the limit', async () => {
    const png = new Uint8Array(2048);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const suite = await suiteWith({ maxImageBytes: 1024 }, { 'big.png': png });
    const result = await suite.execute('read', { path: 'big.png' });
    expect(result.is_error).toBe(true);
    expect(result.output).toBe(
      'read: big.png is an image/png file of 2.0KB, more than the 1.0KB read returns, so it is not shown. Ask the user for a smaller image.',
    );
  });
});

describe('createToolSuite builtinOptions', () => {
  it("passes each built-in tool its options, and leaves the others' defaults", async () => {
    const workspace = await createJustBashWorkspace({ files: { 'a.txt': 'l1\nl2\nl3\nl4\nl5\n' } });
    const suite = createToolSuite({
      workspace,
      builtinOptions: { read: { maxLines: 2 }, bash: { defaultTimeoutSeconds: 1 } },
    });
    expect((await suite.execute('read', { path: 'a.txt' })).output).toBe(
      'l1\nl2\n\n[Lines 1-2 of 5 shown (2-line limit). Use offset=3 to continue.]',
    );
    const slow = await suite.execute('bash', { command: 'sleep 3' });
    expect(slow.is_error).toBe(true);
    expect(slow.structured_output.error).toMatchObject({ code: 'COMMAND_TIMED_OUT' });
    const plain = createToolSuite({ workspace });
    expect((await plain.execute('read', { path: 'a.txt' })).output).toBe('l1\nl2\nl3\nl4\nl5');
  });
});
