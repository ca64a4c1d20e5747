/**
 * The WebContainer backend: adapts a booted StackBlitz WebContainer (`@webcontainer/api`) to the
 * Workspace seam. Browser-only (a WebContainer needs a cross-origin isolated page). Imports core,
 * workspace.ts, this folder and the *types* of `@webcontainer/api`; the package's code is loaded only by
 * `bootWebContainerWorkspace`, lazily.
 *
 * How the seam maps onto the API:
 * - Paths. `wc.fs` resolves every path against the container's workdir, so the workspace root is
 *   `wc.workdir` (absolute, e.g. `/home/projects/abc`) and each absolute workspace path is handed to
 *   `wc.fs` relative to it (`.` for the root); an absolute path outside the workdir is refused
 *   (EACCES) before any call.
 * - No `stat`. `wc.fs` has readFile/writeFile/readdir/mkdir/rm/rename only, so `statType` looks the
 *   name up in its parent's `readdir({ withFileTypes: true })` (the root: a listing of itself), reading
 *   no file, and `stat` adds a file's size by reading it. Offering `statType` tells the tools a size is
 *   that dear: `ls` leaves sizes unknown and costs one listing, `read` one listing and one read, and
 *   the shell's `find`, `test -e` and globs read no file. Listings are shared for a moment
 *   ({@link LISTING_REUSE_MS}, and until this workspace changes a file or runs a command); the bytes a
 *   `stat` read serve the next `readFile` of that path (a shell's stat-then-read costs one read), for
 *   as long and up to 32 MiB. There is no `mtimeMs`.
 * - No `lstat`/`readlink`: a known limitation. The API cannot tell a symlink from its target, so this
 *   workspace leaves both methods off and `confinePath` confines paths lexically only: a symlink inside
 *   the workdir whose target is outside it (created by a command, say `ln -s /tmp out`) is followed by
 *   `wc.fs`, so read, write and edit through it reach the target. The target is still inside the
 *   container's own in-memory filesystem, never the user's disk. In listings, an entry that is neither
 *   a file nor a directory (a symlink) is `other`; `stat` follows it.
 * - Spill directory. `<root>/.tool-output`, inside the workdir because the fs API cannot reach anything
 *   else; `readdir` of the root leaves it out, so grep, find and ls never list it, while `read` can
 *   still read the files in it.
 * - Errors. `wc.fs` errors carry no `code` (webcontainer-core#1171); the POSIX code is taken from
 *   `code` when present, else from the start of the message, where Node puts it (`ENOENT: no such file
 *   or directory, open '…'`; `rm` of a directory: `… rm returned EISDIR (is a directory) …`), never
 *   from a word further on (a path may contain `ENOENT`).
 * - exec. A script runs in just-bash's interpreter over these files, and `node`, `npm`, ... run as
 *   container processes (run-script.ts, container-program.ts); WebContainer's own `jsh` is never used.
 */

import type { FileSystemAPI, SpawnOptions, WebContainer, WebContainerProcess } from '@webcontainer/api';
import { UsageError } from '../../core/index.ts';
import { errorMessage } from '../../shared/index.ts';
import {
  type DirEntry,
  type EntryType,
  type FileStat,
  isInside,
  isWorkspaceErrorCode,
  normalizePosix,
  parentOf,
  type Workspace,
  WorkspaceError,
  type WorkspaceErrorCode,
} from '../workspace.ts';
import { BackgroundJobs, type PortEvents } from './background-jobs.ts';
import { programEnvironment } from './container-program.ts';
import { type ContainerPrograms, discoverContainerPrograms } from './discover-commands.ts';
import { entriesOfTree, treeOfFiles } from './file-trees.ts';
import { runScript } from './run-script.ts';
import { serveInContainer } from './serve.ts';
import { probeContainerCommands, shellDescription } from './shell-description.ts';

/**
 * The `wc.fs` calls this adapter makes: a `Pick` of the package's own `FileSystemAPI`, so a change of
 * the API breaks the build, and a stand-in can implement exactly this.
 */
export type WebContainerFileSystem = Pick<
  FileSystemAPI,
  'readFile' | 'writeFile' | 'readdir' | 'mkdir' | 'rm' | 'rename'
>;

/**
 * The members of a booted `WebContainer` this adapter uses (a real `WebContainer` is one). `on('error')`
 * and `teardown` are used by `bootWebContainerWorkspace` when present.
 */
export type WebContainerLike = Pick<WebContainer, 'spawn' | 'workdir'> &
  Partial<Pick<WebContainer, 'export' | 'mount'>> & {
    readonly fs: WebContainerFileSystem;
    /** The `PATH` the container gives its processes (`WebContainer.path`). */
    readonly path?: string;
    /** Internal errors of the container (`WebContainer.on('error', …)`); returns an unsubscribe. */
    on?(event: 'error', listener: (error: { message: string }) => void): () => void;
    /** A port opened or closed by some process, with its preview URL (`WebContainer.on('port', …)`). */
    on?(event: 'port', listener: (port: number, type: 'open' | 'close', url: string) => void): () => void;
    /** A server that answers on a port (`WebContainer.on('server-ready', …)`). */
    on?(event: 'server-ready', listener: (port: number, url: string) => void): () => void;
    /** Destroys the container, so the page may boot another (`WebContainer.teardown`). */
    teardown?(): void;
  };

/** Options of {@link createWebContainerWorkspace}. */
export interface WebContainerWorkspaceOptions {
  /** Name of the spill directory, created in the workdir. A single name. Default: `.tool-output`. */
  spillDirName?: string;
  /**
   * Raw output (UTF-8 bytes, escape sequences included) kept per command; older output is dropped
   * from the front and counted in `droppedBytes`. Default: 16 MiB.
   */
  maxOutputBytes?: number;
  /**
   * Milliseconds to wait, after a process exits or is killed, for its `exit` and the rest of its
   * output. Past it, output still arriving is read and discarded. Default: 2,000.
   */
  graceMs?: number;
  /** Timeout of `exec` when the caller gives none. Default: 600,000 (the bash tool's maximum). */
  defaultTimeoutMs?: number;
  /**
   * Environment variables for every command, over `NON_INTERACTIVE_ENV` (CI=1, npm_config_yes=true,
   * NO_COLOR=1, TERM=dumb, a 120×40 terminal). Default: none.
   */
  env?: Record<string, string>;
  /**
   * Programs that run as container processes (every other command runs in the interpreter). Default:
   * what the container's `PATH` holds, read once per container by one `node -e` process (directories
   * of `PATH` inside the workdir, such as `node_modules/.bin`, are listed again before each command);
   * without node, those of `CONTAINER_COMMAND_CANDIDATES` that answer `--version`.
   */
  containerCommands?: readonly string[];
  /** After a process exits, milliseconds without new output before it counts as complete. Default: 100. */
  quietMs?: number;
  /**
   * Called when a killed process does not exit within `graceMs`, or the container does not even
   * start a command before its timeout: the host may tear the WebContainer down and boot a new one.
   * Must not throw. Default: none.
   */
  onProcessStuck?: (command: string) => void;
}

/** Default spill directory name, inside the workdir. */
export const DEFAULT_SPILL_DIR_NAME = '.tool-output';
/** Default bound of the raw output kept per command: 16 MiB. */
export const DEFAULT_MAX_OUTPUT_BYTES: number = 16 * 1024 * 1024;
/** Default grace after exit or kill, in milliseconds. */
export const DEFAULT_GRACE_MS = 2_000;
/** Default `exec` timeout when the caller gives none: the bash tool's maximum. */
export const DEFAULT_EXEC_TIMEOUT_MS = 600_000;
/** After a process exits, how long without a new chunk before its output counts as complete. */
const DEFAULT_QUIET_MS = 100;
/** How long a directory listing is reused for `stat`s (unless this workspace changed something). */
const LISTING_REUSE_MS = 1_000;

/**
 * Creates a Workspace over a booted WebContainer. Resolves once the spill directory exists and the
 * container's programs are known (`containerCommands`, else read from the container's `PATH` by one
 * `node -e` process per container, else a `--version` probe of `CONTAINER_COMMAND_CANDIDATES`). The
 * WebContainer stays the caller's: `dispose()` kills the processes still running, nothing more. Throws `UsageError` for a bad option; rejects with a
 * `WorkspaceError` when the spill directory cannot be created.
 */
export async function createWebContainerWorkspace(
  webcontainer: WebContainerLike,
  options: WebContainerWorkspaceOptions = {},
): Promise<Workspace> {
  const spillDirName = options.spillDirName ?? DEFAULT_SPILL_DIR_NAME;
  if (spillDirName === '' || spillDirName === '.' || spillDirName === '..' || spillDirName.includes('/')) {
    throw new UsageError(
      `spillDirName must be a single directory name, got ${JSON.stringify(spillDirName)}.`,
    );
  }
  const files = containerFiles(webcontainer);
  const { root, call } = files;
  const spillDir = `${root === '/' ? '' : root}/${spillDirName}`;
  const processes = trackProcesses(webcontainer);
  const changing = <T>(run: () => Promise<T>): Promise<T> => run().finally(files.forget);
  const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
  const jobs = new BackgroundJobs(processes.spawn, portEvents(webcontainer), graceMs);

  await call(spillDir, (relative) => webcontainer.fs.mkdir(relative, { recursive: true }));
  const programs = await containerPrograms(webcontainer, options.containerCommands);
  const workdirBins = programs.workdirDirs.map((dir) => (dir === root ? '.' : dir.slice(root.length + 1)));
  const containerEnv =
    Object.keys(programs.env).length > 0 || typeof webcontainer.path !== 'string'
      ? programs.env
      : { PATH: webcontainer.path };
  const workspace: Workspace = {
    backend: 'webcontainer',
    root,
    spillDir,
    shellDescription: shellDescription(programs.names, { workdirBins }),
    ...fileOperations(webcontainer, files, changing, spillDirName),
    ...bulkOperations(webcontainer, files, changing, spillDirName),
    // async: a cwd outside the workdir must reject, not throw synchronously.
    exec: async (command, execOptions = {}) => {
      const cwd = execOptions.cwd === undefined ? undefined : normalizePosix(execOptions.cwd);
      if (cwd !== undefined) files.local(cwd);
      return changing(() =>
        runScript(
          {
            workspace,
            spawn: processes.spawn,
            containerCommands: programs.names,
            workdirBins: programs.workdirDirs,
            env: options.env ?? {},
            containerEnv,
            jobs,
            quietMs: options.quietMs ?? DEFAULT_QUIET_MS,
            graceMs,
            maxOutputBytes: options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES,
            onProcessStuck: options.onProcessStuck,
          },
          command,
          {
            ...execOptions,
            timeoutMs: execOptions.timeoutMs ?? options.defaultTimeoutMs ?? DEFAULT_EXEC_TIMEOUT_MS,
          },
        ),
      );
    },
    serve: (command, serveOptions = {}) =>
      serveInContainer(command, serveOptions, {
        root,
        jobs,
        env: programEnvironment(containerEnv, options.env ?? {}, undefined),
      }),
    processes: jobs,
    dispose: async () => {
      jobs.dispose();
      processes.killAll();
    },
  };
  return workspace;
}

/** The container's port events, when it has them (a real `WebContainer` does). */
function portEvents(webcontainer: WebContainerLike): PortEvents | undefined {
  const on = webcontainer.on?.bind(webcontainer);
  if (!on) return undefined;
  return { on: on as PortEvents['on'] };
}

/** The processes this workspace started and that have not exited: what `dispose()` kills. */
function trackProcesses(webcontainer: WebContainerLike): {
  spawn(command: string, args: string[], spawnOptions?: SpawnOptions): Promise<WebContainerProcess>;
  killAll(): void;
} {
  const running = new Set<WebContainerProcess>();
  return {
    async spawn(command, args, spawnOptions) {
      const child = await webcontainer.spawn(command, args, spawnOptions);
      running.add(child);
      child.exit.then(
        () => running.delete(child),
        () => running.delete(child),
      );
      return child;
    },
    killAll() {
      for (const child of running) child.kill();
      running.clear();
    },
  };
}

/**
 * The file operations of the seam on the container's `fs`. Every change goes through `changing`, which
 * drops the cached listings; the root's listing hides the spill directory.
 */
function fileOperations(
  webcontainer: WebContainerLike,
  files: ContainerFiles,
  changing: <T>(run: () => Promise<T>) => Promise<T>,
  spillDirName: string,
): Pick<Workspace, 'readFile' | 'writeFile' | 'mkdir' | 'readdir' | 'stat' | 'statType' | 'rm' | 'rename'> {
  const { root, call } = files;
  const fs = webcontainer.fs;
  return {
    readFile: (path) => files.readFile(path),
    writeFile: (path, data) => changing(() => call(path, (relative) => fs.writeFile(relative, data))),
    mkdir: (path, mkdirOptions) =>
      changing(() =>
        call(path, async (relative) => {
          if (mkdirOptions?.recursive === true) await fs.mkdir(relative, { recursive: true });
          else await fs.mkdir(relative);
        }),
      ),
    async readdir(path) {
      const entries = await files.list(path);
      return normalizePosix(path) === root ? entries.filter((entry) => entry.name !== spillDirName) : entries;
    },
    stat: files.stat,
    statType: files.statType,
    rm: (path, rmOptions) =>
      changing(() =>
        call(path, (relative) =>
          fs.rm(relative, { recursive: rmOptions?.recursive === true, force: rmOptions?.force === true }),
        ),
      ),
    rename: (from, to) =>
      changing(() => call(from, async (relative) => fs.rename(relative, files.local(to)))),
  };
}

/**
 * `exportTree` and `writeFiles` over the container's `export` and `mount` (file-trees.ts): one round
 * trip each, whatever the size of the tree; absent when the container has neither.
 */
function bulkOperations(
  webcontainer: WebContainerLike,
  files: ContainerFiles,
  changing: <T>(run: () => Promise<T>) => Promise<T>,
  spillDirName: string,
): Pick<Workspace, 'exportTree' | 'writeFiles'> {
  const { root, call } = files;
  const exported = webcontainer.export?.bind(webcontainer);
  const mount = webcontainer.mount?.bind(webcontainer);
  return {
    ...(exported && {
      exportTree: (path) =>
        call(path, async (relative) => {
          const tree = await exported(relative, { format: 'json' });
          return entriesOfTree(tree, normalizePosix(path) === root ? spillDirName : undefined);
        }),
    }),
    ...(mount && {
      writeFiles: async (path, written) => {
        // Checked whole before the first call: a refused key writes nothing.
        const tree = treeOfFiles(path, written);
        await changing(() =>
          call(path, async (relative) => {
            if (relative !== '.') await webcontainer.fs.mkdir(relative, { recursive: true });
            await mount(tree, relative === '.' ? {} : { mountPoint: relative });
          }),
        );
      },
    }),
  };
}

/** What {@link containerFiles} returns. */
type ContainerFiles = ReturnType<typeof containerFiles>;

/**
 * The programs that run as container processes: the host's list, else the container's `PATH`, else
 * the candidates that answer `--version`.
 */
async function containerPrograms(
  webcontainer: WebContainerLike,
  named: readonly string[] | undefined,
): Promise<ContainerPrograms> {
  if (named) return { names: [...named], workdirDirs: [], env: {} };
  const found = await discoverContainerPrograms(webcontainer);
  return found ?? { names: await probeContainerCommands(webcontainer), workdirDirs: [], env: {} };
}

/** The container's files as the Workspace sees them: local paths, mapped errors, cached listings. */
function containerFiles(webcontainer: WebContainerLike) {
  const root = normalizePosix(webcontainer.workdir);
  const fs = webcontainer.fs;
  /** Listings by absolute directory, each with the time it was asked for. */
  const listings = new Map<string, { at: number; entries: Promise<DirEntry[]> }>();
  const readForStat = new StatReads();

  /** The path `wc.fs` expects: relative to the workdir. Confined paths are always inside it. */
  const local = (path: string): string => {
    const absolute = normalizePosix(path);
    if (absolute === root) return '.';
    if (!isInside(root, absolute)) {
      throw new WorkspaceError('EACCES', path, `${path} is outside the WebContainer workdir (${root}).`);
    }
    return absolute.slice(root === '/' ? 1 : root.length + 1);
  };
  const call = async <T>(path: string, run: (relative: string) => Promise<T>): Promise<T> => {
    try {
      return await run(local(path));
    } catch (error) {
      throw toWorkspaceError(error, path);
    }
  };
  const list = (path: string): Promise<DirEntry[]> => {
    const absolute = normalizePosix(path);
    const cached = listings.get(absolute);
    if (cached && Date.now() - cached.at < LISTING_REUSE_MS) return cached.entries;
    const entries = call(path, async (relative) =>
      (await fs.readdir(relative, { withFileTypes: true })).map(
        (entry): DirEntry => ({ name: entry.name, type: typeOf(entry) }),
      ),
    );
    listings.set(absolute, { at: Date.now(), entries });
    entries.catch(() => listings.delete(absolute));
    return entries;
  };
  const readFile = (path: string): Promise<Uint8Array> =>
    readForStat.take(normalizePosix(path)) ?? call(path, (relative) => fs.readFile(relative));
  /** A file's bytes, read to learn its size and kept for the next `readFile` of the same path. */
  const readToMeasure = (path: string): Promise<Uint8Array> => {
    const bytes = call(path, (relative) => fs.readFile(relative));
    readForStat.keep(normalizePosix(path), bytes);
    return bytes;
  };
  const statType = (path: string): Promise<EntryType> =>
    typeFromListing(root, path, list, async (at) => (await readToMeasure(at)) !== undefined);
  const stat = async (path: string): Promise<FileStat> => {
    const type = await statType(path);
    if (type !== 'file') return { type, size: 0 };
    const absolute = normalizePosix(path);
    const measured = readForStat.peek(absolute) ?? readToMeasure(path);
    return { type, size: (await measured).length };
  };
  const forget = (): void => {
    listings.clear();
    readForStat.clear();
  };
  return { root, local, call, list, readFile, stat, statType, forget };
}

/** Most bytes kept from `stat`s for the `readFile`s that usually follow them. */
const STAT_READS_MAX_BYTES = 32 * 1024 * 1024;

/**
 * Bytes a `stat` read to learn a size, kept for the next `readFile` of the same path (a shell
 * command's stat-then-read costs one read) for as long as a listing is reused, and bounded in bytes:
 * the oldest go first.
 */
class StatReads {
  readonly #kept = new Map<string, { bytes: Promise<Uint8Array>; size: number; at: number }>();
  #total = 0;

  keep(path: string, bytes: Promise<Uint8Array>): void {
    this.#drop(path);
    const held = { bytes, size: 0, at: Date.now() };
    this.#kept.set(path, held);
    bytes.then(
      (read) => {
        if (this.#kept.get(path) !== held) return;
        held.size = read.length;
        this.#total += read.length;
        for (const [oldest] of this.#kept) {
          if (this.#total <= STAT_READS_MAX_BYTES) break;
          this.#drop(oldest);
        }
      },
      () => {
        if (this.#kept.get(path) === held) this.#kept.delete(path);
      },
    );
  }

  peek(path: string): Promise<Uint8Array> | undefined {
    const held = this.#kept.get(path);
    if (held && Date.now() - held.at < LISTING_REUSE_MS) return held.bytes;
    this.#drop(path);
    return undefined;
  }

  take(path: string): Promise<Uint8Array> | undefined {
    const bytes = this.peek(path);
    this.#drop(path);
    return bytes;
  }

  clear(): void {
    this.#kept.clear();
    this.#total = 0;
  }

  #drop(path: string): void {
    const held = this.#kept.get(path);
    if (!held) return;
    this.#total -= held.size;
    this.#kept.delete(path);
  }
}

/**
 * A path's type from its parent's listing, since `wc.fs` has no `stat`: no file is read, except to
 * tell what an entry that is neither file nor directory (a symlink) opens as.
 */
async function typeFromListing(
  root: string,
  path: string,
  list: (path: string) => Promise<DirEntry[]>,
  opensAsFile: (path: string) => Promise<boolean>,
): Promise<EntryType> {
  const absolute = normalizePosix(path);
  if (absolute === root) {
    // The workdir has no parent listing here; it can still have been deleted by a command.
    await list(root);
    return 'directory';
  }
  const name = absolute.slice(absolute.lastIndexOf('/') + 1);
  let entries: DirEntry[];
  try {
    entries = await list(parentOf(absolute));
  } catch (error) {
    if (error instanceof WorkspaceError) throw new WorkspaceError(error.code, path, error.message);
    throw error;
  }
  const entry = entries.find((candidate) => candidate.name === name);
  if (!entry) throw new WorkspaceError('ENOENT', path);
  if (entry.type !== 'other') return entry.type;
  // Neither in the listing (a symlink, say): `wc.fs` follows links, so ask what the path opens as.
  const asDirectory = await list(path).then(
    () => true,
    () => false,
  );
  if (asDirectory) return 'directory';
  try {
    return (await opensAsFile(path)) ? 'file' : 'other';
  } catch (error) {
    // A dangling link: stat follows links, so the path does not exist.
    if (error instanceof WorkspaceError && error.code === 'ENOENT') throw error;
    return 'other';
  }
}

function typeOf(entry: { isFile(): boolean; isDirectory(): boolean }): EntryType {
  if (entry.isDirectory()) return 'directory';
  if (entry.isFile()) return 'file';
  return 'other';
}

/**
 * WebContainer's fs errors arrive through a message channel that keeps only the message (no `code`),
 * e.g. `ENOENT: no such file or directory, open '/home/projects/x/a.txt'`; Node-style `code`s, and
 * Node's `ERR_FS_EISDIR` for `rm` of a directory, are honoured when they do arrive. The code is read
 * where Node writes it, never from a word elsewhere in the message: a path may be `ENOENT-logs/`.
 */
function toWorkspaceError(error: unknown, path: string): WorkspaceError {
  if (error instanceof WorkspaceError) return error;
  const message = errorMessage(error);
  const rawCode =
    typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
      ? error.code
      : undefined;
  const fromCode =
    rawCode === 'ERR_FS_EISDIR' ? 'EISDIR' : isWorkspaceErrorCode(rawCode) ? rawCode : undefined;
  return new WorkspaceError(fromCode ?? codeInMessage(message) ?? 'EIO', path, message);
}

/**
 * The code in a Node-style message: first thing in it (`EISDIR: illegal operation on a directory,
 * read`), or after `returned` in Node's system errors (`Path is a directory: rm returned EISDIR (is a
 * directory) /x`).
 */
function codeInMessage(message: string): WorkspaceErrorCode | undefined {
  const found = /^(E[A-Z]+):/.exec(message) ?? /^[^']*? returned (E[A-Z]+) \(/.exec(message);
  const code = found?.[1];
  return isWorkspaceErrorCode(code) ? code : undefined;
}
