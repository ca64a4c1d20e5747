/**
 * `browser-agent-tools/ai-sdk`: a suite's tools for the Vercel AI SDK (`generateText`, `streamText`).
 * Imports `ai` (an optional peer dependency) and the package root only.
 *
 * The model is offered what `suite.declarations(session)` holds at each step, while every tool it may
 * call now or after `tool_search` stays in the tool set: a call to a deferred tool that is not loaded
 * yet then reaches `suite.execute`, which answers it with the suite's own refusal (how to load it), as
 * an `error-text` result, and the run goes on. The AI SDK's `activeTools` would hide such a tool from
 * the SDK as well, and the model would read the SDK's "unavailable tool" error instead.
 */
import {
  gateway,
  jsonSchema,
  type LanguageModel,
  type LanguageModelMiddleware,
  type ModelMessage,
  type PrepareStepFunction,
  type Tool,
  type ToolSet,
  wrapLanguageModel,
} from 'ai';
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
   * deferred), in an object without a prototype, so that a tool named `__proto__` or `constructor` is a
   * tool like any other. Each `execute` returns the whole three-channel result; the model reads `output`.
   */
  tools: ToolSet;
  /**
   * Offers the model the session's declarations at each step: the step's model is the given one wrapped
   * (`wrapLanguageModel`) so that the tools sent are those `suite.declarations(session)` holds then. A
   * model of the older v2 specification is not wrapped; `activeTools` is set instead.
   */
  prepareStep: PrepareStepFunction<ToolSet>;
}

type ModelObject = Exclude<LanguageModel, string>;

/**
 * The suite's tools as an AI SDK `ToolSet`, bound to `session`. Calls go through `suite.execute` (exposure,
 * validation, policy and approval apply; a bad call is an error result, never a throw), and an error
 * result reaches the model as `error-text`. A tool the suite's policy rates `ask`, in a suite without
 * `onApproval`, has `needsApproval`: the SDK asks for a `tool-approval-response`, and only a call
 * approved there runs. The set is read when this is called: call it again after registering or mounting
 * more tools.
 */
export function toAISDKTools(suite: ToolSuite<unknown>, options: AISDKToolsOptions): AISDKTools {
  const { session } = options;
  const tools: ToolSet = Object.create(null);
  for (const registered of suite.list()) {
    if (registered.mode === 'codemode' || registered.mode === 'hidden') continue;
    tools[registered.spec.name] = suiteTool(suite, session, registered.spec);
  }
  const declared = (): Set<string> => new Set(suite.declarations(session).map((spec) => spec.name));
  const prepareStep: PrepareStepFunction<ToolSet> = ({ model }) => {
    const resolved = resolveModel(model);
    if (resolved.specificationVersion !== 'v3') {
      const offered = declared();
      return { activeTools: Object.keys(tools).filter((name) => offered.has(name)) };
    }
    return { model: wrapLanguageModel({ model: resolved, middleware: offerDeclared(tools, declared) }) };
  };
  return { tools, prepareStep };
}

/** One catalog tool as an AI SDK tool whose `execute` is `suite.execute`. */
function suiteTool(
  suite: ToolSuite<unknown>,
  session: ToolSession,
  spec: { name: string; description?: string; parameters: object },
): Tool<unknown, ToolResult> {
  const { name } = spec;
  const sdkApproves = (): boolean => {
    const approval = suite.approval(name);
    return approval.level === 'ask' && !approval.approver;
  };
  return {
    description: spec.description,
    // No `validate`: the suite validates, repairs known argument mistakes and words the errors.
    inputSchema: jsonSchema(spec.parameters),
    needsApproval: sdkApproves,
    execute: (input, { abortSignal, toolCallId, messages }) =>
      suite.execute(name, input, {
        session,
        // Pre-approved only when the SDK's own approval step approved this very call.
        ...(sdkApproves() && approvedInMessages(messages, toolCallId) ? { approved: true } : {}),
        ...(abortSignal ? { signal: abortSignal } : {}),
      }),
    toModelOutput: ({ output }) =>
      output.is_error ? { type: 'error-text', value: output.output } : { type: 'text', value: output.output },
  };
}

/**
 * Whether `messages` hold the SDK's approval of the call `toolCallId`: a `tool-approval-request` for it
 * and a `tool-approval-response` with `approved: true` for that request. The AI SDK runs an approved call
 * with the messages that carry both; a direct `execute` without them is not approved.
 */
function approvedInMessages(messages: readonly ModelMessage[], toolCallId: string): boolean {
  const requests = new Set<string>();
  for (const message of messages) {
    if (message.role !== 'assistant' || typeof message.content === 'string') continue;
    for (const part of message.content) {
      if (part.type === 'tool-approval-request' && part.toolCallId === toolCallId)
        requests.add(part.approvalId);
    }
  }
  return messages.some(
    (message) =>
      message.role === 'tool' &&
      message.content.some(
        (part) => part.type === 'tool-approval-response' && part.approved && requests.has(part.approvalId),
      ),
  );
}

/** A model given by id resolves as the AI SDK resolves it: the global default provider, else the gateway. */
function resolveModel(model: LanguageModel): ModelObject {
  if (typeof model !== 'string') return model;
  const provider = (globalThis as { AI_SDK_DEFAULT_PROVIDER?: typeof gateway }).AI_SDK_DEFAULT_PROVIDER;
  return (provider ?? gateway).languageModel(model);
}

/** Middleware that drops from a call's tools the suite's tools `declared()` does not hold now. */
function offerDeclared(tools: ToolSet, declared: () => Set<string>): LanguageModelMiddleware {
  return {
    specificationVersion: 'v3',
    transformParams: async ({ params }) => {
      if (params.tools === undefined) return params;
      const offered = declared();
      return {
        ...params,
        // A tool the host added beside the suite's (a provider tool, its own) is left as it is.
        tools: params.tools.filter(
          (tool) => tool.type !== 'function' || !Object.hasOwn(tools, tool.name) || offered.has(tool.name),
        ),
      };
    },
  };
}
