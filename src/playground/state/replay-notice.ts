/**
 * Whether a permalink's replay reproduced what its author saw: each re-run call's result against the
 * record the link carries, and the page's notice, green only when all match and otherwise naming each
 * call that did not. Loaded with the first link the page applies (out of the entry chunk).
 */
import type { ToolResult } from 'browser-agent-tools';
import { type RecordedResult, recordOf, wasStopped } from './replay-check.ts';

/** One replayed call whose result is not the recorded one. */
export interface ReplayDifference {
  /** 1-based, in the link's order. */
  call: number;
  tool: string;
  recorded: RecordedResult;
  now: RecordedResult;
}

/** How a result reads in the notice: "a success", "an error (UNKNOWN_TOOL)". */
function described(record: RecordedResult): string {
  if (!record.is_error) return 'a success';
  return record.code ? `an error (${record.code})` : 'an error';
}

/** What one difference is, in a few words, and what to do about it when the page knows. */
export function differenceText(difference: ReplayDifference): string {
  const { call, tool, recorded, now } = difference;
  const head = `call ${call} (${tool})`;
  if (now.code === 'UNKNOWN_TOOL' && recorded.code !== 'UNKNOWN_TOOL')
    return `${head} gave an error (UNKNOWN_TOOL), recorded as ${described(recorded)}: its tool is not in this page's catalog (a tool of an MCP server the author had connected, or one registered by code); connect or register it and run the call again`;
  if (now.is_error !== recorded.is_error || now.code !== recorded.code)
    return `${head} gave ${described(now)}, recorded as ${described(recorded)}`;
  return `${head} printed other output than when the link was made`;
}

/** A replayed call: the tool it reached (or the name it asked for) and its result. */
export interface ReplayedCall {
  tool: string;
  result: ToolResult;
}

/** How the replay of `calls` went, from their records and what `replayed` gave. */
export function replayDifferences(
  calls: readonly { recorded?: RecordedResult }[],
  replayed: readonly ReplayedCall[],
): { compared: number; shown: number; differed: ReplayDifference[] } {
  const report = { compared: 0, shown: 0, differed: [] as ReplayDifference[] };
  for (const [index, call] of calls.entries()) {
    const entry = replayed[index];
    if (!call.recorded || !entry) continue;
    if (wasStopped(call.recorded)) {
      report.shown += 1;
      continue;
    }
    report.compared += 1;
    const now = recordOf(entry.result);
    const same =
      now.is_error === call.recorded.is_error &&
      now.code === call.recorded.code &&
      now.output === call.recorded.output;
    if (!same) report.differed.push({ call: index + 1, tool: entry.tool, recorded: call.recorded, now });
  }
  return report;
}

/**
 * The notice after a link's calls were replayed: `info` only when every call that could be compared
 * gave its recorded result; otherwise `error`, naming each call that did not. `loaded` is what was
 * rebuilt ("Loaded the scenario from the link: 3 files, 1 registered tool").
 */
export function replayNotice(
  loaded: string,
  calls: readonly { recorded?: RecordedResult }[],
  replayed: readonly ReplayedCall[],
): { kind: 'info' | 'error'; text: string } {
  const { compared, shown, differed } = replayDifferences(calls, replayed);
  const unrecorded = calls.length - compared - shown;
  const parts = [`${compared + unrecorded} calls re-run`];
  if (shown > 0) parts.push(`${shown} shown as recorded (stopped when the link was made, not re-run)`);
  if (differed.length === 0) {
    const check =
      unrecorded === 0
        ? 'each gave the result recorded in the link'
        : `${unrecorded} without a recorded result to compare with`;
    return { kind: 'info', text: `${loaded}, ${parts.join(', ')}: ${check}.` };
  }
  const listed = differed.slice(0, 5).map(differenceText);
  const more = differed.length > 5 ? `; and ${differed.length - 5} more` : '';
  return {
    kind: 'error',
    text: `${loaded}, ${parts.join(', ')}, but ${differed.length} of ${compared} did not give the result recorded in the link: ${listed.join('; ')}${more}. The history shows what each gave here.`,
  };
}
