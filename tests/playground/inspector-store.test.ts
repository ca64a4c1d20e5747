/**
 * The MCP panel's inspection of a connected server against the reference "everything" server (its
 * SDK client over stdio, the playground's store unchanged above it): resources listed and read,
 * templates, prompts got with arguments, the log level set and the log messages that follow, the wire
 * log of the connection; and the paging of lists, with a client that pages as the test decides.
 * Reaches inside: the playground app's state modules (src/playground/state/) have no public entry:
 * browser-agent-tools/playground exports the component, createPlaygroundStore and the approval prompt only,
 * so they are tested as the app uses them.
 */
import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { contentBlockText, mountMcpServer } from '../../src/mcp/index.ts';
import { createInspectorStore, type InspectedClient } from '../../src/playground/state/inspector-store.ts';
import { type McpModule, mcpStoreOf } from '../../src/playground/state/mcp-store.ts';
import { startPlayground } from './harness.ts';

const require = createRequire(import.meta.url);
const EVERYTHING_SERVER = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');

/** The MCP entry with every connection made to a fresh "everything" server over stdio. */
const everythingOverStdio = async (): Promise<McpModule> => ({
  contentBlockText,
  mountMcpServer: (suite, source, options) => {
    const onWire = typeof source === 'object' && 'onWire' in source ? source.onWire : undefined;
    return mountMcpServer(
      suite,
      {
        command: process.execPath,
        args: [EVERYTHING_SERVER, 'stdio'],
        stderr: 'ignore',
        ...(onWire ? { onWire } : {}),
      },
      options,
    );
  },
});

async function connectEverything() {
  const playground = await startPlayground();
  const mcp = mcpStoreOf(playground, everythingOverStdio);
  const server = await mcp.connect({ url: 'http://everything.test/mcp' });
  const inspection = mcp.inspect(server.id);
  if (!inspection) throw new Error('no inspection for a connected server');
  /** Runs one of the server's (deferred) tools through the playground's suite. */
  const runRemote = async (name: string): Promise<string> => {
    const suite = playground.runtime.store.getState().suite;
    suite.setMode(name, 'direct');
    return (await suite.execute(name, {})).output;
  };
  return { server, ...inspection, runRemote, close: () => mcp.disconnect(server.id) };
}

describe('inspecting the everything server', () => {
  it('lists its resources and templates, reads a text and a blob resource, and words a failed read', async () => {
    const { inspector, close } = await connectEverything();
    try {
      expect(inspector.store.getState().offers).toEqual({ resources: true, prompts: true, logging: true });
      await inspector.listResources();
      const { resources, templates } = inspector.store.getState();
      expect(resources.phase).toBe('loaded');
      expect(resources.items[0]).toEqual({
        uri: 'demo://resource/static/document/architecture.md',
        name: 'architecture.md',
        description: 'Static document file exposed from /docs: architecture.md',
        mimeType: 'text/markdown',
      });
      expect(templates.items.map((template) => template.uriTemplate)).toEqual([
        'demo://resource/dynamic/text/{resourceId}',
        'demo://resource/dynamic/blob/{resourceId}',
      ]);

      await inspector.readResource('demo://resource/static/document/architecture.md');
      const reading = inspector.store.getState().reading;
      expect(reading?.phase).toBe('done');
      expect(reading?.contents[0]?.text?.startsWith('# Everything Server – Architecture\n')).toBe(true);

      await inspector.readResource('demo://resource/dynamic/blob/1');
      const blob = inspector.store.getState().reading?.contents[0];
      expect(blob?.text).toBeUndefined();
      expect(blob?.blobBytes).toBe(atob(blob?.blobBase64 ?? '').length);

      await inspector.readResource('demo://nope');
      expect(inspector.store.getState().reading).toEqual({
        uri: 'demo://nope',
        phase: 'failed',
        contents: [],
        error:
          "resources/read of demo://nope failed: MCP error -32602: Resource demo://nope not found. Check the request and the server's log messages in this panel, then try again.",
      });
    } finally {
      await close();
    }
  }, 30_000);

  it('lists its prompts with their arguments, gets one with arguments and an embedded resource, and words a missing argument', async () => {
    const { inspector, close } = await connectEverything();
    try {
      await inspector.listPrompts();
      const prompts = inspector.store.getState().prompts.items;
      expect(prompts.map((prompt) => prompt.name)).toEqual([
        'simple-prompt',
        'args-prompt',
        'completable-prompt',
        'resource-prompt',
      ]);
      expect(prompts[1]?.arguments).toEqual([
        { name: 'city', description: 'Name of the city', required: true },
        { name: 'state', required: false },
      ]);

      await inspector.getPrompt('args-prompt', { city: 'Lisbon' });
      expect(inspector.store.getState().prompt).toEqual({
        name: 'args-prompt',
        arguments: { city: 'Lisbon' },
        phase: 'done',
        messages: [{ role: 'user', text: "What's weather in Lisbon?" }],
      });

      await inspector.getPrompt('resource-prompt', { resourceType: 'Text', resourceId: '1' });
      const messages = inspector.store.getState().prompt?.messages ?? [];
      expect(messages[1]?.text).toMatch(
        /^\[resource: demo:\/\/resource\/dynamic\/text\/1\]\nResource 1: This is a plaintext resource created at /,
      );

      await inspector.getPrompt('args-prompt', {});
      expect(inspector.store.getState().prompt?.error).toBe(
        "prompts/get of args-prompt failed: MCP error -32602: Invalid arguments for prompt args-prompt: Invalid input: expected string, received undefined at city. Check the request and the server's log messages in this panel, then try again.",
      );
    } finally {
      await close();
    }
  }, 30_000);

  it('the wire log has the handshake, each answer timed, then the log messages the server sends after logging/setLevel', async () => {
    const { inspector, wire, runRemote, close } = await connectEverything();
    try {
      await vi.waitFor(() =>
        expect(wire.store.getState().rows.map((row) => row.summary)).toContain('result of #1 (tools/list)'),
      );
      const first = wire.store.getState().rows;
      expect(first.slice(0, 4).map((row) => [row.direction, row.summary])).toEqual([
        ['sent', 'initialize #0'],
        ['received', 'result of #0 (initialize)'],
        ['sent', 'notifications/initialized'],
        ['sent', 'tools/list #1'],
      ]);
      expect(first[0]?.offsetMs).toBe(0);
      expect(first[0]?.durationMs).toBeUndefined();
      expect(first[1]?.durationMs).toBeGreaterThanOrEqual(0);
      // The server registers more tools once initialized and says so; the mount lists them again.
      expect(first.map((row) => row.summary)).toContain('notifications/tools/list_changed');
      await inspector.setLogLevel('debug');
      expect(inspector.store.getState().logLevel).toBe('debug');
      // The server's own tool starts its simulated log: one message at once, then one every 5 s.
      expect(await runRemote('toggle-simulated-logging')).toMatch(
        /^Started simulated, random-leveled logging/,
      );
      await vi.waitFor(() =>
        expect(wire.store.getState().rows.map((row) => row.summary)).toContainEqual(
          expect.stringMatching(
            /^notifications\/message (debug|info|notice|warning|error|critical|alert|emergency): /,
          ),
        ),
      );
      const rows = wire.store.getState().rows.map((row) => row.summary);
      const setLevel = rows.find((summary) => summary.startsWith('logging/setLevel #'));
      expect(setLevel).toMatch(/^logging\/setLevel #\d+ debug$/);
      const id = setLevel?.split(/[# ]/)[2];
      expect(rows).toContain(`result of #${id} (logging/setLevel)`);
      expect(rows).toContainEqual(expect.stringMatching(/^tools\/call #\d+ toggle-simulated-logging$/));
      expect(await runRemote('toggle-simulated-logging')).toMatch(/^Stopped simulated logging/);
      expect(JSON.parse(wire.toJson())[0]).toMatchObject({
        seq: 1,
        direction: 'sent',
        offset_ms: 0,
        message: { jsonrpc: '2.0', id: 0, method: 'initialize' },
      });
    } finally {
      await close();
    }
  }, 30_000);
});

/** A client whose lists come in pages the test sets; `failNext` makes the next request fail. */
function pagedClient(pages: string[][]) {
  let failNext = false;
  const page = (cursor: string | undefined) => {
    if (failNext) {
      failNext = false;
      return Promise.reject(new Error('MCP error -32603: the list broke'));
    }
    const index = cursor === undefined ? 0 : Number(cursor);
    const names = pages[index] ?? [];
    return Promise.resolve({
      items: names,
      ...(index + 1 < pages.length ? { nextCursor: String(index + 1) } : {}),
    });
  };
  const client: InspectedClient = {
    getServerCapabilities: () => ({ resources: {} }),
    listResources: async (params) => {
      const { items, nextCursor } = await page(params?.cursor);
      return {
        resources: items.map((name) => ({ uri: `file:///${name}`, name })),
        ...(nextCursor ? { nextCursor } : {}),
      };
    },
    listResourceTemplates: async () => ({ resourceTemplates: [] }),
    readResource: async () => ({ contents: [] }),
    listPrompts: async () => ({ prompts: [] }),
    getPrompt: async () => ({ messages: [] }),
    setLoggingLevel: async () => ({}),
  };
  return { client, failNextRequest: () => (failNext = true) };
}

describe('the inspector lists page by page', () => {
  it('"more" appends the next page; a failed page keeps what was listed, says why and can be tried again', async () => {
    const { client, failNextRequest } = pagedClient([['a', 'b'], ['c'], ['d']]);
    const inspector = createInspectorStore({ client, blockText: contentBlockText });
    expect(inspector.store.getState().offers).toEqual({ resources: true, prompts: false, logging: false });
    await inspector.listResources();
    expect(inspector.store.getState().resources).toMatchObject({ phase: 'loaded', nextCursor: '1' });
    await inspector.listResources(true);
    expect(inspector.store.getState().resources.items.map((item) => item.name)).toEqual(['a', 'b', 'c']);
    failNextRequest();
    await inspector.listResources(true);
    expect(inspector.store.getState().resources).toEqual({
      phase: 'failed',
      items: inspector.store.getState().resources.items,
      nextCursor: '2',
      error:
        "resources/list failed: MCP error -32603: the list broke. Check the request and the server's log messages in this panel, then try again.",
    });
    expect(inspector.store.getState().resources.items).toHaveLength(3);
    await inspector.listResources(true);
    expect(inspector.store.getState().resources.items.map((item) => item.name)).toEqual(['a', 'b', 'c', 'd']);
    expect(inspector.store.getState().resources.nextCursor).toBeUndefined();
  });

  it('a page of 200,000 resources is listed (no argument spread that overflows the stack)', async () => {
    const names = Array.from({ length: 200_000 }, (_, index) => `r${index}`);
    const { client } = pagedClient([['first'], names]);
    const inspector = createInspectorStore({ client, blockText: contentBlockText });
    await inspector.listResources();
    await inspector.listResources(true);
    expect(inspector.store.getState().resources.items).toHaveLength(200_001);
  });
});
