import { type UIEvent, useMemo, useState } from 'react';
import { formatSize } from '../../../shared/index.ts';
import { byteLength, clip, formatCount, plural, splitLines } from '../../state/text.ts';
import { classNames } from '../shared/class-names.ts';
import textStyles from '../shared/text.module.css';
import { VisibleText } from '../VisibleText/VisibleText.tsx';
import styles from './TextView.module.css';

export interface TextViewProps {
  text: string;
  /** Accessible name of the scrollable region. */
  label: string;
  lineNumbers?: boolean;
  testId?: string;
}

/** Above this many lines (or characters), only the lines in view are drawn. */
const VIRTUAL_LINES = 500;
const VIRTUAL_CHARS = 200_000;
/** Characters of one line drawn; the rest is named, not drawn. */
const MAX_LINE_CHARS = 5_000;
const ROW_PX = 18;
const VIEW_ROWS = 24;
const OVERSCAN = 20;

function Line({ text, number, lineNumbers }: { text: string; number: number; lineNumbers: boolean }) {
  const { text: shown, hidden } = clip(text, MAX_LINE_CHARS);
  return (
    <>
      {lineNumbers && (
        <span className={textStyles.lineNumber} aria-hidden="true">
          {number}
        </span>
      )}
      <VisibleText text={shown} />
      {hidden > 0 && (
        <span className={textStyles.clipped}>{` ⟪${formatCount(hidden)} more characters in this line⟫`}</span>
      )}
    </>
  );
}

/**
 * Untrusted text, drawn as text: small texts whole, large ones (5 MB of output) virtualised so only
 * the rows in view exist in the page. Says how big the text is and what is not drawn.
 */
export function TextView({ text, label, lineNumbers = false, testId }: TextViewProps) {
  const lines = useMemo(() => splitLines(text), [text]);
  const [top, setTop] = useState(0);
  const virtual = lines.length > VIRTUAL_LINES || text.length > VIRTUAL_CHARS;
  const bytes = useMemo(() => (virtual ? byteLength(text) : 0), [text, virtual]);
  const longLines = useMemo(() => lines.filter((line) => line.length > MAX_LINE_CHARS).length, [lines]);

  const notes: string[] = [];
  if (virtual) {
    notes.push(
      `${plural(lines.length, 'line')}, ${formatSize(bytes)}: a scrolling view draws only the lines in sight.`,
    );
  }
  if (longLines > 0) {
    notes.push(
      `${plural(longLines, 'line')} longer than ${formatCount(MAX_LINE_CHARS)} characters ${longLines === 1 ? 'is' : 'are'} cut; copy the text to get all of it.`,
    );
  }

  if (!virtual) {
    return (
      <div className={styles.view} data-testid={testId}>
        {notes.length > 0 && (
          <p className={textStyles.note} data-testid="text-view-note">
            {notes.join(' ')}
          </p>
        )}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
        <section className={styles.text} aria-label={label} tabIndex={0}>
          <pre>
            {lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
              <div className={styles.row} key={index} data-testid="text-row">
                <Line text={line} number={index + 1} lineNumbers={lineNumbers} />
              </div>
            ))}
          </pre>
        </section>
      </div>
    );
  }

  const first = Math.max(0, Math.floor(top / ROW_PX) - OVERSCAN);
  const last = Math.min(lines.length, Math.ceil(top / ROW_PX) + VIEW_ROWS + OVERSCAN);
  const onScroll = (event: UIEvent<HTMLElement>) => setTop(event.currentTarget.scrollTop);
  return (
    <div className={styles.view} data-testid={testId} data-virtual="true">
      <p className={textStyles.note} data-testid="text-view-note">
        {notes.join(' ')}
      </p>
      <section
        className={classNames(styles.text, styles.virtual)}
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        style={{ height: `${VIEW_ROWS * ROW_PX}px` }}
        onScroll={onScroll}
      >
        <pre style={{ height: `${lines.length * ROW_PX}px` }}>
          <div style={{ transform: `translateY(${first * ROW_PX}px)` }}>
            {lines.slice(first, last).map((line, index) => (
              <div
                className={styles.row}
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
                key={first + index}
                style={{ height: `${ROW_PX}px` }}
                data-testid="text-row"
              >
                <Line text={line} number={first + index + 1} lineNumbers={lineNumbers} />
              </div>
            ))}
          </div>
        </pre>
      </section>
    </div>
  );
}
