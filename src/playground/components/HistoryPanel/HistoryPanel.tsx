import { type ChangeEvent, useId, useRef } from 'react';
import { usePlayground } from '../../hooks/use-playground.ts';
import { useStoreState } from '../../hooks/use-store-state.ts';
import { callJson, type HistoryEntry, nestedCalls } from '../../state/history-store.ts';
import { formatCount, prettyJson, shortJson } from '../../state/text.ts';
import { Badge } from '../Badge/Badge.tsx';
import { CopyButton } from '../CopyButton/CopyButton.tsx';
import { Panel, PanelCount } from '../Panel/Panel.tsx';
import { classNames } from '../shared/class-names.ts';
import controls from '../shared/controls.module.css';
import textStyles from '../shared/text.module.css';
import { VisibleText } from '../VisibleText/VisibleText.tsx';
import styles from './HistoryPanel.module.css';

/** Saves text as a file through a Blob URL (local to the page; nothing is uploaded). */
function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Copy the selected call or result, export and import the session, clear the history. */
function HistoryToolbar() {
  const playground = usePlayground();
  const { history } = playground;
  const state = useStoreState(history.store);
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement | null>(null);
  const selected = history.selected();
  const onImport = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    await playground.importSession(await file.text());
    if (fileInput.current) fileInput.current.value = '';
  };
  return (
    <div className={controls.toolbar}>
      <CopyButton text={() => (selected ? prettyJson(callJson(selected)) : '')} label="Copy call JSON" />
      <CopyButton text={() => (selected ? prettyJson(selected.result) : '')} label="Copy result JSON" />
      <button
        type="button"
        data-testid="export-session"
        onClick={() => download('playground-session.json', history.exportSession(playground.scenario()))}
      >
        Export session
      </button>
      <label htmlFor={fileId} className={styles.fileButton}>
        Import session
      </label>
      <input
        id={fileId}
        ref={fileInput}
        type="file"
        accept="application/json,.json"
        className={textStyles.visuallyHidden}
        data-testid="import-session"
        onChange={(event) => void onImport(event)}
      />
      <button type="button" onClick={() => history.clear()} disabled={state.entries.length === 0}>
        Clear
      </button>
    </div>
  );
}

/** The calls a codemode script made, under the call that ran it. */
function NestedCalls({ entry }: { entry: HistoryEntry }) {
  const nested = nestedCalls(entry);
  if (nested.length === 0) return null;
  return (
    <ol
      className={styles.nestedCalls}
      data-testid="nested-calls"
      aria-label={`Calls made by the script of call #${entry.id}`}
    >
      {nested.map((call, index) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: calls are listed in the order they were made
          key={index}
          data-testid="nested-call"
          data-error={call.is_error}
        >
          <code data-testid="history-tool">
            <VisibleText text={call.name} />
          </code>
          <span className={styles.args}>
            <VisibleText text={shortJson(call.args, 60)} />
          </span>
          <span className={styles.duration}>{formatCount(Math.round(call.duration_ms))} ms</span>
          {call.is_error && (
            <Badge tone="error" testId="error-badge">
              error
            </Badge>
          )}
        </li>
      ))}
    </ol>
  );
}

/** One call of the history: a button that selects it, then the calls its script made. */
function HistoryRow({ entry, selected }: { entry: HistoryEntry; selected: boolean }) {
  const { history } = usePlayground();
  const name =
    entry.invocation?.tool ??
    (entry.request.kind === 'named' ? entry.request.name : (entry.parsed?.name ?? '(raw)'));
  const args = entry.request.kind === 'named' ? entry.request.args : entry.request.raw;
  const nested = nestedCalls(entry);
  return (
    <li data-testid="history-entry" data-entry-id={entry.id} data-error={entry.result.is_error}>
      <button
        type="button"
        aria-pressed={selected}
        className={classNames(styles.item, entry.result.is_error && styles.isError)}
        onClick={() => history.select(entry.id)}
      >
        <span className={styles.id}>#{entry.id}</span>
        <code data-testid="history-tool">
          <VisibleText text={name} />
        </code>
        <span className={styles.args}>
          <VisibleText text={shortJson(args, 60)} />
        </span>
        <span className={styles.duration}>
          {formatCount(Math.round(entry.result.details.duration_ms))} ms
        </span>
        {entry.result.is_error && (
          <Badge tone="error" testId="error-badge">
            error
          </Badge>
        )}
        {entry.imported && <Badge>imported</Badge>}
        {nested.length > 0 && <Badge>{nested.length} nested</Badge>}
      </button>
      <NestedCalls entry={entry} />
    </li>
  );
}

/** Every call of the session, newest first; select one; copy; export and import the session. */
export function HistoryPanel() {
  const { history } = usePlayground();
  const state = useStoreState(history.store);
  return (
    <Panel
      title="History"
      testId="history-panel"
      aside={<PanelCount>{state.entries.length} calls</PanelCount>}
    >
      <HistoryToolbar />
      {state.entries.length === 0 ? (
        <p className={textStyles.note}>No calls yet.</p>
      ) : (
        <ol className={styles.list} data-testid="history" aria-label="Calls, newest first">
          {state.entries.map((entry) => (
            <HistoryRow key={entry.id} entry={entry} selected={entry.id === state.selectedId} />
          ))}
        </ol>
      )}
    </Panel>
  );
}
