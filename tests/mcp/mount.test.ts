/**
 * `mountMcpServer` against the SDK's own `McpServer`, connected in memory: registration (schema, title,
 * outputSchema, annotations, effects), the mapping of every content kind onto the three channels,
 * remote errors, cancellation, timeouts, transport failures, `list_changed` and `unmount`. Texts the
 * model reads are asserted word for word.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSuite } from '../../src/index.ts';
import { mountMcpServer } from '../../src/mcp/index.ts';
import { type InMemoryPair, inMemoryServer, until } from './fixture.ts';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const pairs: InMemoryPair[] = [];
afterEach(async () => {
  await Promise.all(pairs.splice(0).map((pair) => pair.close()));
});

async function weatherServer(): Promise<InMemoryPair> {
  const pair = await inMemoryServer('weather-server', (server) => {
    server.registerTool(
      'get_weather',
      {
        title: 'Get weather',
        description: 'Current weather for a city.',
        inputSchema: { city: z.string().describe('City name') },
        outputSchema: { city: z.string(), celsius: z.number() },
        annotations: { readOnlyHint: true, openWorldHint: true },
      },
      async ({ city }) => ({
        content: [{ type: 'text', text: `It is 21 °C in ${city}.` }],
        structuredContent: { city, celsius: 21 },
      }),
    );
    server.registerTool(
      'snapshot',
      { description: 'A picture and a report.', annotations: { readOnlyHint: true, openWorldHint: false } },
      async () => ({
        content: [
          { type: 'text', text: 'Here it is:' },
          { type: 'image', data: PNG, mimeType: 'image/png' },
          {
            type: 'resource',
            resource: { uri: 'file:///report.txt', mimeType: 'text/plain', text: 'all good' },
          },
          { type: 'resource_link', uri: 'file:///big.log', name: 'big.log' },
        ],
      }),
    );
    server.registerTool(
      'delete_city',
      {
        description: 'Deletes a city.',
        inputSchema: { city: z.string() },
        annotations: { readOnlyHint: false },
      },
      async ({ city }) => ({ content: [{ type: 'text', text: `No city called ${city}.` }], isError: true }),
    );
    server.registerTool('mystery', { description: 'No annotations at all.' }, async () => ({ content: [] }));
  });
  pairs.push(pair);
  return pair;
}

describe('mountMcpServer: registration', () => {
  it('registers every remote tool as deferred, with its schema, title, outputSchema, annotations and effects', async () => {
    const { client } = await weatherServer();
    const suite = createToolSuite();
    const mount = await mountMcpServer(suite, client);

    expect(mount.server).toBe('weather-server');
    expect(mount.tools()).toEqual(['get_weather', 'snapshot', 'delete_city', 'mystery']);
    const weather = suite.get('get_weather');
    expect(weather?.mode).toBe('deferred');
    expect(weather?.spec.title).toBe('Get weather');
    expect(weather?.spec.description).toBe('Current weather for a city.');
    expect(weather?.spec.parameters).toMatchObject({
      type: 'object',
      properties: { city: { type: 'string', description: 'City name' } },
      required: ['city'],
    });
    expect(weather?.spec.outputSchema).toMatchObject({ properties: { celsius: { type: 'number' } } });
    expect(weather?.spec.annotations).toEqual({ readOnlyHint: true, openWorldHint: true });
    expect(suite.effects('get_weather')).toEqual(['read', 'net_read']);
    expect(suite.effects('snapshot')).toEqual(['read']);
    // readOnlyHint false, destructive and open world by MCP's defaults, on a server that is not a filesystem:
    expect(suite.effects('delete_city')).toEqual(['net_write', 'state_write', 'fs_write']);
    expect(suite.effects('mystery')).toBeNull();
    expect(suite.declarations(suite.createSession()).map((tool) => tool.name)).not.toContain('get_weather');
  });

  it('takes the mode, and effects overrides by name or by function', async () => {
    const { client } = await weatherServer();
    const byName = createToolSuite();
    await mountMcpServer(byName, client, { mode: 'direct', effects: { mystery: ['read'] } });
    expect(byName.get('mystery')?.mode).toBe('direct');
    expect(byName.effects('mystery')).toEqual(['read']);
    expect(byName.effects('snapshot')).toEqual(['read']);

    const byFunction = createToolSuite();
    await mountMcpServer(byFunction, client, {
      effects: (tool) =>
        tool.name === 'get_weather' ? null : tool.name === 'snapshot' ? ['exec'] : undefined,
    });
    expect(byFunction.effects('get_weather')).toBeNull();
    expect(byFunction.effects('snapshot')).toEqual(['exec']);
    expect(byFunction.effects('delete_city')).toEqual(['net_write', 'state_write', 'fs_write']);
  });

  it('a prefix keeps two servers with the same tool names apart; without one the clash is skipped, not thrown', async () => {
    const first = await weatherServer();
    const second = await weatherServer();
    const suite = createToolSuite();
    await mountMcpServer(suite, first.client);
    const clashing = await mountMcpServer(suite, second.client, { name: 'second' });
    expect(clashing.tools()).toEqual([]);
    expect(clashing.skipped()[0]).toEqual({
      name: 'get_weather',
      reason: 'a tool named "get_weather" is already registered; mount this server with a prefix',
    });
    await clashing.unmount();
    const prefixed = await mountMcpServer(suite, second.client, { prefix: 'eu_' });
    expect(prefixed.tools()).toEqual(['eu_get_weather', 'eu_snapshot', 'eu_delete_city', 'eu_mystery']);

    const session = suite.createSession();
    session.activate(['eu_get_weather']);
    const result = await suite.execute('eu_get_weather', { city: 'Oslo' }, { session });
    expect(result.output).toBe('It is 21 °C in Oslo.');
  });
});

describe('mountMcpServer: calls', () => {
  it('maps text and structuredContent onto output and structured_output', async () => {
    const { client } = await weatherServer();
    const suite = createToolSuite();
    await mountMcpServer(suite, client, { mode: 'direct' });
    const result = await suite.execute('get_weather', { city: 'Oslo' });
    expect(result.is_error).toBe(false);
    expect(result.output).toBe('It is 21 °C in Oslo.');
    expect(result.structured_output).toEqual({ city: 'Oslo', celsius: 21 });
    expect(result.details).toMatchObject({ mcp_server: 'weather-server', mcp_tool: 'get_weather' });
  });

  it('maps image, embedded resource and resource link content', async () => {
    const { client } = await weatherServer();
    const suite = createToolSuite();
    await mountMcpServer(suite, client, { mode: 'direct' });
    const result = await suite.execute('snapshot', {});
    expect(Buffer.from(PNG, 'base64').length).toBe(70);
    expect(result.output).toBe(
      'Here it is:\n\n[image: image/png, 70 bytes]\n\n[resource: file:///report.txt]\nall good\n\n[resource link: file:///big.log]',
    );
    expect(result.structured_output).toEqual({
      images: [{ mime_type: 'image/png', data_base64: PNG }],
      resources: [{ uri: 'file:///report.txt', mime_type: 'text/plain', text: 'all good' }],
    });
    expect((result.details.content as unknown[]).length).toBe(4);
  });

  it('isError is an error result carrying the server text; empty content says so', async () => {
    const { client } = await weatherServer();
    const suite = createToolSuite();
    await mountMcpServer(suite, client, { mode: 'direct' });
    const failed = await suite.execute('delete_city', { city: 'Atlantis' });
    expect(failed.is_error).toBe(true);
    expect(failed.output).toBe('delete_city: No city called Atlantis.');
    expect(failed.structured_output.error).toMatchObject({
      mcp_server: 'weather-server',
      mcp_tool: 'delete_city',
    });

    const empty = await suite.execute('mystery', {});
    expect(empty).toMatchObject({ is_error: false, output: 'The tool returned no content.' });
  });

  it('an invalid call never reaches the server', async () => {
    let calls = 0;
    const pair = await inMemoryServer('counter', (server) => {
      server.registerTool('count', { inputSchema: { by: z.number() } }, async ({ by }) => {
        calls += by;
        return { content: [{ type: 'text', text: String(calls) }] };
      });
    });
    pairs.push(pair);
    const suite = createToolSuite();
    await mountMcpServer(suite, pair.client, { mode: 'direct' });
    const result = await suite.execute('count', { by: 'many' });
    expect(result.is_error).toBe(true);
    expect(calls).toBe(0);
  });

  it('forwards an abort to the server as MCP cancellation', async () => {
    let started = false;
    let cancelled = false;
    const pair = await inMemoryServer('slow-server', (server) => {
      server.registerTool('slow', { description: 'Waits.' }, async (extra) => {
        started = true;
        await new Promise<void>((resolve) =>
          extra.signal.addEventListener('abort', () => {
            cancelled = true;
            resolve();
          }),
        );
        return { content: [{ type: 'text', text: 'late' }] };
      });
    });
    pairs.push(pair);
    const suite = createToolSuite();
    await mountMcpServer(suite, pair.client, { mode: 'direct' });
    const controller = new AbortController();
    const pending = suite.execute('slow', {}, { signal: controller.signal });
    await until(() => started);
    controller.abort();
    const result = await pending;
    expect(result.is_error).toBe(true);
    expect(result.output).toBe(
      'Tool "slow" was aborted before it finished. Its effects, if any, may be partial.',
    );
    await until(() => cancelled);
  });

  it('a timeout is an error result that names the server', async () => {
    const pair = await inMemoryServer('slow-server', (server) => {
      server.registerTool('slow', { description: 'Never answers.' }, () => new Promise(() => {}));
    });
    pairs.push(pair);
    const suite = createToolSuite();
    await mountMcpServer(suite, pair.client, { mode: 'direct', timeoutMs: 50 });
    const result = await suite.execute('slow', {});
    expect(result.is_error).toBe(true);
    expect(result.output).toBe(
      'slow: MCP server "slow-server" did not answer within 50 ms, so the call was abandoned (it may still finish on the server). Try again later, or use another tool.',
    );
    expect(result.structured_output.error).toMatchObject({ code: 'MCP_TIMEOUT', mcp_server: 'slow-server' });
  });

  it('a transport failure is an error result that names the server', async () => {
    const { client } = await weatherServer();
    const suite = createToolSuite();
    await mountMcpServer(suite, client, { mode: 'direct' });
    await client.close();
    const result = await suite.execute('get_weather', { city: 'Oslo' });
    expect(result.is_error).toBe(true);
    expect(result.output).toBe(
      'get_weather: MCP server "weather-server" failed: Not connected. The call may not have run; try again, or use another tool.',
    );
  });
});

describe('mountMcpServer: list changes and unmount', () => {
  it('notifications/tools/list_changed registers new tools and unregisters removed ones', async () => {
    const pair = await inMemoryServer('changing', (server) => {
      server.registerTool('first', { description: 'One.' }, async () => ({ content: [] }));
    });
    pairs.push(pair);
    const suite = createToolSuite();
    const mount = await mountMcpServer(suite, pair.client);
    expect(mount.tools()).toEqual(['first']);

    const second = pair.server.registerTool('second', { description: 'Two.' }, async () => ({ content: [] }));
    await until(() => suite.get('second') !== undefined);
    expect(mount.tools()).toEqual(['first', 'second']);

    second.remove();
    await until(() => suite.get('second') === undefined);
    expect(mount.tools()).toEqual(['first']);
  });

  it('unmount removes every tool it added, stops listening, and leaves a host-made client open', async () => {
    const pair = await inMemoryServer('changing', (server) => {
      server.registerTool('first', { description: 'One.' }, async () => ({ content: [] }));
    });
    pairs.push(pair);
    const suite = createToolSuite();
    const before = suite.list().map((tool) => tool.spec.name);
    const mount = await mountMcpServer(suite, pair.client);
    await mount.unmount();
    expect(suite.list().map((tool) => tool.spec.name)).toEqual(before);
    expect(mount.tools()).toEqual([]);

    pair.server.registerTool('late', { description: 'After unmount.' }, async () => ({ content: [] }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(suite.get('late')).toBeUndefined();
    expect((await pair.client.listTools()).tools.map((tool) => tool.name)).toEqual(['first', 'late']);
  });

  it('a tool found by tool_search becomes callable in that session', async () => {
    const { client } = await weatherServer();
    const suite = createToolSuite();
    await mountMcpServer(suite, client);
    const session = suite.createSession();
    const search = await suite.execute('tool_search', { query: 'weather city' }, { session });
    expect(search.is_error).toBe(false);
    expect(session.isActive('get_weather')).toBe(true);
    const result = await suite.execute('get_weather', { city: 'Rome' }, { session });
    expect(result.output).toBe('It is 21 °C in Rome.');
  });
});

describe('mountMcpServer: long output', () => {
  it('cuts the text at a line break before maxOutputBytes, with a notice; structured data keeps all of it', async () => {
    const lines = Array.from({ length: 50 }, (_, index) => `line ${index + 1}`).join('\n');
    const pair = await inMemoryServer('big', (server) => {
      server.registerTool('dump', { description: 'Much text.' }, async () => ({
        content: [{ type: 'text', text: lines }],
      }));
    });
    pairs.push(pair);
    const suite = createToolSuite();
    await mountMcpServer(suite, pair.client, { mode: 'direct', maxOutputBytes: 40 });
    const result = await suite.execute('dump', {});
    expect(result.is_error).toBe(false);
    expect(result.output).toBe(
      `line 1\nline 2\nline 3\nline 4\nline 5\n\n[Output truncated: showing the first 34 of ${lines.length} bytes. Call the tool again with arguments that select less (a narrower path, query or range).]`,
    );
    expect(result.details.content).toEqual([{ type: 'text', text: lines }]);
  });
});
