/**
 * The one seam between the tools and a backend: file operations that go straight to the backend's
 * filesystem API, and `exec` for the shell. Plus the one confinement function every tool runs a path
 * through before any backend call. Imports core (errors) only; no backend, no tool.
 */
import { ToolError } from '../core/index.ts';

/** What a directory entry or a path is. */
export type EntryType = 'file' | 'directory' | 'symlink' | 'other';

/** One entry of a directory listing. */
export interface DirEntry {
  name: string;
  type: EntryType;
}

/** What `stat` knows about a path. */
export interface FileStat {
  type: EntryType;
  /** Bytes, for files. */
  size: number;
  /** Last modification, when the backend knows it. */
  mtimeMs?: number;
}

/** Options of {@link Workspace.exec}. */
export interface ExecOptions {
  /** Absolute directory to run in (already confined). Default: the workspace root. */
  cwd?: string;
  /** Milliseconds before the command is stopped. Default: the backend's own limit. */
  timeoutMs?: number;
  /** Stops the command. */
  signal?: AbortSignal;
}

/** What a command did. */
export interface ExecResult {
  /** stdout and stderr, combined, without terminal escape sequences. */
  output: string;
  /** The process's exit code (124 on timeout or abort when the backend has no better one). */
  exitCode: number;
  timedOut: boolean;
  aborted: boolean;
  /** Bytes of output the backend dropped from the start to stay within its memory bound. */
  droppedBytes: number;
  /**
   * Files that existed before the command and are gone after it, when the backend took a snapshot
   * first (see {@link Workspace.restoreSnapshot}); absent when it took none.
   */
  deletedFiles?: number;
}

/** What {@link Workspace.restoreSnapshot} put back. */
export interface RestoredSnapshot {
  /** Files (and symlinks) the workspace holds after the restore. */
  files: number;
  /** Directories it holds after the restore, the root excluded. */
  directories: number;
}

/** A port a background program opened, and where the page can reach it. */
export interface ServedPort {
  port: number;
  /** The URL the backend serves the port at (a WebContainer's preview URL), for a frame or a link. */
  url: string;
}

/**
 * A program started to keep running after the call that started it (a dev server, a watcher): see
 * {@link Workspace.serve}.
 */
export interface BackgroundProcess {
  /** Unique within the workspace, counted from 1: `%1` in the shell's `jobs` and `kill`. */
  id: number;
  /** The program and its arguments, as one line. */
  command: string;
  /** Absolute directory it runs in. */
  cwd: string;
  /** `running`; `exited` on its own (see `exitCode`); `stopped` by `stop` or the workspace's disposal. */
  state: 'running' | 'exited' | 'stopped';
  exitCode?: number;
  /** Ports it opened that are still open, in the order they opened. */
  ports: ServedPort[];
}

/** Options of {@link Workspace.serve}. */
export interface ServeOptions {
  /** Absolute directory to run in (already confined). Default: the workspace root. */
  cwd?: string;
  /**
   * Most milliseconds to wait for the program to be ready before returning; it keeps running either
   * way. Default: 30,000.
   */
  waitMs?: number;
  /** Ends the wait and stops the program. */
  signal?: AbortSignal;
}

/** What {@link Workspace.serve} saw before it returned. */
export interface ServeResult {
  process: BackgroundProcess;
  /** What the program printed until then (terminal sequences removed). */
  output: string;
  /**
   * Why it returned: a port opened and answers (`port`); it printed and then went quiet (`output`);
   * it exited (`exited`); nothing of these within `waitMs` (`waiting`).
   */
  ready: 'port' | 'output' | 'exited' | 'waiting';
}

/** The background programs of a workspace: see {@link Workspace.processes}. */
export interface WorkspaceProcesses {
  /** Every program started in the background, the exited and stopped ones included, oldest first. */
  list(): BackgroundProcess[];
  /** What a program printed since the last call of `newOutput` for it (or its start); `undefined` for an unknown id. */
  newOutput(id: number): string | undefined;
  /** Stops a running program; resolves to its final state, `undefined` for an unknown id. */
  stop(id: number): Promise<BackgroundProcess | undefined>;
  /** Calls `listener` whenever a program starts, exits, stops or opens or closes a port; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** One entry of {@link Workspace.exportTree}: a file with its bytes, a directory, or a symlink and its target. */
export type TreeEntry =
  | { type: 'file'; bytes: Uint8Array }
  | { type: 'directory' }
  | { type: 'symlink'; target: string };

/** Every error code a backend reports, named after its POSIX equivalent. */
export const WORKSPACE_ERROR_CODES = [
  'ENOENT',
  'ENOTDIR',
  'EISDIR',
  'EEXIST',
  'ENOTEMPTY',
  'ELOOP',
  'EACCES',
  'ENOSPC',
  'ENAMETOOLONG',
  'EINVAL',
  'EIO',
] as const;

/** One of {@link WORKSPACE_ERROR_CODES}. */
export type WorkspaceErrorCode = (typeof WORKSPACE_ERROR_CODES)[number];

/** Whether `value` is one of {@link WORKSPACE_ERROR_CODES}. */
export function isWorkspaceErrorCode(value: unknown): value is WorkspaceErrorCode {
  return (WORKSPACE_ERROR_CODES as readonly unknown[]).includes(value);
}

/** A filesystem failure of a backend, with a POSIX-style code the tools turn into model-facing text. */
export class WorkspaceError extends Error {
  readonly code: WorkspaceErrorCode;
  readonly path: string;
  /** For `ENOSPC`: the size limit that was hit, in bytes, when the backend knows it. */
  readonly limitBytes?: number;
  constructor(code: WorkspaceErrorCode, path: string, message?: string, limitBytes?: number) {
    super(message ?? `${code}: ${path}`);
    this.name = 'WorkspaceError';
    this.code = code;
    this.path = path;
    if (limitBytes !== undefined) this.limitBytes = limitBytes;
  }
}

/**
 * A filesystem and a shell. Every path is absolute, POSIX, and already confined by
 * {@link confinePath}; methods throw {@link WorkspaceError}.
 */
export interface Workspace {
  /** Which backend this is (`just-bash`, `webcontainer`, ...), for display. */
  readonly backend: string;
  /** Absolute path of the workspace root, e.g. `/workspace`. */
  readonly root: string;
  /** Absolute directory where tools keep spilled output; `read` may read it, listings never show it. */
  readonly spillDir: string;
  /**
   * What the model should know about this backend's shell (which language, which programs exist, what
   * they cannot do), for the `bash` tool's description; generated from what the backend found, so it
   * never promises a program that is not there. Absent: the shell is plain just-bash, as documented.
   */
  readonly shellDescription?: string;
  readFile(path: string): Promise<Uint8Array>;
  /**
   * Bytes `start` (included) to `end` (excluded) of a file, clamped to its size. Offered by backends
   * that can read part of a file without moving all of it (a Worker transfers only the range), so large
   * files are paged without a full load. Absent: callers read the whole file.
   */
  readFileRange?(path: string, start: number, end: number): Promise<Uint8Array>;
  /** Writes a whole file. The parent directory must exist. */
  writeFile(path: string, data: Uint8Array | string): Promise<void>;
  mkdir(path: string, options?: { recursive?: boolean }): Promise<void>;
  readdir(path: string): Promise<DirEntry[]>;
  /**
   * Every directory under `path` (itself included) with its entries, in one call, keyed by absolute
   * directory path. Symlinks are listed, never followed; directories named in `skip` are listed but
   * not entered. Offered by backends that can list a whole tree cheaper than one `readdir` per
   * directory; walks use it when present.
   */
  listTree?(path: string, options?: { skip?: readonly string[] }): Promise<Map<string, DirEntry[]>>;
  /**
   * Everything under the directory `path`, in one call: each entry by its path relative to `path`
   * (`lib/a.ts`), parents before children; symlinks are entries of their own, never followed. What
   * `readdir` leaves out (the spill directory) is left out here too. Offered by backends whose calls
   * each cost a round trip (the WebContainer's `export`): a snapshot, and a walk of the shell that
   * reads a whole tree, cost one call instead of one per directory and file.
   */
  exportTree?(path: string): Promise<Map<string, TreeEntry>>;
  /**
   * Writes many files under the directory `path` in one call: keys are paths relative to it, parent
   * directories are created, existing files are replaced and other files are left as they are.
   * Offered by backends with a bulk write (the WebContainer's `mount`); imports and fixtures use it
   * when present. Rejects with `WorkspaceError` `EINVAL`, writing nothing, for a key that is empty,
   * absolute, leaves `path` (`..`), or names a file that another key needs as a directory.
   */
  writeFiles?(path: string, files: ReadonlyMap<string, Uint8Array | string>): Promise<void>;
  /** Follows symlinks. */
  stat(path: string): Promise<FileStat>;
  /**
   * The type `stat` would give, without the size. Offered by backends whose `stat` must read a whole
   * file to learn its size (WebContainer's fs has no stat call): callers that need only the type use
   * it, and `ls` leaves file sizes unknown rather than read every file. Absent: `stat` is cheap.
   */
  statType?(path: string): Promise<EntryType>;
  /** Does not follow a final symlink. Absent when the backend cannot tell symlinks apart. */
  lstat?(path: string): Promise<FileStat>;
  /** The target of a symlink, as stored. Absent when the backend has no symlinks in its API. */
  readlink?(path: string): Promise<string>;
  rm(path: string, options?: { recursive?: boolean; force?: boolean }): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  exec(command: string, options?: ExecOptions): Promise<ExecResult>;
  /**
   * Puts the workspace back as it was just before the last command that deleted files (its
   * `ExecResult.deletedFiles` was above 0): files and directories created since are removed, deleted
   * and changed ones come back. Offered by backends that snapshot before commands that can delete;
   * throws `WorkspaceError` `ENOENT` when there is no such snapshot (none taken, already restored, or
   * lost with a restarted backend).
   */
  restoreSnapshot?(): Promise<RestoredSnapshot>;
  /**
   * Starts one program (`npm run dev`: a program the backend runs as a process, and its arguments) to
   * keep running after the call, and resolves once it is ready or `waitMs` has passed (see
   * {@link ServeResult.ready}); `processes` then lists it. Offered by backends that can keep a process
   * alive between calls (the WebContainer); call it through {@link serveProgram}, which refuses with a
   * clear message where it is absent. Rejects with `WorkspaceError` `EINVAL` for a command that is not
   * one program and its arguments.
   */
  serve?(command: string, options?: ServeOptions): Promise<ServeResult>;
  /** The programs `serve` (or the shell's `cmd &`) started. Present whenever `serve` is. */
  readonly processes?: WorkspaceProcesses;
  /** Releases the backend (workers, processes). */
  dispose?(): Promise<void>;
}

/**
 * What a backend without {@link Workspace.serve} answers to a request to keep a program running: every
 * command there runs to its end within its timeout.
 */
export function noServeMessage(backend: string): string {
  return `The ${backend} workspace cannot keep a program running after a command returns: every command runs to its end within its timeout, so a dev server or a watcher cannot stay up here. Run it on a backend that can (the WebContainer), or run a command that finishes (a build, a test run).`;
}

/**
 * `workspace.serve(command, options)`, or, on a backend without it, a rejection with a `WorkspaceError`
 * `EINVAL` whose message says why ({@link noServeMessage}).
 */
export async function serveProgram(
  workspace: Workspace,
  command: string,
  options?: ServeOptions,
): Promise<ServeResult> {
  if (!workspace.serve) {
    throw new WorkspaceError('EINVAL', workspace.root, noServeMessage(workspace.backend));
  }
  return workspace.serve(command, options);
}

/** A path's type (following symlinks), through `statType` when the backend offers it, else `stat`. */
export async function typeOfPath(workspace: Workspace, path: string): Promise<EntryType> {
  return workspace.statType ? workspace.statType(path) : (await workspace.stat(path)).type;
}

/** Whether anything is at `path`, at the cost of {@link typeOfPath}; any failure to look counts as no. */
export function pathExists(workspace: Workspace, path: string): Promise<boolean> {
  return typeOfPath(workspace, path).then(
    () => true,
    () => false,
  );
}

/** Longest path accepted, in characters. */
export const MAX_PATH_LENGTH = 4096;
/** Longest single name accepted, in UTF-8 bytes. */
export const MAX_NAME_BYTES = 255;
/** Symlinks followed while confining one path before giving up (ELOOP). */
const MAX_SYMLINK_HOPS = 40;

/** Options of {@link confinePath}. */
export interface ConfineOptions {
  /** Extra absolute directories the path may resolve into (read passes the spill directory). Default: none. */
  allow?: readonly string[];
}

const show = (path: string): string => JSON.stringify(path);

/**
 * Turns a path a model sent into an absolute path inside the workspace, or throws a `ToolError` that
 * names the path. Order: NUL and length checks; backslash, drive and UNC forms refused; `@`, `file://`
 * and `~` prefixes removed; POSIX normalisation against the root; exact-or-`root/` prefix check; then
 * every symlink on the way is resolved hop by hop (dangling ones included) and each target must stay
 * inside. Returns the resolved path, which is what the caller must operate on.
 */
export async function confinePath(
  workspace: Workspace,
  input: string,
  options: ConfineOptions = {},
): Promise<string> {
  const roots = [workspace.root, ...(options.allow ?? [])];
  const lexical = lexicalPath(workspace.root, input, roots);
  if (!workspace.lstat || !workspace.readlink) return lexical;
  return resolveSymlinks(workspace, input, lexical, roots);
}

/**
 * The lexical half of {@link confinePath}: no filesystem access. Throws a `ToolError` when the path is
 * malformed or lands outside `roots` (default: `[root]`).
 */
export function lexicalPath(root: string, input: string, roots: readonly string[] = [root]): string {
  if (typeof input !== 'string' || input.trim() === '') {
    throw pathError('INVALID_PATH', 'The path is empty. Give a path relative to the workspace root.');
  }
  if (input.includes('\0')) {
    throw pathError(
      'INVALID_PATH',
      `Path ${show(input)} contains a NUL byte. Use a plain path inside the workspace.`,
    );
  }
  if (input.length > MAX_PATH_LENGTH) {
    throw pathError(
      'INVALID_PATH',
      `Path is too long (${input.length} characters; the limit is ${MAX_PATH_LENGTH}). Use a shorter path.`,
    );
  }
  let path = input.trim();
  if (/^[A-Za-z]:/.test(path) || path.startsWith('\\\\') || path.startsWith('//?/')) {
    throw pathError(
      'INVALID_PATH',
      `Path ${show(input)} is a Windows path. Use a POSIX path inside the workspace (${root}).`,
    );
  }
  if (path.includes('\\')) {
    throw pathError(
      'INVALID_PATH',
      `Path ${show(input)} contains a backslash. Use forward slashes: paths are POSIX, relative to the workspace root (${root}).`,
    );
  }
  if (path.startsWith('@')) path = path.slice(1);
  if (path.startsWith('file://')) path = path.slice('file://'.length);
  if (path === '~' || path.startsWith('~/')) path = `.${path.slice(1)}`;
  const absolute = normalizePosix(path.startsWith('/') ? path : `${root}/${path}`);
  for (const name of absolute.split('/')) {
    if (new TextEncoder().encode(name).length > MAX_NAME_BYTES) {
      throw pathError(
        'INVALID_PATH',
        `Path ${show(input)} has a name longer than ${MAX_NAME_BYTES} bytes. Use shorter names.`,
      );
    }
  }
  if (!roots.some((allowed) => isInside(allowed, absolute))) {
    throw pathError(
      'PATH_OUTSIDE_WORKSPACE',
      `Path ${show(input)} is outside the workspace (${root}). Use a path inside it, relative to the workspace root.`,
    );
  }
  return absolute;
}

/** Whether `path` is `dir` itself or below it. Both absolute and normalized. */
export function isInside(dir: string, path: string): boolean {
  return path === dir || path.startsWith(dir === '/' ? '/' : `${dir}/`);
}

/** POSIX normalisation of an absolute path: `.` and empty segments dropped, `..` applied, never above `/`. */
export function normalizePosix(path: string): string {
  const parts: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') parts.pop();
    else parts.push(segment);
  }
  return `/${parts.join('/')}`;
}

/** The parent directory of an absolute, normalized path. */
export function parentOf(path: string): string {
  const index = path.lastIndexOf('/');
  return index <= 0 ? '/' : path.slice(0, index);
}

async function resolveSymlinks(
  workspace: Workspace,
  input: string,
  lexical: string,
  roots: readonly string[],
): Promise<string> {
  const lstat = workspace.lstat?.bind(workspace);
  const readlink = workspace.readlink?.bind(workspace);
  if (!lstat || !readlink) return lexical;
  let pending = lexical.split('/').filter(Boolean);
  let resolved = '';
  let hops = 0;
  while (pending.length > 0) {
    const [name, ...rest] = pending;
    pending = rest;
    const candidate = `${resolved}/${name}`;
    let type: EntryType;
    try {
      type = (await lstat(candidate)).type;
    } catch (error) {
      if (error instanceof WorkspaceError && (error.code === 'ENOENT' || error.code === 'ENOTDIR')) {
        // Nothing exists from here on: the rest of the path is lexical, and already checked.
        return normalizePosix([candidate, ...pending].join('/'));
      }
      throw error;
    }
    if (type !== 'symlink') {
      resolved = candidate;
      continue;
    }
    hops += 1;
    if (hops > MAX_SYMLINK_HOPS) {
      throw pathError(
        'INVALID_PATH',
        `Path ${show(input)} has too many levels of symbolic links (a loop?). Fix or remove the links.`,
      );
    }
    const target = await readlink(candidate);
    const absoluteTarget = normalizePosix(target.startsWith('/') ? target : `${resolved}/${target}`);
    if (!roots.some((allowed) => isInside(allowed, absoluteTarget))) {
      throw pathError(
        'PATH_OUTSIDE_WORKSPACE',
        `Path ${show(input)} goes through the symlink ${show(candidate)}, whose target (${target}) is outside the workspace. Use a path inside the workspace.`,
      );
    }
    pending = [...absoluteTarget.split('/').filter(Boolean), ...pending];
    resolved = '';
  }
  return resolved === '' ? '/' : resolved;
}

function pathError(code: string, message: string): ToolError {
  return new ToolError(message, { code });
}
