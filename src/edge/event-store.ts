/**
 * The per-session event store behind resumable streams (the MCP SDK transport's `eventStore` option):
 * every SSE event the transport sends is stored under an event ID `<stream>:<sequence>`, and a client
 * that reconnects with `Last-Event-ID` gets the events of that stream after it, the result of a call
 * that finished while it was away included. Bounded per session ({@link MAX_STORED_EVENTS} events,
 * {@link MAX_STORED_EVENT_BYTES} bytes: the oldest go first). Two backings: the isolate's memory, and
 * a table in a Durable Object's SQLite storage, deleted with the session by the object's alarm.
 * Imports the SDK's types and the storage types only.
 */
import type { EventStore } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { SessionObjectStorage } from './session-object-storage.ts';

/** Events one session keeps at most. */
export const MAX_STORED_EVENTS: number = 256;
/** Bytes of JSON one session's events hold at most (4 MiB, the largest request body). */
const MAX_STORED_EVENT_BYTES: number = 4 * 1024 * 1024;
/**
 * Characters of JSON one stored event holds at most: 1 MiB, half of what one row of a Durable Object's
 * SQLite storage takes. A larger message is sent as it is, and its stand-in is stored for a replay.
 */
export const MAX_STORED_EVENT_CHARS: number = 1024 * 1024;

/** One stored event. */
interface StoredEvent {
  sequence: number;
  stream: string;
  json: string;
}

/** Where the events live: appended in order, read back by sequence. */
interface EventRows {
  append(stream: string, json: string): number;
  find(sequence: number): StoredEvent | undefined;
  after(stream: string, sequence: number): StoredEvent[];
}

/** `"<stream>:<sequence>"` → its parts, or `undefined` for any other text a client sent. */
function parseEventId(eventId: string): { stream: string; sequence: number } | undefined {
  const colon = eventId.lastIndexOf(':');
  const sequence = Number(eventId.slice(colon + 1));
  if (colon < 1 || !Number.isSafeInteger(sequence) || sequence < 1) return undefined;
  return { stream: eventId.slice(0, colon), sequence };
}

/**
 * Stores `message` and gives its sequence. A message too large to keep, or one the storage refuses,
 * is still sent by the transport: what is stored instead is, for a response, an error response with
 * its ID that says so (a client that resumes learns the result is gone and calls again, instead of
 * waiting for it); anything else is not stored (sequence 0, which no replay finds). Never throws: a
 * transport whose store throws would never answer the request.
 */
function storeOrStandIn(rows: EventRows, stream: string, message: JSONRPCMessage): number {
  const json = JSON.stringify(message);
  if (json.length <= MAX_STORED_EVENT_CHARS) {
    try {
      return rows.append(stream, json);
    } catch (error) {
      return storeStandIn(rows, stream, message, `it could not be stored (${String(error)})`);
    }
  }
  return storeStandIn(
    rows,
    stream,
    message,
    `it was ${json.length} characters of JSON, more than a resumed stream keeps (${MAX_STORED_EVENT_CHARS})`,
  );
}

function storeStandIn(rows: EventRows, stream: string, message: JSONRPCMessage, why: string): number {
  if (!('id' in message) || 'method' in message) return 0;
  const standIn = {
    jsonrpc: '2.0',
    id: message.id,
    error: {
      code: -32000,
      message: `The response to this request was sent once and not kept for a resumed stream: ${why}. Send the request again.`,
    },
  };
  try {
    return rows.append(stream, JSON.stringify(standIn));
  } catch {
    return 0;
  }
}

/** The SDK's `EventStore` over `rows`; an event ID that names no stored event replays nothing. */
function eventStoreOver(rows: EventRows): EventStore {
  const known = (eventId: string): StoredEvent | undefined => {
    const parsed = parseEventId(eventId);
    const event = parsed === undefined ? undefined : rows.find(parsed.sequence);
    return event !== undefined && event.stream === parsed?.stream ? event : undefined;
  };
  return {
    async storeEvent(stream, message) {
      return `${stream}:${storeOrStandIn(rows, stream, message)}`;
    },
    async getStreamIdForEventId(eventId) {
      return known(eventId)?.stream;
    },
    async replayEventsAfter(eventId, { send }) {
      const last = known(eventId);
      if (last === undefined) return '';
      for (const event of rows.after(last.stream, last.sequence)) {
        const message = JSON.parse(event.json) as Partial<JSONRPCMessage>;
        // Priming events (empty, they only hand the client an ID) are not replayed.
        if (message.jsonrpc !== undefined)
          await send(`${event.stream}:${event.sequence}`, message as JSONRPCMessage);
      }
      return last.stream;
    },
  };
}

/** An event store in this isolate's memory, for the sessions of `createFetchHandler`'s default mode. */
export function createMemoryEventStore(): EventStore {
  const events: StoredEvent[] = [];
  let bytes = 0;
  let next = 1;
  return eventStoreOver({
    append(stream, json) {
      events.push({ sequence: next, stream, json });
      bytes += json.length;
      while (events.length > MAX_STORED_EVENTS || (bytes > MAX_STORED_EVENT_BYTES && events.length > 1)) {
        bytes -= events.shift()?.json.length ?? 0;
      }
      next += 1;
      return next - 1;
    },
    find: (sequence) => events.find((event) => event.sequence === sequence),
    after: (stream, sequence) =>
      events.filter((event) => event.stream === stream && event.sequence > sequence),
  });
}

/**
 * An event store in a session object's SQLite storage, so a client can resume after the object was
 * evicted. The table is made by the first event, which only an opened session sends.
 */
export function createSqlEventStore(storage: SessionObjectStorage): EventStore {
  const sql = storage.sql;
  const ensureTable = () =>
    sql.exec(
      'CREATE TABLE IF NOT EXISTS events (sequence INTEGER PRIMARY KEY AUTOINCREMENT, stream TEXT NOT NULL, json TEXT NOT NULL)',
    );
  const rowOf = (row: Record<string, unknown>): StoredEvent => ({
    sequence: Number(row.sequence),
    stream: String(row.stream),
    json: String(row.json),
  });
  const hasTable = () =>
    sql.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'events'").toArray().length > 0;
  return eventStoreOver({
    append(stream, json) {
      ensureTable();
      const [row] = sql
        .exec('INSERT INTO events (stream, json) VALUES (?, ?) RETURNING sequence', stream, json)
        .toArray();
      const sequence = Number(row?.sequence);
      sql.exec('DELETE FROM events WHERE sequence <= ?', sequence - MAX_STORED_EVENTS);
      const [total] = sql.exec('SELECT SUM(LENGTH(json)) AS bytes FROM events').toArray();
      if (Number(total?.bytes ?? 0) > MAX_STORED_EVENT_BYTES) trimToBytes(storage, sequence);
      return sequence;
    },
    find(sequence) {
      if (!hasTable()) return undefined;
      const [row] = sql
        .exec('SELECT sequence, stream, json FROM events WHERE sequence = ?', sequence)
        .toArray();
      return row === undefined ? undefined : rowOf(row);
    },
    after(stream, sequence) {
      if (!hasTable()) return [];
      return sql
        .exec(
          'SELECT sequence, stream, json FROM events WHERE stream = ? AND sequence > ? ORDER BY sequence',
          stream,
          sequence,
        )
        .toArray()
        .map(rowOf);
    },
  });
}

/** Deletes the oldest events until the rest hold at most {@link MAX_STORED_EVENT_BYTES}; `newest` stays. */
function trimToBytes(storage: SessionObjectStorage, newest: number): void {
  const rows = storage.sql
    .exec('SELECT sequence, LENGTH(json) AS bytes FROM events ORDER BY sequence DESC')
    .toArray();
  let kept = 0;
  for (const row of rows) {
    kept += Number(row.bytes);
    if (kept > MAX_STORED_EVENT_BYTES && Number(row.sequence) !== newest) {
      storage.sql.exec('DELETE FROM events WHERE sequence <= ?', Number(row.sequence));
      return;
    }
  }
}
