/** find details the conformance suite does not reach: its entry cap, byte budget and pattern forms. */
import { describe, expect, it } from 'vitest';
import { createToolSuite, type FindToolOptions, type ToolResult, type Workspace } from '../../src/index.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';

async function find(
  files: Record<string, string>,
  options: FindToolOptions = {},
  change: (workspace: Workspace) => Workspace = (workspace) => workspace,
): Promise<(args: Record<string, unknown>) => Promise<ToolResult>> {
  const workspace = change(await createJustBashWorkspace({ files }));
  const suite = createToolSuite({ workspace, builtins: ['find'], builtinOptions: { find: options } });
  return (args) => suite.execute('find', args);
}

describe('find tool', () => {
  it('says when the walk stopped at its entry cap', async () => {
    const call = await find({ 'a/1.ts': '', 'a/2.ts': '', 'b/3.ts': '' }, { maxEntries: 3 });
    expect((await call({ pattern: '*.ts' })).output).toBe(
      'a/1.ts\na/2.ts\n\n[Stopped after visiting 3 entries; some paths were not looked at. Search a narrower path.]',
    );
  });

  it('cuts the output at the byte budget and says how many paths were shown', async () => {
    const files: Record<string, string> = {};
    for (let index = 0; index < 10; index += 1) files[`file-${index}.txt`] = '';
    const call = await find(files, { maxBytes: 40 });
    const result = await call({ pattern: '*.txt' });
    expect(result.output).toBe(
      'file-0.txt\nfile-1.txt\nfile-2.txt\n\n[Output cut at 40B: 3 of 10 paths shown. Narrow the pattern or path.]',
    );
    expect(result.structured_output).toMatchObject({ truncated: true });
  });

  it('accepts the search directory as an absolute prefix of the pattern, and braces', async () => {
    const call = await find({ 'src/a.ts': '', 'src/b.js': '', 'src/c.md': '' });
    expect((await call({ pattern: '/workspace/src/*.ts' })).output).toBe('src/a.ts');
    expect((await call({ pattern: '*.{ts,js}' })).output).toBe('src/a.ts\nsrc/b.js');
  });

  it('never lists a spill directory inside the root', async () => {
    const call = await find({ '.spill/bash-1.log': '', 'a.log': '' }, {}, (workspace) => ({
      ...workspace,
      spillDir: `${workspace.root}/.spill`,
    }));
    expect((await call({ pattern: '*' })).output).toBe('a.log');
  });

  it('ignore leaves paths out by name or by path, and does not search an ignored directory', async () => {
    const call = await find({ 'src/a.ts': '', 'src/gen/b.ts': '', 'dist/c.ts': '', 'd.log': '' });
    expect((await call({ pattern: '*', ignore: ['dist', '*.log'] })).output).toBe(
      'src/\nsrc/a.ts\nsrc/gen/\nsrc/gen/b.ts',
    );
    expect((await call({ pattern: '*.ts', ignore: ['src/gen'] })).output).toBe('dist/c.ts\nsrc/a.ts');
  });
});
