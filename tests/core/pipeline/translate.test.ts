import { describe, expect, it } from 'vitest';
import { isStop } from '../../../src/core/pipeline/engine.ts';
import { translateCall } from '../../../src/core/pipeline/translate.ts';
import type { ToolRepairs } from '../../../src/core/types.ts';
import { createToolSuite } from '../../../src/index.ts';
import { BASH_REPAIRS, EDIT_REPAIRS } from '../../../src/tools/index.ts';
import { OBJECT, testCall, testEngine } from './fixture.ts';

const SCHEMA = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };

/** A suite with one tool, `name`, that records the arguments it runs with. */
function recording(name = 'read', repairs?: ToolRepairs) {
  const suite = createToolSuite({ builtins: false });
  const calls: unknown[] = [];
  const run = (args: Record<string, unknown>): string => {
    calls.push(args);
    return 'ran';
  };
  suite.register({ name, parameters: SCHEMA }, 'direct', run, repairs ? { repairs } : {});
  return { suite, calls };
}

describe('pipeline: translate', () => {
  it('parses a JSON string of arguments into the object the tool runs with', async () => {
    const { suite, calls } = recording();
    expect(await suite.execute('read', '{"path":"a.txt"}')).toMatchObject({ is_error: false });
    expect(calls).toEqual([{ path: 'a.txt' }]);
  });

  it('stops arguments that cannot be an object with the invalid-arguments error', async () => {
    const { suite, calls } = recording();
    const result = await suite.execute('read', '{not json');
    expect(result.output.split('\n')[0]).toBe('Invalid arguments for read:');
    expect(result.structured_output.error).toMatchObject({ code: 'INVALID_ARGUMENTS' });
    expect(calls).toEqual([]);
  });

  it('hands a peer tool with semantics of its own to its adapter', () => {
    const engine = testEngine();
    engine.catalog.register({ name: 'edit', parameters: SCHEMA }, 'direct', undefined, {
      repairs: EDIT_REPAIRS,
    });
    const args = { command: 'view', path: 'a.txt' };
    const translated = translateCall(engine, testCall(args), 'str_replace_based_edit_tool');
    expect(!isStop(translated) && translated.kind).toBe('adapter');
  });

  it('knows no peer tool itself: a tool without repairs gets the arguments as sent', async () => {
    const { suite, calls } = recording('edit');
    await suite.execute('edit', { command: 'view', path: 'a.txt' });
    expect(calls).toEqual([{ command: 'view', path: 'a.txt' }]);
    expect((await suite.execute('str_replace_based_edit_tool', { path: 'a.txt' })).output).toMatch(
      /^Unknown tool "str_replace_based_edit_tool"/,
    );
  });

  it('turns a raw call into a canonical one: the registered name, repaired arguments, how it was called', () => {
    const engine = testEngine();
    engine.catalog.register({ name: 'read', parameters: SCHEMA }, 'direct', undefined, {
      repairs: { parameters: { path: ['file_path'] } },
    });
    expect(translateCall(engine, testCall('{"file_path":"a.txt"}'), ' Read ')).toEqual({
      kind: 'call',
      name: 'read',
      arguments: { path: 'a.txt' },
      origin: { called: 'Read', alias: 'Read' },
    });
  });

  it('a patch sent to the shell becomes an edit call, with the redirect in its origin', () => {
    const engine = testEngine();
    engine.catalog.register({ name: 'bash', parameters: OBJECT }, 'direct', undefined, {
      repairs: BASH_REPAIRS,
    });
    const patch = '*** Begin Patch\n*** Add File: a.txt\n+hi\n*** End Patch';
    const translated = translateCall(engine, testCall({ command: ['apply_patch', patch] }), 'bash');
    if (isStop(translated) || translated.kind !== 'call') throw new Error('not translated to a call');
    expect(translated.name).toBe('edit');
    expect(translated.origin).toMatchObject({
      called: 'bash',
      redirect: { name: 'edit', reportAs: 'apply_patch' },
    });
    expect(Object.keys(translated.arguments)).toEqual(['patch']);
  });

  it('a redirect that brings no schema of its own gets the target tool repairs, as a call made to it', async () => {
    const { suite, calls } = recording('read', { parameters: { path: ['file_path'] } });
    const repairs = { redirect: () => ({ name: 'read', args: { file_path: 'a.txt' } }) };
    suite.register({ name: 'shell', parameters: OBJECT }, 'direct', () => 'shell ran', { repairs });
    expect(await suite.execute('shell', {})).toMatchObject({ output: 'ran', is_error: false });
    expect(calls).toEqual([{ path: 'a.txt' }]);
  });

  it('a repair hook that cannot make sense of a call ends it with its message', async () => {
    const engine = testEngine();
    engine.catalog.register({ name: 'edit', parameters: SCHEMA }, 'direct', undefined, {
      repairs: EDIT_REPAIRS,
    });
    const translated = translateCall(engine, testCall({}), 'apply_patch');
    expect(isStop(translated) && translated.stop.output).toBe(
      'apply_patch needs the patch text in "input". Or call edit with path, oldText and newText.',
    );
  });
});
