/**
 * Persistence of the embedded workspace: restore the tree saved under a key when the workspace starts,
 * save what changed after every call that may change it (debounced; at once on `pagehide` and when the
 * page is hidden), and keep two tabs with the same key from overwriting each other with a Web Lock: the
 * second one restores the saved files but does not save, and says so.
 *
 * A save writes only what changed: the workspace's change log (./change-tracking.ts) names the paths
 * changed since the last save, and when the storage can `append`, a record of just those paths is
 * appended (./persisted-tree.ts). A call that changed nothing writes nothing. The tree is written whole
 * on the first save of a key, after a failed save, when the storage cannot append, and once the
 * records appended since the last whole write outweigh it (so a restore reads at most about twice the
 * tree). Imports just-bash's types, workspace.ts, snapshot.ts, change-tracking.ts, persisted-tree.ts
 * and browser-storage.ts.
 */

import type { IFileSystem } from 'just-bash';
import { errorMessage, formatSize } from '../../shared/index.ts';
import type { Workspace } from '../workspace.ts';
import {
  createIndexedDbStorage,
  createOpfsStorage,
  defaultWorkspaceStorage,
  hasIndexedDb,
  hasOpfs,
  type WorkspaceStorage,
} from './browser-storage.ts';
import type { ChangeTracker, WorkspaceChange, WorkspaceChangeLog } from './change-tracking.ts';
import { decodeTree, encodeChanges, encodeTree } from './persisted-tree.ts';
import { restoreTree, type Snapshot, takeSnapshot } from './snapshot.ts';

/**
 * What a persisted workspace reports: restored, changes not saved yet (`pending`, from the first change
 * after a save until the next save), saved, read-only, or a failed save.
 */
export interface PersistStatus {
  state: 'restored' | 'new' | 'pending' | 'saved' | 'read-only' | 'error';
  /** One sentence for the user. */
  message: string;
}

/** The part of the Web Locks API persistence uses; `navigator.locks` satisfies it. */
export interface LockManagerLike {
  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: (lock: unknown) => Promise<unknown>,
  ): Promise<unknown>;
}

/** `persist` option of the embedded workspaces. */
export interface PersistOptions {
  /** Names the saved workspace; the same key restores it in a later session of the same origin. */
  key: string;
  /**
   * Where to keep it: a {@link WorkspaceStorage}, or `'opfs'` / `'indexeddb'` to pick one of the
   * browser's. Default: the Origin Private File System where available, IndexedDB otherwise; without
   * either (Node), creation fails unless a storage is given. The Worker variant takes the two names
   * only (an object cannot cross into its Worker).
   */
  storage?: WorkspaceStorage | 'opfs' | 'indexeddb';
  /** Restore what the key holds (and ignore `files`). `false`: start from `files` and save over it. Default: `true`. */
  restore?: boolean;
  /** Milliseconds of quiet after a change before it is saved. Default: 300. */
  debounceMs?: number;
  /**
   * Keeps two workspaces with the same key from both saving. Default: `navigator.locks` when present;
   * `null` turns locking off.
   */
  locks?: LockManagerLike | null;
  /** How long to wait for another holder of the key to let go before starting read-only. Default: 2,000 ms. */
  lockWaitMs?: number;
  /** Called on every change of status: restored, saved, read-only, a failed save. */
  onStatus?: (status: PersistStatus) => void;
}

/** Longest key accepted, in characters. */
export const MAX_PERSIST_KEY_LENGTH = 200;
const DEFAULT_DEBOUNCE_MS = 300;
const DEFAULT_LOCK_WAIT_MS = 2_000;
/** Records appended since the last whole write may add up to this much before the tree is written whole. */
const MIN_APPENDED_BYTES = 1024 * 1024;
const LOCK_PREFIX = 'browser-agent-tools:workspace:';

/** The Workspace methods after which the tree may have changed. */
const MUTATING = ['writeFile', 'mkdir', 'rm', 'rename', 'exec', 'restoreSnapshot'] as const;

/** Saves of workspaces created with `persist`, for the Worker's `flush` message. */
const flushers = new WeakMap<Workspace, () => Promise<void>>();

/** Saves `workspace` now if it is persisted and changed since its last save. */
export async function flushPersistedWorkspace(workspace: Workspace): Promise<void> {
  await flushers.get(workspace)?.();
}

/** Checks `persist` and picks its storage. Throws before anything is created. */
export function resolvePersistStorage(persist: PersistOptions): WorkspaceStorage {
  if (typeof persist.key !== 'string' || persist.key === '' || persist.key.length > MAX_PERSIST_KEY_LENGTH) {
    throw new Error(
      `persist.key must be a non-empty string of at most ${MAX_PERSIST_KEY_LENGTH} characters.`,
    );
  }
  if (persist.storage === 'indexeddb') {
    if (!hasIndexedDb())
      throw new Error('persist.storage is "indexeddb", and this runtime has no IndexedDB.');
    return createIndexedDbStorage();
  }
  if (persist.storage === 'opfs') {
    if (!hasOpfs())
      throw new Error('persist.storage is "opfs", and this runtime has no Origin Private File System.');
    return createOpfsStorage();
  }
  return persist.storage ?? defaultWorkspaceStorage();
}

/**
 * Takes the key's lock, waiting up to `lockWaitMs` for a previous holder (a reloading page, a restarted
 * Worker). Resolves with a release function, or `undefined` when another holder kept it.
 */
async function acquireLock(persist: PersistOptions): Promise<(() => void) | undefined> {
  const locks =
    persist.locks === undefined
      ? (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks
      : persist.locks;
  if (!locks) return () => undefined;
  const signal = AbortSignal.timeout(persist.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS);
  return new Promise((resolve) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => {
      release = done;
    });
    locks
      .request(`${LOCK_PREFIX}${persist.key}`, { signal }, async () => {
        resolve(release);
        await held;
      })
      .catch(() => resolve(undefined));
  });
}

/**
 * Restores the key's tree into `fs` under `root` (or, when nothing is stored or `restore` is false,
 * lets the caller write its initial files), takes the lock, and returns `wrap`, which makes a
 * workspace save after every mutating call. Damaged stored data is never overwritten: the workspace
 * then starts from its initial files and does not save.
 */
export async function openPersistence(
  persist: PersistOptions,
  storage: WorkspaceStorage,
  fs: IFileSystem,
  tracker: ChangeTracker,
): Promise<{ restored: boolean; wrap(workspace: Workspace): Workspace }> {
  const { root } = tracker;
  const report = (status: PersistStatus): void => persist.onStatus?.(status);
  const release = await acquireLock(persist);
  let writable = release !== undefined;
  let restored = false;
  const name = JSON.stringify(persist.key);
  if (persist.restore !== false) {
    const bytes = await storage.read(persist.key);
    if (bytes) {
      try {
        await restoreTree(fs, root, decodeTree(bytes, root));
        restored = true;
      } catch (error) {
        writable = false;
        report({
          state: 'error',
          message: `The workspace saved under ${name} in ${storage.label} could not be read (${errorMessage(error)}); it starts from its initial files and does not save, so the saved data stays as it is. Use another key, or remove that one.`,
        });
      }
    }
  }
  if (!release) {
    report({
      state: 'read-only',
      message: `Another tab or window has the workspace ${name} open and saves it; this one shows the saved files but does not save its changes. Close the other one and reload this one to save here.`,
    });
  } else if (writable) {
    report(
      restored
        ? { state: 'restored', message: `Restored the workspace saved under ${name} from ${storage.label}.` }
        : {
            state: 'new',
            message: `Nothing was saved under ${name} yet; changes are saved to ${storage.label}.`,
          },
    );
  }
  // Opened after the restore: what was restored is what the key holds, not a change.
  const target: SaveTarget = { persist, storage, fs, tracker, log: tracker.openLog(), stored: restored };
  return { restored, wrap: (workspace) => persistent(workspace, target, writable, release) };
}

/** Where and what a persisted workspace saves. */
interface SaveTarget {
  persist: PersistOptions;
  storage: WorkspaceStorage;
  fs: IFileSystem;
  tracker: ChangeTracker;
  /** The paths changed since the last save. */
  log: WorkspaceChangeLog;
  /** Whether the storage holds the tree as it was at the log's mark (so changes can be appended). */
  stored: boolean;
}

/** Writes what changed since the last save; `false` when nothing had (nothing was written). */
function saverOf(target: SaveTarget): () => Promise<boolean> {
  const { persist, storage, fs, tracker, log } = target;
  const { root } = tracker;
  let wholeBytes = 0;
  let appendedBytes = 0;
  return async () => {
    const changes = await log.changes();
    if (target.stored && changes.length === 0) return false;
    const record = target.stored && storage.append ? await changesRecord(tracker, changes) : undefined;
    if (
      record &&
      storage.append &&
      appendedBytes + record.length <= Math.max(wholeBytes, MIN_APPENDED_BYTES)
    ) {
      await storage.append(persist.key, record);
      appendedBytes += record.length;
    } else {
      target.stored = false;
      const whole = encodeTree(await takeSnapshot(fs, root), root);
      await storage.write(persist.key, whole);
      target.stored = true;
      wholeBytes = whole.length;
      appendedBytes = 0;
    }
    log.mark(changes);
    return true;
  };
}

/** A record of `changes`: each changed path as it is now, and the removed ones. */
async function changesRecord(
  tracker: ChangeTracker,
  changes: readonly WorkspaceChange[],
): Promise<Uint8Array> {
  const { root } = tracker;
  const written: Snapshot = new Map();
  const removed: string[] = [];
  for (const change of changes) {
    if (change.path === root) continue;
    if (change.kind === 'removed') {
      removed.push(change.path);
      continue;
    }
    const entry = await tracker.imageOf(change.path);
    if (entry) written.set(change.path, entry);
    else removed.push(change.path);
  }
  return encodeChanges(written, removed, root);
}

function persistent(
  inner: Workspace,
  target: SaveTarget,
  writable: boolean,
  release: (() => void) | undefined,
): Workspace {
  const { persist, storage } = target;
  const debounceMs = persist.debounceMs ?? DEFAULT_DEBOUNCE_MS;
  let dirty = !writable ? false : persist.restore === false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let saving: Promise<void> = Promise.resolve();
  const writeChanges = saverOf(target);

  const save = async (): Promise<void> => {
    if (!writable || !dirty) return;
    dirty = false;
    try {
      if (await writeChanges()) persist.onStatus?.({ state: 'saved', message: `Saved to ${storage.label}.` });
    } catch (error) {
      // Writes and appends are atomic: the storage holds the last save, and the log still names
      // every change since, so the next save starts from there.
      dirty = true;
      persist.onStatus?.({ state: 'error', message: await saveFailure(error, persist.key, storage) });
    }
  };
  const flush = (): Promise<void> => {
    clearTimeout(timer);
    saving = saving.then(save);
    return saving;
  };
  const changed = (): void => {
    if (!writable) return;
    // Until the save, "Saved" would be untrue: a reload or a closed tab now can lose this change.
    if (!dirty) persist.onStatus?.({ state: 'pending', message: pendingMessage(storage, debounceMs) });
    dirty = true;
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), debounceMs);
  };

  const page = globalThis as {
    addEventListener?: (type: string, listener: () => void) => void;
    removeEventListener?: (type: string, listener: () => void) => void;
    document?: { visibilityState?: string };
  };
  const onHide = (): void => {
    if (page.document?.visibilityState !== 'visible') void flush();
  };
  const onPageHide = (): void => void flush();
  page.addEventListener?.('pagehide', onPageHide);
  page.addEventListener?.('visibilitychange', onHide);

  const wrapped: Workspace = { ...inner };
  for (const method of MUTATING) {
    const original = inner[method] as ((...args: unknown[]) => Promise<unknown>) | undefined;
    if (!original) continue;
    (wrapped as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      try {
        return await original.apply(inner, args);
      } finally {
        changed();
      }
    };
  }
  wrapped.dispose = async () => {
    await flush();
    page.removeEventListener?.('pagehide', onPageHide);
    page.removeEventListener?.('visibilitychange', onHide);
    release?.();
    target.log.close();
    await inner.dispose?.();
  };
  flushers.set(wrapped, flush);
  if (dirty) changed();
  return wrapped;
}

function pendingMessage(storage: WorkspaceStorage, debounceMs: number): string {
  return `Not saved yet: changes are saved to ${storage.label} after ${debounceMs} ms without a change.`;
}

/** What a failed save says: a full quota names the quota, and nothing saved before is lost. */
async function saveFailure(error: unknown, key: string, storage: WorkspaceStorage): Promise<string> {
  const name = (error as { name?: string })?.name;
  const kept = 'What was saved before is kept; the next change tries again.';
  if (name === 'QuotaExceededError') {
    const { usage, quota } = (await storage.estimate?.().catch(() => undefined)) ?? {};
    const limit =
      quota === undefined
        ? "the browser's storage quota for this site"
        : `the browser's storage quota for this site (${formatSize(quota)}${usage === undefined ? '' : `, ${formatSize(usage)} in use`})`;
    return `Could not save the workspace ${JSON.stringify(key)} to ${storage.label}: it would exceed ${limit}. ${kept} Delete files or other saved workspaces to make room.`;
  }
  const detail = errorMessage(error);
  return `Could not save the workspace ${JSON.stringify(key)} to ${storage.label} (${detail}). ${kept}`;
}
