/**
 * Every text the model reads from codemode, besides the preamble: failure headlines, the list of calls
 * already made, the in-script error texts and the output truncation notice. Model-facing API: tests
 * assert these word for word. Pure functions; imports only this room.
 */
import { formatSize, headBytes, utf8Length } from '../shared/index.ts';

/** Stable codes of codemode's error results, in `structured_output.error.code`. */
export const CODEMODE_ERROR_CODES = {
  SCRIPT_ERROR: 'SCRIPT_ERROR',
  SYNTAX_ERROR: 'SYNTAX_ERROR',
  TIMEOUT: 'SCRIPT_TIMEOUT',
  MEMORY_LIMIT: 'MEMORY_LIMIT',
  STACK_OVERFLOW: 'STACK_OVERFLOW',
  CALL_LIMIT: 'CALL_LIMIT',
  ABORTED: 'ABORTED',
  RESULT_NOT_JSON: 'RESULT_NOT_JSON',
  RESULT_TOO_LARGE: 'RESULT_TOO_LARGE',
  SANDBOX_FAILED: 'SANDBOX_FAILED',
  /** Thrown inside the script (not a codemode result): one call's arguments or result is over the cap. */
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
} as const;

/** How a codemode script failed; `structured_output.error.kind` of an error result. */
export type CodemodeFailureKind =
  | 'script'
  | 'syntax'
  | 'timeout'
  | 'memory'
  | 'stack_overflow'
  | 'call_limit'
  | 'aborted'
  | 'not_json'
  | 'too_large'
  | 'sandbox';

/** The code of each failure kind. */
export const FAILURE_CODES: Readonly<Record<CodemodeFailureKind, string>> = {
  script: CODEMODE_ERROR_CODES.SCRIPT_ERROR,
  syntax: CODEMODE_ERROR_CODES.SYNTAX_ERROR,
  timeout: CODEMODE_ERROR_CODES.TIMEOUT,
  memory: CODEMODE_ERROR_CODES.MEMORY_LIMIT,
  stack_overflow: CODEMODE_ERROR_CODES.STACK_OVERFLOW,
  call_limit: CODEMODE_ERROR_CODES.CALL_LIMIT,
  aborted: CODEMODE_ERROR_CODES.ABORTED,
  not_json: CODEMODE_ERROR_CODES.RESULT_NOT_JSON,
  too_large: CODEMODE_ERROR_CODES.RESULT_TOO_LARGE,
  sandbox: CODEMODE_ERROR_CODES.SANDBOX_FAILED,
};

/** What a failure headline needs to know. */
export interface FailureFacts {
  kind: CodemodeFailureKind;
  /** The error as `Name: message`; the reason for `not_json` and `sandbox`; the size for `too_large`. */
  message: string;
  line?: number;
  /** The tool whose error the script did not catch. */
  tool?: string;
  timeoutSeconds: number;
  maxTimeoutSeconds: number;
  memoryBytes: number;
  maxCalls: number;
  maxResultBytes: number;
}

/** Seconds as the messages print them: `10s`, `0.5s`. */
function formatSeconds(seconds: number): string {
  return `${Number(seconds.toFixed(3))}s`;
}

/** The first sentence of an error result: what happened and what to do next. */
export function failureHeadline(facts: FailureFacts): string {
  const at = facts.line === undefined ? '' : ` at line ${facts.line}`;
  switch (facts.kind) {
    case 'script':
      if (facts.tool !== undefined) {
        const text = facts.message.replace(/^ToolError: /, '');
        return `The script stopped${at} because tool "${facts.tool}" failed:\n${text}\nCatch tool errors in the script with try/catch, or fix the call, then run it again.`;
      }
      return `The script threw an error${at}: ${facts.message}\nFix the script and run it again.`;
    case 'syntax':
      return `The script has a syntax error${at}: ${facts.message}\nFix the script and run it again. Write plain JavaScript, without TypeScript syntax.`;
    case 'timeout':
      return `The script timed out after ${formatSeconds(facts.timeoutSeconds)} and was stopped. Do less in one script, or pass a larger timeout (at most ${formatSeconds(facts.maxTimeoutSeconds)}).`;
    case 'memory':
      return `The script hit the memory limit (${formatSize(facts.memoryBytes)}) and was stopped. Work on smaller pieces of data and return less.`;
    case 'stack_overflow':
      return 'The script hit a stack overflow (recursion too deep) and was stopped. Use a loop instead of deep recursion.';
    case 'call_limit':
      return `The script tried to make more than ${facts.maxCalls} tool calls, the limit for one script, and was stopped. Do the work in fewer calls, or split it over several scripts.`;
    case 'aborted':
      return 'The script was aborted before it finished.';
    case 'not_json':
      return `The script's return value is not JSON-serialisable: ${facts.message}. Return plain data: objects, arrays, strings, numbers, booleans and null.`;
    case 'too_large':
      return `The script's return value is too large: ${facts.message} of JSON, over the ${formatSize(facts.maxResultBytes)} limit. Return less data: select only the fields you need, or aggregate inside the script.`;
    case 'sandbox':
      return `The codemode sandbox failed (${facts.message}). Run the script again; if it keeps failing, call the tools directly.`;
  }
}

/** One nested call as the messages list it. */
export interface CallSummary {
  name: string;
  args: unknown;
  is_error: boolean;
  cancelled?: boolean;
}

/** Calls listed in an error result; the rest are counted. */
const MAX_LISTED_CALLS = 20;
/** Characters of one call's arguments shown in a list. */
const MAX_LISTED_ARGS_CHARS = 200;
/** Bytes of console output repeated in an error result (the tail). */
const MAX_ERROR_CONSOLE_BYTES: number = 4 * 1024;

function argsPreview(args: unknown): string {
  let text: string;
  try {
    text = typeof args === 'string' ? args : (JSON.stringify(args) ?? String(args));
  } catch {
    text = String(args);
  }
  return text.length > MAX_LISTED_ARGS_CHARS ? `${text.slice(0, MAX_LISTED_ARGS_CHARS)}…` : text;
}

/** The paragraph that lists the nested calls a failed script made. */
export function callsParagraph(calls: readonly CallSummary[]): string {
  if (calls.length === 0) return 'It made no tool calls.';
  const lines = calls.slice(0, MAX_LISTED_CALLS).map((call, index) => {
    const status = call.cancelled ? 'cancelled' : call.is_error ? 'error' : 'ok';
    return `${index + 1}. ${call.name} ${argsPreview(call.args)} → ${status}`;
  });
  if (calls.length > MAX_LISTED_CALLS) lines.push(`… and ${calls.length - MAX_LISTED_CALLS} more.`);
  return `Tool calls it made before it stopped (they are not undone):\n${lines.join('\n')}`;
}

/** The console paragraph of an error result: the last lines, within {@link MAX_ERROR_CONSOLE_BYTES}. */
export function errorConsoleParagraph(logs: readonly string[]): string {
  if (logs.length === 0) return '';
  const kept: string[] = [];
  let bytes = 0;
  for (let index = logs.length - 1; index >= 0; index -= 1) {
    const line = logs[index] ?? '';
    bytes += utf8Length(line) + 1;
    if (bytes > MAX_ERROR_CONSOLE_BYTES && kept.length > 0) break;
    kept.unshift(line);
  }
  const omitted = logs.length - kept.length;
  return `Console:\n${omitted > 0 ? `[${omitted} earlier lines omitted]\n` : ''}${kept.join('\n')}`;
}

/** The console line that replaces everything after the console cap. */
export function consoleCutLine(maxBytes: number): string {
  return `[Console output truncated: the ${formatSize(maxBytes)} limit was reached; later lines were dropped.]`;
}

/** The note appended when a script returned while some of its calls were still running. */
export function cancelledNote(names: readonly string[]): string {
  const count = names.length;
  return `Note: ${count === 1 ? '1 tool call was' : `${count} tool calls were`} still running when the script returned and ${count === 1 ? 'was' : 'were'} cancelled (${names.join(', ')}). Await every tool call.`;
}

/** Thrown inside the script when a call's arguments are over the cap; the call is not made. */
export function argumentsTooLargeMessage(bytes: number, maxBytes: number): string {
  return `The arguments of this call are ${formatSize(bytes)} of JSON, over the ${formatSize(maxBytes)} limit for one call, so it was not made. Pass less data per call.`;
}

/** Thrown inside the script when a call's result is over the cap; the call ran. */
export function resultTooLargeMessage(name: string, bytes: number, maxBytes: number): string {
  return `Tool "${name}" ran, but its result is ${formatSize(bytes)} of JSON, over the ${formatSize(maxBytes)} limit for one call, so the script cannot receive it. Ask for less, for example with a smaller limit or a narrower path or pattern.`;
}

/** Thrown inside the script for the call over the call cap; the script is stopped right after. */
export function callLimitMessage(maxCalls: number): string {
  return `This call was not made: a script may make at most ${maxCalls} tool calls.`;
}

/** Lines of `output` shown at most. */
const MAX_OUTPUT_LINES = 2000;
/** UTF-8 bytes of `output` shown at most. */
const MAX_OUTPUT_BYTES: number = 50 * 1024;

/**
 * Keeps the head of `text` within {@link MAX_OUTPUT_LINES} lines and {@link MAX_OUTPUT_BYTES} bytes (a
 * single line longer than the budget is cut inside, never inside a character) and appends the notice
 * that says what was cut. Returns the text unchanged when it fits.
 */
export function truncateOutput(text: string): { text: string; truncated: boolean } {
  const lines = text.split('\n');
  const totalBytes = utf8Length(text);
  if (lines.length <= MAX_OUTPUT_LINES && totalBytes <= MAX_OUTPUT_BYTES) return { text, truncated: false };
  const kept: string[] = [];
  let bytes = 0;
  for (const line of lines) {
    if (kept.length >= MAX_OUTPUT_LINES) break;
    const size = utf8Length(line) + (kept.length > 0 ? 1 : 0);
    if (bytes + size > MAX_OUTPUT_BYTES) {
      if (kept.length === 0) kept.push(headBytes(line, MAX_OUTPUT_BYTES));
      break;
    }
    kept.push(line);
    bytes += size;
  }
  const shown = kept.join('\n');
  const notice = `[Output truncated: showing ${kept.length} of ${lines.length} lines (${formatSize(utf8Length(shown))} of ${formatSize(totalBytes)}). Return less data: select only the fields you need, or aggregate inside the script.]`;
  return { text: `${shown}\n\n${notice}`, truncated: true };
}

/** Characters of a requested name echoed in a `$describe` message. */
const MAX_ECHOED_NAME_CHARS = 100;

/** Why `tools.$describe(name)` has no declaration to give. */
export type DescribeMiss =
  /** No tool a script may call has that name or identifier (hidden tools included). */
  | { kind: 'unknown'; closest: readonly string[] }
  /** A deferred tool the session has not activated; `searchable` when the model can call tool_search. */
  | { kind: 'not_loaded'; tool: string; searchable: boolean }
  /** A tool only the model may call (`model_only`, and `codemode` itself). */
  | { kind: 'model_only'; tool: string };

function echoName(requested: string): string {
  const clipped =
    requested.length > MAX_ECHOED_NAME_CHARS ? `${requested.slice(0, MAX_ECHOED_NAME_CHARS)}…` : requested;
  return JSON.stringify(clipped);
}

/** What `tools.$describe(requested)` resolves to when it has no declaration to give. */
export function describeMissMessage(requested: string, miss: DescribeMiss): string {
  const head = `tools.$describe(${echoName(requested)}):`;
  switch (miss.kind) {
    case 'unknown': {
      const closest = miss.closest.length > 0 ? ` Closest: ${miss.closest.join(', ')}.` : '';
      return `${head} no tool of that name can be called from a codemode script here.${closest} Use a name or identifier from the codemode tool's declarations.`;
    }
    case 'not_loaded':
      return miss.searchable
        ? `${head} tool "${miss.tool}" is not loaded yet. Call tool_search (outside the script) with words for what you need; the tools it loads can be described and called from your next script.`
        : `${head} tool "${miss.tool}" is not loaded in this session and cannot be loaded here. Use one of the tools in the codemode tool's declarations.`;
    case 'model_only':
      return `${head} tool "${miss.tool}" cannot be called from a codemode script. Call it directly, outside the script.`;
  }
}

const ARTICLES: Readonly<Record<string, string>> = {
  undefined: 'undefined',
  null: 'null',
  object: 'an object',
};

/** What `tools.$describe(value)` resolves to when `value` is not a string (`type` is its `typeof`). */
export function describeNotStringMessage(type: string, example: string): string {
  const got = ARTICLES[type] ?? `a ${type}`;
  return `tools.$describe needs a tool name as a string, for example tools.$describe(${JSON.stringify(example)}); it got ${got}.`;
}
