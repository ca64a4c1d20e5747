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
 *   size by reading the whole file: a `stat` costs one directory listing, plus one full read for a
 *   file. There is no `mtimeMs`.
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
 *   `code` when present, else from the message (`ENOENT: no such file or directory, open '…'`).
 * - exec. Each call spawns its own `jsh -c <command>` (jsh has no grep, find, sed or sleep; Node and
 *   npm are there); the exit code is the process's `exit` promise, never text in the output (a forged
 *   OSC 654 exit marker changes nothing). The PTY output stream (stdout and stderr of the process and
 *   its children, merged) is read to its end even after exit or kill, its tail kept within a byte
 *   bound, then stripped of escape sequences. On timeout or abort the process is killed and the exit
 *   code is 124, as on the embedded backend; if its `exit` does not settle within a grace period, the
 *   output says the runtime may need a restart instead of the call hanging.
 */
import type { FileSystemAPI, SpawnOptions, WebContainer, WebContainerProcess } from '@webcontainer/api';
import { UsageError } from '../../core/index.ts';
import {
  type DirEntry,
  type EntryType,
  type ExecOptions,
  type ExecResult,
  type FileStat,
  isInside,
  isWorkspaceErrorCode,
  normalizePosix,
  parentOf,
  WORKSPACE_ERROR_CODES,
  type Workspace,
  WorkspaceError,
} from '../workspace.ts';
import { OutputTail, stripTerminalOutput } from './terminal-output.ts';

/**
 * The `wc.fs` calls this adapter makes: a `Pick` of the package's own `FileSystemAPI`, so a change of
 * the API breaks the build, and a stand-in can implement exactly this.
 */
export type WebContainerFileSystem = Pick<
  FileSystemAPI,
  'readFile' | 'writeFile' | 'readdir' | 'mkdir' | 'rm' | 'rename'
>;

/** The members of a booted `WebContainer` this adapter uses (a real `WebContainer` is one). */
export type WebContainerLike = Pick<WebContainer, 'spawn' | 'workdir'> & {
  readonly fs: WebContainerFileSystem;
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
  /** Environment variables for every command. Default: none (the container's own). */
  env?: Record<string, string>;
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
/** The shell each command runs in. WebContainer's jsh: no grep, find, sed or sleep of its own. */
const SHELL = 'jsh';
/** Exit code reported after a timeout or an abort, whatever the killed process returned (as just-bash does). */
const EXIT_STOPPED = 124;
/** setTimeout's largest delay; longer ones fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Creates a Workspace over a booted WebContainer. Resolves once the spill directory exists. The
 * WebContainer stays the caller's: `dispose()` kills the commands still running, nothing more.
 * Throws `UsageError` for a bad option; rejects with a `WorkspaceError` when the spill directory
 * cannot be created.
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
  const root = normalizePosix(webcontainer.workdir);
  const spillDir = `${root === '/' ? '' : root}/${spillDirName}`;
  const fs = webcontainer.fs;
  const running = new Set<Promise<WebContainerProcess>>();

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

  const list = (path: string): Promise<DirEntry[]> =>
    call(path, async (relative) =>
      (await fs.readdir(relative, { withFileTypes: true })).map(
        (entry): DirEntry => ({ name: entry.name, type: typeOf(entry) }),
      ),
    );

  const stat = async (path: string): Promise<FileStat> => {
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
    if (entry.type === 'file') return { type: 'file', size: (await workspace.readFile(path)).length };
    // Neither in the listing (a symlink, say): `wc.fs` follows links, so ask what the path opens as.
    const asDirectory = await list(path).then(
      () => true,
      () => false,
    );
    if (asDirectory) return { type: 'directory', size: 0 };
    try {
      return { type: 'file', size: (await workspace.readFile(path)).length };
    } catch (error) {
      // A dangling link: stat follows links, so the path does not exist.
      if (error instanceof WorkspaceError && error.code === 'ENOENT') throw error;
      return { type: 'other', size: 0 };
    }
  };

  const workspace: Workspace = {
    backend: 'webcontainer',
    root,
    spillDir,
    readFile: (path) => call(path, (relative) => fs.readFile(relative)),
    writeFile: (path, data) => call(path, (relative) => fs.writeFile(relative, data)),
    mkdir: (path, mkdirOptions) =>
      call(path, async (relative) => {
        if (mkdirOptions?.recursive === true) await fs.mkdir(relative, { recursive: true });
        else await fs.mkdir(relative);
      }),
    async readdir(path) {
      const entries = await list(path);
      return normalizePosix(path) === root ? entries.filter((entry) => entry.name !== spillDirName) : entries;
    },
    stat,
    rm: (path, rmOptions) =>
      call(path, (relative) =>
        fs.rm(relative, { recursive: rmOptions?.recursive === true, force: rmOptions?.force === true }),
      ),
    rename: (from, to) => call(from, async (relative) => fs.rename(relative, local(to))),
    // async: a cwd outside the workdir must reject, not throw synchronously.
    exec: async (command, execOptions = {}) =>
      runCommand(
        {
          webcontainer,
          running,
          cwd: execOptions.cwd === undefined ? undefined : local(execOptions.cwd),
          maxOutputBytes: options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES,
          graceMs: options.graceMs ?? DEFAULT_GRACE_MS,
          env: options.env,
          onProcessStuck: options.onProcessStuck,
        },
        command,
        {
          ...execOptions,
          timeoutMs: execOptions.timeoutMs ?? options.defaultTimeoutMs ?? DEFAULT_EXEC_TIMEOUT_MS,
        },
      ),
    async dispose() {
      // A command still being started is killed as soon as it starts.
      for (const starting of running)
        starting.then(
          (child) => child.kill(),
          () => undefined,
        );
      running.clear();
    },
  };

  await call(spillDir, (relative) => fs.mkdir(relative, { recursive: true }));
  return workspace;
}

interface RunContext {
  webcontainer: WebContainerLike;
  /** Commands started and not known to be over, for `dispose`. */
  running: Set<Promise<WebContainerProcess>>;
  /** Relative to the workdir; undefined for the workdir itself. */
  cwd: string | undefined;
  maxOutputBytes: number;
  graceMs: number;
  env: Record<string, string> | undefined;
  onProcessStuck: ((command: string) => void) | undefined;
}

type Stop = 'timeout' | 'abort';

async function runCommand(context: RunContext, command: string, options: ExecOptions): Promise<ExecResult> {
  const { signal } = options;
  if (signal?.aborted) return stopped('', 'abort', 0);

  let onAbort: (() => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = new Promise<Stop>((resolve) => {
    onAbort = () => resolve('abort');
    signal?.addEventListener('abort', onAbort, { once: true });
    const timeoutMs = options.timeoutMs;
    if (timeoutMs !== undefined && Number.isFinite(timeoutMs)) {
      timer = setTimeout(() => resolve('timeout'), Math.min(Math.max(0, timeoutMs), MAX_TIMER_MS));
    }
  });
  const cleanUp = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  };

  const spawnOptions: SpawnOptions = { output: true };
  if (context.cwd !== undefined) spawnOptions.cwd = context.cwd;
  if (context.env !== undefined) spawnOptions.env = context.env;
  const spawning = (async () => {
    try {
      return await context.webcontainer.spawn(SHELL, ['-c', command], spawnOptions);
    } catch (error) {
      throw lost('could not start the command', error, context.cwd);
    }
  })();
  context.running.add(spawning);
  /** A killed process that did not exit stays in `running`, so `dispose` kills it again. */
  let stuck = false;

  try {
    const first = await Promise.race([
      spawning.then((child) => ({ kind: 'spawned' as const, child })),
      stop.then((kind) => ({ kind })),
    ]);
    if (first.kind !== 'spawned') {
      // The container did not even start the command in time: stop it if it ever starts.
      spawning.then(
        (child) => {
          child.kill();
          drain(child.output, undefined);
        },
        () => undefined,
      );
      if (first.kind === 'abort') return stopped('', 'abort', 0);
      context.onProcessStuck?.(command);
      return stopped(notStartedNotice(options.timeoutMs), 'timeout', 0);
    }

    const child = first.child;
    const tail = new OutputTail(context.maxOutputBytes);
    const reading = drain(child.output, tail);
    const outcome = await Promise.race([
      child.exit.then(
        (code) => ({ kind: 'exit' as const, code }),
        (error: unknown) => ({ kind: 'lost' as const, error }),
      ),
      stop.then((kind) => ({ kind })),
    ]);
    if (outcome.kind === 'lost') {
      reading.detach();
      throw lost('lost the process of the command', outcome.error, context.cwd);
    }

    if (outcome.kind === 'exit') {
      // Output may still be arriving after exit; a background child may hold the stream open.
      await withinGrace(reading.done, context.graceMs);
      reading.detach();
      return {
        output: stripTerminalOutput(tail.text()),
        exitCode: outcome.code,
        timedOut: false,
        aborted: false,
        droppedBytes: tail.droppedBytes,
      };
    }

    child.kill();
    const exited = await withinGrace(child.exit, context.graceMs);
    if (exited.settled) await withinGrace(reading.done, context.graceMs);
    reading.detach();
    let output = stripTerminalOutput(tail.text());
    if (!exited.settled) {
      stuck = true;
      context.onProcessStuck?.(command);
      output = `${output}${output === '' || output.endsWith('\n') ? '' : '\n'}${stuckNotice(context.graceMs)}`;
    }
    return stopped(output, outcome.kind, tail.droppedBytes);
  } finally {
    cleanUp();
    if (!stuck) context.running.delete(spawning);
  }
}

function stopped(output: string, kind: Stop, droppedBytes: number): ExecResult {
  return {
    output,
    exitCode: EXIT_STOPPED,
    timedOut: kind === 'timeout',
    aborted: kind === 'abort',
    droppedBytes,
  };
}

/** A stream being read to its end. `detach()` stops keeping chunks; the reading goes on, discarding. */
interface Reading {
  done: Promise<void>;
  detach(): void;
}

/**
 * Reads `output` until it ends, appending to `tail` until detached. Reading never stops early, so
 * the container never buffers output nobody reads. Never rejects.
 */
function drain(output: ReadableStream<string>, tail: OutputTail | undefined): Reading {
  let keep = tail;
  const reader = output.getReader();
  const done = (async () => {
    try {
      for (;;) {
        const { done: ended, value } = await reader.read();
        if (ended) return;
        keep?.push(value);
      }
    } catch {
      // A stream that errors has ended: what was read is what there is.
    } finally {
      reader.releaseLock();
    }
  })();
  return {
    done,
    detach: () => {
      keep = undefined;
    },
  };
}

/** Waits for `promise` at most `ms` milliseconds. Never rejects: a rejection counts as settled. */
async function withinGrace<T>(promise: Promise<T>, ms: number): Promise<{ settled: boolean }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<{ settled: boolean }>((resolve) => {
    timer = setTimeout(() => resolve({ settled: false }), Math.min(Math.max(0, ms), MAX_TIMER_MS));
  });
  try {
    return await Promise.race([
      promise.then(
        () => ({ settled: true }),
        () => ({ settled: true }),
      ),
      expired,
    ]);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

const seconds = (ms: number): string => {
  const value = Math.round(ms / 100) / 10;
  return `${value} ${value === 1 ? 'second' : 'seconds'}`;
};

/** Appended to the output when a killed process does not exit within the grace period. */
function stuckNotice(graceMs: number): string {
  return `[The command was killed, but its process did not exit within ${seconds(graceMs)} and may still be running. If later commands hang too, the WebContainer needs a restart: ask the user to reload the page.]`;
}

/** The output when the container did not start the command before its timeout or abort. */
function notStartedNotice(timeoutMs: number | undefined): string {
  const within = timeoutMs === undefined ? '' : ` within ${seconds(timeoutMs)}`;
  return `[The WebContainer did not start the command${within}. It may need a restart: ask the user to reload the page.]`;
}

/** The container failed us (not the command): a WorkspaceError the bash tool reports as such. */
function lost(what: string, error: unknown, cwd: string | undefined): WorkspaceError {
  return new WorkspaceError(
    'EIO',
    cwd ?? '.',
    `The WebContainer ${what}: ${error instanceof Error ? error.message : String(error)}`,
  );
}

function typeOf(entry: { isFile(): boolean; isDirectory(): boolean }): EntryType {
  if (entry.isDirectory()) return 'directory';
  if (entry.isFile()) return 'file';
  return 'other';
}

/**
 * WebContainer's fs errors arrive through a message channel that keeps only the message (no `code`),
 * e.g. `ENOENT: no such file or directory, open '/home/projects/x/a.txt'`; Node-style `code`s, and
 * Node's `ERR_FS_EISDIR` for `rm` of a directory, are honoured when they do arrive.
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
  const fromMessage = WORKSPACE_ERROR_CODES.find((candidate) =>
    new RegExp(`\\b${candidate}\\b`).test(message),
  );
  return new WorkspaceError(fromCode ?? fromMessage ?? 'EIO', path, message);
}
