import { type ChangeEvent, useId, useRef } from 'react';
import { usePlayground } from '../../hooks/use-playground.ts';
import { useStoreState } from '../../hooks/use-store-state.ts';
import { callJson, nestedCalls } from '../../state/history-store.ts';
import { formatCount, prettyJson, shortJson } from '../../state/text.ts';
import { CopyButton } from '../CopyButton/CopyButton.tsx';
import { Panel } from '../Panel/Panel.tsx';
import { VisibleText } from '../VisibleText/VisibleText.tsx';

/** Saves text as a file through a Blob URL (local to the page; nothing is uploaded). */
function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Every call of the session, newest first; select one; copy; export and import the session. */
export function HistoryPanel() {
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
    <Panel
      title="History"
      className="history"
      aside={<span className="count">{state.entries.length} calls</span>}
    >
      <div className="toolbar">
        <CopyButton text={() => (selected ? prettyJson(callJson(selected)) : '')} label="Copy call JSON" />
        <CopyButton text={() => (selected ? prettyJson(selected.result) : '')} label="Copy result JSON" />
        <button
          type="button"
          data-testid="export-session"
          onClick={() => download('playground-session.json', history.exportSession(playground.scenario()))}
        >
          Export session
        </button>
        <label htmlFor={fileId} className="file-button">
          Import session
        </label>
        <input
          id={fileId}
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          className="visually-hidden-file"
          data-testid="import-session"
          onChange={(event) => void onImport(event)}
        />
        <button type="button" onClick={() => history.clear()} disabled={state.entries.length === 0}>
          Clear
        </button>
      </div>
      {state.entries.length === 0 ? (
        <p className="note">No calls yet.</p>
      ) : (
        <ol className="history-list" data-testid="history" aria-label="Calls, newest first">
          {state.entries.map((entry) => {
            const name =
              entry.invocation?.tool ??
              (entry.request.kind === 'named' ? entry.request.name : (entry.parsed?.name ?? '(raw)'));
            const args = entry.request.kind === 'named' ? entry.request.args : entry.request.raw;
            const nested = nestedCalls(entry);
            return (
              <li key={entry.id} data-testid="history-entry" data-error={entry.result.is_error}>
                <button
                  type="button"
                  aria-pressed={entry.id === state.selectedId}
                  className={`history-item ${entry.result.is_error ? 'is-error' : ''}`}
                  onClick={() => history.select(entry.id)}
                >
                  <span className="history-id">#{entry.id}</span>
                  <code className="history-tool">
                    <VisibleText text={name} />
                  </code>
                  <span className="history-args">
                    <VisibleText text={shortJson(args, 60)} />
                  </span>
                  <span className="history-duration">
                    {formatCount(Math.round(entry.result.details.duration_ms))} ms
                  </span>
                  {entry.result.is_error && <span className="badge badge-error">error</span>}
                  {entry.imported && <span className="badge">imported</span>}
                  {nested.length > 0 && <span className="badge">{nested.length} nested</span>}
                </button>
                {nested.length > 0 && (
                  <ol
                    className="nested-calls"
                    data-testid="nested-calls"
                    aria-label={`Calls made by the script of call #${entry.id}`}
                  >
                    {nested.map((call, index) => (
                      <li
                        // biome-ignore lint/suspicious/noArrayIndexKey: calls are listed in the order they were made
                        key={index}
                        data-testid="nested-call"
                        data-error={call.is_error}
                        className={call.is_error ? 'is-error' : ''}
                      >
                        <code className="history-tool">
                          <VisibleText text={call.name} />
                        </code>
                        <span className="history-args">
                          <VisibleText text={shortJson(call.args, 60)} />
                        </span>
                        <span className="history-duration">
                          {formatCount(Math.round(call.duration_ms))} ms
                        </span>
                        {call.is_error && <span className="badge badge-error">error</span>}
                      </li>
                    ))}
                  </ol>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </Panel>
  );
}
