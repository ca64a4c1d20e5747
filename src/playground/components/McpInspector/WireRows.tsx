import { useState } from 'react';
import { plural } from '../../state/text.ts';
import type { WireRow } from '../../state/wire-log-store.ts';
import controls from '../shared/controls.module.css';
import textStyles from '../shared/text.module.css';
import styles from './McpInspector.module.css';
import { WireRowItem } from './WireRowItem.tsx';

/** Rows drawn at first, and added by each "Show earlier": a page, not the whole log. */
const ROWS_PER_PAGE = 100;

export interface WireRowsProps {
  rows: readonly WireRow[];
  /** The list's accessible name. */
  label: string;
  testId: string;
  /** What to say when there is no row. */
  empty: string;
}

/** The newest rows of a log, a page at a time, oldest first, with a button for the page before. */
export function WireRows({ rows, label, testId, empty }: WireRowsProps) {
  const [pages, setPages] = useState(1);
  if (rows.length === 0) return <p className={textStyles.note}>{empty}</p>;
  const shown = rows.slice(-pages * ROWS_PER_PAGE);
  const earlier = rows.length - shown.length;
  return (
    <>
      {earlier > 0 && (
        <div className={controls.toolbar}>
          <span className={textStyles.note}>{`${plural(earlier, 'earlier row')} not drawn.`}</span>
          <button type="button" onClick={() => setPages(pages + 1)}>
            {`Show ${Math.min(ROWS_PER_PAGE, earlier)} earlier`}
          </button>
        </div>
      )}
      <ol className={styles.list} aria-label={label} data-testid={testId}>
        {shown.map((row) => (
          <WireRowItem key={row.seq} row={row} listLabel={label} />
        ))}
      </ol>
    </>
  );
}
