import { describe, expect, it } from 'vitest';
import {
  type ApprovalRequest,
  BUILTIN_EFFECTS,
  createToolSuite,
  effectVocabulary,
  notImplementedResult,
  ToolError,
  type ToolSuite,
  UsageError,
} from '../../src/index.ts';

const KEYS = ['details', 'is_error', 'output', 'structured_output'];
const empty = { type: 'object', properties: {} };

describe('effects', () => {
  it('vocabulary', () => {
    expect(effectVocabulary()).toEqual(['read', 'fs_write', 'exec', 'net_read', 'net_write', 'state_write']);
  });

  it('lookup order: agent configuration, then the catalog (where each built-in declares its own); null when unknown', () => {
    const suite = createToolSuite({
      agentConfig: { tools: [{ name: 'read', effects: ['net_read'] }, { name: 'no_effects_here' }] },
    });
    suite.register({ name: 'fetch_page', effects: ['net_read'] }, 'direct');
    suite.register({ name: 'mcp_tool', inputSchema: empty, annotations: { readOnlyHint: true } }, 'direct');
    suite.register({ name: 'mystery' }, 'direct');
    suite.register({ name: 'no_effects_here' }, 'direct');
    expect(suite.effects('read')).toEqual(['net_read']);
    expect(suite.effects('fetch_page')).toEqual(['net_read']);
    expect(suite.effects('mcp_tool')).toEqual(['read']);
    expect(suite.effects('mystery')).toBeNull();
    expect(suite.effects('no_effects_here')).toBeNull();
    expect(suite.effects('not_registered')).toBeNull();
  });

  it('built-in table', () => {
    const suite = createToolSuite();
    const table = Object.fromEntries(
      ['read', 'grep', 'find', 'ls', 'tool_search', 'write', 'edit', 'bash'].map((name) => [
        name,
        suite.effects(name),
      ]),
    );
    expect(table).toEqual({
      read: ['read'],
      grep: ['read'],
      find: ['read'],
      ls: ['read'],
      tool_search: ['read'],
      write: ['fs_write'],
      edit: ['read', 'fs_write'],
      bash: ['exec'],
    });
    // Each built-in's effects are declared in its own spec, and the table export is made from them.
    expect(Object.fromEntries(suite.list().map((tool) => [tool.spec.name, tool.spec.effects]))).toEqual(
      table,
    );
    const { tool_search: _searchEffects, ...builtins } = table;
    expect(BUILTIN_EFFECTS).toEqual(builtins);
  });

  it('a catalog spec overrides the built-in table for a same-named tool', () => {
    const suite = createToolSuite({ builtins: false });
    suite.register({ name: 'bash', effects: ['read'] }, 'direct');
    expect(suite.effects('bash')).toEqual(['read']);
  });

  it('a tool that is not registered has unknown effects, whatever its name: core keeps no table of names', () => {
    const suite = createToolSuite({ builtins: false });
    expect(suite.effects('bash')).toBeNull();
    expect(suite.effects('codemode')).toBeNull();
    suite.register({ name: 'bash' }, 'direct');
    expect(suite.effects('bash')).toBeNull();
  });
});

function policySuite(policy: Parameters<typeof createToolSuite>[0] = {}): {
  suite: ToolSuite;
  ran: string[];
} {
  const ran: string[] = [];
  const suite = createToolSuite({ builtins: false, ...policy });
  const tool = (name: string, effects?: string[]) =>
    suite.register({ name, parameters: empty, ...(effects ? { effects } : {}) }, 'direct', () => {
      ran.push(name);
      return `${name} ran`;
    });
  tool('reader', ['read']);
  tool('runner', ['exec']);
  tool('writer', ['read', 'fs_write']);
  tool('unknown_tool');
  return { suite, ran };
}

describe('policy', () => {
  it('no policy allows everything', async () => {
    const { suite, ran } = policySuite();
    for (const name of ['reader', 'runner', 'writer', 'unknown_tool']) await suite.execute(name, {});
    expect(ran).toEqual(['reader', 'runner', 'writer', 'unknown_tool']);
  });

  it('deny: the call never runs and the error names the effect', async () => {
    const { suite, ran } = policySuite({ policy: { exec: 'deny', default: 'allow' } });
    const result = await suite.execute('runner', {});
    expect(ran).toEqual([]);
    expect(result).toMatchObject({
      is_error: true,
      output:
        'Tool "runner" was denied by policy (effect exec), so it did not run. Do not retry it; use a tool without that effect or ask the user.',
      structured_output: { error: { code: 'DENIED', tool: 'runner', effects: ['exec'] } },
    });
    expect((await suite.execute('reader', {})).is_error).toBe(false);
  });

  it('the strictest effect of a tool decides', async () => {
    const { suite, ran } = policySuite({ policy: { read: 'allow', fs_write: 'deny' } });
    expect((await suite.execute('writer', {})).output).toBe(
      'Tool "writer" was denied by policy (effect fs_write), so it did not run. Do not retry it; use a tool without that effect or ask the user.',
    );
    expect(ran).toEqual([]);
  });

  it('unknown effects take the strictest level the policy uses when `unknown` is not listed', async () => {
    const asked = policySuite({ policy: { exec: 'ask', read: 'allow' } });
    expect((await asked.suite.execute('unknown_tool', {})).output).toBe(
      'Tool "unknown_tool" needs approval (unknown effects) but no approver is configured, so it did not run. Ask the user to allow it.',
    );
    const denied = policySuite({ policy: { exec: 'ask', net_write: 'deny' } });
    expect((await denied.suite.execute('unknown_tool', {})).output).toBe(
      'Tool "unknown_tool" was denied by policy (unknown effects), so it did not run. Do not retry it; use a tool without that effect or ask the user.',
    );
    const listed = policySuite({ policy: { exec: 'deny', unknown: 'allow' } });
    expect((await listed.suite.execute('unknown_tool', {})).is_error).toBe(false);
    expect(listed.ran).toEqual(['unknown_tool']);
  });

  it('ask: onApproval decides, with the request it needs', async () => {
    const requests: ApprovalRequest[] = [];
    const { suite, ran } = policySuite({
      policy: { exec: 'ask' },
      onApproval: (request) => {
        requests.push(request);
        return request.arguments.ok === true;
      },
    });
    suite.register(
      {
        name: 'deploy',
        parameters: { type: 'object', properties: { ok: { type: 'boolean' } } },
        effects: ['exec'],
      },
      'direct',
      () => {
        ran.push('deploy');
        return 'deployed';
      },
    );
    expect((await suite.execute('deploy', { ok: 'true' })).output).toBe('deployed');
    const refused = await suite.execute('deploy', { ok: false });
    expect(refused).toMatchObject({
      is_error: true,
      output:
        'The user did not approve tool "deploy" (effect exec). Do not retry the same call; ask the user how to proceed.',
      structured_output: { error: { code: 'NOT_APPROVED' } },
    });
    expect(ran).toEqual(['deploy']);
    expect(requests[0]).toMatchObject({
      tool: 'deploy',
      arguments: { ok: true },
      effects: ['exec'],
      asking: ['exec'],
      caller: 'model',
    });
  });

  it('ask: a refusal reason and a failing approver are reported', async () => {
    const withReason = policySuite({
      policy: { exec: 'ask' },
      onApproval: async () => ({ approved: false, reason: 'not on Fridays' }),
    });
    expect((await withReason.suite.execute('runner', {})).output).toBe(
      'The user did not approve tool "runner" (effect exec): not on Fridays. Do not retry the same call; ask the user how to proceed.',
    );
    const failing = policySuite({
      policy: { exec: 'ask' },
      onApproval: () => {
        throw new Error('dialog closed');
      },
    });
    expect((await failing.suite.execute('runner', {})).output).toBe(
      'Tool "runner" was not approved (effect exec): the approval failed (dialog closed). Ask the user how to proceed.',
    );
    expect(failing.ran).toEqual([]);
  });

  it('policy applies to codemode callers too', async () => {
    const { suite, ran } = policySuite({ policy: { exec: 'deny' } });
    expect((await suite.execute('runner', {}, { caller: 'codemode' })).structured_output).toMatchObject({
      error: { code: 'DENIED' },
    });
    expect(ran).toEqual([]);
  });
});

describe('execute: results and failures', () => {
  it('every result has exactly the contract keys; details always has duration_ms', async () => {
    let clock = 1000;
    const suite = createToolSuite({ builtins: false, now: () => clock });
    suite.register({ name: 'slow', parameters: empty }, 'direct', async () => {
      clock += 42;
      return { output: 'done', structured_output: { ok: true }, details: { line_count: 3 } };
    });
    const result = await suite.execute('slow', {});
    expect(result).toEqual({
      output: 'done',
      structured_output: { ok: true },
      details: { line_count: 3, duration_ms: 42 },
      is_error: false,
    });
  });

  it('a string return is the output; structured_output defaults to {}', async () => {
    const suite = createToolSuite({ builtins: false });
    suite.register({ name: 'hello' }, 'direct', () => 'hi');
    const result = await suite.execute('hello', {});
    expect(result.output).toBe('hi');
    expect(result.structured_output).toEqual({});
    expect(Object.keys(result).sort()).toEqual(KEYS);
  });

  it('not implemented: the exported result, with duration', async () => {
    const suite = createToolSuite({ builtins: false });
    suite.register({ name: 'planned', parameters: empty }, 'direct');
    const result = await suite.execute('planned', {});
    expect({ ...result, details: {} }).toEqual({ ...notImplementedResult('planned'), details: {} });
    expect(result.output).toBe(
      'Tool "planned" is registered but has no implementation in this host yet. Use another tool for this step.',
    );
    expect(result.structured_output).toEqual({
      error: { code: 'NOT_IMPLEMENTED', message: result.output, tool: 'planned' },
    });
    expect(typeof result.details.duration_ms).toBe('number');
  });

  it('every built-in has an implementation', () => {
    expect(
      createToolSuite()
        .list()
        .filter((tool) => !tool.implementation)
        .map((tool) => tool.spec.name),
    ).toEqual([]);
  });

  it('the seven built-ins and tool_search are registered by default, in order', () => {
    const suite = createToolSuite();
    expect(suite.list().map((tool) => [tool.spec.name, tool.mode])).toEqual([
      ['read', 'direct'],
      ['write', 'direct'],
      ['edit', 'direct'],
      ['bash', 'direct'],
      ['grep', 'direct'],
      ['find', 'direct'],
      ['ls', 'direct'],
      ['tool_search', 'model_only'],
    ]);
    expect(createToolSuite({ builtins: false }).list()).toEqual([]);
    expect(
      createToolSuite({ builtins: ['read', 'ls'] })
        .list()
        .map((tool) => tool.spec.name),
    ).toEqual(['read', 'ls']);
  });

  it('unknown tool: lists the closest callable names', async () => {
    const suite = createToolSuite();
    expect((await suite.execute('reed', {})).output).toBe(
      'Unknown tool "reed". The closest tools are: read. Call one of them by its exact name. To find other tools, call tool_search.',
    );
    const plain = createToolSuite({ builtins: ['read', 'write', 'ls'] });
    const result = await plain.execute('teleport', {});
    expect(result.output).toBe('Unknown tool "teleport". Available tools: read, write, ls.');
    expect(result.structured_output).toMatchObject({
      error: { code: 'UNKNOWN_TOOL', tool: 'teleport', suggestions: [] },
    });
  });

  it('unknown tool suggestions never include tools the caller may not call', async () => {
    const suite = createToolSuite({ builtins: false });
    suite.register({ name: 'secret_tool' }, 'hidden');
    suite.register({ name: 'secret_tools' }, 'direct');
    expect((await suite.execute('secret_tol', {})).structured_output).toMatchObject({
      error: { suggestions: ['secret_tools'] },
    });
  });

  it('a thrown ToolError becomes its message, prefixed with the tool, keeping code, data and output', async () => {
    const suite = createToolSuite({ builtins: false });
    suite.register({ name: 'failing' }, 'direct', () => {
      throw new ToolError('Command exited with code 2. Fix the command and run it again.', {
        code: 'EXIT_CODE',
        data: { exit_code: 2 },
        details: { line_count: 1 },
        output: 'ls: nope: No such file',
      });
    });
    expect(await suite.execute('failing', {})).toEqual({
      output:
        'ls: nope: No such file\n\nfailing: Command exited with code 2. Fix the command and run it again.',
      structured_output: {
        error: {
          code: 'EXIT_CODE',
          message: 'failing: Command exited with code 2. Fix the command and run it again.',
          tool: 'failing',
          exit_code: 2,
        },
      },
      details: { line_count: 1, duration_ms: expect.any(Number) },
      is_error: true,
    });
  });

  it('any other throw (or rejection, or non-Error) becomes an error result with its first line', async () => {
    const suite = createToolSuite({ builtins: false });
    suite.register({ name: 'boom' }, 'direct', () => {
      throw new Error('disk on fire\n    at secret (/home/me/x.js:1:1)');
    });
    suite.register({ name: 'reject' }, 'direct', () => Promise.reject('just a string'));
    suite.register({ name: 'weird' }, 'direct', () => {
      throw { not: 'an error' };
    });
    expect((await suite.execute('boom', {})).output).toBe('boom: disk on fire');
    expect((await suite.execute('reject', {})).output).toBe('reject: just a string');
    expect((await suite.execute('weird', {})).output).toBe('weird: unknown error');
  });

  it('an invalid return value is an error result, not a success', async () => {
    const suite = createToolSuite({ builtins: false });
    suite.register({ name: 'bad' }, 'direct', () => 42 as unknown as string);
    suite.register({ name: 'bad_structured' }, 'direct', () => ({
      output: 'x',
      structured_output: [1] as never,
    }));
    suite.register({ name: 'bad_control' }, 'direct', () => ({
      output: 'x',
      control: { add_tools: 'no' } as never,
    }));
    expect((await suite.execute('bad', {})).output).toBe(
      'Tool "bad" returned an invalid result: expected a string or an object with a string "output". This is a bug in the tool, not in your call; use another tool.',
    );
    expect((await suite.execute('bad_structured', {})).is_error).toBe(true);
    expect((await suite.execute('bad_control', {})).output).toBe(
      'Tool "bad_control" returned an invalid result: "control" is malformed (add_tools must be an array of specs). This is a bug in the tool, not in your call; use another tool.',
    );
  });

  it('abort: an aborted call reports it and never succeeds; an already aborted signal never runs', async () => {
    const suite = createToolSuite({ builtins: false });
    let ran = 0;
    suite.register({ name: 'wait' }, 'direct', (_args, context) => {
      ran += 1;
      // Never settles: the boundary must answer on its own once the grace period is over.
      return new Promise(() => context.signal.addEventListener('abort', () => undefined));
    });
    const controller = new AbortController();
    const pending = suite.execute('wait', {}, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    const result = await pending;
    expect(result.is_error).toBe(true);
    expect(result.output).toBe(
      'Tool "wait" was aborted before it finished. Its effects, if any, may be partial.',
    );
    const before = new AbortController();
    before.abort();
    const early = await suite.execute('wait', {}, { signal: before.signal });
    expect(ran).toBe(1);
    expect(early.is_error).toBe(true);
    expect(early.output).toBe(
      'Tool "wait" was aborted before it started, so it did nothing. Call it again if it is still needed.',
    );
    expect(early.structured_output.error).toMatchObject({ code: 'ABORTED', started: false });
  });

  it("abort: the tool's signal follows the caller's, read before or after the abort; without one it never aborts", async () => {
    const suite = createToolSuite({ builtins: false });
    const seen: { aborted: boolean; reason: unknown }[] = [];
    suite.register({ name: 'late_reader' }, 'direct', async (_args, context) => {
      // Reads its signal only after the caller aborted (the tool's own signal is made on first read).
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen.push({ aborted: context.signal.aborted, reason: context.signal.reason });
      return 'late';
    });
    suite.register({ name: 'reader' }, 'direct', (_args, context) => {
      seen.push({ aborted: context.signal.aborted, reason: context.signal.reason });
      return 'read';
    });
    const controller = new AbortController();
    const pending = suite.execute('late_reader', {}, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort('stop now');
    expect((await pending).output).toBe(
      'Tool "late_reader" was aborted, but it had already finished its work, which stands. Its result:\nlate',
    );
    const quiet = await suite.execute('reader', {});
    expect(quiet.output).toBe('read');
    expect(seen).toEqual([
      { aborted: true, reason: 'stop now' },
      { aborted: false, reason: undefined },
    ]);
  });

  it('abort: a tool that explains its abort keeps its own text; one that finished anyway says its work stands, still as an error', async () => {
    const suite = createToolSuite({ builtins: false });
    suite.register({ name: 'script' }, 'direct', (_args, context) => {
      return new Promise((_resolve, reject) =>
        context.signal.addEventListener('abort', () =>
          reject(
            new ToolError('The script was aborted. It had made 2 tool calls (they are not undone).', {
              code: 'ABORTED',
            }),
          ),
        ),
      );
    });
    suite.register({ name: 'stubborn' }, 'direct', (_args, context) => {
      return new Promise((resolve) => context.signal.addEventListener('abort', () => resolve('done anyway')));
    });
    for (const [name, expected] of [
      ['script', 'script: The script was aborted. It had made 2 tool calls (they are not undone).'],
      [
        'stubborn',
        'Tool "stubborn" was aborted, but it had already finished its work, which stands. Its result:\ndone anyway',
      ],
    ] as const) {
      const controller = new AbortController();
      const pending = suite.execute(name, {}, { signal: controller.signal });
      await new Promise((resolve) => setTimeout(resolve, 5));
      controller.abort();
      const result = await pending;
      expect(result.is_error).toBe(true);
      expect(result.output).toBe(expected);
      expect(result.structured_output).toMatchObject({ error: { code: 'ABORTED' } });
    }
  });

  it('nothing the model sends makes execute throw', async () => {
    const suite = createToolSuite();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const names: unknown[] = [
      undefined,
      null,
      42,
      '',
      '   ',
      {},
      [],
      'constructor',
      '__proto__',
      'toString',
      'x'.repeat(5000),
    ];
    const argsList: unknown[] = [
      undefined,
      null,
      7,
      'not json',
      '[1,2]',
      [],
      cyclic,
      { path: 10n },
      '{"path":',
    ];
    for (const name of names) {
      for (const args of argsList) {
        const result = await suite.execute(name, args);
        expect(Object.keys(result).sort()).toEqual(KEYS);
        expect(result.is_error).toBe(true);
        expect(result.output.length).toBeGreaterThan(0);
      }
    }
    for (const call of [undefined, null, 'read', 5, [], { function: 7 }, { type: 'function_call' }]) {
      const result = await suite.executeCall(call);
      expect(result.is_error).toBe(true);
    }
  });

  it('register: duplicates throw unless replace; unregister; setMode validates', () => {
    const suite = createToolSuite({ builtins: false });
    suite.register({ name: 'a', description: 'one' }, 'direct');
    expect(() => suite.register({ name: 'a' }, 'direct')).toThrow(
      'browser-agent-tools: a tool named "a" is already registered. Pass { replace: true } to replace it, or unregister it first.',
    );
    suite.register({ name: 'a', description: 'two' }, 'deferred', undefined, { replace: true });
    expect(suite.get('a')?.spec.description).toBe('two');
    expect(() => suite.register({ name: 'b' }, 'public' as never)).toThrow(
      'browser-agent-tools: unknown exposure mode "public": use one of direct, model_only, codemode, deferred, hidden.',
    );
    expect(() => suite.setMode('zzz', 'direct')).toThrow(UsageError);
    expect(suite.unregister('a')).toBe(true);
    expect(suite.unregister('a')).toBe(false);
    expect(suite.list()).toEqual([]);
  });

  it('change events: registered, replaced, mode_changed, unregistered', () => {
    const suite = createToolSuite({ builtins: false });
    const events: string[] = [];
    const stop = suite.subscribe((event) =>
      events.push(`${event.type}:${event.tool.spec.name}:${event.tool.mode}`),
    );
    suite.register({ name: 'a' }, 'direct');
    suite.register({ name: 'a' }, 'direct', undefined, { replace: true });
    suite.setMode('a', 'deferred');
    suite.setMode('a', 'deferred');
    suite.unregister('a');
    stop();
    suite.register({ name: 'b' }, 'direct');
    expect(events).toEqual([
      'registered:a:direct',
      'replaced:a:direct',
      'mode_changed:a:deferred',
      'unregistered:a:deferred',
    ]);
  });
});

describe('sessions and control directives', () => {
  function directiveSuite(): ToolSuite {
    const suite = createToolSuite({ builtins: false });
    suite.register({ name: 'loader' }, 'direct', (_args, context) => ({
      output: 'loaded',
      control: {
        add_tools: [context.suite.get('later')?.spec ?? { name: 'missing' }, { name: 'never_registered' }],
      },
    }));
    suite.register({ name: 'later' }, 'deferred', () => 'later ran');
    suite.register({ name: 'stop' }, 'direct', () => ({
      output: 'bye',
      control: { terminate: { reason: 'task done' } },
    }));
    suite.register({ name: 'pass' }, 'direct', () => ({
      output: 'handing over',
      control: { handoff: { to: 'billing-agent', reason: 'refund' } },
    }));
    return suite;
  }

  it('add_tools activates deferred tools for that session only, from the next declarations', async () => {
    const suite = directiveSuite();
    const session = suite.createSession();
    const other = suite.createSession();
    const events: unknown[] = [];
    session.subscribe((event) => events.push(event));
    expect(suite.declarations(session).map((spec) => spec.name)).toEqual(['loader', 'stop', 'pass']);
    const result = await suite.execute('loader', {}, { session });
    expect(result.control?.add_tools?.map((spec) => spec.name)).toEqual(['later', 'never_registered']);
    expect(result.details.activated_tools).toEqual(['later']);
    expect(suite.declarations(session).map((spec) => spec.name)).toEqual(['loader', 'later', 'stop', 'pass']);
    expect(suite.declarations(other).map((spec) => spec.name)).toEqual(['loader', 'stop', 'pass']);
    expect(session.activeTools()).toEqual(['later']);
    expect(events).toEqual([{ type: 'activated', names: ['later'] }]);
    expect((await suite.execute('later', {}, { session })).output).toBe('later ran');
    expect((await suite.execute('later', {}, { session: other })).is_error).toBe(true);
  });

  it('activation never bypasses exposure: only deferred tools can be activated', () => {
    const suite = createToolSuite({ builtins: false });
    suite.register({ name: 'secret' }, 'hidden');
    suite.register({ name: 'script_only' }, 'codemode');
    const session = suite.createSession();
    expect(session.activate(['secret', 'script_only', 'nope'])).toEqual([]);
    expect(suite.declarations(session)).toEqual([]);
  });

  it('terminate ends the session: later calls return an error result', async () => {
    const suite = directiveSuite();
    const session = suite.createSession({ id: 'chat-1' });
    expect(session.id).toBe('chat-1');
    const result = await suite.execute('stop', {}, { session });
    expect(result.control).toEqual({ terminate: { reason: 'task done' } });
    expect(session.terminated).toEqual({ reason: 'task done' });
    const after = await suite.execute('loader', {}, { session });
    expect(after).toMatchObject({
      is_error: true,
      output: 'The session has ended (task done). No further tool calls run in it; answer the user instead.',
      structured_output: { error: { code: 'SESSION_ENDED' } },
    });
  });

  it('handoff is recorded for the host to read', async () => {
    const suite = directiveSuite();
    const session = suite.createSession();
    expect(session.handoff).toBeNull();
    const result = await suite.execute('pass', {}, { session });
    expect(result.control).toEqual({ handoff: { to: 'billing-agent', reason: 'refund' } });
    expect(session.handoff).toEqual({ to: 'billing-agent', reason: 'refund' });
    expect(session.terminated).toBeNull();
  });

  it('without a session, control is still returned but nothing is activated', async () => {
    const suite = directiveSuite();
    const result = await suite.execute('loader', {});
    expect(result.control?.add_tools).toHaveLength(2);
    expect(result.details.activated_tools).toBeUndefined();
  });
});
