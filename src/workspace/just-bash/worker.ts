/**
 * Entry of the embedded workspace's dedicated Web Worker (spawned by `createJustBashWorkerWorkspace`):
 * creates a `createJustBashWorkspace(...)` on the first `init` message and serves Workspace calls over
 * `postMessage`, transferring file bytes. Imports just-bash-workspace.ts and workspace.ts only.
 */
import type { ExecOptions, Workspace } from '../workspace.ts';
import { createJustBashWorkspace, type JustBashWorkspaceOptions } from './just-bash-workspace.ts';
import { flushPersistedWorkspace } from './persistence.ts';
import type { SerializedError, WorkerRequest, WorkerResponse, WorkspaceMethod } from './worker-workspace.ts';

/** The side of a message channel the Worker talks through: its global scope, or a port in tests. */
export interface WorkerEndpoint {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** Serializes what a backend threw, keeping a `WorkspaceError`'s code and path. */
export function serializeError(error: unknown): SerializedError {
  if (error instanceof Error) {
    const { code, path, limitBytes } = error as Error & {
      code?: unknown;
      path?: unknown;
      limitBytes?: unknown;
    };
    return {
      name: error.name,
      message: error.message,
      ...(typeof code === 'string' ? { code } : {}),
      ...(typeof path === 'string' ? { path } : {}),
      ...(typeof limitBytes === 'number' ? { limitBytes } : {}),
    };
  }
  return { name: 'Error', message: String(error) };
}

/** What the Worker keeps between messages: its one workspace and the commands still running. */
interface Server {
  /** Created by the first `init`; later `init`s are ignored. */
  workspace: Promise<Workspace> | undefined;
  /** The abort controller of each running `exec`, by call id, for `cancel`. */
  readonly running: Map<number, AbortController>;
  reply(message: WorkerResponse, transfer?: Transferable[]): void;
}

/**
 * Serves one workspace on `endpoint`: `init` creates it (once), `call` runs a Workspace method and
 * answers with its value or its error, `cancel` aborts a running `exec`. Bytes read are copied and
 * transferred, so the backend's own buffers never leave the Worker.
 */
export function serveJustBashWorkspace(endpoint: WorkerEndpoint): void {
  const server: Server = {
    workspace: undefined,
    running: new Map(),
    reply: (message, transfer = []) => endpoint.postMessage(message, transfer),
  };
  endpoint.addEventListener('message', (event: MessageEvent) => {
    const request = event.data as WorkerRequest;
    if (request.type === 'init') initWorkspace(server, request.options);
    else if (request.type === 'cancel') server.running.get(request.id)?.abort();
    else serveCall(server, request);
  });
}

/** Creates the workspace and reports `ready` or `init_failed`; its persistence reports go to the page. */
function initWorkspace(server: Server, options: JustBashWorkspaceOptions): void {
  if (server.workspace) return;
  const { persist } = options;
  const { reply } = server;
  const workspace = createJustBashWorkspace(
    persist
      ? { ...options, persist: { ...persist, onStatus: (status) => reply({ type: 'persist', status }) } }
      : options,
  );
  server.workspace = workspace;
  workspace.then(
    (created) => reply({ type: 'ready', root: created.root, spillDir: created.spillDir }),
    (error: unknown) => reply({ type: 'init_failed', error: serializeError(error) }),
  );
}

/** Runs one call once the workspace exists and answers it; bytes travel as a transferred copy. */
function serveCall(server: Server, request: Extract<WorkerRequest, { type: 'call' }>): void {
  const { id, method, args } = request;
  const { reply } = server;
  if (!server.workspace) {
    reply({ type: 'error', id, error: { name: 'Error', message: 'The workspace was not initialised.' } });
    return;
  }
  void server.workspace
    .then((created) => invoke(server, created, id, method, args))
    .then(
      (value) => {
        if (value instanceof Uint8Array) {
          const copy = value.slice();
          reply({ type: 'result', id, value: copy }, [copy.buffer]);
        } else {
          reply({ type: 'result', id, value });
        }
      },
      (error: unknown) => reply({ type: 'error', id, error: serializeError(error) }),
    )
    .finally(() => server.running.delete(id));
}

/** Calls `method` of the workspace with the arguments as they crossed; optional methods have fallbacks. */
function invoke(
  server: Server,
  created: Workspace,
  id: number,
  method: WorkspaceMethod,
  args: unknown[],
): Promise<unknown> {
  const [first, second, third] = args;
  const path = String(first);
  switch (method) {
    case 'readFile':
      return created.readFile(path);
    case 'readFileRange':
      return created.readFileRange
        ? created.readFileRange(path, Number(second), Number(third))
        : created.readFile(path).then((bytes) => bytes.subarray(Number(second), Number(third)));
    case 'listTree':
      return created.listTree
        ? created.listTree(path, second as { skip?: readonly string[] } | undefined)
        : Promise.reject(new Error('listTree is not supported.'));
    case 'restoreSnapshot':
      return created.restoreSnapshot
        ? created.restoreSnapshot()
        : Promise.reject(new Error('restoreSnapshot is not supported.'));
    case 'writeFile':
      return created.writeFile(path, second as Uint8Array | string);
    case 'mkdir':
      return created.mkdir(path, second as { recursive?: boolean } | undefined);
    case 'readdir':
      return created.readdir(path);
    case 'stat':
      return created.stat(path);
    case 'lstat':
      return created.lstat ? created.lstat(path) : created.stat(path);
    case 'readlink':
      return created.readlink
        ? created.readlink(path)
        : Promise.reject(new Error('readlink is not supported.'));
    case 'rm':
      return created.rm(path, second as { recursive?: boolean; force?: boolean } | undefined);
    case 'rename':
      return created.rename(path, String(second));
    case 'flush':
      return flushPersistedWorkspace(created);
    case 'exec': {
      // Registered for `cancel` before it starts; removed when its answer is sent.
      const controller = new AbortController();
      server.running.set(id, controller);
      const options = (second ?? {}) as Omit<ExecOptions, 'signal'>;
      return created.exec(path, { ...options, signal: controller.signal });
    }
    default:
      return Promise.reject(new Error(`Unknown workspace method ${JSON.stringify(method)}.`));
  }
}

// In a Worker, serve on the global scope. Imported anywhere else (a test), do nothing.
if ('WorkerGlobalScope' in globalThis) serveJustBashWorkspace(globalThis as unknown as WorkerEndpoint);
