/**
 * The proxy command docs/mcp.md documents for servers that speak only stdio, run as written (the
 * mcp-proxy version it names, installed on first use, its port and key filled in) in front of the reference
 * filesystem and "everything" servers: a page's preflight is allowed with the key's header, a request
 * without the key is refused, and with it the tools, resources, prompts and log messages of the stdio
 * server reach an MCP client over Streamable HTTP. The playground writes the same command.
 * Reaches inside: PROXY_PACKAGE and proxyCommand (src/playground/state/stdio-proxy.ts) are the command the
 * playground's MCP panel writes; the playground entry does not export them.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createToolSuite } from '../../src/index.ts';
import { type McpWireEvent, mountMcpServer } from '../../src/mcp/index.ts';
import { PROXY_PACKAGE, proxyCommand } from '../../src/playground/state/stdio-proxy.ts';
import {
  documentedProxyCommand,
  installedProxy,
  type StartedServer,
  startBehindProxy,
} from '../e2e/mcp-servers.ts';

const require = createRequire(import.meta.url);
const FILESYSTEM_SERVER = require.resolve('@modelcontextprotocol/server-filesystem/dist/index.js');
const EVERYTHING_SERVER = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
const KEY = 'proxy-test-key-0123456789abcdef';
const PAGE = 'http://localhost:4173';

describe('the documented proxy command', () => {
  it('is the one the playground writes, at the version the tests run', async () => {
    const { version } = await installedProxy();
    expect(PROXY_PACKAGE).toBe(`mcp-proxy@${version}`);
    expect(documentedProxyCommand()).toBe(
      proxyCommand('npx -y @modelcontextprotocol/server-filesystem .', '"$KEY"'),
    );
  }, 120_000);
});

describe('the proxy in front of the filesystem server', () => {
  let root: string;
  let proxy: StartedServer;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'mcp-proxy-'));
    writeFileSync(join(root, 'notes.txt'), 'served over stdio\n');
    proxy = await startBehindProxy([process.execPath, FILESYSTEM_SERVER, root], KEY);
  }, 120_000);
  afterAll(() => {
    proxy?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it("allows a page's preflight, with the key's header and the ones the MCP client sends", async () => {
    const response = await fetch(proxy.url, {
      method: 'OPTIONS',
      headers: {
        Origin: PAGE,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,mcp-protocol-version,mcp-session-id,x-api-key',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(
      expect.arrayContaining(['content-type', 'mcp-protocol-version', 'mcp-session-id', 'x-api-key']),
    );
    expect(response.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('mcp-session-id');
  });

  it('refuses a client without the key (401), and serves one with it: the server lists and reads files', async () => {
    await expect(mountMcpServer(createToolSuite(), proxy.url)).rejects.toMatchObject({ code: 401 });
    const suite = createToolSuite();
    const mount = await mountMcpServer(
      suite,
      { url: proxy.url, headers: { 'X-API-Key': KEY } },
      { mode: 'direct' },
    );
    try {
      expect(mount.server).toBe('secure-filesystem-server');
      expect(mount.tools()).toContain('read_text_file');
      const read = await suite.execute('read_text_file', { path: join(root, 'notes.txt') });
      expect(read.is_error).toBe(false);
      expect(read.output).toBe('served over stdio\n');
    } finally {
      await mount.unmount();
    }
  }, 60_000);
});

describe('the proxy in front of the everything server', () => {
  let proxy: StartedServer;

  beforeAll(async () => {
    proxy = await startBehindProxy([process.execPath, EVERYTHING_SERVER, 'stdio'], KEY);
  }, 60_000);
  afterAll(() => proxy?.stop());

  it('passes its resources, prompts and log messages through to the client', async () => {
    const events: McpWireEvent[] = [];
    const suite = createToolSuite();
    const mount = await mountMcpServer(
      suite,
      { url: proxy.url, headers: { 'X-API-Key': KEY }, onWire: (event) => events.push(event) },
      { mode: 'direct' },
    );
    try {
      const { resources } = await mount.client.listResources();
      expect(resources[0]?.uri).toBe('demo://resource/static/document/architecture.md');
      const prompt = await mount.client.getPrompt({ name: 'args-prompt', arguments: { city: 'Lisbon' } });
      expect(prompt.messages).toEqual([
        { role: 'user', content: { type: 'text', text: "What's weather in Lisbon?" } },
      ]);
      await mount.client.setLoggingLevel('debug');
      const started = await suite.execute('toggle-simulated-logging', {});
      expect(started.output).toMatch(/^Started simulated, random-leveled logging/);
      await vi.waitFor(
        () =>
          expect(
            events.some(
              (event) =>
                event.direction === 'received' &&
                'method' in event.message &&
                event.message.method === 'notifications/message',
            ),
          ).toBe(true),
        { timeout: 20_000 },
      );
      await suite.execute('toggle-simulated-logging', {});
    } finally {
      await mount.unmount();
    }
  }, 60_000);
});
