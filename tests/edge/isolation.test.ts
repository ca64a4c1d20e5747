/**
 * Session isolation of the edge server, attacked the way an outsider would: a client chooses its
 * `Mcp-Session-Id` and every header it sends, so neither may reach an internal object, trigger an
 * internal action, or make the server store anything for a session it never opened. Durable Object
 * mode runs the ready-made worker in workerd (Miniflare, objects persisted to a directory, so what an
 * attack left behind can be counted); in-memory mode runs the same worker without the binding.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEdgeWorker, bundleWorker, textOf } from './edge-worker.ts';

const COMPATIBILITY_DATE = '2026-04-01';
/** The names the router used for its internal traffic before isolation was fixed. */
const REGISTRY_NAME = 'browser-agent-tools:session-registry';
const INTERNAL_HEADERS = {
  registry: 'x-browser-agent-tools-registry',
  evict: 'x-browser-agent-tools-evict',
  session: 'x-browser-agent-tools-session',
};

const NOT_FOUND =
  'Session not found: it was ended, expired after 15 minutes without requests, was closed while idle to make room for a new session, or was never opened here. Start a new session: send initialize without an Mcp-Session-Id header.';

let source = '';
let persistDir = '';
let objects: Miniflare;
let objectsEndpoint: URL;
let memory: Miniflare;
let memoryEndpoint: URL;

beforeAll(async () => {
  persistDir = mkdtempSync(join(tmpdir(), 'mcp-isolation-'));
  source = buildEdgeWorker();
  objects = new Miniflare({
    modules: true,
    script: source,
    compatibilityDate: COMPATIBILITY_DATE,
    durableObjects: { MCP_SESSIONS: { className: 'McpSessionObject', useSQLite: true } },
    durableObjectsPersist: persistDir,
  });
  objectsEndpoint = new URL('/mcp', await objects.ready);
  memory = new Miniflare({ modules: true, script: source, compatibilityDate: COMPATIBILITY_DATE });
  memoryEndpoint = new URL('/mcp', await memory.ready);
}, 90_000);

afterAll(async () => {
  await Promise.all([objects?.dispose(), memory?.dispose()]);
  rmSync(persistDir, { recursive: true, force: true });
});

async function connect(endpoint: URL): Promise<Client> {
  const client = new Client({ name: 'isolation-test', version: '1.0.0' });
  client.onerror = () => {};
  await client.connect(new StreamableHTTPClientTransport(endpoint));
  return client;
}

function sessionIdOf(client: Client): string {
  const transport = client.transport;
  if (!(transport instanceof StreamableHTTPClientTransport) || transport.sessionId === undefined) {
    throw new Error('the client has no session');
  }
  return transport.sessionId;
}

async function end(client: Client): Promise<void> {
  const transport = client.transport;
  if (transport instanceof StreamableHTTPClientTransport) await transport.terminateSession();
  await client.close();
}

/** A raw request with the headers an attacker chose. */
function send(
  endpoint: URL,
  headers: Record<string, string>,
  body?: string,
  method = 'POST',
): Promise<Response> {
  return fetch(endpoint, {
    method,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    ...(body === undefined ? {} : { body }),
  });
}

const TOOLS_LIST = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' });

/** Files and bytes under `dir`, recursively. */
function footprint(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

/**
 * Bytes of data under `dir`: the SQLite databases and their write-ahead logs. Leaves out the `-shm`
 * files, the shared-memory index SQLite makes whenever it opens a database, even only to read it.
 */
function storedBytes(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && !entry.name.endsWith('-shm'))
      bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return bytes;
}

function randomHex(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length / 2));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** IDs a client could make up: random UUIDs, random 64-digit hex (the shape of an object ID), names. */
function madeUpIds(count: number): string[] {
  const ids: string[] = [REGISTRY_NAME, 'registry', '__proto__', 'x'.repeat(5000)];
  while (ids.length < count) ids.push(ids.length % 2 === 0 ? crypto.randomUUID() : randomHex(64));
  return ids;
}

describe.each([
  ['Durable Object', () => objectsEndpoint],
  ['in-memory', () => memoryEndpoint],
])('%s sessions', (_mode, endpointOf) => {
  it('never hand out another session through the registry name and the internal registry header', async () => {
    const victim = await connect(endpointOf());
    await victim.callTool({ name: 'write', arguments: { path: 'secret.txt', content: 'victim data\n' } });
    const victimId = sessionIdOf(victim);
    for (const action of ['open', 'touch', 'release']) {
      const stolen = await send(
        endpointOf(),
        { 'mcp-session-id': REGISTRY_NAME, [INTERNAL_HEADERS.registry]: action },
        JSON.stringify({ id: 'attacker', at: Date.now(), maxSessions: 1, idleTimeoutMs: 1 }),
      );
      const text = await stolen.text();
      expect(stolen.status).toBe(404);
      expect(JSON.parse(text)).toEqual({
        jsonrpc: '2.0',
        error: { code: -32001, message: NOT_FOUND },
        id: null,
      });
      expect(text).not.toContain(victimId);
    }
    const read = await victim.callTool({ name: 'read', arguments: { path: 'secret.txt' } });
    expect(textOf(read)).toBe('victim data');
    await end(victim);
  }, 60_000);

  it('ignore the internal evict, registry and session headers on a request to a real session', async () => {
    const victim = await connect(endpointOf());
    await victim.callTool({ name: 'write', arguments: { path: 'kept.txt', content: 'still here\n' } });
    const victimId = sessionIdOf(victim);
    const other = await connect(endpointOf());
    const otherId = sessionIdOf(other);

    // Whoever holds a session ID may use that session; an internal header must add nothing to that.
    const evicted = await send(endpointOf(), { 'mcp-session-id': victimId, [INTERNAL_HEADERS.evict]: '1' });
    expect(evicted.status).not.toBe(204);
    const asRegistry = await send(
      endpointOf(),
      { 'mcp-session-id': victimId, [INTERNAL_HEADERS.registry]: 'open' },
      JSON.stringify({ id: 'attacker', at: Date.now(), maxSessions: 1, idleTimeoutMs: 1 }),
    );
    expect(await asRegistry.text()).not.toContain(otherId);
    // The session header names the session the object serves; a client's own value must not count.
    const redirected = await send(
      endpointOf(),
      { 'mcp-session-id': otherId, [INTERNAL_HEADERS.session]: victimId },
      JSON.stringify({
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'ls', arguments: {} },
      }),
    );
    expect(await redirected.text()).not.toContain('kept.txt');

    const read = await victim.callTool({ name: 'read', arguments: { path: 'kept.txt' } });
    expect(read.isError).toBe(false);
    expect(textOf(read)).toBe('still here');
    await Promise.all([end(victim), end(other)]);
  }, 60_000);

  it('answer IDs the server never issued with 404, for every method', async () => {
    for (const id of madeUpIds(40)) {
      for (const method of ['POST', 'DELETE']) {
        const response = await send(
          endpointOf(),
          { 'mcp-session-id': id },
          method === 'POST' ? TOOLS_LIST : undefined,
          method,
        );
        expect(response.status, `${method} ${id.slice(0, 40)}`).toBe(404);
        expect(await response.json()).toEqual({
          jsonrpc: '2.0',
          error: { code: -32001, message: NOT_FOUND },
          id: null,
        });
      }
    }
  }, 120_000);
});

describe('Durable Object sessions', () => {
  it('issue IDs no one can guess and reach no object for an ID they did not issue: nothing is stored', async () => {
    const client = await connect(objectsEndpoint);
    const id = sessionIdOf(client);
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    await client.callTool({ name: 'write', arguments: { path: 'a.txt', content: 'a\n' } });
    await end(client);
    const before = footprint(persistDir);

    for (const madeUp of madeUpIds(200)) {
      const response = await send(objectsEndpoint, { 'mcp-session-id': madeUp }, TOOLS_LIST);
      expect(response.status).toBe(404);
      await response.body?.cancel();
    }
    // Not one file more: a made-up ID reaches no object.
    expect(footprint(persistDir)).toEqual(before);

    // An ID the server did issue, for a session that has ended, reaches its (empty) object, which
    // reads its storage to learn that and writes nothing.
    const stored = storedBytes(persistDir);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await send(objectsEndpoint, { 'mcp-session-id': id }, TOOLS_LIST);
      expect(response.status).toBe(404);
      await response.body?.cancel();
    }
    const initializeOnEnded = await send(
      objectsEndpoint,
      { 'mcp-session-id': id },
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'raw', version: '1' },
        },
      }),
    );
    expect(initializeOnEnded.status).toBe(404);
    await initializeOnEnded.body?.cancel();
    expect(storedBytes(persistDir)).toBe(stored);
  }, 120_000);

  it('keep the session cap: no request a client can send uncounts a stored session', async () => {
    const capDir = mkdtempSync(join(tmpdir(), 'mcp-isolation-cap-'));
    const capped = new Miniflare({
      modules: true,
      script: bundleWorker('tests/edge/fixtures/session-cap-worker.ts'),
      compatibilityDate: COMPATIBILITY_DATE,
      durableObjects: { MCP_SESSIONS: { className: 'McpSessionObject', useSQLite: true } },
      durableObjectsPersist: capDir,
    });
    try {
      const endpoint = new URL('/mcp', await capped.ready);
      const first = await connect(endpoint);
      const second = await connect(endpoint);
      for (const id of [sessionIdOf(first), sessionIdOf(second)]) {
        const release = JSON.stringify({ id, at: Date.now(), maxSessions: 2, idleTimeoutMs: 900_000 });
        const viaName = await send(
          endpoint,
          { 'mcp-session-id': REGISTRY_NAME, [INTERNAL_HEADERS.registry]: 'release' },
          release,
        );
        await viaName.body?.cancel();
        const viaOwn = await send(
          endpoint,
          { 'mcp-session-id': id, [INTERNAL_HEADERS.registry]: 'release' },
          release,
        );
        await viaOwn.body?.cancel();
      }
      for (const madeUp of madeUpIds(10)) {
        const deleted = await send(endpoint, { 'mcp-session-id': madeUp }, undefined, 'DELETE');
        await deleted.body?.cancel();
      }
      const third = await connect(endpoint).catch(() => undefined);
      const alive = await Promise.all(
        [first, second, third].map((client) =>
          client === undefined
            ? false
            : client.listTools().then(
                () => true,
                () => false,
              ),
        ),
      );
      expect(alive.filter(Boolean).length).toBeLessThanOrEqual(2);
      await Promise.all([first, second, third].map((client) => client?.close()));
    } finally {
      await capped.dispose();
      rmSync(capDir, { recursive: true, force: true });
    }
  }, 120_000);
});
