/**
 * A hostile MCP server for the bridge's tests: the SDK's low-level `Server` whose `tools/list` answers
 * whatever a test hands it (malformed tools, repeated cursors, endless pages, huge descriptions),
 * connected in memory. It counts the listings it answered.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export interface HostileServer {
  server: Server;
  client: Client;
  /** `tools/list` requests answered so far. */
  listings(): number;
  close(): Promise<void>;
}

/** What one `tools/list` request gets: the page for its cursor, as raw JSON. */
export type PageAnswer = (cursor: string | undefined) => Record<string, unknown>;

/** `page` answers every `tools/list`; `call` (default: an empty result) every `tools/call`. */
export async function hostileServer(
  page: PageAnswer,
  call: (name: string) => Record<string, unknown> = () => ({ content: [] }),
): Promise<HostileServer> {
  const server = new Server(
    { name: 'hostile', version: '1.0.0' },
    { capabilities: { tools: { listChanged: true } } },
  );
  let listings = 0;
  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    listings += 1;
    return page(request.params?.cursor) as never;
  });
  server.setRequestHandler(CallToolRequestSchema, async (request) => call(request.params.name) as never);
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: 'bridge-test', version: '1.0.0' });
  await client.connect(clientTransport);
  return {
    server,
    client,
    listings: () => listings,
    async close() {
      await client.close();
      await server.close();
    },
  };
}

/** A valid tool named `name`. */
export function tool(name: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name,
    description: `The ${name} tool.`,
    inputSchema: { type: 'object', properties: {} },
    ...extra,
  };
}
