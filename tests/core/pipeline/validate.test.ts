import { describe, expect, it } from 'vitest';
import { isStop } from '../../../src/core/pipeline/engine.ts';
import { echo, invalidArgumentsResult, validateCall } from '../../../src/core/pipeline/validate.ts';
import { READ_REPAIRS } from '../../../src/tools/index.ts';
import { testCall, testEngine } from './fixture.ts';

const SCHEMA = {
  type: 'object',
  properties: { path: { type: 'string' }, limit: { type: 'integer' } },
  required: ['path'],
  additionalProperties: false,
};

function tool(name = 'lookup') {
  return testEngine().catalog.register({ name, parameters: SCHEMA }, 'direct');
}

describe('pipeline: validate', () => {
  it('coerces what JSON Schema allows and returns the arguments the tool runs with', () => {
    expect(validateCall(tool(), { path: 'a', limit: '3' }, undefined, undefined, testCall())).toEqual({
      path: 'a',
      limit: 3,
    });
  });

  it('repairs a peer agent parameter name for a built-in', () => {
    const read = testEngine().catalog.register(
      { name: 'read', parameters: { type: 'object', properties: { path: { type: 'string' } } } },
      'direct',
      undefined,
      { repairs: READ_REPAIRS },
    );
    expect(validateCall(read, { file_path: 'a.txt' }, undefined, 'Read', testCall())).toEqual({
      path: 'a.txt',
    });
  });

  it('repairs only what the tool brings: the same name without repairs keeps the argument as sent', () => {
    const read = testEngine().catalog.register(
      { name: 'read', parameters: { type: 'object', properties: { path: { type: 'string' } } } },
      'direct',
    );
    expect(validateCall(read, { file_path: 'a.txt' }, undefined, 'Read', testCall())).toEqual({
      file_path: 'a.txt',
    });
  });

  it('stops with every problem listed and what was sent echoed', () => {
    const sent = { limit: 'x' };
    const validated = validateCall(tool(), sent, undefined, undefined, testCall(sent));
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
