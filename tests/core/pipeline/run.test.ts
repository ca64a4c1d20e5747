/**
 * The pipeline from end to end (src/core/pipeline/run.ts): the steps in order, and one catalog lookup per
 * tool a call runs.
 * Reaches inside: the lookups are counted on a catalog of the test's own handed to runPipeline (no entry lets
 * a suite take one), and the built-ins' *_REPAIRS and the ToolRepairs type are exported by no entry.
 */
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../../src/core/catalog.ts';
import type { Engine } from '../../../src/core/pipeline/engine.ts';
import { runPipeline } from '../../../src/core/pipeline/run.ts';
import type { IncomingCall } from '../../../src/core/pipeline/translate.ts';
import type { ToolRepairs } from '../../../src/core/types.ts';
import {
  BUILTIN_SPECS,
  BUILTIN_TOOL_NAMES,
  type BuiltinToolName,
  createToolSuite,
} from '../../../src/index.ts';
import {
  BASH_REPAIRS,
  EDIT_REPAIRS,
  FIND_REPAIRS,
  GREP_REPAIRS,
  LS_REPAIRS,
  READ_REPAIRS,
  WRITE_REPAIRS,
} from '../../../src/tools/index.ts';
import { named, OBJECT, testEngine } from './fixture.ts';

const REPAIRS: Record<BuiltinToolName, ToolRepairs> = {
  read: READ_REPAIRS,
  write: WRITE_REPAIRS,
  edit: EDIT_REPAIRS,
  bash: BASH_REPAIRS,
  grep: GREP_REPAIRS,
  find: FIND_REPAIRS,
  ls: LS_REPAIRS,
};

/**
 * An engine with the built-ins' specs and repairs (their implementations answer with their name)
 * whose catalog records every lookup. Internal: no public entry hands a suite a catalog of one's own.
 */
function countingEngine(): { engine: Engine; looked: string[] } {
  const engine = testEngine();
  for (const name of BUILTIN_TOOL_NAMES) {
    const echo = (_args: unknown, context: { toolName: string }) => context.toolName;
    engine.catalog.register(BUILTIN_SPECS[name], 'direct', echo, { repairs: REPAIRS[name] });
  }
  const looked: string[] = [];
  const catalog: Catalog = engine.catalog;
  const counting: Catalog = {
    ...catalog,
    get: (name) => {
      looked.push(`get ${name}`);
      return catalog.get(name);
    },
    find: (called) => {
      looked.push(`find ${called}`);
      return catalog.find(called);
    },
  };
  return { engine: { ...engine, catalog: counting }, looked };
}

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

  it('a peer shape of several calls runs each through the steps after translation, as calls of the built-ins', async () => {
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

  describe('looks each tool a call runs up in the catalog once, by whatever name or shape it came', () => {
    const patch = '*** Begin Patch\n*** Add File: a.txt\n+hi\n*** End Patch';
    const cases: [string, IncomingCall, string, string[]][] = [
      ['its own name', named('edit', { path: 'a', oldText: 'x', newText: 'y' }), 'edit', ['find edit']],
      ['a peer alias', named('Edit', { file_path: 'a', old_string: 'x' }), 'edit', ['find Edit']],
      [
        'a model API shape (executeCall)',
        { kind: 'raw', call: { type: 'tool_use', id: 't', name: 'Edit', input: { file_path: 'a' } } },
        'edit',
        ['find Edit'],
      ],
      [
        "the text editor's str_replace: one call of the tool found",
        named('str_replace_based_edit_tool', { command: 'str_replace', path: 'a', old_str: 'x' }),
        'edit',
        ['find str_replace_based_edit_tool'],
      ],
      [
        "Codex's apply_patch: the tool found takes the parsed patch",
        named('apply_patch', { input: patch }),
        'edit',
        ['find apply_patch'],
      ],
      [
        "the text editor's view: the tool found, then the read it runs",
        named('str_replace_editor', { command: 'view', path: 'a' }),
        'read',
        ['find str_replace_editor', 'get read'],
      ],
      [
        'a patch sent to the shell: the shell, then edit',
        named('bash', { command: ['apply_patch', patch] }),
        'edit',
        ['find bash', 'get edit'],
      ],
      [
        'MCP read_multiple_files: three reads of the tool found',
        named('read_multiple_files', { paths: ['a', 'b', 'c'] }),
        'a:\nread\n---\nb:\nread\n---\nc:\nread',
        ['find read_multiple_files'],
      ],
    ];
    for (const [how, incoming, output, lookups] of cases) {
      it(how, async () => {
        const { engine, looked } = countingEngine();
        const result = await runPipeline(engine, incoming, {});
        expect(result).toMatchObject({ output, is_error: false });
        expect(looked).toEqual(lookups);
      });
    }
  });
});
