/**
 * The worker the edge load benchmark (bench/sections/edge-load.ts) bundles and runs in Miniflare: the
 * load suite (load-suite.ts) with 1 MiB workspaces and a budget of 128 of them, so 100 sessions fit
 * in one isolate, and the Durable Object class of the same suite. With an `MCP_SESSIONS` binding,
 * sessions live in Durable Objects; without, in the isolate.
 */
import {
  createFetchHandler,
  type FetchHandler,
  type SessionObjectNamespace,
} from '../../src/edge/fetch-handler.ts';
import { createSessionObjectClass } from '../../src/edge/session-object.ts';
import { LOAD_MAX_SESSIONS, LOAD_WORKSPACE_BYTES, loadSuite } from './load-suite.ts';

export const McpSessionObject = createSessionObjectClass({
  createSuite: loadSuite,
  workspaceBytes: LOAD_WORKSPACE_BYTES,
});

let handler: FetchHandler | undefined;

export default {
  fetch(request: Request, env: { MCP_SESSIONS?: SessionObjectNamespace } = {}): Promise<Response> {
    handler ??= createFetchHandler({
      createSuite: loadSuite,
      workspaceBytes: LOAD_WORKSPACE_BYTES,
      workspaceBudgetBytes: LOAD_MAX_SESSIONS * LOAD_WORKSPACE_BYTES,
      // The isolate's table; Durable Object sessions run without a deployment cap, as by default.
      ...(env.MCP_SESSIONS ? { sessionObjects: env.MCP_SESSIONS } : { maxSessions: LOAD_MAX_SESSIONS }),
    });
    return handler(request);
  },
};
