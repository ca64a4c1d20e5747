/**
 * `mountMcpServer` against hostile servers: one malformed tool among good ones, a cursor sent twice,
 * endless pages, hundreds of thousands of tools, a 50 MB description, a huge schema, bursts of
 * `list_changed`, and structured content that breaks the tool's own output schema. What went over a
 * cap is a clear error or a `skipped()` entry, word for word, and never costs the host more than the cap.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createToolSuite } from '../../src/index.ts';
import { McpListingError, mountMcpServer } from '../../src/mcp/index.ts';
import { type HostileServer, hostileServer, tool } from './hostile-server.ts';

const servers: HostileServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serving(...args: Parameters<typeof hostileServer>): Promise<HostileServer> {
  const server = await hostileServer(...args);
  servers.push(server);
  return server;
}

describe('mountMcpServer: tools checked one by one', () => {
  it('skips a malformed tool with its reason and mounts the rest', async () => {
    const server = await serving(() => ({
      tools: [
        tool('good'),
        { name: 42 },
        { name: 'bad_schema', inputSchema: { type: 'string' } },
        { description: 'no name at all' },
        tool('fine'),
      ],
    }));
    const suite = createToolSuite();
    const mount = await mountMcpServer(suite, server.client, { prefix: 'h_' });
    expect(mount.tools()).toEqual(['h_good', 'h_fine']);
    expect(mount.skipped()).toEqual([
      {
        name: 'h_(unnamed)',
        reason: 'it is not a valid MCP tool (name: Invalid input: expected string, received number)',
      },
      {
        name: 'h_bad_schema',
        reason: 'it is not a valid MCP tool (inputSchema.type: Invalid input: expected "object")',
      },
      {
        name: 'h_(unnamed)',
        reason: 'it is not a valid MCP tool (name: Invalid input: expected string, received undefined)',
      },
    ]);
    expect(suite.get('h_good')?.mode).toBe('deferred');
  });

  it('skips a tool whose description, title or schema is over its cap; the first search stays cheap', async () => {
    const huge = 'x'.repeat(50 * 1024 * 1024);
    const deep = { type: 'object', properties: { a: { type: 'string', description: 'y'.repeat(70_000) } } };
    const server = await serving(() => ({
      tools: [
        tool('weather_now', { description: 'Current weather for a city.' }),
        tool('long_description', { description: huge }),
        tool('long_title', { title: 't'.repeat(16_385) }),
        tool('big_schema', { inputSchema: deep }),
        tool('big_output', { outputSchema: deep }),
      ],
    }));
    const suite = createToolSuite();
    const mount = await mountMcpServer(suite, server.client);
    expect(mount.tools()).toEqual(['weather_now']);
    expect(mount.skipped()).toEqual([
      {
        name: 'long_description',
        reason:
          'its description has 52,428,800 characters, more than the 16,384 mounted (maxDescriptionChars)',
      },
      {
        name: 'long_title',
        reason: 'its title has 16,385 characters, more than the 16,384 mounted (maxDescriptionChars)',
      },
      {
        name: 'big_schema',
        reason:
          'its inputSchema has 70,071 characters of JSON, more than the 65,536 mounted (maxSchemaChars)',
      },
      {
        name: 'big_output',
        reason:
          'its outputSchema has 70,071 characters of JSON, more than the 65,536 mounted (maxSchemaChars)',
      },
    ]);
    const search = await suite.execute('tool_search', { query: 'weather in a city' });
    expect(search.output.split('\n')[0]).toBe(
      'Found 1 tool for "weather in a city". It is available from your next call:',
    );
    const raised = await mountMcpServer(createToolSuite(), server.client, {
      maxDescriptionChars: 20_000,
      maxSchemaChars: 80_000,
    });
    expect(raised.tools()).toEqual(['weather_now', 'long_title', 'big_schema', 'big_output']);
  });

  it('skips a tool whose annotations.title or name is over its cap; _meta and icons are not kept', async () => {
    const huge = 'a'.repeat(20 * 1024 * 1024);
    const server = await serving(() => ({
      tools: [
        tool('weather_now', { annotations: { title: 'Weather now', readOnlyHint: true } }),
        tool('long_annotation_title', { annotations: { title: huge, readOnlyHint: true } }),
        tool('n'.repeat(200), { description: 'A tool with a long name.' }),
        tool('heavy_meta', {
          _meta: { blob: 'm'.repeat(20 * 1024 * 1024) },
          icons: [{ src: `data:image/png;base64,${'i'.repeat(1024 * 1024)}` }],
        }),
      ],
    }));
    const suite = createToolSuite();
    const seen: string[][] = [];
    const mount = await mountMcpServer(suite, server.client, {
      mode: 'direct',
      effects: (remote) => {
        seen.push(Object.keys(remote));
        return undefined;
      },
    });
    expect(mount.tools()).toEqual(['weather_now', 'heavy_meta']);
    expect(mount.skipped()).toEqual([
      {
        name: 'long_annotation_title',
        reason:
          'its annotations.title has 20,971,520 characters, more than the 16,384 mounted (maxDescriptionChars)',
      },
      {
        name: `${'n'.repeat(128)}…`,
        reason: 'its name has 200 characters, more than the 128 a tool name may have',
      },
    ]);
    expect(seen).toEqual([
      ['name', 'description', 'inputSchema', 'annotations'],
      ['name', 'description', 'inputSchema'],
    ]);
    expect(suite.get('weather_now')?.spec.title).toBe('Weather now');
    expect(JSON.stringify(suite.declarations()).length).toBeLessThan(20_000);
  });
});

describe('mountMcpServer: listing caps', () => {
  it('stops at a cursor the server sends twice, and mounts nothing of that listing', async () => {
    const server = await serving((cursor) => ({
      tools: [tool(`tool_${cursor ?? 'first'}`)],
      nextCursor: cursor === undefined ? 'a' : 'same',
    }));
    const suite = createToolSuite();
    const before = suite.list().length;
    const mounting = mountMcpServer(suite, server.client);
    await expect(mounting).rejects.toThrow(McpListingError);
    await expect(mounting).rejects.toThrow(
      'MCP server "hostile" sent the cursor "same" again after page 3 of its tool list, which would list the same tools forever, so its listing was stopped and none of it was mounted.',
    );
    expect(server.listings()).toBe(3);
    expect(suite.list().length).toBe(before);
  });

  it('stops after maxPages pages (default 100) of new cursors', async () => {
    const server = await serving((cursor) => {
      const page = cursor === undefined ? 0 : Number(cursor);
      return { tools: [tool(`tool_${page}`)], nextCursor: String(page + 1) };
    });
    await expect(mountMcpServer(createToolSuite(), server.client)).rejects.toThrow(
      'MCP server "hostile" lists its tools on more than 100 pages (maxPages), so its listing was stopped and none of it was mounted. Mount it with a larger maxPages if you mean to.',
    );
    expect(server.listings()).toBe(100);
  });

  it('stops past maxTools tools (default 10,000), even when they come in one page of 300,000', async () => {
    const page = { tools: Array.from({ length: 300_000 }, (_, index) => tool(`tool_${index}`)) };
    const server = await serving(() => page);
    const suite = createToolSuite();
    await expect(mountMcpServer(suite, server.client)).rejects.toThrow(
      'MCP server "hostile" lists more than 10,000 tools (maxTools), so its listing was stopped and none of it was mounted. Mount it with a larger maxTools if you mean to.',
    );
    expect(suite.get('tool_0')).toBeUndefined();
    const small = await serving(() => ({ tools: [tool('a'), { name: 7 }, tool('b')] }));
    await expect(mountMcpServer(createToolSuite(), small.client, { maxTools: 2 })).rejects.toThrow(
      'MCP server "hostile" lists more than 2 tools (maxTools)',
    );
  });

  it('says so when a page has no tools array', async () => {
    const server = await serving(() => ({ tools: 'none' }));
    await expect(mountMcpServer(createToolSuite(), server.client)).rejects.toThrow(
      'MCP server "hostile" answered tools/list (page 1) without a tools array, so none of its tools were mounted.',
    );
  });
});

describe('mountMcpServer: list_changed bursts', () => {
  it('5,000 notifications cost at most one listing in flight and one queued', async () => {
    let version = 0;
    const server = await serving(() => ({ tools: [tool(`tool_v${version}`)] }));
    const suite = createToolSuite();
    const mount = await mountMcpServer(suite, server.client);
    expect(server.listings()).toBe(1);
    version = 1;
    await Promise.all(
      Array.from({ length: 5_000 }, () =>
        server.server.notification({ method: 'notifications/tools/list_changed' }),
      ),
    );
    // Joins the queued listing (or starts one after the last), so it ends after every re-list.
    expect(await mount.refresh()).toEqual(['tool_v1']);
    expect(server.listings()).toBeLessThanOrEqual(3);
    expect(suite.get('tool_v0')).toBeUndefined();
  });
});

describe('mountMcpServer: output schemas', () => {
  it('refuses structured content that breaks the output schema, on every page', async () => {
    const checked = {
      type: 'object',
      properties: { celsius: { type: 'number' } },
      required: ['celsius'],
    };
    const server = await serving(
      (cursor) =>
        cursor === undefined
          ? { tools: [tool('first', { outputSchema: checked })], nextCursor: 'p2' }
          : { tools: [tool('second', { outputSchema: checked })] },
      (name) =>
        name === 'first'
          ? { content: [], structuredContent: { celsius: 'warm' } }
          : { content: [{ type: 'text', text: 'no data' }] },
    );
    const suite = createToolSuite();
    await mountMcpServer(suite, server.client, { mode: 'direct' });
    const first = await suite.execute('first', {});
    expect(first.is_error).toBe(true);
    expect(first.output).toBe(
      'first: MCP server "hostile" answered tool "first" with structured content that does not match its output schema (#: Property "celsius" does not match schema.; #/celsius: Instance type "string" is invalid. Expected "number".), so the result cannot be trusted. Try again, or use another tool.',
    );
    const second = await suite.execute('second', {});
    expect(second.output).toBe(
      'second: MCP server "hostile" answered tool "second" without the structured content its output schema promises, so the result cannot be trusted. Try again, or use another tool.',
    );
  });
});

describe('mountMcpServer: a 20 MB result', () => {
  it('keeps output, structured_output and details each within its budget; the full JSON is spilled', async () => {
    const text = `${'t'.repeat(1000)}\n`.repeat(20 * 1024);
    const server = await serving(
      () => ({ tools: [tool('dump')] }),
      () => ({ content: [{ type: 'text', text }], structuredContent: { text } }),
    );
    const suite = createToolSuite();
    await mountMcpServer(suite, server.client, { mode: 'direct' });
    const result = await suite.execute('dump', {});
    expect(result.is_error).toBe(false);
    const marker = result.structured_output.structured_output_truncated as Record<string, unknown>;
    expect(marker.total_bytes).toBe(JSON.stringify({ text }).length);
    expect(result.output.split('\n').at(-1)).toBe(
      `[structured_output was cut: its JSON is 19.6MB, over the 1.0MB limit. The full JSON is in ${String(marker.spilled_path)}: read it for the rest.]`,
    );
    expect(result.details.mcp_server).toBe('hostile');
    expect((result.details.details_truncated as Record<string, unknown>).dropped_keys).toEqual(['content']);
    expect(JSON.stringify(result).length).toBeLessThan(120_000);
  });
});
