/**
 * `createFetchHandler`: the tool suite as an MCP server over Streamable HTTP, behind one standard fetch
 * handler (Cloudflare Workers, Deno, Bun, service workers, Node's `Request`/`Response`). This file is the
 * glue around `@modelcontextprotocol/sdk`'s web-standard transport: routing, the bearer token, MCP
 * sessions ↔ suite sessions, the idle timeout, the session cap and the workspace memory budget. Imports
 * the package root entry, the SDK and the edge room only (the embedded workspace is imported on demand);
 * no `node:*`, no timers (idle sessions are swept when requests arrive).
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { createToolSuite, type ToolSuite, UsageError, type Workspace } from '../index.ts';
import { createSessionServer, type ServerInfo } from './mcp-server.ts';
import { createObjectRouter } from './session-routing.ts';

/** A standard fetch handler. Contract: never rejects; every failure is an HTTP response. */
export type FetchHandler = (request: Request) => Promise<Response>;

/** Where the MCP endpoint lives unless `path` says otherwise. */
export const DEFAULT_MCP_PATH = '/mcp';
/** `Retry-After` of an `initialize` refused because every session is running a call. */
const BUSY_RETRY_SECONDS = 5;
/** Live MCP sessions at most, unless `maxSessions` says otherwise. */
export const DEFAULT_MAX_SESSIONS: number = 100;
/** A session without requests for this long (15 minutes) is dropped, unless `idleTimeoutMs` says otherwise. */
export const DEFAULT_IDLE_TIMEOUT_MS: number = 15 * 60_000;
/** What the server reports in `initialize`, unless `serverInfo` says otherwise. */
export const DEFAULT_SERVER_INFO: Readonly<ServerInfo> = { name: 'browser-agent-tools', version: '0.1.0' };
/** Largest request body read (4 MiB), the same bound the SDK's transport applies. */
export const MAX_REQUEST_BODY_BYTES: number = 4 * 1024 * 1024;
/** Bytes one session's workspace may hold (16 MiB), unless `workspaceBytes` says otherwise. */
export const DEFAULT_WORKSPACE_BYTES: number = 16 * 1024 * 1024;
/**
 * Bytes the workspaces of all live sessions may hold together (64 MiB), unless `workspaceBudgetBytes`
 * says otherwise: half of the 128 MB a Cloudflare Workers isolate gets, the rest being the code, the
 * sessions' other state and the copies a write makes while it runs.
 */
export const DEFAULT_WORKSPACE_BUDGET_BYTES: number = 64 * 1024 * 1024;

/** The part of a Durable Object namespace binding the routing uses (Cloudflare's `DurableObjectNamespace`). */
export interface SessionObjectNamespace {
  /** A fresh, unguessable object ID: every session's object gets one, and its string is the session ID. */
  newUniqueId(): { toString(): string };
  /** The ID a string names; throws for a string this namespace never issued (the ID carries a check). */
  idFromString(id: string): unknown;
  /** The ID of a named object: only the router's own registry object is reached this way. */
  idFromName(name: string): unknown;
  get(id: never): { fetch(request: Request): Promise<Response> };
}

/** What `createSuite` gets for the session it builds a suite for. */
export interface SuiteContext {
  /**
   * The most this session's workspace may hold, in bytes (`workspaceBytes`). It is reserved from
   * `workspaceBudgetBytes` for as long as the session lives.
   */
  readonly workspaceBytes: number;
  /**
   * Creates the session's embedded (just-bash) workspace, limited to `workspaceBytes`: pass it on as
   * `createToolSuite({ workspace })`. A write beyond the limit fails with an error naming it.
   */
  readonly workspace: () => Promise<Workspace>;
}

/** Options of {@link createFetchHandler}. */
export interface FetchHandlerOptions {
  /**
   * Creates the suite of one MCP session: catalog, exposure modes, policy, workspace. Called once per
   * session, on `initialize`, so every session has its own catalog state, its own activated tools and
   * its own workspace. Must return a fresh suite each time: a suite shared between sessions shares its
   * workspace. Give it `context.workspace` (`createToolSuite({ workspace: context.workspace })`) so its
   * workspace keeps to the size the memory budget reserved for it; a workspace of your own should keep
   * to `context.workspaceBytes`, or the budget does not bound it.
   * Default: `(context) => createToolSuite({ workspace: context.workspace })` (the seven built-ins and
   * tool_search, an embedded workspace of `workspaceBytes`).
   */
  createSuite?: (context: SuiteContext) => ToolSuite;
  /** Path of the MCP endpoint. Other paths get 404. Default: `'/mcp'` ({@link DEFAULT_MCP_PATH}). */
  path?: string;
  /**
   * The bearer token every request must carry (`Authorization: Bearer <token>`); a request without it,
   * or with another, gets 401. Compared in constant time. Only the characters a client can send in that
   * header (RFC 6750: letters, digits, `-._~+/`, then `=` padding) are accepted; anything else throws
   * `UsageError`, since no request could ever match it. Default: none, every request is accepted; set
   * one whenever the server is reachable by anyone but you.
   */
  bearerToken?: string;
  /**
   * Origins a browser may call from, each spelled as browsers send it (`https://app.example`, with a
   * port when not the default; no path), or `'*'` for any. A request whose `Origin` header is not
   * allowed gets 403 (MCP asks servers to check it, against DNS rebinding); requests without `Origin`
   * (non-browser clients) pass. Default: with a `bearerToken`, any origin (the token is the check);
   * without one, only localhost origins (`http://localhost:5173`, `http://127.0.0.1`, `http://[::1]`, any
   * port, http or https).
   */
  allowedOrigins?: readonly string[];
  /**
   * Live sessions at most. An `initialize` beyond it, once idle sessions are swept, ends the
   * least-recently-used session not running a call (its ID then gets 404); when every session is
   * running one, it gets 503 with a `Retry-After` header. Default: 100 ({@link DEFAULT_MAX_SESSIONS}).
   */
  maxSessions?: number;
  /**
   * Milliseconds without a request after which a session is dropped, with its workspace; its ID then
   * gets 404. A session with a call still running is never dropped. Sessions are swept when a request
   * arrives, not by a timer. Default: 15 minutes ({@link DEFAULT_IDLE_TIMEOUT_MS}).
   */
  idleTimeoutMs?: number;
  /**
   * The most one session's workspace may hold, in bytes; a write beyond it fails with an error naming
   * the limit. Default: 16 MiB ({@link DEFAULT_WORKSPACE_BYTES}).
   */
  workspaceBytes?: number;
  /**
   * The memory the workspaces of all live sessions may hold together, in bytes. Every session reserves
   * `workspaceBytes` of it when it opens and gives it back when it ends or expires, so an `initialize`
   * that would overdraw it ends the least-recently-used idle session, like one over `maxSessions`
   * (503 with `Retry-After` when every session is running a call). Sessions at once
   * are thus at most `workspaceBudgetBytes / workspaceBytes` (4 by default): lower `workspaceBytes`
   * for more. Default: 64 MiB ({@link DEFAULT_WORKSPACE_BUDGET_BYTES}).
   */
  workspaceBudgetBytes?: number;
  /** Name and version reported in `initialize`. Default: {@link DEFAULT_SERVER_INFO}. */
  serverInfo?: ServerInfo;
  /**
   * Durable Object mode: the namespace binding of the session object class (`McpSessionObject`, or
   * one made by `createSessionObjectClass`). Every MCP session then lives in its own object, whose ID
   * (from `newUniqueId()`, unguessable) is the session's `Mcp-Session-Id`; an ID the namespace never
   * issued gets 404 before any object is reached. The object keeps its files and activated tools in its storage, so it survives
   * the isolate and the object being evicted. The session options (`createSuite`, `workspaceBytes`,
   * `serverInfo`) are then the object class's; keep `idleTimeoutMs` the same in both. `maxSessions`
   * counts the stored sessions of all objects (a registry object keeps the count), so stored
   * workspaces hold at most `maxSessions` × the class's `workspaceBytes`; a new session beyond it
   * ends the least-recently-used one. `workspaceBudgetBytes` does not apply (each object has its own
   * memory). See docs/edge.md. Default: none, sessions live in this handler's memory.
   */
  sessionObjects?: SessionObjectNamespace;
  /** Clock for the idle timeout, in milliseconds. Default: `Date.now`. */
  now?: () => number;
  /**
   * Told about errors the handler absorbed: transport errors (mostly malformed client requests, already
   * answered), failures closing a session, and unexpected failures answered with 500. Must not throw.
   * Default: none.
   */
  onError?: (error: unknown) => void;
}

/** One live MCP session: its transport and the bookkeeping of the idle timeout. */
interface LiveSession {
  readonly transport: WebStandardStreamableHTTPServerTransport;
  readonly close: () => Promise<void>;
  lastSeen: number;
  /** `tools/call` requests running now; a busy session is never swept. */
  busy: number;
}

/**
 * Creates a fetch handler that serves MCP's Streamable HTTP transport at `path` (default `/mcp`):
 *
 * - `POST` carries JSON-RPC messages. An `initialize` without `Mcp-Session-Id` opens a session (one
 *   `createSuite()` suite, one suite session, one protocol server from the SDK); every later request
 *   names the session in `Mcp-Session-Id`. Responses to requests are SSE streams, which also carry
 *   `notifications/tools/list_changed` when a call activated tools.
 * - `DELETE` with `Mcp-Session-Id` ends the session.
 * - `GET` gets 405: the server sends nothing outside a response, so it opens no standalone stream (a
 *   stream held open by one request and written by another is what workers forbid).
 *
 * What a client sees when it is refused (bodies are JSON-RPC error objects with `id: null`):
 * 401 without the bearer token, 403 from an origin not allowed, 400 without a session ID (or with
 * unparsable JSON), 404 for an unknown, expired or evicted session, 413 for a body over 4 MiB, 503 with
 * `Retry-After` over the session cap or the workspace memory budget while every session runs a call, 405 for other methods; the SDK's
 * own answers (406, 415, 400 for a malformed message) pass through. The exact texts are pinned by tests.
 *
 * Browsers: answers to an allowed origin carry CORS headers (`Access-Control-Allow-Origin` with that
 * origin, `Mcp-Session-Id` exposed), and its preflights get 204, so a page on another origin can connect;
 * a refused origin gets its 403 without them.
 *
 * Sessions live in this handler's memory. In Cloudflare Workers an isolate serves many requests, but
 * not every request: pin a client to one isolate (a Durable Object) when sessions must survive. Throws
 * `UsageError` for malformed options.
 */
export function createFetchHandler(options: FetchHandlerOptions = {}): FetchHandler {
  const settings = checkOptions(options);
  const { now, onError } = settings;

  const report = (error: unknown): void => {
    try {
      onError?.(error);
    } catch {
      // A failing error reporter must not take a response down with it.
    }
  };
  const sessions = createSessionTable(settings, report);
  const router = settings.sessionObjects
    ? createObjectRouter(settings.sessionObjects, {
        maxSessions: settings.maxSessions,
        idleTimeoutMs: settings.idleTimeoutMs,
        now: settings.now,
      })
    : () => Promise.resolve(new Response(null, { status: 500 }));

  const handle = async (request: Request): Promise<Response> => {
    const refusal = await checkAccess(request, settings);
    if (refusal !== undefined) return refusal;

    if (settings.sessionObjects) return router(request);
    const at = now();
    sessions.sweep(at);
    const sessionId = request.headers.get('mcp-session-id');
    if (sessionId !== null) {
      const live = sessions.get(sessionId);
      if (live === undefined) return jsonRpcError(404, -32001, sessionNotFound(settings.idleTimeoutMs));
      live.lastSeen = at;
      return live.transport.handleRequest(request);
    }

    const initialize = await readInitialize(request);
    if (initialize instanceof Response) return initialize;
    return sessions.refusal() ?? openSession(request, initialize.body, at, settings, sessions, report);
  };

  const handleSafely = async (request: Request): Promise<Response> => {
    try {
      return await handle(request);
    } catch (error) {
      report(error);
      return jsonRpcError(
        500,
        -32603,
        'Internal error: the server failed to handle this request. Retry it; if it fails again, start a new session.',
      );
    }
  };

  return async (request) => {
    const origin = corsOrigin(request, settings);
    if (origin === null) return handleSafely(request);
    if (request.method === 'OPTIONS') return preflight(request, origin);
    return withCors(await handleSafely(request), origin);
  };
}

/**
 * The browser origin a request comes from when it may read the answer (an allowed origin, on the MCP
 * path), else `null`: other origins get the refusal without CORS headers, so their page cannot read it.
 */
function corsOrigin(request: Request, settings: Settings): string | null {
  const origin = request.headers.get('origin');
  if (origin === null || !settings.origins.allows(origin)) return null;
  return new URL(request.url).pathname === settings.path ? origin : null;
}

/** What every answer to an allowed origin carries, so its page can read the body and the session ID. */
function corsHeaders(origin: string): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Expose-Headers': 'Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate, Retry-After',
    Vary: 'Origin',
  };
}

/**
 * The answer to a CORS preflight from an allowed origin. Preflights carry no credentials, so it comes
 * before the bearer check; the request it announces is checked as usual.
 */
function preflight(request: Request, origin: string): Response {
  const requested = request.headers.get('access-control-request-headers');
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders(origin),
      'Access-Control-Allow-Methods': 'POST, DELETE, GET',
      'Access-Control-Allow-Headers':
        requested ??
        'Authorization, Content-Type, Accept, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID',
      'Access-Control-Max-Age': '600',
    },
  });
}

/** `response` with the CORS headers for `origin` (a copy: responses from a Durable Object are immutable). */
function withCors(response: Response, origin: string): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(corsHeaders(origin))) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

const MISSING_SESSION =
  'Bad Request: Mcp-Session-Id header is required. Open a session with initialize (sent without the header), then send the session ID it returns with every request.';

/** The `initialize` a request without a session ID must be: its body, or the refusal to answer. */
export async function readInitialize(request: Request): Promise<Response | { text: string; body: unknown }> {
  if (request.method !== 'POST') return jsonRpcError(400, -32000, MISSING_SESSION);
  const text = await readBody(request);
  if (text === undefined) {
    return jsonRpcError(
      413,
      -32000,
      `Payload Too Large: Request body must not exceed ${MAX_REQUEST_BODY_BYTES} bytes`,
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return jsonRpcError(400, -32700, 'Parse error: Invalid JSON');
  }
  const initializes = Array.isArray(body) ? body.some(isInitializeRequest) : isInitializeRequest(body);
  return initializes ? { text, body } : jsonRpcError(400, -32000, MISSING_SESSION);
}

/** The live sessions of one handler, and what may join them. */
interface SessionTable {
  get(id: string): LiveSession | undefined;
  /** Counts the session from now on, against the cap and the budget. */
  add(id: string, live: LiveSession): void;
  /** Forgets the session and closes its server; a later request for it gets 404. */
  drop(id: string): void;
  /** Drops every session idle for `idleTimeoutMs` at `at`, unless a call of it is running. */
  sweep(at: number): void;
  /**
   * Makes room for an `initialize`: when the table is full, ends the least-recently-used idle session.
   * The 503 when every session is running a call, else `undefined`.
   */
  refusal(): Response | undefined;
}

/**
 * The session table. Every live session holds `workspaceBytes` of `workspaceBudgetBytes`, reserved when
 * it opens and given back when it is dropped, so the workspaces of all sessions together never hold
 * more than the budget: a reservation rather than a count of bytes in use, because a workspace grows
 * inside shell commands, where nothing outside it could refuse a write in time.
 */
function createSessionTable(settings: Settings, report: (error: unknown) => void): SessionTable {
  const { maxSessions, idleTimeoutMs, workspaceBytes, workspaceBudgetBytes, path } = settings;
  const sessions = new Map<string, LiveSession>();
  const budgetAllows = Math.floor(workspaceBudgetBytes / workspaceBytes);

  const drop = (id: string): void => {
    const live = sessions.get(id);
    if (live === undefined) return;
    sessions.delete(id);
    live.close().catch(report);
  };

  /** The idle session whose last request is the oldest, or `undefined` when every one is running a call. */
  const leastRecentlyUsedIdle = (): string | undefined => {
    let oldest: [string, number] | undefined;
    for (const [id, live] of sessions) {
      if (live.busy === 0 && (oldest === undefined || live.lastSeen < oldest[1]))
        oldest = [id, live.lastSeen];
    }
    return oldest?.[0];
  };

  return {
    get: (id) => sessions.get(id),
    add: (id, live) => {
      sessions.set(id, live);
    },
    drop,
    sweep(at) {
      for (const [id, live] of sessions) {
        if (live.busy === 0 && at - live.lastSeen >= idleTimeoutMs) drop(id);
      }
    },
    refusal() {
      if (sessions.size < Math.min(maxSessions, budgetAllows)) return undefined;
      // Clients that disconnect without DELETE (the SDK client's close() sends none) leave idle
      // sessions behind: the one unused longest makes room, so they never lock the server out.
      const evicted = leastRecentlyUsedIdle();
      if (evicted !== undefined) {
        drop(evicted);
        return undefined;
      }
      const held = plural(sessions.size, 'MCP session');
      const limit =
        sessions.size >= maxSessions
          ? `${held}, its limit`
          : `${held}, all its workspace memory budget allows (${formatBytes(workspaceBudgetBytes)} in all, ${formatBytes(workspaceBytes)} per session)`;
      return jsonRpcError(
        503,
        -32000,
        `Too many sessions: this server already holds ${limit}, and every one is running a call. Retry in ${plural(BUSY_RETRY_SECONDS, 'second')}, when a call has finished, or end sessions you no longer use with DELETE ${path}.`,
        { 'Retry-After': String(BUSY_RETRY_SECONDS) },
      );
    },
  };
}

/**
 * Opens a session for an `initialize` the table has room for: one suite, one suite session, one
 * protocol server, one transport, counted from before the first await so concurrent initializes cannot
 * overshoot the cap or the budget.
 */
async function openSession(
  request: Request,
  body: unknown,
  at: number,
  settings: Settings,
  sessions: SessionTable,
  report: (error: unknown) => void,
): Promise<Response> {
  const id = crypto.randomUUID();
  const suite = settings.createSuite(suiteContext(settings.workspaceBytes));
  const session = suite.createSession({ id });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => id,
    onsessionclosed: () => sessions.drop(id),
  });
  transport.onerror = report;
  const live: LiveSession = {
    transport,
    close: () => server.close(),
    lastSeen: at,
    busy: 0,
  };
  const server = createSessionServer(suite, session, {
    serverInfo: settings.serverInfo,
    onCallStart: () => {
      live.busy += 1;
    },
    onCallEnd: () => {
      live.busy -= 1;
      live.lastSeen = Math.max(live.lastSeen, settings.now());
    },
  });
  sessions.add(id, live);
  try {
    await server.connect(transport);
    const response = await transport.handleRequest(request, { parsedBody: body });
    // The SDK refused the initialize (wrong Accept header, a batch, ...): nothing to keep.
    if (response.headers.get('mcp-session-id') !== id) sessions.drop(id);
    return response;
  } catch (error) {
    sessions.drop(id);
    throw error;
  }
}

/** What `createSuite` gets: the session's share of the budget and a workspace that keeps to it. */
function suiteContext(workspaceBytes: number): SuiteContext {
  return {
    workspaceBytes,
    async workspace() {
      // Imported on demand, as `createToolSuite` does, so a suite with a workspace of its own never loads it.
      const { createJustBashWorkspace } = await import('../workspace/just-bash/just-bash-workspace.ts');
      return createJustBashWorkspace({ executionLimits: { maxFileSystemBytes: workspaceBytes } });
    },
  };
}

/**
 * The refusal for a request that may not reach a session, in this order: another path (404), an origin
 * not allowed (403), a missing or wrong bearer token (401), a method other than POST and DELETE (405).
 * `undefined` when the request may go on.
 */
async function checkAccess(request: Request, settings: Settings): Promise<Response | undefined> {
  const { path } = settings;
  if (new URL(request.url).pathname !== path) {
    return new Response(`Not found: the MCP endpoint of this server is ${path}.\n`, {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  const origin = request.headers.get('origin');
  if (origin !== null && !settings.origins.allows(origin)) {
    return jsonRpcError(403, -32000, settings.origins.refusal(origin));
  }
  if (settings.bearerToken !== undefined) {
    const refusal = await checkBearer(request, settings.bearerToken);
    if (refusal !== undefined) return refusal;
  }
  if (request.method !== 'POST' && request.method !== 'DELETE') {
    return jsonRpcError(
      405,
      -32000,
      'Method Not Allowed: send JSON-RPC messages with POST and end a session with DELETE. This server opens no GET stream: notifications arrive on the response to the request that caused them.',
      { Allow: 'POST, DELETE' },
    );
  }
  return undefined;
}

/** Which browser origins may call, and the 403 text for one that may not. */
interface OriginPolicy {
  allows(origin: string): boolean;
  refusal(origin: string): string;
}

/** Host names of the loopback interface, as `URL.hostname` spells them. */
const LOCALHOST_NAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether `origin` is a page served from this machine over http or https. */
function isLocalhostOrigin(origin: string): boolean {
  const url = parseUrl(origin);
  return (url?.protocol === 'http:' || url?.protocol === 'https:') && LOCALHOST_NAMES.has(url.hostname);
}

/**
 * The origin policy: the listed origins (`'*'` for all) when there is a list; else any origin when a
 * bearer token guards the server (a page that does not know the token gets nowhere); else localhost
 * only, so a page a rebinding DNS name points at this server cannot use it.
 */
function originPolicy(allowedOrigins: readonly string[] | undefined, hasToken: boolean): OriginPolicy {
  if (allowedOrigins !== undefined) {
    const listed = new Set(allowedOrigins);
    return {
      allows: (origin) => listed.has('*') || listed.has(origin),
      refusal: (origin) => `Forbidden: requests from origin ${origin} are not allowed.`,
    };
  }
  if (hasToken) return { allows: () => true, refusal: () => '' };
  return {
    allows: isLocalhostOrigin,
    refusal: (origin) =>
      `Forbidden: requests from origin ${origin} are not allowed. This server has no bearer token, so it accepts browser requests from localhost origins only; its operator can allow other origins with allowedOrigins.`,
  };
}

interface Settings {
  createSuite: (context: SuiteContext) => ToolSuite;
  path: string;
  bearerToken: string | undefined;
  origins: OriginPolicy;
  maxSessions: number;
  idleTimeoutMs: number;
  workspaceBytes: number;
  workspaceBudgetBytes: number;
  serverInfo: ServerInfo;
  now: () => number;
  onError: ((error: unknown) => void) | undefined;
  sessionObjects: SessionObjectNamespace | undefined;
}

function checkOptions(options: FetchHandlerOptions): Settings {
  const fail = (message: string): never => {
    throw new UsageError(`createFetchHandler: ${message}`);
  };
  const createSuite = options.createSuite ?? ((context) => createToolSuite({ workspace: context.workspace }));
  if (typeof createSuite !== 'function') fail('createSuite must be a function that returns a suite.');
  const path = options.path ?? DEFAULT_MCP_PATH;
  if (!path.startsWith('/')) fail(`path must start with "/", got ${JSON.stringify(path)}.`);
  const { bearerToken, allowedOrigins } = options;
  if (bearerToken !== undefined) {
    const problem = bearerTokenProblem(bearerToken);
    if (problem !== undefined) fail(problem);
  }
  if (allowedOrigins !== undefined && !Array.isArray(allowedOrigins)) {
    fail('allowedOrigins must be an array of origins.');
  }
  const badOrigin = allowedOrigins?.find((origin) => !isOriginSpelling(origin));
  if (badOrigin !== undefined) {
    fail(
      `allowedOrigins must list origins as browsers send them, such as "https://app.example" or "http://localhost:5173" (scheme, host and port; no path, no trailing slash), or "*" for any; got ${JSON.stringify(badOrigin)}.`,
    );
  }
  const settings: Settings = {
    createSuite,
    path,
    bearerToken,
    origins: originPolicy(allowedOrigins, bearerToken !== undefined),
    maxSessions: options.maxSessions ?? DEFAULT_MAX_SESSIONS,
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    workspaceBytes: options.workspaceBytes ?? DEFAULT_WORKSPACE_BYTES,
    workspaceBudgetBytes: options.workspaceBudgetBytes ?? DEFAULT_WORKSPACE_BUDGET_BYTES,
    serverInfo: options.serverInfo ?? { ...DEFAULT_SERVER_INFO },
    now: options.now ?? Date.now,
    onError: options.onError,
    sessionObjects: options.sessionObjects,
  };
  const limitsProblem = limitsProblemOf(settings);
  if (limitsProblem !== undefined) fail(limitsProblem);
  return settings;
}

/** What is wrong with the numeric limits, or `undefined`. */
function limitsProblemOf(settings: Settings): string | undefined {
  const { maxSessions, idleTimeoutMs, workspaceBytes, workspaceBudgetBytes } = settings;
  if (!Number.isInteger(maxSessions) || maxSessions < 1) {
    return `maxSessions must be an integer of at least 1, got ${String(maxSessions)}.`;
  }
  if (!Number.isFinite(idleTimeoutMs) || idleTimeoutMs <= 0) {
    return `idleTimeoutMs must be a positive number of milliseconds, got ${String(idleTimeoutMs)}.`;
  }
  if (!Number.isSafeInteger(workspaceBytes) || workspaceBytes < 1) {
    return `workspaceBytes must be a positive whole number of bytes, got ${String(workspaceBytes)}.`;
  }
  if (!Number.isSafeInteger(workspaceBudgetBytes) || workspaceBudgetBytes < workspaceBytes) {
    return `workspaceBudgetBytes must be a whole number of bytes of at least workspaceBytes (${workspaceBytes}), so one session fits; got ${String(workspaceBudgetBytes)}.`;
  }
  return undefined;
}

/** One character a `b64token` may hold (RFC 6750, section 2.1), `=` padding aside. */
const TOKEN_CHARACTER = /^[A-Za-z0-9\-._~+/]$/;

/**
 * Why `token` could never match a request, or `undefined` when it can: a client sends it as
 * `Authorization: Bearer <b64token>`, so a space, a quote or a non-ASCII letter in it can never arrive
 * intact. Names the first bad character by position, never the token itself (it is a secret).
 */
function bearerTokenProblem(token: unknown): string | undefined {
  if (typeof token !== 'string' || token === '') {
    return 'bearerToken must be a non-empty string; leave it out to accept every request.';
  }
  const characters = [...token.replace(/=+$/, '')];
  const bad = characters.findIndex((character) => !TOKEN_CHARACTER.test(character));
  const problem =
    characters.length === 0
      ? 'is only "=" padding'
      : bad === -1
        ? undefined
        : `has ${describeCharacter(characters[bad] ?? '')} at character ${bad + 1}`;
  if (problem === undefined) return undefined;
  return `bearerToken ${problem}, which an "Authorization: Bearer" header cannot carry (RFC 6750), so no request could ever match it. Use only letters, digits and - . _ ~ + /, with = allowed only at the end: a random hex or base64url string works.`;
}

/** A character as an error message names it: `a space`, `"="`, `U+00E9`. */
function describeCharacter(character: string): string {
  if (character === ' ') return 'a space';
  if (/^[!-~]$/.test(character)) return JSON.stringify(character);
  return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Whether `entry` is `'*'` or an origin spelled exactly as a browser's `Origin` header would be. */
function isOriginSpelling(entry: unknown): boolean {
  if (entry === '*') return true;
  return typeof entry === 'string' && parseUrl(entry)?.origin === entry;
}

/** `new URL(text)`, or `undefined` when `text` is not a URL. */
function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** A JSON-RPC error response, as the SDK's transport writes its own (`id: null`). */
export function jsonRpcError(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** `undefined` when the token is right; the 401 to answer otherwise. */
async function checkBearer(request: Request, expected: string): Promise<Response | undefined> {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  const given = match?.[1];
  if (given !== undefined && (await sameSecret(given, expected))) return undefined;
  const challenge = given === undefined ? 'Bearer realm="mcp"' : 'Bearer realm="mcp", error="invalid_token"';
  return jsonRpcError(
    401,
    -32000,
    given === undefined
      ? 'Unauthorized: this server requires a bearer token. Send it in an "Authorization: Bearer <token>" header.'
      : 'Unauthorized: the bearer token is not valid for this server. Send the token it was configured with.',
    { 'WWW-Authenticate': challenge },
  );
}

/** Compares two secrets in constant time: both are hashed, so length and content leak nothing. */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const encoder = new TextEncoder();
  const [a, b] = await Promise.all([
    crypto.subtle.digest('SHA-256', encoder.encode(given)),
    crypto.subtle.digest('SHA-256', encoder.encode(expected)),
  ]);
  const left = new Uint8Array(a);
  const right = new Uint8Array(b);
  let difference = 0;
  for (let index = 0; index < left.length; index += 1) difference |= (left[index] ?? 0) ^ (right[index] ?? 0);
  return difference === 0;
}

/** The body as text, or `undefined` when it is longer than {@link MAX_REQUEST_BODY_BYTES}. */
async function readBody(request: Request): Promise<string | undefined> {
  if (Number(request.headers.get('content-length')) > MAX_REQUEST_BODY_BYTES) return undefined;
  if (request.body === null) return '';
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > MAX_REQUEST_BODY_BYTES) {
        await reader.cancel().catch(() => undefined);
        return undefined;
      }
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    reader.releaseLock();
  }
  return text + decoder.decode();
}

/** The 404 text for a session ID no session answers to. */
export function sessionNotFound(idleTimeoutMs: number): string {
  return `Session not found: it was ended, expired after ${formatDuration(idleTimeoutMs)} without requests, was closed while idle to make room for a new session, or was never opened here. Start a new session: send initialize without an Mcp-Session-Id header.`;
}

/** `plural(1, 'second')` → `"1 second"`, `plural(2, 'second')` → `"2 seconds"`. */
function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** `900000` → `"15 minutes"`: the idle timeout as a client reads it. */
export function formatDuration(ms: number): string {
  const units: [number, string][] = [
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1000, 'second'],
  ];
  for (const [size, unit] of units) {
    if (ms >= size && ms % size === 0) return plural(ms / size, unit);
  }
  return `${ms} ms`;
}

/** `16777216` → `"16 MiB"`: a size in whole MiB or KiB when it is one, else in bytes. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return plural(bytes, 'byte');
}
