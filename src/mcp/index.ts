/**
 * `browser-agent-tools/mcp`: mount the tools of an MCP server on a suite. Explicit named exports only.
 * Uses `@modelcontextprotocol/sdk`'s client; its stdio transport (Node only) is imported lazily, only
 * when a command is mounted, so this entry runs in browsers and workers too.
 */
export type { McpHttpSource, McpSource, McpStdioSource } from './connect.ts';
export {
  effectsOfRemoteTool,
  looksLikeFilesystem,
  type RemoteTool,
  type RemoteToolInfo,
} from './effects.ts';
export {
  DEFAULT_MAX_DESCRIPTION_CHARS,
  DEFAULT_MAX_LIST_PAGES,
  DEFAULT_MAX_SCHEMA_CHARS,
  DEFAULT_MAX_TOOLS,
  McpListingError,
} from './listing.ts';
export {
  DEFAULT_MCP_TIMEOUT_MS,
  type McpMount,
  type MountMcpServerOptions,
  mountMcpServer,
  type SkippedTool,
} from './mount.ts';
export {
  contentBlockText,
  DEFAULT_MAX_OUTPUT_BYTES,
  fromCallToolResult,
  type RemoteCallOrigin,
  type RemoteCallResult,
} from './results.ts';
export {
  type McpWireError,
  type McpWireEvent,
  type McpWireListener,
  type McpWireMessage,
  withWireLog,
} from './wire-log.ts';
