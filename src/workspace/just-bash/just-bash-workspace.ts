/**
 * The embedded backend: just-bash's in-memory filesystem and shell. Works offline in browsers, workers
 * and Node. File operations call `bash.fs` directly (about 150× cheaper than going through the shell);
 * `exec` runs the just-bash interpreter (run-command.ts: limits, stop, output order). Imports core, workspace.ts and
 * just-bash only.
 */

import { Bash, type BashOptions } from 'just-bash';
import { errorMessage } from '../../shared/index.ts';
import {
  assertRunnable,
  EMBEDDED_EXECUTION_LIMITS,
  type RunCommandOptions,
  runJustBashCommand,
} from '../shell/run-command.ts';
import {
  type DirEntry,
  type EntryType,
  type FileStat,
  normalizePosix,
  parentOf,
  type RestoredSnapshot,
  WORKSPACE_ERROR_CODES,
  type Workspace,
  WorkspaceError,
} from '../workspace.ts';
import {
  type ChangeTracker,
  countDeletedFiles,
  type Journal,
  restoreJournal,
  trackFileSystem,
  type WorkspaceChangeLog,
} from './change-tracking.ts';
import { DeviceInMemoryFs } from './device-files.ts';
import { openPersistence, type PersistOptions, resolvePersistStorage } from './persistence.ts';

export { EMBEDDED_EXECUTION_LIMITS } from '../shell/run-command.ts';

/** just-bash's execution limits (see its `ExecutionLimits`). */
export type JustBashExecutionLimits = NonNullable<BashOptions['executionLimits']>;

/** Options of {@link createJustBashWorkspace}. */
export interface JustBashWorkspaceOptions {
  /** Files to start with: path (relative to the root, or absolute inside it) → text or bytes. Default: none. */
  files?: Record<string, string | Uint8Array>;
  /** Absolute path of the workspace root. Default: `/workspace`. */
  root?: string;
  /**
   * Execution limits layered over {@link EMBEDDED_EXECUTION_LIMITS} (just-bash's `hardened` profile
   * with step counts high enough that the call's timeout always comes first). Default: those, with a
   * 600 s wall clock; the bash tool's own per-call timeout (default 30 s) is what stops a command.
   */
  executionLimits?: JustBashExecutionLimits;
  /** Environment variables for every command. Default: `HOME` set to the root. */
  env?: Record<string, string>;
  /**
   * Keep, for every command, the before-image of each path it changes (the filesystem records the
   * paths as it writes them; see ./change-tracking.ts), so a command that deleted files (however its
   * script spelled it) says how many, and `restoreSnapshot` can undo the last one that did. The cost
   * is what the command changed, not the size of the tree; before-images share file contents with the
   * filesystem (nothing is copied), and only what a command overwrote or deleted stays alive in them.
   * Default: `true`.
   */
  snapshots?: boolean;
  /**
   * Keep the workspace in the origin's storage under `persist.key`: what was saved there is restored
   * at start (instead of `files`), and every change is saved (debounced, and at once on `pagehide`).
   * See docs/persistence.md. Default: none (the workspace lives in memory only).
   */
  persist?: PersistOptions;
  /**
   * just-bash's defense-in-depth (its own `defenseInDepth` option): in Node, while a command runs, the
   * host's `Function`, `eval`, `process`, dynamic `import` and the like are blocked, so a flaw in the
   * shell cannot reach the host's code through them. Browsers and Web Workers never have it (just-bash
   * turns it off where there is no `AsyncLocalStorage`). It costs the whole Node process: once a
   * command ran, V8 leaves fast paths for good (a regular-expression `split` about 25× slower,
   * `replace` 10×, `for…in`, array iteration, every promise), so the shell's own commands over a
   * 100,000-line file take longer: `grep` about 1.9 times as long, `while read` 3, `awk` 6,
   * `sort -k` 15 (bench/RESULTS.md, section 9). Turn it off only where the process itself is the
   * boundary (a worker thread or a container that holds nothing else). Default: `true`, just-bash's
   * default.
   */
  defenseInDepth?: boolean;
}

/** Default root of the embedded workspace. */
export const DEFAULT_JUST_BASH_ROOT = '/workspace';
/** Where tools spill long output: outside the root, so listings never show it. */
export const JUST_BASH_SPILL_DIR = '/tmp/tool-output';
/** The wall clock limit under the per-call timeout: the bash tool's maximum. */
const MAX_EXECUTION_TIME_MS = 600_000;
/** `maxFileSystemBytes` of just-bash's `hardened` profile: the workspace's size limit by default. */
export const HARDENED_FILE_SYSTEM_BYTES: number = 128 * 1024 * 1024;

/** Creates an embedded workspace. The root exists and holds `files` when the promise resolves. */
export async function createJustBashWorkspace(options: JustBashWorkspaceOptions = {}): Promise<Workspace> {
  const root = normalizePosix(options.root ?? DEFAULT_JUST_BASH_ROOT);
  const limitBytes = options.executionLimits?.maxFileSystemBytes ?? HARDENED_FILE_SYSTEM_BYTES;
  const storage = options.persist ? resolvePersistStorage(options.persist) : undefined;
  const devices = new DeviceInMemoryFs(undefined, { maxTotalBytes: limitBytes });
  const { fs, tracker } = trackFileSystem(devices, root);
  const bash = newEmbeddedBash(fs, root, options);
  // One byte more than a command may print (device-files.ts): more than that fails at the output limit.
  devices.zeroBytes = (bash as unknown as { limits: { maxOutputSize: number } }).limits.maxOutputSize + 1;
  const call = guardWith(limitBytes);
  const inner: Workspace = {
    backend: 'just-bash',
    root,
    spillDir: JUST_BASH_SPILL_DIR,
    ...fileOperations(fs, call),
    ...commandOperations(bash, tracker, call, options.snapshots !== false, runOptionsOf(devices)),
  };
  await call(root, () => fs.mkdir(root, { recursive: true }));
  await call(JUST_BASH_SPILL_DIR, () => fs.mkdir(JUST_BASH_SPILL_DIR, { recursive: true }));
  // /tmp is shared by everyone, as on any system: sticky, so `test -k /tmp` holds as it does there.
  await call('/tmp', () => fs.chmod('/tmp', 0o1777));
  const persistence =
    options.persist && storage ? await openPersistence(options.persist, storage, fs, tracker) : undefined;
  // A restored workspace is what was saved; `files` only seed a new one.
  if (!persistence?.restored) {
    for (const [name, content] of Object.entries(options.files ?? {})) {
      const path = normalizePosix(name.startsWith('/') ? name : `${root}/${name}`);
      await call(path, () => fs.mkdir(parentOf(path), { recursive: true }));
      await call(path, () => fs.writeFile(path, content));
    }
  }
  const workspace = persistence ? persistence.wrap(inner) : inner;
  trackers.set(workspace, tracker);
  return workspace;
}

/** The change tracker of each workspace this module created, for {@link trackWorkspaceChanges}. */
const trackers = new WeakMap<Workspace, ChangeTracker>();

/**
 * Opens a log of what changes in `workspace` from now on, for code that keeps a copy of the tree and
 * wants to write only what changed (persistence, an edge server's storage): `await log.changes()`
 * lists each path under the root that was created, written, removed, or had only its mode changed
 * since the last `log.mark()`, in path order. The filesystem records the paths as it writes them, so
 * asking costs what changed, never the size of the tree. Each log has its own mark; `close()` it when
 * done. `undefined` for a workspace `createJustBashWorkspace` did not make in this thread (the
 * Worker variant keeps its log inside its Worker).
 *
 * ```ts
 * const log = trackWorkspaceChanges(workspace);
 * await workspace.exec('echo hi > a.txt; rm -f b.txt');
 * const changes = await log?.changes(); // [{ path: '/workspace/a.txt', kind: 'created', type: 'file' }, ...]
 * // ... store them, then:
 * log?.mark(changes);
 * ```
 */
export function trackWorkspaceChanges(workspace: Workspace): WorkspaceChangeLog | undefined {
  return trackers.get(workspace)?.openLog();
}

/** The in-memory filesystem of a just-bash shell. */
type EmbeddedFs = Bash['fs'];

/** Runs a filesystem operation on `path`, turning just-bash's errors into `WorkspaceError`s. */
type Guard = <T>(path: string, run: () => Promise<T>) => Promise<T>;

/** A shell over the workspace's filesystem, with the hardened limits and the host's overrides. */
function newEmbeddedBash(fs: EmbeddedFs, root: string, options: JustBashWorkspaceOptions): Bash {
  const bash = new Bash({
    fs,
    cwd: root,
    env: { HOME: root, ...options.env },
    executionLimitProfile: 'hardened',
    defenseInDepth: options.defenseInDepth ?? true,
    executionLimits: {
      ...EMBEDDED_EXECUTION_LIMITS,
      maxExecutionTimeMs: MAX_EXECUTION_TIME_MS,
      ...options.executionLimits,
    },
  });
  assertRunnable(bash);
  return bash;
}

/** The guard of one workspace: `ENOSPC` errors name its size limit. */
function guardWith(limitBytes: number): Guard {
  return async (path, run) => {
    try {
      return await run();
    } catch (error) {
      throw toWorkspaceError(error, path, limitBytes);
    }
  };
}

/** The file operations of the seam, straight on `fs` (far cheaper than going through the shell). */
function fileOperations(
  fs: EmbeddedFs,
  call: Guard,
): Omit<Workspace, 'backend' | 'root' | 'spillDir' | 'exec' | 'restoreSnapshot'> {
  return {
    readFile: (path) => call(path, () => fs.readFileBuffer(path)),
    // The content array is the filesystem's own: a range is a view, so nothing is copied here.
    readFileRange: (path, start, end) =>
      call(path, async () => (await fs.readFileBuffer(path)).subarray(start, Math.max(start, end))),
    async writeFile(path, data) {
      // just-bash creates missing parents and even writes "through" a file; the seam promises neither.
      await requireDirectory(fs, call, parentOf(path), path);
      const existing = await fs.stat(path).catch(() => undefined);
      if (existing?.isDirectory) throw new WorkspaceError('EISDIR', path);
      await call(path, () => fs.writeFile(path, data));
    },
    mkdir: (path, mkdirOptions) =>
      call(path, () => fs.mkdir(path, { recursive: mkdirOptions?.recursive === true })),
    readdir: (path) => readDirectory(fs, call, path),
    listTree: (path, listOptions) => listTree(fs, call, path, listOptions?.skip ?? []),
    stat: (path) => call(path, async () => statOf(await fs.stat(path))),
    lstat: (path) => call(path, async () => statOf(await fs.lstat(path))),
    readlink: (path) => call(path, () => fs.readlink(path)),
    rm: (path, rmOptions) =>
      call(path, () =>
        fs.rm(path, { recursive: rmOptions?.recursive === true, force: rmOptions?.force === true }),
      ),
    rename: (from, to) => call(from, () => fs.mv(from, to)),
  };
}

/**
 * How this backend's commands run (run-command.ts): stopped by just-bash's wall clock rather than an
 * abort signal, which would cost every command of a script an `AbortController` and an `Error`; with
 * the filesystem's standard streams as `/dev/stdin`, `/dev/stdout` and `/dev/stderr`.
 */
function runOptionsOf(devices: DeviceInMemoryFs): RunCommandOptions {
  return { backstop: 'deadline', streams: devices.streams };
}

/**
 * `exec` and `restoreSnapshot`: with `snapshots`, each command runs with a journal of the paths it
 * changes and their before-images, so a command that deleted files says how many. The journal of the
 * last such command stays open (it goes on recording whatever changes after it, through any method),
 * so `restoreSnapshot` puts the tree back as it was just before that command.
 */
function commandOperations(
  bash: Bash,
  tracker: ChangeTracker,
  call: Guard,
  snapshots: boolean,
  runOptions: RunCommandOptions,
): Pick<Workspace, 'exec' | 'restoreSnapshot'> {
  const { root } = tracker;
  let restorePoint: Journal | undefined;
  return {
    async exec(command, execOptions) {
      if (!snapshots) return runJustBashCommand(bash, root, command, execOptions, runOptions);
      const journal = tracker.openJournal();
      let deletedFiles = 0;
      try {
        const result = await runJustBashCommand(bash, root, command, execOptions, runOptions);
        deletedFiles = await countDeletedFiles(tracker, journal);
        return { ...result, deletedFiles };
      } finally {
        if (deletedFiles > 0) {
          if (restorePoint) tracker.closeJournal(restorePoint);
          restorePoint = journal;
        } else {
          tracker.closeJournal(journal);
        }
      }
    },
    async restoreSnapshot(): Promise<RestoredSnapshot> {
      const snapshot = restorePoint;
      if (!snapshot) {
        throw new WorkspaceError(
          'ENOENT',
          root,
          'There is no snapshot to restore: no command has deleted files since the workspace started or since the last restore.',
        );
      }
      // The journal's own changes are the restore: it stops recording while it runs.
      tracker.closeJournal(snapshot);
      try {
        const restored = await call(root, () => restoreJournal(bash.fs, tracker, snapshot));
        restorePoint = undefined;
        return restored;
      } catch (error) {
        // A restore that failed part way can be tried again: the journal goes on as the restore point.
        tracker.openJournal(snapshot);
        throw error;
      }
    },
  };
}

function statOf(stat: {
  isFile: boolean;
  isDirectory: boolean;
  isSymbolicLink: boolean;
  size: number;
  mtime: Date;
}): FileStat {
  return { type: typeOf(stat), size: stat.size, mtimeMs: stat.mtime.getTime() };
}

/** Fails like a POSIX write would when `dir`, the parent of `path`, is missing or not a directory. */
async function requireDirectory(fs: EmbeddedFs, call: Guard, dir: string, path: string): Promise<void> {
  const parent = await call(dir, () => fs.stat(dir)).catch((error: unknown) => {
    if (error instanceof WorkspaceError && error.code === 'ENOENT') throw new WorkspaceError('ENOENT', path);
    throw error;
  });
  if (!parent.isDirectory) throw new WorkspaceError('ENOTDIR', path);
}

async function readDirectory(fs: EmbeddedFs, call: Guard, path: string): Promise<DirEntry[]> {
  const entries = await call(path, async () => {
    if (fs.readdirWithFileTypes) return fs.readdirWithFileTypes(path);
    const names = await fs.readdir(path);
    return Promise.all(
      names.map(async (name) => ({ name, ...(await fs.lstat(`${path === '/' ? '' : path}/${name}`)) })),
    );
  });
  return entries.map((entry): DirEntry => ({ name: entry.name, type: typeOf(entry) }));
}

/**
 * Every directory below `path` with its entries, from the filesystem's index of paths rather than one
 * `readdir` per directory. Directories named in `skip` are listed but not entered.
 */
async function listTree(
  fs: EmbeddedFs,
  call: Guard,
  path: string,
  skip: readonly string[],
): Promise<Map<string, DirEntry[]>> {
  const start = await call(path, () => fs.lstat(path));
  if (!start.isDirectory) throw new WorkspaceError('ENOTDIR', path);
  const tree = new Map<string, DirEntry[]>([[path, []]]);
  const prefix = path === '/' ? '/' : `${path}/`;
  // Paths come from the filesystem's index, in no promised order: collect them, then type them.
  // A path is inside a skipped directory when a skipped name is one of its parent segments.
  const entered = (relative: string): boolean =>
    !skip.some((name) => relative.startsWith(`${name}/`) || relative.includes(`/${name}/`));
  const below = fs
    .getAllPaths()
    .filter(
      (entry) =>
        entry.length > prefix.length && entry.startsWith(prefix) && entered(entry.slice(prefix.length)),
    );
  // One batch: the filesystem answers synchronously under its promises; a path gone meanwhile is skipped.
  const stats = await Promise.all(below.map((entry) => fs.lstat(entry).catch(() => undefined)));
  for (const [index, entry] of below.entries()) {
    const stat = stats[index];
    if (!stat) continue;
    const parent = parentOf(entry);
    let siblings = tree.get(parent);
    if (!siblings) {
      siblings = [];
      tree.set(parent, siblings);
    }
    siblings.push({ name: entry.slice(parent === '/' ? 1 : parent.length + 1), type: typeOf(stat) });
    if (stat.isDirectory && !tree.has(entry)) tree.set(entry, []);
  }
  return tree;
}

function typeOf(entry: { isFile: boolean; isDirectory: boolean; isSymbolicLink: boolean }): EntryType {
  if (entry.isSymbolicLink) return 'symlink';
  if (entry.isDirectory) return 'directory';
  if (entry.isFile) return 'file';
  return 'other';
}

/**
 * just-bash throws plain Errors whose message starts with the POSIX code. `ENOSPC` carries the size
 * limit, which the error itself does not name.
 */
function toWorkspaceError(error: unknown, path: string, limitBytes: number): WorkspaceError {
  if (error instanceof WorkspaceError) return error;
  const message = errorMessage(error);
  const code = WORKSPACE_ERROR_CODES.find((candidate) => message.startsWith(`${candidate}:`)) ?? 'EIO';
  return new WorkspaceError(code, path, message, code === 'ENOSPC' ? limitBytes : undefined);
}
