/**
 * Finish: turn what the implementation returned (or threw) into a `ToolResult`: read its parts, cut its
 * output to the tool's budget (spilling the full text where the caller can page through it), apply its
 * control directives to the session, and keep a failing tool's own text and data.
 */
import { errorMessage } from '../../shared/index.ts';
import { fitOutput, resolveOutputBudget } from '../budget.ts';
import { fitChannels } from '../channel-budget.ts';
import { ERROR_CODES, ToolError } from '../errors.ts';
import { normalizeSpec } from '../normalize.ts';
import {
  clipText,
  errorResult,
  isPlainObject,
  MAX_ERROR_MESSAGE_CHARS,
  successResult,
  toJsonObject,
} from '../results.ts';
import { readReturned } from '../returned.ts';
import { applyControl } from '../session.ts';
import type {
  AnyToolSpec,
  JsonObject,
  OutputBudget,
  RegisteredTool,
  ToolControl,
  ToolResult,
} from '../types.ts';
import type { Call, Engine } from './engine.ts';
import { thrownResult } from './invoke.ts';

/** The result of a tool that returned `returned`. */
export async function finishReturned<W>(
  engine: Engine<W>,
  call: Call,
  tool: RegisteredTool<W>,
  returned: unknown,
): Promise<ToolResult> {
  const name = tool.spec.name;
  const parts = readReturned(returned);
  if ('problem' in parts) return invalidResult(name, parts.problem);
  let control: ToolControl | undefined;
  if (parts.control !== undefined) {
    try {
      control = normalizeControl(parts.control);
    } catch (error) {
      return invalidResult(name, `"control" is malformed (${errorMessage(error)})`);
    }
  }
  const fitted = await withinBudget(engine, call, tool, parts.output);
  const details = { ...parts.details, ...fitted.details };
  if (control && call.session) {
    const activated = applyControl(call.session, control);
    if (control.add_tools) details.activated_tools = activated;
  }
  const structured: JsonObject = toJsonObject(parts.structured);
  if (!parts.isError) {
    return withinChannels(engine, call, tool, successResult(fitted.text, structured, details, 0, control));
  }
  // The tool said it failed: an error result, with the tool's own text and data kept.
  structured.error ??= {
    code: ERROR_CODES.TOOL_FAILED,
    message: clipText(fitted.text, MAX_ERROR_MESSAGE_CHARS),
    tool: name,
  };
  const result: ToolResult = {
    output: fitted.text,
    structured_output: structured,
    details: { ...details, duration_ms: 0 },
    is_error: true,
  };
  if (control) result.control = control;
  return withinChannels(engine, call, tool, result);
}

/**
 * A thrown error as a result, the output it carried cut to the tool's budget. `reportAs` is the name
 * the text starts with when it is not the tool's (the peer name a redirected call used).
 */
export async function finishThrown<W>(
  engine: Engine<W>,
  call: Call,
  tool: RegisteredTool<W>,
  error: unknown,
  reportAs?: string,
): Promise<ToolResult> {
  const name = reportAs ?? tool.spec.name;
  if (!(error instanceof ToolError) || !error.output) {
    return withinChannels(engine, call, tool, thrownResult(name, error));
  }
  const fitted = await withinBudget(engine, call, tool, error.output);
  if (fitted.text === error.output) return withinChannels(engine, call, tool, thrownResult(name, error));
  const within = new ToolError(error.message, {
    code: error.code,
    output: fitted.text,
    ...(error.data ? { data: error.data } : {}),
    details: { ...error.details, ...fitted.details },
  });
  return withinChannels(engine, call, tool, thrownResult(name, within));
}

/**
 * `result` with `structured_output` and `details` within the tool's channel budget (the full JSON
 * spilled). Every tool's channels are held to it, the ones that cut their own `output`
 * (`outputBudget: false`, the built-ins, codemode) too: a `write` of a few MB carries its whole diff
 * in `details`, which would otherwise travel to the page and over the edge whole. Those tools keep
 * their full output where they spill it already, so what their channels lose is named, not spilled:
 * a spill of a large write's diff would take as much of the workspace again.
 */
function withinChannels<W>(
  engine: Engine<W>,
  call: Call,
  tool: RegisteredTool<W>,
  result: ToolResult,
): Promise<ToolResult> {
  const budget = budgetOf(engine, tool);
  const request = { tool: tool.spec.name, caller: call.caller, session: call.session };
  const maxBytes = (budget ?? engine.defaultBudget).maxChannelBytes;
  return fitChannels(result, maxBytes, request, budget ? engine.spill : undefined);
}

/** The budget of `tool`: its own, the suite's, or none (`false`: the tool cuts its own output). */
function budgetOf<W>(engine: Engine<W>, tool: RegisteredTool<W>): Required<OutputBudget> | undefined {
  if (tool.outputBudget === false) return undefined;
  return tool.outputBudget
    ? resolveOutputBudget(tool.outputBudget, tool.spec.name, engine.defaultBudget)
    : engine.defaultBudget;
}

/** `text` within the tool's budget, and the details that say where the full text went. */
function withinBudget<W>(
  engine: Engine<W>,
  call: Call,
  tool: RegisteredTool<W>,
  text: string,
): Promise<{ text: string; details: Record<string, unknown> }> {
  const budget = budgetOf(engine, tool);
  if (!budget) return Promise.resolve({ text, details: {} });
  const request = { tool: tool.spec.name, text, caller: call.caller, session: call.session };
  return fitOutput(text, budget, request, engine.spill);
}

function invalidResult(name: string, problem: string): ToolResult {
  return errorResult(
    `Tool "${name}" returned an invalid result: ${problem}. This is a bug in the tool, not in your call; use another tool.`,
    { code: ERROR_CODES.INVALID_RESULT, data: { tool: name } },
  );
}

/** The control directives a tool returned, checked; throws with what is malformed. */
export function normalizeControl(value: unknown): ToolControl {
  if (!isPlainObject(value)) throw new Error('control must be an object');
  const control: ToolControl = {};
  if (value.add_tools !== undefined) {
    if (!Array.isArray(value.add_tools)) throw new Error('add_tools must be an array of specs');
    control.add_tools = value.add_tools.map((spec: unknown) => normalizeSpec(spec as AnyToolSpec));
  }
  if (value.handoff !== undefined) {
    if (!isPlainObject(value.handoff) || typeof value.handoff.to !== 'string') {
      throw new Error('handoff must be { to: string, reason?, payload? }');
    }
    control.handoff = value.handoff as unknown as ToolControl['handoff'];
  }
  if (value.terminate === true) control.terminate = true;
  else if (isPlainObject(value.terminate)) {
    control.terminate = typeof value.terminate.reason === 'string' ? { reason: value.terminate.reason } : {};
  } else if (value.terminate !== undefined && value.terminate !== false) {
    throw new Error('terminate must be true or { reason?: string }');
  }
  return control;
}
