/**
 * The agent room's contract: the model seam ({@link AgentModel}), the messages it speaks per provider,
 * and the records a run produces (steps, events, the final result). Types, plus two constants
 * (`AGENT_PROVIDERS`, `DEFAULT_MAX_STEPS`). Imports types from `../core/`, `../providers/` and the two
 * SDKs' type declarations (erased at build: no SDK code is loaded by this file).
 */
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages/messages';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions/completions';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import type {
  HandoffDirective,
  TerminateDirective,
  ToolResult,
  ToolSession,
  ToolSpec,
  ToolSuite,
} from '../core/types.ts';
import type {
  AnthropicTool,
  OpenAIChatTool,
  OpenAIResponsesTool,
  OpenAIToolSearchTool,
} from '../providers/provider-tools.ts';

/** A message of the chat completions API, exactly as the `openai` SDK types it. */
export type OpenAIChatMessage = ChatCompletionMessageParam;

/** A message of the Anthropic Messages API, exactly as the `@anthropic-ai/sdk` types it. */
export type AnthropicMessage = MessageParam;

/**
 * One turn of an OpenAI Responses API conversation: the input items one side added, exactly as the
 * `openai` SDK types them. The Responses API takes a flat list of items, and one response yields
 * several (a message, reasoning, function calls); the loop keeps each response's items, and each
 * step's results, as one turn, and sends the turns flattened. A user's message is
 * `[{ role: 'user', content: 'Hi' }]`.
 */
export type OpenAIResponsesTurn = ResponseInputItem[];

/** The message type of each wire format the loop speaks. */
export interface AgentMessageMap {
  'openai-chat': OpenAIChatMessage;
  anthropic: AnthropicMessage;
  'openai-responses': OpenAIResponsesTurn;
}

/** The tool-list entry of each wire format the loop speaks (as `toProviderTools` renders it). */
export interface AgentToolMap {
  'openai-chat': OpenAIChatTool;
  anthropic: AnthropicTool;
  /** With `deferred: 'native'`, the suite's `tool_search` is declared as the API's own tool search. */
  'openai-responses': OpenAIResponsesTool | OpenAIToolSearchTool;
}

/**
 * A wire format the loop speaks: `openai-chat` (chat completions: OpenAI, OpenRouter, Ollama,
 * llama.cpp, vLLM...), `anthropic` (the Messages API) or `openai-responses` (the Responses API).
 */
export type AgentProvider = keyof AgentMessageMap;

/** Every provider the loop speaks, in a stable order (for pickers and test tables). */
export const AGENT_PROVIDERS: readonly AgentProvider[] = ['openai-chat', 'anthropic', 'openai-responses'];

/** A message in provider `P`'s format. */
export type AgentMessage<P extends AgentProvider = AgentProvider> = AgentMessageMap[P];

/** Token usage a model endpoint reported for one request; fields it did not report are absent. */
export interface AgentUsage {
  input_tokens?: number;
  output_tokens?: number;
}

/** What {@link AgentModel.complete} receives. */
export interface ModelRequest<P extends AgentProvider = AgentProvider> {
  /** The system prompt, when the run has one. Adapters put it where their API wants it. */
  system: string | undefined;
  /** The conversation so far, in `P`'s format, without the system prompt. Must not be mutated. */
  messages: readonly AgentMessage<P>[];
  /** The declarations of this step, rendered for `P`. Empty when no tool is declared. */
  tools: readonly AgentToolMap[P][];
  /** Aborted when the caller stops the run; adapters pass it to their HTTP client. */
  signal: AbortSignal;
}

/** What {@link AgentModel.complete} resolves to. */
export interface ModelResponse<P extends AgentProvider = AgentProvider> {
  /**
   * The assistant message to append to the conversation, in `P`'s format. Its tool calls (OpenAI
   * `tool_calls`, Anthropic `tool_use` blocks, Responses `function_call` and client `tool_search_call`
   * items) are the calls the loop executes.
   */
  message: AgentMessage<P>;
  /** The endpoint's own stop reason (`tool_calls`, `stop`, `end_turn`, `tool_use`...), for display. */
  stop_reason?: string | null;
  usage?: AgentUsage;
}

/**
 * The model seam: one request, one assistant message. {@link createOpenAICompatibleModel} and
 * {@link createAnthropicModel} wrap the official SDKs; a test or a host can script its own.
 *
 * Contract: `complete` rejects on any endpoint failure, preferably with an `AgentModelError` (whose
 * `kind` becomes the run's error kind); any other rejection is reported with kind `unknown`. It should
 * honour `signal`, but the loop stops waiting as soon as the signal aborts whether it does or not.
 */
export interface AgentModel<P extends AgentProvider = AgentProvider> {
  /** The wire format of the model's messages and tools. */
  readonly provider: P;
  /** The model id, for display. */
  readonly model?: string;
  complete(request: ModelRequest<P>): Promise<ModelResponse<P>>;
}

/** What went wrong with a model endpoint. */
export type AgentModelErrorKind =
  /** The endpoint could not be reached: DNS, refused connection, CORS, offline. */
  | 'network'
  /** The endpoint did not answer within the adapter's `timeout`. */
  | 'timeout'
  /** HTTP 401 or 403: the key is missing, wrong or not allowed to use the model. */
  | 'auth'
  /** HTTP 429: rate limited or out of quota (after the adapter's retries). */
  | 'rate_limit'
  /** Any other HTTP error status. */
  | 'http'
  /** The endpoint answered with something that is not a response of its API. */
  | 'malformed_response'
  /** Anything else a model threw (a custom model's bug, an SDK that failed to load). */
  | 'unknown';

/** A model endpoint failure, as recorded in a step and in the result. Plain data: safe to serialise. */
export interface AgentModelErrorInfo {
  kind: AgentModelErrorKind;
  /** The HTTP status, when there was one. */
  status?: number;
  /** What the endpoint or the client said, with the API key redacted. */
  message: string;
}

/** Why a run stopped. The matching human text is {@link AgentRunResult.detail}. */
export type AgentStopReason =
  /** The model answered without calling a tool. */
  | 'completed'
  /** `maxSteps` model requests were made and the last one still called tools. */
  | 'max_steps'
  /** A tool returned a `terminate` directive, or the session had already ended. */
  | 'terminated'
  /** A tool returned a `handoff` directive. */
  | 'handoff'
  /** The caller's signal aborted. */
  | 'aborted'
  /** The model endpoint failed; see {@link AgentRunResult.error}. */
  | 'model_error';

/** One tool call the model made, taken apart. */
export interface AgentToolCall {
  /**
   * The call id the result answers (`call_…`, `toolu_…`). When an endpoint sent none, the loop made one
   * up (`call_<step>_<index>`) and wrote it into the assistant message, so the pair still matches.
   */
  id: string;
  /** The tool name as the model sent it (`""` when it sent none). */
  name: string;
  /** The arguments as the model sent them: a JSON string for OpenAI, an object for Anthropic. */
  arguments: unknown;
  /**
   * The raw call exactly as it appears in the assistant message; this is what `executeCall` gets. A
   * Responses `tool_search_call` names no tool: its raw call is `{ name: 'tool_search', arguments }`.
   */
  raw: unknown;
}

/** The result of one call, as the loop passed it back. */
export interface AgentCallResult {
  /** The {@link AgentToolCall.id} it answers. */
  call_id: string;
  name: string;
  /** The suite's three-channel result (`output` is what the model got). */
  result: ToolResult;
  /** Wall time of `executeCall`, in milliseconds. */
  duration_ms: number;
}

/** Everything one step did: one model request and the calls it asked for. */
export interface AgentStep<P extends AgentProvider = AgentProvider> {
  /** 0-based position in the run. */
  index: number;
  /** The catalog-form specs the model got in this request (what `declarations(session)` returned). */
  declarations: ToolSpec[];
  /** The same declarations rendered for the provider, exactly as sent. */
  tools: AgentToolMap[P][];
  /** o200k token count of `tools` (compact JSON): exact for o200k models, an estimate for others. */
  declaration_tokens: number;
  /** The assistant message the model returned; `null` when the request failed or was aborted. */
  message: AgentMessage<P> | null;
  /** The text of the assistant message (text parts joined); `""` when it had none. */
  text: string;
  /** The endpoint's stop reason, when it gave one. */
  stop_reason: string | null;
  usage: AgentUsage | null;
  /** The calls the model made, in its order. */
  calls: AgentToolCall[];
  /** One result per call, same order. */
  results: AgentCallResult[];
  /** Time spent waiting for the model, in milliseconds. */
  model_duration_ms: number;
  /** Time spent executing the calls, in milliseconds. */
  tools_duration_ms: number;
  /** The whole step, in milliseconds. */
  duration_ms: number;
  /** Set when the request failed. */
  error?: AgentModelErrorInfo;
}

/** What a run resolves to. Everything gathered until it stopped, whatever the reason. */
export interface AgentRunResult<P extends AgentProvider = AgentProvider> {
  /**
   * The conversation: the input messages, then each assistant message and the tool results appended in
   * `P`'s shape. It can be sent again as is (every tool call has its result).
   */
  messages: AgentMessage<P>[];
  reason: AgentStopReason;
  /** Why the run stopped, in words a UI can show. The texts are listed on `runAgentLoop`. */
  detail: string;
  /** One record per model request, in order. */
  steps: AgentStep<P>[];
  /** The session the calls ran in (the caller's, or one the loop created). */
  session: ToolSession;
  /** The text of the last assistant message; `""` when there was none. */
  text: string;
  /** The endpoint failure, when `reason` is `model_error`. */
  error?: AgentModelErrorInfo;
  /** The directive, when `reason` is `handoff`. */
  handoff?: HandoffDirective;
  /** The directive, when `reason` is `terminated`. */
  terminate?: TerminateDirective;
}

/**
 * What `onEvent` receives, as it happens. The objects are the ones the result holds: `step_finished`
 * carries the same record as `result.steps[step.index]`, and `tool_finished` the same one as that step's
 * `results[i]`. Listeners must treat them as read-only.
 */
export type AgentEvent<P extends AgentProvider = AgentProvider> =
  /** A request is about to be sent with these declarations. */
  | {
      type: 'step_started';
      step: number;
      declarations: ToolSpec[];
      tools: AgentToolMap[P][];
      declaration_tokens: number;
    }
  /** The model answered; `calls` are about to run. */
  | {
      type: 'model_responded';
      step: number;
      message: AgentMessage<P>;
      calls: AgentToolCall[];
      duration_ms: number;
    }
  /** One call finished. */
  | { type: 'tool_finished'; step: number; call: AgentToolCall; result: AgentCallResult }
  /** A step ended (also a failed or aborted one). */
  | { type: 'step_finished'; step: AgentStep<P> }
  /** The run ended; the same object `runAgentLoop` resolves to. */
  | { type: 'finished'; result: AgentRunResult<P> };

/** Options of `runAgentLoop`. */
export interface RunAgentLoopOptions<P extends AgentProvider = AgentProvider, W = unknown> {
  /** The suite whose tools the model calls; every call goes through `suite.executeCall`. */
  suite: ToolSuite<W>;
  /** The model: an SDK adapter or any {@link AgentModel}. */
  model: AgentModel<P>;
  /**
   * The session the calls run in: activations and directives land here, and the declarations of each
   * step are computed from it. Default: a new `suite.createSession()`. A session that has already ended
   * stops the run before the first request (reason `terminated`).
   */
  session?: ToolSession;
  /** The conversation so far, in the model's format (at least the user's message). Not mutated. */
  messages: readonly AgentMessage<P>[];
  /** The system prompt. Default: none. */
  system?: string;
  /**
   * The wire format. Default: `model.provider`. When given it must equal `model.provider`; it exists so
   * a host can state the format it built `messages` in and have a mismatch caught up front.
   */
  provider?: P;
  /** Model requests the run may make. Default: {@link DEFAULT_MAX_STEPS}. A positive integer. */
  maxSteps?: number;
  /** Stops the run: the pending request is abandoned, running calls are aborted, the run resolves. */
  signal?: AbortSignal;
  /**
   * Receives each record as it happens (see {@link AgentEvent}). Contract: must not throw; a throw is
   * caught and ignored so a display bug cannot break the run.
   */
  onEvent?: (event: AgentEvent<P>) => void;
  /**
   * The specs the model gets at each step. Default: `suite.declarations(session)`. Hosts with codemode
   * pass `codemodeHandle.declarations`, which swaps in the per-session codemode description. Called
   * once per step with the run's session. Contract: must not throw (a throw rejects the run).
   */
  declarations?: (session: ToolSession) => ToolSpec[];
  /** Clock for the durations, in milliseconds. Default: `Date.now`. */
  now?: () => number;
  /**
   * How deferred tools reach the model. `'resend'` (default): a tool activated by `tool_search` joins
   * the tool list of the next request, so the list (the start of every request) changes and the
   * provider's prompt cache misses from there on. `'native'` (`anthropic`, `openai-responses`): every
   * deferred tool of the suite is in every request's tool list with `defer_loading: true` and the list
   * stays the same. On `anthropic`, a result that activates tools carries a `tool_reference` block per
   * tool after its text, which is how the Messages API loads them. On `openai-responses`, the suite's
   * `tool_search` is declared as the API's client-executed tool search (`{ type: 'tool_search',
   * execution: 'client' }`): the model searches with `tool_search_call` items, and the loop answers
   * each with a `tool_search_output` item holding the tools the search activated (no text: that item
   * has no place for it). A `UsageError` for `openai-chat`, which has no such mechanism.
   */
  deferred?: 'resend' | 'native';
  /**
   * Counts the tokens of a step's rendered declarations (`declaration_tokens`): a string as it is,
   * anything else as its JSON. Default: the o200k tokenizer of the optional peer `gpt-tokenizer`, loaded
   * with `import()` when the run starts. Pass one to use another tokenizer or to run without that package.
   * Contract: must not throw (a throw rejects the run).
   */
  countTokens?: (value: unknown) => number;
}

/** Model requests a run makes unless `maxSteps` says otherwise. */
export const DEFAULT_MAX_STEPS = 20;
