/**
 * One shard of the session counter of a capped Durable Object deployment (see session-routing.ts): an
 * object of the session class reached by its shard name, which keeps the IDs of the sessions it
 * counted in a table of its SQLite storage. `admit` counts a session while the shard holds fewer than
 * its share of the cap; `release` uncounts one, and is idempotent, so a session object may repeat it
 * after a failure. {@link askCounterShard} is the asking side. The object serializes the requests, so two admits never both take the last place.
 */
import type { SessionObjectNamespace } from './defaults.ts';
import { COUNTER_HEADER } from './session-object-header.ts';
import type { SessionObjectStorage } from './session-object-storage.ts';

/** What a shard answers: whether the session is counted. */
export interface CounterAnswer {
  admitted: boolean;
}

/** Serves one counter request; `body` is the router's (or a session object's) JSON. */
export function serveCounterShard(
  storage: SessionObjectStorage,
  action: string,
  body: unknown,
): CounterAnswer {
  const { id, limit } = (body ?? {}) as { id?: unknown; limit?: unknown };
  if (typeof id !== 'string') return { admitted: false };
  const sql = storage.sql;
  sql.exec('CREATE TABLE IF NOT EXISTS counted (id TEXT PRIMARY KEY)');
  if (action === 'release') {
    sql.exec('DELETE FROM counted WHERE id = ?', id);
    return { admitted: false };
  }
  if (action !== 'admit' || typeof limit !== 'number') return { admitted: false };
  const [row] = sql.exec('SELECT COUNT(*) AS count FROM counted').toArray();
  if (Number(row?.count ?? 0) >= limit) return { admitted: false };
  sql.exec('INSERT OR IGNORE INTO counted (id) VALUES (?)', id);
  return { admitted: true };
}

/** Asks a counter shard to `admit` or `release` a session; `limit` is the shard's share of the cap. */
export async function askCounterShard(
  objects: SessionObjectNamespace,
  shard: string,
  action: 'admit' | 'release',
  body: { id: string; limit?: number },
): Promise<boolean> {
  const stub = objects.get(objects.idFromName(shard) as never);
  const response = await stub.fetch(
    new Request('https://counter.internal/', {
      method: 'POST',
      headers: { [COUNTER_HEADER]: action },
      body: JSON.stringify(body),
    }),
  );
  const answer = (await response.json()) as { admitted?: boolean };
  return answer.admitted === true;
}
