/**
 * The ready-made worker, `dist/edge/worker.js`, as Cloudflare runs it: built by `npm run build:edge`
 * (into a temporary file: see edge-worker.ts),
 * started in workerd through Miniflare (offline, without the `nodejs_compat` flag) and driven by the
 * official MCP SDK `Client` over `StreamableHTTPClientTransport`. Also checks the bundle itself: one
 * self-contained ES module that imports no Node built-in.
 */
import { builtinModules } from 'node:module';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolSuite } from '../../src/index.ts';
import { mountMcpServer } from '../../src/mcp/index.ts';
import { buildEdgeWorker, textOf } from './edge-worker.ts';

const TOKEN = 'edge-test-token';
/** A date the bundled workerd supports; no compatibility flags. */
const COMPATIBILITY_DATE = '2026-04-01';

const BUILTINS = ['read', 'write', 'edit', 'bash', 'grep', 'find', 'ls', 'tool_search'];

let source = '';
let miniflare: Miniflare | undefined;
let endpoint: URL;
/** The same worker without `MCP_TOKEN`: origins are checked, sessions are ended by each test. */
let tokenless: Miniflare | undefined;
let tokenlessEndpoint: URL;
const clients: Client[] = [];

/** A connected client of the worker, closed after the file. */
async function connect(token = TOKEN): Promise<Client> {
  const client = new Client({ name: 'workerd-test', version: '1.0.0' });
  // The client reports the SSE stream it aborts on close; that is not a failure of the server.
  client.onerror = () => {};
  await client.connect(
    new StreamableHTTPClientTransport(endpoint, {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  clients.push(client);
  return client;
}

beforeAll(async () => {
  source = buildEdgeWorker();
  miniflare = new Miniflare({
    modules: true,
    script: source,
    compatibilityDate: COMPATIBILITY_DATE,
    bindings: { MCP_TOKEN: TOKEN },
  });
  endpoint = new URL('/mcp', await miniflare.ready);
  tokenless = new Miniflare({ modules: true, script: source, compatibilityDate: COMPATIBILITY_DATE });
  tokenlessEndpoint = new URL('/mcp', await tokenless.ready);
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await Promise.all([miniflare?.dispose(), tokenless?.dispose()]);
});

/** A client of the worker without `MCP_TOKEN`, sending `headers` (an `Origin`, say). */
async function connectTokenless(headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'workerd-test', version: '1.0.0' });
  client.onerror = () => {};
  await client.connect(new StreamableHTTPClientTransport(tokenlessEndpoint, { requestInit: { headers } }));
  return client;
}

/** Ends the client's session with DELETE (`close` alone leaves it to expire), then closes the client. */
async function end(client: Client): Promise<void> {
  const transport = client.transport;
  if (transport instanceof StreamableHTTPClientTransport) await transport.terminateSession();
  await client.close();
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

/**
 * Module specifiers of import statements, dynamic imports and `require` calls in `code`. Lexical, so
 * conservative: a string that merely looks like one counts too (the bundle holds a few, in code that Ajv
 * generates as text), but a real one is never missed unless its specifier is computed.
 */
function specifiersOf(code: string): string[] {
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(["'`])([^"'`\s]+)\1/g;
  return [...code.matchAll(pattern)].map((match) => match[2] ?? '');
}

describe('the worker bundle', () => {
  it('imports no Node built-in: workerd provides none without the nodejs_compat flag', () => {
    const nodeBuiltins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
    const isNodeBuiltin = (specifier: string): boolean =>
      specifier.startsWith('node:') || nodeBuiltins.has(specifier);
    expect(specifiersOf('import{gunzipSync as a}from"node:zlib";await import("fs");require("path")')).toEqual(
      ['node:zlib', 'fs', 'path'],
    );
    expect(specifiersOf(source).filter(isNodeBuiltin)).toEqual([]);
    // just-bash's browser build imports node:zlib; the build swaps in the edge stand-in.
    expect(source).toContain(
      'compression is not available in the browser and edge builds of the embedded shell',
    );
    // A static import left in the file would fail the Miniflare start below, which provides no modules.
    // Its exports: the worker and the Durable Object class of the MCP_SESSIONS binding.
    expect(source).toMatch(/export\s*\{\s*[\w$]+\s+as\s+McpSessionObject\s*,\s*[\w$]+\s+as\s+default\s*\}/);
  });
});

describe('the worker in workerd, driven by the MCP SDK client', () => {
  it('lists tools, writes and reads, runs bash, searches, hears list_changed and calls the activated tool', async () => {
    const client = await connect();
    let listChanged = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      listChanged += 1;
    });

    const before = await client.listTools();
    expect(before.tools.map((tool) => tool.name)).toEqual(BUILTINS);

    const write = await client.callTool({
      name: 'write',
      arguments: { path: 'src/hello.txt', content: 'hello edge\n' },
    });
    expect(write.isError).toBe(false);
    expect(textOf(write)).toBe('Wrote 11 bytes to src/hello.txt (new file).');
    const read = await client.callTool({ name: 'read', arguments: { path: 'src/hello.txt' } });
    expect(textOf(read)).toBe('hello edge');
    expect(read.structuredContent).toMatchObject({ path: 'src/hello.txt', content: 'hello edge\n' });

    const bash = await client.callTool({
      name: 'bash',
      arguments: { command: 'pwd && wc -c < src/hello.txt' },
    });
    expect(bash.isError).toBe(false);
    expect(textOf(bash)).toBe('/workspace\n11');
    const gzip = await client.callTool({ name: 'bash', arguments: { command: 'echo x | gzip' } });
    expect(gzip.isError).toBe(true);
    expect(textOf(gzip)).toBe(
      'gzip: compression is not available in the browser and edge builds of the embedded shell\n\nbash: Command exited with code 1.',
    );

    const search = await client.callTool({
      name: 'tool_search',
      arguments: { query: 'sha-256 digest', limit: 1 },
    });
    expect(textOf(search)).toBe(
      'Found 1 tool for "sha-256 digest". It is available from your next call:\n- hash_text: Compute the SHA-256 hash (or SHA-1, SHA-384, SHA-512) of a text, as a hex digest. The text is encoded as UTF-8.',
    );
    expect(listChanged).toBe(1);

    const after = await client.listTools();
    expect(after.tools.map((tool) => tool.name)).toEqual([...BUILTINS, 'hash_text']);
    const hash = await client.callTool({ name: 'hash_text', arguments: { text: 'hello' } });
    expect(hash.isError).toBe(false);
    expect(textOf(hash)).toBe(
      'SHA-256 of 5 bytes: 2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
    );
    expect(hash.structuredContent).toEqual({
      algorithm: 'SHA-256',
      hex: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
      bytes: 5,
    });
  });

  it('gives two clients separate workspaces', async () => {
    const [first, second] = await Promise.all([connect(), connect()]);
    await first.callTool({ name: 'write', arguments: { path: 'mine.txt', content: 'first only\n' } });
    await second.callTool({ name: 'write', arguments: { path: 'yours.txt', content: 'second only\n' } });

    expect(textOf(await first.callTool({ name: 'ls', arguments: {} }))).toBe('mine.txt');
    expect(textOf(await second.callTool({ name: 'ls', arguments: {} }))).toBe('yours.txt');
    const missing = await second.callTool({ name: 'read', arguments: { path: 'mine.txt' } });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toBe('read: mine.txt does not exist. Check the path with ls or find.');
  });

  it('mounts on a local suite with mountMcpServer over Streamable HTTP, token in the headers', async () => {
    const suite = createToolSuite({ builtins: false, policy: { read: 'allow', fs_write: 'deny' } });
    const mount = await mountMcpServer(
      suite,
      { url: endpoint, headers: { Authorization: `Bearer ${TOKEN}` } },
      { mode: 'direct' },
    );
    try {
      expect(mount.tools()).toEqual(BUILTINS);
      const ls = await suite.execute('ls', {});
      expect(ls).toMatchObject({ is_error: false, output: '(empty directory)' });
      const write = await suite.execute('write', { path: 'x.txt', content: 'no' });
      expect(write.output).toBe(
        'Tool "write" was denied by policy (effect fs_write), so it did not run. Do not retry it; use a tool without that effect or ask the user.',
      );
      // MCP annotations cannot say "exec": bash arrives as a non-read-only local tool of a filesystem-like
      // server, so it gets fs_write, the strictest effect they allow.
      expect(suite.effects('bash')).toEqual(['fs_write']);
      const grep = await suite.execute('grep', { pattern: 'x' });
      expect(grep.is_error).toBe(false);
    } finally {
      await (mount.client.transport as StreamableHTTPClientTransport).terminateSession();
      await mount.unmount();
    }
    expect(suite.list()).toEqual([]);
  });

  it('refuses a bad token', async () => {
    await expect(connect('not-the-token')).rejects.toThrow(
      'Streamable HTTP error: Error POSTing to endpoint: {"jsonrpc":"2.0","error":{"code":-32000,"message":"Unauthorized: the bearer token is not valid for this server. Send the token it was configured with."},"id":null}',
    );
    const anonymous = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{}',
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="mcp"');
  });

  it('answers malformed JSON-RPC with a JSON-RPC error and keeps serving', async () => {
    const client = await connect();
    const transport = client.transport;
    if (!(transport instanceof StreamableHTTPClientTransport) || transport.sessionId === undefined) {
      throw new Error('the client has no session');
    }
    const send = (body: string): Promise<Response> =>
      fetch(endpoint, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${TOKEN}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': transport.sessionId ?? '',
        },
        body,
      });

    const garbage = await send('{"jsonrpc": "2.0", "method": ');
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error: Invalid JSON' },
      id: null,
    });
    const notJsonRpc = await send('{"jsonrpc": "1.0", "method": 5}');
    expect(notJsonRpc.status).toBe(400);
    expect(await notJsonRpc.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error: Invalid JSON-RPC message' },
      id: null,
    });

    const bash = await client.callTool({ name: 'bash', arguments: { command: 'echo still serving' } });
    expect(textOf(bash)).toBe('still serving');
  });
});

describe('the worker in workerd without MCP_TOKEN', () => {
  it('refuses a page from another origin, and serves localhost pages and clients that send no Origin', async () => {
    const foreign = await fetch(tokenlessEndpoint, {
      method: 'POST',
      headers: {
        origin: 'https://evil.example',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: INITIALIZE,
    });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32000,
        message:
          'Forbidden: requests from origin https://evil.example are not allowed. This server has no bearer token, so it accepts browser requests from localhost origins only; its operator can allow other origins with allowedOrigins.',
      },
      id: null,
    });

    const page = await connectTokenless({ origin: 'http://localhost:8787' });
    const script = await connectTokenless();
    expect((await page.listTools()).tools.map((tool) => tool.name)).toEqual(BUILTINS);
    expect(textOf(await script.callTool({ name: 'bash', arguments: { command: 'echo no origin' } }))).toBe(
      'no origin',
    );
    await Promise.all([end(page), end(script)]);
  });

  it('gives a session 16 MiB of workspace, and a write beyond it names the limit', async () => {
    const client = await connectTokenless();
    const chunk = 'x'.repeat(3 * 1024 * 1024);
    const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });
    expect((await call('write', { path: 'a.txt', content: chunk })).isError).toBe(false);
    expect((await call('bash', { command: 'cat a.txt a.txt a.txt > b.txt' })).isError).toBe(false);
    expect((await call('bash', { command: 'cat a.txt > c.txt' })).isError).toBe(false);

    const write = await call('write', { path: 'd.txt', content: chunk });
    expect(write.isError).toBe(true);
    expect(textOf(write)).toBe(
      'write: The workspace is full (its limit is 16.0MB): d.txt could not be written. Remove files you no longer need and try again.',
    );
    const append = await call('bash', { command: 'cat a.txt >> c.txt' });
    expect(append.isError).toBe(true);
    expect(textOf(append)).toBe(
      'ENOSPC: in-memory filesystem byte limit exceeded (16777216 bytes)\n\nbash: Command exited with code 1.',
    );
    await end(client);
  }, 60_000);

  it('shares a 64 MiB budget: a fifth session ends the least-recently-used idle one instead of being refused', async () => {
    const held = await Promise.all([1, 2, 3, 4].map(() => connectTokenless()));
    for (const [index, client] of held.entries()) {
      await client.callTool({ name: 'write', arguments: { path: 'who.txt', content: String(index) } });
    }
    const next = await connectTokenless();
    expect((await next.listTools()).tools.map((tool) => tool.name)).toEqual(BUILTINS);
    const [first, ...others] = held;
    if (first === undefined) throw new Error('no session was opened');
    await expect(first.listTools()).rejects.toThrow('was closed while idle to make room for a new session');
    for (const [index, client] of others.entries()) {
      const read = await client.callTool({ name: 'read', arguments: { path: 'who.txt' } });
      expect(textOf(read)).toContain(String(index + 1));
    }
    await first.close();
    await Promise.all([next, ...others].map(end));
  });
});
