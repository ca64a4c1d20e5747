/**
 * The budget of `structured_output` and `details`: a host tool's result whose JSON in either is over
 * the limit (1 MiB by default) is spilled whole where `read` pages through it and replaced by a marker
 * (structured_output, with a notice in `output`) or by the entries that fit (details). A tool that cuts
 * its own output keeps its channels as they are; small results are left alone.
 */
import { describe, expect, it } from 'vitest';
import { createCoreSuite, createToolSuite, DEFAULT_OUTPUT_BUDGET, ToolError } from '../../src/index.ts';

const MB20 = 20 * 1024 * 1024;

describe('the channel budget of host tools', () => {
  it('a 20 MB structured_output and details: spilled, replaced, named in output; the result stays small', {
    timeout: 60_000,
  }, async () => {
    const suite = createToolSuite({ builtins: ['read'] });
    const rows = Array.from({ length: 20 * 1024 }, (_, index) => ({ id: index, text: 'r'.repeat(1000) }));
    suite.register({ name: 'dump' }, 'direct', () => ({
      output: 'done',
      structured_output: { rows },
      details: { source: 'test', blob: 'b'.repeat(MB20), note: 'kept' },
    }));
    const result = await suite.execute('dump', {});
    expect(result.is_error).toBe(false);
    const marker = result.structured_output.structured_output_truncated as Record<string, unknown>;
    const structuredPath = String(marker.spilled_path);
    expect(structuredPath).toMatch(/\/dump-\d+-\d+\.log$/);
    const total = JSON.stringify({ rows }).length;
    expect(result.structured_output).toEqual({
      structured_output_truncated: {
        total_bytes: total,
        limit_bytes: 1_048_576,
        spilled_path: structuredPath,
      },
    });
    expect(result.output).toBe(
      `done\n\n[structured_output was cut: its JSON is 20.0MB, over the 1.0MB limit. The full JSON is in ${structuredPath}: read it for the rest.]`,
    );
    const cut = result.details.details_truncated as Record<string, unknown>;
    expect(result.details.source).toBe('test');
    expect(result.details.note).toBe('kept');
    expect(result.details.blob).toBeUndefined();
    expect(cut.dropped_keys).toEqual(['blob']);
    expect(cut.limit_bytes).toBe(1_048_576);
    expect(JSON.stringify(result).length).toBeLessThan(10_000);
    const workspace = await suite.getWorkspace();
    const saved = new TextDecoder().decode(await workspace.readFile(structuredPath));
    expect(JSON.parse(saved)).toEqual({ rows });
    const savedDetails = new TextDecoder().decode(await workspace.readFile(String(cut.spilled_path)));
    expect(JSON.parse(savedDetails).blob).toHaveLength(MB20);
    const page = await suite.execute('read', { path: structuredPath, limit: 3 });
    expect(page.output.split('\n').slice(0, 3)).toEqual(['{', '  "rows": [', '    {']);
  });

  it('an error result keeps its error object; without a spill the notice says the rest is not kept', async () => {
    const suite = createCoreSuite({ workspace: {} });
    suite.register({ name: 'fail_big' }, 'direct', () => {
      throw new ToolError('It broke.', { code: 'BROKE', details: { dump: 'd'.repeat(2 * 1024 * 1024) } });
    });
    suite.register({ name: 'big' }, 'direct', () => ({
      output: 'ok',
      structured_output: { text: 's'.repeat(1_100_000) },
      is_error: true,
    }));
    const failed = await suite.execute('fail_big', {});
    expect(failed.is_error).toBe(true);
    expect(failed.details.dump).toBeUndefined();
    expect(failed.details.details_truncated).toEqual({
      total_bytes: 2 * 1024 * 1024 + 27,
      limit_bytes: 1_048_576,
      dropped_keys: ['dump'],
    });
    const big = await suite.execute('big', {});
    expect(big.output).toBe(
      'ok\n\n[structured_output was cut: its JSON is 1.0MB, over the 1.0MB limit. The rest is not kept; call big again in a way that returns less.]',
    );
    expect(big.structured_output).toEqual({
      structured_output_truncated: { total_bytes: 1_100_070, limit_bytes: 1_048_576 },
      error: { code: 'TOOL_FAILED', message: 'ok', tool: 'big' },
    });
  });

  it('follows maxChannelBytes for every tool, those that cut their own output too; small results are left alone', async () => {
    const suite = createCoreSuite({ workspace: {}, outputBudget: { maxChannelBytes: 100 } });
    suite.register({ name: 'small' }, 'direct', () => ({ output: 'ok', structured_output: { a: 1 } }));
    suite.register({ name: 'medium' }, 'direct', () => ({
      output: 'ok',
      structured_output: { a: 'x'.repeat(200) },
    }));
    suite.register(
      { name: 'own' },
      'direct',
      () => ({ output: 'ok', structured_output: { a: 'x'.repeat(200) } }),
      { outputBudget: false },
    );
    expect((await suite.execute('small', {})).structured_output).toEqual({ a: 1 });
    expect((await suite.execute('medium', {})).structured_output).toEqual({
      structured_output_truncated: { total_bytes: 208, limit_bytes: 100 },
    });
    expect((await suite.execute('own', {})).structured_output).toEqual({
      structured_output_truncated: { total_bytes: 208, limit_bytes: 100 },
    });
    expect(DEFAULT_OUTPUT_BUDGET.maxChannelBytes).toBe(1_048_576);
  });
  it("holds a built-in's details to the budget: a write of 2.5 MiB keeps its figures and names the diff it dropped", async () => {
    const suite = createToolSuite();
    const session = suite.createSession();
    const content = 'x'.repeat(2.5 * 1024 * 1024);
    const result = await suite.execute('write', { path: 'large.txt', content }, { session });
    expect(result.output).toBe('Wrote 2621440 bytes to large.txt (new file).');
    const {
      duration_ms: _duration,
      details_truncated: cut,
      ...kept
    } = result.details as Record<string, unknown>;
    expect(kept).toEqual({ line_count: 1, bytes_written: 2_621_440, created: true });
    // Its size varies with duration_ms's digits. Nothing is spilled: that would take the workspace's room.
    const { total_bytes: total, ...limits } = cut as Record<string, unknown>;
    expect(limits).toEqual({ limit_bytes: 1_048_576, dropped_keys: ['diff'] });
    expect(total).toBeGreaterThan(2_621_440);
    expect((await suite.execute('bash', { command: 'ls -A /tmp/tool-output' }, { session })).output).toBe(
      '(no output)',
    );
  });
});
