/**
 * What every edge module answers with, in one place so none imports another for it: the JSON-RPC error
 * response (the shape the SDK's transport writes its own in), the 404 of a session no one answers to,
 * the check that a request without a session ID is an `initialize`, and the formatter that puts
 * durations into those texts (sizes are worded by the shared `formatSize`, as the tools word them).
 * Imports the SDK's message guard only.
 */
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';

/** A JSON-RPC error response, as the SDK's transport writes its own (`id: null`). */
export function jsonRpcError(
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

/** The 404 text for a session ID no session answers to. */
export function sessionNotFound(idleTimeoutMs: number): string {
  return `Session not found: it was ended, expired after ${formatDuration(idleTimeoutMs)} without requests, was closed while idle to make room for a new session, or was never opened here. Start a new session: send initialize without an Mcp-Session-Id header.`;
}

const MISSING_SESSION =
  'Bad Request: Mcp-Session-Id header is required. Open a session with initialize (sent without the header), then send the session ID it returns with every request.';

/**
 * The `initialize` a request without a session ID must be: its body, or the refusal to answer. The
 * body was read already, within the size and time limits (see access.ts), so reading it again is quick.
 */
export async function readInitialize(request: Request): Promise<Response | { text: string; body: unknown }> {
  if (request.method !== 'POST') return jsonRpcError(400, -32000, MISSING_SESSION);
  const text = await request.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return jsonRpcError(400, -32700, 'Parse error: Invalid JSON');
  }
  const initializes = Array.isArray(body) ? body.some(isInitializeRequest) : isInitializeRequest(body);
  return initializes ? { text, body } : jsonRpcError(400, -32000, MISSING_SESSION);
}

/** `plural(1, 'second')` → `"1 second"`, `plural(2, 'second')` → `"2 seconds"`. */
export function plural(count: number, noun: string): string {
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
