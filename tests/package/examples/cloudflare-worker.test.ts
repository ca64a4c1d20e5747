/**
 * examples/cloudflare-worker installed from the packed tarball: the worker bundled by its own build
 * script and served by workerd (Miniflare) answers the MCP SDK client with its custom catalog.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Miniflare } from 'miniflare';
import { describe, expect, it } from 'vitest';
import { installedExample, run } from './support.ts';

const example = installedExample('cloudflare-worker');

describe('examples/cloudflare-worker installed from the packed tarball', () => {
  it('cloudflare-worker: workerd serves the custom catalog over MCP', async () => {
    const dir = example.dir();
    await run('npm', ['run', '--silent', 'build'], { cwd: dir });
    const miniflare = new Miniflare({
      modules: true,
      script: readFileSync(join(dir, 'dist/worker.js'), 'utf8'),
      compatibilityDate: '2026-04-01',
    });
    const client = new Client({ name: 'examples-test', version: '1.0.0' });
    client.onerror = () => {};
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', await miniflare.ready)));
      const before = (await client.listTools()).tools.map((tool) => tool.name);
      expect(before).toContain('bash');
      expect(before).not.toContain('lookup_order');
      await client.callTool({ name: 'tool_search', arguments: { query: 'order status' } });
      const order = await client.callTool({ name: 'lookup_order', arguments: { id: 'A7' } });
      expect(order.isError).toBeFalsy();
      expect(order.content).toEqual([{ type: 'text', text: 'Order A7 has shipped.' }]);
    } finally {
      await client.close();
      await miniflare.dispose();
    }
  }, 60_000);
});
