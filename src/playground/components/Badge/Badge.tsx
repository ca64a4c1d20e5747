import type { ReactNode } from 'react';
import styles from './Badge.module.css';

/** What a badge says about its subject: its colour. `plain` is neutral. */
type BadgeTone = 'plain' | 'read' | 'write' | 'unknown' | 'error' | 'new' | 'active';

export interface BadgeProps {
  tone?: BadgeTone;
  title?: string;
  testId?: string;
  children: ReactNode;
}

/** A small rounded label beside a name: an effect, a state, an origin. */
export function Badge({ tone = 'plain', title, testId, children }: BadgeProps) {
  const className = tone === 'plain' ? styles.badge : `${styles.badge} ${styles[tone]}`;
  return (
    <span className={className} title={title} data-testid={testId}>
      {children}
    </span>
  );
}
