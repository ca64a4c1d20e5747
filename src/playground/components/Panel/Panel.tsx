import { type ReactNode, useId } from 'react';

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
    <section className={`panel ${className ?? ''}`} aria-labelledby={id} data-testid={testId}>
      <div className="panel-head">
        <h2 id={id}>{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
