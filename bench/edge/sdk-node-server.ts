/**
 * The baseline of the edge load benchmark: the same suite (load-suite.ts) served by the MCP SDK's own
 * Node server, `StreamableHTTPServerTransport` over `node:http`, the way the SDK's examples run it: one
 * transport and one protocol server per session, in a map by session ID. Run in its own process
 * (`tsx bench/edge/sdk-node-server.ts`), as workerd is; it prints `listening <port>` when ready.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { createSessionServer } from '../../src/edge/mcp-server.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/just-bash-workspace.ts';
import { LOAD_WORKSPACE_BYTES, loadSuite } from './load-suite.ts';

const transports = new Map<string, StreamableHTTPServerTransport>();

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : JSON.parse(text);
}

/** A new session's transport and protocol server, over a fresh suite. */
async function openSession(): Promise<StreamableHTTPServerTransport> {
  const id = randomUUID();
  const suite = loadSuite({
    workspaceBytes: LOAD_WORKSPACE_BYTES,
    workspace: () =>
      createJustBashWorkspace({ executionLimits: { maxFileSystemBytes: LOAD_WORKSPACE_BYTES } }),
  });
  const session = suite.createSession({ id });
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => id,
    onsessioninitialized: (sessionId) => {
      transports.set(sessionId, transport);
    },
    onsessionclosed: (sessionId) => {
      transports.delete(sessionId);
    },
  });
  const server = createSessionServer(suite, session, {
    serverInfo: { name: 'sdk-node-baseline', version: '1.0.0' },
    onCallStart: () => undefined,
    onCallEnd: () => undefined,
  });
  await server.connect(transport);
  return transport;
}

const server = createServer(async (request, response) => {
  try {
    const sessionId = request.headers['mcp-session-id'];
    const existing = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
    if (existing !== undefined) {
      const body = request.method === 'POST' ? await readJson(request) : undefined;
      await existing.handleRequest(request, response, body);
      return;
    }
    const body = request.method === 'POST' ? await readJson(request) : undefined;
    if (sessionId !== undefined || !isInitializeRequest(body)) {
      response.writeHead(sessionId === undefined ? 400 : 404).end();
      return;
    }
    await (await openSession()).handleRequest(request, response, body);
  } catch {
    if (!response.headersSent) response.writeHead(500);
    response.end();
  }
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address !== null ? address.port : 0}`);
});
