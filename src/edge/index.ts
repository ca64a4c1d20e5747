/**
 * `browser-agent-tools/edge`: the tool suite as an MCP server (Streamable HTTP) behind a standard fetch
 * handler, for Cloudflare Workers, Deno, Bun and service workers. Explicit named exports only: adding a
 * name here makes it public API. Pulls in `@modelcontextprotocol/sdk`'s server, which no other entry
 * does.
 */
export {
  createFetchHandler,
  DEFAULT_BODY_TIMEOUT_MS,
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_MCP_PATH,
  DEFAULT_SERVER_INFO,
  DEFAULT_WORKSPACE_BUDGET_BYTES,
  DEFAULT_WORKSPACE_BYTES,
  type FetchHandler,
  type FetchHandlerOptions,
  MAX_REQUEST_BODY_BYTES,
  type SessionObjectNamespace,
  type SuiteContext,
} from './fetch-handler.ts';
export { CONTROL_META_KEY, DETAILS_META_KEY, type ServerInfo, toCallToolResult } from './mcp-server.ts';
export {
  createSessionObjectClass,
  McpSessionObject,
  type SessionObjectClass,
  type SessionObjectOptions,
} from './session-object.ts';
export type { SessionObjectState, SessionObjectStorage } from './session-object-storage.ts';
