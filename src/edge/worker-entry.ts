/**
 * Entry of the ready-made worker, `dist/edge/worker.js` (`npm run build:edge` bundles this file with
 * every dependency into one ES module): the seven built-ins, tool_search and the demo catalog of
 * deferred tools, served over MCP at `/mcp`. Set the `MCP_TOKEN` variable (a secret, in Cloudflare) to
 * require `Authorization: Bearer <MCP_TOKEN>`. Imports the package root entry and the edge room only.
 */
import { createToolSuite } from '../index.ts';
import { registerDemoTools } from './demo-tools.ts';
import { createFetchHandler, type FetchHandler } from './fetch-handler.ts';

/** The bindings the worker reads. */
export interface WorkerEnv {
  /** The bearer token clients must send. Default: none, every request is accepted. */
  MCP_TOKEN?: string;
}

/** The worker's module interface: a `fetch` handler, as Cloudflare Workers and workerd expect. */
export interface EdgeWorker {
  /** Serves one request. Never rejects: every failure is an HTTP response. */
  fetch(request: Request, env?: WorkerEnv): Promise<Response>;
}

let handler: FetchHandler | undefined;

/**
 * The worker. The handler, and with it the session table, is created on the first request, because
 * bindings (`env`) arrive only with requests; it then lives as long as the isolate.
 */
const worker: EdgeWorker = {
  fetch(request, env = {}) {
    handler ??= createFetchHandler({
      bearerToken: env.MCP_TOKEN === '' ? undefined : env.MCP_TOKEN,
      createSuite: () => {
        const suite = createToolSuite();
        registerDemoTools(suite);
        return suite;
      },
    });
    return handler(request);
  },
};

export default worker;
