/**
 * Tools made with an agent SDK carry their own function: an AI SDK `tool()` its `execute`, an OpenAI
 * Agents SDK `tool()` its `invoke`, a LangChain tool its `invoke`. Registering such a tool without an
 * implementation binds that function. Recognised by shape only: core imports no SDK.
 */
import { isPlainObject } from './results.ts';
import type { PartialToolResult, ToolImplementation } from './types.ts';

/** The implementation a spec carries, or `undefined` when it is plain data. */
export function implementationFromSpec(spec: unknown): ToolImplementation | undefined {
  if (!isPlainObject(spec)) return undefined;
  // OpenAI Agents SDK FunctionTool: `invoke(runContext, jsonText, details)`, returns the result.
  if (
    spec.type === 'function' &&
    typeof spec.invoke === 'function' &&
    typeof spec.needsApproval === 'function'
  ) {
    const invoke = spec.invoke.bind(spec) as (context: unknown, input: string, details: unknown) => unknown;
    return async (args, context) =>
      toPartial(await invoke({ context: undefined }, JSON.stringify(args), { signal: context.signal }));
  }
  // LangChain StructuredTool: `invoke(args, config)`, returns the tool's content.
  if (typeof spec.invoke === 'function' && Array.isArray(spec.lc_namespace)) {
    const invoke = spec.invoke.bind(spec) as (input: unknown, config: unknown) => unknown;
    return async (args, context) => toPartial(await invoke(args, { signal: context.signal }));
  }
  // Vercel AI SDK tool: `execute(input, { toolCallId, messages, abortSignal })`.
  if (typeof spec.execute === 'function' && 'inputSchema' in spec) {
    const execute = spec.execute as (input: unknown, options: unknown) => unknown;
    return async (args, context) =>
      toPartial(
        await execute(args, {
          toolCallId: `${context.toolName}-call`,
          messages: [],
          abortSignal: context.signal,
        }),
      );
  }
  return undefined;
}

/** A string is the output; an object is data: its JSON is the output and it is the structured output. */
function toPartial(value: unknown): string | PartialToolResult {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  if (isPlainObject(value)) return { output: JSON.stringify(value), structured_output: value as never };
  // LangChain's ToolMessage and other content holders.
  return JSON.stringify(value) ?? String(value);
}
