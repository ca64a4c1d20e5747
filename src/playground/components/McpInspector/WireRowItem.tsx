import { useMemo, useState } from 'react';
import { prettyJson } from '../../state/text.ts';
import type { WireRow } from '../../state/wire-log-store.ts';
import { CopyButton } from '../CopyButton/CopyButton.tsx';
import controls from '../shared/controls.module.css';
import { VisibleText } from '../VisibleText/VisibleText.tsx';
import styles from './McpInspector.module.css';
import { PagedText } from './PagedText.tsx';

/** `+12 ms` under a second, `+1.234 s` after. */
function formatOffset(ms: number): string {
  return ms < 1000 ? `+${Math.round(ms)} ms` : `+${(ms / 1000).toFixed(3)} s`;
}

const DIRECTION_WORDS: Record<WireRow['direction'], string> = {
  sent: '→ sent',
  received: '← received',
  error: '⚠ error',
};

/** The whole event as JSON: the message (or, for a transport error, what failed and why). */
function eventJson(row: WireRow): string {
  const { event } = row;
  if (event.direction === 'error') return prettyJson({ error: event.error, message: event.message });
  return prettyJson(event.message);
}

/**
 * One event of the wire log: its time, direction and summary on a button that opens the whole message
 * (drawn only when opened, so a log of large messages costs nothing until asked) with a Copy button.
 */
export function WireRowItem({ row, listLabel }: { row: WireRow; listLabel: string }) {
  const [open, setOpen] = useState(false);
  const json = useMemo(() => (open ? eventJson(row) : ''), [open, row]);
  const failed = row.kind === 'transport-error' || row.kind === 'error-answer';
  return (
    <li className={styles.wireRow} data-testid="wire-row" data-kind={row.kind}>
      <button
        type="button"
        className={styles.wireToggle}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid="wire-row-toggle"
      >
        <span className={styles.time}>{formatOffset(row.offsetMs)}</span>
        <span className={styles.direction}>{DIRECTION_WORDS[row.direction]}</span>
        <span className={`${styles.summary} ${failed ? styles.failed : ''}`} data-testid="wire-summary">
          <VisibleText text={row.summary} />
        </span>
        {row.durationMs !== undefined && (
          <span className={styles.time} data-testid="wire-duration">
            {`${Math.round(row.durationMs)} ms`}
          </span>
        )}
      </button>
      {open && (
        <div className={styles.content}>
          <div className={controls.toolbar}>
            <CopyButton text={() => json} label="Copy message" testId="wire-copy-message" />
          </div>
          <PagedText text={json} label={`${listLabel}, message ${row.seq}`} testId="wire-message" />
        </div>
      )}
    </li>
  );
}
