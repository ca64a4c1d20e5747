/**
 * Entry of the ready-made worker, `dist/edge/worker.js` (`npm run build:edge` bundles this file with
 * every dependency into one ES module): the seven built-ins, tool_search and the demo catalog of
 * deferred tools, served over MCP at `/mcp`, each session with a 16 MiB workspace out of a 64 MiB budget.
 * Set the `MCP_TOKEN` variable (a secret, in Cloudflare) to require `Authorization: Bearer <MCP_TOKEN>`;
 * without it, browsers may call from localhost pages only, unless `MCP_ALLOWED_ORIGINS` lists others.
 * Imports the package root entry and the edge room only.
 */

import { createToolSuite, type ToolSuite } from '../index.ts';
import { errorMessage } from '../shared/index.ts';
import { registerDemoTools } from './demo-tools.ts';
import {
  createFetchHandler,
  type FetchHandler,
  type SessionObjectNamespace,
  type SuiteContext,
} from './fetch-handler.ts';
import { createSessionObjectClass, type SessionObjectClass } from './session-object.ts';

/** The bindings the worker reads. */
export interface WorkerEnv {
  /** The bearer token clients must send (RFC 6750 characters only). Default: none, no token is asked for. */
  MCP_TOKEN?: string;
  /**
   * Origins browsers may call from, separated by commas or spaces (`https://app.example,
   * http://localhost:5173`), or `*` for any. Default: any origin with `MCP_TOKEN`, localhost only without.
   */
  MCP_ALLOWED_ORIGINS?: string;
  /**
   * A Durable Object namespace bound to the exported `McpSessionObject` class (see docs/edge.md for
   * the `wrangler.toml`). With it, every MCP session lives in its own object and survives evictions;
   * without it, sessions live in the isolate's memory.
   */
  MCP_SESSIONS?: SessionObjectNamespace;
  /**
   * With `MCP_SESSIONS`: the deployment's cap on stored sessions, a whole number (`"10000"`); a new
   * session beyond it gets 503. Default: no cap. Without `MCP_SESSIONS`: the isolate's `maxSessions`.
   */
  MCP_MAX_SESSIONS?: string;
}

/** The worker's module interface: a `fetch` handler, as Cloudflare Workers and workerd expect. */
export interface EdgeWorker {
  /** Serves one request. Never rejects: every failure is an HTTP response. */
  fetch(request: Request, env?: WorkerEnv): Promise<Response>;
}

let handler: FetchHandler | undefined;

/** Starts the text of a 500 for malformed bindings: the handler's errors name its options, not the bindings. */
const MISCONFIGURED =
  'Server misconfigured, so it serves no request until its bindings are fixed (MCP_TOKEN is the bearerToken, MCP_ALLOWED_ORIGINS the allowedOrigins, MCP_MAX_SESSIONS the maxSessions):';

/** The handler for the worker's bindings; throws `UsageError` when a binding is malformed. */
function createWorkerHandler(env: WorkerEnv): FetchHandler {
  const origins = env.MCP_ALLOWED_ORIGINS?.split(/[\s,]+/).filter((origin) => origin !== '');
  return createFetchHandler({
    bearerToken: env.MCP_TOKEN === '' ? undefined : env.MCP_TOKEN,
    allowedOrigins: origins === undefined || origins.length === 0 ? undefined : origins,
    createSuite: demoSuite,
    ...(env.MCP_SESSIONS ? { sessionObjects: env.MCP_SESSIONS } : {}),
    // A malformed number reaches createFetchHandler as NaN, which its check names.
    ...(env.MCP_MAX_SESSIONS ? { maxSessions: Number(env.MCP_MAX_SESSIONS) } : {}),
  });
}

/** The worker's suite: the built-ins, tool_search and the demo catalog. */
function demoSuite({ workspace }: SuiteContext): ToolSuite {
  const suite = createToolSuite({ workspace });
  registerDemoTools(suite);
  return suite;
}

/** The Durable Object class of the `MCP_SESSIONS` binding: one MCP session per object, with the demo suite. */
export const McpSessionObject: SessionObjectClass = createSessionObjectClass({ createSuite: demoSuite });

/**
 * The worker. The handler, and with it the session table, is created on the first request, because
 * bindings (`env`) arrive only with requests; it then lives as long as the isolate. Malformed bindings
 * are answered with a 500 naming the problem (it never quotes the token), on every request until fixed.
 */
const worker: EdgeWorker = {
  async fetch(request, env = {}) {
    try {
      handler ??= createWorkerHandler(env);
    } catch (error) {
      const message = errorMessage(error);
      const body = {
        jsonrpc: '2.0',
        error: { code: -32603, message: `${MISCONFIGURED} ${message}` },
        id: null,
      };
      return new Response(JSON.stringify(body), {
        status: 500,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    return handler(request);
  },
};

export default worker;
