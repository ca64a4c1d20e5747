/**
 * The checks before a session, as the hono middleware applies them: a body that trickles (slow-loris)
 * is cut off after `bodyTimeoutMs` with a 408 whose text is asserted word for word, its source
 * cancelled, while a body that arrives in pieces in time is served; `Authorization` headers hono finds
 * malformed get the same two 401s as before; and no edge module imports another that imports it back.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createFetchHandler, DEFAULT_BODY_TIMEOUT_MS, type FetchHandler } from '../../src/edge/index.ts';

const MCP = 'http://edge.test/mcp';
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: LATEST_PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: { name: 'raw', version: '1' },
  },
});
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** A body that sends `first` and then nothing, ever; `cancelled` turns true when the server lets it go. */
function tricklingBody(first: string): { body: ReadableStream<Uint8Array>; state: { cancelled: boolean } } {
  const state = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(first));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { body, state };
}

function streamed(handler: FetchHandler, body: ReadableStream<Uint8Array>): Promise<Response> {
  const init: RequestInit & { duplex: 'half' } = { method: 'POST', headers: HEADERS, body, duplex: 'half' };
  return handler(new Request(MCP, init));
}

describe('the body deadline', () => {
  it('answers 40 bodies that trickle with 408 after bodyTimeoutMs and lets each go', async () => {
    const handler = createFetchHandler({ bodyTimeoutMs: 300 });
    const slow = Array.from({ length: 40 }, () => tricklingBody(INITIALIZE.slice(0, 20)));
    const responses = await Promise.all(slow.map(({ body }) => streamed(handler, body)));
    for (const response of responses) {
      expect(response.status).toBe(408);
      expect(await response.json()).toEqual({
        jsonrpc: '2.0',
        error: {
          code: -32000,
          message:
            'Request Timeout: the request body did not arrive in full within 300 ms, so the server stopped reading it. Send the whole JSON-RPC message at once and retry.',
        },
        id: null,
      });
    }
    expect(slow.every(({ state }) => state.cancelled)).toBe(true);
  }, 60_000);

  it('names the default of 30 seconds, and serves a body that arrives in pieces in time', async () => {
    expect(DEFAULT_BODY_TIMEOUT_MS).toBe(30_000);
    const handler = createFetchHandler();
    const bytes = new TextEncoder().encode(INITIALIZE);
    const pieces = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let start = 0; start < bytes.length; start += 7)
          controller.enqueue(bytes.slice(start, start + 7));
        controller.close();
      },
    });
    const response = await streamed(handler, pieces);
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toMatch(/./);
    await response.body?.cancel();

    const short = createFetchHandler({ bodyTimeoutMs: 2000 });
    const { body } = tricklingBody('{');
    const refused = await streamed(short, body);
    expect(refused.status).toBe(408);
    expect((await refused.json()).error.message).toBe(
      'Request Timeout: the request body did not arrive in full within 2 seconds, so the server stopped reading it. Send the whole JSON-RPC message at once and retry.',
    );
  }, 60_000);
});

describe('the bearer check', () => {
  it('answers Authorization headers that are not a bearer token, or a malformed one, with the usual 401s', async () => {
    const handler = createFetchHandler({ bearerToken: 's3cret' });
    const missing =
      'Unauthorized: this server requires a bearer token. Send it in an "Authorization: Bearer <token>" header.';
    const wrong =
      'Unauthorized: the bearer token is not valid for this server. Send the token it was configured with.';
    const cases: [string, string, string][] = [
      ['Basic czNjcmV0', missing, 'Bearer realm="mcp"'],
      ['Bearer', missing, 'Bearer realm="mcp"'],
      ['Bearer s3cret!', wrong, 'Bearer realm="mcp", error="invalid_token"'],
      ['bearer S3CRET', wrong, 'Bearer realm="mcp", error="invalid_token"'],
    ];
    for (const [authorization, message, challenge] of cases) {
      const response = await handler(
        new Request(MCP, { method: 'POST', headers: { ...HEADERS, authorization }, body: INITIALIZE }),
      );
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get('www-authenticate'), authorization).toBe(challenge);
      expect(await response.json()).toEqual({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
    }
    const right = await handler(
      new Request(MCP, {
        method: 'POST',
        headers: { ...HEADERS, authorization: 'bearer s3cret' },
        body: INITIALIZE,
      }),
    );
    expect(right.status).toBe(200);
    await right.body?.cancel();
  });
});

const EDGE = resolve(import.meta.dirname, '../../src/edge');

/** The edge modules each edge module imports (relative imports only, type imports included). */
function edgeImports(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of readdirSync(EDGE).filter((name) => name.endsWith('.ts'))) {
    const source = readFileSync(join(EDGE, file), 'utf8');
    const targets = [...source.matchAll(/from '\.\/([\w-]+\.ts)'/g)].map((match) => match[1] ?? '');
    graph.set(file, targets);
  }
  return graph;
}

/** Every cycle of `graph`, each as the path from a module back to itself. */
function cycles(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  const walk = (path: string[]): void => {
    for (const next of graph.get(path.at(-1) ?? '') ?? []) {
      if (next === path[0]) found.push([...path, next].join(' → '));
      else if (!path.includes(next) && next > (path[0] ?? '')) walk([...path, next]);
    }
  };
  for (const start of graph.keys()) walk([start]);
  return found;
}

describe('the edge modules', () => {
  it('import one another without a circle', () => {
    const graph = edgeImports();
    expect(graph.get('fetch-handler.ts')).toContain('session-routing.ts');
    expect(cycles(graph)).toEqual([]);
    // The check finds a circle when there is one.
    const circled = new Map(graph);
    circled.set('responses.ts', [...(graph.get('responses.ts') ?? []), 'fetch-handler.ts']);
    expect(cycles(circled)).toContain('fetch-handler.ts → responses.ts → fetch-handler.ts');
  });
});
