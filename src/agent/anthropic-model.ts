/**
 * `createAnthropicModel`: an {@link AgentModel} over the Anthropic Messages API through the official
 * `@anthropic-ai/sdk`. The SDK is loaded with `import()` on the first request, so importing this entry
 * costs nothing until a model runs. Imports `../core/` and this room; `@anthropic-ai/sdk` lazily.
 */
import type { Anthropic } from '@anthropic-ai/sdk';
import type { MessageCreateParamsNonStreaming, Tool } from '@anthropic-ai/sdk/resources/messages/messages';
import { UsageError } from '../core/errors.ts';
import { isPlainObject } from '../core/results.ts';
import { AgentModelError, lazyClient, toAgentModelError } from './model-error.ts';
import type { AgentModel, ModelRequest, ModelResponse } from './types.ts';

/** `max_tokens` of every request unless `maxTokens` says otherwise (the Messages API requires one). */
export const DEFAULT_ANTHROPIC_MAX_TOKENS = 4096;

/** Options of {@link createAnthropicModel}. */
export interface AnthropicModelOptions {
  /**
   * The API key, required. Sent the way the SDK sends it. The SDK never reads `ANTHROPIC_API_KEY`, a
   * profile or other credentials through this adapter. In a browser the key is visible to the page and
   * to its extensions.
   */
  apiKey: string;
  /** The model id, e.g. `claude-sonnet-4-5`. Required. */
  model: string;
  /** The API root, without `/v1`. Default: `https://api.anthropic.com`. */
  baseURL?: string;
  /** `max_tokens` of each request. Default: {@link DEFAULT_ANTHROPIC_MAX_TOKENS}. */
  maxTokens?: number;
  /**
   * Retries of a request after a connection error, 408, 409, 429 or 5xx, with the SDK's backoff (it
   * honours `retry-after`). Default: 2 (the SDK's default).
   */
  maxRetries?: number;
  /** Milliseconds one attempt may take. Default: 600000 (the SDK's default, 10 minutes). */
  timeout?: number;
  /** Extra headers for every request (`anthropic-beta`, a proxy's token...). Default: none. */
  headers?: Record<string, string>;
  /**
   * Passed to the SDK, which otherwise refuses to run in a browser. With `true` the SDK also sends
   * `anthropic-dangerous-direct-browser-access: true`, which the Anthropic API requires before it answers
   * a browser's CORS request. Default: `true`, since running in the page is what this library is for;
   * set `false` to keep the SDK's guard (it then throws in browsers, reported as kind `unknown`).
   */
  dangerouslyAllowBrowser?: boolean;
}

/**
 * Creates a model for the Messages API. Each `complete` sends one non-streaming `POST {baseURL}/v1/messages`
 * with `system`, the conversation, `max_tokens` and (when there are any) the tools, and resolves to
 * `{ role: 'assistant', content: <the response's content blocks> }`, the shape Anthropic asks clients to
 * send back. Endpoint failures reject with an `AgentModelError` (the API key is redacted from its
 * message); a body without a `content` list of blocks is kind `malformed_response`. Throws a
 * `UsageError` right away for an empty `apiKey` or `model` or a `maxTokens` that is not a positive
 * integer.
 */
export function createAnthropicModel(options: AnthropicModelOptions): AgentModel<'anthropic'> {
  if (typeof options.apiKey !== 'string' || options.apiKey === '') {
    throw new UsageError('createAnthropicModel: apiKey is required.');
  }
  if (typeof options.model !== 'string' || options.model.trim() === '') {
    throw new UsageError('createAnthropicModel: model is required, e.g. "claude-sonnet-4-5".');
  }
  const maxTokens = options.maxTokens ?? DEFAULT_ANTHROPIC_MAX_TOKENS;
  if (!Number.isInteger(maxTokens) || maxTokens < 1) {
    throw new UsageError(
      `createAnthropicModel: maxTokens must be a positive integer, got ${String(maxTokens)}.`,
    );
  }
  const { apiKey, model } = options;
  const load = lazyClient(
    '@anthropic-ai/sdk',
    () => import('@anthropic-ai/sdk'),
    (sdk) =>
      new sdk.Anthropic({
        apiKey,
        baseURL: options.baseURL ?? 'https://api.anthropic.com',
        ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
        ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
        ...(options.headers === undefined ? {} : { defaultHeaders: { ...options.headers } }),
        dangerouslyAllowBrowser: options.dangerouslyAllowBrowser ?? true,
      }),
    apiKey,
  );

  return {
    provider: 'anthropic',
    model,
    async complete(request: ModelRequest<'anthropic'>): Promise<ModelResponse<'anthropic'>> {
      const { sdk, client } = await load();
      const tools = request.tools.map(
        (tool): Tool => ({
          name: tool.name,
          description: tool.description,
          input_schema: { ...tool.input_schema, type: 'object' },
          ...(tool.defer_loading === true ? { defer_loading: true } : {}),
        }),
      );
      const params: MessageCreateParamsNonStreaming = {
        model,
        max_tokens: maxTokens,
        messages: [...request.messages],
        ...(request.system ? { system: request.system } : {}),
        ...(tools.length > 0 ? { tools } : {}),
      };
      let response: Awaited<ReturnType<Anthropic['messages']['create']>> | undefined;
      try {
        response = await client.messages.create(params, { signal: request.signal });
      } catch (error) {
        throw toAgentModelError(error, sdk, apiKey);
      }
      const problem = responseProblem(response);
      if (problem !== undefined) throw new AgentModelError('malformed_response', problem);
      const usage: unknown = response.usage;
      return {
        message: { role: 'assistant', content: response.content },
        stop_reason: typeof response.stop_reason === 'string' ? response.stop_reason : null,
        usage: isPlainObject(usage)
          ? {
              ...(typeof usage.input_tokens === 'number' ? { input_tokens: usage.input_tokens } : {}),
              ...(typeof usage.output_tokens === 'number' ? { output_tokens: usage.output_tokens } : {}),
            }
          : {},
      };
    },
  };
}

/** What makes a Messages API body unusable, or `undefined`. */
function responseProblem(response: unknown): string | undefined {
  if (!isPlainObject(response)) return 'the body is not a JSON object';
  if (!Array.isArray(response.content)) return 'the body has no "content" list';
  for (const [index, block] of response.content.entries()) {
    if (!isPlainObject(block) || typeof block.type !== 'string')
      return `"content[${index}]" is not a block with a "type"`;
    if (block.type === 'tool_use' && (typeof block.name !== 'string' || typeof block.id !== 'string')) {
      return `"content[${index}]" is a tool_use block without a string "id" and "name"`;
    }
  }
  return undefined;
}
