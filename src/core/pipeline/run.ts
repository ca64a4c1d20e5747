/**
 * The `execute` pipeline: translate → resolve → validate → policy/approval → invoke → finish.
 * Translation alone reads other agents' call shapes (the SDK's wrapping, the tools' repairs) and looks
 * the tool up; every step after it sees one canonical call and the tool it names. Each step either
 * hands the next one what it needs or ends the call with a result (`Stop`). A peer shape that is
 * several calls runs each through the steps after translation, never through translation again.
 */
import type { ExecuteOptions, PeerRun, RegisteredTool, ToolResult } from '../types.ts';
import { approveCall } from './approve.ts';
import { type Call, type CanonicalCall, type Engine, isStop } from './engine.ts';
import { finishReturned, finishThrown } from './finish.ts';
import { invokeTool } from './invoke.ts';
import { resolveCall } from './resolve.ts';
import {
  canonicalCall,
  type IncomingCall,
  type PeerProgram,
  translateCall,
  visibleTool,
} from './translate.ts';
import { validateCall } from './validate.ts';

export async function runPipeline<W>(
  engine: Engine<W>,
  incoming: IncomingCall,
  options: ExecuteOptions,
): Promise<ToolResult> {
  const call: Call = {
    caller: options.caller === 'codemode' ? 'codemode' : 'model',
    session: options.session,
    options,
  };
  const translated = translateCall(engine, call, incoming);
  if (isStop(translated)) return translated.stop;
  if (translated.kind === 'program') return translated.run(programCalls(engine, call, translated));
  return runCanonical(engine, call, translated);
}

/** A canonical call through resolve → validate → policy/approval → invoke → finish. */
async function runCanonical<W>(
  engine: Engine<W>,
  call: Call,
  canonical: CanonicalCall<W>,
): Promise<ToolResult> {
  const tool = resolveCall(engine, call, canonical);
  if (isStop(tool)) return tool.stop;
  const args = validateCall(tool, canonical);
  if (isStop(args)) return args.stop;
  const approval = approveCall(engine, call, tool, args);
  const refusal = approval instanceof Promise ? await approval : approval;
  if (refusal) return refusal;

  const invoked = await invokeTool(engine, call, tool, args);
  if (isStop(invoked)) return invoked.stop;
  const result =
    invoked.kind === 'thrown'
      ? await finishThrown(engine, call, tool, invoked.error, canonical.origin.reportAs)
      : await finishReturned(engine, call, tool, invoked.value);
  tellPlugins(engine, tool.spec.name, result, call);
  return result;
}

/**
 * How a peer program's calls run: each a canonical call of a registered name, its tool looked up once
 * for the whole program (the tool the call named is already known), with that tool's repairs.
 */
function programCalls<W>(engine: Engine<W>, call: Call, program: PeerProgram<W>): PeerRun {
  const known = new Map<string, RegisteredTool<W> | undefined>([[program.tool.spec.name, program.tool]]);
  const lookup = (name: string): RegisteredTool<W> | undefined => {
    if (!known.has(name)) known.set(name, visibleTool(engine, name));
    return known.get(name);
  };
  return (name, args) =>
    runCanonical(engine, call, canonicalCall({ name, arguments: args }, args, { called: name }, lookup));
}

/** Hands a tool's result to the plugins' `afterCall`; a plugin that throws is passed over. */
function tellPlugins<W>(engine: Engine<W>, name: string, result: ToolResult, call: Call): void {
  for (const plugin of engine.plugins()) {
    try {
      plugin.afterCall?.(name, result, { caller: call.caller, session: call.session });
    } catch {
      // The call is done; what a plugin makes of it cannot change or fail it.
    }
  }
}
