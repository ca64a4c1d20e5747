// An MCP server on Cloudflare Workers with a catalog of its own: the built-ins, tool_search and one
// deferred tool, each MCP session with its own suite and workspace. Set MCP_TOKEN (a secret) to require
// `Authorization: Bearer <MCP_TOKEN>`.
import { createToolSuite } from 'browser-agent-tools';
import { createFetchHandler } from 'browser-agent-tools/edge';

let handler;

function createSuite(context) {
  const suite = createToolSuite({ workspace: context.workspace });
  suite.register(
    {
      name: 'lookup_order',
      description: 'The status of an order by its id.',
      parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      effects: ['net_read'],
    },
    'deferred',
    async (args) => ({ output: `Order ${String(args.id)} has shipped.` }),
  );
  return suite;
}

export default {
  fetch(request, env) {
    handler ??= createFetchHandler({ createSuite, bearerToken: env.MCP_TOKEN || undefined });
    return handler(request);
  },
};
