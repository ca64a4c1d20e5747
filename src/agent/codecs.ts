/**
 * What the loop needs to know about each wire format: whether an assistant message is usable, the tool
 * calls in it, its text, and the messages that carry the results back. Pure functions over plain data;
 * no SDK is loaded here. Imports `../core/` and this room only.
 *
 * How `is_error` travels back:
 * - `anthropic`: the `tool_result` block's own `is_error: true` (left out for successful results);
 * - `openai-chat`: the API has no error flag on `role: "tool"` messages, so the content of a failed
 *   result starts with {@link OPENAI_ERROR_PREFIX};
 * - `openai-responses`: likewise for `function_call_output` items.
 */
import type { ContentBlockParam, ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages/messages';
import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionMessageToolCall,
} from 'openai/resources/chat/completions/completions';
import { parseToolCall } from '../core/raw-call.ts';
import { isPlainObject } from '../core/results.ts';
import { toolReferences, toolSearchOutput } from '../providers/provider-tools.ts';
import type {
  AgentCallResult,
  AgentMessage,
  AgentMessageMap,
  AgentProvider,
  AgentToolCall,
  AnthropicMessage,
  OpenAIChatMessage,
  OpenAIResponsesTurn,
} from './types.ts';

/**
 * The start of a failed result's content in the chat completions format, which has no error flag:
 * `Error: ` followed by the result's `output`.
 */
export const OPENAI_ERROR_PREFIX = 'Error: ';

/** The format-specific half of the loop. */
export interface ProviderCodec<M> {
  /** What is wrong with `message` as an assistant message of this format, or `undefined` if nothing. */
  problem(message: unknown): string | undefined;
  /**
   * The tool calls of a checked assistant message, in order. Calls without an id get
   * `call_<step>_<index>`, written into the returned copy of the message so results can answer them.
   */
  calls(message: M, step: number): { message: M; calls: AgentToolCall[] };
  /** The text of an assistant message (text parts joined); `""` when it has none. */
  text(message: M): string;
  /**
   * The messages that answer `calls` with `results` (same order, same length). With `references`
   * (native deferred loading): on `anthropic`, a result that activates tools ends with a
   * `tool_reference` block per tool; on `openai-responses`, the result of `tool_search` is a
   * `tool_search_output` item holding the tools it activated.
   */
  results(results: readonly AgentCallResult[], options?: { references?: boolean }): M[];
}

function madeUpId(step: number, index: number): string {
  return `call_${step}_${index}`;
}

function nameOf(raw: unknown): string {
  const name = parseToolCall(raw).name;
  return typeof name === 'string' ? name : '';
}

const openAIChat: ProviderCodec<OpenAIChatMessage> = {
  problem(message) {
    if (!isPlainObject(message)) return 'the message is not an object';
    if (message.role !== 'assistant')
      return `the message role is ${JSON.stringify(message.role)}, not "assistant"`;
    const content = message.content;
    if (content !== undefined && content !== null && typeof content !== 'string' && !Array.isArray(content)) {
      return '"content" is neither a string, a list of parts nor null';
    }
    const calls = message.tool_calls;
    if (calls !== undefined && calls !== null) {
      if (!Array.isArray(calls)) return '"tool_calls" is not a list';
      if (!calls.every(isPlainObject)) return 'an entry of "tool_calls" is not an object';
    }
    return undefined;
  },
  calls(message, step) {
    if (message.role !== 'assistant' || !message.tool_calls) return { message, calls: [] };
    let changed = false;
    const toolCalls = message.tool_calls.map((call, index): ChatCompletionMessageToolCall => {
      if (typeof call.id === 'string' && call.id !== '') return call;
      changed = true;
      return { ...call, id: madeUpId(step, index) };
    });
    const calls = toolCalls.map((call) => ({
      id: call.id,
      name: nameOf(call),
      arguments: parseToolCall(call).arguments,
      raw: call,
    }));
    const fixed: ChatCompletionAssistantMessageParam = { ...message, tool_calls: toolCalls };
    return { message: changed ? fixed : message, calls };
  },
  text(message) {
    const content = message.content;
    if (typeof content === 'string') return content;
    if (!Array.isArray(content)) return '';
    return content
      .map((part) => (part.type === 'text' && typeof part.text === 'string' ? part.text : ''))
      .join('');
  },
  results: (results) =>
    results.map((entry) => ({
      role: 'tool',
      tool_call_id: entry.call_id,
      content: entry.result.is_error ? `${OPENAI_ERROR_PREFIX}${entry.result.output}` : entry.result.output,
    })),
};

/**
 * A `tool_result`'s content: the output, or (with `references`, for a result that activates tools)
 * the output as a text block followed by a `tool_reference` block per activated tool, which loads the
 * tools sent with `defer_loading`.
 */
function resultContent(entry: AgentCallResult, references: boolean): ToolResultBlockParam['content'] {
  const names = (entry.result.control?.add_tools ?? []).map((spec) => spec.name);
  if (!references || names.length === 0) return entry.result.output;
  return [{ type: 'text', text: entry.result.output }, ...toolReferences(names)];
}

const anthropic: ProviderCodec<AnthropicMessage> = {
  problem(message) {
    if (!isPlainObject(message)) return 'the message is not an object';
    if (message.role !== 'assistant')
      return `the message role is ${JSON.stringify(message.role)}, not "assistant"`;
    const content = message.content;
    if (typeof content === 'string') return undefined;
    if (!Array.isArray(content)) return '"content" is neither a string nor a list of blocks';
    if (!content.every((block) => isPlainObject(block) && typeof block.type === 'string')) {
      return 'an entry of "content" is not a block with a "type"';
    }
    return undefined;
  },
  calls(message, step) {
    if (message.role !== 'assistant' || typeof message.content === 'string') return { message, calls: [] };
    let changed = false;
    let index = 0;
    const content = message.content.map((block): ContentBlockParam => {
      if (block.type !== 'tool_use') return block;
      const at = index++;
      if (typeof block.id === 'string' && block.id !== '') return block;
      changed = true;
      return { ...block, id: madeUpId(step, at) };
    });
    const calls: AgentToolCall[] = [];
    for (const block of content) {
      if (block.type !== 'tool_use') continue;
      calls.push({ id: block.id, name: nameOf(block), arguments: block.input, raw: block });
    }
    return { message: changed ? { role: 'assistant', content } : message, calls };
  },
  text(message) {
    if (typeof message.content === 'string') return message.content;
    return message.content
      .flatMap((block) => (block.type === 'text' && typeof block.text === 'string' ? [block.text] : []))
      .join('\n');
  },
  results(results, options = {}) {
    if (results.length === 0) return [];
    const blocks = results.map(
      (entry): ToolResultBlockParam => ({
        type: 'tool_result',
        tool_use_id: entry.call_id,
        content: resultContent(entry, options.references === true),
        ...(entry.result.is_error ? { is_error: true } : {}),
      }),
    );
    return [{ role: 'user', content: blocks }];
  },
};

/** The name the suite's tool search is registered under; the `tool_search_call` items stand for it. */
export const TOOL_SEARCH_TOOL = 'tool_search';

type ResponsesItem = OpenAIResponsesTurn[number];

/** A call item of a Responses turn, with the id the loop answers it by. */
function responsesCall(item: ResponsesItem, id: string): AgentToolCall | undefined {
  if (item.type === 'function_call') {
    return { id, name: nameOf(item), arguments: item.arguments, raw: item };
  }
  if (item.type === 'tool_search_call') {
    const raw = { name: TOOL_SEARCH_TOOL, arguments: item.arguments };
    return { id, name: TOOL_SEARCH_TOOL, arguments: item.arguments, raw };
  }
  return undefined;
}

const openAIResponses: ProviderCodec<OpenAIResponsesTurn> = {
  problem(turn) {
    if (!Array.isArray(turn)) return 'the output is not a list of items';
    if (!turn.every((item) => isPlainObject(item) && typeof item.type === 'string')) {
      return 'an entry of "output" is not an item with a "type"';
    }
    return undefined;
  },
  calls(turn, step) {
    const calls: AgentToolCall[] = [];
    let changed = false;
    const items = turn.map((item): ResponsesItem => {
      if (item.type !== 'function_call' && item.type !== 'tool_search_call') return item;
      const given = item.call_id;
      const id = typeof given === 'string' && given !== '' ? given : madeUpId(step, calls.length);
      const call = responsesCall(item, id);
      if (call !== undefined) calls.push(call);
      if (id === given) return item;
      changed = true;
      return { ...item, call_id: id };
    });
    return { message: changed ? items : turn, calls };
  },
  text(turn) {
    return turn
      .flatMap((item) =>
        item.type === 'message' && item.role === 'assistant' && Array.isArray(item.content)
          ? item.content.map((part) => (part.type === 'output_text' ? part.text : ''))
          : [],
      )
      .join('');
  },
  results(results, options = {}) {
    if (results.length === 0) return [];
    const items = results.map((entry): ResponsesItem => {
      if (options.references === true && entry.name === TOOL_SEARCH_TOOL) {
        return toolSearchOutput(entry.call_id, entry.result.control?.add_tools ?? []);
      }
      const { output, is_error } = entry.result;
      return {
        type: 'function_call_output',
        call_id: entry.call_id,
        output: is_error ? `${OPENAI_ERROR_PREFIX}${output}` : output,
      };
    });
    return [items];
  },
};

const CODECS: { [P in AgentProvider]: ProviderCodec<AgentMessageMap[P]> } = {
  'openai-chat': openAIChat,
  anthropic,
  'openai-responses': openAIResponses,
};

/** The codec of `provider`. */
export function codecFor<P extends AgentProvider>(provider: P): ProviderCodec<AgentMessage<P>> {
  return CODECS[provider];
}
