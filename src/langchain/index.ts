/**
 * `browser-agent-tools/langchain`: a suite's tools as LangChain structured tools. Imports
 * `@langchain/core` (an optional peer dependency) and the package root only; the `createAgent`
 * middleware, which needs `langchain` itself, is `browser-agent-tools/langchain/agent`.
 *
 * A chat model is offered the tools it is bound to, and a loop runs a call with whichever tool it looks
 * up, so the two are kept apart: bind {@link offeredLangChainTools} on each turn (the session's
 * declarations then), and run calls with all of {@link toLangChainTools}, so that a call to a deferred
 * tool not loaded yet reaches `suite.execute` and gets its answer (how to load it).
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
 * The suite's tools as LangChain `DynamicStructuredTool`s, bound to `session`: every tool the model may
 * call now or after `tool_search` activates it, for running calls (a loop's lookup, LangGraph's
 * `ToolNode`). Invoked with a tool call, a tool returns a `ToolMessage` whose `content` is the result's
 * `output`, `artifact` the whole three-channel result, and `status` `error` for an error result; invoked
 * with plain arguments, it returns `output`. A call to a deferred tool before `tool_search` activated it
 * is an error result saying how to load it. Approval is the suite's: a tool its policy rates `ask` runs
 * only if `onApproval` approves it.
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

/**
 * The tools of `tools` to bind for the model's next turn: those `suite.declarations(session)` holds now,
 * in that order. Before `tool_search` that leaves the deferred tools out, so they cost no tokens; call
 * it again on every turn.
 */
export function offeredLangChainTools(
  suite: ToolSuite<unknown>,
  options: LangChainToolsOptions,
  tools: readonly DynamicStructuredTool[],
): DynamicStructuredTool[] {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  return suite.declarations(options.session).flatMap((spec) => {
    const tool = byName.get(spec.name);
    return tool === undefined ? [] : [tool];
  });
}
