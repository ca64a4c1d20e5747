/**
 * The wire log of an MCP connection (`onWire`, `withWireLog`): the JSON-RPC messages a mount sends and
 * receives, in order and with their times, over stdio (the reference "everything" server) and over
 * Streamable HTTP (this project's edge handler, in process); a listener that throws breaks nothing, and
 * a send that fails is logged as an error naming the message.
 */
import { createRequire } from 'node:module';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createFetchHandler } from '../../src/edge/index.ts';
import { createToolSuite } from '../../src/index.ts';
import { type McpWireEvent, mountMcpServer, withWireLog } from '../../src/mcp/index.ts';
import { until } from './fixture.ts';

const require = createRequire(import.meta.url);
const EVERYTHING_SERVER = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');

/** Each event as one line: direction, then the method (requests, notifications) or the id answered. */
function lines(events: readonly McpWireEvent[]): string[] {
  return events.map((event) => {
    if (event.direction === 'error') return `error: ${event.error}`;
    const message = event.message as { id?: unknown; method?: string; error?: unknown };
    if (message.method !== undefined) {
      return `${event.direction} ${message.method}${message.id === undefined ? '' : ` #${message.id}`}`;
    }
    return `${event.direction} ${message.error === undefined ? 'result' : 'error'} #${String(message.id)}`;
  });
}

describe('the wire log of a mount', () => {
  it('over stdio: initialize, its answer, notifications/initialized, tools/list and a tools/call, in order and in time', async () => {
    const events: McpWireEvent[] = [];
    const suite = createToolSuite();
    const mount = await mountMcpServer(
      suite,
      {
        command: process.execPath,
        args: [EVERYTHING_SERVER, 'stdio'],
        stderr: 'ignore',
        onWire: (event) => events.push(event),
      },
      { mode: 'direct' },
    );
    try {
      const result = await suite.execute('echo', { message: 'over the wire' });
      expect(result.output).toBe('Echo: over the wire');
      const seen = lines(events);
      expect(seen.slice(0, 4)).toEqual([
        'sent initialize #0',
        'received result #0',
        'sent notifications/initialized',
        'sent tools/list #1',
      ]);
      expect(seen).toContain('received result #1');
      const call = events.find(
        (event) =>
          event.direction === 'sent' && 'method' in event.message && event.message.method === 'tools/call',
      );
      expect(call?.message).toMatchObject({
        jsonrpc: '2.0',
        method: 'tools/call',
        params: { name: 'echo', arguments: { message: 'over the wire' } },
      });
      const callId = (call?.message as { id?: number } | undefined)?.id;
      const answer = events.find(
        (event) => event.direction === 'received' && 'id' in event.message && event.message.id === callId,
      );
      expect(answer?.message).toMatchObject({
        result: { content: [{ type: 'text', text: 'Echo: over the wire' }] },
      });
      // Times run forward: each event is at or after the one before it.
      for (let index = 1; index < events.length; index++) {
        expect((events[index] as McpWireEvent).at).toBeGreaterThanOrEqual(
          (events[index - 1] as McpWireEvent).at,
        );
      }
    } finally {
      await mount.unmount();
    }
  }, 30_000);

  it('over Streamable HTTP: the same handshake, then each tools/list with its answer', async () => {
    const events: McpWireEvent[] = [];
    const handler = createFetchHandler({});
    const mount = await mountMcpServer(createToolSuite(), {
      url: 'http://edge.test/mcp',
      fetch: (input, init) => handler(new Request(input, init)),
      onWire: (event) => events.push(event),
    });
    try {
      await mount.client.listTools();
      const seen = lines(events).filter((line) => !line.startsWith('error'));
      expect(seen.slice(0, 6)).toEqual([
        'sent initialize #0',
        'received result #0',
        'sent notifications/initialized',
        'sent tools/list #1',
        'received result #1',
        'sent tools/list #2',
      ]);
    } finally {
      await mount.unmount();
    }
  });

  it('a listener that throws changes nothing: the connection works and every message still arrives', async () => {
    let heard = 0;
    const mount = await mountMcpServer(createToolSuite(), {
      command: process.execPath,
      args: [EVERYTHING_SERVER, 'stdio'],
      stderr: 'ignore',
      onWire: () => {
        heard++;
        throw new Error('a broken observer');
      },
    });
    try {
      expect(mount.tools()).toContain('echo');
      const before = heard;
      await mount.client.ping();
      await until(() => heard === before + 2);
    } finally {
      await mount.unmount();
    }
  }, 30_000);
});

describe('withWireLog', () => {
  it('a send that fails is logged as an error naming the message, and the failure reaches the caller', async () => {
    const events: McpWireEvent[] = [];
    const broken: Transport = {
      start: async () => undefined,
      send: async () => {
        throw new TypeError('Failed to fetch');
      },
      close: async () => undefined,
    };
    const client = new Client({ name: 'wire-test', version: '1.0.0' });
    await expect(client.connect(withWireLog(broken, (event) => events.push(event)))).rejects.toThrow(
      'Failed to fetch',
    );
    expect(lines(events)).toEqual(['sent initialize #0', 'error: Failed to fetch']);
    const error = events[1] as Extract<McpWireEvent, { direction: 'error' }>;
    expect((error.message as JSONRPCMessage & { method: string }).method).toBe('initialize');
  });

  it("passes the inner transport's session id and protocol version through", () => {
    const versions: string[] = [];
    const inner: Transport = {
      start: async () => undefined,
      send: async () => undefined,
      close: async () => undefined,
      sessionId: 'session-7',
      setProtocolVersion: (version) => versions.push(version),
    };
    const logged = withWireLog(inner, () => undefined);
    expect(logged.sessionId).toBe('session-7');
    logged.setProtocolVersion?.('2025-06-18');
    expect(versions).toEqual(['2025-06-18']);
  });
});
