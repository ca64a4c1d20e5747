/**
 * The MCP panel's wire log: one summary per JSON-RPC message (requests with what they name, answers
 * with the request they answer and its time, notifications, log messages, transport errors), and a
 * flood of messages that keeps the log bounded and publishes once per batch.
 * Reaches inside: the playground app's state modules (src/playground/state/) have no public entry:
 * browser-agent-tools/playground exports the component, createPlaygroundStore and the approval prompt only,
 * so they are tested as the app uses them.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { McpWireEvent } from '../../src/mcp/index.ts';
import {
  createWireLogStore,
  MAX_WIRE_ROWS,
  WIRE_FLUSH_MS,
} from '../../src/playground/state/wire-log-store.ts';

const sent = (message: unknown, at: number): McpWireEvent => ({
  direction: 'sent',
  message: message as JSONRPCMessage,
  at,
});
const received = (message: unknown, at: number): McpWireEvent => ({
  direction: 'received',
  message: message as JSONRPCMessage,
  at,
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the wire log store', () => {
  it('summarises each kind of message, times each answer from its request, and copies as JSON', () => {
    const log = createWireLogStore();
    const events: McpWireEvent[] = [
      sent({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'echo', arguments: {} } }, 1000),
      sent({ jsonrpc: '2.0', id: 5, method: 'resources/read', params: { uri: 'demo://a' } }, 1001),
      received(
        { jsonrpc: '2.0', id: 5, error: { code: -32602, message: 'Resource demo://a not found' } },
        1004.5,
      ),
      received({ jsonrpc: '2.0', id: 4, result: { content: [] } }, 1030),
      received(
        {
          jsonrpc: '2.0',
          method: 'notifications/message',
          params: { level: 'warning', logger: 'disk', data: { free: 3 } },
        },
        1040,
      ),
      received(
        { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'demo://b' } },
        1041,
      ),
      // A request of the server's (sampling), and the client's answer to it.
      received({ jsonrpc: '2.0', id: 0, method: 'sampling/createMessage', params: {} }, 1050),
      sent({ jsonrpc: '2.0', id: 0, error: { code: -32601, message: 'Method not found' } }, 1051),
      {
        direction: 'error',
        error: 'Failed to fetch',
        message: { jsonrpc: '2.0', id: 6, method: 'ping' },
        at: 1060,
      },
      { direction: 'error', error: 'SSE stream disconnected', at: 1070 },
      received({ jsonrpc: '2.0', id: 99, result: {} }, 1080),
    ];
    for (const event of events) log.record(event);
    expect(log.store.getState().rows).toEqual([]);
    vi.advanceTimersByTime(WIRE_FLUSH_MS);
    const rows = log.store.getState().rows;
    expect(
      rows.map((row) => [row.seq, row.direction, row.kind, row.summary, row.offsetMs, row.durationMs]),
    ).toEqual([
      [1, 'sent', 'request', 'tools/call #4 echo', 0, undefined],
      [2, 'sent', 'request', 'resources/read #5 demo://a', 1, undefined],
      [3, 'received', 'error-answer', 'error of #5 (resources/read): Resource demo://a not found', 4.5, 3.5],
      [4, 'received', 'result', 'result of #4 (tools/call)', 30, 30],
      [5, 'received', 'notification', 'notifications/message warning (disk): {"free":3}', 40, undefined],
      [6, 'received', 'notification', 'notifications/resources/updated demo://b', 41, undefined],
      [7, 'received', 'request', 'sampling/createMessage #0', 50, undefined],
      [8, 'sent', 'error-answer', 'error of #0 (sampling/createMessage): Method not found', 51, 1],
      [9, 'error', 'transport-error', 'could not send ping #6: Failed to fetch', 60, undefined],
      [10, 'error', 'transport-error', 'transport error: SSE stream disconnected', 70, undefined],
      [11, 'received', 'result', 'result of #99', 80, undefined],
    ]);
    const copied = JSON.parse(log.toJson());
    expect(copied[2]).toEqual({
      seq: 3,
      direction: 'received',
      offset_ms: 4.5,
      duration_ms: 3.5,
      message: { jsonrpc: '2.0', id: 5, error: { code: -32602, message: 'Resource demo://a not found' } },
    });
    expect(copied[9]).toEqual({
      seq: 10,
      direction: 'error',
      offset_ms: 70,
      error: 'SSE stream disconnected',
    });
  });

  it('a summary is at most 200 characters; the message itself is kept whole', () => {
    const log = createWireLogStore();
    const data = 'x'.repeat(5_000_000);
    log.record(
      received({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data } }, 0),
    );
    vi.advanceTimersByTime(WIRE_FLUSH_MS);
    const [row] = log.store.getState().rows;
    expect(row?.summary).toBe(
      `notifications/message info: ${'x'.repeat(200 - 'notifications/message info: '.length)}…`,
    );
    const kept = row?.event.message as unknown as { params: { data: string } } | undefined;
    expect(kept?.params.data).toHaveLength(5_000_000);
  });

  it('a flood of 1,000,000 notifications keeps the newest 1,000 rows, counts the rest, and publishes once', () => {
    const log = createWireLogStore();
    let changes = 0;
    log.store.subscribe(() => changes++);
    const message = { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } };
    for (let index = 0; index < 1_000_000; index++) log.record(received(message, index));
    vi.advanceTimersByTime(WIRE_FLUSH_MS);
    const { rows, dropped } = log.store.getState();
    expect(changes).toBe(1);
    expect(rows).toHaveLength(MAX_WIRE_ROWS);
    expect(dropped).toBe(1_000_000 - MAX_WIRE_ROWS);
    expect(rows[0]?.seq).toBe(1_000_000 - MAX_WIRE_ROWS + 1);
    expect(rows.at(-1)?.seq).toBe(1_000_000);
  });

  it('a published snapshot does not change when later messages arrive', () => {
    const log = createWireLogStore();
    log.record(sent({ jsonrpc: '2.0', id: 1, method: 'ping' }, 0));
    vi.advanceTimersByTime(WIRE_FLUSH_MS);
    const before = log.store.getState().rows;
    log.record(received({ jsonrpc: '2.0', id: 1, result: {} }, 2));
    expect(before).toHaveLength(1);
    vi.advanceTimersByTime(WIRE_FLUSH_MS);
    expect(log.store.getState().rows.map((row) => row.summary)).toEqual(['ping #1', 'result of #1 (ping)']);
    expect(before).toHaveLength(1);
  });
});
