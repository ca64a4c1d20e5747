/**
 * The pipeline's invoke step (src/core/pipeline/invoke.ts) alone: the implementation run with its context,
 * raced against the abort signal.
 * Reaches inside: invokeTool's answer to finish ({ kind: 'returned' | 'thrown' } or a stop, told apart with
 * isStop) is what the test asserts, and no public result shows it; thrownResult is called with errors
 * directly.
 */
import { describe, expect, it } from 'vitest';
import { ToolError, type ToolImplementation } from '../../../src/core/entry.ts';
import { isStop } from '../../../src/core/pipeline/engine.ts';
import { invokeTool, thrownResult } from '../../../src/core/pipeline/invoke.ts';
import { OBJECT, testCall, testEngine } from './fixture.ts';

function setUp(implementation?: ToolImplementation) {
  const engine = testEngine();
  return {
    engine,
    tool: engine.catalog.register({ name: 'probe', parameters: OBJECT }, 'direct', implementation),
  };
}

describe('pipeline: invoke', () => {
  it('runs the implementation with the arguments and a context naming the tool and caller', async () => {
    const { engine, tool } = setUp((args, context) => `${args.n} ${context.toolName} ${context.caller}`);
    expect(await invokeTool(engine, testCall(), tool, { n: 1 })).toEqual({
      kind: 'returned',
      value: '1 probe model',
    });
  });

  it('hands back what the implementation threw, for finish to report', async () => {
    const failure = new Error('boom');
    const { engine, tool } = setUp(() => {
      throw failure;
    });
    expect(await invokeTool(engine, testCall(), tool, {})).toEqual({ kind: 'thrown', error: failure });
  });

  it('stops a tool without an implementation', async () => {
    const { engine, tool } = setUp();
    const invoked = await invokeTool(engine, testCall(), tool, {});
    expect(isStop(invoked) && invoked.stop.structured_output.error).toMatchObject({
      code: 'NOT_IMPLEMENTED',
    });
  });

  it('does not start a call whose signal is already aborted', async () => {
    let ran = false;
    const { engine, tool } = setUp(() => {
      ran = true;
      return 'ran';
    });
    const invoked = await invokeTool(engine, testCall({ signal: AbortSignal.abort() }), tool, {});
    expect(ran).toBe(false);
    expect(isStop(invoked) && invoked.stop.output).toBe(
      'Tool "probe" was aborted before it started, so it did nothing. Call it again if it is still needed.',
    );
  });

  it('an abort while running ends the call as aborted, never as a success', async () => {
    const controller = new AbortController();
    const { engine, tool } = setUp(() => new Promise(() => controller.abort()));
    const invoked = await invokeTool(engine, testCall({ signal: controller.signal }), tool, {});
    expect(isStop(invoked) && invoked.stop.output).toBe(
      'Tool "probe" was aborted before it finished. Its effects, if any, may be partial.',
    );
  });

  it('a ToolError keeps its code and data; anything else is TOOL_FAILED with its first line', () => {
    const explained = thrownResult(
      'probe',
      new ToolError('not found', { code: 'NOT_FOUND', data: { path: 'a' } }),
    );
    expect(explained.output).toBe('probe: not found');
    expect(explained.structured_output.error).toMatchObject({ code: 'NOT_FOUND', path: 'a', tool: 'probe' });
    const thrown = thrownResult('probe', new Error('first\nsecond'));
    expect(thrown.output).toBe('probe: first');
    expect(thrown.structured_output.error).toMatchObject({ code: 'TOOL_FAILED' });
  });
});
