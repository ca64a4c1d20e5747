/**
 * Exposure: which caller may call which tool, and the errors for names no caller can call (unknown,
 * not a tool name, hidden) and for tools this caller may not call (deferred, codemode-only, model-only).
 * Plugins add the ways out they offer (`tool_search` to load a deferred tool, codemode scripts).
 */
import { ERROR_CODES } from '../errors.ts';
import { MAX_TOOL_NAME_LENGTH } from '../normalize.ts';
import { clipText, errorResult } from '../results.ts';
import { closestNames } from '../similar.ts';
import type { Caller, RegisteredTool, ToolResult, ToolSession } from '../types.ts';
import type { Engine } from './engine.ts';

/** Tool names listed in an unknown-tool error; the rest are counted. */
const MAX_LISTED_TOOLS = 50;
/** Characters of a called name that is not a tool name echoed back. */
const MAX_ECHOED_NAME_CHARS = 64;

/** Whether `caller` may call `tool` now: its exposure mode, and for a deferred tool the session. */
export function isCallable<W>(
  tool: RegisteredTool<W>,
  caller: Caller,
  session: ToolSession | undefined,
): boolean {
  switch (tool.mode) {
    case 'direct':
      return true;
    case 'model_only':
      return caller === 'model';
    case 'codemode':
      return caller === 'codemode';
    case 'deferred':
      return session?.isActive(tool.spec.name) === true;
    case 'hidden':
      return false;
  }
}

/** Names of the tools `caller` may call now, in catalog order. */
function availableNames(engine: Engine, caller: Caller, session: ToolSession | undefined): string[] {
  return engine.catalog
    .list()
    .filter((tool) => isCallable(tool, caller, session))
    .map((tool) => tool.spec.name);
}

/** `read, write, ls`, at most {@link MAX_LISTED_TOOLS} names, or `none`. */
function availableList(engine: Engine, caller: Caller, session: ToolSession | undefined): string {
  const available = availableNames(engine, caller, session);
  if (available.length === 0) return 'none';
  const listed = available.slice(0, MAX_LISTED_TOOLS).join(', ');
  const more = available.length - MAX_LISTED_TOOLS;
  return more > 0 ? `${listed} and ${more} more` : listed;
}

/** What the installed plugins add to an unknown-tool error for this caller (a way to find tools). */
function pluginHints(engine: Engine, caller: Caller, session: ToolSession | undefined): string {
  let hints = '';
  for (const plugin of engine.plugins()) {
    const hint = plugin.unknownToolHint?.({ caller, session });
    if (hint) hints += ` ${hint}`;
  }
  return hints;
}

/** The first plugin's text refusing `tool` to this caller, when a plugin offers a way to call it. */
function pluginRefusal<W>(
  engine: Engine<W>,
  tool: RegisteredTool<W>,
  caller: Caller,
  session: ToolSession | undefined,
): string | undefined {
  for (const plugin of engine.plugins()) {
    const refusal = plugin.refusal?.(tool, { caller, session });
    if (refusal) return refusal;
  }
  return undefined;
}

/** A called name no tool can have (too long, or characters names never have): refused unsearched. */
export function notAToolNameResult(
  engine: Engine,
  called: string,
  caller: Caller,
  session: ToolSession | undefined,
): ToolResult {
  const shown = JSON.stringify(clipText(called, MAX_ECHOED_NAME_CHARS));
  const size = called.length > MAX_ECHOED_NAME_CHARS ? ` (${called.length} characters)` : '';
  const text = `Unknown tool ${shown}${size}: tool names are 1-${MAX_TOOL_NAME_LENGTH} characters of letters, digits, "_", ".", ":" and "-". Available tools: ${availableList(engine, caller, session)}.${pluginHints(engine, caller, session)}`;
  return errorResult(text, {
    code: ERROR_CODES.UNKNOWN_TOOL,
    data: { tool: clipText(called, MAX_ECHOED_NAME_CHARS), suggestions: [] },
  });
}

/** A name no tool callable here has: the closest callable names, or all of them. */
export function unknownToolResult(
  engine: Engine,
  called: string,
  caller: Caller,
  session: ToolSession | undefined,
): ToolResult {
  const close = closestNames(called, availableNames(engine, caller, session));
  const hints = pluginHints(engine, caller, session);
  const text =
    close.length > 0
      ? `Unknown tool "${called}". The closest tools are: ${close.join(', ')}. Call one of them by its exact name.${hints}`
      : `Unknown tool "${called}". Available tools: ${availableList(engine, caller, session)}.${hints}`;
  return errorResult(text, { code: ERROR_CODES.UNKNOWN_TOOL, data: { tool: called, suggestions: close } });
}

/** A registered tool this caller may not call now, and what to do instead. */
export function refusedResult<W>(
  engine: Engine<W>,
  tool: RegisteredTool<W>,
  caller: Caller,
  session: ToolSession | undefined,
): ToolResult {
  const name = tool.spec.name;
  const data = { tool: name, mode: tool.mode };
  if (tool.mode === 'deferred') {
    const text =
      pluginRefusal(engine, tool, caller, session) ??
      `Tool "${name}" is not loaded in this session and cannot be loaded here. Use one of the available tools instead.`;
    return errorResult(text, { code: ERROR_CODES.NOT_ACTIVATED, data });
  }
  if (tool.mode === 'codemode' && caller === 'model') {
    const text =
      pluginRefusal(engine, tool, caller, session) ??
      `Tool "${name}" can only be called from codemode scripts, and codemode is not enabled here. Use one of the available tools instead.`;
    return errorResult(text, { code: ERROR_CODES.NOT_CALLABLE, data });
  }
  if (tool.mode === 'model_only' && caller === 'codemode') {
    return errorResult(
      `Tool "${name}" cannot be called from a codemode script. Return what you have and let the model call it directly.`,
      { code: ERROR_CODES.NOT_CALLABLE, data },
    );
  }
  // Only a hidden tool gets here, and hidden tools answer exactly as names never registered.
  return unknownToolResult(engine, name, caller, session);
}
