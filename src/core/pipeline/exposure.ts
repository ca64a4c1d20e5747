/**
 * Exposure: which caller may call which tool, and the errors for names no caller can call (unknown,
 * not a tool name, hidden) and for tools this caller may not call (deferred, codemode-only, model-only).
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
export function availableNames(engine: Engine, caller: Caller, session: ToolSession | undefined): string[] {
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

function searchHint(engine: Engine, caller: Caller, session: ToolSession | undefined): string {
  const search = engine.catalog.get('tool_search');
  return search && isCallable(search, caller, session) ? ' To find other tools, call tool_search.' : '';
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
  const text = `Unknown tool ${shown}${size}: tool names are 1-${MAX_TOOL_NAME_LENGTH} characters of letters, digits, "_", ".", ":" and "-". Available tools: ${availableList(engine, caller, session)}.${searchHint(engine, caller, session)}`;
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
  const search = searchHint(engine, caller, session);
  const text =
    close.length > 0
      ? `Unknown tool "${called}". The closest tools are: ${close.join(', ')}. Call one of them by its exact name.${search}`
      : `Unknown tool "${called}". Available tools: ${availableList(engine, caller, session)}.${search}`;
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
    const search = engine.catalog.get('tool_search');
    const words = name
      .replace(/[_.:-]+/g, ' ')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase();
    const text =
      search && isCallable(search, 'model', session)
        ? `Tool "${name}" is not loaded yet. Call tool_search with words for what you need (for example "${words}"); matching tools become callable from your next call.`
        : `Tool "${name}" is not loaded in this session and cannot be loaded here. Use one of the available tools instead.`;
    return errorResult(text, { code: ERROR_CODES.NOT_ACTIVATED, data });
  }
  if (tool.mode === 'codemode' && caller === 'model') {
    const codemode = engine.catalog.get('codemode');
    const text =
      codemode && isCallable(codemode, 'model', session)
        ? `Tool "${name}" can only be called from codemode scripts. Call it inside a codemode script: await tools.${name}({...}).`
        : `Tool "${name}" can only be called from codemode scripts, and codemode is not enabled here. Use one of the available tools instead.`;
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
