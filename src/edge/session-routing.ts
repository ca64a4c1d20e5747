/**
 * Durable Object mode of `createFetchHandler`: a request naming a session goes to that session's
 * object; an `initialize` goes to the object of a new session ID, after the registry object admitted
 * it. The registry counts stored sessions against `maxSessions`: when full, it names the
 * least-recently-used session, whose object is told to end it (its storage goes), so stored
 * workspaces never exceed `maxSessions` × `workspaceBytes`. Objects report activity to the registry
 * at most once a minute per isolate, so the registry is not on every request's path.
 */
import { readInitialize, type SessionObjectNamespace } from './fetch-handler.ts';
import {
  EVICT_HEADER,
  REGISTRY_HEADER,
  REGISTRY_NAME,
  SESSION_OBJECT_HEADER,
} from './session-object-header.ts';

/** How often one isolate tells the registry that a session is in use. */
const TOUCH_INTERVAL_MS = 60_000;
/** Sessions whose last touch one isolate remembers before it forgets them all. */
const MAX_REMEMBERED = 10_000;

export interface RouterSettings {
  maxSessions: number;
  idleTimeoutMs: number;
  now: () => number;
}

/** The router: forwards each request to the object of its session. */
export function createObjectRouter(
  objects: SessionObjectNamespace,
  settings: RouterSettings,
): (request: Request) => Promise<Response> {
  const stub = (name: string) => objects.get(objects.idFromName(name) as never);
  const touched = new Map<string, number>();

  const registry = async (action: 'open' | 'touch' | 'release', id: string): Promise<{ evict?: string }> => {
    const body = JSON.stringify({ id, at: settings.now(), ...settings });
    const response = await stub(REGISTRY_NAME).fetch(
      new Request('https://registry.internal/', {
        method: 'POST',
        headers: { [REGISTRY_HEADER]: action },
        body,
      }),
    );
    return (await response.json()) as { evict?: string };
  };

  const forward = (request: Request, id: string, body?: string, extra: Record<string, string> = {}) => {
    const headers = new Headers(request.headers);
    headers.set(SESSION_OBJECT_HEADER, id);
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    const init: RequestInit = { method: request.method, headers };
    if (body !== undefined) init.body = body;
    else if (request.method === 'POST') init.body = request.body;
    return stub(id).fetch(new Request(request.url, init));
  };

  const touch = async (id: string): Promise<void> => {
    const at = settings.now();
    if (at - (touched.get(id) ?? Number.NEGATIVE_INFINITY) < TOUCH_INTERVAL_MS) return;
    if (touched.size >= MAX_REMEMBERED) touched.clear();
    touched.set(id, at);
    await registry('touch', id);
  };

  return async (request) => {
    const existing = request.headers.get('mcp-session-id');
    if (existing !== null) {
      const response = await forward(request, existing);
      if (request.method === 'DELETE') await registry('release', existing);
      else if (response.status !== 404) await touch(existing);
      return response;
    }
    const initialize = await readInitialize(request);
    if (initialize instanceof Response) return initialize;
    const id = crypto.randomUUID();
    const { evict } = await registry('open', id);
    if (evict !== undefined) {
      await stub(evict).fetch(
        new Request(request.url, {
          method: 'POST',
          headers: { [SESSION_OBJECT_HEADER]: evict, [EVICT_HEADER]: '1' },
        }),
      );
    }
    touched.set(id, settings.now());
    const response = await forward(request, id, initialize.text);
    if (response.headers.get('mcp-session-id') !== id) await registry('release', id);
    return response;
  };
}
