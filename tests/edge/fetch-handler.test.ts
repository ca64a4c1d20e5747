/**
 * `createFetchHandler` in Node, driven by the SDK's own `Client` through a `fetch` that calls the handler
 * directly: sessions, the idle timeout (on an injected clock), the cap, the bearer token, refusals and
 * the result mapping. Client-facing texts are asserted word for word. The same handler in workerd is
 * tested from the built bundle in worker.test.ts.
 * Reaches inside: registerDemoTools gives the handler the ready-made worker's demo catalog, which the edge
 * entry does not export; formatDuration, how client-facing texts spell a duration, is exported by no entry
 * and is checked on seven values at once.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  LATEST_PROTOCOL_VERSION,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { registerDemoTools } from '../../src/edge/demo-tools.ts';
import { formatDuration } from '../../src/edge/fetch-handler.ts';
import {
  CONTROL_META_KEY,
  createFetchHandler,
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_SERVER_INFO,
  DEFAULT_WORKSPACE_BUDGET_BYTES,
  DEFAULT_WORKSPACE_BYTES,
  DETAILS_META_KEY,
  type FetchHandler,
  type FetchHandlerOptions,
  toCallToolResult,
} from '../../src/edge/index.ts';
import { createToolSuite, type ToolSuite } from '../../src/index.ts';

const BASE = 'http://edge.test';
const MCP = `${BASE}/mcp`;

/** A client of `handler`, connected; `fetch` goes straight to the handler, no network. */
async function connect(handler: FetchHandler, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'edge-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(MCP), {
    fetch: (input, init) => handler(new Request(input, init)),
    requestInit: { headers },
  });
  await client.connect(transport);
  return client;
}

/** Ends the client's session with DELETE, as `close` alone does not, then closes the client. */
async function end(client: Client): Promise<void> {
  const transport = client.transport;
  if (transport instanceof StreamableHTTPClientTransport) await transport.terminateSession();
  await client.close();
}

function sessionIdOf(client: Client): string {
  const transport = client.transport;
  if (!(transport instanceof StreamableHTTPClientTransport) || transport.sessionId === undefined) {
    throw new Error('the client has no session');
  }
  return transport.sessionId;
}

/** A raw POST, the way a client that is not the SDK would send it. */
function post(handler: FetchHandler, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return handler(
    new Request(MCP, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body,
    }),
  );
}

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

/** The JSON-RPC messages of an SSE response body. */
async function sseMessages(response: Response): Promise<unknown[]> {
  const text = await response.text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice('data: '.length)));
}

/** A suite with the demo tools deferred, as the ready-made worker builds it. */
function demoSuite(): ToolSuite {
  const suite = createToolSuite();
  registerDemoTools(suite);
  return suite;
}

function clock(start = 0): { now: () => number; advance: (ms: number) => void } {
  let time = start;
  return { now: () => time, advance: (ms) => (time += ms) };
}

const NOT_FOUND =
  'Session not found: it was ended, expired after 15 minutes without requests, was closed while idle to make room for a new session, or was never opened here. Start a new session: send initialize without an Mcp-Session-Id header.';

describe('createFetchHandler', () => {
  it('initializes with the package name and version, and advertises tools/list_changed', async () => {
    const client = await connect(createFetchHandler());
    const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8'));
    expect(client.getServerVersion()).toEqual({ name: pkg.name, version: pkg.version });
    expect(DEFAULT_SERVER_INFO).toEqual({ name: pkg.name, version: pkg.version });
    expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: true });
    await client.close();
  });

  it('lists declarations(session) in MCP form, with annotations derived from effects', async () => {
    const client = await connect(createFetchHandler({ createSuite: demoSuite }));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'read',
      'write',
      'edit',
      'bash',
      'grep',
      'find',
      'ls',
      'tool_search',
    ]);
    const annotations = Object.fromEntries(tools.map((tool) => [tool.name, tool.annotations]));
    expect(annotations.read).toEqual({ readOnlyHint: true, openWorldHint: false });
    expect(annotations.bash).toEqual({ readOnlyHint: false, openWorldHint: false, destructiveHint: true });
    const suite = createToolSuite();
    expect(tools.find((tool) => tool.name === 'write')?.inputSchema).toEqual(
      suite.get('write')?.spec.parameters,
    );
    await client.close();
  });

  it('a call with a 4-million-character tool name gets a short answer and leaves the server free', async () => {
    const handler = createFetchHandler({ createSuite: demoSuite });
    const client = await connect(handler);
    const other = await connect(handler);
    const name = 'q'.repeat(4_000_000);
    const huge = await client.callTool({ name, arguments: {} });
    expect(huge.isError).toBe(true);
    const text = (huge.content as { type: string; text: string }[])[0]?.text ?? '';
    expect(
      text.startsWith(
        `Unknown tool "${'q'.repeat(64)}…" (4000000 characters): tool names are 1-128 characters`,
      ),
    ).toBe(true);
    expect(text.length).toBeLessThan(2_000);
    const echo = await other.callTool({ name: 'read', arguments: { path: 'missing.txt' } });
    expect(echo.isError).toBe(true);
    await end(client);
    await end(other);
  });

  it('runs calls in the session: activation sends list_changed before the result, then the tool is listed and callable', async () => {
    const client = await connect(createFetchHandler({ createSuite: demoSuite }));
    const events: string[] = [];
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      events.push('list_changed');
    });

    const notLoaded = await client.callTool({ name: 'hash_text', arguments: { text: 'hello' } });
    expect(notLoaded.isError).toBe(true);
    expect(notLoaded.content).toEqual([
      {
        type: 'text',
        text: 'Tool "hash_text" is not loaded yet. Call tool_search with words for what you need (for example "hash text"); matching tools become callable from your next call.',
      },
    ]);

    const search = await client.callTool({
      name: 'tool_search',
      arguments: { query: 'sha-256 digest', limit: 1 },
    });
    events.push('result');
    expect(events).toEqual(['list_changed', 'result']);
    expect(search.content).toEqual([
      {
        type: 'text',
        text: 'Found 1 tool for "sha-256 digest". It is available from your next call:\n- hash_text: Compute the SHA-256 hash (or SHA-1, SHA-384, SHA-512) of a text, as a hex digest. The text is encoded as UTF-8.',
      },
    ]);

    const { tools } = await client.listTools();
    const hash = tools.find((tool) => tool.name === 'hash_text');
    expect(hash?.annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
    const result = await client.callTool({ name: 'hash_text', arguments: { text: 'hello' } });
    expect(result).toEqual({
      content: [
        {
          type: 'text',
          text: 'SHA-256 of 5 bytes: 2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
        },
      ],
      structuredContent: {
        algorithm: 'SHA-256',
        hex: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
        bytes: 5,
      },
      isError: false,
      _meta: { [DETAILS_META_KEY]: { duration_ms: expect.any(Number) } },
    });

    // A search that activates nothing new sends no notification.
    await client.callTool({ name: 'tool_search', arguments: { query: 'sha-256 digest', limit: 1 } });
    expect(events).toEqual(['list_changed', 'result']);
    await client.close();
  });

  it('gives every session its own suite, activations and workspace', async () => {
    const handler = createFetchHandler({ createSuite: demoSuite });
    const first = await connect(handler);
    const second = await connect(handler);
    await first.callTool({ name: 'write', arguments: { path: 'notes.txt', content: 'first\n' } });
    await first.callTool({ name: 'tool_search', arguments: { query: 'sha-256 digest', limit: 1 } });

    const read = await second.callTool({ name: 'read', arguments: { path: 'notes.txt' } });
    expect(read.isError).toBe(true);
    expect(read.content).toEqual([
      { type: 'text', text: 'read: notes.txt does not exist. Check the path with ls or find.' },
    ]);
    expect((await second.listTools()).tools.map((tool) => tool.name)).not.toContain('hash_text');
    expect((await first.listTools()).tools.map((tool) => tool.name)).toContain('hash_text');
    await Promise.all([first.close(), second.close()]);
  });

  it('drops a session after the idle timeout, on the next request, and answers its ID with 404', async () => {
    const time = clock();
    const handler = createFetchHandler({ now: time.now });
    const client = await connect(handler);
    const id = sessionIdOf(client);
    time.advance(DEFAULT_IDLE_TIMEOUT_MS - 1);
    expect((await client.listTools()).tools.length).toBe(8);
    time.advance(DEFAULT_IDLE_TIMEOUT_MS);

    const ping = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' });
    const response = await post(handler, ping, { 'mcp-session-id': id });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32001, message: NOT_FOUND },
      id: null,
    });
    await expect(client.listTools()).rejects.toThrow(
      `Streamable HTTP error: Error POSTing to endpoint: ${JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: NOT_FOUND }, id: null })}`,
    );
  });

  it('never drops a session while one of its calls runs', async () => {
    const time = clock();
    let release = (): void => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = (): void => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const createSuite = (): ToolSuite => {
      const suite = createToolSuite({ builtins: false });
      suite.register(
        { name: 'wait', description: 'Waits.', parameters: { type: 'object' } },
        'direct',
        async () => {
          started();
          await gate;
          return 'done';
        },
      );
      return suite;
    };
    const handler = createFetchHandler({ now: time.now, createSuite, idleTimeoutMs: 1000 });
    const busy = await connect(handler);
    const idle = await connect(handler);
    const call = busy.callTool({ name: 'wait', arguments: {} });
    await running;
    time.advance(5000);
    const other = await connect(handler); // its initialize sweeps the idle sessions
    await expect(idle.listTools()).rejects.toThrow('expired after 1 second without requests');
    release();
    expect((await call).content).toEqual([{ type: 'text', text: 'done' }]);
    expect((await busy.listTools()).tools.map((tool) => tool.name)).toEqual(['wait']);
    await Promise.all([busy.close(), other.close(), idle.close()]);
  });

  it('over the session cap, ends the least-recently-used idle session to make room; 503 only when all are running a call', async () => {
    const time = clock();
    let release = (): void => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const createSuite = (): ToolSuite => {
      const suite = createToolSuite({ builtins: false });
      suite.register(
        { name: 'wait', description: 'Waits.', parameters: { type: 'object' } },
        'direct',
        async () => {
          await gate;
          return 'done';
        },
      );
      return suite;
    };
    const handler = createFetchHandler({ maxSessions: 2, now: time.now, createSuite });
    const older = await connect(handler);
    time.advance(1000);
    const newer = await connect(handler);
    time.advance(1000);
    await older.listTools(); // now `newer` is the one unused longest
    time.advance(1000);
    const third = await connect(handler);
    await expect(newer.listTools()).rejects.toThrow('was closed while idle to make room for a new session');
    expect((await older.listTools()).tools.map((tool) => tool.name)).toEqual(['wait']);

    const calls = [older, third].map((client) => client.callTool({ name: 'wait', arguments: {} }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const refused = await post(handler, INITIALIZE);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32000,
        message:
          'Too many sessions: this server already holds 2 MCP sessions, its limit, and every one is running a call. Retry in 5 seconds, when a call has finished, or end sessions you no longer use with DELETE /mcp.',
      },
      id: null,
    });
    release();
    await Promise.all(calls);
    const fourth = await connect(handler);
    expect((await fourth.listTools()).tools.length).toBe(1);
    await Promise.all([older.close(), newer.close(), third.close(), fourth.close()]);
  });

  it('checks the bearer token on every request', async () => {
    const handler = createFetchHandler({ bearerToken: 's3cret' });
    const missing = await post(handler, INITIALIZE);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="mcp"');
    expect(await missing.json()).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32000,
        message:
          'Unauthorized: this server requires a bearer token. Send it in an "Authorization: Bearer <token>" header.',
      },
      id: null,
    });
    const wrong = await post(handler, INITIALIZE, { authorization: 'Bearer s3cret-not' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer realm="mcp", error="invalid_token"');
    expect(await wrong.json()).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32000,
        message:
          'Unauthorized: the bearer token is not valid for this server. Send the token it was configured with.',
      },
      id: null,
    });
    await expect(connect(handler, { authorization: 'Bearer wrong' })).rejects.toThrow(
      'Streamable HTTP error: Error POSTing to endpoint: {"jsonrpc":"2.0","error":{"code":-32000,"message":"Unauthorized: the bearer token is not valid for this server. Send the token it was configured with."},"id":null}',
    );

    const client = await connect(handler, { authorization: 'Bearer s3cret' });
    expect((await client.listTools()).tools.length).toBe(8);
    await client.close();
  });

  it('refuses origins not allowed, other paths and methods, and requests without a session', async () => {
    const handler = createFetchHandler({ allowedOrigins: ['https://app.example'] });
    const foreign = await post(handler, INITIALIZE, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32000,
        message: 'Forbidden: requests from origin https://evil.example are not allowed.',
      },
      id: null,
    });
    expect((await post(handler, INITIALIZE, { origin: 'https://app.example' })).status).toBe(200);

    const elsewhere = await handler(new Request(`${BASE}/`));
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.text()).toBe('Not found: the MCP endpoint of this server is /mcp.\n');

    for (const method of ['PUT', 'PATCH']) {
      const response = await handler(new Request(MCP, { method, headers: { accept: 'text/event-stream' } }));
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST, GET, DELETE');
      expect(await response.json()).toEqual({
        jsonrpc: '2.0',
        error: {
          code: -32000,
          message:
            'Method Not Allowed: send JSON-RPC messages with POST, open the stream of server messages (or resume one with Last-Event-ID) with GET, and end a session with DELETE.',
        },
        id: null,
      });
    }

    const missingSession = {
      jsonrpc: '2.0',
      error: {
        code: -32000,
        message:
          'Bad Request: Mcp-Session-Id header is required. Open a session with initialize (sent without the header), then send the session ID it returns with every request.',
      },
      id: null,
    };
    const list = await post(handler, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
    expect(list.status).toBe(400);
    expect(await list.json()).toEqual(missingSession);
    const deleted = await handler(new Request(MCP, { method: 'DELETE' }));
    expect(deleted.status).toBe(400);
    expect(await deleted.json()).toEqual(missingSession);
    const stream = await handler(new Request(MCP, { headers: { accept: 'text/event-stream' } }));
    expect(stream.status).toBe(400);
    expect(await stream.json()).toEqual(missingSession);
    const unknown = await post(handler, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), {
      'mcp-session-id': 'no-such-session',
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32001, message: NOT_FOUND },
      id: null,
    });
  });

  it('without a bearer token, refuses browser origins other than localhost', async () => {
    const handler = createFetchHandler();
    for (const origin of ['https://evil.example', 'http://localhost.evil.example', 'null']) {
      const refused = await post(handler, INITIALIZE, { origin });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({
        jsonrpc: '2.0',
        error: {
          code: -32000,
          message: `Forbidden: requests from origin ${origin} are not allowed. This server has no bearer token, so it accepts browser requests from localhost origins only; its operator can allow other origins with allowedOrigins.`,
        },
        id: null,
      });
    }
    for (const origin of [
      'http://localhost:5173',
      'https://localhost',
      'http://127.0.0.1:8787',
      'http://[::1]:3000',
    ]) {
      const client = await connect(handler, { origin });
      expect((await client.listTools()).tools.length).toBe(8);
      await end(client);
    }
    // A client that is not a browser sends no Origin, and DNS rebinding needs a browser.
    const client = await connect(handler);
    expect((await client.listTools()).tools.length).toBe(8);
    await end(client);
  });

  it('with a bearer token, or with allowedOrigins "*", accepts any origin', async () => {
    const guarded = createFetchHandler({ bearerToken: 'dev-token' });
    const withToken = await connect(guarded, {
      origin: 'https://app.example',
      authorization: 'Bearer dev-token',
    });
    expect((await withToken.listTools()).tools.length).toBe(8);
    await withToken.close();
    const refused = await post(guarded, INITIALIZE, { origin: 'https://app.example' });
    expect(refused.status).toBe(401);

    const open = createFetchHandler({ allowedOrigins: ['*'] });
    const anyOrigin = await connect(open, { origin: 'https://anywhere.example' });
    expect((await anyOrigin.listTools()).tools.length).toBe(8);
    await anyOrigin.close();
    // A list replaces the localhost default rather than adding to it.
    const listed = createFetchHandler({ allowedOrigins: ['https://app.example'] });
    expect((await post(listed, INITIALIZE, { origin: 'http://localhost:5173' })).status).toBe(403);
  });

  it('lets pages of allowed origins read its answers (CORS): preflights get 204, refused origins no headers', async () => {
    const handler = createFetchHandler({ bearerToken: 'dev-token', allowedOrigins: ['https://app.example'] });
    // A preflight carries no credentials: it is answered before the bearer check.
    const preflight = await handler(
      new Request(MCP, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://app.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type, mcp-protocol-version',
        },
      }),
    );
    expect(preflight.status).toBe(204);
    expect(Object.fromEntries(preflight.headers)).toMatchObject({
      'access-control-allow-origin': 'https://app.example',
      'access-control-allow-methods': 'POST,GET,DELETE',
      'access-control-allow-headers': 'authorization,content-type,mcp-protocol-version',
      vary: 'Origin, Access-Control-Request-Headers',
    });

    const answered = await post(handler, INITIALIZE, {
      origin: 'https://app.example',
      authorization: 'Bearer dev-token',
    });
    expect(answered.status).toBe(200);
    expect(answered.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(answered.headers.get('access-control-expose-headers')).toBe(
      'Mcp-Session-Id,Mcp-Protocol-Version,WWW-Authenticate,Retry-After',
    );
    expect(answered.headers.get('mcp-session-id')).toMatch(/./);
    // A 401 is readable too, so the page can say that the token is missing.
    const unauthorized = await post(handler, INITIALIZE, { origin: 'https://app.example' });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('access-control-allow-origin')).toBe('https://app.example');

    const foreign = await handler(
      new Request(MCP, {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      }),
    );
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    // Requests without an Origin (not from a browser) get no CORS headers.
    const server = await post(handler, INITIALIZE, { authorization: 'Bearer dev-token' });
    expect(server.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('gives each session a workspace of workspaceBytes; a write beyond it names the limit', async () => {
    const contexts: number[] = [];
    const handler = createFetchHandler({
      workspaceBytes: 64 * 1024,
      createSuite: (context) => {
        contexts.push(context.workspaceBytes);
        return createToolSuite({ workspace: context.workspace });
      },
    });
    const client = await connect(handler);
    const fits = await client.callTool({
      name: 'write',
      arguments: { path: 'fits.txt', content: 'x'.repeat(40 * 1024) },
    });
    expect(fits.isError).toBe(false);
    const full = await client.callTool({
      name: 'write',
      arguments: { path: 'full.txt', content: 'x'.repeat(30 * 1024) },
    });
    expect(full.isError).toBe(true);
    expect(full.content).toEqual([
      {
        type: 'text',
        text: 'write: The workspace is full (its limit is 64.0KB): full.txt could not be written. Remove files you no longer need and try again.',
      },
    ]);
    const append = await client.callTool({
      name: 'bash',
      arguments: { command: 'cat fits.txt >> fits.txt' },
    });
    expect(append.isError).toBe(true);
    expect(append.content).toEqual([
      {
        type: 'text',
        text: 'ENOSPC: in-memory filesystem byte limit exceeded (65536 bytes)\n\nbash: Command exited with code 1.',
      },
    ]);
    expect(contexts).toEqual([64 * 1024]);
    await client.close();
  });

  it('gives the default suite a 16 MiB workspace out of a 64 MiB budget', async () => {
    expect([DEFAULT_WORKSPACE_BYTES, DEFAULT_WORKSPACE_BUDGET_BYTES]).toEqual([
      16 * 1024 * 1024,
      64 * 1024 * 1024,
    ]);
    const client = await connect(createFetchHandler());
    const chunk = 'x'.repeat(3 * 1024 * 1024);
    const written = await client.callTool({ name: 'write', arguments: { path: 'a.txt', content: chunk } });
    expect(written.isError).toBe(false);
    const fits = await client.callTool({
      name: 'bash',
      arguments: { command: 'cat a.txt a.txt a.txt > b.txt' },
    });
    expect(fits.isError).toBe(false);
    const full = await client.callTool({ name: 'bash', arguments: { command: 'cat a.txt a.txt > c.txt' } });
    expect(full.content).toEqual([
      {
        type: 'text',
        text: 'ENOSPC: in-memory filesystem byte limit exceeded (16777216 bytes)\n\nbash: Command exited with code 1.',
      },
    ]);
    await end(client);
  }, 30_000);

  it('reserves workspaceBytes of the shared budget per session: a full budget ends the least-recently-used idle session', async () => {
    const time = clock();
    const handler = createFetchHandler({
      now: time.now,
      workspaceBytes: 1024 * 1024,
      workspaceBudgetBytes: 2.5 * 1024 * 1024,
    });
    const first = await connect(handler);
    await first.callTool({ name: 'write', arguments: { path: 'mine.txt', content: 'first' } });
    time.advance(60_000);
    const second = await connect(handler);
    time.advance(60_000);
    // Four clients that close without DELETE (as the SDK client does) no longer lock the server out.
    const reconnecting = [];
    for (let index = 0; index < 4; index += 1) {
      const client = await connect(handler);
      reconnecting.push(client);
      await client.close();
      time.advance(1000);
    }
    await expect(first.listTools()).rejects.toThrow('was closed while idle to make room for a new session');
    await expect(second.listTools()).rejects.toThrow('was closed while idle to make room for a new session');
    const last = await connect(handler);
    const read = await last.callTool({ name: 'read', arguments: { path: 'mine.txt' } });
    expect(read.isError).toBe(true);
    expect((await last.listTools()).tools.length).toBe(8);
    await last.close();
  });

  it('answers malformed JSON-RPC with JSON-RPC errors and keeps serving the session', async () => {
    const handler = createFetchHandler();
    const client = await connect(handler);
    const session = { 'mcp-session-id': sessionIdOf(client) };

    const garbage = await post(handler, '{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error: Invalid JSON' },
      id: null,
    });
    const inSession = await post(handler, 'not json', session);
    expect(inSession.status).toBe(400);
    expect(await inSession.json()).toMatchObject({
      error: { code: -32700, message: 'Parse error: Invalid JSON' },
    });
    const notJsonRpc = await post(handler, JSON.stringify({ hello: 'world' }), session);
    expect(notJsonRpc.status).toBe(400);
    expect(await notJsonRpc.json()).toMatchObject({
      error: { code: -32700, message: 'Parse error: Invalid JSON-RPC message' },
    });
    const unknownMethod = await post(
      handler,
      JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/explode' }),
      session,
    );
    expect(await sseMessages(unknownMethod)).toEqual([
      { jsonrpc: '2.0', id: 9, error: { code: -32601, message: 'Method not found' } },
    ]);
    const badParams = await post(
      handler,
      JSON.stringify({ jsonrpc: '2.0', id: 10, method: 'tools/call', params: { arguments: 5 } }),
      session,
    );
    // The SDK reports params that fail its schema as -32603 with the schema's complaints.
    const [reply] = await sseMessages(badParams);
    expect(reply).toMatchObject({ jsonrpc: '2.0', id: 10, error: { code: -32603 } });
    expect(JSON.stringify(reply)).toContain('Invalid input: expected string, received undefined');

    const tooLarge = await post(handler, 'x'.repeat(4 * 1024 * 1024 + 1));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({
      error: { code: -32000, message: 'Payload Too Large: Request body must not exceed 4194304 bytes' },
    });

    const result = await client.callTool({ name: 'bash', arguments: { command: 'echo still here' } });
    expect(result.content).toEqual([{ type: 'text', text: 'still here' }]);
    await client.close();
  });

  it('turns an unexpected failure into a 500 JSON-RPC error and reports it', async () => {
    const errors: unknown[] = [];
    const handler = createFetchHandler({
      createSuite: () => {
        throw new Error('no suite today');
      },
      onError: (error) => errors.push(error),
    });
    const response = await post(handler, INITIALIZE);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32603,
        message:
          'Internal error: the server failed to handle this request. Retry it; if it fails again, start a new session.',
      },
      id: null,
    });
    expect(errors).toEqual([new Error('no suite today')]);
  });

  it('throws UsageError for malformed options', () => {
    const cases: [FetchHandlerOptions, string][] = [
      [{ path: 'mcp' }, 'createFetchHandler: path must start with "/", got "mcp".'],
      [
        { bearerToken: '' },
        'createFetchHandler: bearerToken must be a non-empty string; leave it out to accept every request.',
      ],
      [
        { path: '/mcp/:id' },
        'createFetchHandler: path must be a literal path, without : * { } ? or #, got "/mcp/:id".',
      ],
      [{ maxSessions: 0 }, 'createFetchHandler: maxSessions must be an integer of at least 1, got 0.'],
      [
        { bodyTimeoutMs: 0 },
        'createFetchHandler: bodyTimeoutMs must be a positive number of milliseconds, got 0.',
      ],
      [
        { idleTimeoutMs: -1 },
        'createFetchHandler: idleTimeoutMs must be a positive number of milliseconds, got -1.',
      ],
      [
        { workspaceBytes: 0.5 },
        'createFetchHandler: workspaceBytes must be a positive whole number of bytes, got 0.5.',
      ],
      [
        { workspaceBytes: 1024, workspaceBudgetBytes: 1000 },
        'createFetchHandler: workspaceBudgetBytes must be a whole number of bytes of at least workspaceBytes (1024), so one session fits; got 1000.',
      ],
      [
        { allowedOrigins: ['https://app.example/'] },
        'createFetchHandler: allowedOrigins must list origins as browsers send them, such as "https://app.example" or "http://localhost:5173" (scheme, host and port; no path, no trailing slash), or "*" for any; got "https://app.example/".',
      ],
      [
        { allowedOrigins: ['https://app.example:443'] },
        'createFetchHandler: allowedOrigins must list origins as browsers send them, such as "https://app.example" or "http://localhost:5173" (scheme, host and port; no path, no trailing slash), or "*" for any; got "https://app.example:443".',
      ],
    ];
    for (const [options, message] of cases) expect(() => createFetchHandler(options)).toThrow(message);
    expect(DEFAULT_MAX_SESSIONS).toBe(100);
  });
});

describe('createFetchHandler bearerToken', () => {
  const advice =
    'which an "Authorization: Bearer" header cannot carry (RFC 6750), so no request could ever match it. Use only letters, digits and - . _ ~ + /, with = allowed only at the end: a random hex or base64url string works.';

  it('refuses a token a client cannot send, naming the first bad character but never the token', () => {
    const cases: [string, string][] = [
      ['a long random secret', 'has a space at character 2'],
      ['abc=def', 'has "=" at character 4'],
      ['tok\u00e9n', 'has U+00E9 at character 4'],
      ['"quoted"', 'has "\\"" at character 1'],
      ['line\nbreak', 'has U+000A at character 5'],
      ['==', 'is only "=" padding'],
    ];
    for (const [bearerToken, problem] of cases) {
      expect(() => createFetchHandler({ bearerToken })).toThrow(
        `createFetchHandler: bearerToken ${problem}, ${advice}`,
      );
    }
  });

  it('accepts every RFC 6750 b64token, and the client that sends it', async () => {
    for (const bearerToken of ['Zm9vYmFy', 'a-b.c_d~e+f/g', 'padded==', '0123456789abcdef']) {
      expect(() => createFetchHandler({ bearerToken })).not.toThrow();
    }
    const token = 'mF_9.B5f-4.1JqM+/x==';
    const client = await connect(createFetchHandler({ bearerToken: token }), {
      authorization: `Bearer ${token}`,
    });
    expect((await client.listTools()).tools.length).toBe(8);
    await client.close();
  });
});

describe('toCallToolResult', () => {
  it('maps each channel to one field of the MCP result', () => {
    const control = { handoff: { to: 'billing' } };
    expect(
      toCallToolResult({
        output: 'Handing over.',
        structured_output: { ok: true },
        details: { duration_ms: 3 },
        control,
        is_error: false,
      }),
    ).toEqual({
      content: [{ type: 'text', text: 'Handing over.' }],
      structuredContent: { ok: true },
      isError: false,
      _meta: { [DETAILS_META_KEY]: { duration_ms: 3 }, [CONTROL_META_KEY]: control },
    });
  });

  it('adds an image block for an image that read returned', () => {
    const result = toCallToolResult({
      output: 'Read image a.png (image/png, 3 bytes).',
      structured_output: { path: 'a.png', mime_type: 'image/png', data_base64: 'AAEC', bytes: 3 },
      details: { duration_ms: 1 },
      is_error: false,
    });
    expect(result.content).toEqual([
      { type: 'text', text: 'Read image a.png (image/png, 3 bytes).' },
      { type: 'image', data: 'AAEC', mimeType: 'image/png' },
    ]);
  });

  it('formats the idle timeout for clients', () => {
    expect([900_000, 60_000, 3_600_000, 7_200_000, 1000, 90_000, 1500].map(formatDuration)).toEqual([
      '15 minutes',
      '1 minute',
      '1 hour',
      '2 hours',
      '1 second',
      '90 seconds',
      '1500 ms',
    ]);
  });
});
