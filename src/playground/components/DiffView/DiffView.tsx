import { memo, useEffect, useMemo, useState } from 'react';
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
/**
 * Rows drawn in one task: a page is drawn a slice at a time, and the slices drawn before are not
 * drawn again (a second page of 1,000 rows drawn with the first took one task of 255 ms).
 */
const SLICE_ROWS = 250;
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

/** One slice of rows; drawn once, then left alone while later slices are added. */
const DiffSlice = memo(function DiffSlice({ rows }: { rows: readonly DiffRow[] }) {
  return rows.map((row, index) => {
    const { text, hidden: cut } = clip(row.text, MAX_CHARS);
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
      <tr key={index} className={ROW_CLASS[row.kind]} data-kind={row.kind}>
        <td className={`${textStyles.lineNumber} ${styles.ln}`}>{row.oldLine ?? ''}</td>
        <td className={`${textStyles.lineNumber} ${styles.ln}`}>{row.newLine ?? ''}</td>
        <td className={styles.sign}>{SIGN[row.kind]}</td>
        <td data-testid="diff-text">
          <VisibleText text={text} />
          {cut > 0 && <span className={textStyles.clipped}>{` ⟪${formatCount(cut)} more characters⟫`}</span>}
        </td>
      </tr>
    );
  });
});

/** `rows` in slices of {@link SLICE_ROWS}. */
function slicesOf(rows: readonly DiffRow[]): DiffRow[][] {
  const slices: DiffRow[][] = [];
  for (let start = 0; start < rows.length; start += SLICE_ROWS)
    slices.push(rows.slice(start, start + SLICE_ROWS));
  return slices;
}

/**
 * How many of `total` rows are drawn: up to `wanted`, a slice more after each paint, so that no task
 * draws more than one slice.
 */
function useDrawnRows(total: number, wanted: number): number {
  const end = Math.min(total, wanted);
  const [drawn, setDrawn] = useState(Math.min(end, SLICE_ROWS));
  useEffect(() => {
    if (drawn >= end) return;
    const timer = setTimeout(() => setDrawn((before) => Math.min(end, before + SLICE_ROWS)), 0);
    return () => clearTimeout(timer);
  }, [drawn, end]);
  return Math.min(drawn, end);
}

/**
 * A unified diff as a coloured table with old and new line numbers. Every part (file names, hunk
 * headers, lines) is drawn as text; the patch is read line by line, no diff is computed here.
 */
export function DiffView({ patch }: DiffViewProps) {
  const parsed = useMemo(() => parseUnifiedDiff(patch), [patch]);
  const slices = useMemo(() => slicesOf(parsed.rows), [parsed]);
  const [pages, setPages] = useState(1);
  const wanted = pages * DIFF_ROWS;
  const drawn = useDrawnRows(parsed.rows.length, wanted);
  const hidden = Math.max(0, parsed.rows.length - wanted);
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
            {slices.slice(0, Math.ceil(drawn / SLICE_ROWS)).map((rows, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: slices are positional
              <DiffSlice key={index} rows={rows} />
            ))}
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
