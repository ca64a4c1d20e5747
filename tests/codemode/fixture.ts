/**
 * The suite every codemode test runs against, in Node (in-process runner) and in the browser page
 * (Worker runner): small fake tools in every exposure mode, tool_search, and an optional policy. Plain
 * module (the test glob never matches it); it must run in a browser, so no Node APIs here.
 */
import {
  type CodemodeHandle,
  type CodemodeOptions,
  type CodemodeRunner,
  enableCodemode,
} from '../../src/codemode/index.ts';
import { createCoreSuite, ToolError, type ToolSession, type ToolSuite } from '../../src/core/index.ts';
import { enableToolSearch } from '../../src/search/index.ts';

/** Which suite a case runs against. */
export type FixtureKind = 'default' | 'policy';

/** What a test gets. */
export interface CodemodeFixture {
  suite: ToolSuite;
  codemode: CodemodeHandle;
  session: ToolSession;
  /** Paths `save` wrote, in call order: the effects a failed script leaves behind. */
  saved: string[];
}

/** Resolves after `ms`, or rejects as soon as `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new Error('aborted'));
      },
      { once: true },
    );
  });
}

const object = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

/**
 * Creates the suite. `policy` asks before `fs_write` (approving only `save` of `approved.txt` from a
 * codemode script), denies `net_write` and allows every other effect.
 */
export function createCodemodeFixture(
  runner: CodemodeRunner,
  kind: FixtureKind = 'default',
  options: Omit<CodemodeOptions, 'runner'> = {},
): CodemodeFixture {
  const saved: string[] = [];
  const suite = createFixtureSuite(kind);
  registerResultTools(suite);
  registerEffectTools(suite, saved);
  enableToolSearch(suite);
  const codemode = enableCodemode(suite, { ...options, runner });
  return { suite, codemode, session: suite.createSession({ id: 'codemode-test' }), saved };
}

/** The core suite, with the `policy` kind's policy and approver (see {@link createCodemodeFixture}). */
function createFixtureSuite(kind: FixtureKind): ToolSuite {
  return createCoreSuite(
    kind === 'policy'
      ? {
          policy: { fs_write: 'ask', net_write: 'deny', default: 'allow' },
          onApproval: (request) =>
            request.caller === 'codemode' && request.arguments.path === 'approved.txt'
              ? true
              : {
                  approved: false,
                  reason: `caller ${request.caller}, path ${String(request.arguments.path)}`,
                },
        }
      : {},
  );
}

/**
 * Tools for every shape of result and failure: structured (`lookup`, and `add`, the codemode-only one),
 * slow (`wait`), never finishing (`hang`), failing (`fail`), text only (`note`) and of any size (`blob`).
 */
function registerResultTools(suite: ToolSuite): void {
  suite.register(
    {
      name: 'lookup',
      description: 'Look up a key.',
      parameters: object({ key: { type: 'string', description: 'The key.' } }, ['key']),
      outputSchema: object({ key: { type: 'string' }, value: { type: 'string' } }, ['key', 'value']),
      effects: ['read'],
    },
    'direct',
    (args) => {
      const key = String(args.key);
      return { output: key.toUpperCase(), structured_output: { key, value: key.toUpperCase() } };
    },
  );
  suite.register(
    {
      name: 'add',
      description: 'Add two numbers.',
      parameters: object({ a: { type: 'number' }, b: { type: 'number' } }, ['a', 'b']),
      outputSchema: object({ sum: { type: 'number' } }, ['sum']),
      effects: [],
    },
    'codemode',
    (args) => {
      const sum = Number(args.a) + Number(args.b);
      return { output: String(sum), structured_output: { sum } };
    },
  );
  suite.register(
    {
      name: 'wait',
      description: 'Wait a few milliseconds.',
      parameters: object({ ms: { type: 'integer', minimum: 0 } }, ['ms']),
      effects: [],
    },
    'direct',
    async (args, context) => {
      await sleep(Number(args.ms), context.signal);
      return { output: 'waited', structured_output: { waited: Number(args.ms) } };
    },
  );
  suite.register(
    { name: 'hang', description: 'Never finishes.', parameters: object({}), effects: [] },
    'direct',
    (_args, context) => sleep(2 ** 31 - 1, context.signal).then(() => 'never'),
  );
  suite.register(
    { name: 'fail', description: 'Always fails.', parameters: object({}), effects: [] },
    'direct',
    () => {
      throw new ToolError('the service said no. Try again later.', { code: 'SERVICE_DOWN' });
    },
  );
  suite.register(
    { name: 'note', description: 'Returns text only.', parameters: object({}), effects: [] },
    'direct',
    () => 'plain note',
  );
  suite.register(
    {
      name: 'blob',
      description: 'Returns `size` characters.',
      parameters: object({ size: { type: 'integer', minimum: 0 } }, ['size']),
      effects: [],
    },
    'direct',
    (args) => ({ output: 'blob', structured_output: { data: 'x'.repeat(Number(args.size)) } }),
    // Above codemode's 1 MB payload cap, so that the cap, not the suite's channel budget, meets its result.
    { outputBudget: { maxChannelBytes: 8 * 1024 * 1024 } },
  );
}

/**
 * Tools the policy and the other exposure modes act on: `save` (fs_write, recorded in `saved`),
 * `publish` (net_write), `secret` (model only), `vault` (hidden) and `archive` (deferred).
 */
function registerEffectTools(suite: ToolSuite, saved: string[]): void {
  suite.register(
    {
      name: 'save',
      description: 'Save a file.',
      parameters: object({ path: { type: 'string' }, content: { type: 'string' } }, ['path', 'content']),
      effects: ['fs_write'],
    },
    'direct',
    (args) => {
      saved.push(String(args.path));
      return { output: 'saved', structured_output: { path: String(args.path), saved: true } };
    },
  );
  suite.register(
    {
      name: 'publish',
      description: 'Publish a post.',
      parameters: object({ text: { type: 'string' } }, ['text']),
      effects: ['net_write'],
    },
    'direct',
    () => 'published',
  );
  suite.register(
    { name: 'secret', description: 'Only the model may call this.', parameters: object({}), effects: [] },
    'model_only',
    () => 'secret',
  );
  suite.register(
    { name: 'vault', description: 'Nobody may call this.', parameters: object({}), effects: [] },
    'hidden',
    () => 'vault',
  );
  suite.register(
    {
      name: 'archive',
      description: 'Search old records by date.',
      parameters: object({ date: { type: 'string' } }, ['date']),
      outputSchema: object({ date: { type: 'string' }, records: { type: 'integer' } }, ['date', 'records']),
      effects: ['read'],
    },
    'deferred',
    (args) => ({ output: 'found', structured_output: { date: String(args.date), records: 3 } }),
  );
}
