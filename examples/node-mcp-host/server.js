// The edge handler hosted in Node: createFetchHandler is a standard fetch handler, and
// @hono/node-server turns Node's HTTP requests into Request objects for it. Sessions live in this
// process (the in-isolate mode); set MCP_TOKEN to require a bearer token, PORT to pick the port.
//
//   npm start                      → serves http://127.0.0.1:8787/mcp
//   MCP_TOKEN=secret PORT=3000 npm start
import { serve } from '@hono/node-server';
import { createToolSuite } from 'browser-agent-tools';
import { createFetchHandler } from 'browser-agent-tools/edge';

const port = Number(process.env.PORT ?? 8787);
const token = process.env.MCP_TOKEN || undefined;

const handler = createFetchHandler({
  bearerToken: token,
  // The seven built-ins and tool_search, each session with its own embedded workspace.
  createSuite: ({ workspace }) => createToolSuite({ workspace }),
});

const server = serve({ fetch: handler, port, hostname: '127.0.0.1' }, (info) => {
  console.log(`MCP server listening on http://127.0.0.1:${info.port}/mcp`);
});

// Stop taking requests on Ctrl-C or a container's SIGTERM; sessions end with the process.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
