import { useMemo, useState } from 'react';
import { type DiffRow, parseUnifiedDiff } from '../../state/diff-rows.ts';
import { clip, formatCount } from '../../state/text.ts';
import controls from '../shared/controls.module.css';
import textStyles from '../shared/text.module.css';
import { VisibleText } from '../VisibleText/VisibleText.tsx';
import styles from './DiffView.module.css';

export interface DiffViewProps {
  /** A unified patch, as `details.diff` holds it. */
  patch: string;
}

/** Rows drawn at first, and added by each "show more": a diff of 100,000 lines is drawn a page at a time. */
const DIFF_ROWS = 1_000;
const MAX_CHARS = 2_000;

const SIGN: Record<DiffRow['kind'], string> = {
  meta: '',
  'old-file': '',
  'new-file': '',
  hunk: '',
  context: ' ',
  added: '+',
  removed: '−',
  note: '',
};

/** The class of each kind of row (context and note rows keep the table's colours). */
const ROW_CLASS: Record<DiffRow['kind'], string | undefined> = {
  meta: styles.meta,
  'old-file': styles.oldFile,
  'new-file': styles.newFile,
  hunk: styles.hunk,
  context: undefined,
  added: styles.added,
  removed: styles.removed,
  note: undefined,
};

/**
 * A unified diff as a coloured table with old and new line numbers. Every part (file names, hunk
 * headers, lines) is drawn as text; the patch is read line by line, no diff is computed here.
 */
export function DiffView({ patch }: DiffViewProps) {
  const parsed = useMemo(() => parseUnifiedDiff(patch), [patch]);
  const [pages, setPages] = useState(1);
  const rows = parsed.rows.slice(0, pages * DIFF_ROWS);
  const hidden = parsed.rows.length - rows.length;
  return (
    <div className={styles.diff} data-testid="diff">
      <p className={textStyles.note}>
        <span className={styles.addedCount}>+{formatCount(parsed.added)}</span>{' '}
        <span className={styles.removedCount}>−{formatCount(parsed.removed)}</span> lines
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <section className={styles.scroll} tabIndex={0} aria-label="Unified diff">
        <table>
          <thead className={textStyles.visuallyHidden}>
            <tr>
              <th scope="col">Old line</th>
              <th scope="col">New line</th>
              <th scope="col">Change</th>
              <th scope="col">Text</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const { text, hidden: cut } = clip(row.text, MAX_CHARS);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
                <tr key={index} className={ROW_CLASS[row.kind]} data-kind={row.kind}>
                  <td className={`${textStyles.lineNumber} ${styles.ln}`}>{row.oldLine ?? ''}</td>
                  <td className={`${textStyles.lineNumber} ${styles.ln}`}>{row.newLine ?? ''}</td>
                  <td className={styles.sign}>{SIGN[row.kind]}</td>
                  <td data-testid="diff-text">
                    <VisibleText text={text} />
                    {cut > 0 && (
                      <span className={textStyles.clipped}>{` ⟪${formatCount(cut)} more characters⟫`}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      {hidden > 0 && (
        <button type="button" className={controls.link} onClick={() => setPages((before) => before + 1)}>
          Show {formatCount(Math.min(hidden, DIFF_ROWS))} more lines ({formatCount(hidden)} hidden)
        </button>
      )}
    </div>
  );
}
