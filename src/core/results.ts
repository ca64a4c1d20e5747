/**
 * Builders for the three-channel result. Every result that leaves `execute` is made here, so the key
 * set stays exact: `output`, `structured_output`, `details` (with `duration_ms`), `control` only when
 * set, and `is_error`.
 */
import { ERROR_CODES, type ErrorCode } from './errors.ts';
import type { JsonObject, JsonValue, ToolControl, ToolResult } from './types.ts';

/** Fields of an error result besides the message. */
export interface ErrorResultOptions {
  /** Stable code, stored as `structured_output.error.code`. */
  code: ErrorCode;
  /** Extra typed data stored in `structured_output.error`. */
  data?: Record<string, unknown>;
  /** Extra UI fields for `details`. */
  details?: Record<string, unknown>;
  /** Output the tool produced before failing, kept in front of the message. */
  output?: string;
  /** Default: 0. */
  durationMs?: number;
}

/**
 * Characters of an error message kept, in `output` and in `structured_output.error.message`: a message
 * that echoes what a call sent (a script's thrown error, say) cannot grow a result without bound.
 */
export const MAX_ERROR_MESSAGE_CHARS: number = 16 * 1024;

/**
 * A failed call: `is_error: true`, the message in `output`, the code in `structured_output.error`. A
 * message over {@link MAX_ERROR_MESSAGE_CHARS} is cut, with a marker saying so.
 */
export function errorResult(fullMessage: string, options: ErrorResultOptions): ToolResult {
  const message =
    fullMessage.length > MAX_ERROR_MESSAGE_CHARS
      ? `${clipText(fullMessage, MAX_ERROR_MESSAGE_CHARS)} [message cut: the first ${MAX_ERROR_MESSAGE_CHARS} of ${fullMessage.length} characters are shown]`
      : fullMessage;
  const output = options.output ? `${options.output.replace(/\n+$/, '')}\n\n${message}` : message;
  return {
    output,
    structured_output: {
      error: { code: options.code, message, ...clipErrorData(toJsonObject(options.data)) },
    },
    details: { ...options.details, duration_ms: options.durationMs ?? 0 },
    is_error: true,
  };
}

/** Characters of one string in an error's data (a pattern, a path) kept in its structured form. */
export const MAX_ERROR_DATA_CHARS: number = 1000;
/** Characters of a string inside a list or an object of an error's data (one item of many). */
const MAX_NESTED_DATA_CHARS = 200;
/** Items of one array in an error's data kept in its structured form (a tool lists at most 100). */
export const MAX_ERROR_DATA_ITEMS: number = 100;

/** JSON characters of an error's data kept whole; larger data is clipped (and says so). */
const MAX_ERROR_DATA_JSON_CHARS: number = 64 * 1024;

/**
 * An error's data, whole when its JSON is small; otherwise with every string clipped, every array
 * shortened and `data_clipped: true`, so the structured form of an error stays small whatever the call
 * sent (a tool may put the pattern or path it refused there).
 */
function clipErrorData(data: JsonObject): JsonObject {
  if (JSON.stringify(data).length <= MAX_ERROR_DATA_JSON_CHARS) return data;
  const clip = (value: JsonValue, depth: number): JsonValue => {
    if (typeof value === 'string')
      return clipText(value, depth <= 1 ? MAX_ERROR_DATA_CHARS : MAX_NESTED_DATA_CHARS);
    if (value === null || typeof value !== 'object') return value;
    // Deeper than any tool's own error data goes: what is left is an echo of the call.
    if (depth > 4) return null;
    if (Array.isArray(value))
      return value.slice(0, MAX_ERROR_DATA_ITEMS).map((item) => clip(item, depth + 1));
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, clip(item, depth + 1)]));
  };
  return { ...(clip(data, 0) as JsonObject), data_clipped: true };
}

/** The result of a registered tool that has no implementation. */
export function notImplementedResult(name: string): ToolResult {
  return errorResult(
    `Tool "${name}" is registered but has no implementation in this host yet. Use another tool for this step.`,
    { code: ERROR_CODES.NOT_IMPLEMENTED, data: { tool: name } },
  );
}

/** A successful call. */
export function successResult(
  output: string,
  structured: JsonObject,
  details: Record<string, unknown>,
  durationMs: number,
  control?: ToolControl,
): ToolResult {
  const result: ToolResult = {
    output,
    structured_output: structured,
    details: { ...details, duration_ms: durationMs },
    is_error: false,
  };
  if (control) result.control = control;
  return result;
}

/** Drops what JSON cannot carry (functions, undefined, cycles) so `structured_output` stays JSON. */
export function toJsonObject(value: Record<string, unknown> | undefined): JsonObject {
  if (!value) return {};
  try {
    const parsed: unknown = JSON.parse(JSON.stringify(value));
    return isPlainObject(parsed) ? (parsed as JsonObject) : {};
  } catch {
    return {};
  }
}

/**
 * `text` when it has at most `maxChars` characters, else its first `maxChars` (never half a surrogate
 * pair) followed by `…`.
 */
export function clipText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(maxChars - 1)) ? maxChars - 1 : maxChars;
  return `${text.slice(0, end)}…`;
}

/** `true` for `{}`-like objects (not arrays, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
