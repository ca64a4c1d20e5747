/**
 * The wire log of one connected MCP server, as the MCP panel shows it: each JSON-RPC message the
 * playground's client sent or received (and each transport error), with its time since the first one,
 * a one-line summary, and for an answer the time since its request. The events come from the SDK's
 * transport through `onWire` (`browser-agent-tools/mcp`). A server that floods the page cannot make
 * the log grow without end or re-render per message: the log keeps the newest rows and publishes them
 * at most once per {@link WIRE_FLUSH_MS}. Framework-free.
 */

import type { McpWireEvent } from 'browser-agent-tools/mcp';
import { createStore, type Subscribable } from './store.ts';
import { clip } from './text.ts';

/** Rows the log keeps; older ones are counted in `dropped`. */
export const MAX_WIRE_ROWS = 1000;
/** How long events gather before the log publishes them in one change. */
export const WIRE_FLUSH_MS = 250;
/** Characters of a summary; the message itself is kept whole. */
const SUMMARY_CHARS = 200;
/** Requests awaiting an answer whose send times are kept, to time their answers. */
const MAX_PENDING = 10_000;

type WireKind = 'request' | 'result' | 'error-answer' | 'notification' | 'transport-error';

/** One row of the log. */
export interface WireRow {
  /** 1 for the first event of the connection. */
  seq: number;
  direction: McpWireEvent['direction'];
  kind: WireKind;
  /** Milliseconds since the connection's first event. */
  offsetMs: number;
  /** For an answer: milliseconds since its request went out. */
  durationMs?: number;
  /** `tools/call #3 echo`, `result of #3 (tools/call)`, `notifications/message warning: disk low`. */
  summary: string;
  /** The method of a request or notification, or of the request an answer answers. */
  method?: string;
  event: McpWireEvent;
}

interface WireLogState {
  readonly rows: readonly WireRow[];
  /** Events no longer kept (the oldest ones beyond {@link MAX_WIRE_ROWS}). */
  readonly dropped: number;
}

export interface WireLogStore {
  readonly store: Subscribable<WireLogState>;
  /** Hands an event to the log: pass it as the source's `onWire`. */
  record(event: McpWireEvent): void;
  /** The rows kept, as JSON a person can paste into an issue (what "Copy log" copies). */
  toJson(): string;
}

interface Message {
  id?: unknown;
  method?: unknown;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: { code?: unknown; message?: unknown };
}

/** What a request's one-line summary adds after its method: the tool, prompt or resource it names. */
function requestSubject(method: string, params: Record<string, unknown> | undefined): string {
  if (params === undefined) return '';
  if (method === 'tools/call' || method === 'prompts/get') return ` ${String(params.name)}`;
  if (method === 'resources/read' || method.startsWith('resources/subscribe'))
    return ` ${String(params.uri)}`;
  if (method === 'logging/setLevel') return ` ${String(params.level)}`;
  return '';
}

/** A log message's data as one line of text. */
function logDataText(data: unknown): string {
  return typeof data === 'string' ? data : (JSON.stringify(data) ?? String(data));
}

function notificationSummary(method: string, params: Record<string, unknown> | undefined): string {
  if (method === 'notifications/message' && params !== undefined) {
    const logger = typeof params.logger === 'string' ? ` (${params.logger})` : '';
    return `${method} ${String(params.level)}${logger}: ${logDataText(params.data)}`;
  }
  if (method === 'notifications/resources/updated' && params !== undefined) {
    return `${method} ${String(params.uri)}`;
  }
  return method;
}

/** The kind and summary of one event, given the methods of the requests still unanswered. */
function describeWireEvent(
  event: McpWireEvent,
  methodOf: (direction: McpWireEvent['direction'], id: unknown) => string | undefined,
): { kind: WireKind; summary: string; method?: string } {
  if (event.direction === 'error') {
    const failed = event.message as Message | undefined;
    const what =
      typeof failed?.method === 'string'
        ? `could not send ${failed.method}${failed.id === undefined ? '' : ` #${String(failed.id)}`}`
        : 'transport error';
    return { kind: 'transport-error', summary: clipped(`${what}: ${event.error}`) };
  }
  const message = event.message as Message;
  if (typeof message.method === 'string') {
    const method = message.method;
    if (message.id === undefined) {
      return { kind: 'notification', method, summary: clipped(notificationSummary(method, message.params)) };
    }
    const summary = `${method} #${String(message.id)}${requestSubject(method, message.params)}`;
    return { kind: 'request', method, summary: clipped(summary) };
  }
  const answered = methodOf(event.direction, message.id);
  const about = answered === undefined ? '' : ` (${answered})`;
  if (message.error !== undefined) {
    const summary = `error of #${String(message.id)}${about}: ${String(message.error.message)}`;
    return { kind: 'error-answer', summary: clipped(summary), ...(answered ? { method: answered } : {}) };
  }
  return {
    kind: 'result',
    summary: clipped(`result of #${String(message.id)}${about}`),
    ...(answered ? { method: answered } : {}),
  };
}

const clipped = (text: string): string => {
  const { text: shown, hidden } = clip(text, SUMMARY_CHARS);
  return hidden > 0 ? `${shown}…` : shown;
};

/** Who sends the answer to a request: the other side. */
const answerer = (direction: 'sent' | 'received') => (direction === 'sent' ? 'received' : 'sent');

export function createWireLogStore(): WireLogStore {
  const handle = createStore<WireLogState, { type: 'changed' }>({ rows: [], dropped: 0 });
  /** Requests awaiting their answer, by the direction the answer comes from and the id. */
  const pending = new Map<string, { method: string; at: number }>();
  let rows: WireRow[] = [];
  let dropped = 0;
  let seq = 0;
  let start: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = (): void => {
    timer = undefined;
    if (rows.length > MAX_WIRE_ROWS) {
      dropped += rows.length - MAX_WIRE_ROWS;
      rows = rows.slice(-MAX_WIRE_ROWS);
    }
    handle.set({ rows, dropped });
  };

  const record = (event: McpWireEvent): void => {
    start ??= event.at;
    seq++;
    let durationMs: number | undefined;
    const described = describeWireEvent(event, (direction, id) => {
      const key = `${direction}:${String(id)}`;
      const request = pending.get(key);
      if (request === undefined) return undefined;
      pending.delete(key);
      durationMs = event.at - request.at;
      return request.method;
    });
    if (described.kind === 'request' && event.direction !== 'error' && pending.size < MAX_PENDING) {
      const id = (event.message as Message).id;
      pending.set(`${answerer(event.direction)}:${String(id)}`, {
        method: described.method ?? '',
        at: event.at,
      });
    }
    const row: WireRow = { seq, direction: event.direction, offsetMs: event.at - start, event, ...described };
    if (durationMs !== undefined) row.durationMs = durationMs;
    // A new array per batch, not per event: React sees one change per flush.
    if (timer === undefined) rows = rows.slice(-MAX_WIRE_ROWS);
    rows.push(row);
    // Keep the batch itself bounded too: a flood of a million messages holds 2 × MAX rows at most.
    if (rows.length >= 2 * MAX_WIRE_ROWS) {
      dropped += rows.length - MAX_WIRE_ROWS;
      rows = rows.slice(-MAX_WIRE_ROWS);
    }
    timer ??= setTimeout(flush, WIRE_FLUSH_MS);
  };

  return {
    store: handle.store,
    record,
    toJson() {
      const kept = handle.get().rows.map((row) => ({
        seq: row.seq,
        direction: row.direction,
        offset_ms: Math.round(row.offsetMs * 10) / 10,
        ...(row.durationMs === undefined ? {} : { duration_ms: Math.round(row.durationMs * 10) / 10 }),
        ...(row.event.direction === 'error' ? { error: row.event.error } : {}),
        ...(row.event.message === undefined ? {} : { message: row.event.message }),
      }));
      return JSON.stringify(kept, null, 2);
    },
  };
}
