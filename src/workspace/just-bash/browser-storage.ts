/**
 * Where a persisted workspace is kept: the {@link WorkspaceStorage} interface, and its two browser
 * implementations, the Origin Private File System (one file per key) and IndexedDB (one record per
 * key). Both replace a key's bytes atomically: OPFS writes into a swap file that only replaces the old
 * one when the stream closes, IndexedDB in one transaction. A write that fails (a full quota) leaves
 * what was stored before untouched. Imports nothing; DOM types only.
 */

/** Keeps saved workspaces as byte strings by key. Inject your own for Node, tests or another store. */
export interface WorkspaceStorage {
  /** Words for messages: where the bytes go (`the Origin Private File System`, `IndexedDB`, ...). */
  readonly label: string;
  /** The bytes stored under `key`, or `undefined` when there are none. */
  read(key: string): Promise<Uint8Array | undefined>;
  /** Replaces the bytes under `key`. Throws, keeping the previous bytes, when it cannot. */
  write(key: string, bytes: Uint8Array): Promise<void>;
  /** Forgets `key`. */
  remove(key: string): Promise<void>;
  /** How much the origin uses and may use, in bytes, when the runtime tells (for quota messages). */
  estimate?(): Promise<{ usage?: number; quota?: number }>;
}

const OPFS_DIRECTORY = 'browser-agent-tools-workspaces';
const IDB_NAME = 'browser-agent-tools-workspaces';
const IDB_STORE = 'workspaces';

/** Whether this runtime has the Origin Private File System with writable streams. */
export function hasOpfs(): boolean {
  const storage = (globalThis as { navigator?: { storage?: { getDirectory?: unknown } } }).navigator?.storage;
  const handle = (globalThis as { FileSystemFileHandle?: { prototype?: object } }).FileSystemFileHandle;
  return (
    typeof storage?.getDirectory === 'function' && !!handle?.prototype && 'createWritable' in handle.prototype
  );
}

/** Whether this runtime has IndexedDB. */
export function hasIndexedDb(): boolean {
  return typeof (globalThis as { indexedDB?: unknown }).indexedDB === 'object';
}

const estimate = async (): Promise<{ usage?: number; quota?: number }> => {
  const storage = (globalThis as { navigator?: { storage?: StorageManager } }).navigator?.storage;
  return typeof storage?.estimate === 'function' ? storage.estimate() : {};
};

/** A file name for `key` that any filesystem accepts. */
const fileNameOf = (key: string): string => `${encodeURIComponent(key)}.workspace`;

/** Saved workspaces as files of the Origin Private File System. */
export function createOpfsStorage(): WorkspaceStorage {
  const directory = async (): Promise<FileSystemDirectoryHandle> =>
    (await navigator.storage.getDirectory()).getDirectoryHandle(OPFS_DIRECTORY, { create: true });
  return {
    label: 'the Origin Private File System',
    async read(key) {
      try {
        const handle = await (await directory()).getFileHandle(fileNameOf(key));
        return new Uint8Array(await (await handle.getFile()).arrayBuffer());
      } catch (error) {
        if ((error as { name?: string }).name === 'NotFoundError') return undefined;
        throw error;
      }
    },
    async write(key, bytes) {
      const handle = await (await directory()).getFileHandle(fileNameOf(key), { create: true });
      const stream = await handle.createWritable();
      try {
        await stream.write(bytes as Uint8Array<ArrayBuffer>);
        await stream.close();
      } catch (error) {
        // Aborting drops the swap file: the previous content stays as it was.
        await stream.abort().catch(() => undefined);
        throw error;
      }
    },
    async remove(key) {
      await (await directory()).removeEntry(fileNameOf(key)).catch((error: { name?: string }) => {
        if (error.name !== 'NotFoundError') throw error;
      });
    },
    estimate,
  };
}

const settle = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/** Saved workspaces as records of an IndexedDB object store. */
export function createIndexedDbStorage(): WorkspaceStorage {
  let database: Promise<IDBDatabase> | undefined;
  const open = (): Promise<IDBDatabase> => {
    database ??= new Promise((resolve, reject) => {
      const request = indexedDB.open(IDB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(IDB_STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return database;
  };
  const run = async <T>(
    mode: IDBTransactionMode,
    act: (store: IDBObjectStore) => IDBRequest<T>,
  ): Promise<T> => {
    const transaction = (await open()).transaction(IDB_STORE, mode);
    const result = settle(act(transaction.objectStore(IDB_STORE)));
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onabort = () => reject(transaction.error);
      transaction.onerror = () => reject(transaction.error);
    });
    return result;
  };
  return {
    label: 'IndexedDB',
    async read(key) {
      const value = await run('readonly', (store) => store.get(key));
      return value instanceof Uint8Array ? value : undefined;
    },
    async write(key, bytes) {
      await run('readwrite', (store) => store.put(bytes, key));
    },
    async remove(key) {
      await run('readwrite', (store) => store.delete(key));
    },
    estimate,
  };
}

/**
 * The browser's storage for persisted workspaces: OPFS where available, IndexedDB otherwise. Throws
 * when the runtime has neither (Node, most edge runtimes), saying to inject a storage.
 */
export function defaultWorkspaceStorage(): WorkspaceStorage {
  if (hasOpfs()) return createOpfsStorage();
  if (hasIndexedDb()) return createIndexedDbStorage();
  throw new Error(
    'persist needs browser storage (the Origin Private File System or IndexedDB), and this runtime has neither. Pass persist.storage (a WorkspaceStorage) to keep the workspace somewhere else.',
  );
}
