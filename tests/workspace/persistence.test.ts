/**
 * Persistence of the embedded workspace with an injected storage (Node has neither OPFS nor
 * IndexedDB; the browser storages are exercised in Chromium by tests/e2e/persistence.spec.ts).
 * Reaches inside: flushPersistedWorkspace (src/workspace/just-bash/persistence.ts) saves at once, as the
 * Worker's flush message does, rather than after debounceMs, and WorkerRequest is the Worker protocol's
 * message type; no entry exports either.
 */
import { describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/index.ts';
import {
  createJustBashWorkerWorkspace,
  createJustBashWorkspace,
  type LockManagerLike,
  type PersistStatus,
  type WorkerLike,
  type WorkspaceStorage,
} from '../../src/workspace/just-bash/index.ts';
import { flushPersistedWorkspace } from '../../src/workspace/just-bash/persistence.ts';
import type { WorkerRequest } from '../../src/workspace/just-bash/worker-workspace.ts';

/** A storage in memory; `failWith` makes writes throw it (the stored bytes stay as they were). */
function memoryStorage(): WorkspaceStorage & {
  data: Map<string, Uint8Array>;
  failWith?: Error;
  writes: number;
} {
  const storage = {
    label: 'the test storage',
    data: new Map<string, Uint8Array>(),
    failWith: undefined as Error | undefined,
    writes: 0,
    async read(key: string) {
      return storage.data.get(key)?.slice();
    },
    async write(key: string, bytes: Uint8Array) {
      if (storage.failWith) throw storage.failWith;
      storage.writes += 1;
      storage.data.set(key, bytes.slice());
    },
    async remove(key: string) {
      storage.data.delete(key);
    },
    async estimate() {
      return { usage: 9 * 1024 * 1024, quota: 10 * 1024 * 1024 };
    },
  };
  return storage;
}

/** Web Locks, exclusive, in memory: a request waits for the holder or for its signal. */
function memoryLocks(): LockManagerLike {
  const held = new Map<string, Promise<void>>();
  return {
    async request(name, options, callback) {
      while (held.has(name)) {
        const signal = options.signal;
        await Promise.race([
          held.get(name),
          new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason))),
        ]);
      }
      let done: () => void = () => undefined;
      held.set(name, new Promise<void>((resolve) => (done = resolve)));
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
        done();
      }
    },
  };
}

/** {@link memoryStorage} that can append, counting appends and their bytes. */
function appendingStorage() {
  const storage = Object.assign(memoryStorage(), { appends: [] as number[] });
  return Object.assign(storage, {
    async append(key: string, bytes: Uint8Array) {
      if (storage.failWith) throw storage.failWith;
      const before = storage.data.get(key) ?? new Uint8Array();
      const joined = new Uint8Array(before.length + bytes.length);
      joined.set(before);
      joined.set(bytes, before.length);
      storage.data.set(key, joined);
      storage.appends.push(bytes.length);
    },
  });
}

/** The stored form of a save made before records of changes existed: one whole-tree record. */
function oldSave(entries: object[], contents: string): Uint8Array {
  const header = new TextEncoder().encode(JSON.stringify({ entries }));
  const body = new TextEncoder().encode(contents);
  const bytes = new Uint8Array(8 + header.length + body.length);
  bytes.set(new TextEncoder().encode('BAW1'));
  new DataView(bytes.buffer).setUint32(4, header.length, true);
  bytes.set(header, 8);
  bytes.set(body, 8 + header.length);
  return bytes;
}

/** Every path under the root with its type, mode (as `stat` prints it) and content or target. */
async function treeListing(workspace: Workspace): Promise<string[]> {
  const tree = (await workspace.listTree?.(workspace.root)) ?? new Map();
  const modes = (await workspace.exec("find . -type f -o -type d | sort | xargs stat -c '%n %a'")).output;
  const listing = [modes];
  for (const [directory, entries] of tree) {
    for (const entry of entries) {
      const path = `${directory}/${entry.name}`;
      if (entry.type === 'file')
        listing.push(`${path} ${new TextDecoder().decode(await workspace.readFile(path))}`);
      else if (entry.type === 'symlink') listing.push(`${path} -> ${await workspace.readlink?.(path)}`);
      else listing.push(`${path}/`);
    }
  }
  return listing.sort();
}

const text = async (workspace: { readFile(path: string): Promise<Uint8Array> }, path: string) =>
  new TextDecoder().decode(await workspace.readFile(path));

describe('persist', () => {
  it('restores files, binary bytes, empty directories, modes and symlinks in a new workspace', async () => {
    const storage = memoryStorage();
    const first = await createJustBashWorkspace({
      files: { 'a.txt': 'initial' },
      persist: { key: 'p1', storage, locks: null },
    });
    await first.writeFile('/workspace/a.txt', 'changed');
    await first.mkdir('/workspace/empty/inner', { recursive: true });
    await first.writeFile('/workspace/bin.dat', new Uint8Array([0, 255, 1, 128]));
    await first.exec('printf "#!/bin/sh\\necho hi\\n" > run.sh && chmod 755 run.sh && ln -s a.txt link');
    await first.dispose?.();

    const second = await createJustBashWorkspace({
      files: { 'a.txt': 'initial', 'other.txt': 'x' },
      persist: { key: 'p1', storage, locks: null },
    });
    expect(await text(second, '/workspace/a.txt')).toBe('changed');
    expect([...(await second.readFile('/workspace/bin.dat'))]).toEqual([0, 255, 1, 128]);
    expect(await second.readdir('/workspace/empty')).toEqual([{ name: 'inner', type: 'directory' }]);
    expect(await second.readlink?.('/workspace/link')).toBe('a.txt');
    expect((await second.exec('./run.sh')).output).toBe('hi\n');
    // What was saved wins over `files`: other.txt is not there.
    await expect(second.stat('/workspace/other.txt')).rejects.toMatchObject({ code: 'ENOENT' });
    await second.dispose?.();
  });

  it('saves after a mutating call once the debounce has passed, and not before', async () => {
    const storage = memoryStorage();
    const statuses: PersistStatus[] = [];
    const workspace = await createJustBashWorkspace({
      persist: {
        key: 'p2',
        storage,
        locks: null,
        debounceMs: 50,
        onStatus: (status) => statuses.push(status),
      },
    });
    expect(statuses).toEqual([
      { state: 'new', message: 'Nothing was saved under "p2" yet; changes are saved to the test storage.' },
    ]);
    await workspace.exec('echo one > one.txt');
    await workspace.writeFile('/workspace/two.txt', 'two');
    expect(storage.writes).toBe(0);
    // From the first change to the save the status says so: one pending status for both changes.
    const pending = {
      state: 'pending',
      message: 'Not saved yet: changes are saved to the test storage after 50 ms without a change.',
    };
    expect(statuses.slice(1)).toEqual([pending]);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(storage.writes).toBe(1);
    expect(statuses.slice(1)).toEqual([pending, { state: 'saved', message: 'Saved to the test storage.' }]);
    await workspace.exec('echo three > three.txt');
    expect(statuses.at(-1)).toEqual(pending);
    const restored = await createJustBashWorkspace({ persist: { key: 'p2', storage, locks: null } });
    expect(await text(restored, '/workspace/one.txt')).toBe('one\n');
    expect(await text(restored, '/workspace/two.txt')).toBe('two');
  });

  it('reports a full quota with its limit and keeps what was saved before', async () => {
    const storage = memoryStorage();
    const statuses: PersistStatus[] = [];
    const workspace = await createJustBashWorkspace({
      persist: {
        key: 'p3',
        storage,
        locks: null,
        debounceMs: 10_000,
        onStatus: (status) => statuses.push(status),
      },
    });
    await workspace.writeFile('/workspace/kept.txt', 'kept');
    await workspace.dispose?.();
    const saved = storage.data.get('p3');
    const again = await createJustBashWorkspace({
      persist: {
        key: 'p3',
        storage,
        locks: null,
        debounceMs: 10_000,
        onStatus: (status) => statuses.push(status),
      },
    });
    storage.failWith = new DOMException('quota', 'QuotaExceededError');
    await again.writeFile('/workspace/big.txt', 'x'.repeat(1000));
    await again.dispose?.();
    expect(statuses.at(-1)).toEqual({
      state: 'error',
      message:
        'Could not save the workspace "p3" to the test storage: it would exceed the browser\'s storage quota for this site (10.0MB, 9.0MB in use). What was saved before is kept; the next change tries again. Delete files or other saved workspaces to make room.',
    });
    expect(storage.data.get('p3')).toEqual(saved);
    const restored = await createJustBashWorkspace({ persist: { key: 'p3', storage, locks: null } });
    expect(await text(restored, '/workspace/kept.txt')).toBe('kept');
  });

  it('makes a second workspace with the same key read-only while the first holds it', async () => {
    const storage = memoryStorage();
    const locks = memoryLocks();
    const first = await createJustBashWorkspace({ persist: { key: 'p4', storage, locks } });
    await first.writeFile('/workspace/first.txt', 'first');
    await first.dispose?.();
    const holder = await createJustBashWorkspace({ persist: { key: 'p4', storage, locks } });
    const statuses: PersistStatus[] = [];
    const second = await createJustBashWorkspace({
      persist: { key: 'p4', storage, locks, lockWaitMs: 50, onStatus: (status) => statuses.push(status) },
    });
    expect(statuses).toEqual([
      {
        state: 'read-only',
        message:
          'Another tab or window has the workspace "p4" open and saves it; this one shows the saved files but does not save its changes. Close the other one and reload this one to save here.',
      },
    ]);
    expect(await text(second, '/workspace/first.txt')).toBe('first');
    const writes = storage.writes;
    await second.writeFile('/workspace/second.txt', 'second');
    await second.dispose?.();
    expect(storage.writes).toBe(writes);
    await holder.dispose?.();
    // Once the holder let go, the key can be taken again.
    const statusesAfter: PersistStatus[] = [];
    await createJustBashWorkspace({
      persist: { key: 'p4', storage, locks, onStatus: (status) => statusesAfter.push(status) },
    });
    expect(statusesAfter[0]?.state).toBe('restored');
  });

  it('never overwrites stored data it cannot read', async () => {
    const storage = memoryStorage();
    storage.data.set('p5', new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]));
    const statuses: PersistStatus[] = [];
    const workspace = await createJustBashWorkspace({
      files: { 'a.txt': 'a' },
      persist: {
        key: 'p5',
        storage,
        locks: null,
        debounceMs: 1,
        onStatus: (status) => statuses.push(status),
      },
    });
    expect(statuses).toEqual([
      {
        state: 'error',
        message:
          'The workspace saved under "p5" in the test storage could not be read (the stored data is not a saved workspace (unknown format).); it starts from its initial files and does not save, so the saved data stays as it is. Use another key, or remove that one.',
      },
    ]);
    await workspace.writeFile('/workspace/b.txt', 'b');
    await workspace.dispose?.();
    expect([...(storage.data.get('p5') ?? [])]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('with restore: false starts from files and saves them over what the key held', async () => {
    const storage = memoryStorage();
    const old = await createJustBashWorkspace({
      files: { 'old.txt': 'old' },
      persist: { key: 'p6', storage, locks: null, restore: false },
    });
    await old.dispose?.();
    const fresh = await createJustBashWorkspace({
      files: { 'new.txt': 'new' },
      persist: { key: 'p6', storage, locks: null, restore: false },
    });
    await fresh.dispose?.();
    const restored = await createJustBashWorkspace({ persist: { key: 'p6', storage, locks: null } });
    expect(await restored.readdir('/workspace')).toEqual([{ name: 'new.txt', type: 'file' }]);
  });

  it('gives a clear error in a runtime without browser storage, and refuses an empty key', async () => {
    await expect(createJustBashWorkspace({ persist: { key: 'k' } })).rejects.toThrow(
      'persist needs browser storage (the Origin Private File System or IndexedDB), and this runtime has neither. Pass persist.storage (a WorkspaceStorage) to keep the workspace somewhere else.',
    );
    await expect(createJustBashWorkspace({ persist: { key: 'k', storage: 'indexeddb' } })).rejects.toThrow(
      'persist.storage is "indexeddb", and this runtime has no IndexedDB.',
    );
    await expect(createJustBashWorkspace({ persist: { key: '', storage: memoryStorage() } })).rejects.toThrow(
      'persist.key must be a non-empty string of at most 200 characters.',
    );
  });

  it('refuses a storage for the Worker variant, whose Worker uses the browser storage', async () => {
    await expect(
      createJustBashWorkerWorkspace({
        persist: { key: 'k', storage: memoryStorage() },
        createWorker: () => {
          throw new Error('no Worker should start');
        },
      }),
    ).rejects.toThrow(
      'persist.storage and persist.locks cannot be passed to the Worker workspace: its Worker keeps the workspace in the browser storage (OPFS or IndexedDB, or the one named by storage: "opfs" or "indexeddb") and locks it with navigator.locks. Use createJustBashWorkspace to inject them.',
    );
  });
});

describe('persist writes only what changed', () => {
  /** 2,000 files of 3 KB (6 MB) in 40 directories. */
  const tree = Object.fromEntries(
    Array.from({ length: 2000 }, (_, index) => [
      `src/d${index % 40}/f${index}.ts`,
      `export const value${index} = ${index};\n`.repeat(100).slice(0, 3000),
    ]),
  );

  it('a command that changes nothing writes nothing; one that changes a few paths appends just those', async () => {
    const storage = appendingStorage();
    const persist = { key: 'c1', storage, locks: null, debounceMs: 60_000 };
    const first = await createJustBashWorkspace({ files: tree, persist: { ...persist, restore: false } });
    await first.dispose?.();
    expect({ writes: storage.writes, appends: storage.appends.length }).toEqual({ writes: 1, appends: 0 });
    const whole = storage.data.get('c1')?.length ?? 0;
    expect(whole).toBeGreaterThan(6_000_000);

    const second = await createJustBashWorkspace({ persist });
    await second.exec('echo hi; cat src/d1/f1.ts > /dev/null; ls src | wc -l');
    await flushPersistedWorkspace(second);
    expect({ writes: storage.writes, appends: storage.appends.length }).toEqual({ writes: 1, appends: 0 });

    const script =
      'echo changed > src/d1/f1.ts; rm src/d2/f2.ts; mkdir -p new/inner; mv src/d3/f3.ts new/f3.ts; ' +
      'chmod 700 src/d4/f4.ts; ln -s ../src/d5/f5.ts new/link; rm -r src/d6';
    await second.exec(script);
    const expected = await treeListing(second);
    await second.dispose?.();
    expect(storage.writes).toBe(1);
    expect(storage.appends.length).toBe(1);
    // The record holds the moved file's 3,000 bytes and the names of the 52 paths changed: no more.
    expect(storage.appends[0]).toBeLessThan(8_000);

    const third = await createJustBashWorkspace({ persist });
    expect(await treeListing(third)).toEqual(expected);
    expect(await text(third, '/workspace/src/d1/f1.ts')).toBe('changed\n');
    expect(await third.readlink?.('/workspace/new/link')).toBe('../src/d5/f5.ts');
    await third.dispose?.();
  }, 120_000);

  it('reads a save made before records of changes existed, and appends to it', async () => {
    const storage = appendingStorage();
    storage.data.set(
      'c2',
      oldSave(
        [
          { path: 'docs', type: 'directory', mode: 0o755 },
          { path: 'docs/a.md', type: 'file', mode: 0o644, size: 4 },
          { path: 'run.sh', type: 'file', mode: 0o755, size: 8 },
          { path: 'link', type: 'symlink', target: 'docs/a.md' },
        ],
        '# a\necho hi\n',
      ),
    );
    const persist = { key: 'c2', storage, locks: null, debounceMs: 60_000 };
    const workspace = await createJustBashWorkspace({ persist });
    expect((await workspace.exec('cat link; ./run.sh; stat -c %a run.sh')).output).toBe('# a\nhi\n755\n');
    await workspace.writeFile('/workspace/docs/b.md', 'b');
    await workspace.dispose?.();
    expect({ writes: storage.writes, appends: storage.appends.length }).toEqual({ writes: 0, appends: 1 });
    const again = await createJustBashWorkspace({ persist });
    expect((await again.exec('ls docs; cat link')).output).toBe('a.md\nb.md\n# a\n');
  });

  it('writes the tree whole once the records appended since outweigh it', async () => {
    const storage = appendingStorage();
    const persist = { key: 'c3', storage, locks: null, debounceMs: 60_000 };
    const workspace = await createJustBashWorkspace({
      files: { 'a.txt': 'a' },
      persist: { ...persist, restore: false },
    });
    const big = 'x'.repeat(400_000);
    for (let round = 0; round < 4; round++) {
      await workspace.writeFile('/workspace/big.txt', `${round}${big}`);
      await flushPersistedWorkspace(workspace);
    }
    // The first save is whole; the next two records of 400 KB fit under 1 MiB, the third does not.
    expect({ writes: storage.writes, appends: storage.appends.length }).toEqual({ writes: 2, appends: 2 });
    expect(storage.data.get('c3')?.length).toBeLessThan(500_000);
    await workspace.dispose?.();
    const restored = await createJustBashWorkspace({ persist });
    expect((await text(restored, '/workspace/big.txt')).slice(0, 2)).toBe('3x');
  });

  it('a save that fails keeps its changes for the next one', async () => {
    const storage = appendingStorage();
    const statuses: PersistStatus[] = [];
    const persist = {
      key: 'c4',
      storage,
      locks: null,
      debounceMs: 60_000,
      onStatus: (status: PersistStatus) => statuses.push(status),
    };
    const workspace = await createJustBashWorkspace({
      files: { 'a.txt': 'a' },
      persist: { ...persist, restore: false },
    });
    await flushPersistedWorkspace(workspace);
    storage.failWith = new Error('disk on fire');
    await workspace.exec('echo b > b.txt; rm a.txt');
    await flushPersistedWorkspace(workspace);
    expect(statuses.at(-1)).toEqual({
      state: 'error',
      message:
        'Could not save the workspace "c4" to the test storage (disk on fire). What was saved before is kept; the next change tries again.',
    });
    storage.failWith = undefined;
    await workspace.exec('echo c > c.txt');
    await workspace.dispose?.();
    expect(statuses.at(-1)).toEqual({ state: 'saved', message: 'Saved to the test storage.' });
    const restored = await createJustBashWorkspace({ persist });
    expect((await restored.exec('ls; cat b.txt c.txt')).output).toBe('b.txt\nc.txt\nb\nc\n');
  });
});

describe('persist in the Worker variant', () => {
  /** A Worker that starts (recording its init options) and never answers an `exec`. */
  function frozenWorker(inits: unknown[]): WorkerLike {
    let listener: ((event: MessageEvent) => void) | undefined;
    return {
      postMessage(message: unknown) {
        const request = message as WorkerRequest;
        if (request.type !== 'init') return;
        inits.push(request.options);
        queueMicrotask(() =>
          listener?.({
            data: { type: 'ready', root: '/workspace', spillDir: '/tmp/tool-output' },
          } as MessageEvent),
        );
      },
      addEventListener(type: string, callback: (event: MessageEvent) => void) {
        if (type === 'message') listener = callback;
      },
      terminate() {},
    } as WorkerLike;
  }

  it('sends the plain persist options, restores the last save after a reset, and says so', async () => {
    const inits: unknown[] = [];
    const workspace = await createJustBashWorkerWorkspace({
      files: { 'a.txt': 'a' },
      persist: { key: 'w1', restore: false, storage: 'indexeddb', onStatus: () => undefined },
      graceMs: 10,
      createWorker: () => frozenWorker(inits),
    });
    const result = await workspace.exec('sleep 100', { timeoutMs: 10 });
    expect(result.output).toBe(
      'The command did not stop within its time limit, so the workspace was reset: its shell was restarted and the files are back to their last saved state. What the stopped command changed, and changes not saved yet, are lost.',
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(inits).toEqual([
      { files: { 'a.txt': 'a' }, persist: { key: 'w1', restore: false, storage: 'indexeddb' } },
      { files: { 'a.txt': 'a' }, persist: { key: 'w1', restore: true, storage: 'indexeddb' } },
    ]);
    await workspace.dispose?.();
  });
});
