/**
 * Resumable streams in workerd (Miniflare), the ready-made worker driven by the MCP SDK client over
 * real HTTP: the response to a `bash` call that sleeps is cut after its first event, as a lost
 * connection cuts it (the client's side fails, the server's is cancelled); the client reconnects with
 * `Last-Event-ID` and must get the call's result. Durable Object mode keeps the events in the
 * object's SQLite storage; in-isolate mode in the isolate's memory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEdgeWorker, textOf } from './edge-worker.ts';

const COMPATIBILITY_DATE = '2026-04-01';

let persistDir = '';
let objects: Miniflare;
let memory: Miniflare;
const endpoints: Record<string, URL> = {};

beforeAll(async () => {
  persistDir = mkdtempSync(join(tmpdir(), 'mcp-resume-'));
  const script = buildEdgeWorker();
  objects = new Miniflare({
    modules: true,
    script,
    compatibilityDate: COMPATIBILITY_DATE,
    durableObjects: { MCP_SESSIONS: { className: 'McpSessionObject', useSQLite: true } },
    durableObjectsPersist: persistDir,
  });
  memory = new Miniflare({ modules: true, script, compatibilityDate: COMPATIBILITY_DATE });
  endpoints['Durable Object'] = new URL('/mcp', await objects.ready);
  endpoints['in-isolate'] = new URL('/mcp', await memory.ready);
}, 90_000);

afterAll(async () => {
  await Promise.all([objects?.dispose(), memory?.dispose()]);
  rmSync(persistDir, { recursive: true, force: true });
});

/** Each request the client sent: its method and Last-Event-ID. */
type Seen = { method: string; lastEventId: string | null }[];

/** `fetch` that delivers the first chunk of a `tools/call` response, then drops the connection. */
function droppingFetch(seen: Seen) {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    seen.push({ method: request.method, lastEventId: request.headers.get('last-event-id') });
    const isCall = request.method === 'POST' && (await request.clone().text()).includes('"tools/call"');
    const response = await fetch(request);
    if (!isCall || response.body === null) return response;
    const reader = response.body.getReader();
    const first = await reader.read();
    let delivered = false;
    const dropped = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!delivered && !first.done) {
          delivered = true;
          controller.enqueue(first.value);
          return;
        }
        reader.cancel().catch(() => undefined);
        controller.error(new TypeError('network connection lost'));
      },
    });
    return new Response(dropped, { status: response.status, headers: response.headers });
  };
}

describe.each(['Durable Object', 'in-isolate'])('%s sessions in workerd', (mode) => {
  it('give a client whose connection broke mid-call the result when it reconnects with Last-Event-ID', async () => {
    const seen: Seen = [];
    const client = new Client({ name: 'resume-workerd', version: '1.0.0' });
    client.onerror = () => {};
    await client.connect(
      new StreamableHTTPClientTransport(endpoints[mode] as URL, {
        fetch: droppingFetch(seen),
        reconnectionOptions: {
          initialReconnectionDelay: 100,
          maxReconnectionDelay: 1000,
          reconnectionDelayGrowFactor: 1.5,
          maxRetries: 10,
        },
      }),
    );
    const result = await client.callTool({
      name: 'bash',
      arguments: { command: 'sleep 1; echo done after the drop' },
    });
    expect(textOf(result)).toBe('done after the drop');
    const resume = seen.find((request) => request.lastEventId !== null);
    expect(resume?.method).toBe('GET');
    expect(resume?.lastEventId).toMatch(/:\d+$/);
    await client.close();
  }, 120_000);
});
