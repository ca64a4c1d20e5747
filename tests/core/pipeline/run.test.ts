import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../../src/core/catalog.ts';
import { runPipeline } from '../../../src/core/pipeline/run.ts';
import { createToolSuite } from '../../../src/index.ts';
import { EDIT_REPAIRS } from '../../../src/tools/index.ts';
import { OBJECT, testEngine } from './fixture.ts';

/** A suite without built-ins: only what a test registers answers. */
function bare(options: Parameters<typeof createToolSuite>[0] = {}) {
  return createToolSuite({ builtins: false, ...options });
}

describe('pipeline: run', () => {
  it('runs every step in order: a valid call of a callable tool reaches the implementation', async () => {
    const suite = bare();
    const schema = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] };
    suite.register({ name: 'double', parameters: schema }, 'direct', (args) => String(Number(args.n) * 2));
    const result = await suite.execute('double', '{"n":"21"}');
    expect(result).toMatchObject({ output: '42', is_error: false });
  });

  it('stops at exposure before validating: a codemode-only tool is refused to the model', async () => {
    const suite = bare();
    suite.register(
      { name: 'inner', parameters: { type: 'object', required: ['x'] } },
      'codemode',
      () => 'ran',
    );
    const result = await suite.execute('inner', {});
    expect(result.output).toBe(
      'Tool "inner" can only be called from codemode scripts, and codemode is not enabled here. Use one of the available tools instead.',
    );
  });

  it('stops at policy before invoking', async () => {
    let ran = false;
    const suite = bare({ policy: { unknown: 'deny' } });
    suite.register({ name: 'probe', parameters: OBJECT }, 'direct', () => {
      ran = true;
      return 'ran';
    });
    const result = await suite.execute('probe', {});
    expect(ran).toBe(false);
    expect(result.structured_output.error).toMatchObject({ code: 'DENIED' });
  });

  it('a peer adapter carries the call out through the pipeline as calls of the built-ins', async () => {
    const suite = bare();
    const read = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };
    const calls: unknown[] = [];
    suite.register({ name: 'read', parameters: read }, 'direct', (args) => {
      calls.push(args);
      return 'contents';
    });
    suite.register({ name: 'edit', parameters: OBJECT }, 'direct', () => 'edited', { repairs: EDIT_REPAIRS });
    await suite.execute('str_replace_based_edit_tool', { command: 'view', path: 'a.txt' });
    expect(calls).toEqual([{ path: 'a.txt' }]);
  });

  it('looks the tool up once after translation: a call by its own name reads the catalog twice in all', async () => {
    const engine = testEngine();
    engine.catalog.register({ name: 'probe', parameters: OBJECT }, 'direct', () => 'ran');
    const looked: string[] = [];
    const catalog: Catalog = engine.catalog;
    const counting: Catalog = {
      ...catalog,
      get: (name) => {
        looked.push(name);
        return catalog.get(name);
      },
    };
    const result = await runPipeline({ ...engine, catalog: counting }, 'probe', {}, {});
    expect(result).toMatchObject({ output: 'ran', is_error: false });
    // One lookup translates the name (whose repairs read the call), one resolves the canonical call.
    expect(looked).toEqual(['probe', 'probe']);
  });
});
