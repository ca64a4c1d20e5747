/**
 * `execute` and `executeCall` with arbitrary names and arbitrary JSON arguments never throw, and every
 * result has exactly the result keys with a numeric `details.duration_ms` (the invariants and rows 48-53 of tests/faults/README.md).
 * Tool names are drawn from the real catalog, from near misses and aliases, and from arbitrary strings,
 * so both the refusal paths and the tools themselves are exercised.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createToolSuite } from '../../src/index.ts';
import { expectNoLeak, expectResultShape } from '../../src/testing/index.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';
import { fuzzRuns } from './runs.ts';

const RUNS = fuzzRuns(300);

const NAMES = [
  'read',
  'write',
  'edit',
  'ls',
  'find',
  'grep',
  'bash',
  'tool_search',
  'Read',
  'str_replace_editor',
  'apply_patch',
  'run_terminal_cmd',
  'Bash',
  'reed',
  'hidden_tool',
  'deferred_tool',
  '',
  ' ',
  '__proto__',
  'constructor',
];

const KEYS = ['path', 'content', 'oldText', 'newText', 'edits', 'pattern', 'query', 'offset', 'limit', 'cwd'];

/** JSON values, biased towards objects with the keys the built-ins read. */
const argumentsArbitrary = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(...KEYS, '__proto__', 'constructor', 'input'),
    fc.jsonValue({ maxDepth: 2 }),
    {
      maxKeys: 5,
    },
  ),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc.string(),
);

describe('execute: properties', () => {
  it('never throws; every result has exactly the result keys and a numeric duration', async () => {
    const workspace = await createJustBashWorkspace({ files: { 'a.txt': 'alpha\nbeta\n', 'src/b.ts': 'x' } });
    const suite = createToolSuite({ workspace });
    suite.register({ name: 'hidden_tool', description: 'Hidden.' }, 'hidden', () => 'never');
    suite.register({ name: 'deferred_tool', description: 'Deferred.' }, 'deferred', () => 'later');
    const session = suite.createSession();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 40 }), fc.jsonValue({ maxDepth: 1 })),
        argumentsArbitrary,
        fc.constantFrom('model', 'codemode'),
        async (name, args, caller) => {
          let threw: unknown;
          try {
            const result = await suite.execute(name as string, args, { session, caller });
            expectResultShape(result);
            expectNoLeak(result.output);
          } catch (error) {
            threw = error;
          }
          expect(threw).toBeUndefined();
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('executeCall never throws on arbitrary raw calls either', async () => {
    const suite = createToolSuite({ builtins: ['tool_search'] });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue({ maxDepth: 3 }),
          fc.record({ name: fc.constantFrom(...NAMES), arguments: argumentsArbitrary }),
          fc.record({
            type: fc.constant('function'),
            function: fc.record({ name: fc.constantFrom(...NAMES), arguments: fc.string() }),
          }),
        ),
        async (call) => {
          const result = await suite.executeCall(call as never);
          expectResultShape(result);
        },
      ),
      { numRuns: RUNS },
    );
  }, 60_000);
});
