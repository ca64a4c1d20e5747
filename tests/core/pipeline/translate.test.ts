/**
 * The pipeline's translate step (src/core/pipeline/translate.ts): raw calls, peer shapes and repairs made one
 * canonical call.
 * Reaches inside: translateCall's canonical call (its origin, program or call, the parameters a peer gave) is
 * what the later steps see and no result shows; EDIT_REPAIRS, BASH_REPAIRS, EDIT_SPEC, PATCH_PARAMETERS,
 * PeerShape and ToolRepairs are exported by no entry.
 */
import { describe, expect, it } from 'vitest';
import { isStop } from '../../../src/core/pipeline/engine.ts';
import { translateCall } from '../../../src/core/pipeline/translate.ts';
import type { PeerShape, ToolRepairs } from '../../../src/core/types.ts';
import { createToolSuite } from '../../../src/index.ts';
import { EDIT_SPEC } from '../../../src/tools/edit.ts';
import { BASH_REPAIRS, EDIT_REPAIRS } from '../../../src/tools/index.ts';
import { PATCH_PARAMETERS } from '../../../src/tools/patch-call.ts';
import { named, OBJECT, testCall, testEngine } from './fixture.ts';

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

  it('hands a peer shape that is several calls on as a program of the tool it found', () => {
    const engine = testEngine();
    const edit = engine.catalog.register({ name: 'edit', parameters: SCHEMA }, 'direct', undefined, {
      repairs: EDIT_REPAIRS,
    });
    const args = { command: 'view', path: 'a.txt' };
    const translated = translateCall(engine, testCall(), named('str_replace_based_edit_tool', args));
    expect(translated).toMatchObject({ kind: 'program', tool: edit });
  });

  it("makes a peer shape that is one call of the tool a canonical call, not a program (the text editor's str_replace)", () => {
    const engine = testEngine();
    const edit = engine.catalog.register(
      { name: 'edit', parameters: EDIT_SPEC.parameters },
      'direct',
      undefined,
      {
        repairs: EDIT_REPAIRS,
      },
    );
    const args = { command: 'str_replace', path: 'a.txt', old_str: 'a' };
    expect(translateCall(engine, testCall(), named('str_replace_editor', args))).toEqual({
      kind: 'call',
      name: 'edit',
      tool: edit,
      arguments: { path: 'a.txt', oldText: 'a', newText: '' },
      received: args,
      origin: { called: 'str_replace_editor', alias: 'str_replace_editor', peer: "Anthropic's text editor" },
    });
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
    const translated = translateCall(engine, testCall(), named(' Read ', '{"file_path":"a.txt"}'));
    expect(translated).toEqual({
      kind: 'call',
      name: 'read',
      tool: engine.catalog.get('read'),
      arguments: { path: 'a.txt' },
      received: '{"file_path":"a.txt"}',
      origin: { called: 'Read', alias: 'Read' },
    });
  });

  it('a patch sent to the shell becomes an edit call, with the peer shape in its origin', () => {
    const engine = testEngine();
    engine.catalog.register({ name: 'bash', parameters: OBJECT }, 'direct', undefined, {
      repairs: BASH_REPAIRS,
    });
    const patch = '*** Begin Patch\n*** Add File: a.txt\n+hi\n*** End Patch';
    const translated = translateCall(engine, testCall(), named('bash', { command: ['apply_patch', patch] }));
    if (isStop(translated) || translated.kind !== 'call') throw new Error('not translated to a call');
    expect(translated.name).toBe('edit');
    expect(translated.origin).toEqual({
      called: 'bash',
      peer: "Codex's apply_patch through the shell",
      reportAs: 'apply_patch',
    });
    expect(Object.keys(translated.arguments)).toEqual(['patch']);
    expect(translated.parameters).toBe(PATCH_PARAMETERS);
    // No edit is registered here: resolve answers for the name, as for any unknown one.
    expect(translated.tool).toBeUndefined();
  });

  it('a redirect that brings no schema of its own gets the target tool repairs, as a call made to it', async () => {
    const { suite, calls } = recording('read', { parameters: { path: ['file_path'] } });
    const repairs = { peers: { 'a peer shell': { redirect: { tool: 'read' } } } };
    suite.register({ name: 'shell', parameters: OBJECT }, 'direct', () => 'shell ran', { repairs });
    expect(await suite.execute('shell', { file_path: 'a.txt' })).toMatchObject({
      output: 'ran',
      is_error: false,
    });
    expect(calls).toEqual([{ path: 'a.txt' }]);
  });

  it('a peer translation that cannot make sense of a call ends it with its refusal', () => {
    const engine = testEngine();
    engine.catalog.register({ name: 'edit', parameters: SCHEMA }, 'direct', undefined, {
      repairs: EDIT_REPAIRS,
    });
    const translated = translateCall(engine, testCall(), named('apply_patch', {}));
    expect(isStop(translated) && translated.stop.output).toBe(
      'apply_patch needs the patch text in "input". Or call edit with path, oldText and newText.',
    );
  });
  it('reads a call in a model API shape itself and records the format in the origin', () => {
    const engine = testEngine();
    const read = engine.catalog.register({ name: 'read', parameters: SCHEMA }, 'direct');
    const raw = { type: 'tool_use', id: 'toolu_1', name: 'read', input: { path: 'a.txt' } };
    expect(translateCall(engine, testCall(), { kind: 'raw', call: raw })).toEqual({
      kind: 'call',
      name: 'read',
      tool: read,
      arguments: { path: 'a.txt' },
      received: { path: 'a.txt' },
      origin: { called: 'read', format: 'anthropic' },
    });
    const stopped = translateCall(engine, testCall(), { kind: 'raw', call: { type: 'tool_use', input: {} } });
    expect(isStop(stopped) && stopped.stop.output).toBe(
      'The tool call has no tool name. Send a call with the name of one of the declared tools and its arguments.',
    );
  });

  it('tries the peer shapes in order: a name or marker that does not fit, or code that declines, passes to the next', () => {
    const engine = testEngine();
    const schema = { type: 'object', properties: { n: { type: 'number' }, unit: { type: 'string' } } };
    const peers: Record<string, PeerShape> = {
      'another peer': { names: ['other'], defaults: { unit: 'other' } },
      'a marked shape': {
        marker: 'millis',
        convert: [{ kind: 'scale', from: 'millis', to: 'n', divisor: 1000 }],
      },
      'code that declines': { translate: () => undefined },
      'the peer': { names: ['probe_tool'], defaults: { unit: 's' } },
    };
    engine.catalog.register({ name: 'probe', parameters: schema }, 'direct', undefined, {
      repairs: { aliases: ['probe_tool'], peers },
    });
    const translate = (args: Record<string, unknown>) => {
      const translated = translateCall(engine, testCall(), named('probe_tool', args));
      if (isStop(translated) || translated.kind !== 'call') throw new Error('not translated to a call');
      return [translated.origin.peer, translated.arguments];
    };
    expect(translate({ n: 2 })).toEqual(['the peer', { n: 2, unit: 's' }]);
    expect(translate({ millis: 1500 })).toEqual(['a marked shape', { n: 1.5 }]);
  });

  it('reads a bare-text payload under the key its peer shape names, and only for that peer', () => {
    const engine = testEngine();
    const schema = { type: 'object', properties: { input: { type: 'string' } } };
    const peers = {
      'a freeform peer': { names: ['freeform'], text: { key: 'input', startsWith: ['BEGIN'] } },
    };
    engine.catalog.register({ name: 'probe', parameters: schema }, 'direct', undefined, {
      repairs: { aliases: ['freeform'], peers },
    });
    const translated = translateCall(engine, testCall(), named('freeform', '  BEGIN text'));
    expect(!isStop(translated) && translated.kind === 'call' && translated.arguments).toEqual({
      input: '  BEGIN text',
    });
    const plain = translateCall(engine, testCall(), named('probe', 'BEGIN text'));
    expect(isStop(plain) && plain.stop.output.split('\n')[0]).toBe('Invalid arguments for probe:');
  });
});
