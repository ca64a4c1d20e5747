/**
 * Durable Object mode of `createFetchHandler`: a request naming a session goes to that session's
 * object; an `initialize` goes to a new object, after the registry object admitted it. The registry
 * counts stored sessions against `maxSessions`: when full, it names the least-recently-used session,
 * whose object is told to end it (its storage goes), so stored workspaces never exceed `maxSessions` ×
 * `workspaceBytes`. Objects report activity to the registry at most once a minute per isolate, so the
 * registry is not on every request's path.
 *
 * Isolation rests on three things here. A session ID is the string of an object ID from
 * `newUniqueId()`, which the namespace checks (`idFromString` throws for one it never issued), so a
 * made-up ID is answered 404 before any object is reached, and no client-chosen text is ever an object
 * name. Every internal header is deleted from a client's request before the router adds its own, so an
 * object can trust them. And only the router's `initialize`, marked by it, makes an object store
 * anything.
 */
import type { SessionObjectNamespace } from './defaults.ts';
import { jsonRpcError, readInitialize, sessionNotFound } from './responses.ts';
import {
  EVICT_HEADER,
  INTERNAL_HEADER_PREFIX,
  OPEN_HEADER,
  REGISTRY_HEADER,
  REGISTRY_NAME,
  SESSION_OBJECT_HEADER,
} from './session-object-header.ts';

/** How often one isolate tells the registry that a session is in use. */
const TOUCH_INTERVAL_MS = 60_000;
/** Sessions whose last touch one isolate remembers before it forgets them all. */
const MAX_REMEMBERED = 10_000;
/** How an object ID's string is spelled (`DurableObjectId.toString()`): 64 lowercase hex digits. */
const OBJECT_ID = /^[0-9a-f]{64}$/;

export interface RouterSettings {
  maxSessions: number;
  idleTimeoutMs: number;
  now: () => number;
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

/** The router: forwards each request to the object of its session. */
export function createObjectRouter(
  objects: SessionObjectNamespace,
  settings: RouterSettings,
): (request: Request) => Promise<Response> {
  const registryStub = () => objects.get(objects.idFromName(REGISTRY_NAME) as never);
  const touched = new Map<string, number>();

  const registry = async (action: 'open' | 'touch' | 'release', id: string): Promise<{ evict?: string }> => {
    const body = JSON.stringify({ id, at: settings.now(), ...settings });
    const response = await registryStub().fetch(
      new Request('https://registry.internal/', {
        method: 'POST',
        headers: { [REGISTRY_HEADER]: action },
        body,
      }),
    );
    return (await response.json()) as { evict?: string };
  };

  const forward = (stub: ObjectStub, request: Request, id: string, initialize?: string) => {
    const headers = clientHeaders(request);
    headers.set(SESSION_OBJECT_HEADER, id);
    if (initialize !== undefined) headers.set(OPEN_HEADER, '1');
    // `duplex` is what Node's fetch asks of a streamed body; workerd streams it either way.
    const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers };
    if (initialize !== undefined) init.body = initialize;
    else if (request.method === 'POST') Object.assign(init, { body: request.body, duplex: 'half' });
    return stub.fetch(new Request(request.url, init));
  };

  const touch = async (id: string): Promise<void> => {
    const at = settings.now();
    if (at - (touched.get(id) ?? Number.NEGATIVE_INFINITY) < TOUCH_INTERVAL_MS) return;
    if (touched.size >= MAX_REMEMBERED) touched.clear();
    touched.set(id, at);
    await registry('touch', id);
  };

  const evict = async (request: Request, id: string): Promise<void> => {
    const stub = sessionStub(objects, id);
    if (stub === undefined) return;
    const headers = { [SESSION_OBJECT_HEADER]: id, [EVICT_HEADER]: '1' };
    const response = await stub.fetch(new Request(request.url, { method: 'POST', headers }));
    await response.body?.cancel();
  };

  const existing = async (request: Request, id: string): Promise<Response> => {
    const stub = sessionStub(objects, id);
    if (stub === undefined) return jsonRpcError(404, -32001, sessionNotFound(settings.idleTimeoutMs));
    const response = await forward(stub, request, id);
    if (request.method === 'DELETE') {
      if (response.ok) await registry('release', id);
    } else if (response.status !== 404) await touch(id);
    return response;
  };

  return async (request) => {
    const sessionId = request.headers.get('mcp-session-id');
    if (sessionId !== null) return existing(request, sessionId);
    const initialize = await readInitialize(request);
    if (initialize instanceof Response) return initialize;
    const objectId = objects.newUniqueId();
    const id = objectId.toString();
    const { evict: evicted } = await registry('open', id);
    if (evicted !== undefined) await evict(request, evicted);
    touched.set(id, settings.now());
    const response = await forward(objects.get(objectId as never), request, id, initialize.text);
    if (response.headers.get('mcp-session-id') !== id) await registry('release', id);
    return response;
  };
}
