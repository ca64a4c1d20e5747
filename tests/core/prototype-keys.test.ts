/**
 * Keys and names that JavaScript objects already have: a model sending `__proto__` (or `constructor`,
 * `prototype`) in its arguments, and tools named like `Object.prototype` members. The arguments must
 * never gain a prototype the schema did not check, the approver must see what will run, and such tool
 * names must work like any other. Texts the model reads are asserted word for word.
 */
import { describe, expect, it } from 'vitest';
import { type ApprovalRequest, createToolSuite, type ToolSuite } from '../../src/index.ts';

/** The deploy tool of the issue: an open schema (no additionalProperties: false), replicas at most 3. */
const DEPLOY_PARAMETERS = {
  type: 'object',
  properties: {
    env: { type: 'string' },
    replicas: { type: 'integer', maximum: 3 },
    config: { type: 'object', properties: { region: { type: 'string' } } },
  },
  required: ['env'],
};

interface DeploySuite {
  suite: ToolSuite;
  /** The arguments objects the implementation received. */
  received: Record<string, unknown>[];
  /** The approval requests, in order. */
  asked: ApprovalRequest[];
}

function deploySuite(parameters: object = DEPLOY_PARAMETERS): DeploySuite {
  const received: Record<string, unknown>[] = [];
  const asked: ApprovalRequest[] = [];
  const suite = createToolSuite({
    builtins: false,
    policy: { net_write: 'ask', default: 'allow' },
    onApproval: (request) => {
      asked.push(request);
      return true;
    },
  });
  suite.register({ name: 'deploy', parameters, effects: ['net_write'] }, 'direct', (args) => {
    received.push(args);
    return `deployed ${String(args.env)} with ${String(args.replicas)} replicas`;
  });
  return { suite, received, asked };
}

const PROTO_RAW = '{"env":"staging","__proto__":{"replicas":500}}';
const PROTO_REFUSAL = [
  'Invalid arguments for deploy:',
  '- __proto__: the key "__proto__" is not accepted, because it can alter object prototypes. Remove it and send each value under its own parameter name.',
  `Received: ${PROTO_RAW}`,
  'Fix the arguments and call deploy again.',
].join('\n');

describe('prototype keys in arguments', () => {
  it('execute refuses a __proto__ key: nothing runs, nobody is asked, the model reads what to do', async () => {
    const { suite, received, asked } = deploySuite();
    const result = await suite.execute('deploy', PROTO_RAW);
    expect(result.is_error).toBe(true);
    expect(result.output).toBe(PROTO_REFUSAL);
    expect(result.structured_output.error).toMatchObject({ code: 'INVALID_ARGUMENTS', tool: 'deploy' });
    expect(received).toEqual([]);
    expect(asked).toEqual([]);
  });

  it('executeCall refuses it in every call format, so the agent loop does too', async () => {
    const calls = [
      { id: 'call_1', type: 'function', function: { name: 'deploy', arguments: PROTO_RAW } },
      { type: 'tool_use', id: 'toolu_1', name: 'deploy', input: JSON.parse(PROTO_RAW) },
      { functionCall: { name: 'deploy', args: JSON.parse(PROTO_RAW) } },
      { method: 'tools/call', params: { name: 'deploy', arguments: JSON.parse(PROTO_RAW) } },
    ];
    for (const call of calls) {
      const { suite, received, asked } = deploySuite();
      const result = await suite.executeCall(call);
      expect(result.is_error).toBe(true);
      expect(result.output.split('\n').slice(0, 2)).toEqual(PROTO_REFUSAL.split('\n').slice(0, 2));
      expect(received).toEqual([]);
      expect(asked).toEqual([]);
    }
  });

  it('refuses constructor.prototype at any depth, also inside an envelope or a JSON-string property', async () => {
    const { suite, received } = deploySuite();
    const nested = await suite.execute(
      'deploy',
      '{"input":{"env":"prod","config":{"region":"eu","constructor":{"prototype":{"admin":true}}}}}',
    );
    expect(nested.output.split('\n').slice(0, 2)).toEqual([
      'Invalid arguments for deploy:',
      '- config.constructor: the key "constructor" is not accepted, because it can alter object prototypes. Remove it and send each value under its own parameter name.',
    ]);
    const asString = await suite.execute('deploy', {
      env: 'prod',
      config: '{"region":"eu","__proto__":{"region":"us"}}',
    });
    expect(asString.output.split('\n')[1]).toBe(
      '- config.__proto__: the key "__proto__" is not accepted, because it can alter object prototypes. Remove it and send each value under its own parameter name.',
    );
    const inArray = await suite.execute('deploy', JSON.parse('{"env":"a","tags":[{"prototype":1}]}'));
    expect(inArray.output.split('\n')[1]).toBe(
      '- tags[0].prototype: the key "prototype" is not accepted, because it can alter object prototypes. Remove it and send each value under its own parameter name.',
    );
    expect(received).toEqual([]);
  });

  it('accepts constructor and prototype where the schema declares them, never __proto__', async () => {
    const { suite, received } = deploySuite({
      type: 'object',
      properties: { env: { type: 'string' }, constructor: { type: 'string' }, prototype: { type: 'number' } },
    });
    const result = await suite.execute('deploy', { env: 'a', constructor: 'Base', prototype: '2' });
    expect(result.is_error).toBe(false);
    expect(received[0]).toEqual({ env: 'a', constructor: 'Base', prototype: 2 });
    expect(Object.hasOwn(received[0] ?? {}, 'constructor')).toBe(true);
  });

  it('builds the arguments without a prototype and shows the approver exactly the object that runs', async () => {
    const { suite, received, asked } = deploySuite();
    const result = await suite.execute('deploy', '{"env":"staging","replicas":"2","config":{"region":"eu"}}');
    expect(result.output).toBe('deployed staging with 2 replicas');
    const [args] = received;
    expect(Object.getPrototypeOf(args)).toBeNull();
    expect(Object.getPrototypeOf(args?.config)).toBeNull();
    expect(asked[0]?.arguments).toBe(args);
    expect(JSON.stringify(asked[0]?.arguments)).toBe(
      '{"env":"staging","replicas":2,"config":{"region":"eu"}}',
    );
    // Inherited members are not arguments: an unsent parameter named like one reads as undefined.
    expect(args?.toString).toBeUndefined();
  });

  it('a host-built object with a cycle or a typed array still runs', async () => {
    const { suite, received } = deploySuite({ type: 'object', properties: { env: { type: 'string' } } });
    const loop: Record<string, unknown> = { name: 'loop' };
    loop.self = loop;
    const bytes = new Uint8Array(4);
    const result = await suite.execute('deploy', { env: 'a', loop, bytes });
    expect(result.is_error).toBe(false);
    expect(received[0]?.loop).toBe(loop);
    expect(received[0]?.bytes).toBe(bytes);
  });
});

const PROTOTYPE_NAMES = ['toString', 'constructor', 'valueOf', 'hasOwnProperty', '__proto__'];

describe('tools named like Object.prototype members', () => {
  it('run through execute and executeCall, with their own effects, on a suite with every built-in', async () => {
    for (const name of PROTOTYPE_NAMES) {
      const suite = createToolSuite({ workspace: undefined });
      expect(suite.effects(name)).toBeNull();
      expect(suite.isCallable(name, 'model')).toBe(false);
      suite.register(
        { name, parameters: { type: 'object', properties: { x: { type: 'string' } } } },
        'direct',
        (args) => `${name} ran with ${String(args.x)}`,
      );
      expect(suite.effects(name)).toBeNull();
      expect(suite.declarations().map((spec) => spec.name)).toContain(name);
      const direct = await suite.execute(name, { x: 'a' });
      expect(direct).toMatchObject({ is_error: false, output: `${name} ran with a` });
      const raw = await suite.executeCall({ type: 'function', function: { name, arguments: '{"x":"b"}' } });
      expect(raw).toMatchObject({ is_error: false, output: `${name} ran with b` });
    }
  });

  it('keep declared effects, and the policy applies to them', async () => {
    for (const name of PROTOTYPE_NAMES) {
      const suite = createToolSuite({ builtins: false, policy: { exec: 'deny', default: 'allow' } });
      suite.register({ name, effects: ['exec'] }, 'direct', () => 'ran');
      expect(suite.effects(name)).toEqual(['exec']);
      expect((await suite.execute(name, {})).output).toBe(
        `Tool "${name}" was denied by policy (effect exec), so it did not run. Do not retry it; use a tool without that effect or ask the user.`,
      );
    }
  });

  it('an unregistered name of that kind is an unknown tool, not a crash', async () => {
    const suite = createToolSuite({ builtins: false });
    suite.register({ name: 'lookup' }, 'direct', () => 'ran');
    for (const name of PROTOTYPE_NAMES) {
      const result = await suite.execute(name, {});
      expect(result.is_error).toBe(true);
      expect(result.structured_output.error).toMatchObject({ code: 'UNKNOWN_TOOL', tool: name });
    }
  });
});
