/**
 * The `execute` pipeline: resolve → extract → exposure → validate → policy/approval → invoke → finish.
 * Each step either hands the next one what it needs or ends the call with a result (`Stop`); a peer
 * adapter carries its call out as calls of the suite's tools, each through this same pipeline.
 */
import type { ExecuteOptions, ToolResult } from '../types.ts';
import { approveCall } from './approve.ts';
import { type Call, type Engine, isStop } from './engine.ts';
import { isCallable, refusedResult, unknownToolResult } from './exposure.ts';
import { extractCall } from './extract.ts';
import { finishReturned, finishThrown } from './finish.ts';
import { invokeTool } from './invoke.ts';
import { resolveCall } from './resolve.ts';
import { validateCall } from './validate.ts';

export async function runPipeline<W>(
  engine: Engine<W>,
  rawName: unknown,
  rawArgs: unknown,
  options: ExecuteOptions,
): Promise<ToolResult> {
  const call: Call = {
    caller: options.caller === 'codemode' ? 'codemode' : 'model',
    session: options.session,
    options,
    rawArgs,
  };
  const resolved = resolveCall(engine, call, rawName);
  if (isStop(resolved)) return resolved.stop;
  const extracted = extractCall(resolved, call);
  if (isStop(extracted)) return extracted.stop;
  if (extracted.kind === 'adapter') {
    const runTool = (name: string, args: Record<string, unknown>): Promise<ToolResult> =>
      runPipeline(engine, name, args, options);
    return extracted.adapter(extracted.args, runTool);
  }

  const { name, redirected } = extracted;
  const tool = engine.catalog.get(name);
  if (!tool || tool.mode === 'hidden') return unknownToolResult(engine, name, call.caller, call.session);
  if (!isCallable(tool, call.caller, call.session))
    return refusedResult(engine, tool, call.caller, call.session);

  const args = validateCall(tool, extracted.args, redirected, resolved.resolved.alias, call);
  if (isStop(args)) return args.stop;
  const approval = approveCall(engine, call, name, args);
  const refusal = approval instanceof Promise ? await approval : approval;
  if (refusal) return refusal;

  const invoked = await invokeTool(engine, call, tool, args);
  if (isStop(invoked)) return invoked.stop;
  const result =
    invoked.kind === 'thrown'
      ? await finishThrown(engine, call, tool, invoked.error, redirected?.reportAs)
      : await finishReturned(engine, call, tool, invoked.value);
  tellPlugins(engine, name, result, call);
  return result;
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
