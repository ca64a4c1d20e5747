/** ls details the conformance suite does not reach: the byte budget, a hidden spill directory, stats. */
import { describe, expect, it } from 'vitest';
import { createToolSuite, type LsToolOptions, type ToolResult, type Workspace } from '../../src/index.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';

async function ls(
  files: Record<string, string>,
  options: LsToolOptions = {},
  change: (workspace: Workspace) => Workspace = (workspace) => workspace,
): Promise<(args: Record<string, unknown>) => Promise<ToolResult>> {
  const workspace = change(await createJustBashWorkspace({ files }));
  const suite = createToolSuite({ workspace, builtins: ['ls'], builtinOptions: { ls: options } });
  return (args) => suite.execute('ls', args);
}

describe('ls tool', () => {
  it('cuts the output at the byte budget and says how to see less', async () => {
    const call = await ls({ 'aaaa.txt': '', 'bbbb.txt': '', 'cccc.txt': '' }, { maxBytes: 10 });
    expect((await call({})).output).toBe(
      'aaaa.txt\n\n[Output cut at 10B: 1 of 3 entries shown. Use a smaller limit, or ignore to leave entries out.]',
    );
  });

  it('hides a spill directory inside the root', async () => {
    const call = await ls({ '.spill/bash-1.log': '', 'a.txt': '' }, {}, (workspace) => ({
      ...workspace,
      spillDir: `${workspace.root}/.spill`,
    }));
    expect((await call({})).output).toBe('a.txt');
  });

  it('stats only the files it shows', async () => {
    const stats: string[] = [];
    const call = await ls({ 'a.txt': 'a', 'b.txt': 'bb', 'c.txt': 'ccc', 'd/x': '' }, {}, (workspace) => ({
      ...workspace,
      stat: (path) => {
        stats.push(path);
        return workspace.stat(path);
      },
    }));
    const result = await call({ limit: 2 });
    expect(result.structured_output).toMatchObject({
      entries: [
        { name: 'a.txt', type: 'file', size: 1 },
        { name: 'b.txt', type: 'file', size: 2 },
      ],
    });
    expect(stats.sort()).toEqual(['/workspace/a.txt', '/workspace/b.txt']);
  });

  it('shows a symlink as name@ when the backend cannot read links', async () => {
    const base = await createJustBashWorkspace({ files: { 'target.txt': '' } });
    expect((await base.exec('ln -s target.txt link')).exitCode).toBe(0);
    const { readlink: _withoutReadlink, ...withoutReadlink } = base;
    const suite = createToolSuite({ workspace: withoutReadlink, builtins: ['ls'] });
    expect((await suite.execute('ls', {})).output).toBe('link@\ntarget.txt');
  });
});
