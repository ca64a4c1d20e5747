/**
 * `createOpenAICompatibleModel`: an {@link AgentModel} over the chat completions API through the official
 * `openai` SDK, for OpenAI, OpenRouter and local servers that speak it (Ollama, llama.cpp, vLLM, LM
 * Studio). The SDK is loaded with `import()` on the first request, so importing this entry costs nothing
 * until a model runs. Imports `../core/` and this room; `openai` lazily.
 */
import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageFunctionToolCall,
} from 'openai/resources/chat/completions/completions';
import { UsageError } from '../core/errors.ts';
import { isPlainObject } from '../core/results.ts';
import { AgentModelError, lazyClient, toAgentModelError } from './model-error.ts';
import type { AgentModel, ModelRequest, ModelResponse } from './types.ts';

/** Options of {@link createOpenAICompatibleModel}. */
export interface OpenAICompatibleModelOptions {
  /**
   * The API root, up to and including `/v1`: `https://api.openai.com/v1`, `https://openrouter.ai/api/v1`,
   * `http://localhost:11434/v1` (Ollama), `http://localhost:8080/v1` (llama.cpp). Required.
   */
  baseURL: string;
  /**
   * Sent as `Authorization: Bearer <apiKey>`. Default: none (an empty string counts as none), and then no
   * `Authorization` header is sent at all (local servers need none). The SDK never reads `OPENAI_API_KEY` or other environment
   * variables through this adapter. In a browser the key is visible to the page and to its extensions.
   */
  apiKey?: string;
  /** The model id, e.g. `gpt-4.1-mini`, `qwen3:8b`. Required. */
  model: string;
  /**
   * Retries of a request after a connection error, 408, 409, 429 or 5xx, with the SDK's backoff (it
   * honours `retry-after`). Default: 2 (the SDK's default).
   */
  maxRetries?: number;
  /** Milliseconds one attempt may take. Default: 600000 (the SDK's default, 10 minutes). */
  timeout?: number;
  /** Extra headers for every request (OpenRouter's `HTTP-Referer`, a proxy's token...). Default: none. */
  headers?: Record<string, string>;
  /**
   * Passed to the SDK, which otherwise refuses to run in a browser because the key is exposed there.
   * Default: `true`, since running in the page is what this library is for; set `false` to keep the
   * SDK's guard (it then throws in browsers, reported as a `model_error` of kind `unknown`).
   */
  dangerouslyAllowBrowser?: boolean;
}

/** Stands in for a missing key: the SDK insists on one; its `Authorization` header is then removed. */
const NO_KEY = 'no-key';

/**
 * Creates a model for the chat completions API. Each `complete` sends one non-streaming
 * `POST {baseURL}/chat/completions` with the system prompt as a leading `system` message, the
 * conversation and (when there are any) the tools, and resolves to a clean assistant message
 * (`content` and `tool_calls` only; arguments that a server sent as an object are re-encoded as the JSON
 * string the API specifies). Endpoint failures reject with an `AgentModelError` (the API key is redacted
 * from its message); a body without `choices[0].message` is kind `malformed_response`. Throws a
 * `UsageError` right away for an empty `baseURL` or `model`.
 */
export function createOpenAICompatibleModel(
  options: OpenAICompatibleModelOptions,
): AgentModel<'openai-chat'> {
  checkOpenAIOptions('createOpenAICompatibleModel', options);
  const { model } = options;
  const { apiKey, load } = openAIClient(options);

  return {
    provider: 'openai-chat',
    model,
    async complete(request: ModelRequest<'openai-chat'>): Promise<ModelResponse<'openai-chat'>> {
      const { sdk, client } = await load();
      const params: ChatCompletionCreateParamsNonStreaming = {
        model,
        messages: [
          ...(request.system ? [{ role: 'system' as const, content: request.system }] : []),
          ...request.messages,
        ],
        ...(request.tools.length > 0 ? { tools: [...request.tools] } : {}),
      };
      let completion: unknown;
      try {
        completion = await client.chat.completions.create(params, { signal: request.signal });
      } catch (error) {
        throw toAgentModelError(error, sdk, apiKey);
      }
      return readCompletion(completion);
    },
  };
}

/** Throws the `UsageError` of `factory` for an empty `baseURL` or `model`. */
export function checkOpenAIOptions(factory: string, options: OpenAICompatibleModelOptions): void {
  if (typeof options.baseURL !== 'string' || options.baseURL.trim() === '') {
    throw new UsageError(`${factory}: baseURL is required, e.g. "https://api.openai.com/v1".`);
  }
  if (typeof options.model !== 'string' || options.model.trim() === '') {
    throw new UsageError(`${factory}: model is required, e.g. "gpt-4.1-mini".`);
  }
}

/**
 * The `openai` SDK client of an adapter, created on first use: the key, if any, and nothing read from
 * the environment. Shared by the chat completions and Responses adapters.
 */
export function openAIClient(options: OpenAICompatibleModelOptions): {
  apiKey: string | undefined;
  load: () => Promise<{ sdk: typeof import('openai'); client: import('openai').OpenAI }>;
} {
  const apiKey = options.apiKey === '' ? undefined : options.apiKey;
  const load = lazyClient(
    'openai',
    () => import('openai'),
    (sdk) =>
      new sdk.OpenAI({
        baseURL: options.baseURL,
        apiKey: apiKey ?? NO_KEY,
        // null keeps the SDK from reading OPENAI_ORG_ID / OPENAI_PROJECT_ID / OPENAI_ADMIN_KEY.
        organization: null,
        project: null,
        adminAPIKey: null,
        ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
        ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
        defaultHeaders: { ...options.headers, ...(apiKey === undefined ? { Authorization: null } : {}) },
        dangerouslyAllowBrowser: options.dangerouslyAllowBrowser ?? true,
      }),
    apiKey,
  );
  return { apiKey, load };
}

function malformed(problem: string): AgentModelError {
  return new AgentModelError('malformed_response', problem);
}

/** The assistant message, stop reason and usage of a chat completion; throws `malformed_response`. */
function readCompletion(completion: unknown): ModelResponse<'openai-chat'> {
  if (!isPlainObject(completion)) throw malformed('the body is not a JSON object');
  const choices = completion.choices;
  if (!Array.isArray(choices) || choices.length === 0) throw malformed('the body has no "choices"');
  const choice: unknown = choices[0];
  if (!isPlainObject(choice) || !isPlainObject(choice.message))
    throw malformed('"choices[0]" has no "message"');
  const raw = choice.message;
  const content = raw.content;
  if (content !== undefined && content !== null && typeof content !== 'string') {
    throw malformed('"choices[0].message.content" is not a string');
  }
  const rawCalls = raw.tool_calls;
  if (rawCalls !== undefined && rawCalls !== null && !Array.isArray(rawCalls)) {
    throw malformed('"choices[0].message.tool_calls" is not a list');
  }
  const toolCalls = (rawCalls ?? []).map(
    (call: unknown, index: number): ChatCompletionMessageFunctionToolCall => {
      if (!isPlainObject(call) || !isPlainObject(call.function)) {
        throw malformed(`"choices[0].message.tool_calls[${index}]" has no "function"`);
      }
      const args = call.function.arguments;
      return {
        id: typeof call.id === 'string' ? call.id : '',
        type: 'function',
        function: {
          name: typeof call.function.name === 'string' ? call.function.name : '',
          arguments: typeof args === 'string' ? args : args === undefined ? '' : JSON.stringify(args),
        },
      };
    },
  );
  const message: ChatCompletionAssistantMessageParam = {
    role: 'assistant',
    content: typeof content === 'string' ? content : null,
    ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
  };
  const usage = isPlainObject(completion.usage) ? completion.usage : {};
  return {
    message,
    stop_reason: typeof choice.finish_reason === 'string' ? choice.finish_reason : null,
    usage: {
      ...(typeof usage.prompt_tokens === 'number' ? { input_tokens: usage.prompt_tokens } : {}),
      ...(typeof usage.completion_tokens === 'number' ? { output_tokens: usage.completion_tokens } : {}),
    },
  };
}
