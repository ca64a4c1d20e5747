/**
 * The host side of the bridge: what happens when a script awaits `tools.<name>(...)`. Each call goes
 * through the suite's one `execute` path as caller `codemode`, so exposure and policy apply to nested
 * calls too; the bridge adds codemode's own caps (calls per script, payload bytes) and keeps the call
 * records. Every answer is the JSON text of a `BridgeReply`: the guest turns a failed one into an
 * error the script may catch.
 */
import { ERROR_CODES } from '../core/errors.ts';
import { clipText } from '../core/results.ts';
import type { JsonValue, ToolResult, ToolSession, ToolSuite } from '../core/types.ts';
import { DESCRIBE_FUNCTION } from './declarations.ts';
import {
  argumentsTooLargeMessage,
  CODEMODE_ERROR_CODES,
  callLimitMessage,
  FAILURE_CODES,
  resultTooLargeMessage,
} from './messages.ts';
import type { BridgeReply, ScriptHost } from './runner.ts';
import { type CallRecord, halt, type ScriptRun } from './script-run.ts';
import { utf8Length } from './text.ts';

/** Bytes of one call's arguments kept in the call records; larger arguments are summarised. */
const MAX_RECORDED_ARGS_BYTES = 8 * 1024;
/** Characters of a requested tool name kept in call records and error replies. */
const MAX_RECORDED_NAME_CHARS = 128;

/** What the bridge of one run needs from the tool around it. */
export interface BridgeContext<W> {
  readonly suite: ToolSuite<W>;
  readonly session: ToolSession | undefined;
  readonly run: ScriptRun;
  /** What `tools.$describe(args)` resolves to in this run. */
  describe(args: JsonValue): string;
  readonly maxCalls: number;
  readonly maxPayloadBytes: number;
  readonly now: () => number;
}

/** The `ScriptHost` a runner talks to during one run. */
export function createScriptHost<W>(bridge: BridgeContext<W>): ScriptHost {
  return {
    stop: bridge.run.stop.signal,
    log: (line) => {
      bridge.run.logs.push(line);
    },
    callTool: (requestedName, argsJson) => callTool(bridge, requestedName, argsJson),
  };
}

const reply = (value: BridgeReply): string => JSON.stringify(value);

/** A failed reply: the guest throws it as an error naming `tool`. */
const refuse = (tool: string, message: string, code: string): string =>
  reply({ ok: false, message, code, tool });

/** `name`, or its head and `…` when it is longer than any tool name can be. */
function clipName(name: string): string {
  return clipText(name, MAX_RECORDED_NAME_CHARS);
}

/**
 * Answers one `tools.<requestedName>(argsJson)` of the script. Checks in the order a model can act on:
 * a stopping script gets nothing more, `$describe` is answered here, then the call cap, then the size
 * of the arguments. Contract: never rejects.
 */
async function callTool<W>(
  bridge: BridgeContext<W>,
  requestedName: string,
  argsJson: string,
): Promise<string> {
  // A script can ask for any key of `tools`; what is recorded and echoed of it stays small.
  const name = clipName(requestedName);
  try {
    const { run } = bridge;
    if (run.stopReason !== undefined)
      return refuse(name, 'The script is being stopped.', ERROR_CODES.ABORTED);
    if (name === DESCRIBE_FUNCTION) {
      // Not a tool call: answered here, not counted, not recorded.
      return reply({ ok: true, value: bridge.describe(JSON.parse(argsJson) as JsonValue) });
    }
    if (run.callCount >= bridge.maxCalls) {
      halt(run, 'call_limit');
      return refuse(name, callLimitMessage(bridge.maxCalls), FAILURE_CODES.call_limit);
    }
    const argsBytes = utf8Length(argsJson);
    if (argsBytes > bridge.maxPayloadBytes) {
      const message = argumentsTooLargeMessage(argsBytes, bridge.maxPayloadBytes);
      return refuse(name, message, CODEMODE_ERROR_CODES.PAYLOAD_TOO_LARGE);
    }
    return await runCall(bridge, requestedName, name, argsJson, argsBytes);
  } catch (error) {
    // Contract: never reject. Only a bug gets here (execute itself never throws).
    const message = error instanceof Error ? error.message : String(error);
    return refuse(name, `The call failed unexpectedly: ${message}`, ERROR_CODES.TOOL_FAILED);
  }
}

/** Counts, records and executes one call that passed the checks, and replies with its result. */
async function runCall<W>(
  bridge: BridgeContext<W>,
  requestedName: string,
  name: string,
  argsJson: string,
  argsBytes: number,
): Promise<string> {
  const { run } = bridge;
  run.callCount += 1;
  const parsed = JSON.parse(argsJson) as JsonValue;
  const record: CallRecord = {
    name,
    args: argsBytes > MAX_RECORDED_ARGS_BYTES ? `[${argsBytes} bytes of arguments, not recorded]` : parsed,
    is_error: false,
    duration_ms: 0,
    running: true,
  };
  run.records.push(record);
  const started = bridge.now();
  const result = await bridge.suite.execute(requestedName, parsed, {
    caller: 'codemode',
    session: bridge.session,
    signal: run.nested.signal,
  });
  record.duration_ms = Math.max(0, bridge.now() - started);
  // The script ended while the call ran (the record was cancelled then): nobody awaits this reply.
  if (!record.running) return refuse(name, 'The script has ended.', ERROR_CODES.ABORTED);
  record.running = false;
  record.is_error = result.is_error;
  return resultReply(result, name, bridge.maxPayloadBytes);
}

/**
 * A tool result as the script receives it: an error with the tool's own code, or the structured
 * output (the text output when there is none), refused when its JSON is over the payload cap.
 */
function resultReply(result: ToolResult, name: string, maxPayloadBytes: number): string {
  if (result.is_error) {
    const error = result.structured_output.error;
    const code =
      typeof error === 'object' && error !== null && !Array.isArray(error) && typeof error.code === 'string'
        ? error.code
        : ERROR_CODES.TOOL_FAILED;
    return refuse(name, result.output, code);
  }
  const structured = result.structured_output;
  const value: JsonValue = Object.keys(structured).length > 0 ? structured : result.output;
  const json = reply({ ok: true, value });
  const resultBytes = utf8Length(json);
  if (resultBytes > maxPayloadBytes) {
    const message = resultTooLargeMessage(name, resultBytes, maxPayloadBytes);
    return refuse(name, message, CODEMODE_ERROR_CODES.PAYLOAD_TOO_LARGE);
  }
  return json;
}
