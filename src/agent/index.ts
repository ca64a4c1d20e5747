/**
 * The `browser-agent-tools/agent` entry: a live agent loop over a tool suite, and model adapters for the
 * chat completions API, the Anthropic Messages API and the OpenAI Responses API. Reachable only through this subpath, never from
 * the root entry. The SDKs (`openai`, `@anthropic-ai/sdk`) load with `import()` on a model's first
 * request; the o200k tokenizer (for `declaration_tokens`) loads with `import()` when a run starts, unless
 * the host passes its own `countTokens`.
 *
 * Explicit named exports only: adding a name here makes it public API.
 */

export {
  type AnthropicModelOptions,
  createAnthropicModel,
  DEFAULT_ANTHROPIC_MAX_TOKENS,
} from './anthropic-model.ts';
export { OPENAI_ERROR_PREFIX } from './codecs.ts';
export { AgentModelError, type AgentModelErrorOptions } from './model-error.ts';
export { createOpenAICompatibleModel, type OpenAICompatibleModelOptions } from './openai-compatible-model.ts';
export { createOpenAIResponsesModel, type OpenAIResponsesModelOptions } from './openai-responses-model.ts';
export { runAgentLoop } from './run-agent-loop.ts';
export {
  AGENT_PROVIDERS,
  type AgentCallResult,
  type AgentEvent,
  type AgentMessage,
  type AgentMessageMap,
  type AgentModel,
  type AgentModelErrorInfo,
  type AgentModelErrorKind,
  type AgentProvider,
  type AgentRunResult,
  type AgentStep,
  type AgentStopReason,
  type AgentToolCall,
  type AgentToolMap,
  type AgentUsage,
  type AnthropicMessage,
  DEFAULT_MAX_STEPS,
  type ModelRequest,
  type ModelResponse,
  type OpenAIChatMessage,
  type OpenAIResponsesTurn,
  type RunAgentLoopOptions,
} from './types.ts';
