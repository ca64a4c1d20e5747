/**
 * The Durable Object router's isolation, against a recording stand-in of the namespace: a client's
 * session ID is only ever looked up with `idFromString` (never as an object name), a made-up one
 * reaches no object, and no internal header a client sends arrives at an object. The same attacks in
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

/** A namespace that issued one ID ({@link ISSUED}) and records every lookup and every request. */
function recordingNamespace(): { objects: SessionObjectNamespace; recorded: Recorded } {
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
          if (name.startsWith('name:')) return Response.json({});
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
    // The registry is reached by the router's own name only, with the router's own action.
    expect(new Set(recorded.named)).toEqual(new Set(['browser-agent-tools:session-registry']));
  });
});
