import type { Effect } from 'browser-agent-tools';
import { Badge } from '../Badge/Badge.tsx';

export interface EffectBadgesProps {
  effects: readonly Effect[] | null;
}

const DANGEROUS = new Set<Effect>(['exec', 'net_write', 'fs_write', 'state_write']);

/** One badge per effect; unknown effects (a policy's strictest level applies to them) stand out. */
export function EffectBadges({ effects }: EffectBadgesProps) {
  if (effects === null) {
    return (
      <Badge
        tone="unknown"
        title="No effects declared: a policy gives this tool the strictest level in force; without a policy it runs like any other."
        testId="unknown-effects"
      >
        ⚠ unknown effects
      </Badge>
    );
  }
  if (effects.length === 0) return <Badge>no effects</Badge>;
  return (
    <>
      {effects.map((effect) => (
        <Badge key={effect} tone={DANGEROUS.has(effect) ? 'write' : 'read'}>
          {effect}
        </Badge>
      ))}
    </>
  );
}
