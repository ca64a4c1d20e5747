/**
 * The ready-made worker's entry in Node, one fresh module per test (the worker keeps its handler in a
 * module variable): how it reads its bindings, and how it answers when they are malformed. The same
 * entry bundled and run in workerd is tested in worker.test.ts.
 * Reaches inside: src/edge/worker-entry.ts is the ready-made worker, bundled into dist/edge/worker.js by
 * build:edge and no package export; it is imported afresh for each test, with its EdgeWorker and WorkerEnv
 * types.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EdgeWorker, WorkerEnv } from '../../src/edge/worker-entry.ts';

const MCP = 'http://edge.test/mcp';

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

/** A freshly loaded worker, so each test configures the handler with its own bindings. */
async function freshWorker(): Promise<EdgeWorker> {
  return (await import('../../src/edge/worker-entry.ts')).default;
}

function initialize(worker: EdgeWorker, env: WorkerEnv, headers: Record<string, string> = {}) {
  return worker.fetch(
    new Request(MCP, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: INITIALIZE,
    }),
    env,
  );
}

beforeEach(() => {
  vi.resetModules();
});

// A fresh module per test imports the SDK and the suite again: seconds on a busy machine.
describe('the worker entry', { timeout: 60_000 }, () => {
  it('answers every request with a 500 naming the problem when MCP_TOKEN cannot be sent, never quoting it', async () => {
    const worker = await freshWorker();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await initialize(worker, { MCP_TOKEN: 'a long random secret' });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({
        jsonrpc: '2.0',
        error: {
          code: -32603,
          message:
            'Server misconfigured, so it serves no request until its bindings are fixed (MCP_TOKEN is the bearerToken, MCP_ALLOWED_ORIGINS the allowedOrigins, MCP_MAX_SESSIONS the maxSessions): browser-agent-tools: createFetchHandler: bearerToken has a space at character 2, which an "Authorization: Bearer" header cannot carry (RFC 6750), so no request could ever match it. Use only letters, digits and - . _ ~ + /, with = allowed only at the end: a random hex or base64url string works.',
        },
        id: null,
      });
    }
  });

  it('allows the origins MCP_ALLOWED_ORIGINS lists, separated by commas or spaces, instead of localhost', async () => {
    const worker = await freshWorker();
    const env = { MCP_ALLOWED_ORIGINS: 'https://app.example, https://admin.example:8443' };
    expect((await initialize(worker, env, { origin: 'https://app.example' })).status).toBe(200);
    expect((await initialize(worker, env, { origin: 'https://admin.example:8443' })).status).toBe(200);
    const refused = await initialize(worker, env, { origin: 'http://localhost:5173' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32000,
        message: 'Forbidden: requests from origin http://localhost:5173 are not allowed.',
      },
      id: null,
    });
  });

  it('without bindings, serves localhost pages only', async () => {
    const worker = await freshWorker();
    expect((await initialize(worker, {}, { origin: 'http://localhost:5173' })).status).toBe(200);
    expect((await initialize(worker, {}, { origin: 'https://evil.example' })).status).toBe(403);
  });

  it('reads MCP_MAX_SESSIONS as the session cap, and names a malformed one', async () => {
    const capped = await freshWorker();
    const env: WorkerEnv = { MCP_MAX_SESSIONS: '1' };
    const first = await initialize(capped, env);
    expect(first.status).toBe(200);
    await first.body?.cancel();
    // In the isolate, a cap of 1 ends the idle first session to make room for the second.
    const second = await initialize(capped, env);
    expect(second.status).toBe(200);
    await second.body?.cancel();
    const gone = await capped.fetch(
      new Request(MCP, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': first.headers.get('mcp-session-id') ?? '',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
      }),
      env,
    );
    expect(gone.status).toBe(404);
    vi.resetModules();
    const malformed = await initialize(await freshWorker(), { MCP_MAX_SESSIONS: 'lots' });
    expect(malformed.status).toBe(500);
    expect((await malformed.json()).error.message).toBe(
      'Server misconfigured, so it serves no request until its bindings are fixed (MCP_TOKEN is the bearerToken, MCP_ALLOWED_ORIGINS the allowedOrigins, MCP_MAX_SESSIONS the maxSessions): browser-agent-tools: createFetchHandler: maxSessions must be an integer of at least 1, got NaN.',
    );
  });
});
