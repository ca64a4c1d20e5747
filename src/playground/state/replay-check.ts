/**
 * What a permalink records of each call's result, so its replay can tell whether it reproduced what
 * the author saw: error or not, the error's code, a hash of the output text, and the output's first
 * line (at most 120 characters) to show beside what the call gives now. Calls the author saw
 * stopped (aborted, out of time) are not re-run (they would take as long again and give another
 * answer): they are shown as recorded. The comparison and the page's words about it are in
 * ./replay-notice.ts, loaded with the first link. Imports the package's types only.
 */
import type { ToolResult } from 'browser-agent-tools';

/** What a link keeps of one call's result. */
export interface RecordedResult {
  is_error: boolean;
  /** The error's code, for an error result that has one. */
  code?: string;
  /** FNV-1a hash (32 bits) of the output text (spill file names aside), 8 hex digits. */
  output: string;
  /**
   * The output's first line (spill file names aside, as in the hash), cut at {@link HEAD_CHARS}
   * characters (never inside one): what the side by side shows as recorded. Shown, not compared. Absent in links made before links kept it.
   */
  head?: string;
  /**
   * The deferred tools the call activated (by `tool_search`'s `add_tools`), in order: a replay whose
   * call activates others changes every later declaration list. Absent in links made before links kept it.
   */
  activated?: string[];
}

/** The most characters (code points) of a recorded output's first line. */
const HEAD_CHARS = 120;
/** The most tools one call's record names as activated, and the longest name (as `register` takes). */
const MAX_ACTIVATED = 1000;
const TOOL_NAME = /^[A-Za-z0-9_.:-]{1,128}$/;

/** One replayed call whose result is not the recorded one. */
export interface ReplayDifference {
  /** 1-based, in the link's order. */
  call: number;
  tool: string;
  recorded: RecordedResult;
  now: RecordedResult;
}

/** Codes of calls that were stopped rather than answered: a replay shows them instead of re-running. */
const STOPPED_CODES: ReadonlySet<string> = new Set([
  'ABORTED',
  'COMMAND_ABORTED',
  'COMMAND_TIMED_OUT',
  'SCRIPT_TIMEOUT',
  'MCP_TIMEOUT',
]);

/** The longest error code a link may carry. */
const MAX_CODE_LENGTH = 64;

/** Spill files are named by the time they were written: the same output, written again, names another. */
const SPILL_NAME = /\/tmp\/tool-output\/[\w.-]+/g;

function codeOf(result: ToolResult): string | undefined {
  const error = (result.structured_output as { error?: { code?: unknown } } | undefined)?.error;
  return typeof error?.code === 'string' ? error.code : undefined;
}

/**
 * FNV-1a over the text's UTF-16 code units, as 8 hex digits: enough to tell two outputs apart in a
 * link (not a checksum against tampering; the link's author controls it anyway), and small enough
 * for the page's entry chunk, which a checksum library would outgrow.
 */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * The first line of `text`, at most {@link HEAD_CHARS} code points: only its start is read (twice as
 * many UTF-16 units hold that many code points), so a 5 MB one-line output costs nothing more.
 */
export function headOf(text: string): string {
  return Array.from(text.slice(0, 2 * HEAD_CHARS).split('\n', 1)[0] ?? '')
    .slice(0, HEAD_CHARS)
    .join('');
}

/** The record of `result`, from a call that activated the tools `activated`. */
export function recordOf(result: ToolResult, activated: readonly string[] = []): RecordedResult {
  const code = result.is_error ? codeOf(result) : undefined;
  const text = result.output.replace(SPILL_NAME, '/tmp/tool-output/…');
  return {
    is_error: result.is_error,
    ...(code ? { code } : {}),
    output: fnv1a(text),
    head: headOf(text),
    activated: [...activated],
  };
}

/** Whether two records say the same: error, code, output and (when both know it) what was activated. */
export function sameRecord(recorded: RecordedResult, now: RecordedResult): boolean {
  const activated =
    recorded.activated === undefined ||
    now.activated === undefined ||
    recorded.activated.join('\n') === now.activated.join('\n');
  return (
    activated &&
    now.is_error === recorded.is_error &&
    now.code === recorded.code &&
    now.output === recorded.output
  );
}

/** `value` as a record's `activated`, or `undefined` when it is not a list of tool names. */
function activatedOf(value: unknown): string[] | undefined {
  if (!Array.isArray(value) || value.length > MAX_ACTIVATED) return undefined;
  return value.every((name) => typeof name === 'string' && TOOL_NAME.test(name)) ? [...value] : undefined;
}

/** Whether `head` is what {@link headOf} gives: one line of at most {@link HEAD_CHARS} characters. */
const isHead = (head: unknown): head is string =>
  typeof head === 'string' && head.length <= 2 * HEAD_CHARS && headOf(head) === head;

/** `value` as a record, or a sentence saying what is wrong with it (it came from a URL). */
export function parseRecorded(value: unknown): RecordedResult | string {
  if (typeof value !== 'object' || value === null) return '"recorded" must be an object.';
  const { is_error: isError, code, output, head, activated } = value as Record<string, unknown>;
  if (typeof isError !== 'boolean') return '"recorded.is_error" must be true or false.';
  if (typeof output !== 'string' || !/^[0-9a-f]{8}$/.test(output))
    return '"recorded.output" must be 8 hex digits.';
  if (
    code !== undefined &&
    (typeof code !== 'string' || !/^[A-Z0-9_]+$/.test(code) || code.length > MAX_CODE_LENGTH)
  )
    return `"recorded.code" must be an error code (capitals, digits and _, at most ${MAX_CODE_LENGTH}).`;
  if (head !== undefined && !isHead(head))
    return `"recorded.head" must be one line of at most ${HEAD_CHARS} characters.`;
  const tools = activated === undefined ? undefined : activatedOf(activated);
  if (activated !== undefined && tools === undefined)
    return `"recorded.activated" must be a list of at most ${MAX_ACTIVATED} tool names.`;
  return {
    is_error: isError,
    ...(typeof code === 'string' ? { code } : {}),
    output,
    ...(head === undefined ? {} : { head }),
    ...(tools === undefined ? {} : { activated: tools }),
  };
}

/** Whether a call recorded so was stopped (aborted, out of time) rather than answered. */
export function wasStopped(recorded: RecordedResult | undefined): boolean {
  return recorded?.code !== undefined && STOPPED_CODES.has(recorded.code);
}

/** The result a replay shows for a stopped call instead of running it again. */
export function stoppedResult(tool: string, recorded: RecordedResult): ToolResult {
  const message = `Not re-run: when this link was made, the call ended with ${recorded.code} (stopped before it answered), so the replay shows that instead of running it again. Run it from the composer to try it.`;
  return {
    output: `${tool}: ${message}`,
    structured_output: { error: { code: recorded.code ?? 'ABORTED', message, tool } },
    details: { duration_ms: 0, shown_as_recorded: true },
    is_error: true,
  };
}
