import { lazy, Suspense } from 'react';
import { usePlayground } from '../../hooks/use-playground.ts';
import { useStoreState } from '../../hooks/use-store-state.ts';
import { formatBytes, formatCount } from '../../state/text.ts';
import { Panel } from '../Panel/Panel.tsx';
import { TextView } from '../TextView/TextView.tsx';
import { VisibleText } from '../VisibleText/VisibleText.tsx';

// The transfer controls (and fflate behind them) load after the first paint, out of the entry chunk.
const WorkspaceTransfer = lazy(() =>
  import('../WorkspaceTransfer/WorkspaceTransfer.tsx').then((module) => ({
    default: module.WorkspaceTransfer,
  })),
);

/** The workspace's file tree and a read-only viewer; refreshed after calls that may write. */
export function WorkspacePanel() {
  const { workspace } = usePlayground();
  const state = useStoreState(workspace.store);
  const entries = workspace.visibleEntries();
  return (
    <Panel
      title="Workspace"
      className="workspace"
      aside={
        <>
          {state.canRestore && (
            <button
              type="button"
              className="small"
              data-testid="workspace-restore"
              title="Put the workspace back as it was just before the last command that deleted files"
              onClick={() => void workspace.restoreSnapshot()}
            >
              Undo last deletion
            </button>
          )}{' '}
          <button type="button" className="small" onClick={() => void workspace.refresh()}>
            Refresh
          </button>
        </>
      }
    >
      <p className="note">
        <code>{state.root}</code> ·{' '}
        {formatCount(state.entries.filter((entry) => entry.type === 'file').length)} files
        {state.loading ? ' · reading…' : ''}
      </p>
      <Suspense fallback={null}>
        <WorkspaceTransfer />
      </Suspense>
      {state.error && (
        <p className="error" role="alert">
          {state.error}
        </p>
      )}
      {state.restored && (
        <p
          className={state.restored.ok ? 'note' : 'error'}
          role="status"
          data-testid="workspace-restore-status"
        >
          {state.restored.message}
        </p>
      )}
      <ul
        className="file-tree"
        data-testid="workspace-tree"
        aria-label="Files"
        data-refreshes={state.refreshes}
      >
        {entries.map((entry) => (
          <li key={entry.path} style={{ paddingLeft: `${entry.depth * 1}rem` }}>
            {entry.type === 'directory' ? (
              <button
                type="button"
                className="tree-dir"
                aria-expanded={!state.collapsed[entry.path]}
                onClick={() => workspace.toggle(entry.path)}
              >
                <span aria-hidden="true">{state.collapsed[entry.path] ? '▸' : '▾'} </span>
                <VisibleText text={`${entry.name}/`} />
              </button>
            ) : (
              <button
                type="button"
                className="tree-file"
                aria-current={state.selected === entry.path ? 'true' : undefined}
                data-path={entry.path}
                onClick={() => void workspace.open(entry.path)}
              >
                <VisibleText text={entry.name} />
              </button>
            )}
          </li>
        ))}
      </ul>
      {state.hidden > 0 && <p className="note">{formatCount(state.hidden)} more entries are not listed.</p>}
      {state.file && (
        <section className="viewer" aria-label="File viewer" data-testid="file-viewer">
          <h3>
            <VisibleText text={state.file.path} />{' '}
            <span className="muted">{formatBytes(state.file.size)}, read-only</span>
          </h3>
          {state.file.text === null ? (
            <p className="note">Binary file ({formatBytes(state.file.size)}): not shown as text.</p>
          ) : (
            <TextView
              text={state.file.text}
              label={`Content of ${state.file.path}`}
              lineNumbers
              testId="file-content"
            />
          )}
        </section>
      )}
    </Panel>
  );
}
