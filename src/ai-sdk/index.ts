/**
 * `browser-agent-tools/ai-sdk`: a suite's tools for the Vercel AI SDK (`generateText`, `streamText`).
 * Imports `ai` (an optional peer dependency) and the package root only.
 */
import { jsonSchema, type PrepareStepFunction, type Tool, type ToolSet } from 'ai';
import type { ToolResult, ToolSession, ToolSuite } from '../index.ts';

/** Options of {@link toAISDKTools}. */
export interface AISDKToolsOptions {
  /** The session the calls run in: its activated deferred tools, its control directives. */
  session: ToolSession;
}

/** What `generateText` / `streamText` take: spread it into their options. */
export interface AISDKTools {
  /**
   * Every tool the model may call now or after `tool_search` activates it (direct, model_only and
   * deferred). Each `execute` returns the whole three-channel result; the model reads `output`.
   */
  tools: ToolSet;
  /** Sets `activeTools` to the session's declarations, so activated tools are callable on the next step. */
  prepareStep: PrepareStepFunction<ToolSet>;
}

/**
 * The suite's tools as an AI SDK `ToolSet`, bound to `session`. Calls go through `suite.execute` (exposure,
 * validation, policy and approval apply; a bad call is an error result, never a throw), and an error
 * result reaches the model as `error-text`. The set is read when this is called: call it again after
 * registering or mounting more tools.
 */
export function toAISDKTools(suite: ToolSuite<unknown>, options: AISDKToolsOptions): AISDKTools {
  const { session } = options;
  const tools: ToolSet = {};
  for (const registered of suite.list()) {
    if (registered.mode === 'codemode' || registered.mode === 'hidden') continue;
    const { name, description, parameters } = registered.spec;
    const tool: Tool<unknown, ToolResult> = {
      description,
      // No `validate`: the suite validates, repairs known argument mistakes and words the errors.
      inputSchema: jsonSchema(parameters),
      execute: (input, { abortSignal }) =>
        suite.execute(name, input, { session, ...(abortSignal ? { signal: abortSignal } : {}) }),
      toModelOutput: ({ output }) =>
        output.is_error
          ? { type: 'error-text', value: output.output }
          : { type: 'text', value: output.output },
    };
    tools[name] = tool;
  }
  const prepareStep: PrepareStepFunction<ToolSet> = () => ({
    activeTools: suite
      .declarations(session)
      .map((spec) => spec.name)
      .filter((name) => name in tools),
  });
  return { tools, prepareStep };
}
