/**
 * The workspace as the page shows it: the file tree under the root, which directories are collapsed,
 * and a read-only viewer of one file. Reads go straight to the Workspace seam (not through the tools),
 * so looking at files never adds calls to the history. Framework-free.
 */
import { errorMessage } from '../../shared/index.ts';
import { createStore, type Store, type StoreHandle } from './store.ts';
import { formatCount } from './text.ts';
import type { Workspace } from './types.ts';
import { isText, listTree, type TreeEntry } from './workspace-files.ts';

/** The file open in the viewer. */
export interface OpenFile {
  readonly path: string;
  readonly size: number;
  /** UTF-8 text, or `null` for a binary file. */
  readonly text: string | null;
}

interface WorkspaceViewState {
  readonly root: string;
  readonly entries: readonly TreeEntry[];
  /** Entries left out of a very large tree. */
  readonly hidden: number;
  readonly collapsed: Readonly<Record<string, boolean>>;
  readonly loading: boolean;
  readonly error: string | null;
  readonly selected: string | null;
  readonly file: OpenFile | null;
  /** Bumped on every refresh, so views can say "updated". */
  readonly refreshes: number;
  /** Whether the backend snapshots before commands, so deletions can be undone (`Workspace.restoreSnapshot`). */
  readonly canRestore: boolean;
  /** What the last restore did, or why it could not. */
  readonly restored: { readonly message: string; readonly ok: boolean } | null;
}

type WorkspaceViewEvent = { type: 'refreshed' } | { type: 'opened'; path: string };

export interface WorkspaceViewStore {
  readonly store: Store<WorkspaceViewState, WorkspaceViewEvent>;
  refresh(): Promise<void>;
  open(path: string): Promise<void>;
  toggle(path: string): void;
  /** Entries whose ancestors are all expanded. */
  visibleEntries(): TreeEntry[];
  /** Puts the workspace back as it was before the last command that deleted files, then refreshes. */
  restoreSnapshot(): Promise<void>;
}

type WorkspaceViewHandle = StoreHandle<WorkspaceViewState, WorkspaceViewEvent>;

/** The file at `path` (relative to the root) for the viewer; `null` when it cannot be read. */
async function readOpenFile(target: Workspace, path: string): Promise<OpenFile | null> {
  try {
    const bytes = await target.readFile(`${target.root}/${path}`);
    return { path, size: bytes.length, text: isText(bytes) ? new TextDecoder().decode(bytes) : null };
  } catch {
    return null;
  }
}

/** Lists the tree again and re-reads the open file (closed when it is gone). */
async function loadTree(handle: WorkspaceViewHandle, workspace: () => Promise<Workspace>): Promise<void> {
  handle.set({ loading: true });
  try {
    const target = await workspace();
    const { entries, hidden } = await listTree(target);
    const { selected } = handle.get();
    const file = selected === null ? null : await readOpenFile(target, selected);
    handle.set(
      {
        root: target.root,
        entries,
        hidden,
        loading: false,
        error: null,
        file,
        selected: file ? selected : null,
        refreshes: handle.get().refreshes + 1,
        canRestore: typeof target.restoreSnapshot === 'function',
      },
      { type: 'refreshed' },
    );
  } catch (error) {
    // A tree that cannot be listed (a command deleted the root) shows nothing, not stale entries.
    handle.set(
      {
        loading: false,
        error: errorMessage(error),
        entries: [],
        hidden: 0,
        file: null,
        selected: null,
        refreshes: handle.get().refreshes + 1,
      },
      { type: 'refreshed' },
    );
  }
}

/**
 * Runs `load` now, or once more after the run in progress when one is (however many refreshes were
 * asked for meanwhile); resolves when the tree is current.
 */
function coalesce(load: () => Promise<void>): () => Promise<void> {
  let pending: Promise<void> | null = null;
  let again = false;
  return () => {
    if (pending) {
      again = true;
      return pending;
    }
    pending = (async () => {
      do {
        again = false;
        await load();
      } while (again);
      pending = null;
    })();
    return pending;
  };
}

/** What restoring the last snapshot did, in words, or why it could not. */
async function restoreLastSnapshot(target: Workspace): Promise<{ message: string; ok: boolean }> {
  try {
    if (!target.restoreSnapshot) throw new Error('This backend keeps no snapshots.');
    const { files, directories } = await target.restoreSnapshot();
    return {
      ok: true,
      message: `Restored the workspace as it was before the last command that deleted files: ${formatCount(files)} ${files === 1 ? 'file' : 'files'}, ${formatCount(directories)} ${directories === 1 ? 'directory' : 'directories'}.`,
    };
  } catch (error) {
    return { ok: false, message: errorMessage(error) };
  }
}

export function createWorkspaceViewStore(workspace: () => Promise<Workspace>): WorkspaceViewStore {
  const handle = createStore<WorkspaceViewState, WorkspaceViewEvent>({
    root: '/workspace',
    entries: [],
    hidden: 0,
    collapsed: {},
    loading: false,
    error: null,
    selected: null,
    file: null,
    refreshes: 0,
    canRestore: false,
    restored: null,
  });
  const refresh = coalesce(() => loadTree(handle, workspace));

  return {
    store: handle.store,
    refresh,
    async open(path) {
      handle.set({ selected: path });
      const file = await readOpenFile(await workspace(), path);
      handle.set(
        file ? { file, selected: path } : { file: null, error: `Could not read ${path}.` },
        file ? { type: 'opened', path } : undefined,
      );
    },
    toggle(path) {
      const { collapsed } = handle.get();
      handle.set({ collapsed: { ...collapsed, [path]: !collapsed[path] } });
    },
    async restoreSnapshot() {
      handle.set({ restored: await restoreLastSnapshot(await workspace()) });
      await refresh();
    },
    visibleEntries() {
      const { entries, collapsed } = handle.get();
      const closed = Object.keys(collapsed).filter((path) => collapsed[path]);
      return entries.filter((entry) => !closed.some((dir) => entry.path.startsWith(`${dir}/`)));
    },
  };
}
