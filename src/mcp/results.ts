/**
 * A remote `CallToolResult` on the three channels, and the failures of a remote call as error results
 * that name the server. Text for the model is made here, and in `./output-schema.ts` for content that
 * breaks a tool's output schema.
 */

import { type JsonObject, type PartialToolResult, ToolError } from '../index.ts';
import { errorMessage } from '../shared/index.ts';

/** The parts of an MCP `CallToolResult` the bridge reads (structural, so any SDK version fits). */
export interface RemoteCallResult {
  content?: unknown;
  structuredContent?: unknown;
  isError?: unknown;
  _meta?: unknown;
}

/** Which server and tool a result came from, for messages and `details`. */
export interface RemoteCallOrigin {
  /** The server's label: its `serverInfo.name`, or the `name` option of the mount. */
  server: string;
  /** The tool's name on the server (without the mount's prefix). */
  tool: string;
}

type Block = Record<string, unknown>;

/**
 * Maps a remote result onto the three channels:
 *
 * - `output`: text blocks, in order, joined by a blank line; an image, audio clip or binary resource is
 *   a one-line placeholder (`[image: image/png, 68 bytes]`), an embedded text resource is its URI line
 *   and its text, a resource link is `[resource link: uri]`. Without any block, the JSON of
 *   `structuredContent`;
 * - `structured_output`: `structuredContent` when the server sent it; otherwise the binary parts as data
 *   (`images`, `audio`: `{ mime_type, data_base64 }`; `resources`: `{ uri, mime_type?, text?, blob_base64? }`);
 * - `details`: `mcp_server`, `mcp_tool`, and the raw `content` blocks for a UI to render.
 *
 * `isError: true` throws a {@link ToolError} whose message is the server's text, so the suite reports
 * `is_error: true` with the server's own words.
 */
export function fromCallToolResult(
  result: RemoteCallResult,
  origin: RemoteCallOrigin,
  maxOutputBytes: number = DEFAULT_MAX_OUTPUT_BYTES,
): PartialToolResult {
  const blocks: Block[] = Array.isArray(result.content) ? result.content.filter(isObject) : [];
  const lines = blocks.map(describeBlock).filter((line) => line !== '');
  const structuredContent = isObject(result.structuredContent)
    ? (result.structuredContent as JsonObject)
    : undefined;
  const details = { mcp_server: origin.server, mcp_tool: origin.tool, content: blocks };
  if (result.isError === true) {
    const message =
      lines.length > 0
        ? lines.join('\n\n')
        : `MCP server "${origin.server}" reported an error in tool "${origin.tool}" without a message. Check the arguments, or use another tool.`;
    throw new ToolError(message, { data: { mcp_server: origin.server, mcp_tool: origin.tool }, details });
  }
  let output = lines.join('\n\n');
  if (output === '' && structuredContent) output = JSON.stringify(structuredContent);
  if (output === '') output = 'The tool returned no content.';
  return {
    output: capped(output, maxOutputBytes),
    structured_output: structuredContent ?? binaryParts(blocks),
    details,
  };
}

/** Bytes of `output` a remote result may fill by default: the built-in tools' 50 KB. */
export const DEFAULT_MAX_OUTPUT_BYTES: number = 50 * 1024;

/**
 * `output` cut to `maxBytes` of UTF-8 at the last line break before the limit (or mid-line when a
 * single line is longer), with a notice. `structured_output` and `details.content` keep everything here; the suite's channel
 * budget bounds them (1 MiB of JSON each by default), spilling the full JSON.
 */
function capped(output: string, maxBytes: number): string {
  const bytes = new TextEncoder().encode(output);
  if (bytes.length <= maxBytes) return output;
  // `fatal: false` drops a character split at the cut instead of throwing.
  let kept = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, maxBytes))
    .replace(/\uFFFD$/, '');
  const lastBreak = kept.lastIndexOf('\n');
  if (lastBreak > 0) kept = kept.slice(0, lastBreak);
  const shown = new TextEncoder().encode(kept).length;
  return `${kept}\n\n[Output truncated: showing the first ${shown} of ${bytes.length} bytes. Call the tool again with arguments that select less (a narrower path, query or range).]`;
}

/**
 * One MCP content block (of a tool result or a prompt message) as the text `output` gives it: a text
 * block's text, a placeholder line for an image, audio clip or binary resource, an embedded text
 * resource's URI line and text, `[resource link: uri]`.
 */
export function contentBlockText(block: unknown): string {
  return isObject(block) ? describeBlock(block) : '';
}

function describeBlock(block: Block): string {
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' ? block.text : '';
    case 'image':
    case 'audio':
      return `[${block.type}: ${String(block.mimeType)}, ${base64Bytes(block.data)} bytes]`;
    case 'resource_link':
      return `[resource link: ${String(block.uri)}]`;
    case 'resource': {
      const resource = isObject(block.resource) ? block.resource : {};
      if (typeof resource.text === 'string') return `[resource: ${String(resource.uri)}]\n${resource.text}`;
      return `[resource: ${String(resource.uri)}, ${String(resource.mimeType ?? 'binary')}, ${base64Bytes(resource.blob)} bytes]`;
    }
    default:
      return `[${String(block.type)} content]`;
  }
}

function binaryParts(blocks: readonly Block[]): JsonObject {
  const media = (type: string): JsonObject[] =>
    blocks
      .filter((block) => block.type === type && typeof block.data === 'string')
      .map((block) => ({ mime_type: String(block.mimeType), data_base64: String(block.data) }));
  const resources = blocks
    .filter((block) => block.type === 'resource' && isObject(block.resource))
    .map((block) => {
      const { uri, mimeType, text, blob } = block.resource as Block;
      const entry: JsonObject = { uri: String(uri) };
      if (typeof mimeType === 'string') entry.mime_type = mimeType;
      if (typeof text === 'string') entry.text = text;
      if (typeof blob === 'string') entry.blob_base64 = blob;
      return entry;
    });
  const parts: JsonObject = {};
  const images = media('image');
  const audio = media('audio');
  if (images.length > 0) parts.images = images;
  if (audio.length > 0) parts.audio = audio;
  if (resources.length > 0) parts.resources = resources;
  return parts;
}

/** Decoded size of a base64 string, without decoding it. */
function base64Bytes(data: unknown): number {
  if (typeof data !== 'string') return 0;
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

/** MCP's JSON-RPC code for a request the client gave up waiting for. */
const REQUEST_TIMEOUT = -32001;

/**
 * The error a failed remote call becomes: a timeout or a transport failure, named after the server.
 * An abort is left to the suite (it reports aborted calls itself).
 */
export function remoteCallError(error: unknown, origin: RemoteCallOrigin, timeoutMs: number): ToolError {
  const data = { mcp_server: origin.server, mcp_tool: origin.tool };
  const code = isObject(error) ? error.code : undefined;
  if (code === REQUEST_TIMEOUT) {
    return new ToolError(
      `MCP server "${origin.server}" did not answer within ${formatSeconds(timeoutMs)}, so the call was abandoned (it may still finish on the server). Try again later, or use another tool.`,
      { code: 'MCP_TIMEOUT', data },
    );
  }
  const message = errorMessage(error);
  return new ToolError(
    `MCP server "${origin.server}" failed: ${firstLine(message)}. The call may not have run; try again, or use another tool.`,
    { code: 'MCP_FAILED', data },
  );
}

function formatSeconds(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

function firstLine(message: string): string {
  const line = (message.split('\n')[0] ?? '').replace(/\.$/, '');
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

function isObject(value: unknown): value is Block {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
