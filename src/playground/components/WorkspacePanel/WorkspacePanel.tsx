import { lazy, Suspense, useState } from 'react';
import { formatSize } from '../../../shared/index.ts';
import { usePlayground } from '../../hooks/use-playground.ts';
import { useStoreState } from '../../hooks/use-store-state.ts';
import { formatCount } from '../../state/text.ts';
import type { OpenFile } from '../../state/workspace-store.ts';
import { Panel } from '../Panel/Panel.tsx';
import controls from '../shared/controls.module.css';
import textStyles from '../shared/text.module.css';
import { TextView } from '../TextView/TextView.tsx';
import { VisibleText } from '../VisibleText/VisibleText.tsx';
import styles from './WorkspacePanel.module.css';

/** Undo the last deleting command (when the backend keeps snapshots) and Refresh, beside the heading. */
function WorkspaceActions() {
  const { workspace, history } = usePlayground();
  const state = useStoreState(workspace.store);
  const { entries } = useStoreState(history.store);
  // The id of the newest call when the last undo ran: only a deletion after it is left to undo.
  const [undoneAt, setUndoneAt] = useState(-1);
  const newestId = entries[0]?.id ?? -1;
  const canUndo = entries.some((entry) => entry.id > undoneAt && entry.result.details.restorable === true);
  return (
    <>
      {state.canRestore && (
        <button
          type="button"
          className={controls.small}
          data-testid="workspace-restore"
          title={
            canUndo
              ? 'Put the workspace back as it was just before the last command that deleted files'
              : 'Nothing to undo: no command has deleted files since the last undo'
          }
          disabled={!canUndo}
          onClick={() => {
            setUndoneAt(newestId);
            void workspace.restoreSnapshot();
          }}
        >
          Undo last deletion
        </button>
      )}{' '}
      <button type="button" className={controls.small} onClick={() => void workspace.refresh()}>
        Refresh
      </button>
    </>
  );
}

/** The files and directories under the root, directories collapsible; a file opens in the viewer. */
function FileTree() {
  const { workspace } = usePlayground();
  const state = useStoreState(workspace.store);
  return (
    <ul
      className={styles.tree}
      data-testid="workspace-tree"
      aria-label="Files"
      data-refreshes={state.refreshes}
    >
      {workspace.visibleEntries().map((entry) => (
        <li key={entry.path} style={{ paddingLeft: `${entry.depth * 1}rem` }}>
          {entry.type === 'directory' ? (
            <button
              type="button"
              className={styles.directory}
              aria-expanded={!state.collapsed[entry.path]}
              onClick={() => workspace.toggle(entry.path)}
            >
              <span aria-hidden="true">{state.collapsed[entry.path] ? '▸' : '▾'} </span>
              <VisibleText text={`${entry.name}/`} />
            </button>
          ) : (
            <button
              type="button"
              className={styles.file}
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
  );
}

/** The open file, read-only: text with line numbers, or a note for a binary file. */
function FileViewer({ file }: { file: OpenFile }) {
  return (
    <section className={styles.viewer} aria-label="File viewer" data-testid="file-viewer">
      <h3>
        <VisibleText text={file.path} />{' '}
        <span className={textStyles.muted}>{formatSize(file.size)}, read-only</span>
      </h3>
      {file.text === null ? (
        <p className={textStyles.note}>Binary file ({formatSize(file.size)}): not shown as text.</p>
      ) : (
        <TextView text={file.text} label={`Content of ${file.path}`} lineNumbers testId="file-content" />
      )}
    </section>
  );
}

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
  return (
    <Panel title="Workspace" aside={<WorkspaceActions />}>
      <p className={textStyles.note}>
        <code>{state.root}</code> ·{' '}
        {formatCount(state.entries.filter((entry) => entry.type === 'file').length)} files
        {state.loading ? ' · reading…' : ''}
      </p>
      <Suspense fallback={null}>
        <WorkspaceTransfer />
      </Suspense>
      {state.error && (
        <p className={textStyles.error} role="alert">
          {state.error}
        </p>
      )}
      {state.restored && (
        <p
          className={state.restored.ok ? textStyles.note : textStyles.error}
          role="status"
          data-testid="workspace-restore-status"
        >
          {state.restored.message}
        </p>
      )}
      <FileTree />
      {state.hidden > 0 && (
        <p className={textStyles.note}>{formatCount(state.hidden)} more entries are not listed.</p>
      )}
      {state.file && <FileViewer file={state.file} />}
    </Panel>
  );
}
