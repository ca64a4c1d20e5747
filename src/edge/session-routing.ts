/**
 * Durable Object mode of `createFetchHandler`: a request naming a session goes to that session's
 * object; an `initialize` goes to a new object. No object sees every session: each session's object
 * keeps its own expiry (an alarm), and when the operator set a cap (`maxSessions`) the sessions are
 * counted by {@link COUNTER_SHARDS} shard objects, each holding its share of the cap. A new session
 * asks one shard (up to three when one is full) to count it, and its object tells that shard when the
 * session ends; a session beyond the cap is refused with a 503, and no live session is ever ended to
 * make room. Without a cap, no shard is reached at all.
 *
 * Isolation rests on three things here. A session ID is the string of an object ID from
 * `newUniqueId()`, which the namespace checks (`idFromString` throws for one it never issued), so a
 * made-up ID is answered 404 before any object is reached, and no client-chosen text is ever an object
 * name (the shards are reached by their own names only). Every internal header is deleted from a
 * client's request before the router adds its own, so an object can trust them. And only the router's
 * `initialize`, marked by it, makes an object store anything.
 */

import { askCounterShard } from './counter-shard.ts';
import type { SessionObjectNamespace } from './defaults.ts';
import { formatDuration, jsonRpcError, plural, readInitialize, sessionNotFound } from './responses.ts';
import {
  COUNTER_SHARD_HEADER,
  COUNTER_SHARDS,
  counterShardName,
  INTERNAL_HEADER_PREFIX,
  OPEN_HEADER,
  SESSION_OBJECT_HEADER,
} from './session-object-header.ts';

/** How an object ID's string is spelled (`DurableObjectId.toString()`): 64 lowercase hex digits. */
const OBJECT_ID = /^[0-9a-f]{64}$/;
/** Shards a new session asks before it is refused: a full shard while others have room costs one more. */
const SHARD_TRIES = 3;
/** Places a shard holds at least (unless the cap is smaller). */
const SHARD_PLACES = 64;
/** `Retry-After` of an `initialize` refused at the cap: sessions end as they expire, not at once. */
const CAP_RETRY_SECONDS = 60;

export interface RouterSettings {
  /** The deployment's cap on stored sessions, or `undefined` for none. */
  sessionCap: number | undefined;
  idleTimeoutMs: number;
  /** The MCP endpoint's path, as the 503 names it. */
  path: string;
}

type ObjectStub = ReturnType<SessionObjectNamespace['get']>;

/** The object of a session ID this namespace issued, or `undefined` for any other text. */
function sessionStub(objects: SessionObjectNamespace, sessionId: string): ObjectStub | undefined {
  if (!OBJECT_ID.test(sessionId)) return undefined;
  let id: unknown;
  try {
    id = objects.idFromString(sessionId);
  } catch {
    return undefined;
  }
  return objects.get(id as never);
}

/** The client's headers without any internal one, so a client can never speak for the router. */
function clientHeaders(request: Request): Headers {
  const headers = new Headers();
  for (const [name, value] of request.headers) {
    if (!name.toLowerCase().startsWith(INTERNAL_HEADER_PREFIX)) headers.append(name, value);
  }
  return headers;
}

/**
 * The counter of a capped deployment: `admit` counts a new session in a shard with room (`undefined`
 * when the shards it asked are full), `release` uncounts one whose object did not open.
 */
function sessionCounter(objects: SessionObjectNamespace, cap: number) {
  // At least 64 places per shard: a small cap on many shards would refuse sessions long before it is
  // reached (a new session asks three shards; 128 places on 32 shards is 4 each). 32 shards from a cap
  // of 2,048 on; below it, the load is small enough for fewer.
  const shards = Math.min(COUNTER_SHARDS, Math.max(1, Math.ceil(cap / SHARD_PLACES)));
  // The cap is split exactly: the shards' limits add up to it, so the deployment never holds more.
  const limitOf = (index: number) => Math.floor(cap / shards) + (index < cap % shards ? 1 : 0);
  return {
    async admit(id: string): Promise<string | undefined> {
      const order = Array.from({ length: shards }, (_, index) => index);
      for (let tried = 0; tried < Math.min(SHARD_TRIES, shards); tried += 1) {
        const pick = tried + Math.floor(Math.random() * (shards - tried));
        [order[tried], order[pick]] = [order[pick] ?? 0, order[tried] ?? 0];
        const index = order[tried] ?? 0;
        const name = counterShardName(index);
        if (await askCounterShard(objects, name, 'admit', { id, limit: limitOf(index) })) return name;
      }
      return undefined;
    },
    release: (shard: string, id: string) => askCounterShard(objects, shard, 'release', { id }),
  };
}

/** The 503 of an `initialize` beyond the deployment's cap. */
function capReached(cap: number, settings: RouterSettings): Response {
  return jsonRpcError(
    503,
    -32000,
    `Too many sessions: this server already holds ${plural(cap, 'MCP session')}, the most its operator allows. Retry in ${CAP_RETRY_SECONDS} seconds, when sessions have ended or expired (after ${formatDuration(settings.idleTimeoutMs)} without requests), or end sessions you no longer use with DELETE ${settings.path}.`,
    { 'Retry-After': String(CAP_RETRY_SECONDS) },
  );
}

/** The router: forwards each request to the object of its session. */
export function createObjectRouter(
  objects: SessionObjectNamespace,
  settings: RouterSettings,
): (request: Request) => Promise<Response> {
  const { sessionCap } = settings;
  const counter = sessionCap === undefined ? undefined : sessionCounter(objects, sessionCap);

  const forward = (
    stub: ObjectStub,
    request: Request,
    id: string,
    open?: { text: string; shard?: string },
  ) => {
    const headers = clientHeaders(request);
    headers.set(SESSION_OBJECT_HEADER, id);
    if (open !== undefined) headers.set(OPEN_HEADER, '1');
    if (open?.shard !== undefined) headers.set(COUNTER_SHARD_HEADER, open.shard);
    // `duplex` is what Node's fetch asks of a streamed body; workerd streams it either way.
    const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers };
    if (open !== undefined) init.body = open.text;
    else if (request.method === 'POST') Object.assign(init, { body: request.body, duplex: 'half' });
    return stub.fetch(new Request(request.url, init));
  };

  const existing = async (request: Request, id: string): Promise<Response> => {
    const stub = sessionStub(objects, id);
    if (stub === undefined) return jsonRpcError(404, -32001, sessionNotFound(settings.idleTimeoutMs));
    return forward(stub, request, id);
  };

  return async (request) => {
    const sessionId = request.headers.get('mcp-session-id');
    if (sessionId !== null) return existing(request, sessionId);
    const initialize = await readInitialize(request);
    if (initialize instanceof Response) return initialize;
    const objectId = objects.newUniqueId();
    const id = objectId.toString();
    const shard = await counter?.admit(id);
    if (counter !== undefined && shard === undefined) return capReached(sessionCap ?? 0, settings);
    const response = await forward(objects.get(objectId as never), request, id, {
      text: initialize.text,
      ...(shard === undefined ? {} : { shard }),
    });
    // The object did not open the session (the SDK refused the initialize): it holds nothing to count.
    if (shard !== undefined && response.headers.get('mcp-session-id') !== id)
      await counter?.release(shard, id);
    return response;
  };
}
