/**
 * Resolve: from the name a call sent to a registered tool. Ends the call when its session has ended,
 * when it sent no name or a name no tool can have, or when no visible tool answers to it (its own name
 * or a peer agent's alias).
 */
import { type ResolvedName, resolveToolName } from '../aliases.ts';
import { ERROR_CODES } from '../errors.ts';
import { isToolName } from '../normalize.ts';
import { errorResult } from '../results.ts';
import type { RegisteredTool, ToolResult, ToolSession } from '../types.ts';
import { type Call, type Engine, type Stop, stop } from './engine.ts';
import { notAToolNameResult, unknownToolResult } from './exposure.ts';

/** The tool a call names, and how its name was resolved (an alias may bring a payload or repairs). */
export interface Resolved<W> {
  resolved: ResolvedName;
  tool: RegisteredTool<W>;
  /** The name as called, trimmed: what an unknown-tool error echoes. */
  calledName: string;
}

const NO_TOOL_NAME_TEXT =
  'The tool call has no tool name. Send a call with the name of one of the declared tools and its arguments.';

/** The error of a call without a tool name. */
export function noToolNameResult(): ToolResult {
  return errorResult(NO_TOOL_NAME_TEXT, { code: ERROR_CODES.INVALID_CALL });
}

/** The error of a call made in a session that has ended; `undefined` while the session goes on. */
function sessionEndedResult(session: ToolSession | undefined): ToolResult | undefined {
  if (!session?.terminated) return undefined;
  const reason = session.terminated.reason ? ` (${session.terminated.reason})` : '';
  return errorResult(
    `The session has ended${reason}. No further tool calls run in it; answer the user instead.`,
    { code: ERROR_CODES.SESSION_ENDED },
  );
}

export function resolveCall<W>(engine: Engine<W>, call: Call, rawName: unknown): Resolved<W> | Stop {
  const ended = sessionEndedResult(call.session);
  if (ended) return stop(ended);
  if (typeof rawName !== 'string' || rawName.trim() === '') return stop(noToolNameResult());
  const calledName = rawName.trim();
  // Before any lookup or similarity search: the cost of a call must not grow with the name's size.
  if (!isToolName(calledName)) return stop(notAToolNameResult(engine, calledName, call.caller, call.session));
  // Hidden tools are not resolved at all, so no answer can tell them from names never registered.
  const visible = (name: string): boolean => {
    const tool = engine.catalog.get(name);
    return tool !== undefined && tool.mode !== 'hidden';
  };
  const resolved = resolveToolName(calledName, visible, engine.catalog.aliasOf);
  const tool = resolved ? engine.catalog.get(resolved.name) : undefined;
  if (!resolved || !tool) return stop(unknownToolResult(engine, calledName, call.caller, call.session));
  return { resolved, tool, calledName };
}
