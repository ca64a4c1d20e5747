import type { ReactNode } from 'react';
import textStyles from '../shared/text.module.css';
import styles from './ResultChannels.module.css';

export interface ChannelSectionProps {
  /** The channel's wire name: `output`, `details`, `control`, … */
  name: string;
  /** Whom the channel is for, beside its name ("for the model"). */
  audience: string;
  testId?: string;
  children: ReactNode;
}

/** One channel of a result: a region named after the channel, its name and audience as the heading. */
export function ChannelSection({ name, audience, testId, children }: ChannelSectionProps) {
  return (
    <section className={styles.channel} data-testid={testId} aria-label={`${name} channel`}>
      <h3>
        {name} <span className={textStyles.muted}>{audience}</span>
      </h3>
      {children}
    </section>
  );
}
