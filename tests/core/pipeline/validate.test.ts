/**
 * The pipeline's validate step (src/core/pipeline/validate.ts): coercion, repairs, and the invalid-arguments
 * error with its caps.
 * Reaches inside: validateCall gets canonical calls with a peer's own parameters, which only translate
 * builds; invalidArgumentsResult and echo are checked at their caps directly; READ_REPAIRS is exported by no
 * entry.
 */
import { describe, expect, it } from 'vitest';
import type { CanonicalCall } from '../../../src/core/pipeline/engine.ts';
import { isStop } from '../../../src/core/pipeline/engine.ts';
import { echo, invalidArgumentsResult, validateCall } from '../../../src/core/pipeline/validate.ts';
import { createToolSuite } from '../../../src/index.ts';
import { READ_REPAIRS } from '../../../src/tools/index.ts';
import { testEngine } from './fixture.ts';

const SCHEMA = {
  type: 'object',
  properties: { path: { type: 'string' }, limit: { type: 'integer' } },
  required: ['path'],
  additionalProperties: false,
};

function tool(name = 'lookup') {
  return testEngine().catalog.register({ name, parameters: SCHEMA }, 'direct');
}

/** The canonical call translation hands on: the tool's own name, called by it. */
function canonical(args: Record<string, unknown>, name = 'lookup'): CanonicalCall {
  return { kind: 'call', name, tool: undefined, arguments: args, received: args, origin: { called: name } };
}

/** What `read` runs with when called as a peer agent calls it, with or without the tool's repairs. */
async function readRunsWith(args: Record<string, unknown>, repairs?: typeof READ_REPAIRS) {
  const suite = createToolSuite({ builtins: false });
  const calls: unknown[] = [];
  const schema = { type: 'object', properties: { path: { type: 'string' } } };
  suite.register({ name: 'read', parameters: schema }, 'direct', (sent) => String(calls.push(sent)), {
    ...(repairs ? { repairs } : {}),
  });
  await suite.execute('Read', args);
  return calls;
}

describe('pipeline: validate', () => {
  it('coerces what JSON Schema allows and returns the arguments the tool runs with', () => {
    expect(validateCall(tool(), canonical({ path: 'a', limit: '3' }))).toEqual({
      path: 'a',
      limit: 3,
    });
  });

  it('repairs a peer agent parameter name for a built-in', async () => {
    expect(await readRunsWith({ file_path: 'a.txt' }, READ_REPAIRS)).toEqual([{ path: 'a.txt' }]);
  });

  it('repairs only what the tool brings: the same name without repairs keeps the argument as sent', async () => {
    expect(await readRunsWith({ file_path: 'a.txt' })).toEqual([{ file_path: 'a.txt' }]);
  });

  it('checks arguments a peer translation built against the schema it gave for them', () => {
    const patchOnly = { type: 'object', properties: { patch: { type: 'object' } }, required: ['patch'] };
    const call: CanonicalCall = { ...canonical({ patch: {} }), parameters: patchOnly };
    expect(validateCall(tool(), call)).toEqual({ patch: {} });
    const wrong = validateCall(tool(), { ...call, arguments: { patch: 1 } });
    expect(isStop(wrong) && wrong.stop.output.split('\n')[1]).toBe('- patch: expected object, got number 1.');
  });

  it('stops with every problem listed and what was sent echoed', () => {
    const sent = { limit: 'x' };
    const validated = validateCall(tool(), canonical(sent));
    expect(isStop(validated)).toBe(true);
    if (!isStop(validated)) return;
    const lines = validated.stop.output.split('\n');
    expect(lines[0]).toBe('Invalid arguments for lookup:');
    expect(lines.at(-2)).toBe('Received: {"limit":"x"}');
    expect(lines.at(-1)).toBe('Fix the arguments and call lookup again.');
    expect(lines.length).toBeGreaterThan(3);
  });

  it('lists at most 20 problems and counts the rest', () => {
    const problems = Array.from({ length: 23 }, (_, index) => `problem ${index}`);
    const result = invalidArgumentsResult('lookup', problems, {});
    expect(result.output).toContain('- problem 19\n- … and 3 more problems.\n');
    expect(result.structured_output.error).toMatchObject({ problems_omitted: 3 });
  });

  it('echoes at most 600 characters of what was sent', () => {
    expect(echo('x'.repeat(700))).toBe(`${'x'.repeat(600)}… (700 characters)`);
  });
});
