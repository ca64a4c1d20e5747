/**
 * The pipeline's finish step (src/core/pipeline/finish.ts) alone: a returned value or a thrown error made a
 * ToolResult.
 * Reaches inside: finishReturned, finishThrown and normalizeControl take the value or error directly over a
 * hand-built engine, the name a redirected call reports under included, which otherwise only a peer shape
 * sets.
 */
import { describe, expect, it } from 'vitest';
import { ToolError } from '../../../src/core/entry.ts';
import { finishReturned, finishThrown, normalizeControl } from '../../../src/core/pipeline/finish.ts';
import { createSession } from '../../../src/core/session.ts';
import { OBJECT, testCall, testEngine } from './fixture.ts';

function setUp(outputBudget?: { maxLines: number }) {
  const engine = testEngine();
  const tool = engine.catalog.register({ name: 'probe', parameters: OBJECT }, 'direct', undefined, {
    ...(outputBudget ? { outputBudget } : {}),
  });
  return { engine, tool };
}

describe('pipeline: finish', () => {
  it('a returned string is a success with that output', async () => {
    const { engine, tool } = setUp();
    const result = await finishReturned(engine, testCall(), tool, 'done');
    expect(result).toMatchObject({ output: 'done', is_error: false });
  });

  it('a returned value that is no result is the tool’s bug, said so', async () => {
    const { engine, tool } = setUp();
    const result = await finishReturned(engine, testCall(), tool, { control: 5, output: 'x' });
    expect(result.output).toBe(
      'Tool "probe" returned an invalid result: "control" is malformed (control must be an object). This is a bug in the tool, not in your call; use another tool.',
    );
  });

  it('a result the tool marks as an error keeps its text and gets a TOOL_FAILED error', async () => {
    const { engine, tool } = setUp();
    const result = await finishReturned(engine, testCall(), tool, { output: 'it broke', is_error: true });
    expect(result.is_error).toBe(true);
    expect(result.structured_output.error).toEqual({
      code: 'TOOL_FAILED',
      message: 'it broke',
      tool: 'probe',
    });
  });

  it('cuts output to the tool’s budget', async () => {
    const { engine, tool } = setUp({ maxLines: 2 });
    const result = await finishReturned(engine, testCall(), tool, 'a\nb\nc\nd');
    expect(result.output.startsWith('a\nb')).toBe(true);
    expect(result.output).not.toContain('c\nd');
  });

  it('applies control to the session and reports the tools it activated', async () => {
    const { engine, tool } = setUp();
    const session = createSession(() => true);
    const returned = { output: 'ok', control: { add_tools: [{ name: 'extra' }] } };
    const result = await finishReturned(engine, testCall({ session }), tool, returned);
    expect(result.details.activated_tools).toEqual(['extra']);
    expect(session.isActive('extra')).toBe(true);
  });

  it('a thrown error is reported under the name the model called when redirected', async () => {
    const { engine, tool } = setUp();
    const result = await finishThrown(engine, testCall(), tool, new ToolError('bad patch'), 'apply_patch');
    expect(result.output).toBe('apply_patch: bad patch');
  });

  it('checks control directives', () => {
    expect(normalizeControl({ terminate: { reason: 'done' } })).toEqual({ terminate: { reason: 'done' } });
    expect(() => normalizeControl({ terminate: 'now' })).toThrow(
      'terminate must be true or { reason?: string }',
    );
  });
});
