/**
 * Where a persisted workspace is kept: the {@link WorkspaceStorage} interface, and its two browser
 * implementations, the Origin Private File System (one file per key) and IndexedDB (one record per
 * key, and one per appended part). Both replace or extend a key's bytes atomically: OPFS writes into a
 * swap file that only replaces the old one when the stream closes, IndexedDB in one transaction. A
 * write that fails (a full quota) leaves what was stored before untouched. Imports src/shared; DOM
 * types only.
 */
import { joinBytes } from '../../shared/index.ts';

/** Keeps saved workspaces as byte strings by key. Inject your own for Node, tests or another store. */
export interface WorkspaceStorage {
  /** Words for messages: where the bytes go (`the Origin Private File System`, `IndexedDB`, ...). */
  readonly label: string;
  /** The bytes stored under `key`, or `undefined` when there are none. */
  read(key: string): Promise<Uint8Array | undefined>;
  /** Replaces the bytes under `key`. Throws, keeping the previous bytes, when it cannot. */
  write(key: string, bytes: Uint8Array): Promise<void>;
  /**
   * Adds `bytes` after what `key` holds, all or nothing: `read` then returns the two joined. Throws,
   * keeping the previous bytes, when it cannot. Optional: persistence appends what a save changed
   * when it is there, and writes the whole tree on every save when it is not.
   */
  append?(key: string, bytes: Uint8Array): Promise<void>;
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
      await writeThroughSwap(await handle.createWritable(), { type: 'write', position: 0, data: bytes });
    },
    async append(key, bytes) {
      const handle = await (await directory()).getFileHandle(fileNameOf(key), { create: true });
      const position = (await handle.getFile()).size;
      // The swap file starts as a copy of the file (made by the browser, not here), so the old bytes
      // stay as they are until the stream closes.
      const stream = await handle.createWritable({ keepExistingData: true });
      await writeThroughSwap(stream, { type: 'write', position, data: bytes });
    },
    async remove(key) {
      await (await directory()).removeEntry(fileNameOf(key)).catch((error: { name?: string }) => {
        if (error.name !== 'NotFoundError') throw error;
      });
    },
    estimate,
  };
}

/** Writes `chunk` into a writable's swap file and closes it, which replaces the file; on failure, nothing. */
async function writeThroughSwap(
  stream: FileSystemWritableFileStream,
  chunk: { type: 'write'; position: number; data: Uint8Array },
): Promise<void> {
  try {
    await stream.write({ ...chunk, data: chunk.data as Uint8Array<ArrayBuffer> });
    await stream.close();
  } catch (error) {
    // Aborting drops the swap file: the previous content stays as it was.
    await stream.abort().catch(() => undefined);
    throw error;
  }
}

const settle = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/**
 * The appended parts of `key`: records keyed `[key, n]`, which IndexedDB orders after `[key]` and
 * before `[key, []]` (arrays sort after numbers).
 */
const partsOf = (key: string): IDBKeyRange => IDBKeyRange.bound([key], [key, []]);

/**
 * Saved workspaces as records of an IndexedDB object store: the bytes written under the key itself,
 * each appended part under `[key, n]`. A write replaces the record and drops the parts, in one
 * transaction.
 */
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
  /** Runs `act` in one transaction; resolves with its value once the transaction committed. */
  const run = async <T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => Promise<T>): Promise<T> => {
    const transaction = (await open()).transaction(IDB_STORE, mode);
    const committed = new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onabort = () => reject(transaction.error);
      transaction.onerror = () => reject(transaction.error);
    });
    const [result] = await Promise.all([act(transaction.objectStore(IDB_STORE)), committed]);
    return result;
  };
  return {
    label: 'IndexedDB',
    read: (key) =>
      run('readonly', async (store) => {
        const [value, parts] = await Promise.all([
          settle(store.get(key)),
          settle(store.getAll(partsOf(key))),
        ]);
        if (!(value instanceof Uint8Array)) return undefined;
        return parts.length === 0 ? value : joinBytes([value, ...(parts as Uint8Array[])]);
      }),
    write: (key, bytes) =>
      run('readwrite', async (store) => {
        await Promise.all([settle(store.delete(partsOf(key))), settle(store.put(bytes, key))]);
      }),
    append: (key, bytes) =>
      run('readwrite', async (store) => {
        const keys = await settle(store.getAllKeys(partsOf(key)));
        const last = keys.at(-1) as [string, number] | undefined;
        await settle(store.put(bytes, [key, (last?.[1] ?? 0) + 1]));
      }),
    remove: (key) =>
      run('readwrite', async (store) => {
        await Promise.all([settle(store.delete(partsOf(key))), settle(store.delete(key))]);
      }),
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
