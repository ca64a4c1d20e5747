/**
 * Change tracking for the embedded workspace: its filesystem (just-bash's `IFileSystem`) wrapped so
 * that every write records, before it happens, which paths under the root it touches. What a record
 * costs is what the call changed: the paths it names, the missing parents a write creates, and for a
 * removal, move or copy of a directory the entries below it. Nothing is read for a path the call does
 * not touch, so a command in a tree of 10,000 files costs what it costs in an empty one.
 *
 * Two kinds of listener receive the records:
 *
 * - a **journal** keeps the before-image of each path the first time it is touched (the filesystem's
 *   own content, shared, never copied): the embedded workspace opens one per command to count the
 *   files the command deleted, and keeps the journal of the last command that deleted files so
 *   `restoreSnapshot` can put every path it holds back (`restoreJournal`);
 * - a **change log** keeps only whether each path held something at its mark: what persistence (and
 *   any other code, through `trackWorkspaceChanges`) asks to write only what changed.
 *
 * Before-images are read from just-bash's `InMemoryFs` entry index when it has one (a map lookup per
 * path), otherwise through the public API. The sync methods just-bash's own start-up calls
 * (`mkdirSync`, `writeFileSync`, `writeFileLazy`, for `/bin`, `/dev`, `/proc`: outside the root) are
 * passed through unrecorded. Imports just-bash's types, snapshot.ts and workspace.ts.
 */
import type { IFileSystem } from 'just-bash';
import { isInside, normalizePosix, parentOf, type RestoredSnapshot } from '../workspace.ts';
import { entryIndex, type SnapshotEntry } from './snapshot.ts';

/** What a path held before a change: an entry of the tree, or `null` for nothing. */
export type BeforeImage = SnapshotEntry | null;

/** Before-images by path, each taken the first time the path was touched after the journal opened. */
export type Journal = Map<string, BeforeImage>;

/**
 * How a path changed since a change log's mark, comparing what it held then with what it holds now:
 *
 * - `created`: it held nothing and holds a file, directory or symlink (a write, `mkdir`, `ln -s`, the
 *   destination of `mv` or `cp`, a parent a write created);
 * - `written`: it held something and still does, with other content or of another type (an
 *   overwrite, an append, `sed -i`, a move onto it);
 * - `removed`: it held something and holds nothing (`rm`, the source of `mv`);
 * - `mode`: only its mode or time changed (`chmod`, `touch` of an existing file).
 */
export type WorkspaceChangeKind = 'created' | 'written' | 'removed' | 'mode';

/** One path that changed, absolute, with how, and what it is now (absent when removed). */
export interface WorkspaceChange {
  path: string;
  kind: WorkspaceChangeKind;
  type?: 'file' | 'directory' | 'symlink';
}

/**
 * What changed in a workspace since a mark, one entry per path under the root. Open one with
 * `trackWorkspaceChanges(workspace)`; it records from that moment until `close()`.
 */
export interface WorkspaceChangeLog {
  /**
   * Every path that changed since the last mark (or since the log opened), sorted by path, so a
   * directory comes before what it holds. Reading does not move the mark.
   */
  changes(): Promise<WorkspaceChange[]>;
  /**
   * Moves the mark. With the list `changes()` returned, forgets only those paths, and keeps any that
   * changed again since that list was made; without it, forgets everything. Call it once what the
   * list names is stored, so a store that fails is asked again next time.
   */
  mark(stored?: readonly WorkspaceChange[]): void;
  /** Stops recording. */
  close(): void;
}

/** What a change log keeps per path: whether it held something at the mark, and the last change. */
interface LogRecord {
  existed: boolean;
  modeOnly: boolean;
  sequence: number;
}

type EntryType = 'file' | 'directory' | 'symlink';

/**
 * The listeners of one tracked filesystem. `record` is called by the wrapped methods before the
 * inner filesystem changes anything.
 */
export class ChangeTracker {
  private readonly journals = new Set<Journal>();
  private readonly logs = new Set<Map<string, LogRecord>>();
  private sequence = 0;

  constructor(
    private readonly fs: IFileSystem,
    readonly root: string,
  ) {}

  /** A journal that records from now until {@link closeJournal} (a closed one goes on recording). */
  openJournal(journal: Journal = new Map()): Journal {
    this.journals.add(journal);
    return journal;
  }

  closeJournal(journal: Journal): void {
    this.journals.delete(journal);
  }

  /** A change log that records from now (see {@link WorkspaceChangeLog}). */
  openLog(): WorkspaceChangeLog {
    const records = new Map<string, LogRecord>();
    const seen = new WeakMap<readonly WorkspaceChange[], Map<string, number>>();
    this.logs.add(records);
    return {
      changes: async () => {
        const list: WorkspaceChange[] = [];
        const sequences = new Map<string, number>();
        for (const path of [...records.keys()].sort()) {
          const record = records.get(path) as LogRecord;
          const change = await this.changeOf(path, record);
          sequences.set(path, record.sequence);
          if (change) list.push(change);
        }
        seen.set(list, sequences);
        return list;
      },
      mark: (stored) => {
        const sequences = stored ? seen.get(stored) : undefined;
        if (!sequences) return records.clear();
        for (const [path, sequence] of sequences) {
          if (records.get(path)?.sequence === sequence) records.delete(path);
        }
      },
      close: () => void this.logs.delete(records),
    };
  }

  /** Whether anyone listens: when no one does, the wrapped methods record nothing. */
  get listening(): boolean {
    return this.journals.size > 0 || this.logs.size > 0;
  }

  /** Records that `paths` are about to change (`modeOnly`: only their mode or time). */
  async record(paths: Iterable<string>, modeOnly = false): Promise<void> {
    const sequence = ++this.sequence;
    for (const path of paths) {
      if (!isInside(this.root, path)) continue;
      let image: BeforeImage | undefined;
      for (const journal of this.journals) {
        if (journal.has(path)) continue;
        image ??= await this.imageOf(path);
        journal.set(path, image);
      }
      for (const records of this.logs) {
        const record = records.get(path);
        if (record) {
          record.sequence = sequence;
          record.modeOnly &&= modeOnly;
          continue;
        }
        const existed = image === undefined ? (await this.typeOf(path)) !== undefined : image !== null;
        records.set(path, { existed, modeOnly, sequence });
      }
    }
  }

  /** `path` and everything below it, as the filesystem lists them now. */
  subtree(path: string): string[] {
    const index = entryIndex(this.fs);
    const prefix = path === '/' ? '/' : `${path}/`;
    const below: string[] = [path];
    for (const candidate of index ? index.keys() : this.fs.getAllPaths()) {
      if (candidate !== path && candidate.startsWith(prefix)) below.push(candidate);
    }
    return below;
  }

  /** The parents of `path` that do not exist (a write creates them), nearest last. */
  async missingParents(path: string): Promise<string[]> {
    const missing: string[] = [];
    for (let parent = parentOf(path); parent !== '/'; parent = parentOf(parent)) {
      if ((await this.typeOf(parent)) !== undefined) break;
      missing.unshift(parent);
    }
    return missing;
  }

  /** What `path` holds now, without following a final symlink; `undefined` for nothing. */
  async typeOf(path: string): Promise<EntryType | undefined> {
    const index = entryIndex(this.fs);
    if (index) return index.get(path)?.type;
    const stat = await this.fs.lstat(path).catch(() => undefined);
    if (!stat) return undefined;
    return stat.isSymbolicLink ? 'symlink' : stat.isDirectory ? 'directory' : 'file';
  }

  /** What `path` holds now, contents shared with the filesystem. A lazy file is read (materialised). */
  async imageOf(path: string): Promise<BeforeImage> {
    const index = entryIndex(this.fs);
    const entry = index ? index.get(path) : undefined;
    if (index && !entry) return null;
    if (entry?.type === 'directory') return { type: 'directory', mode: entry.mode };
    if (entry?.type === 'symlink') return { type: 'symlink', target: entry.target };
    if (entry && 'content' in entry) return { type: 'file', mode: entry.mode, content: entry.content };
    const stat = await this.fs.lstat(path).catch(() => undefined);
    if (!stat) return null;
    if (stat.isSymbolicLink) return { type: 'symlink', target: await this.fs.readlink(path) };
    if (stat.isDirectory) return { type: 'directory', mode: stat.mode };
    return { type: 'file', mode: stat.mode, content: await this.fs.readFileBuffer(path) };
  }

  private async changeOf(path: string, record: LogRecord): Promise<WorkspaceChange | undefined> {
    const type = await this.typeOf(path);
    if (type === undefined) return record.existed ? { path, kind: 'removed' } : undefined;
    if (!record.existed) return { path, kind: 'created', type };
    return { path, kind: record.modeOnly ? 'mode' : 'written', type };
  }
}

/** The methods of `IFileSystem` that change nothing, passed straight to the inner filesystem. */
const READ_METHODS = [
  'readFile',
  'readFileBytes',
  'readFileBuffer',
  'exists',
  'stat',
  'lstat',
  'readdir',
  'readdirWithFileTypes',
  'readlink',
  'realpath',
  'resolvePath',
  'getAllPaths',
  // just-bash's start-up writes /bin, /dev and /proc with these (outside any workspace root).
  'mkdirSync',
  'writeFileSync',
  'writeFileLazy',
] as const;

/**
 * `inner` with every write recorded first by the returned tracker, for the paths under `root`. The
 * wrapper keeps `inner`'s entry index readable (`data`), so code that reads it keeps its fast path.
 */
export function trackFileSystem(
  inner: IFileSystem,
  root: string,
): { fs: IFileSystem; tracker: ChangeTracker } {
  const tracker = new ChangeTracker(inner, root);
  const passed: Record<string, unknown> = {};
  for (const name of READ_METHODS) {
    const method = (inner as unknown as Record<string, unknown>)[name];
    if (typeof method === 'function') passed[name] = method.bind(inner);
  }
  const fs = { ...passed, ...trackedWrites(inner, tracker) } as unknown as IFileSystem;
  Object.defineProperty(fs, 'data', { get: () => (inner as unknown as { data?: unknown }).data });
  return { fs, tracker };
}

/** The writing methods: each records the paths it will touch, then calls the inner one. */
function trackedWrites(inner: IFileSystem, tracker: ChangeTracker): Partial<IFileSystem> {
  const created = async (path: string): Promise<string[]> => [...(await tracker.missingParents(path)), path];
  const before = async (paths: () => Promise<Iterable<string>> | Iterable<string>, modeOnly = false) => {
    if (tracker.listening) await tracker.record(await paths(), modeOnly);
  };
  return {
    async writeFile(path, content, options) {
      await before(() => created(normalizePosix(path)));
      return inner.writeFile(path, content, options);
    },
    async appendFile(path, content, options) {
      await before(() => created(normalizePosix(path)));
      return inner.appendFile(path, content, options);
    },
    async mkdir(path, options) {
      await before(() => created(normalizePosix(path)));
      return inner.mkdir(path, options);
    },
    async rm(path, options) {
      await before(() => tracker.subtree(normalizePosix(path)));
      return inner.rm(path, options);
    },
    async cp(source, destination, options) {
      await before(() => copied(tracker, normalizePosix(source), normalizePosix(destination), false));
      return inner.cp(source, destination, options);
    },
    async mv(source, destination) {
      await before(() => copied(tracker, normalizePosix(source), normalizePosix(destination), true));
      return inner.mv(source, destination);
    },
    async chmod(path, mode) {
      await before(() => [normalizePosix(path)], true);
      return inner.chmod(path, mode);
    },
    async utimes(path, atime, mtime) {
      // utimes follows symlinks; the entry it changes is the one the path resolves to.
      await before(async () => [await inner.realpath(path).catch(() => normalizePosix(path))], true);
      return inner.utimes(path, atime, mtime);
    },
    async symlink(target, linkPath) {
      await before(() => created(normalizePosix(linkPath)));
      return inner.symlink(target, linkPath);
    },
    async link(existing, newPath) {
      await before(() => created(normalizePosix(newPath)));
      return inner.link(existing, newPath);
    },
  };
}

/**
 * The paths a copy or move touches: each entry below `source` at its place under `destination`, the
 * parents the destination lacks, and (for a move) the source entries, which are removed.
 */
async function copied(
  tracker: ChangeTracker,
  source: string,
  destination: string,
  move: boolean,
): Promise<string[]> {
  const below = tracker.subtree(source);
  const mapped = below.map((path) => `${destination}${path.slice(source.length)}`);
  return [...(await tracker.missingParents(destination)), ...mapped, ...(move ? below : [])];
}

/**
 * Puts every path of `journal` back as it was: first what is there now and was not (or was of another
 * type) is removed, deepest first; then what was there is written back, parents first. Paths the
 * journal does not hold are left as they are. Returns what the root holds afterwards.
 */
export async function restoreJournal(
  fs: IFileSystem,
  tracker: ChangeTracker,
  journal: Journal,
): Promise<RestoredSnapshot> {
  const paths = [...journal.keys()].sort();
  for (const path of [...paths].reverse()) {
    const image = journal.get(path) ?? null;
    const now = await tracker.typeOf(path);
    if (now !== undefined && (image === null || image.type !== now || now === 'symlink')) {
      await fs.rm(path, { recursive: true, force: true });
    }
  }
  for (const path of paths) {
    const image = journal.get(path) ?? null;
    if (image === null) continue;
    if (path !== '/') await fs.mkdir(parentOf(path), { recursive: true });
    if (image.type === 'directory') {
      if ((await tracker.typeOf(path)) !== 'directory') await fs.mkdir(path, { recursive: true });
      await fs.chmod(path, image.mode);
    } else if (image.type === 'file') {
      await fs.writeFile(path, image.content);
      await fs.chmod(path, image.mode);
    } else {
      await fs.symlink(image.target, path);
    }
  }
  return countTree(tracker);
}

/** The files (symlinks included) and directories under the tracker's root, the root excluded. */
async function countTree(tracker: ChangeTracker): Promise<RestoredSnapshot> {
  let files = 0;
  let directories = 0;
  for (const path of tracker.subtree(tracker.root)) {
    if (path === tracker.root) continue;
    const type = await tracker.typeOf(path);
    if (type === 'directory') directories += 1;
    else if (type !== undefined) files += 1;
  }
  return { files, directories };
}

/**
 * Files and symlinks `journal` saw that are gone now: their path holds nothing, or a directory. A
 * file moved to another path counts as deleted at its old path, as `rm` of it would.
 */
export async function countDeletedFiles(tracker: ChangeTracker, journal: Journal): Promise<number> {
  let deleted = 0;
  for (const [path, image] of journal) {
    if (image === null || image.type === 'directory') continue;
    const now = await tracker.typeOf(path);
    if (now === undefined || now === 'directory') deleted += 1;
  }
  return deleted;
}
