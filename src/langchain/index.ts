/**
 * `browser-agent-tools/langchain`: a suite's tools as LangChain structured tools. Imports
 * `@langchain/core` (an optional peer dependency) and the package root only.
 */
import { ToolMessage } from '@langchain/core/messages';
import { DynamicStructuredTool } from '@langchain/core/tools';
import type { ToolSession, ToolSuite } from '../index.ts';

/** Options of {@link toLangChainTools}. */
export interface LangChainToolsOptions {
  /** The session the calls run in: its activated deferred tools, its control directives. */
  session: ToolSession;
}

/**
 * The suite's tools as LangChain `DynamicStructuredTool`s, bound to `session`, for `bindTools` and
 * LangGraph's `ToolNode`. Invoked with a tool call, a tool returns a `ToolMessage` whose `content` is the
 * result's `output`, `artifact` the whole three-channel result, and `status` `error` for an error result;
 * invoked with plain arguments, it returns `output`. Deferred tools are included; a call before
 * `tool_search` activated one is an error result saying how to load it.
 */
export function toLangChainTools(
  suite: ToolSuite<unknown>,
  options: LangChainToolsOptions,
): DynamicStructuredTool[] {
  const { session } = options;
  return suite
    .list()
    .filter((registered) => registered.mode !== 'codemode' && registered.mode !== 'hidden')
    .map(
      ({ spec }) =>
        new DynamicStructuredTool({
          name: spec.name,
          description: spec.description,
          schema: spec.parameters,
          func: async (input, _runManager, config) => {
            const result = await suite.execute(spec.name, input, {
              session,
              ...(config?.signal ? { signal: config.signal } : {}),
            });
            // LangChain passes the tool call it was invoked with in the config (a ToolRunnableConfig).
            const callId = (config as { toolCall?: { id?: string } } | undefined)?.toolCall?.id;
            if (callId === undefined) return result.output;
            return new ToolMessage({
              content: result.output,
              artifact: result,
              status: result.is_error ? 'error' : 'success',
              tool_call_id: callId,
              name: spec.name,
            });
          },
        }),
    );
}
