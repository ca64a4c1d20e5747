/**
 * grep details the conformance suite does not reach: its options (entry cap, byte budget, line clip,
 * concurrency), patterns whose meaning needs the per-line path, CRLF files, context groups that touch,
 * and a spill directory inside the root.
 */
import { describe, expect, it } from 'vitest';
import { createToolSuite, type GrepToolOptions, type ToolResult, type Workspace } from '../../src/index.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';

async function grep(
  files: Record<string, string | Uint8Array>,
  options: GrepToolOptions = {},
  change: (workspace: Workspace) => Workspace = (workspace) => workspace,
): Promise<(args: Record<string, unknown>) => Promise<ToolResult>> {
  const workspace = change(await createJustBashWorkspace({ files }));
  const suite = createToolSuite({ workspace, builtins: ['grep'], builtinOptions: { grep: options } });
  return (args) => suite.execute('grep', args);
}

describe('grep tool', () => {
  it('says when the walk stopped at its entry cap', async () => {
    const call = await grep({ 'a/1.txt': 'hit', 'a/2.txt': 'hit', 'b/3.txt': 'hit' }, { maxEntries: 3 });
    const result = await call({ pattern: 'hit' });
    expect(result.output).toBe(
      'a/1.txt:1: hit\na/2.txt:1: hit\n\n[Stopped after visiting 3 entries; some files were not searched. Search a narrower path.]',
    );
    expect(result.structured_output).toMatchObject({ truncated: true });
    expect((await call({ pattern: 'absent' })).output).toBe(
      'No matches for "absent" in the workspace.\n\n[Stopped after visiting 3 entries; some files were not searched. Search a narrower path.]',
    );
  });

  it('cuts the output at the byte budget, at a whole line, and says how to narrow', async () => {
    const files: Record<string, string> = {};
    for (let index = 0; index < 10; index += 1) files[`f${index}.txt`] = `match ${'x'.repeat(40)}\n`;
    const call = await grep(files, { maxBytes: 200 });
    const result = await call({ pattern: 'match' });
    const line = (index: number): string => `f${index}.txt:1: match ${'x'.repeat(40)}`;
    expect(result.output).toBe(
      `${[0, 1, 2].map(line).join('\n')}\n\n[Output cut at 200B: 3 of 10 lines shown. Narrow pattern, path or glob, or use a lower limit.]`,
    );
    expect(result.structured_output).toMatchObject({ match_count: 10, truncated: true });
  });

  it('clips lines at the configured length', async () => {
    const call = await grep({ 'a.txt': 'abcdefghij needle\n' }, { maxLineChars: 5 });
    expect((await call({ pattern: 'needle' })).output).toBe(
      'a.txt:1: abcde... [truncated]\n\n[Some lines were clipped at 5 characters; use read to see them whole.]',
    );
  });

  it('gives the same results whatever the number of files read at once', async () => {
    const files: Record<string, string> = {};
    for (let index = 0; index < 40; index += 1)
      files[`d${index % 4}/f${index}.txt`] = index % 3 ? 'no' : 'yes';
    const serial = await (await grep(files, { concurrency: 1 }))({ pattern: 'yes', limit: 7 });
    const wide = await (await grep(files, { concurrency: 64 }))({ pattern: 'yes', limit: 7 });
    expect(wide.output).toBe(serial.output);
    expect(serial.structured_output).toMatchObject({ match_count: 7, truncated: true });
  });

  it('patterns anchored to the whole text (\\A, \\z) or turning multi-line mode off still match per line', async () => {
    const call = await grep({ 'a.txt': 'first\nsecond\nthird\n', 'bom.txt': '\uFEFFsecond line\n' });
    expect((await call({ pattern: '\\Asecond' })).output).toBe('a.txt:2: second\nbom.txt:1: second line');
    expect((await call({ pattern: 'd\\z' })).output).toBe('a.txt:2: second\na.txt:3: third');
    expect((await call({ pattern: '(?-m)^third$' })).output).toBe('a.txt:3: third');
    expect((await call({ pattern: '^S', ignoreCase: true })).output).toBe(
      'a.txt:2: second\nbom.txt:1: second line',
    );
  });

  it('shows CRLF lines without the carriage return, and merges context groups that touch', async () => {
    const call = await grep({ 'w.txt': 'a\r\nhit 1\r\nb\r\nc\r\nhit 2\r\nd\r\ne\r\nf\r\nhit 3\r\n' });
    expect((await call({ pattern: 'hit', context: 1 })).output).toBe(
      [
        'w.txt-1- a',
        'w.txt:2: hit 1',
        'w.txt-3- b',
        'w.txt-4- c',
        'w.txt:5: hit 2',
        'w.txt-6- d',
        '--',
        'w.txt-8- f',
        'w.txt:9: hit 3',
      ].join('\n'),
    );
  });

  it('in count mode, limit counts files', async () => {
    const call = await grep({ 'a.txt': 'x\nx\n', 'b.txt': 'x\n', 'c.txt': 'x\n' });
    const result = await call({ pattern: 'x', outputMode: 'count', limit: 2 });
    expect(result.output).toBe(
      'a.txt:2\nb.txt:1\n\n[2 files shown; more exist. Use limit=4 for more, or narrow pattern, path or glob.]',
    );
    expect(result.structured_output).toEqual({
      counts: [
        { path: 'a.txt', count: 2 },
        { path: 'b.txt', count: 1 },
      ],
      match_count: 3,
      truncated: true,
    });
  });

  it('never searches a spill directory inside the root, and escapes control characters in lines', async () => {
    const call = await grep(
      { '.spill/bash-1.log': 'secret needle', 'a.txt': 'needle\u0007bell\n' },
      {},
      (workspace) => ({ ...workspace, spillDir: `${workspace.root}/.spill` }),
    );
    expect((await call({ pattern: 'needle' })).output).toBe('a.txt:1: needle\\u{7}bell');
  });

  it('a file invalid as UTF-8 counts as binary, like a file with a NUL', async () => {
    const call = await grep({
      'latin1.txt': new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]),
      'ok.txt': 'caf\n',
    });
    const result = await call({ pattern: 'caf' });
    expect(result.output).toBe('ok.txt:1: caf');
    expect(result.details).toMatchObject({ binary_skipped: 1, files_searched: 2 });
  });
});
