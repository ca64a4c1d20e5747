/**
 * What a page notice holds besides its words: its actions (buttons) and, after a link's replay, the
 * calls that gave another result than recorded, each beside its record. Loaded only for a notice that
 * has them (after a link), out of the entry chunk. Untrusted text (tool names, outputs) is React text.
 */
import { useState } from 'react';
import { usePlayground } from '../../hooks/use-playground.ts';
import type { NoticeAction, NoticeComparison, PageNoticeState } from '../../state/playground.ts';
import type { RecordedResult } from '../../state/replay-check.ts';
import { plural } from '../../state/text.ts';
import { VisibleText } from '../VisibleText/VisibleText.tsx';
import styles from './NoticeDetails.module.css';

const resultOf = (record: RecordedResult): string => (record.is_error ? 'error' : 'success');
/** The tools a call activated, as the table shows them; "not recorded" for an older link. */
const activatedOf = (record: RecordedResult): string =>
  record.activated === undefined ? 'not recorded' : record.activated.join(', ') || 'none';

/** Selects the call's history entry and moves the focus there, so its result is what the page shows. */
function showInHistory(select: (id: number) => void, id: number): void {
  select(id);
  document.querySelector<HTMLElement>(`[data-entry-id="${id}"] button`)?.focus();
}

/**
 * What a link kept of a call's output: its hash and first line, or the hash alone from a link made
 * before links kept the first line.
 */
function RecordedOutput({ recorded }: { recorded: RecordedResult }) {
  return (
    <>
      hash {recorded.output}
      {recorded.head === undefined ? (
        <p className={styles.missing} data-testid="notice-comparison-recorded-none">
          The link keeps only this hash of the output.
        </p>
      ) : (
        <pre className={styles.lines} data-testid="notice-comparison-recorded-lines">
          <VisibleText text={recorded.head} />
        </pre>
      )}
    </>
  );
}

/** One differing call: its record (a hash and the first line of its output) beside what it gave here. */
function Comparison({ comparison }: { comparison: NoticeComparison }) {
  const { history } = usePlayground();
  const { call, tool, recorded, now, entryId, lines } = comparison;
  return (
    <li data-testid="notice-comparison">
      <table className={styles.table}>
        <caption>
          Call {call} (<VisibleText text={tool} />)
        </caption>
        <thead>
          <tr>
            <td />
            <th scope="col">Recorded</th>
            <th scope="col">Now</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Result</th>
            <td>{resultOf(recorded)}</td>
            <td>{resultOf(now)}</td>
          </tr>
          <tr>
            <th scope="row">Code</th>
            <td>{recorded.code ?? '—'}</td>
            <td>{now.code ?? '—'}</td>
          </tr>
          <tr>
            <th scope="row">Output</th>
            <td>
              <RecordedOutput recorded={recorded} />
            </td>
            <td>
              hash {now.output}
              <pre className={styles.lines} data-testid="notice-comparison-lines">
                <VisibleText text={lines} />
              </pre>
            </td>
          </tr>
          <tr>
            <th scope="row">Activated</th>
            <td>{activatedOf(recorded)}</td>
            <td>{activatedOf(now)}</td>
          </tr>
        </tbody>
      </table>
      <button type="button" onClick={() => showInHistory(history.select, entryId)}>
        Show call {call} in the history
      </button>
    </li>
  );
}

/** A notice's buttons; all wait while one runs (a connection, a replay). */
function NoticeActions({ actions }: { actions: readonly NoticeAction[] }) {
  const [running, setRunning] = useState(false);
  const run = async (action: NoticeAction) => {
    setRunning(true);
    try {
      await action.run();
    } finally {
      setRunning(false);
    }
  };
  return (
    <div className={styles.actions}>
      {actions.map((action) => (
        <button
          key={action.label}
          type="button"
          data-testid="notice-action"
          disabled={running}
          onClick={() => void run(action)}
        >
          {action.label}
        </button>
      ))}
    </div>
  );
}

/** The calls of a replay that gave another result than recorded, each beside its record. */
function ReplayComparison({ comparisons }: { comparisons: readonly NoticeComparison[] }) {
  return (
    <details className={styles.details} data-testid="notice-comparisons">
      <summary>Recorded and now, side by side ({plural(comparisons.length, 'call')})</summary>
      <ul className={styles.list}>
        {comparisons.map((comparison) => (
          <Comparison key={comparison.call} comparison={comparison} />
        ))}
      </ul>
    </details>
  );
}

/** A notice's actions and compared calls, each when it has some. */
export function NoticeDetails({ notice }: { notice: PageNoticeState }) {
  const { actions = [], comparisons = [] } = notice;
  return (
    <>
      {actions.length > 0 && <NoticeActions actions={actions} />}
      {comparisons.length > 0 && <ReplayComparison comparisons={comparisons} />}
    </>
  );
}
