/**
 * The worker the edge load benchmark (bench/sections/edge-load.ts) bundles and runs in Miniflare: the
 * ready-made worker's suite, with 1 MiB workspaces and a 64 MiB budget so 50 sessions fit in one
 * isolate, and the Durable Object class of the same suite. With an `MCP_SESSIONS` binding, sessions
 * live in Durable Objects; without, in the isolate.
 */
import { registerDemoTools } from '../../src/edge/demo-tools.ts';
import {
  createFetchHandler,
  type FetchHandler,
  type SessionObjectNamespace,
  type SuiteContext,
} from '../../src/edge/fetch-handler.ts';
import { createSessionObjectClass } from '../../src/edge/session-object.ts';
import { createToolSuite, type ToolSuite } from '../../src/index.ts';

const WORKSPACE_BYTES = 1024 * 1024;

function suite({ workspace }: SuiteContext): ToolSuite {
  const created = createToolSuite({ workspace });
  registerDemoTools(created);
  return created;
}

export const McpSessionObject = createSessionObjectClass({
  createSuite: suite,
  workspaceBytes: WORKSPACE_BYTES,
});

let handler: FetchHandler | undefined;

export default {
  fetch(request: Request, env: { MCP_SESSIONS?: SessionObjectNamespace } = {}): Promise<Response> {
    handler ??= createFetchHandler({
      createSuite: suite,
      workspaceBytes: WORKSPACE_BYTES,
      workspaceBudgetBytes: 64 * WORKSPACE_BYTES,
      ...(env.MCP_SESSIONS ? { sessionObjects: env.MCP_SESSIONS } : {}),
    });
    return handler(request);
  },
};
