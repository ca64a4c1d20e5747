import { describe, expect, it } from 'vitest';
import { runPipeline } from '../../../src/core/pipeline/run.ts';
import { EDIT_REPAIRS } from '../../../src/tools/index.ts';
import { OBJECT, testEngine } from './fixture.ts';

describe('pipeline: run', () => {
  it('runs every step in order: a valid call of a callable tool reaches the implementation', async () => {
    const engine = testEngine();
    const schema = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] };
    engine.catalog.register({ name: 'double', parameters: schema }, 'direct', (args) =>
      String(Number(args.n) * 2),
    );
    const result = await runPipeline(engine, 'double', '{"n":"21"}', {});
    expect(result).toMatchObject({ output: '42', is_error: false });
  });

  it('stops at exposure before validating: a codemode-only tool is refused to the model', async () => {
    const engine = testEngine();
    engine.catalog.register(
      { name: 'inner', parameters: { type: 'object', required: ['x'] } },
      'codemode',
      () => 'ran',
    );
    const result = await runPipeline(engine, 'inner', {}, {});
    expect(result.output).toBe(
      'Tool "inner" can only be called from codemode scripts, and codemode is not enabled here. Use one of the available tools instead.',
    );
  });

  it('stops at policy before invoking', async () => {
    let ran = false;
    const engine = testEngine({ policy: { unknown: 'deny' } });
    engine.catalog.register({ name: 'probe', parameters: OBJECT }, 'direct', () => {
      ran = true;
      return 'ran';
    });
    const result = await runPipeline(engine, 'probe', {}, {});
    expect(ran).toBe(false);
    expect(result.structured_output.error).toMatchObject({ code: 'DENIED' });
  });

  it('a peer adapter carries the call out through the pipeline as calls of the built-ins', async () => {
    const engine = testEngine();
    const read = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };
    const calls: unknown[] = [];
    engine.catalog.register({ name: 'read', parameters: read }, 'direct', (args) => {
      calls.push(args);
      return 'contents';
    });
    engine.catalog.register({ name: 'edit', parameters: OBJECT }, 'direct', () => 'edited', {
      repairs: EDIT_REPAIRS,
    });
    await runPipeline(engine, 'str_replace_based_edit_tool', { command: 'view', path: 'a.txt' }, {});
    expect(calls).toEqual([{ path: 'a.txt' }]);
  });
});
