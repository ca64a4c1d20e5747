/**
 * `browser-agent-tools/openai-agents`: a suite's tools for the OpenAI Agents SDK. Imports
 * `@openai/agents` (an optional peer dependency) and the package root only.
 *
 * The Agents SDK offers a model its agent's enabled tools and runs only those, so a deferred tool is
 * enabled (`isEnabled`) once the session activated it, and a call to one before that is a "tool not
 * found" for the SDK. `runOptions` make the SDK return that to the model instead of ending the run
 * (`toolNotFoundBehavior: 'return_error_to_model'`), worded as the suite words it (`toolErrorFormatter`).
 */
import { type FunctionTool, type RunContext, type ToolErrorFormatter, tool } from '@openai/agents';
import { type ToolSession, type ToolSuite, UsageError } from '../index.ts';

/** Options of {@link toOpenAIAgentsTools}. */
export interface OpenAIAgentsToolsOptions {
  /** The session the calls run in: its activated deferred tools, its control directives. */
  session: ToolSession;
}

/** What an agent and its runs take: `new Agent({ tools })`, `run(agent, input, runOptions)`. */
export interface OpenAIAgentsTools {
  /**
   * Every tool the model may call now or after `tool_search` activates it, as function tools; a
   * deferred one is enabled from the turn after its activation.
   */
  tools: FunctionTool[];
  /**
   * Run options (for `run()`, `Runner.run()` or `new Runner()`): a call to a tool the agent does not
   * offer now gets the suite's answer (for a deferred tool, how to load it) and the run goes on. Without
   * them the SDK ends the run with `ModelBehaviorError: Tool … not found`. A formatter of your own can
   * call this one for `kind: 'tool_not_found'`.
   */
  runOptions: { toolNotFoundBehavior: 'return_error_to_model'; toolErrorFormatter: ToolErrorFormatter };
}

/**
 * The suite's tools for the Agents SDK, bound to `session`. Each call goes through `suite.execute`; the
 * model gets its `output`, error results included (the SDK has no error flag for function output).
 * Approval comes from the suite: a tool its policy rates `ask`, in a suite without `onApproval`, has
 * `needsApproval`, and a call runs only when the SDK's approval step approved it (`state.approve`); with
 * `onApproval`, the suite asks it. Throws a `UsageError` when two tools would get the same name in the
 * SDK (which spells every character but letters and digits as `_`).
 */
export function toOpenAIAgentsTools(
  suite: ToolSuite<unknown>,
  options: OpenAIAgentsToolsOptions,
): OpenAIAgentsTools {
  const { session } = options;
  if ('policy' in options) {
    throw new UsageError(
      'toOpenAIAgentsTools takes no policy: approval follows the policy and onApproval the suite was created with.',
    );
  }
  const bySdkName = new Map<string, string>();
  const tools = suite
    .list()
    .filter((registered) => registered.mode !== 'codemode' && registered.mode !== 'hidden')
    .map(({ spec }) => {
      const created = agentsTool(suite, session, spec);
      const taken = bySdkName.get(created.name);
      if (taken !== undefined) throw sameSdkName(taken, spec.name, created.name);
      bySdkName.set(created.name, spec.name);
      return created;
    });
  const ours = new Set(bySdkName.values());
  // The model may call a tool by the SDK's spelling of its name or by the suite's.
  const suiteName = (called: string): string | undefined =>
    bySdkName.get(called) ?? (ours.has(called) ? called : undefined);
  const toolErrorFormatter: ToolErrorFormatter = ({ kind, toolName }) =>
    kind === 'tool_not_found' ? notLoadedAnswer(suite, session, suiteName(toolName)) : undefined;
  return { tools, runOptions: { toolNotFoundBehavior: 'return_error_to_model', toolErrorFormatter } };
}

/** One catalog tool as an Agents SDK function tool whose `execute` is `suite.execute`. */
function agentsTool(
  suite: ToolSuite<unknown>,
  session: ToolSession,
  spec: { name: string; description?: string; parameters: object },
): FunctionTool {
  const sdkApproves = (): boolean => {
    const approval = suite.approval(spec.name);
    return approval.level === 'ask' && !approval.approver;
  };
  const created: FunctionTool = tool({
    name: spec.name,
    description: spec.description ?? '',
    // Catalog schemas are plain JSON Schema, not the strict subset OpenAI's strict mode needs.
    parameters: spec.parameters as never,
    strict: false,
    needsApproval: async () => sdkApproves(),
    isEnabled: () => suite.isCallable(spec.name, 'model', session),
    execute: async (input, context, details) => {
      const result = await suite.execute(spec.name, input, {
        session,
        ...(sdkApproves() && approvedBySdk(context, created.name, details) ? { approved: true } : {}),
        ...(details?.signal ? { signal: details.signal } : {}),
      });
      return result.output;
    },
  });
  return created;
}

/** What the SDK hands `execute` about the call (its `ToolCallDetails`, which it does not export). */
type CallDetails = { toolCall?: { callId?: string } } | undefined;

/**
 * Whether the run's approval step approved this very call. A direct `invoke()` has no run context, and
 * a call nobody approved has no decision: neither is approved, and the suite refuses such a call.
 */
function approvedBySdk(
  context: RunContext<unknown> | undefined,
  toolName: string,
  details: CallDetails,
): boolean {
  const callId = details?.toolCall?.callId;
  if (context === undefined || callId === undefined) return false;
  return context.isToolApproved({ toolName, callId }) === true;
}

/**
 * The suite's answer to a call of the deferred tool `name` that the agent did not offer. The SDK words
 * it after the turn's other calls ran, when a `tool_search` among them may have loaded the tool since, so
 * it is asked of a fresh session, where the tool is not loaded, as it was not when the model called it;
 * and a refusal runs nothing. Other names keep the SDK's "not found", as a hidden tool must.
 */
async function notLoadedAnswer(
  suite: ToolSuite<unknown>,
  session: ToolSession,
  name: string | undefined,
): Promise<string | undefined> {
  if (name === undefined || suite.get(name)?.mode !== 'deferred') return undefined;
  const probe = session.isActive(name) ? suite.createSession() : session;
  if (suite.isCallable(name, 'model', probe)) return undefined;
  return (await suite.execute(name, {}, { session: probe })).output;
}

function sameSdkName(first: string, second: string, sdkName: string): UsageError {
  return new UsageError(
    `the tools "${first}" and "${second}" would both be called "${sdkName}" in the OpenAI Agents SDK, which spells every character other than letters and digits as "_", so one would hide the other. Register one of them under another name.`,
  );
}
