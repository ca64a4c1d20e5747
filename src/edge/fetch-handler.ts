/**
 * `createFetchHandler`: the tool suite as an MCP server over Streamable HTTP, behind one standard fetch
 * handler (Cloudflare Workers, Deno, Bun, service workers, Node's `Request`/`Response`). This file is the
 * glue around `@modelcontextprotocol/sdk`'s web-standard transport: routing, the bearer token, MCP
 * sessions ↔ suite sessions, the idle timeout and the session cap. Imports the package root entry, the
 * SDK and the edge room only; no `node:*`, no timers (idle sessions are swept when requests arrive).
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { createToolSuite, type ToolSuite, UsageError } from '../index.ts';
import { createSessionServer, type ServerInfo } from './mcp-server.ts';

/** A standard fetch handler. Contract: never rejects; every failure is an HTTP response. */
export type FetchHandler = (request: Request) => Promise<Response>;

/** Where the MCP endpoint lives unless `path` says otherwise. */
export const DEFAULT_MCP_PATH = '/mcp';
/** Live MCP sessions at most, unless `maxSessions` says otherwise. */
export const DEFAULT_MAX_SESSIONS: number = 100;
/** A session without requests for this long (15 minutes) is dropped, unless `idleTimeoutMs` says otherwise. */
export const DEFAULT_IDLE_TIMEOUT_MS: number = 15 * 60_000;
/** What the server reports in `initialize`, unless `serverInfo` says otherwise. */
export const DEFAULT_SERVER_INFO: Readonly<ServerInfo> = { name: 'browser-agent-tools', version: '0.1.0' };
/** Largest request body read (4 MiB), the same bound the SDK's transport applies. */
export const MAX_REQUEST_BODY_BYTES: number = 4 * 1024 * 1024;

/** Options of {@link createFetchHandler}. */
export interface FetchHandlerOptions {
  /**
   * Creates the suite of one MCP session: catalog, exposure modes, policy, workspace. Called once per
   * session, on `initialize`, so every session has its own catalog state, its own activated tools and,
   * with `createToolSuite`'s default workspace, its own embedded (just-bash) workspace. Must return a
   * fresh suite each time: a suite shared between sessions shares its workspace.
   * Default: `() => createToolSuite()` (the seven built-ins and tool_search, embedded workspace).
   */
  createSuite?: () => ToolSuite;
  /** Path of the MCP endpoint. Other paths get 404. Default: `'/mcp'` ({@link DEFAULT_MCP_PATH}). */
  path?: string;
  /**
   * The bearer token every request must carry (`Authorization: Bearer <token>`); a request without it,
   * or with another, gets 401. Compared in constant time. Default: none, every request is accepted; set
   * one whenever the server is reachable by anyone but you.
   */
  bearerToken?: string;
  /**
   * Origins a browser may call from. A request whose `Origin` header is not listed gets 403 (MCP asks
   * servers to check it against DNS rebinding); requests without `Origin` (non-browser clients) pass.
   * Default: not checked.
   */
  allowedOrigins?: readonly string[];
  /**
   * Live sessions at most. An `initialize` beyond it, once idle sessions are swept, gets 503 with a
   * `Retry-After` header. Default: 100 ({@link DEFAULT_MAX_SESSIONS}).
   */
  maxSessions?: number;
  /**
   * Milliseconds without a request after which a session is dropped, with its workspace; its ID then
   * gets 404. A session with a call still running is never dropped. Sessions are swept when a request
   * arrives, not by a timer. Default: 15 minutes ({@link DEFAULT_IDLE_TIMEOUT_MS}).
   */
  idleTimeoutMs?: number;
  /** Name and version reported in `initialize`. Default: {@link DEFAULT_SERVER_INFO}. */
  serverInfo?: ServerInfo;
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
 * unparsable JSON), 404 for an unknown or expired session, 413 for a body over 4 MiB, 503 with
 * `Retry-After` over the session cap, 405 for other methods; the SDK's own answers (406, 415, 400 for a
 * malformed message) pass through. The exact texts are pinned by tests.
 *
 * Sessions live in this handler's memory. In Cloudflare Workers an isolate serves many requests, but
 * not every request: pin a client to one isolate (a Durable Object) when sessions must survive. Throws
 * `UsageError` for malformed options.
 */
export function createFetchHandler(options: FetchHandlerOptions = {}): FetchHandler {
  const settings = checkOptions(options);
  const { createSuite, path, maxSessions, idleTimeoutMs, serverInfo, now, onError } = settings;
  const sessions = new Map<string, LiveSession>();
  const expiry = formatDuration(idleTimeoutMs);

  const report = (error: unknown): void => {
    try {
      onError?.(error);
    } catch {
      // A failing error reporter must not take a response down with it.
    }
  };

  const drop = (id: string): void => {
    const live = sessions.get(id);
    if (live === undefined) return;
    sessions.delete(id);
    live.close().catch(report);
  };

  const sweep = (at: number): void => {
    for (const [id, live] of sessions) {
      if (live.busy === 0 && at - live.lastSeen >= idleTimeoutMs) drop(id);
    }
  };

  /** Seconds until the first idle session can expire: the `Retry-After` of a refused `initialize`. */
  const retryAfter = (at: number): number => {
    let soonest = idleTimeoutMs;
    for (const live of sessions.values()) {
      if (live.busy === 0) soonest = Math.min(soonest, live.lastSeen + idleTimeoutMs - at);
    }
    return Math.max(1, Math.ceil(soonest / 1000));
  };

  const open = async (request: Request, body: unknown, at: number): Promise<Response> => {
    if (sessions.size >= maxSessions) {
      const seconds = retryAfter(at);
      return jsonRpcError(
        503,
        -32000,
        `Too many sessions: this server already holds ${plural(maxSessions, 'MCP session')}, its limit. Retry in ${plural(seconds, 'second')}, when idle sessions start to expire, or end sessions you no longer use with DELETE ${path}.`,
        { 'Retry-After': String(seconds) },
      );
    }
    const id = crypto.randomUUID();
    const suite = createSuite();
    const session = suite.createSession({ id });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => id,
      onsessionclosed: () => drop(id),
    });
    transport.onerror = report;
    const live: LiveSession = {
      transport,
      close: () => server.close(),
      lastSeen: at,
      busy: 0,
    };
    const server = createSessionServer(suite, session, {
      serverInfo,
      onCallStart: () => {
        live.busy += 1;
      },
      onCallEnd: () => {
        live.busy -= 1;
        live.lastSeen = Math.max(live.lastSeen, now());
      },
    });
    // Counted from here on, so concurrent initializes cannot overshoot the cap.
    sessions.set(id, live);
    try {
      await server.connect(transport);
      const response = await transport.handleRequest(request, { parsedBody: body });
      // The SDK refused the initialize (wrong Accept header, a batch, ...): nothing to keep.
      if (response.headers.get('mcp-session-id') !== id) drop(id);
      return response;
    } catch (error) {
      drop(id);
      throw error;
    }
  };

  const handle = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (url.pathname !== path) {
      return new Response(`Not found: the MCP endpoint of this server is ${path}.\n`, {
        status: 404,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      });
    }
    const origin = request.headers.get('origin');
    if (
      origin !== null &&
      settings.allowedOrigins !== undefined &&
      !settings.allowedOrigins.includes(origin)
    ) {
      return jsonRpcError(403, -32000, `Forbidden: requests from origin ${origin} are not allowed.`);
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

    const at = now();
    sweep(at);
    const sessionId = request.headers.get('mcp-session-id');
    if (sessionId !== null) {
      const live = sessions.get(sessionId);
      if (live === undefined) {
        return jsonRpcError(
          404,
          -32001,
          `Session not found: it was ended, expired after ${expiry} without requests, or was never opened here. Start a new session: send initialize without an Mcp-Session-Id header.`,
        );
      }
      live.lastSeen = at;
      return live.transport.handleRequest(request);
    }

    const missingSession =
      'Bad Request: Mcp-Session-Id header is required. Open a session with initialize (sent without the header), then send the session ID it returns with every request.';
    if (request.method !== 'POST') return jsonRpcError(400, -32000, missingSession);
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
    if (!initializes) return jsonRpcError(400, -32000, missingSession);
    return open(request, body, at);
  };

  return async (request) => {
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
}

interface Settings {
  createSuite: () => ToolSuite;
  path: string;
  bearerToken: string | undefined;
  allowedOrigins: readonly string[] | undefined;
  maxSessions: number;
  idleTimeoutMs: number;
  serverInfo: ServerInfo;
  now: () => number;
  onError: ((error: unknown) => void) | undefined;
}

function checkOptions(options: FetchHandlerOptions): Settings {
  const settings: Settings = {
    createSuite: options.createSuite ?? (() => createToolSuite()),
    path: options.path ?? DEFAULT_MCP_PATH,
    bearerToken: options.bearerToken,
    allowedOrigins: options.allowedOrigins,
    maxSessions: options.maxSessions ?? DEFAULT_MAX_SESSIONS,
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    serverInfo: options.serverInfo ?? { ...DEFAULT_SERVER_INFO },
    now: options.now ?? Date.now,
    onError: options.onError,
  };
  const fail = (message: string): never => {
    throw new UsageError(`createFetchHandler: ${message}`);
  };
  if (typeof settings.createSuite !== 'function')
    fail('createSuite must be a function that returns a suite.');
  if (!settings.path.startsWith('/')) fail(`path must start with "/", got ${JSON.stringify(settings.path)}.`);
  if (
    settings.bearerToken !== undefined &&
    (typeof settings.bearerToken !== 'string' || settings.bearerToken === '')
  ) {
    fail('bearerToken must be a non-empty string; leave it out to accept every request.');
  }
  if (!Number.isInteger(settings.maxSessions) || settings.maxSessions < 1) {
    fail(`maxSessions must be an integer of at least 1, got ${String(settings.maxSessions)}.`);
  }
  if (!Number.isFinite(settings.idleTimeoutMs) || settings.idleTimeoutMs <= 0) {
    fail(`idleTimeoutMs must be a positive number of milliseconds, got ${String(settings.idleTimeoutMs)}.`);
  }
  return settings;
}

/** A JSON-RPC error response, as the SDK's transport writes its own (`id: null`). */
function jsonRpcError(
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
