/**
 * The playground's persistence setting: `?persist=KEY` in the URL keeps the embedded workspace in this
 * browser under KEY (restored on reload); the Workspace panel's toggle turns it on or off, keeping the
 * URL in step. The first embedded start restores what KEY holds; every later start (a reset, a
 * toggle, a switch back from a WebContainer) saves the files it is given over it. Browser-only.
 */
import type { JustBashWorkerWorkspaceOptions, PersistStatus } from 'browser-agent-tools/workspace/just-bash';
import { createStore } from './state/store.ts';
import type { Workspace } from './state/types.ts';

/** The key the toggle uses when the URL names none. */
export const DEFAULT_PERSIST_KEY = 'playground';

interface PersistenceState {
  /** The key the workspace is saved under, or `null` when it lives in memory only. */
  readonly key: string | null;
  /** The last thing the saved workspace reported. */
  readonly status: PersistStatus | null;
}

const handle = createStore<PersistenceState, { type: 'changed' }>({
  key: new URLSearchParams(globalThis.location?.search ?? '').get('persist') || null,
  status: null,
});

/** The setting and its last status, for the Workspace panel. */
export const persistenceStore = handle.store;

let started = false;
let previous: Workspace | null = null;

/** Sets the key (or `null`) and writes it into the URL's `persist` parameter. */
export function setPersistKey(key: string | null): void {
  const url = new URL(location.href);
  if (key) url.searchParams.set('persist', key);
  else url.searchParams.delete('persist');
  history.replaceState(history.state, '', url);
  handle.set({ key, status: null }, { type: 'changed' });
}

/**
 * The `persist` option for the next embedded start, after letting the previous persisted workspace
 * save and release its lock (it would otherwise keep the new one read-only).
 */
export async function persistOptionFor(): Promise<Pick<JustBashWorkerWorkspaceOptions, 'persist'>> {
  const restore = !started;
  started = true;
  const key = handle.get().key;
  const old = previous;
  previous = null;
  await old?.dispose?.();
  if (!key) return {};
  // `?persistStorage=indexeddb` picks IndexedDB over OPFS (the tests of both storages use it).
  const storage = new URLSearchParams(location.search).get('persistStorage');
  return {
    persist: {
      key,
      restore,
      ...(storage === 'indexeddb' || storage === 'opfs' ? { storage } : {}),
      onStatus: (status) => handle.set({ status }, { type: 'changed' }),
    },
  };
}

/** Remembers the workspace just started with `persist`, so the next start can release it first. */
export function startedWithPersist(workspace: Workspace): void {
  previous = workspace;
}
