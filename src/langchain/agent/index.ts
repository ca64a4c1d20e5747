/**
 * `browser-agent-tools/langchain/agent`: the suite as a LangChain v1 `createAgent` middleware. Imports
 * `langchain` (an optional peer dependency, beside `@langchain/core`) and the package root only.
 */
import { type AgentMiddleware, createMiddleware } from 'langchain';
import type { ToolSuite } from '../../index.ts';
import { type LangChainToolsOptions, toLangChainTools } from '../index.ts';

/**
 * A `createAgent` middleware that brings the suite's tools (every tool the model may call now or after
 * `tool_search`, as {@link toLangChainTools} makes them) and, before each model call, leaves out of the
 * request those `suite.declarations(session)` does not hold then. The agent's tool node keeps them all,
 * so a call to a deferred tool not loaded yet runs through `suite.execute` and gets its answer (an error
 * `ToolMessage` saying how to load it), and the run goes on. Tools given to `createAgent` beside it are
 * left as they are.
 */
export function toLangChainMiddleware(
  suite: ToolSuite<unknown>,
  options: LangChainToolsOptions,
): AgentMiddleware {
  const tools = toLangChainTools(suite, options);
  const ours = new Set<unknown>(tools);
  return createMiddleware({
    name: 'browser-agent-tools',
    tools,
    wrapModelCall: (request, handler) => {
      const offered = new Set(suite.declarations(options.session).map((spec) => spec.name));
      return handler({
        ...request,
        tools: request.tools.filter(
          (tool) => !ours.has(tool) || offered.has((tool as { name: string }).name),
        ),
      });
    },
  });
}
