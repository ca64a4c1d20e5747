/**
 * An in-memory MCP server (the SDK's `McpServer` over `InMemoryTransport`) and a `Client` connected to
 * it, for bridge tests that need no process and no network.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export interface InMemoryPair {
  server: McpServer;
  client: Client;
  close(): Promise<void>;
}

/** A server named `name` with `setup` applied before connecting, and a client connected to it. */
export async function inMemoryServer(
  name: string,
  setup: (server: McpServer) => void,
): Promise<InMemoryPair> {
  const server = new McpServer(
    { name, version: '1.0.0' },
    { capabilities: { tools: { listChanged: true } } },
  );
  setup(server);
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: 'bridge-test', version: '1.0.0' });
  await client.connect(clientTransport);
  return {
    server,
    client,
    async close() {
      await client.close();
      await server.close();
    },
  };
}

/**
 * Resolves once `check` holds, polling. It sets no deadline of its own: what it waits for is an event
 * (a notification, a reply), not a speed, so a condition that never holds fails at the test's timeout
 * and one that holds late on a busy machine passes.
 */
export async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}
