/**
 * examples/cloudflare-worker installed from the packed tarball: the worker bundled by its own build
 * script and served by workerd (Miniflare) answers the MCP SDK client with its custom catalog; and the
 * ready-made worker the package ships, `node_modules/browser-agent-tools/dist/edge/worker.js`, runs as
 * docs/edge.md's wrangler.toml points at it, with the `MCP_SESSIONS` Durable Object binding.
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

  it('cloudflare-worker: the ready-made worker the package ships serves Durable Object sessions', async () => {
    const worker = join(example.dir(), 'node_modules/browser-agent-tools/dist/edge/worker.js');
    const miniflare = new Miniflare({
      modules: true,
      script: readFileSync(worker, 'utf8'),
      compatibilityDate: '2026-04-01',
      durableObjects: { MCP_SESSIONS: { className: 'McpSessionObject', useSQLite: true } },
    });
    const client = new Client({ name: 'examples-test', version: '1.0.0' });
    client.onerror = () => {};
    try {
      const transport = new StreamableHTTPClientTransport(new URL('/mcp', await miniflare.ready));
      await client.connect(transport);
      expect(transport.sessionId).toMatch(/^[0-9a-f]{64}$/);
      const written = await client.callTool({
        name: 'bash',
        arguments: { command: 'echo shipped > a.txt; cat a.txt' },
      });
      expect(written.content).toEqual([{ type: 'text', text: 'shipped' }]);
    } finally {
      await client.close();
      await miniflare.dispose();
    }
  }, 60_000);
});
