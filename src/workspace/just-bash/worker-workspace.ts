/**
 * The embedded backend in a dedicated Web Worker: `createJustBashWorkerWorkspace()` spawns
 * `./worker.ts`, which runs `createJustBashWorkspace()` there, and returns a `Workspace` whose every
 * method is a `postMessage` round trip. No shell command can freeze the page: a command that does not
 * answer within its timeout plus a grace period (or after an abort plus the grace period) gets the
 * Worker terminated and restarted with the initial files, and its result says the workspace was reset.
 *
 * Imports workspace.ts only (and the options type of just-bash-workspace.ts, as a type): just-bash itself
 * is loaded by the Worker, never by the page.
 */
import {
  type DirEntry,
  type ExecOptions,
  type ExecResult,
  type FileStat,
  isWorkspaceErrorCode,
  type RestoredSnapshot,
  type Workspace,
  WorkspaceError,
  type WorkspaceErrorCode,
} from '../workspace.ts';
import type { JustBashWorkspaceOptions } from './just-bash-workspace.ts';
import type { PersistStatus } from './persistence.ts';

/** How long `dispose()` waits for the Worker to save a persisted workspace before terminating it. */
const DISPOSE_FLUSH_MS = 2_000;
/** Extra time a command gets after its timeout (or its abort) before the Worker is terminated. */
export const WORKER_GRACE_MS = 2_000;
/** Watchdog of a command run without `timeoutMs`: just-bash's wall clock limit in this workspace. */
const MAX_EXEC_MS = 600_000;
/** How long a new Worker may take to load just-bash and create the workspace. */
const DEFAULT_START_TIMEOUT_MS = 30_000;
/** Exit code of a command stopped by a reset (the seam's code for a timeout or an abort). */
const RESET_EXIT_CODE = 124;

/**
 * What the page needs of a Worker. `Worker` satisfies it; tests pass a stand-in. `transfer` holds the
 * file bytes' `ArrayBuffer`s; it says `object` where the DOM says `Transferable`, a name a project
 * without the DOM lib does not have.
 */
export interface WorkerLike {
  postMessage(message: unknown, transfer?: object[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: 'error', listener: (event: Event) => void): void;
  terminate(): void;
}

/** Options of {@link createJustBashWorkerWorkspace}: those of `createJustBashWorkspace`, plus the Worker's. */
export interface JustBashWorkerWorkspaceOptions extends JustBashWorkspaceOptions {
  /**
   * Milliseconds a command may run past its `timeoutMs` (or past an abort) before the Worker is
   * terminated and restarted. Default: `WORKER_GRACE_MS` (2,000).
   */
  graceMs?: number;
  /** Milliseconds a new Worker may take to report ready before creation fails. Default: 30,000. */
  startTimeoutMs?: number;
  /**
   * Called after the Worker was terminated and restarted, with the reason in words a user understands.
   * The workspace then holds `files` again: every change since creation is lost. Default: none.
   */
  onReset?: (reason: string) => void;
  /**
   * Creates the Worker. Default: a module Worker running `./worker.ts` (bundlers that understand
   * `new Worker(new URL(..., import.meta.url))`, such as Vite, emit it). For tests and custom hosting.
   */
  createWorker?: () => WorkerLike;
}

/** A call from the page to the Worker. */
export type WorkerRequest =
  | { type: 'init'; options: JustBashWorkspaceOptions }
  | { type: 'call'; id: number; method: WorkspaceMethod; args: unknown[] }
  | { type: 'cancel'; id: number };

/** An answer from the Worker. */
export type WorkerResponse =
  | { type: 'ready'; root: string; spillDir: string }
  | { type: 'init_failed'; error: SerializedError }
  | { type: 'result'; id: number; value: unknown }
  | { type: 'error'; id: number; error: SerializedError }
  | { type: 'persist'; status: PersistStatus };

/** An error as it crosses the Worker boundary. */
export interface SerializedError {
  name: string;
  message: string;
  code?: string;
  path?: string;
  limitBytes?: number;
}

/** The Workspace methods served by the Worker. */
export type WorkspaceMethod =
  | 'readFile'
  | 'readFileRange'
  | 'listTree'
  | 'restoreSnapshot'
  | 'writeFile'
  | 'mkdir'
  | 'readdir'
  | 'stat'
  | 'lstat'
  | 'readlink'
  | 'rm'
  | 'rename'
  | 'exec'
  | 'flush';

/** Turns an error from the Worker back into what the backend threw: a `WorkspaceError` keeps its code. */
function deserializeError(error: SerializedError): Error {
  if (error.name === 'WorkspaceError' && isWorkspaceErrorCode(error.code)) {
    return new WorkspaceError(
      error.code as WorkspaceErrorCode,
      error.path ?? '',
      error.message,
      error.limitBytes,
    );
  }
  const result = new Error(error.message);
  result.name = error.name;
  return result;
}

/** The words a reset puts in a command's output; also passed to `onReset`. */
export function resetNotice(cause: 'timeout' | 'abort' | 'crash', persisted = false): string {
  const why =
    cause === 'timeout'
      ? 'The command did not stop within its time limit'
      : cause === 'abort'
        ? 'The command did not stop after it was aborted'
        : 'The shell stopped responding';
  return `${why}, so the workspace was reset: its shell was restarted and ${afterReset(persisted)}`;
}

/** What a reset leaves: the initial files, or (persisted) the last save. */
function afterReset(persisted: boolean): string {
  return persisted
    ? 'the files are back to their last saved state. What the stopped command changed, and changes not saved yet, are lost.'
    : 'the files are back to their initial content. Changes made since the workspace started are lost.';
}

/**
 * What every other call in flight gets when a command's reset interrupts it: the reset was not its
 * doing, and it may simply be run again.
 */
function interruptedNotice(cause: 'timeout' | 'abort', persisted = false): string {
  const why =
    cause === 'timeout'
      ? 'Another command did not stop within its time limit'
      : 'Another command did not stop after it was aborted';
  return `${why}, so the workspace was reset while this call was running: its shell was restarted and ${afterReset(persisted)} Run this call again if it is still needed.`;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  /** What a reset does to this call instead of rejecting it (exec resolves with the notice). */
  onReset?(cause: ResetCause): void;
}

type ResetCause = 'timeout' | 'abort' | 'crash';

interface Connection {
  worker: WorkerLike;
  root: string;
  spillDir: string;
  pending: Map<number, Pending>;
  /** Set when the Worker was terminated; calls then go to the next connection. */
  closed: boolean;
}

/**
 * Creates the embedded workspace inside a dedicated Web Worker. Resolves when the Worker has created
 * the workspace (the root exists and holds `files`); rejects when it cannot start. Errors of the
 * backend come back as `WorkspaceError`s with the same code. An `exec` whose `signal` aborts sends the
 * Worker a cancel message. When a command has not answered `graceMs` after its `timeoutMs` (or after
 * its abort), or the Worker fails, the Worker is terminated and a new one starts with the initial
 * `files`: that command's result has `timedOut` (or `aborted`), exit code 124 and an output that says
 * the workspace was reset; other calls in flight (other commands included) reject with an `EIO`
 * `WorkspaceError` saying another command caused the reset; `onReset` is called. `dispose()` terminates the Worker; calls after it reject with `EIO`.
 */
export async function createJustBashWorkerWorkspace(
  options: JustBashWorkerWorkspaceOptions = {},
): Promise<Workspace> {
  const {
    graceMs = WORKER_GRACE_MS,
    startTimeoutMs = DEFAULT_START_TIMEOUT_MS,
    onReset,
    createWorker = spawnWorker,
    ...workspaceOptions
  } = options;
  const { onStatus, persistOptions } = splitPersist(workspaceOptions);
  const link = new WorkerLink({
    graceMs,
    startTimeoutMs,
    createWorker,
    workspaceOptions,
    ...(onReset ? { onReset } : {}),
    ...(onStatus ? { onStatus } : {}),
    ...(persistOptions ? { persistOptions } : {}),
  });
  const first = await link.current;
  const onPageHide = (): void => void link.flush();
  if (persistOptions) page.addEventListener?.('pagehide', onPageHide);
  return {
    backend: 'just-bash',
    root: first.root,
    spillDir: first.spillDir,
    ...proxiedFileOperations(link),
    exec: (command, execOptions) => link.exec(command, execOptions),
    restoreSnapshot: async () => (await link.send('restoreSnapshot', [])) as RestoredSnapshot,
    async dispose() {
      if (link.disposed) return;
      if (persistOptions) page.removeEventListener?.('pagehide', onPageHide);
      await link.dispose();
    },
  };
}

/** The page's `pagehide`, where there is a page: a persisted workspace saves before the tab goes. */
const page = globalThis as {
  addEventListener?: (type: string, listener: () => void) => void;
  removeEventListener?: (type: string, listener: () => void) => void;
};

/** The file operations of the seam, each one message to the Worker and its answer. */
function proxiedFileOperations(
  link: WorkerLink,
): Omit<Workspace, 'backend' | 'root' | 'spillDir' | 'exec' | 'restoreSnapshot' | 'dispose'> {
  const send = link.send.bind(link);
  return {
    readFile: async (path) => (await send('readFile', [path])) as Uint8Array,
    readFileRange: async (path, start, end) =>
      (await send('readFileRange', [path, start, end])) as Uint8Array,
    async writeFile(path, data) {
      if (typeof data === 'string') {
        await send('writeFile', [path, data]);
        return;
      }
      // A copy is transferred, so the caller's array stays usable.
      const copy = data.slice();
      await send('writeFile', [path, copy], [copy.buffer]);
    },
    async mkdir(path, mkdirOptions) {
      await send('mkdir', [path, mkdirOptions]);
    },
    readdir: async (path) => (await send('readdir', [path])) as DirEntry[],
    listTree: async (path, listOptions) =>
      (await send('listTree', [path, listOptions])) as Map<string, DirEntry[]>,
    stat: async (path) => (await send('stat', [path])) as FileStat,
    lstat: async (path) => (await send('lstat', [path])) as FileStat,
    readlink: async (path) => (await send('readlink', [path])) as string,
    async rm(path, rmOptions) {
      await send('rm', [path, rmOptions]);
    },
    async rename(from, to) {
      await send('rename', [from, to]);
    },
  };
}

/** The options of {@link createJustBashWorkerWorkspace} a {@link WorkerLink} works with. */
interface LinkSettings {
  graceMs: number;
  startTimeoutMs: number;
  createWorker: () => WorkerLike;
  /** What every Worker creates its workspace from (`persist` is replaced by `persistOptions`). */
  workspaceOptions: JustBashWorkspaceOptions;
  onReset?: (reason: string) => void;
  onStatus?: (status: PersistStatus) => void;
  persistOptions?: JustBashWorkspaceOptions['persist'];
}

/**
 * The page's side of the Worker: the current connection, the calls in flight on it, and the restart
 * that replaces a Worker whose command would not stop (or that crashed). Calls made while a Worker
 * restarts wait for the next one.
 */
class WorkerLink {
  readonly #settings: LinkSettings;
  #nextId = 0;
  /** Set once the first Worker was started: later Workers restore the last save instead of `files`. */
  #started = false;
  disposed = false;
  current: Promise<Connection>;

  constructor(settings: LinkSettings) {
    this.#settings = settings;
    this.current = this.#connect();
  }

  get #persisted(): boolean {
    return this.#settings.persistOptions !== undefined;
  }

  /** Starts a Worker and resolves once it reports its workspace ready. */
  #connect(): Promise<Connection> {
    const { createWorker, startTimeoutMs } = this.#settings;
    return new Promise<Connection>((resolve, reject) => {
      const worker = createWorker();
      const pending = new Map<number, Pending>();
      let connection: Connection | undefined;
      const fail = (error: Error): void => {
        clearTimeout(timer);
        worker.terminate();
        reject(error);
      };
      const timer = setTimeout(
        () => fail(new Error(`The embedded workspace did not start within ${startTimeoutMs} ms.`)),
        startTimeoutMs,
      );
      worker.addEventListener('message', (event: MessageEvent) => {
        const message = event.data as WorkerResponse;
        if (message.type === 'ready') {
          clearTimeout(timer);
          connection = { worker, root: message.root, spillDir: message.spillDir, pending, closed: false };
          resolve(connection);
        } else if (message.type === 'persist') this.#settings.onStatus?.(message.status);
        else if (message.type === 'init_failed') fail(deserializeError(message.error));
        else settleCall(pending, message);
      });
      worker.addEventListener('error', (event: Event) => {
        if (connection) {
          this.#restart(connection, 'crash');
          return;
        }
        const text = (event as { message?: unknown }).message;
        const detail = typeof text === 'string' && text !== '' ? `: ${text}` : '';
        fail(new Error(`The embedded workspace's Worker failed to start${detail}.`));
      });
      worker.postMessage(this.#initRequest());
    });
  }

  /** The `init` message of the next Worker. A restarted Worker restores the last save, never the initial files over it. */
  #initRequest(): WorkerRequest {
    const { persistOptions, workspaceOptions } = this.#settings;
    const persist = persistOptions && this.#started ? { ...persistOptions, restore: true } : persistOptions;
    this.#started = true;
    return { type: 'init', options: { ...workspaceOptions, ...(persist ? { persist } : {}) } };
  }

  /**
   * Terminates the Worker of `stale`, settles its calls and starts a new one. Once per Worker. The
   * command that did not stop (`culprit`) gets its result with the reset notice; every other call in
   * flight, commands included, fails with an `EIO` saying another command caused the reset. A crash
   * has no culprit: every command gets the crash notice.
   */
  #restart(stale: Connection, cause: ResetCause, culprit?: number): void {
    if (this.disposed || stale.closed) return;
    stale.closed = true;
    stale.worker.terminate();
    const notice = resetNotice(cause, this.#persisted);
    const calls = [...stale.pending.entries()];
    stale.pending.clear();
    this.current = this.#connect();
    this.current.catch(() => undefined);
    for (const [id, call] of calls) {
      if (call.onReset && (cause === 'crash' || id === culprit)) call.onReset(cause);
      else {
        const message =
          cause === 'crash' || id === culprit ? notice : interruptedNotice(cause, this.#persisted);
        call.reject(new WorkspaceError('EIO', '', message));
      }
    }
    this.#settings.onReset?.(notice);
  }

  /** The live connection; waits for a restarting Worker. */
  async #live(): Promise<Connection> {
    for (;;) {
      if (this.disposed) throw new WorkspaceError('EIO', '', 'The workspace was disposed.');
      const connection = await this.current;
      if (!connection.closed) return connection;
    }
  }

  /** One call to the Worker's workspace; `transfer` moves buffers instead of copying them. */
  async send(method: WorkspaceMethod, args: unknown[], transfer: ArrayBuffer[] = []): Promise<unknown> {
    const connection = await this.#live();
    const id = ++this.#nextId;
    return new Promise((resolve, reject) => {
      connection.pending.set(id, { resolve, reject });
      connection.worker.postMessage({ type: 'call', id, method, args } satisfies WorkerRequest, transfer);
    });
  }

  /**
   * Runs a command under a watchdog: an abort is passed on as a cancel message, and a command that has
   * not answered `graceMs` after its timeout (or its abort) gets the Worker restarted and a result
   * that says so.
   */
  async exec(command: string, execOptions: ExecOptions = {}): Promise<ExecResult> {
    const { signal, ...rest } = execOptions;
    const { graceMs } = this.#settings;
    const connection = await this.#live();
    const id = ++this.#nextId;
    return new Promise<ExecResult>((resolve, reject) => {
      let watchdog: ReturnType<typeof setTimeout> | undefined;
      const settle = (): void => {
        clearTimeout(watchdog);
        signal?.removeEventListener('abort', onAbort);
      };
      const arm = (ms: number, cause: ResetCause): void => {
        clearTimeout(watchdog);
        watchdog = setTimeout(() => this.#restart(connection, cause, id), ms);
      };
      const onAbort = (): void => {
        if (connection.closed) return;
        connection.worker.postMessage({ type: 'cancel', id } satisfies WorkerRequest);
        arm(graceMs, 'abort');
      };
      connection.pending.set(id, {
        resolve(value) {
          settle();
          resolve(value as ExecResult);
        },
        reject(error) {
          settle();
          reject(error);
        },
        onReset: (cause) => {
          settle();
          resolve(resetResult(cause, this.#persisted));
        },
      });
      arm((rest.timeoutMs ?? MAX_EXEC_MS) + graceMs, 'timeout');
      signal?.addEventListener('abort', onAbort, { once: true });
      const request: WorkerRequest = { type: 'call', id, method: 'exec', args: [command, rest] };
      connection.worker.postMessage(request);
      if (signal?.aborted) onAbort();
    });
  }

  /** Asks the Worker to save a persisted workspace now; a failure is the Worker's to report. */
  async flush(): Promise<void> {
    if (this.#persisted && !this.disposed) await this.send('flush', []).catch(() => undefined);
  }

  /** Saves (waiting at most `DISPOSE_FLUSH_MS`), terminates the Worker and fails the calls in flight. */
  async dispose(): Promise<void> {
    if (this.#persisted) {
      await Promise.race([this.flush(), new Promise((resolve) => setTimeout(resolve, DISPOSE_FLUSH_MS))]);
    }
    this.disposed = true;
    const connection = await this.current.catch(() => undefined);
    if (!connection) return;
    connection.closed = true;
    connection.worker.terminate();
    const calls = [...connection.pending.values()];
    connection.pending.clear();
    for (const call of calls) call.reject(new WorkspaceError('EIO', '', 'The workspace was disposed.'));
  }
}

/** Settles the call a `result` or `error` answer is for; an answer to a call already settled is dropped. */
function settleCall(
  pending: Map<number, Pending>,
  message: Extract<WorkerResponse, { type: 'result' | 'error' }>,
): void {
  const call = pending.get(message.id);
  if (!call) return;
  pending.delete(message.id);
  if (message.type === 'result') call.resolve(message.value);
  else call.reject(deserializeError(message.error));
}

/** The result of the command whose reset it was: stopped, with the notice as its output. */
function resetResult(cause: ResetCause, persisted: boolean): ExecResult {
  return {
    output: resetNotice(cause, persisted),
    exitCode: RESET_EXIT_CODE,
    timedOut: cause === 'timeout',
    aborted: cause === 'abort',
    droppedBytes: 0,
  };
}

/**
 * The `persist` option as it can cross into the Worker (plain data), and its `onStatus`, which stays
 * on the page and hears the Worker's reports. A storage or lock manager cannot cross: refused.
 */
function splitPersist(options: JustBashWorkspaceOptions): {
  onStatus?: (status: PersistStatus) => void;
  persistOptions?: JustBashWorkspaceOptions['persist'];
} {
  if (!options.persist) return {};
  const { onStatus, storage, locks, ...plain } = options.persist;
  if ((storage !== undefined && typeof storage !== 'string') || locks) {
    throw new Error(
      'persist.storage and persist.locks cannot be passed to the Worker workspace: its Worker keeps the workspace in the browser storage (OPFS or IndexedDB, or the one named by storage: "opfs" or "indexeddb") and locks it with navigator.locks. Use createJustBashWorkspace to inject them.',
    );
  }
  return { ...(onStatus ? { onStatus } : {}), persistOptions: storage ? { ...plain, storage } : plain };
}

function spawnWorker(): WorkerLike {
  return new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'just-bash workspace' });
}
