/**
 * `browser-agent-tools/openai-agents`: a suite's tools for the OpenAI Agents SDK. Imports
 * `@openai/agents` (an optional peer dependency) and the package root only.
 */
import { type FunctionTool, tool } from '@openai/agents';
import { evaluatePolicy, type Policy, type ToolSession, type ToolSuite } from '../index.ts';

/** Options of {@link toOpenAIAgentsTools}. */
export interface OpenAIAgentsToolsOptions {
  /** The session the calls run in: its activated deferred tools, its control directives. */
  session: ToolSession;
  /**
   * The policy the suite was created with. Tools it rates `ask` get `needsApproval`, so the run stops
   * for the Agents SDK's own approval step; a call approved there runs without asking `onApproval`
   * again. Without it, approval stays with the suite's `onApproval`.
   */
  policy?: Policy;
}

/**
 * The suite's tools as Agents SDK function tools, bound to `session`. Deferred tools are listed too but
 * enabled (`isEnabled`) only once the session activated them, from the next turn. Each call goes
 * through `suite.execute`; the model gets its `output`, error results included (the SDK has no error
 * flag for function output).
 */
export function toOpenAIAgentsTools(
  suite: ToolSuite<unknown>,
  options: OpenAIAgentsToolsOptions,
): FunctionTool[] {
  const { session, policy } = options;
  const asks = (name: string): boolean =>
    policy !== undefined && evaluatePolicy(policy, suite.effects(name)).level === 'ask';
  return suite
    .list()
    .filter((registered) => registered.mode !== 'codemode' && registered.mode !== 'hidden')
    .map(({ spec }) =>
      tool({
        name: spec.name,
        description: spec.description,
        // Catalog schemas are plain JSON Schema, not the strict subset OpenAI's strict mode needs.
        parameters: spec.parameters as never,
        strict: false,
        needsApproval: async () => asks(spec.name),
        isEnabled: () => suite.isCallable(spec.name, 'model', session),
        execute: async (input, _context, details) => {
          const result = await suite.execute(spec.name, input, {
            session,
            approved: asks(spec.name),
            ...(details?.signal ? { signal: details.signal } : {}),
          });
          return result.output;
        },
      }),
    );
}
