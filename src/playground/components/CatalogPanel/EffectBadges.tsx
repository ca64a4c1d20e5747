import type { Effect } from 'browser-agent-tools';

export interface EffectBadgesProps {
  effects: readonly Effect[] | null;
}

const DANGEROUS = new Set<Effect>(['exec', 'net_write', 'fs_write', 'state_write']);

/** One badge per effect; unknown effects (a policy's strictest level applies to them) stand out. */
export function EffectBadges({ effects }: EffectBadgesProps) {
  if (effects === null) {
    return (
      <span
        className="badge badge-unknown"
        title="No effects declared: a policy gives this tool the strictest level in force; without a policy it runs like any other."
      >
        ⚠ unknown effects
      </span>
    );
  }
  if (effects.length === 0) return <span className="badge">no effects</span>;
  return (
    <>
      {effects.map((effect) => (
        <span key={effect} className={`badge ${DANGEROUS.has(effect) ? 'badge-write' : 'badge-read'}`}>
          {effect}
        </span>
      ))}
    </>
  );
}
