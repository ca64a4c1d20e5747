/**
 * Raw tool calls as model APIs return them → `{ name, arguments }`, and the item that answers a
 * Responses API call. Accepts OpenAI chat `tool_calls[i]`, OpenAI responses `function_call` and
 * `custom_tool_call` (its text input arrives as `{ input }`), Anthropic `tool_use`, Gemini
 * `functionCall` (wrapped or bare), MCP `tools/call` params or the whole JSON-RPC request, Vercel AI SDK
 * `{ toolCallId, toolName, input }`, and plain `{ name, arguments }`.
 */
import { isPlainObject } from './results.ts';
import type { ToolResult } from './types.ts';

/** Which API shape a raw call had. */
export type ToolCallFormat =
  | 'openai-chat'
  | 'openai-responses'
  | 'anthropic'
  | 'gemini'
  | 'mcp'
  | 'ai-sdk'
  | 'plain';

/** A raw call, taken apart. `arguments` is still raw (maybe a JSON string): `execute` extracts it. */
export interface ParsedToolCall {
  format: ToolCallFormat;
  name: unknown;
  arguments: unknown;
  /** The provider's call id, when it has one (`call_…`, `toolu_…`). */
  id?: string;
}

/** Takes a raw call apart. Never throws; an unrecognisable call has `name: undefined`. */
export function parseToolCall(call: unknown): ParsedToolCall {
  if (!isPlainObject(call)) return { format: 'plain', name: undefined, arguments: undefined };
  const id = (value: unknown): { id?: string } => (typeof value === 'string' ? { id: value } : {});

  if (isPlainObject(call.function)) {
    return {
      format: 'openai-chat',
      name: call.function.name,
      arguments: call.function.arguments,
      ...id(call.id),
    };
  }
  if (call.type === 'function_call') {
    return {
      format: 'openai-responses',
      name: call.name,
      arguments: call.arguments,
      ...id(call.call_id ?? call.id),
    };
  }
  if (call.type === 'custom_tool_call') {
    // A freeform (custom) tool gets plain text, not JSON: Codex's apply_patch sends the patch itself.
    return {
      format: 'openai-responses',
      name: call.name,
      arguments: { input: call.input },
      ...id(call.call_id ?? call.id),
    };
  }
  if (call.type === 'tool_use' || call.type === 'server_tool_use') {
    return { format: 'anthropic', name: call.name, arguments: call.input, ...id(call.id) };
  }
  const gemini = call.functionCall ?? call.function_call;
  if (isPlainObject(gemini))
    return { format: 'gemini', name: gemini.name, arguments: gemini.args, ...id(gemini.id) };
  if (call.method === 'tools/call' && isPlainObject(call.params)) {
    return { format: 'mcp', name: call.params.name, arguments: call.params.arguments, ...id(call.id) };
  }
  if (typeof call.toolName === 'string') {
    return { format: 'ai-sdk', name: call.toolName, arguments: call.input, ...id(call.toolCallId) };
  }
  if ('args' in call && !('arguments' in call) && !('input' in call)) {
    return { format: 'gemini', name: call.name, arguments: call.args, ...id(call.id) };
  }
  if ('input' in call && !('arguments' in call)) {
    return { format: 'anthropic', name: call.name, arguments: call.input, ...id(call.id) };
  }
  return { format: 'plain', name: call.name, arguments: call.arguments, ...id(call.id) };
}

/** The Responses API input item that carries a result back to the model. */
export interface ResponsesCallOutput {
  type: 'function_call_output' | 'custom_tool_call_output';
  call_id: string;
  /** The result's `output`: the API has no error flag, so a failure is said in the text itself. */
  output: string;
}

/**
 * The item that answers a Responses API call in the shape it came in: `custom_tool_call_output` for a
 * `custom_tool_call` (Codex's freeform `apply_patch`), `function_call_output` for a `function_call`.
 * `undefined` for a call of any other API, or one without a `call_id` to answer.
 */
export function responsesCallOutput(call: unknown, result: ToolResult): ResponsesCallOutput | undefined {
  if (!isPlainObject(call) || typeof call.call_id !== 'string') return undefined;
  if (call.type === 'custom_tool_call') {
    return { type: 'custom_tool_call_output', call_id: call.call_id, output: result.output };
  }
  if (call.type === 'function_call') {
    return { type: 'function_call_output', call_id: call.call_id, output: result.output };
  }
  return undefined;
}
