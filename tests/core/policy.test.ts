/**
 * The policy as security configuration: a typo is a `UsageError` when the suite is created (never a
 * silent "allow"), `evaluatePolicy` denies under anything unexpected, and what a policy does not list
 * gets a written-down level: `default` (omitted: the strictest level used) for unlisted effects, the
 * strictest level in force for unknown effects. Messages are asserted word for word.
 */
import { describe, expect, it } from 'vitest';
import {
  createCoreSuite,
  createToolSuite,
  evaluatePolicy,
  type Policy,
  type ToolSuite,
  UsageError,
} from '../../src/index.ts';

const KEYS_AND_LEVELS =
  'Its keys are the effects read, fs_write, exec, net_read, net_write, state_write, plus unknown (tools whose effects are unknown) and default (effects the policy does not list); each level is "allow", "ask" or "deny", in lower case.';

function thrown(create: () => unknown): Error {
  try {
    create();
  } catch (error) {
    if (error instanceof Error) return error;
  }
  throw new Error('expected a throw');
}

describe('a policy with a typo is refused when the suite is created', () => {
  const cases: [string, unknown, string][] = [
    ['"Deny"', { exec: 'Deny' }, 'exec: "Deny" is not a level'],
    ['"DENY"', { exec: 'DENY' }, 'exec: "DENY" is not a level'],
    ['false', { exec: false }, 'exec: false is not a level'],
    ['" deny"', { exec: ' deny' }, 'exec: " deny" is not a level'],
    ['null', { exec: null }, 'exec: null is not a level'],
    ['an unknown effect', { shell: 'deny' }, 'unknown key "shell"'],
  ];
  for (const [what, policy, problem] of cases) {
    it(`${what}: createToolSuite and createCoreSuite throw a UsageError saying so`, () => {
      for (const create of [createToolSuite, createCoreSuite]) {
        const error = thrown(() => create({ policy: policy as Policy }));
        expect(error).toBeInstanceOf(UsageError);
        expect(error.message).toBe(
          `browser-agent-tools: the policy is not valid: ${problem}. ${KEYS_AND_LEVELS}`,
        );
      }
    });
  }

  it('names every unknown key and every unknown level at once', () => {
    const error = thrown(() =>
      createToolSuite({
        policy: {
          shell: 'deny',
          exec: 'Deny',
          Read: 'allow',
          net_write: 'block',
          default: 'no',
        } as unknown as Policy,
      }),
    );
    expect(error.message).toBe(
      `browser-agent-tools: the policy is not valid: unknown key "shell"; exec: "Deny" is not a level; unknown key "Read"; net_write: "block" is not a level; default: "no" is not a level. ${KEYS_AND_LEVELS}`,
    );
  });

  it('a policy that is not an object literal is refused', () => {
    const values: [unknown, string][] = [
      ['deny', '"deny"'],
      [null, 'null'],
      [false, 'false'],
      [['exec'], 'an array'],
      [new Map([['exec', 'deny']]), 'a Map'],
    ];
    for (const [policy, shown] of values) {
      expect(thrown(() => createToolSuite({ policy: policy as Policy })).message).toBe(
        `browser-agent-tools: the policy must be an object such as { exec: "deny", default: "allow" }, got ${shown}.`,
      );
    }
  });

  it('accepts every valid key and level, and undefined as "not listed"', () => {
    const policy: Policy = {
      read: 'allow',
      fs_write: 'ask',
      exec: 'deny',
      net_read: 'allow',
      net_write: undefined,
      state_write: 'ask',
      unknown: 'deny',
      default: 'ask',
    };
    expect(() => createToolSuite({ policy })).not.toThrow();
    expect(() => createCoreSuite({ policy: {} })).not.toThrow();
  });
});

describe('evaluatePolicy denies under anything unexpected', () => {
  it('an unknown level, an unknown key or a non-object policy denies every call', () => {
    const policies = [{ exec: 'Deny' }, { shell: 'deny' }, { read: 'allow', exec: false }, null, 'deny'];
    for (const policy of policies) {
      expect(evaluatePolicy(policy as unknown as Policy, ['read'])).toEqual({
        level: 'deny',
        because: ['read'],
      });
      expect(evaluatePolicy(policy as unknown as Policy, null)).toEqual({
        level: 'deny',
        because: ['unknown'],
      });
    }
  });

  it('a policy made invalid after the suite was created denies instead of allowing', async () => {
    const policy: Policy = { exec: 'deny', default: 'allow' };
    const suite = createCoreSuite({ policy });
    suite.register({ name: 'look', effects: ['read'] }, 'direct', () => 'looked');
    expect((await suite.execute('look', {})).output).toBe('looked');
    (policy as Record<string, unknown>).exec = 'Allow';
    expect((await suite.execute('look', {})).output).toBe(
      'Tool "look" was denied by policy (effect read), so it did not run. Do not retry it; use a tool without that effect or ask the user.',
    );
  });

  it('levels come from the policy itself, not from its prototype', () => {
    const inherited = Object.create({ exec: 'allow' }) as Policy;
    inherited.read = 'allow';
    inherited.default = 'deny';
    expect(evaluatePolicy(inherited, ['exec'])).toEqual({ level: 'deny', because: ['exec'] });
  });
});

function effectsSuite(policy: Policy | undefined): { suite: ToolSuite; ran: string[] } {
  const ran: string[] = [];
  const suite = createToolSuite({ builtins: false, ...(policy ? { policy } : {}) });
  const tool = (name: string, effects?: string[]) =>
    suite.register({ name, ...(effects ? { effects } : {}) }, 'direct', () => {
      ran.push(name);
      return `${name} ran`;
    });
  tool('reader', ['read']);
  tool('poster', ['net_write']);
  tool('saver', ['state_write']);
  tool('runner', ['exec']);
  tool('mystery');
  return { suite, ran };
}

const denied = (name: string, what: string): string =>
  `Tool "${name}" was denied by policy (${what}), so it did not run. Do not retry it; use a tool without that effect or ask the user.`;

describe('what a policy does not list', () => {
  it('unlisted effects get the strictest level the policy uses when `default` is omitted', async () => {
    const { suite, ran } = effectsSuite({ read: 'allow', fs_write: 'ask', exec: 'deny' });
    expect((await suite.execute('poster', {})).output).toBe(denied('poster', 'effect net_write'));
    expect((await suite.execute('saver', {})).output).toBe(denied('saver', 'effect state_write'));
    expect((await suite.execute('reader', {})).output).toBe('reader ran');
    expect(ran).toEqual(['reader']);
  });

  it('unlisted effects get `default` when it is given', async () => {
    const allowing = effectsSuite({ exec: 'deny', default: 'allow' });
    expect((await allowing.suite.execute('poster', {})).output).toBe('poster ran');
    expect((await allowing.suite.execute('runner', {})).output).toBe(denied('runner', 'effect exec'));
    const asking = effectsSuite({ read: 'allow', default: 'ask' });
    expect((await asking.suite.execute('saver', {})).output).toBe(
      'Tool "saver" needs approval (effect state_write) but no approver is configured, so it did not run. Ask the user to allow it.',
    );
    expect((await asking.suite.execute('reader', {})).output).toBe('reader ran');
  });

  it('unknown effects get the strictest level in force, `default` included, unless `unknown` is listed', async () => {
    const byDefault = effectsSuite({ read: 'allow', default: 'deny' });
    expect((await byDefault.suite.execute('mystery', {})).output).toBe(denied('mystery', 'unknown effects'));
    const byEffect = effectsSuite({ exec: 'deny', default: 'allow' });
    expect((await byEffect.suite.execute('mystery', {})).output).toBe(denied('mystery', 'unknown effects'));
    const listed = effectsSuite({ exec: 'deny', default: 'allow', unknown: 'allow' });
    expect((await listed.suite.execute('mystery', {})).output).toBe('mystery ran');
  });

  it('without a policy every call runs, unknown effects included', async () => {
    const { suite, ran } = effectsSuite(undefined);
    for (const name of ['reader', 'poster', 'saver', 'runner', 'mystery']) await suite.execute(name, {});
    expect(ran).toEqual(['reader', 'poster', 'saver', 'runner', 'mystery']);
    expect(evaluatePolicy(undefined, null)).toEqual({ level: 'allow', because: [] });
  });
});
