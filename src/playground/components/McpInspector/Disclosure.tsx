import { type ReactNode, useState } from 'react';
import styles from './McpInspector.module.css';

export interface DisclosureProps {
  summary: string;
  testId: string;
  /** Drawn only while open, so a closed section costs no rendering as its data changes. */
  children: () => ReactNode;
}

/** A section of the inspector that opens and closes (a `<details>`, so keyboard and screen readers know it). */
export function Disclosure({ summary, testId, children }: DisclosureProps) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className={styles.section}
      data-testid={testId}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>{summary}</summary>
      {open && children()}
    </details>
  );
}
