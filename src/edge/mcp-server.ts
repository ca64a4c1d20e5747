/**
 * One MCP session's protocol server: `@modelcontextprotocol/sdk`'s `Server` with two handlers that
 * hand `tools/list` to `declarations(session)` and `tools/call` to `executeCall`, and the mapping of a
 * three-channel result onto an MCP `CallToolResult`. Protocol work (initialize, negotiation, JSON-RPC
 * validation, errors) is the SDK's. Imports the package root entry and the SDK only.
 */

// The low-level `Server` is marked deprecated in favour of `McpServer`, whose tools are zod-typed and
// fixed per server. Tools here are JSON Schema, and their list differs per session and changes as
// tool_search activates tools: exactly the "advanced use case" the SDK keeps `Server` for.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import {
  type ToolResult,
  type ToolSession,
  type ToolSpec,
  type ToolSuite,
  toProviderTools,
} from '../index.ts';

/** `_meta` key of a call result's `details` (the UI channel). */
export const DETAILS_META_KEY = 'browser-agent-tools/details';
/** `_meta` key of a call result's `control` directives, when the tool issued any. */
export const CONTROL_META_KEY = 'browser-agent-tools/control';

/** Name and version the server reports in `initialize`. */
export interface ServerInfo {
  /** The server's name, as clients show it. */
  name: string;
  /** The server's version. */
  version: string;
}

/** What {@link createSessionServer} needs besides the suite and the session. */
export interface SessionServerHooks {
  /** Reported in `initialize`. */
  serverInfo: ServerInfo;
  /** Called when a `tools/call` starts running. */
  onCallStart(): void;
  /**
   * Called when a `tools/call` has finished, successfully or not; the result is sent once what it
   * returns has settled (a Durable Object stores the session there, before the client sees the result).
   * A string says what the call changed could not be stored: the call then fails with it.
   */
  onCallEnd(): string | undefined | Promise<string | undefined>;
}

/**
 * Creates the protocol server of one MCP session, bound to `session` of `suite`:
 *
 * - `initialize` advertises `tools` with `listChanged: true`;
 * - `tools/list` returns `suite.declarations(session)` rendered by `toProviderTools(…, 'mcp')`, each
 *   spec carrying the effects `suite.effects` resolves, so annotations are derived from them;
 * - `tools/call` runs `suite.executeCall(params, { session, signal })` and returns
 *   {@link toCallToolResult} of it. When the call activated deferred tools in the session (through
 *   `control.add_tools`), `notifications/tools/list_changed` is sent first, on the same response
 *   stream, so the client hears of the new tools before it sees the result; tools activated outside a
 *   call are announced without a related request, on the standalone stream a client opens with GET.
 *
 * Never throws on client input: the SDK answers malformed requests with JSON-RPC errors, and
 * `executeCall` never throws.
 */
export function createSessionServer(
  suite: ToolSuite,
  session: ToolSession,
  hooks: SessionServerHooks,
): Server {
  const server = new Server(hooks.serverInfo, {
    capabilities: { tools: { listChanged: true } },
    // The default validator (Ajv) compiles schemas with `new Function`, which workers forbid.
    jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
  });

  // Tools activated by a call are announced on that call's stream, before its result; tools activated
  // outside any call (by the host) on the session's standalone stream, which a client opens with GET.
  let listChanged = false;
  let callsRunning = 0;
  session.subscribe((event) => {
    if (event.type !== 'activated') return;
    if (callsRunning > 0) listChanged = true;
    else server.sendToolListChanged().catch(() => undefined);
  });

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: toMcpTools(suite, suite.declarations(session)),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    hooks.onCallStart();
    callsRunning += 1;
    let result: ToolResult;
    try {
      result = await suite.executeCall(request.params, { session, signal: extra.signal });
      if (listChanged) {
        listChanged = false;
        await extra.sendNotification({ method: 'notifications/tools/list_changed' });
      }
    } catch (error) {
      callsRunning -= 1;
      await hooks.onCallEnd();
      throw error;
    }
    callsRunning -= 1;
    const failure = await hooks.onCallEnd();
    return typeof failure === 'string' ? storageFailed(result, failure) : toCallToolResult(result);
  });

  return server;
}

/**
 * The result of a call whose changes could not be stored: an error, whatever the call returned, since
 * the client must not take for kept what a restart of the session would lose. Its output follows.
 */
function storageFailed(result: ToolResult, failure: string): CallToolResult {
  const mapped = toCallToolResult(result);
  const text = `${failure} What this call changed lives only in this session's memory until a later call stores it, and is lost if the session restarts. The call's own output:\n${result.output}`;
  return { ...mapped, content: [{ type: 'text', text }], isError: true };
}

/**
 * Renders declarations as MCP tools. Effects come from `suite.effects` (agent configuration, catalog,
 * built-in table), so a built-in tool, whose spec carries none, still gets its annotations; a tool of
 * unknown effects gets none.
 */
function toMcpTools(suite: ToolSuite, specs: readonly ToolSpec[]): Tool[] {
  const withEffects = specs.map((spec): ToolSpec => {
    const effects = suite.effects(spec.name);
    return effects === null ? spec : { ...spec, effects };
  });
  // Catalog-form schemas are always `type: "object"`; the SDK's `Tool` type wants that spelled out.
  return toProviderTools(withEffects, 'mcp').map(
    ({ inputSchema, outputSchema, ...tool }): Tool => ({
      ...tool,
      inputSchema: { ...inputSchema, type: 'object' },
      ...(outputSchema !== undefined ? { outputSchema: { ...outputSchema, type: 'object' } } : {}),
    }),
  );
}

/**
 * Maps a three-channel result onto an MCP `CallToolResult`, one channel to one field:
 *
 * - `output` → `content[0]`, a text block (the text the model reads);
 * - an image that `read` returned (`structured_output.mime_type` `image/…` with `data_base64`) → also an
 *   image block after the text, so MCP clients show the image to the model;
 * - `structured_output` → `structuredContent`;
 * - `is_error` → `isError`;
 * - `details` → `_meta["browser-agent-tools/details"]`, and `control`, when present,
 *   → `_meta["browser-agent-tools/control"]` (for hosts; models do not read `_meta`).
 */
export function toCallToolResult(result: ToolResult): CallToolResult {
  const content: CallToolResult['content'] = [{ type: 'text', text: result.output }];
  const { mime_type: mimeType, data_base64: data } = result.structured_output;
  if (!result.is_error && typeof mimeType === 'string' && mimeType.startsWith('image/')) {
    if (typeof data === 'string') content.push({ type: 'image', data, mimeType });
  }
  const meta: Record<string, unknown> = { [DETAILS_META_KEY]: result.details };
  if (result.control !== undefined) meta[CONTROL_META_KEY] = result.control;
  return {
    content,
    structuredContent: result.structured_output,
    isError: result.is_error,
    _meta: meta,
  };
}
