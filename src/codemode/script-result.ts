/**
 * How a finished run becomes the codemode tool's result, on its three channels: `output` (what the
 * model reads), `structured_output` (the value, the console lines, the calls) and `details` (timings
 * and the runner, for the host). A run the host stopped, or one the sandbox failed, becomes a
 * `ToolError` whose text says what happened and what the calls already did.
 */
import { ToolError } from '../core/errors.ts';
import type { JsonObject, JsonValue, PartialToolResult } from '../core/types.ts';
import {
  type CodemodeFailureKind,
  callsParagraph,
  cancelledNote,
  errorConsoleParagraph,
  FAILURE_CODES,
  failureHeadline,
  truncateOutput,
} from './messages.ts';
import type { ScriptOutcome } from './runner.ts';
import { type CallRecord, cancelRunning, type ScriptRun, type StopReason } from './script-run.ts';
import type { CodemodeSettings } from './settings.ts';

/** The call records as each channel lists them: the model's without timings, the host's with. */
interface CallLists {
  structured: JsonObject[];
  details: JsonObject[];
}

function callLists(records: readonly CallRecord[]): CallLists {
  return {
    structured: records.map((record) => ({
      name: record.name,
      args: record.args,
      is_error: record.is_error,
      ...(record.cancelled ? { cancelled: true } : {}),
    })),
    details: records.map((record) => ({
      name: record.name,
      args: record.args,
      is_error: record.is_error,
      duration_ms: record.duration_ms,
      ...(record.cancelled ? { cancelled: true } : {}),
    })),
  };
}

/**
 * The result of a settled run, or the `ToolError` to throw for it. Calls still running now are
 * cancelled first: a script that returned without awaiting them is told which they were.
 */
export function scriptResult(
  run: ScriptRun,
  outcome: ScriptOutcome,
  timeoutSeconds: number,
  settings: CodemodeSettings,
): PartialToolResult {
  const cancelledAtReturn = run.records.filter((record) => record.running).map((record) => record.name);
  cancelRunning(run);
  run.nested.abort();
  const calls = callLists(run.records);
  if (outcome.type === 'returned' && run.stopReason === undefined) {
    return returnedResult(outcome.json, run.logs, cancelledAtReturn, calls, settings.runner.kind);
  }
  throw failureError(run, outcome, calls, timeoutSeconds, settings);
}

/** The value the script returned, pretty-printed, then its console lines and the cancelled calls. */
function returnedResult(
  json: string | null,
  logs: string[],
  cancelledAtReturn: string[],
  calls: CallLists,
  runnerKind: string,
): PartialToolResult {
  const value: JsonValue = json === null ? null : (JSON.parse(json) as JsonValue);
  const parts = [json === null ? 'The script returned no value.' : JSON.stringify(value, null, 2)];
  if (logs.length > 0) parts.push(`Console:\n${logs.join('\n')}`);
  if (cancelledAtReturn.length > 0) parts.push(cancelledNote(cancelledAtReturn));
  const output = truncateOutput(parts.join('\n\n'));
  return {
    output: output.text,
    structured_output: { result: value, logs, calls: calls.structured },
    details: { calls: calls.details, output_truncated: output.truncated, runner: runnerKind },
  };
}

/** The error of a run that did not return: the headline, the calls it made, its console lines. */
function failureError(
  run: ScriptRun,
  outcome: ScriptOutcome,
  calls: CallLists,
  timeoutSeconds: number,
  settings: CodemodeSettings,
): ToolError {
  const kind = failureKind(outcome, run.stopReason);
  const failed = outcome.type === 'failed' ? outcome : undefined;
  const headline = failureHeadline({
    kind,
    message: failed?.message ?? '',
    ...(failed?.line !== undefined ? { line: failed.line } : {}),
    ...(failed?.tool !== undefined ? { tool: failed.tool } : {}),
    timeoutSeconds,
    maxTimeoutSeconds: settings.maxTimeoutSeconds,
    memoryBytes: settings.memoryBytes,
    maxCalls: settings.maxCalls,
    maxResultBytes: settings.maxResultBytes,
  });
  const text = [headline, callsParagraph(run.records), errorConsoleParagraph(run.logs)].filter(
    (part) => part !== '',
  );
  return new ToolError(text.join('\n'), {
    code: FAILURE_CODES[kind],
    data: { kind, calls: calls.structured, logs: run.logs },
    details: { calls: calls.details, runner: settings.runner.kind },
  });
}

/** The failure kind a model reads: the host's reason to stop wins over what the sandbox saw. */
function failureKind(outcome: ScriptOutcome, stopReason: StopReason | undefined): CodemodeFailureKind {
  if (stopReason !== undefined) return stopReason;
  if (outcome.type === 'returned') return 'sandbox';
  switch (outcome.kind) {
    case 'stack':
      return 'stack_overflow';
    case 'stopped':
      return 'aborted';
    default:
      return outcome.kind;
  }
}
