import { createContext, type ReactNode, useContext } from 'react';
import textStyles from '../shared/text.module.css';
import styles from './ResultChannels.module.css';

/**
 * Words put before the name of each region of one call's channels (`Replay`, `Call #4`), `''` for the
 * result panel: the replay panel and the agent's steps show channels on the same page, and a screen
 * reader's list of regions must tell them apart.
 */
export const ChannelScope = createContext('');

/** A region name within the current {@link ChannelScope}: `output channel`, `Replay: output channel`. */
export function useScopedName(name: string): string {
  const scope = useContext(ChannelScope);
  return scope ? `${scope}: ${name}` : name;
}

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
    <section className={styles.channel} data-testid={testId} aria-label={useScopedName(`${name} channel`)}>
      <h3>
        {name} <span className={textStyles.muted}>{audience}</span>
      </h3>
      {children}
    </section>
  );
}
