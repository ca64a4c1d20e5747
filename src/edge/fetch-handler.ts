/**
 * `createFetchHandler`: the tool suite as an MCP server over Streamable HTTP, behind one standard fetch
 * handler (Cloudflare Workers, Deno, Bun, service workers, Node's `Request`/`Response`). A hono app: the
 * access checks are middleware (access.ts), and the MCP path hands each request to the sessions, kept
 * in this isolate (memory-sessions.ts) or in Durable Objects (session-routing.ts). Imports hono, the
 * package root entry and the edge room; no `node:*`.
 */
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { bearerGuard, bodyGuards, browserCors, methodGuard, originGuard } from './access.ts';
import { checkOptions, type FetchHandlerOptions } from './handler-options.ts';
import { createMemorySessions } from './memory-sessions.ts';
import { jsonRpcError } from './responses.ts';
import { createObjectRouter } from './session-routing.ts';

export {
  DEFAULT_BODY_TIMEOUT_MS,
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_MCP_PATH,
  DEFAULT_SERVER_INFO,
  DEFAULT_WORKSPACE_BUDGET_BYTES,
  DEFAULT_WORKSPACE_BYTES,
  MAX_REQUEST_BODY_BYTES,
  type SessionObjectNamespace,
  type SuiteContext,
} from './defaults.ts';
export type { FetchHandlerOptions } from './handler-options.ts';
export { formatDuration } from './responses.ts';

/** A standard fetch handler. Contract: never rejects; every failure is an HTTP response. */
export type FetchHandler = (request: Request) => Promise<Response>;

/** The methods the MCP endpoint serves. */
const METHODS = ['POST', 'GET', 'DELETE'];
const METHOD_NOT_ALLOWED =
  'Method Not Allowed: send JSON-RPC messages with POST, open the stream of server messages (or resume one with Last-Event-ID) with GET, and end a session with DELETE.';
const INTERNAL_ERROR =
  'Internal error: the server failed to handle this request. Retry it; if it fails again, start a new session.';

/**
 * Creates a fetch handler that serves MCP's Streamable HTTP transport at `path` (default `/mcp`):
 *
 * - `POST` carries JSON-RPC messages. An `initialize` without `Mcp-Session-Id` opens a session (one
 *   `createSuite()` suite, one suite session, one protocol server from the SDK); every later request
 *   names the session in `Mcp-Session-Id`. Responses to requests are SSE streams whose events carry
 *   IDs, with `notifications/tools/list_changed` first when a call activated tools.
 * - `GET` with `Mcp-Session-Id` opens the session's stream of server messages (tools activated outside
 *   a call); with `Last-Event-ID`, it replays what the client missed of a stream, so a client whose
 *   connection broke mid-call gets the call's result. A broken stream not resumed within
 *   `resumeGraceMs` has its calls cancelled.
 * - `DELETE` with `Mcp-Session-Id` ends the session.
 *
 * What a client sees when it is refused (bodies are JSON-RPC error objects with `id: null`):
 * 401 without the bearer token, 403 from an origin not allowed, 400 without a session ID (or with
 * unparsable JSON), 404 for an unknown, expired or evicted session, 408 for a body that did not arrive
 * within `bodyTimeoutMs`, 413 for a body over 4 MiB, 503 with `Retry-After` over the session cap or the
 * workspace memory budget, 405 for other methods; the SDK's own answers (406, 409, 415, 400 for a
 * malformed message) pass through. The exact texts are pinned by tests.
 *
 * Browsers: answers to an allowed origin carry CORS headers (`Access-Control-Allow-Origin` with that
 * origin, `Mcp-Session-Id` exposed), and its preflights get 204, so a page on another origin can connect;
 * a refused origin gets its 403 without them.
 *
 * Sessions live in this handler's memory unless `sessionObjects` puts each in a Durable Object. In
 * Cloudflare Workers an isolate serves many requests, but not every request: use Durable Objects when
 * sessions must survive. Throws `UsageError` for malformed options.
 */
export function createFetchHandler(options: FetchHandlerOptions = {}): FetchHandler {
  const settings = checkOptions(options);
  const report = (error: unknown): void => {
    try {
      settings.onError?.(error);
    } catch {
      // A failing error reporter must not take a response down with it.
    }
  };
  const sessions = settings.sessionObjects
    ? createObjectRouter(settings.sessionObjects, {
        sessionCap: settings.sessionCap,
        idleTimeoutMs: settings.idleTimeoutMs,
        path: settings.path,
      })
    : createMemorySessions(settings, report);

  const app = new Hono();
  app.use(settings.path, originGuard(settings.origins), browserCors(METHODS));
  if (settings.bearerToken !== undefined) app.use(settings.path, bearerGuard(settings.bearerToken));
  app.use(settings.path, methodGuard(METHODS, METHOD_NOT_ALLOWED), ...bodyGuards(settings.bodyTimeoutMs));
  app.all(settings.path, (context) => sessions(context.req.raw));
  app.notFound(
    () =>
      new Response(`Not found: the MCP endpoint of this server is ${settings.path}.\n`, {
        status: 404,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      }),
  );
  app.onError((error) => {
    // hono's bearerAuth refuses by throwing the response to send.
    if (error instanceof HTTPException) return error.getResponse();
    report(error);
    return jsonRpcError(500, -32603, INTERNAL_ERROR);
  });
  return async (request) => {
    try {
      return await app.fetch(request);
    } catch (error) {
      report(error);
      return jsonRpcError(500, -32603, INTERNAL_ERROR);
    }
  };
}
