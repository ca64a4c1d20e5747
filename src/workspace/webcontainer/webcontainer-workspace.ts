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
 * - No `stat`. `wc.fs` has readFile/writeFile/readdir/mkdir/rm/rename only, so `stat` looks the name up
 *   in its parent's `readdir({ withFileTypes: true })` (the root: a listing of itself) and gets a file's
 *   size by reading it. Listings are shared for a moment ({@link LISTING_REUSE_MS}, and until this
 *   workspace changes a file or runs a command), so `ls` of a directory costs one listing, not one per
 *   entry; the bytes read for a `stat` serve the next `readFile` of that path, so `read` costs one
 *   listing and one read. There is no `mtimeMs`.
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
import { runScript } from './run-script.ts';
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
export type WebContainerLike = Pick<WebContainer, 'spawn' | 'workdir'> & {
  readonly fs: WebContainerFileSystem;
  /** Internal errors of the container (`WebContainer.on('error', …)`); returns an unsubscribe. */
  on?(event: 'error', listener: (error: { message: string }) => void): () => void;
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
   * those of `CONTAINER_COMMAND_CANDIDATES` that answer `--version`, probed once at creation.
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
export const DEFAULT_QUIET_MS = 100;
/** How long a directory listing is reused for `stat`s (unless this workspace changed something). */
export const LISTING_REUSE_MS = 1_000;

/**
 * Creates a Workspace over a booted WebContainer. Resolves once the spill directory exists and the
 * container's programs are known (`containerCommands`, or a `--version` probe of
 * `CONTAINER_COMMAND_CANDIDATES`). The WebContainer stays the caller's: `dispose()` kills the
 * processes still running, nothing more. Throws `UsageError` for a bad option; rejects with a
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

  await call(spillDir, (relative) => webcontainer.fs.mkdir(relative, { recursive: true }));
  const containerCommands = options.containerCommands ?? (await probeContainerCommands(webcontainer));
  const workspace: Workspace = {
    backend: 'webcontainer',
    root,
    spillDir,
    shellDescription: shellDescription(containerCommands),
    ...fileOperations(webcontainer, files, changing, spillDirName),
    // async: a cwd outside the workdir must reject, not throw synchronously.
    exec: async (command, execOptions = {}) => {
      const cwd = execOptions.cwd === undefined ? undefined : normalizePosix(execOptions.cwd);
      if (cwd !== undefined) files.local(cwd);
      return changing(() =>
        runScript(
          {
            workspace,
            spawn: processes.spawn,
            containerCommands,
            env: options.env ?? {},
            quietMs: options.quietMs ?? DEFAULT_QUIET_MS,
            graceMs: options.graceMs ?? DEFAULT_GRACE_MS,
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
    dispose: async () => processes.killAll(),
  };
  return workspace;
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
): Pick<Workspace, 'readFile' | 'writeFile' | 'mkdir' | 'readdir' | 'stat' | 'rm' | 'rename'> {
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

/** What {@link containerFiles} returns. */
type ContainerFiles = ReturnType<typeof containerFiles>;

/** The container's files as the Workspace sees them: local paths, mapped errors, cached listings. */
function containerFiles(webcontainer: WebContainerLike) {
  const root = normalizePosix(webcontainer.workdir);
  const fs = webcontainer.fs;
  /** Listings by absolute directory, each with the time it was asked for. */
  const listings = new Map<string, { at: number; entries: Promise<DirEntry[]> }>();
  /** Bytes a `stat` read to learn a size, kept for the next `readFile` of the same path. */
  const readForStat = new Map<string, Promise<Uint8Array>>();

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
  const readFile = (path: string): Promise<Uint8Array> => {
    const absolute = normalizePosix(path);
    const kept = readForStat.get(absolute);
    readForStat.delete(absolute);
    return kept ?? call(path, (relative) => fs.readFile(relative));
  };
  const sizeOf = async (path: string): Promise<number> => {
    const absolute = normalizePosix(path);
    const bytes = call(path, (relative) => fs.readFile(relative));
    readForStat.set(absolute, bytes);
    bytes.catch(() => readForStat.delete(absolute));
    return (await bytes).length;
  };
  const stat = (path: string): Promise<FileStat> => statFromListing(root, path, list, sizeOf);
  const forget = (): void => {
    listings.clear();
    readForStat.clear();
  };
  return { root, local, call, list, readFile, stat, forget };
}

/** `stat` from the parent's listing, since `wc.fs` has none; a file's size from reading it. */
async function statFromListing(
  root: string,
  path: string,
  list: (path: string) => Promise<DirEntry[]>,
  sizeOf: (path: string) => Promise<number>,
): Promise<FileStat> {
  const absolute = normalizePosix(path);
  if (absolute === root) {
    // The workdir has no parent listing here; it can still have been deleted by a command.
    await list(root);
    return { type: 'directory', size: 0 };
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
  if (entry.type === 'directory') return { type: 'directory', size: 0 };
  if (entry.type === 'file') return { type: 'file', size: await sizeOf(path) };
  // Neither in the listing (a symlink, say): `wc.fs` follows links, so ask what the path opens as.
  const asDirectory = await list(path).then(
    () => true,
    () => false,
  );
  if (asDirectory) return { type: 'directory', size: 0 };
  try {
    return { type: 'file', size: await sizeOf(path) };
  } catch (error) {
    // A dangling link: stat follows links, so the path does not exist.
    if (error instanceof WorkspaceError && error.code === 'ENOENT') throw error;
    return { type: 'other', size: 0 };
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
  const message = error instanceof Error ? error.message : String(error);
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
