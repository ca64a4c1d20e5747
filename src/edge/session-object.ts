/**
 * MCP sessions on Cloudflare Durable Objects: one object per session (its ID is the `Mcp-Session-Id`),
 * holding the session's suite, with the workspace's files and the activated tools in the object's
 * SQLite storage. An object evicted from memory (or moved to another machine) is re-created on the
 * session's next request: it rebuilds the suite, re-activates the tools, restores the files, and
 * replays the session's `initialize` to its new protocol server, so the client notices nothing.
 * A session without requests for `idleTimeoutMs` is deleted by the object's alarm, storage included.
 *
 * `createFetchHandler({ sessionObjects })` (fetch-handler.ts) routes requests here. Imports the
 * package root entry, the SDK, the edge room and the embedded workspace's persistence.
 */

import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { createToolSuite, type ToolSession, type ToolSuite, type Workspace } from '../index.ts';
import { joinBytes } from '../shared/index.ts';
import { askCounterShard, serveCounterShard } from './counter-shard.ts';
import {
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_SERVER_INFO,
  DEFAULT_WORKSPACE_BYTES,
  type SessionObjectNamespace,
  type SuiteContext,
} from './defaults.ts';
import { createSqlEventStore } from './event-store.ts';
import { createSessionServer, type ServerInfo } from './mcp-server.ts';
import { jsonRpcError, sessionNotFound } from './responses.ts';
import {
  createResumableSession,
  DEFAULT_RESUME_GRACE_MS,
  type ResumableSession,
} from './resumable-session.ts';
import {
  COUNTER_HEADER,
  COUNTER_SHARD_HEADER,
  OPEN_HEADER,
  SESSION_OBJECT_HEADER,
} from './session-object-header.ts';
import type { SessionObjectState, SessionObjectStorage } from './session-object-storage.ts';

/** Options of {@link createSessionObjectClass}. */
export interface SessionObjectOptions {
  /** Creates the session's suite, as `createFetchHandler`'s option. Default: the built-ins and tool_search. */
  createSuite?: (context: SuiteContext) => ToolSuite;
  /** The most the session's workspace (and so its stored files) may hold. Default: 16 MiB. */
  workspaceBytes?: number;
  /** Milliseconds without a request after which the session and its storage are deleted. Default: 15 minutes. */
  idleTimeoutMs?: number;
  /** Reported in `initialize`. Default: the package's name and version. */
  serverInfo?: ServerInfo;
  /**
   * The name of the worker's binding of this class's namespace. A session counted against the
   * handler's `maxSessions` tells its counter shard through it when it ends (on `DELETE` or by its
   * alarm). Default: `'MCP_SESSIONS'`.
   */
  sessionsBinding?: string;
  /**
   * Milliseconds a client whose response stream broke mid-call has to resume it (`GET` with
   * `Last-Event-ID`) before the calls on that stream are cancelled. Default: 30 seconds.
   */
  resumeGraceMs?: number;
}

/** A Durable Object class, as Cloudflare instantiates it. */
export type SessionObjectClass = new (
  state: SessionObjectState,
  env?: Record<string, unknown>,
) => { fetch(request: Request): Promise<Response>; alarm(): Promise<void> };

/** How long after a failed release to its counter shard an ended session tries again. */
const RELEASE_RETRY_MS = 60_000;

/** Bytes per stored row: SQLite-backed Durable Objects take at most 2 MB per value. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * The workspace's stored bytes as rows of the object's SQLite database, in order: a whole tree, then
 * the records of what each later save changed, appended. Writing replaces every row and appending adds
 * rows after the last, each in one transaction, so a failed save leaves the previous bytes whole.
 */
// Shaped as the embedded workspace's `WorkspaceStorage` (the edge room imports that room lazily only).
function sqlWorkspaceStorage(storage: SessionObjectStorage) {
  const insertChunks = (bytes: Uint8Array, first: number): void => {
    for (let start = 0, chunk = first; start < bytes.length; start += CHUNK_BYTES, chunk += 1) {
      storage.sql.exec(
        'INSERT INTO workspace_chunks (chunk, data) VALUES (?, ?)',
        chunk,
        bytes.slice(start, start + CHUNK_BYTES).buffer,
      );
    }
  };
  return {
    label: "the session's Durable Object storage",
    async read() {
      const rows = storage.sql.exec('SELECT data FROM workspace_chunks ORDER BY chunk').toArray();
      if (rows.length === 0) return undefined;
      return joinBytes(rows.map((row) => new Uint8Array(row.data as ArrayBuffer)));
    },
    async write(_key: string, bytes: Uint8Array) {
      storage.transactionSync(() => {
        storage.sql.exec('DELETE FROM workspace_chunks');
        insertChunks(bytes, 0);
      });
    },
    // A save that changed one file adds that file's record, not the whole tree again.
    async append(_key: string, bytes: Uint8Array) {
      storage.transactionSync(() => {
        const [last] = storage.sql.exec('SELECT MAX(chunk) AS last FROM workspace_chunks').toArray();
        insertChunks(bytes, typeof last?.last === 'number' ? last.last + 1 : 0);
      });
    },
    async remove() {
      storage.sql.exec('DELETE FROM workspace_chunks');
    },
  };
}

/** The session as it lives in the object's memory. */
interface LiveSession {
  transport: ResumableSession;
  server: Server;
}

/** What the object keeps besides the files: the `initialize` to replay, the activated tools, its shard. */
interface SessionRecord {
  initialize: unknown;
  activeTools: string[];
  /** The counter shard that counted the session, when the deployment has a cap. */
  shard?: string;
  /** The session's ID, as its counter shard knows it. */
  id?: string;
}

/** The settings of a session object class, defaults applied. */
interface SessionObjectSettings {
  createSuite: (context: SuiteContext) => ToolSuite;
  workspaceBytes: number;
  idleTimeoutMs: number;
  serverInfo: ServerInfo;
  sessionsBinding: string;
  resumeGraceMs: number;
}

/** One session's object; {@link createSessionObjectClass} binds its settings. */
class SessionObject {
  readonly #settings: SessionObjectSettings;

  readonly #storage: SessionObjectStorage;
  readonly #namespace: SessionObjectNamespace | undefined;
  #live: Promise<LiveSession> | undefined;

  constructor(state: SessionObjectState, env: Record<string, unknown>, settings: SessionObjectSettings) {
    this.#settings = settings;
    this.#storage = state.storage;
    this.#namespace = env[settings.sessionsBinding] as SessionObjectNamespace | undefined;
  }

  /** Created when a session opens, never before: an object asked about an unknown ID stores nothing. */
  #createTables(): void {
    this.#storage.sql.exec(
      'CREATE TABLE IF NOT EXISTS workspace_chunks (chunk INTEGER PRIMARY KEY, data BLOB NOT NULL)',
    );
    this.#storage.sql.exec('CREATE TABLE IF NOT EXISTS session (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  }

  /**
   * Serves what the router sends (session-routing.ts deletes every internal header from a client's
   * request, so these are the router's own): a counter shard's action, a new session's `initialize`
   * (marked with the open header), or a request of the session this object holds. Anything else names
   * a session that is gone or never was, and gets 404 without a write.
   */
  async fetch(request: Request): Promise<Response> {
    const counterAction = request.headers.get(COUNTER_HEADER);
    if (counterAction !== null) {
      return Response.json(serveCounterShard(this.#storage, counterAction, await request.json()));
    }
    const id = request.headers.get(SESSION_OBJECT_HEADER);
    if (id === null)
      return jsonRpcError(400, -32000, 'Bad Request: this object serves routed MCP sessions only.');
    const record = this.#record();
    if (record === undefined && !this.#live) {
      if (request.headers.get(OPEN_HEADER) === null) {
        return jsonRpcError(404, -32001, sessionNotFound(this.#settings.idleTimeoutMs));
      }
      return this.#open(id, request);
    }
    await this.#storage.setAlarm(Date.now() + this.#settings.idleTimeoutMs);
    this.#live ??= this.#revive(id, record as SessionRecord);
    const live = await this.#live;
    const response = await live.transport.handle(request);
    if (request.method === 'DELETE' && response.ok) await this.#forget();
    return response;
  }

  /**
   * The session ended by its idle timeout: everything it stored goes, and its counter shard is told.
   * An alarm of a session already gone retries a release that failed.
   */
  async alarm(): Promise<void> {
    if (this.#record() === undefined && this.#pendingRelease() !== undefined) {
      await this.#release(this.#pendingRelease());
      return;
    }
    await this.#forget();
  }

  /**
   * Ends the session: closes its server, deletes its storage, and uncounts it in its counter shard.
   * A release that fails is kept (one row) and retried by the alarm, so the cap never leaks places.
   */
  async #forget(): Promise<void> {
    const { shard, id } = this.#record() ?? {};
    const live = this.#live;
    this.#live = undefined;
    await (await live?.catch(() => undefined))?.server.close().catch(() => undefined);
    await this.#storage.deleteAll();
    if (shard !== undefined && id !== undefined) await this.#release({ shard, id });
  }

  /** Tells the shard the session ended; on failure, stores the release and sets the alarm to retry. */
  async #release(pending: { shard: string; id: string } | undefined): Promise<void> {
    if (pending === undefined) return;
    try {
      if (this.#namespace === undefined) throw new Error(`no ${this.#settings.sessionsBinding} binding`);
      await askCounterShard(this.#namespace, pending.shard, 'release', { id: pending.id });
      await this.#storage.deleteAll();
    } catch {
      const sql = this.#storage.sql;
      sql.exec('CREATE TABLE IF NOT EXISTS pending_release (shard TEXT NOT NULL, id TEXT NOT NULL)');
      sql.exec('DELETE FROM pending_release');
      sql.exec('INSERT INTO pending_release (shard, id) VALUES (?, ?)', pending.shard, pending.id);
      await this.#storage.setAlarm(Date.now() + RELEASE_RETRY_MS);
    }
  }

  /** A release that failed before, or `undefined`. */
  #pendingRelease(): { shard: string; id: string } | undefined {
    const sql = this.#storage.sql;
    const tables = sql.exec(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'pending_release'",
    );
    if (tables.toArray().length === 0) return undefined;
    const [row] = sql.exec('SELECT shard, id FROM pending_release').toArray();
    return row === undefined ? undefined : { shard: String(row.shard), id: String(row.id) };
  }

  /** The stored session, or `undefined` when this object holds none (read without creating a table). */
  #record(): SessionRecord | undefined {
    const sql = this.#storage.sql;
    const tables = sql.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'session'");
    if (tables.toArray().length === 0) return undefined;
    const [row] = sql.exec("SELECT value FROM session WHERE key = 'record'").toArray();
    return row === undefined ? undefined : (JSON.parse(String(row.value)) as SessionRecord);
  }

  #save(record: SessionRecord): void {
    this.#storage.sql.exec(
      "INSERT OR REPLACE INTO session (key, value) VALUES ('record', ?)",
      JSON.stringify(record),
    );
  }

  /** A new session: only an `initialize` opens one; anything else names a session that is gone. */
  async #open(id: string, request: Request): Promise<Response> {
    const text = await request.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return jsonRpcError(400, -32700, 'Parse error: Invalid JSON');
    }
    if (request.method !== 'POST' || !isInitializeRequest(body)) {
      return jsonRpcError(404, -32001, sessionNotFound(this.#settings.idleTimeoutMs));
    }
    const live = this.#start(id, []);
    this.#live = live;
    const response = await (await live).transport.handle(request, body);
    if (response.headers.get('mcp-session-id') === id) {
      this.#createTables();
      const shard = request.headers.get(COUNTER_SHARD_HEADER);
      this.#save({ initialize: body, activeTools: [], id, ...(shard === null ? {} : { shard }) });
      await this.#storage.setAlarm(Date.now() + this.#settings.idleTimeoutMs);
    } else {
      // The SDK refused the initialize: whatever its transport stored (an event) must not stay behind.
      this.#live = undefined;
      await this.#storage.deleteAll();
    }
    return response;
  }

  /** The session after an eviction: same suite, same tools, same files, same protocol state. */
  async #revive(id: string, record: SessionRecord): Promise<LiveSession> {
    const live = await this.#start(id, record.activeTools);
    const replay = await live.transport.transport.handleRequest(
      new Request('https://session.internal/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify(record.initialize),
      }),
    );
    await replay.text();
    return live;
  }

  async #start(id: string, activeTools: readonly string[]): Promise<LiveSession> {
    const { createSuite, workspaceBytes, serverInfo } = this.#settings;
    let workspace: Promise<Workspace> | undefined;
    const storage = sqlWorkspaceStorage(this.#storage);
    const storeFailure: { message: string | undefined } = { message: undefined };
    const context: SuiteContext = {
      workspaceBytes,
      workspace: () => {
        workspace ??= import('../workspace/just-bash/just-bash-workspace.ts').then(
          ({ createJustBashWorkspace }) =>
            createJustBashWorkspace({
              executionLimits: { maxFileSystemBytes: workspaceBytes },
              persist: {
                key: id,
                storage,
                locks: null,
                debounceMs: 60_000,
                onStatus: (status) => {
                  if (status.state === 'error') storeFailure.message = status.message;
                  else if (status.state === 'saved') storeFailure.message = undefined;
                },
              },
            }),
        );
        return workspace;
      },
    };
    const suite = createSuite(context);
    const session: ToolSession = suite.createSession({ id });
    session.activate(activeTools);
    // Events in the object's storage: a client resumes its stream even after the object was evicted.
    const transport = createResumableSession({
      sessionId: id,
      eventStore: createSqlEventStore(this.#storage),
      resumeGraceMs: this.#settings.resumeGraceMs,
    });
    const server = createSessionServer(suite, session, {
      serverInfo,
      onCallStart: () => undefined,
      // Stored before the result is sent: a client that saw a result finds it after an eviction.
      onCallEnd: async () => {
        const record = this.#record();
        if (record) this.#save({ ...record, activeTools: session.activeTools() });
        if (!workspace) return undefined;
        const { flushPersistedWorkspace } = await import('../workspace/just-bash/persistence.ts');
        await flushPersistedWorkspace(await workspace);
        // The persistence layer reports a failed save instead of throwing: the call must fail with it.
        return storeFailure.message;
      },
    });
    await server.connect(transport.transport);
    return { transport, server };
  }
}

/**
 * A Durable Object class serving one MCP session per object. Export it from the worker under the name
 * the `wrangler.toml` binding gives (`McpSessionObject` in the ready-made worker), and give
 * `createFetchHandler` the binding as `sessionObjects`.
 */
export function createSessionObjectClass(options: SessionObjectOptions = {}): SessionObjectClass {
  const settings: SessionObjectSettings = {
    createSuite: options.createSuite ?? ((context) => createToolSuite({ workspace: context.workspace })),
    workspaceBytes: options.workspaceBytes ?? DEFAULT_WORKSPACE_BYTES,
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    serverInfo: options.serverInfo ?? { ...DEFAULT_SERVER_INFO },
    sessionsBinding: options.sessionsBinding ?? 'MCP_SESSIONS',
    resumeGraceMs: options.resumeGraceMs ?? DEFAULT_RESUME_GRACE_MS,
  };
  return class McpSessionObject extends SessionObject {
    constructor(state: SessionObjectState, env: Record<string, unknown> = {}) {
      super(state, env, settings);
    }
  };
}

/** The session object with the default suite (the seven built-ins and tool_search). */
export const McpSessionObject: SessionObjectClass = createSessionObjectClass();
