import { type ReactNode, useId } from 'react';
import { classNames } from '../shared/class-names.ts';
import styles from './Panel.module.css';

export interface PanelProps {
  title: string;
  /** Extra text or controls beside the heading. */
  aside?: ReactNode;
  testId?: string;
  className?: string;
  children: ReactNode;
}

/** A titled section of the page. */
export function Panel({ title, aside, testId, className, children }: PanelProps) {
  const id = useId();
  return (
    <section className={classNames(styles.panel, className)} aria-labelledby={id} data-testid={testId}>
      <div className={styles.head}>
        <h2 id={id}>{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** A count beside a panel's heading ("62 tools"). */
export function PanelCount({ children }: { children: ReactNode }) {
  return <span className={styles.count}>{children}</span>;
}
