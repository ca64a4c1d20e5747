/**
 * Effect policy: which effects run, which ask `onApproval`, which are refused. Unknown effects take the
 * strictest level the policy uses unless `unknown` is listed.
 */
import type { Effect, Policy, PolicyLevel } from './types.ts';

const STRICTNESS: Readonly<Record<PolicyLevel, number>> = { allow: 0, ask: 1, deny: 2 };

/** The level a call gets, and which of its effects caused it. */
export interface PolicyVerdict {
  level: PolicyLevel;
  /** Effects (or `unknown`) at that level; empty when allowed. */
  because: (Effect | 'unknown')[];
}

/** Evaluates `policy` for a tool with `effects` (`null` = unknown). No policy allows everything. */
export function evaluatePolicy(policy: Policy | undefined, effects: readonly Effect[] | null): PolicyVerdict {
  if (!policy) return { level: 'allow', because: [] };
  const levels: [Effect | 'unknown', PolicyLevel][] =
    effects === null
      ? [['unknown', policy.unknown ?? strictestUsed(policy)]]
      : effects.map((effect) => [effect, policy[effect] ?? 'allow']);
  const level = levels.reduce<PolicyLevel>(
    (worst, [, candidate]) => (STRICTNESS[candidate] > STRICTNESS[worst] ? candidate : worst),
    'allow',
  );
  return {
    level,
    because: level === 'allow' ? [] : levels.filter(([, l]) => l === level).map(([effect]) => effect),
  };
}

function strictestUsed(policy: Policy): PolicyLevel {
  return Object.values(policy).reduce<PolicyLevel>(
    (worst, level) => (level && STRICTNESS[level] > STRICTNESS[worst] ? level : worst),
    'allow',
  );
}
