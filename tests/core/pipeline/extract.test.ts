import { describe, expect, it } from 'vitest';
import { isStop } from '../../../src/core/pipeline/engine.ts';
import { extractCall } from '../../../src/core/pipeline/extract.ts';
import type { ToolRepairs } from '../../../src/core/types.ts';
import { EDIT_REPAIRS } from '../../../src/tools/index.ts';
import { testCall, testEngine } from './fixture.ts';

const SCHEMA = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };

function extract(rawArgs: unknown, name = 'read', alias?: string, repairs?: ToolRepairs) {
  const engine = testEngine();
  const tool = engine.catalog.register({ name, parameters: SCHEMA }, 'direct', undefined, { repairs });
  const resolved = { name, ...(alias ? { alias } : {}) };
  return extractCall({ resolved, tool, calledName: alias ?? name }, testCall(rawArgs));
}

describe('pipeline: extract', () => {
  it('parses a JSON string of arguments into the object the tool runs with', () => {
    expect(extract('{"path":"a.txt"}')).toEqual({
      kind: 'tool',
      name: 'read',
      args: { path: 'a.txt' },
      redirected: { name: 'read', args: { path: 'a.txt' } },
    });
  });

  it('stops arguments that cannot be an object with the invalid-arguments error', () => {
    const extracted = extract('{not json');
    expect(isStop(extracted)).toBe(true);
    if (!isStop(extracted)) return;
    expect(extracted.stop.output.split('\n')[0]).toBe('Invalid arguments for read:');
    expect(extracted.stop.structured_output.error).toMatchObject({ code: 'INVALID_ARGUMENTS' });
  });

  it('hands a peer tool with semantics of its own to its adapter', () => {
    const args = { command: 'view', path: 'a.txt' };
    const extracted = extract(args, 'edit', 'str_replace_based_edit_tool', EDIT_REPAIRS);
    expect(!isStop(extracted) && extracted.kind).toBe('adapter');
  });

  it('knows no peer tool itself: a tool without repairs gets the arguments as sent', () => {
    const extracted = extract({ command: 'view', path: 'a.txt' }, 'edit', 'str_replace_based_edit_tool');
    expect(!isStop(extracted) && extracted.kind).toBe('tool');
  });
});
