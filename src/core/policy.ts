/**
 * Effect policy: which effects run, which ask `onApproval`, which are refused. A policy is security
 * configuration, so nothing in it is guessed: `assertPolicy` rejects a policy with an unknown key or
 * level when the suite is created, and `evaluatePolicy` denies every call under such a policy.
 *
 * Levels of what a policy does not list: an effect it does not name gets `default`, and when `default`
 * is omitted, the strictest level the policy uses. A tool of unknown effects gets `unknown`, and when
 * that is omitted, the strictest level in force (so it is never treated better than any listed effect).
 */
import { effectVocabulary, isEffect } from './effects.ts';
import { UsageError } from './errors.ts';
import { isPlainObject } from './results.ts';
import type { Effect, Policy, PolicyLevel } from './types.ts';

const STRICTNESS: Readonly<Record<PolicyLevel, number>> = { allow: 0, ask: 1, deny: 2 };

/** Keys a policy may have besides the six effects. */
const EXTRA_KEYS = ['unknown', 'default'] as const;

/** The level a call gets, and which of its effects caused it. */
export interface PolicyVerdict {
  level: PolicyLevel;
  /** Effects (or `unknown`) at that level; empty when allowed. */
  because: (Effect | 'unknown')[];
}

/**
 * Evaluates `policy` for a tool with `effects` (`null` = unknown). No policy (`undefined`) allows every
 * call, whatever its effects. A policy `assertPolicy` would reject (an unknown key or level, or not an
 * object at all) denies every call.
 */
export function evaluatePolicy(policy: Policy | undefined, effects: readonly Effect[] | null): PolicyVerdict {
  if (policy === undefined) return { level: 'allow', because: [] };
  if (policyProblems(policy).length > 0)
    return { level: 'deny', because: effects ? [...effects] : ['unknown'] };
  const strictest = strictestUsed(policy);
  const levels: [Effect | 'unknown', PolicyLevel][] =
    effects === null
      ? [['unknown', levelOf(policy, 'unknown') ?? strictest]]
      : effects.map((effect) => [effect, levelOf(policy, effect) ?? levelOf(policy, 'default') ?? strictest]);
  const level = levels.reduce<PolicyLevel>(
    (worst, [, candidate]) => (STRICTNESS[candidate] > STRICTNESS[worst] ? candidate : worst),
    'allow',
  );
  return {
    level,
    because: level === 'allow' ? [] : levels.filter(([, l]) => l === level).map(([effect]) => effect),
  };
}

/**
 * Throws a `UsageError` naming every unknown key and every unknown level of `policy`; `undefined` (no
 * policy) passes. Levels are exactly `allow`, `ask` and `deny`: `'Deny'`, `' deny'` or `false` would
 * otherwise read as "not listed".
 */
export function assertPolicy(policy: unknown): asserts policy is Policy | undefined {
  if (policy === undefined) return;
  const problems = policyProblems(policy);
  if (problems.length === 0) return;
  if (!isOrdinaryObject(policy)) {
    throw new UsageError(
      `the policy must be an object such as { exec: "deny", default: "allow" }, got ${problems[0]}.`,
    );
  }
  throw new UsageError(
    `the policy is not valid: ${problems.join('; ')}. Its keys are the effects ${effectVocabulary().join(', ')}, plus unknown (tools whose effects are unknown) and default (effects the policy does not list); each level is "allow", "ask" or "deny", in lower case.`,
  );
}

/**
 * What is wrong with `policy`, one phrase per problem; for a value that is not an object, the one
 * phrase describes the value.
 */
function policyProblems(policy: unknown): string[] {
  if (!isOrdinaryObject(policy)) return [describeValue(policy)];
  const problems: string[] = [];
  for (const [key, level] of Object.entries(policy)) {
    if (!isEffect(key) && !(EXTRA_KEYS as readonly string[]).includes(key)) {
      problems.push(`unknown key ${JSON.stringify(key)}`);
    }
    // `undefined` is how JavaScript spells "not listed" ({ exec: production ? 'deny' : undefined }).
    if (level !== undefined && !isLevel(level))
      problems.push(`${key}: ${describeValue(level)} is not a level`);
  }
  return problems;
}

/** An object literal (or one without a prototype): a `Map` or class instance would hide its levels. */
function isOrdinaryObject(value: unknown): value is Record<string, unknown> {
  if (!isPlainObject(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function isLevel(value: unknown): value is PolicyLevel {
  return value === 'allow' || value === 'ask' || value === 'deny';
}

/** The level `policy` lists for `key` as its own property, if any. */
function levelOf(policy: Policy, key: Effect | 'unknown' | 'default'): PolicyLevel | undefined {
  return Object.hasOwn(policy, key) ? policy[key] : undefined;
}

/** The strictest level the policy lists (`default` and `unknown` included); `allow` when it lists none. */
function strictestUsed(policy: Policy): PolicyLevel {
  return Object.values(policy).reduce<PolicyLevel>(
    (worst, level) => (level && STRICTNESS[level] > STRICTNESS[worst] ? level : worst),
    'allow',
  );
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'function') return 'a function';
  if (value instanceof Map) return 'a Map';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'symbol') return 'a symbol';
  return JSON.stringify(value) ?? String(value);
}
