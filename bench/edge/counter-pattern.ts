/**
 * The request pattern of the Durable Object router's session counter, measured on the router itself:
 * `sessions` initializes through `createFetchHandler` with a cap, against a stand-in namespace that
 * records every request each object receives (sessions open; shards admit), then each session's end,
 * which its object sends to the shard it was counted in. Prints how the requests spread over the
 * shards, and what that makes per shard per second at a steady 100k sessions.
 */
import { createFetchHandler, type SessionObjectNamespace } from '../../src/edge/index.ts';

export interface CounterPattern {
  sessions: number;
  shards: number;
  /** Requests each shard received (admits and releases). */
  perShard: number[];
  /** Requests that reached a session's object (its initialize). */
  toSessions: number;
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
});

/** A namespace whose shards admit every session and count what they receive. */
function countingNamespace(): {
  objects: SessionObjectNamespace;
  perName: Map<string, number>;
  opened: string[];
} {
  const perName = new Map<string, number>();
  const opened: string[] = [];
  let next = 0;
  const objects: SessionObjectNamespace = {
    newUniqueId: () => {
      next += 1;
      const id = next.toString(16).padStart(64, '0');
      return { id, toString: () => id };
    },
    idFromString: (id) => ({ id }),
    idFromName: (name) => ({ name }),
    get(id: never) {
      const { name, id: sessionId } = id as { name?: string; id?: string };
      return {
        async fetch(request: Request) {
          await request.body?.cancel();
          if (name !== undefined) {
            perName.set(name, (perName.get(name) ?? 0) + 1);
            return Response.json({ admitted: true });
          }
          opened.push(request.headers.get('x-browser-agent-tools-counter-shard') ?? '');
          return new Response(null, { status: 200, headers: { 'mcp-session-id': sessionId ?? '' } });
        },
      };
    },
  };
  return { objects, perName, opened };
}

export async function measureCounterPattern(sessions: number): Promise<CounterPattern> {
  const { objects, perName, opened } = countingNamespace();
  const handler = createFetchHandler({ sessionObjects: objects, maxSessions: sessions * 2 });
  for (let session = 0; session < sessions; session += 1) {
    const response = await handler(
      new Request('http://edge.bench/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: INITIALIZE,
      }),
    );
    await response.body?.cancel();
  }
  // Each session's end: its object tells the shard named in its open request (session-object.ts).
  for (const shard of opened) perName.set(shard, (perName.get(shard) ?? 0) + 1);
  return { sessions, shards: perName.size, perShard: [...perName.values()], toSessions: opened.length };
}
