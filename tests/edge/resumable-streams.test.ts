/**
 * Resumable streams in the in-isolate mode, driven by the MCP SDK's own client through a `fetch` that
 * calls the handler directly and can break a response mid-call as a lost connection would: the client
 * reconnects with `Last-Event-ID` and gets the result of the call that finished while it was away; a
 * client that never comes back has its call cancelled after `resumeGraceMs`; tools activated outside a
 * call reach the client on the standalone GET stream; and the event store's bounds. The same in
 * workerd, on both session modes, is in resumable-workerd.test.ts.
 * Reaches inside: registerDemoTools (the ready-made worker's demo catalog) and the memory event store with
 * its bounds (createMemoryEventStore, MAX_STORED_EVENTS, MAX_STORED_EVENT_CHARS in src/edge/event-store.ts)
 * are exported by no entry; the bounds are checked on the store itself.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  LATEST_PROTOCOL_VERSION,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { registerDemoTools } from '../../src/edge/demo-tools.ts';
import {
  createMemoryEventStore,
  MAX_STORED_EVENT_CHARS,
  MAX_STORED_EVENTS,
} from '../../src/edge/event-store.ts';
import { createFetchHandler, type FetchHandler } from '../../src/edge/index.ts';
import { createToolSuite, type ToolSession, type ToolSuite } from '../../src/index.ts';

const MCP = 'http://edge.test/mcp';

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}
function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** What the client's fetch saw: each request's method and Last-Event-ID. */
type Seen = { method: string; lastEventId: string | null }[];

/**
 * A `fetch` to `handler` that delivers the first chunk of the response to a `tools/call` (the priming
 * event, which carries the stream's first event ID), then fails the stream as a dropped connection
 * does and cancels the server's side. `beforeResume` runs before a GET with `Last-Event-ID` goes out.
 */
function droppingFetch(
  handler: FetchHandler,
  seen: Seen,
  beforeResume: () => Promise<void> = async () => {},
) {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const lastEventId = request.headers.get('last-event-id');
    seen.push({ method: request.method, lastEventId });
    if (lastEventId !== null) await beforeResume();
    const isCall = request.method === 'POST' && (await request.clone().text()).includes('"tools/call"');
    const response = await handler(request);
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

async function connect(fetch: ReturnType<typeof droppingFetch>): Promise<Client> {
  const client = new Client({ name: 'resume-test', version: '1.0.0' });
  client.onerror = () => {};
  const transport = new StreamableHTTPClientTransport(new URL(MCP), {
    fetch,
    reconnectionOptions: {
      initialReconnectionDelay: 20,
      maxReconnectionDelay: 500,
      reconnectionDelayGrowFactor: 1.5,
      maxRetries: 10,
    },
  });
  await client.connect(transport);
  return client;
}

/** A suite with one tool that waits for `gate` and tells `returned` when it has returned. */
function gatedSuite(gate: Promise<void>, returned: Deferred<void>): ToolSuite {
  const suite = createToolSuite();
  suite.register(
    {
      name: 'slow_echo',
      description: 'Echoes once released.',
      parameters: { type: 'object', properties: {} },
    },
    'direct',
    async () => {
      await gate;
      queueMicrotask(() => returned.resolve());
      return { output: 'finished while the client was away' };
    },
  );
  return suite;
}

describe('resumable streams (in-isolate sessions)', () => {
  it('give a client whose connection broke mid-call the result, when it reconnects with Last-Event-ID', async () => {
    const gate = deferred<void>();
    const returned = deferred<void>();
    const seen: Seen = [];
    const handler = createFetchHandler({ createSuite: () => gatedSuite(gate.promise, returned) });
    // The call finishes while the client is away: its result is stored, then replayed.
    const client = await connect(
      droppingFetch(handler, seen, async () => {
        gate.resolve();
        await returned.promise;
      }),
    );
    const result = await client.callTool({ name: 'slow_echo', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'finished while the client was away' }]);
    const resumes = seen.filter((request) => request.lastEventId !== null);
    expect(resumes.length).toBeGreaterThanOrEqual(1);
    expect(resumes[0]?.method).toBe('GET');
    expect(resumes[0]?.lastEventId).toMatch(/^[0-9a-f-]{36}:\d+$/);
    // The session goes on as before.
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('slow_echo');
    await client.close();
  }, 60_000);

  it('cancel the call of a client that left and never came back, after resumeGraceMs', async () => {
    let aborted = deferred<string>();
    const handler = createFetchHandler({
      resumeGraceMs: 300,
      createSuite: () => {
        const suite = createToolSuite();
        suite.register(
          {
            name: 'wait',
            description: 'Waits to be aborted.',
            parameters: { type: 'object', properties: {} },
          },
          'direct',
          (_args, context) =>
            new Promise((_resolve, reject) => {
              context.signal.addEventListener('abort', () => {
                aborted.resolve('aborted');
                reject(new Error('aborted'));
              });
            }),
        );
        return suite;
      },
    });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const opened = await handler(
      new Request(MCP, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: LATEST_PROTOCOL_VERSION,
            capabilities: {},
            clientInfo: { name: 'raw', version: '1' },
          },
        }),
      }),
    );
    const session = { ...headers, 'mcp-session-id': opened.headers.get('mcp-session-id') ?? '' };
    await opened.body?.cancel();
    // A client of the current protocol gets a priming event it could resume from; one that sends no
    // protocol version (the 2025-03-26 default) gets none, and cannot resume: both are cancelled.
    const variants: [Record<string, string>, RegExp][] = [
      [{ 'mcp-protocol-version': LATEST_PROTOCOL_VERSION }, /^id: [0-9a-f-]{36}:\d+\n/],
      [{}, /^: keepalive|^event: /],
    ];
    for (const [extra, firstChunk] of variants) {
      aborted = deferred<string>();
      const call = await handler(
        new Request(MCP, {
          method: 'POST',
          headers: { ...session, ...extra },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 2,
            method: 'tools/call',
            params: { name: 'wait', arguments: {} },
          }),
        }),
      );
      const reader = call.body?.getReader();
      if (extra['mcp-protocol-version'] !== undefined) {
        expect(new TextDecoder().decode((await reader?.read())?.value)).toMatch(firstChunk);
      }
      await reader?.cancel();
      expect(await aborted.promise).toBe('aborted');
    }
  }, 60_000);

  it('send tools activated outside a call on the standalone GET stream', async () => {
    const sessions: ToolSession[] = [];
    const handler = createFetchHandler({
      createSuite: () => {
        const suite = createToolSuite();
        registerDemoTools(suite);
        const createSession = suite.createSession.bind(suite);
        suite.createSession = (options) => {
          const session = createSession(options);
          sessions.push(session);
          return session;
        };
        return suite;
      },
    });
    const seen: Seen = [];
    const client = await connect(droppingFetch(handler, seen));
    const heard = deferred<void>();
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => heard.resolve());
    // The client opens the standalone stream itself once initialized.
    for (let tries = 0; !seen.some((request) => request.method === 'GET') && tries < 3000; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(seen.some((request) => request.method === 'GET' && request.lastEventId === null)).toBe(true);
    sessions[0]?.activate(['hash_text']);
    await heard.promise;
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('hash_text');
    await client.close();
  }, 60_000);
});

describe('the memory event store', () => {
  it(`keeps the last ${MAX_STORED_EVENTS} events and refuses IDs it never made`, async () => {
    const store = createMemoryEventStore();
    const ids: string[] = [];
    for (let index = 0; index < MAX_STORED_EVENTS + 44; index += 1) {
      ids.push(await store.storeEvent(index % 2 === 0 ? 'a' : 'b', { jsonrpc: '2.0', method: `m${index}` }));
    }
    expect(await store.getStreamIdForEventId?.(ids[0] ?? '')).toBeUndefined();
    expect(await store.getStreamIdForEventId?.(ids[44] ?? '')).toBe('a');
    const replayed: string[] = [];
    const stream = await store.replayEventsAfter(ids.at(-4) ?? '', {
      send: async (id, message) => {
        replayed.push(`${id} ${'method' in message ? message.method : ''}`);
      },
    });
    expect(stream).toBe('a');
    expect(replayed).toEqual([`a:${MAX_STORED_EVENTS + 43} m${MAX_STORED_EVENTS + 42}`]);
    for (const made of ['x', 'a:0', 'a:1e3', '__proto__:1', 'a:300', 'b:301', ':1']) {
      expect(await store.getStreamIdForEventId?.(made), made).toBeUndefined();
    }
  });
  it('keeps, for a response too large to store, an error response with its ID that says so', async () => {
    const store = createMemoryEventStore();
    const first = await store.storeEvent('a', { jsonrpc: '2.0', method: 'notifications/progress' });
    const big = 'x'.repeat(MAX_STORED_EVENT_CHARS);
    await store.storeEvent('a', {
      jsonrpc: '2.0',
      id: 7,
      result: { content: [{ type: 'text', text: big }] },
    });
    // A notification that large is sent and not stored at all.
    expect(
      await store.storeEvent('a', { jsonrpc: '2.0', method: 'notifications/message', params: { big } }),
    ).toBe('a:0');
    const replayed: unknown[] = [];
    await store.replayEventsAfter(first, {
      send: async (_id, message) => {
        replayed.push(message);
      },
    });
    expect(replayed).toEqual([
      {
        jsonrpc: '2.0',
        id: 7,
        error: {
          code: -32000,
          message: `The response to this request was sent once and not kept for a resumed stream: it was ${MAX_STORED_EVENT_CHARS + 73} characters of JSON, more than a resumed stream keeps (${MAX_STORED_EVENT_CHARS}). Send the request again.`,
        },
      },
    ]);
  });
});
