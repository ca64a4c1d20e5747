import type { Effect } from 'browser-agent-tools';

export interface EffectBadgesProps {
  effects: readonly Effect[] | null;
}

const DANGEROUS = new Set<Effect>(['exec', 'net_write', 'fs_write', 'state_write']);

/** One badge per effect; unknown effects (treated as the most dangerous) stand out. */
export function EffectBadges({ effects }: EffectBadgesProps) {
  if (effects === null) {
    return (
      <span
        className="badge badge-unknown"
        title="No effects declared: every policy treats this tool as the most dangerous kind."
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
