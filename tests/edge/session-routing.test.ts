/**
 * The Durable Object router's isolation, against a recording stand-in of the namespace: a client's
 * session ID is only ever looked up with `idFromString` (never as an object name), a made-up one
 * reaches no object, and no internal header a client sends arrives at an object. Objects reached by
 * name are the counter shards only, and only with a cap: every new session asks one shard (another when
 * it is full), and at the cap the client gets a 503, asserted word for word. The same attacks in
 * workerd are in isolation.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createFetchHandler, type SessionObjectNamespace } from '../../src/edge/index.ts';

const ISSUED = 'a'.repeat(64);
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

interface Recorded {
  named: string[];
  reached: { id: string; headers: Record<string, string> }[];
}

/**
 * A namespace that issued one ID ({@link ISSUED}) and records every lookup and every request; its
 * counter shards admit while `room(shard)` says so.
 */
function recordingNamespace(room: (shard: string) => boolean = () => true): {
  objects: SessionObjectNamespace;
  recorded: Recorded;
} {
  const recorded: Recorded = { named: [], reached: [] };
  const objects: SessionObjectNamespace = {
    newUniqueId: () => ({ id: ISSUED, toString: () => ISSUED }),
    idFromString(id) {
      if (id !== ISSUED) throw new TypeError('Durable Object ID is not valid for this namespace.');
      return { id };
    },
    idFromName(name) {
      recorded.named.push(name);
      return { id: `name:${name}` };
    },
    get(id: never) {
      const name = (id as { id: string }).id;
      return {
        async fetch(request: Request) {
          recorded.reached.push({ id: name, headers: Object.fromEntries(request.headers) });
          await request.body?.cancel();
          if (name.startsWith('name:')) return Response.json({ admitted: room(name.slice(5)) });
          return new Response('{}', { status: 200, headers: { 'mcp-session-id': ISSUED } });
        },
      };
    },
  };
  return { objects, recorded };
}

function post(sessionId: string | undefined, headers: Record<string, string>, body: string): Request {
  return new Request('http://edge.test/mcp', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(sessionId === undefined ? {} : { 'mcp-session-id': sessionId }),
      ...headers,
    },
    body,
  });
}

const INTERNAL = {
  'x-browser-agent-tools-registry': 'open',
  'x-browser-agent-tools-evict': '1',
  'x-browser-agent-tools-session': 'someone-else',
  'x-browser-agent-tools-open': '1',
  'X-Browser-Agent-Tools-Anything': 'x',
};

describe('the Durable Object router', () => {
  it('reaches no object, by name or otherwise, for a session ID the namespace did not issue', async () => {
    const { objects, recorded } = recordingNamespace();
    const handler = createFetchHandler({ sessionObjects: objects });
    for (const id of ['browser-agent-tools:session-registry', 'b'.repeat(64), crypto.randomUUID(), '']) {
      const response = await handler(post(id, INTERNAL, '{"jsonrpc":"2.0","id":2,"method":"tools/list"}'));
      expect(response.status).toBe(404);
    }
    expect(recorded).toEqual({ named: [], reached: [] });
  });

  it('forwards a client request without any internal header the client sent', async () => {
    const { objects, recorded } = recordingNamespace();
    const handler = createFetchHandler({ sessionObjects: objects });
    await handler(post(undefined, INTERNAL, INITIALIZE));
    await handler(post(ISSUED, INTERNAL, '{"jsonrpc":"2.0","id":2,"method":"tools/list"}'));
    const toSession = recorded.reached.filter((request) => request.id === ISSUED);
    expect(toSession.map((request) => request.headers['x-browser-agent-tools-session'])).toEqual([
      ISSUED,
      ISSUED,
    ]);
    // Only the router's own initialize is marked as opening a session; no client header survives.
    expect(toSession.map((request) => request.headers['x-browser-agent-tools-open'])).toEqual([
      '1',
      undefined,
    ]);
    for (const request of toSession) {
      expect(request.headers['x-browser-agent-tools-registry']).toBeUndefined();
      expect(request.headers['x-browser-agent-tools-evict']).toBeUndefined();
      expect(request.headers['x-browser-agent-tools-anything']).toBeUndefined();
    }
    // Without a cap, no object is reached by name at all: no object sees every session.
    expect(recorded.named).toEqual([]);
  });

  it('with a cap, counts each new session in one shard, reached by its own name, and tells the object which', async () => {
    const { objects, recorded } = recordingNamespace();
    const handler = createFetchHandler({ sessionObjects: objects, maxSessions: 100_000 });
    for (let session = 0; session < 50; session += 1) {
      const response = await handler(post(undefined, INTERNAL, INITIALIZE));
      expect(response.status).toBe(200);
    }
    expect(recorded.named.length).toBe(50);
    for (const name of recorded.named)
      expect(name).toMatch(/^browser-agent-tools:session-counter:([12]?[0-9]|3[01])$/);
    // Random shards: 50 sessions do not all land on one of the 32.
    expect(new Set(recorded.named).size).toBeGreaterThan(10);
    const opens = recorded.reached.filter((request) => request.id === ISSUED);
    expect(opens.map((request) => `name:${request.headers['x-browser-agent-tools-counter-shard']}`)).toEqual(
      recorded.reached.filter((request) => request.id !== ISSUED).map((request) => request.id),
    );
    for (const request of recorded.reached.filter((reached) => reached.id !== ISSUED)) {
      expect(request.headers['x-browser-agent-tools-counter']).toBe('admit');
    }
  });

  it('at the cap, refuses a new session with a 503 after three full shards, and never reaches its object', async () => {
    const { objects, recorded } = recordingNamespace(() => false);
    const handler = createFetchHandler({ sessionObjects: objects, maxSessions: 1000 });
    const refused = await handler(post(undefined, {}, INITIALIZE));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32000,
        message:
          'Too many sessions: this server already holds 1000 MCP sessions, the most its operator allows. Retry in 60 seconds, when sessions have ended or expired (after 15 minutes without requests), or end sessions you no longer use with DELETE /mcp.',
      },
      id: null,
    });
    expect(recorded.named.length).toBe(3);
    expect(new Set(recorded.named).size).toBe(3);
    expect(recorded.reached.filter((request) => request.id === ISSUED)).toEqual([]);

    // One full shard costs one more request, not a refusal: a cap of 128 is two shards of 64.
    const full = 'browser-agent-tools:session-counter:0';
    const partly = recordingNamespace((shard) => shard !== full);
    const capped = createFetchHandler({ sessionObjects: partly.objects, maxSessions: 128 });
    for (let session = 0; session < 20; session += 1) {
      expect((await capped(post(undefined, {}, INITIALIZE))).status).toBe(200);
    }
    expect(new Set(partly.recorded.named)).toEqual(new Set([full, 'browser-agent-tools:session-counter:1']));
  });
});
