/**
 * examples/node-mcp-host installed from the packed tarball: `createFetchHandler` hosted in Node by
 * @hono/node-server, started as a user starts it (`node server.js` with PORT and MCP_TOKEN), answers
 * the MCP SDK client: the token is required, the tools are listed, a bash call runs in the session's
 * workspace, and a second client gets a workspace of its own.
 */
import { spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { freePort, installedExample } from './support.ts';

const example = installedExample('node-mcp-host');

async function connect(endpoint: URL, token: string): Promise<Client> {
  const client = new Client({ name: 'examples-test', version: '1.0.0' });
  client.onerror = () => {};
  await client.connect(
    new StreamableHTTPClientTransport(endpoint, {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  const [first] = Array.isArray(result.content) ? result.content : [];
  return first?.type === 'text' ? first.text : '';
}

describe('examples/node-mcp-host installed from the packed tarball', () => {
  it('node-mcp-host: serves the suite over MCP from Node, behind the bearer token', async () => {
    const port = await freePort();
    // Node itself, not npm start, so that killing the child stops the server.
    const server = spawn(process.execPath, ['server.js'], {
      cwd: example.dir(),
      env: { ...process.env, PORT: String(port), MCP_TOKEN: 'example-token' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const banner = await new Promise<string>((done, fail) => {
        server.stdout?.on('data', (chunk: Buffer) => done(chunk.toString('utf8').trim()));
        server.on('exit', (code) => fail(new Error(`server.js exited with ${code}`)));
      });
      expect(banner).toBe(`MCP server listening on http://127.0.0.1:${port}/mcp`);
      const endpoint = new URL(`http://127.0.0.1:${port}/mcp`);
      await expect(connect(endpoint, 'wrong-token')).rejects.toThrow(
        'Unauthorized: the bearer token is not valid for this server. Send the token it was configured with.',
      );
      const client = await connect(endpoint, 'example-token');
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
        'read',
        'write',
        'edit',
        'bash',
        'grep',
        'find',
        'ls',
        'tool_search',
      ]);
      const made = await client.callTool({
        name: 'bash',
        arguments: { command: 'echo hosted > a.txt && cat a.txt' },
      });
      expect(textOf(made)).toBe('hosted');
      const other = await connect(endpoint, 'example-token');
      expect(textOf(await other.callTool({ name: 'ls', arguments: {} }))).toBe('(empty directory)');
      await Promise.all([client.close(), other.close()]);
    } finally {
      server.kill('SIGTERM');
    }
  }, 120_000);
});
