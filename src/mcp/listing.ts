/**
 * Listing a server's tools within documented caps: pages followed, tools kept, a cursor never followed
 * twice, and each tool checked on its own against the SDK's `Tool` schema and the size caps (every
 * string the mount stores or declares), so that one malformed or oversized tool is skipped (and
 * named) while the rest mount. The SDK's `listTools` validates the whole page at once and rejects
 * every tool for one bad one, so pages are requested with the SDK's paginated-result schema, which
 * checks the cursor and lets `tools` through unread. Imports the SDK's client and types.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { PaginatedResultSchema, ToolSchema } from '@modelcontextprotocol/sdk/types.js';
import type { RemoteTool } from './effects.ts';

/** Pages of `tools/list` one listing follows at most, by default. */
export const DEFAULT_MAX_LIST_PAGES = 100;
/** Tools one listing keeps at most, by default. */
export const DEFAULT_MAX_TOOLS = 10_000;
/** Characters of a tool's description, title or annotation text mounted at most, by default. */
export const DEFAULT_MAX_DESCRIPTION_CHARS = 16_384;
/** Characters of JSON of a tool's `inputSchema` (and, apart, its `outputSchema`) mounted at most, by default. */
export const DEFAULT_MAX_SCHEMA_CHARS = 65_536;

/** The caps of one listing (see the `MountMcpServerOptions` of the same names). */
export interface ListingCaps {
  maxPages: number;
  maxTools: number;
  maxDescriptionChars: number;
  maxSchemaChars: number;
}

/** A tool the listing left out, and why (the mount's `skipped()` entries). */
export interface LeftOutTool {
  name: string;
  reason: string;
}

/** A failure of the listing as a whole: a cap on pages or tools, or a cursor the server repeated. */
export class McpListingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'McpListingError';
  }
}

const count = (value: number): string => value.toLocaleString('en-US');

/**
 * Every page of `tools/list`, within `caps`: the tools that pass, and those left out with a reason.
 * Throws {@link McpListingError} when the server repeats a cursor or goes over `maxPages` or
 * `maxTools`; nothing of such a listing is kept.
 */
export async function listTools(
  client: Client,
  server: string,
  caps: ListingCaps,
): Promise<{ tools: RemoteTool[]; skipped: LeftOutTool[] }> {
  const tools: RemoteTool[] = [];
  const skipped: LeftOutTool[] = [];
  const cursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 1; ; page += 1) {
    const params = cursor === undefined ? {} : { cursor };
    const listed = await client.request({ method: 'tools/list', params }, PaginatedResultSchema);
    const { tools: raws } = listed as { tools?: unknown };
    if (!Array.isArray(raws)) throw noToolArray(server, page);
    // One by one: a server's page of 200,000 tools spread as arguments would overflow the stack.
    for (const raw of raws) {
      const checked = checkTool(raw, caps);
      if ('reason' in checked) skipped.push(checked);
      else tools.push(checked);
      if (tools.length + skipped.length > caps.maxTools) throw tooManyTools(server, caps.maxTools);
    }
    cursor = listed.nextCursor;
    if (cursor === undefined) return { tools, skipped };
    if (cursors.has(cursor)) throw repeatedCursor(server, cursor, page);
    if (page >= caps.maxPages) throw tooManyPages(server, caps.maxPages);
    cursors.add(cursor);
  }
}

function noToolArray(server: string, page: number): McpListingError {
  return new McpListingError(
    `MCP server "${server}" answered tools/list (page ${count(page)}) without a tools array, so none of its tools were mounted.`,
  );
}

function tooManyTools(server: string, maxTools: number): McpListingError {
  return new McpListingError(
    `MCP server "${server}" lists more than ${count(maxTools)} tools (maxTools), so its listing was stopped and none of it was mounted. Mount it with a larger maxTools if you mean to.`,
  );
}

function tooManyPages(server: string, maxPages: number): McpListingError {
  return new McpListingError(
    `MCP server "${server}" lists its tools on more than ${count(maxPages)} pages (maxPages), so its listing was stopped and none of it was mounted. Mount it with a larger maxPages if you mean to.`,
  );
}

function repeatedCursor(server: string, cursor: string, page: number): McpListingError {
  const shown = cursor.length > 80 ? `${cursor.slice(0, 80)}…` : cursor;
  return new McpListingError(
    `MCP server "${server}" sent the cursor ${JSON.stringify(shown)} again after page ${count(page)} of its tool list, which would list the same tools forever, so its listing was stopped and none of it was mounted.`,
  );
}

/** The longest tool name MCP allows, and the catalog registers. */
const MAX_NAME_CHARS = 128;

/** A listed tool as a `RemoteTool`, or why it is left out: the SDK's `Tool` schema, then the size caps. */
function checkTool(raw: unknown, caps: ListingCaps): RemoteTool | LeftOutTool {
  const name = nameOf(raw);
  const parsed = ToolSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
    return { name, reason: `it is not a valid MCP tool (${where}${issue?.message ?? 'invalid'})` };
  }
  const tool = mountedFields(parsed.data as RemoteTool);
  const reason = overCap(tool, caps);
  return reason === undefined ? tool : { name, reason };
}

/**
 * The fields the mount stores or declares, and only those: `_meta`, `icons` and `execution` are read
 * by nothing here, so they are dropped with the listing instead of being checked against a cap.
 */
function mountedFields(tool: RemoteTool): RemoteTool {
  const kept: RemoteTool = { name: tool.name };
  if (tool.title !== undefined) kept.title = tool.title;
  if (tool.description !== undefined) kept.description = tool.description;
  if (tool.inputSchema !== undefined) kept.inputSchema = tool.inputSchema;
  if (tool.outputSchema !== undefined) kept.outputSchema = tool.outputSchema;
  if (tool.annotations !== undefined) kept.annotations = tool.annotations;
  return kept;
}

/**
 * Why a tool is over a cap, or `undefined`: its name over MCP's 128 characters; its description,
 * title, or any string of its annotations (`annotations.title` becomes the title when there is none)
 * over `maxDescriptionChars`; its `inputSchema` or `outputSchema` over `maxSchemaChars` as JSON.
 */
function overCap(tool: RemoteTool, caps: ListingCaps): string | undefined {
  if (tool.name.length > MAX_NAME_CHARS) {
    return `its name has ${count(tool.name.length)} characters, more than the ${MAX_NAME_CHARS} a tool name may have`;
  }
  const texts: [string, unknown][] = [
    ['description', tool.description],
    ['title', tool.title],
    ...Object.entries(tool.annotations ?? {}).map(([key, value]): [string, unknown] => [
      `annotations.${key}`,
      value,
    ]),
  ];
  for (const [field, text] of texts) {
    if (typeof text === 'string' && text.length > caps.maxDescriptionChars) {
      return `its ${field} has ${count(text.length)} characters, more than the ${count(caps.maxDescriptionChars)} mounted (maxDescriptionChars)`;
    }
  }
  for (const field of ['inputSchema', 'outputSchema'] as const) {
    const schema = tool[field];
    if (schema === undefined) continue;
    const size = JSON.stringify(schema).length;
    if (size > caps.maxSchemaChars) {
      return `its ${field} has ${count(size)} characters of JSON, more than the ${count(caps.maxSchemaChars)} mounted (maxSchemaChars)`;
    }
  }
  return undefined;
}

/** The name a listed tool gives itself, for a skipped entry (cut short; `(unnamed)` when it has none). */
function nameOf(raw: unknown): string {
  const name = typeof raw === 'object' && raw !== null ? (raw as { name?: unknown }).name : undefined;
  if (typeof name !== 'string' || name === '') return '(unnamed)';
  return name.length > 128 ? `${name.slice(0, 128)}…` : name;
}
