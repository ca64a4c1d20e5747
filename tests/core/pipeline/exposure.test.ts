/**
 * The pipeline's exposure rules (src/core/pipeline/exposure.ts) alone: which caller may call each mode, and
 * what a refusal says.
 * Reaches inside: isCallable, refusedResult and unknownToolResult are called over a hand-built engine, one
 * mode and caller at a time, with a session from core's createSession; the same refusals through
 * suite.execute are in tests/core/exposure.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { ExposureMode } from '../../../src/core/entry.ts';
import { isCallable, refusedResult, unknownToolResult } from '../../../src/core/pipeline/exposure.ts';
import { createSession } from '../../../src/core/session.ts';
import { OBJECT, testEngine } from './fixture.ts';

function registered(mode: ExposureMode, name = 'probe') {
  const engine = testEngine();
  return { engine, tool: engine.catalog.register({ name, parameters: OBJECT }, mode) };
}

describe('pipeline: exposure', () => {
  it('each mode decides which caller may call the tool', () => {
    const table = (['direct', 'model_only', 'codemode', 'deferred', 'hidden'] as const).map((mode) => {
      const { tool } = registered(mode);
      return [mode, isCallable(tool, 'model', undefined), isCallable(tool, 'codemode', undefined)];
    });
    expect(table).toEqual([
      ['direct', true, true],
      ['model_only', true, false],
      ['codemode', false, true],
      ['deferred', false, false],
      ['hidden', false, false],
    ]);
  });

  it('a deferred tool is callable once its session activated it', () => {
    const { tool } = registered('deferred');
    const session = createSession(() => true);
    session.activate(['probe']);
    expect(isCallable(tool, 'model', session)).toBe(true);
  });

  it('refuses a deferred tool and says it cannot be loaded when there is no tool_search', () => {
    const { engine, tool } = registered('deferred');
    const result = refusedResult(engine, tool, 'model', undefined);
    expect(result.output).toBe(
      'Tool "probe" is not loaded in this session and cannot be loaded here. Use one of the available tools instead.',
    );
    expect(result.structured_output.error).toMatchObject({ code: 'NOT_ACTIVATED' });
  });

  it('refuses a model_only tool to a codemode script', () => {
    const { engine, tool } = registered('model_only');
    expect(refusedResult(engine, tool, 'codemode', undefined).output).toBe(
      'Tool "probe" cannot be called from a codemode script. Return what you have and let the model call it directly.',
    );
  });

  it('an unknown name gets the closest callable names', () => {
    const { engine } = registered('direct', 'lookup');
    expect(unknownToolResult(engine, 'lookpu', 'model', undefined).output).toBe(
      'Unknown tool "lookpu". The closest tools are: lookup. Call one of them by its exact name.',
    );
  });
});
