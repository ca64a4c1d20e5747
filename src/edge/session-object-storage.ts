/**
 * The part of Cloudflare's Durable Object API the session objects use, as types: the SQLite storage and
 * what the constructor gets. Its own module, so the object, the counter shard and the stored workspace
 * share them without importing one another.
 */

/** The part of a Durable Object's SQLite storage the sessions use (Cloudflare's `ctx.storage`). */
export interface SessionObjectStorage {
  sql: { exec(query: string, ...bindings: unknown[]): { toArray(): Record<string, unknown>[] } };
  transactionSync<T>(closure: () => T): T;
  deleteAll(): Promise<void>;
  setAlarm(scheduledTime: number): Promise<void>;
}

/** What the object constructor gets from the runtime (Cloudflare's `DurableObjectState`). */
export interface SessionObjectState {
  readonly storage: SessionObjectStorage;
}
