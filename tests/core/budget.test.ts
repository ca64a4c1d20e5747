/**
 * One output budget for every tool: a host tool's output over it is cut, ends with a notice in the
 * built-ins' style, and its full text stays reachable (a spill file `read` pages through, or
 * `details.full_output`). The built-ins cut their own output and are not cut again.
 * Reaches inside: createBashTool (src/tools/bash.ts) registers the built-in bash a second time, under another
 * name and without a budget, as the reference the budgeted built-in is compared with; no entry exports the
 * built-ins' factories.
 */
import { describe, expect, it } from 'vitest';
import {
  createCoreSuite,
  createToolSuite,
  DEFAULT_OUTPUT_BUDGET,
  ToolError,
  type ToolResult,
  UsageError,
} from '../../src/index.ts';
import { createBashTool } from '../../src/tools/bash.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';

const lines = (count: number): string =>
  Array.from({ length: count }, (_, index) => `line ${index + 1}`).join('\n');

async function spilled(result: ToolResult): Promise<string> {
  const path = result.details.spilled_path;
  expect(typeof path).toBe('string');
  return String(path);
}

describe('the output budget of host tools', () => {
  it('2,000,000 characters on one line: the first 50 KB, spilled, with a notice saying how to read on', async () => {
    const suite = createToolSuite({ builtins: ['read'] });
    const text = 'y'.repeat(2_000_000);
    suite.register({ name: 'dump' }, 'direct', () => text);
    const result = await suite.execute('dump', {});
    const path = await spilled(result);
    expect(path).toMatch(/\/dump-\d+-\d+\.log$/);
    expect(result.output).toBe(
      `${'y'.repeat(51_200)}\n\n[First 50.0KB of line 1 shown (50.0KB limit; the output is 1.9MB). The full output is in ${path}: read it with offset=1 for the rest.]`,
    );
    expect(result.is_error).toBe(false);
    expect(result.details.output_truncation).toEqual({
      truncated_by: 'bytes',
      total_lines: 1,
      total_bytes: 2_000_000,
      output_lines: 1,
      output_bytes: 51_200,
    });
    const workspace = await suite.getWorkspace();
    expect(new TextDecoder().decode(await workspace.readFile(path))).toBe(text);
  });

  it('5,000 lines: the first 2,000 lines, and read continues from the next one', async () => {
    const suite = createToolSuite({ builtins: ['read'] });
    suite.register({ name: 'many' }, 'direct', () => ({
      output: lines(5000),
      structured_output: { n: 5000 },
    }));
    const result = await suite.execute('many', {});
    const path = await spilled(result);
    expect(result.output).toBe(
      `${lines(2000)}\n\n[Lines 1-2000 of 5000 shown (2000-line limit). The full output is in ${path}: read it with offset=2001 for the rest.]`,
    );
    expect(result.structured_output).toEqual({ n: 5000 });
    const next = await suite.execute('read', { path, offset: 2001, limit: 1 });
    expect(next.output.split('\n')[0]).toBe('line 2001');
  });

  it('without a callable read the full text is kept in details.full_output', async () => {
    const suite = createToolSuite({ builtins: false });
    const text = lines(3000);
    suite.register({ name: 'many' }, 'direct', () => text);
    const result = await suite.execute('many', {});
    expect(result.output).toBe(
      `${lines(2000)}\n\n[Lines 1-2000 of 3000 shown (2000-line limit). The rest is not shown; call many again in a way that returns less output.]`,
    );
    expect(result.details.full_output).toBe(text);
    expect(result.details.spilled_path).toBeUndefined();
    const hidden = createToolSuite({ builtins: ['read'] });
    hidden.setMode('read', 'model_only');
    hidden.register({ name: 'many' }, 'direct', () => text);
    const fromScript = await hidden.execute('many', {}, { caller: 'codemode' });
    expect(fromScript.details.full_output).toBe(text);
  });

  it('a spill that fails says so and keeps the text in details', async () => {
    const suite = createCoreSuite({
      spill: () => Promise.reject(new Error('ENOSPC: no space left\nat line 2')),
    });
    suite.register({ name: 'many' }, 'direct', () => lines(2500));
    const result = await suite.execute('many', {});
    expect(result.output).toBe(
      `${lines(2000)}\n\n[Lines 1-2000 of 2500 shown (2000-line limit). The full output could not be saved (ENOSPC: no space left); call many again in a way that returns less output.]`,
    );
    expect(result.details.full_output).toBe(lines(2500));
  });

  it('byte limit over whole lines, error results and a thrown error’s output are cut too', async () => {
    const suite = createCoreSuite({ outputBudget: { maxBytes: 20 } });
    suite.register({ name: 'wide' }, 'direct', () => 'aaaaaaaaa\nbbbbbbbbb\nccccccccc');
    suite.register({ name: 'failing' }, 'direct', () => ({
      output: 'aaaaaaaaa\nbbbbbbbbb\nccc',
      is_error: true,
    }));
    suite.register({ name: 'throwing' }, 'direct', () => {
      throw new ToolError('It failed. Try again.', { output: 'aaaaaaaaa\nbbbbbbbbb\nccc' });
    });
    const notice =
      '[Lines 1-2 of 3 shown (20B limit). The rest is not shown; call NAME again in a way that returns less output.]';
    expect((await suite.execute('wide', {})).output).toBe(
      `aaaaaaaaa\nbbbbbbbbb\n\n${notice.replace('NAME', 'wide')}`,
    );
    const failing = await suite.execute('failing', {});
    expect(failing.is_error).toBe(true);
    expect(failing.output).toBe(`aaaaaaaaa\nbbbbbbbbb\n\n${notice.replace('NAME', 'failing')}`);
    const thrown = await suite.execute('throwing', {});
    expect(thrown.output).toBe(
      `aaaaaaaaa\nbbbbbbbbb\n\n${notice.replace('NAME', 'throwing')}\n\nthrowing: It failed. Try again.`,
    );
    expect(thrown.details.full_output).toBe('aaaaaaaaa\nbbbbbbbbb\nccc');
  });

  it('a multi-byte character is never split', async () => {
    const suite = createCoreSuite({ outputBudget: { maxBytes: 10 } });
    suite.register({ name: 'emoji' }, 'direct', () => '😀😀😀😀');
    expect((await suite.execute('emoji', {})).output).toBe(
      '😀😀\n\n[First 8B of line 1 shown (10B limit; the output is 16B). The rest is not shown; call emoji again in a way that returns less output.]',
    );
  });

  it('per tool: its own budget, or false for a tool that cuts its own output', async () => {
    const suite = createCoreSuite();
    suite.register({ name: 'short' }, 'direct', () => lines(5), { outputBudget: { maxLines: 3 } });
    suite.register({ name: 'raw' }, 'direct', () => lines(3000), { outputBudget: false });
    expect((await suite.execute('short', {})).output).toBe(
      `${lines(3)}\n\n[Lines 1-3 of 5 shown (3-line limit). The rest is not shown; call short again in a way that returns less output.]`,
    );
    expect((await suite.execute('raw', {})).output).toBe(lines(3000));
    suite.setMode('short', 'model_only');
    expect(suite.get('short')?.outputBudget).toEqual({ maxLines: 3 });
    expect(() =>
      suite.register({ name: 'bad' }, 'direct', () => '', { outputBudget: { maxLines: 0 } }),
    ).toThrow(new UsageError('tool "bad": outputBudget.maxLines must be a positive integer, got 0.'));
    expect(() => createCoreSuite({ outputBudget: { maxBytes: 1.5 } })).toThrow(
      new UsageError('createToolSuite: outputBudget.maxBytes must be a positive integer, got 1.5.'),
    );
  });

  it('an output within the budget is untouched', async () => {
    const suite = createCoreSuite();
    const text = 'z'.repeat(DEFAULT_OUTPUT_BUDGET.maxBytes);
    suite.register({ name: 'exact' }, 'direct', () => text);
    const result = await suite.execute('exact', {});
    expect(result.output).toBe(text);
    expect(Object.keys(result.details)).toEqual(['duration_ms']);
  });
});

describe('the built-ins are not cut a second time', () => {
  it('bash and read over their own limits give the same bytes as without any suite budget', async () => {
    const files = { 'big.txt': `${lines(4000)}\n` };
    const budgeted = createToolSuite({ workspace: await createJustBashWorkspace({ files }) });
    const unbudgeted = createToolSuite({
      workspace: await createJustBashWorkspace({ files }),
      builtins: ['read'],
    });
    const bash = createBashTool();
    unbudgeted.register({ ...bash.spec, name: 'bash_raw' }, 'direct', bash.implementation, {
      outputBudget: false,
    });
    const strip = (result: ToolResult) => result.output.replace(/\/[^ ]*\.log/g, 'SPILL');
    const command = { command: 'cat big.txt; echo done' };
    expect(strip(await budgeted.execute('bash', command))).toBe(
      strip(await unbudgeted.execute('bash_raw', command)),
    );
    const read = { path: 'big.txt' };
    const output = (await budgeted.execute('read', read)).output;
    expect(output).toBe((await unbudgeted.execute('read', read)).output);
    expect(
      output.endsWith('[Lines 1-2000 of 4000 shown (2000-line limit). Use offset=2001 to continue.]'),
    ).toBe(true);
  });

  it('a replacement that wraps a built-in keeps its budget (none), unless it brings its own', async () => {
    const files = { 'big.txt': `${lines(4000)}\n` };
    const suite = createToolSuite({
      workspace: await createJustBashWorkspace({ files }),
      builtins: ['read'],
    });
    const before = (await suite.execute('read', { path: 'big.txt' })).output;
    const read = suite.get('read');
    const implementation = read?.implementation;
    if (!read || !implementation) throw new Error('read is registered with an implementation');
    suite.register(read.spec, 'direct', (args, context) => implementation(args, context), { replace: true });
    expect(suite.get('read')?.outputBudget).toBe(false);
    expect((await suite.execute('read', { path: 'big.txt' })).output).toBe(before);
    suite.register(read.spec, 'direct', implementation, { replace: true, outputBudget: { maxLines: 2 } });
    const cut = await suite.execute('read', { path: 'big.txt' });
    expect(cut.output).toBe(
      `line 1\nline 2\n\n[Lines 1-2 of 2002 shown (2-line limit). The full output is in ${await spilled(cut)}: read it with offset=3 for the rest.]`,
    );
  });
});
