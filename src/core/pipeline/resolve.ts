/**
 * Resolve: whether this caller may call the tool translation found for the canonical call (its
 * exposure mode and the session). No catalog lookup: the translator handed the tool on. Ends the call
 * when no visible tool has the name (a peer shape's target may not) or the tool is refused to this
 * caller.
 */
import type { RegisteredTool } from '../types.ts';
import { type Call, type CanonicalCall, type Engine, type Stop, stop } from './engine.ts';
import { isCallable, refusedResult, unknownToolResult } from './exposure.ts';

export function resolveCall<W>(
  engine: Engine<W>,
  call: Call,
  canonical: CanonicalCall<W>,
): RegisteredTool<W> | Stop {
  const tool = canonical.tool;
  // Hidden tools answer exactly as names never registered.
  if (!tool || tool.mode === 'hidden')
    return stop(unknownToolResult(engine, canonical.name, call.caller, call.session));
  if (!isCallable(tool, call.caller, call.session))
    return stop(refusedResult(engine, tool, call.caller, call.session));
  return tool;
}
