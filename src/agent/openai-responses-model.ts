/**
 * `createOpenAIResponsesModel`: an {@link AgentModel} over OpenAI's Responses API through the official
 * `openai` SDK. The SDK is loaded with `import()` on the first request, as for the chat completions
 * adapter, whose options and client set-up it shares. Imports `../core/` and this room; `openai` lazily.
 */
import type {
  ResponseCreateParamsNonStreaming,
  ResponseInputItem,
} from 'openai/resources/responses/responses';
import { isPlainObject } from '../core/results.ts';
import { AgentModelError, toAgentModelError } from './model-error.ts';
import {
  checkOpenAIOptions,
  type OpenAICompatibleModelOptions,
  openAIClient,
} from './openai-compatible-model.ts';
import type { AgentModel, ModelRequest, ModelResponse, OpenAIResponsesTurn } from './types.ts';

/** Options of {@link createOpenAIResponsesModel}: those of the chat completions adapter. */
export type OpenAIResponsesModelOptions = OpenAICompatibleModelOptions;

/**
 * Creates a model for the Responses API. Each `complete` sends one non-streaming
 * `POST {baseURL}/responses` with the system prompt as `instructions`, the conversation's turns
 * flattened into `input`, and (when there are any) the tools, and resolves to the response's `output`
 * items as one turn. Endpoint failures reject with an `AgentModelError` (the API key is redacted from
 * its message); a body without an `output` list of items is kind `malformed_response`. Throws a
 * `UsageError` right away for an empty `baseURL` or `model`.
 */
export function createOpenAIResponsesModel(
  options: OpenAIResponsesModelOptions,
): AgentModel<'openai-responses'> {
  checkOpenAIOptions('createOpenAIResponsesModel', options);
  const { model } = options;
  const { apiKey, load } = openAIClient(options);
  return {
    provider: 'openai-responses',
    model,
    async complete(request: ModelRequest<'openai-responses'>): Promise<ModelResponse<'openai-responses'>> {
      const { sdk, client } = await load();
      const params: ResponseCreateParamsNonStreaming = {
        model,
        input: request.messages.flat(),
        ...(request.system ? { instructions: request.system } : {}),
        ...(request.tools.length > 0 ? { tools: [...request.tools] } : {}),
      };
      let response: unknown;
      try {
        response = await client.responses.create(params, { signal: request.signal });
      } catch (error) {
        throw toAgentModelError(error, sdk, apiKey);
      }
      return readResponse(response);
    },
  };
}

/** The output turn, status and usage of a response; throws `malformed_response`. */
function readResponse(response: unknown): ModelResponse<'openai-responses'> {
  const malformed = (problem: string) => new AgentModelError('malformed_response', problem);
  if (!isPlainObject(response)) throw malformed('the body is not a JSON object');
  const output = response.output;
  if (!Array.isArray(output)) throw malformed('the body has no "output" list');
  const turn: OpenAIResponsesTurn = output.map((item: unknown, index): ResponseInputItem => {
    if (!isPlainObject(item) || typeof item.type !== 'string') {
      throw malformed(`"output[${index}]" is not an item with a "type"`);
    }
    // Output items go back as input as they are, but for the output-only fields of a tool search call.
    if (item.type !== 'tool_search_call') return item as unknown as ResponseInputItem;
    const { created_by: _createdBy, ...call } = item;
    return call as unknown as ResponseInputItem;
  });
  const usage = isPlainObject(response.usage) ? response.usage : {};
  const details = isPlainObject(response.incomplete_details) ? response.incomplete_details : {};
  const status = typeof details.reason === 'string' ? details.reason : response.status;
  return {
    message: turn,
    stop_reason: typeof status === 'string' ? status : null,
    usage: {
      ...(typeof usage.input_tokens === 'number' ? { input_tokens: usage.input_tokens } : {}),
      ...(typeof usage.output_tokens === 'number' ? { output_tokens: usage.output_tokens } : {}),
    },
  };
}
