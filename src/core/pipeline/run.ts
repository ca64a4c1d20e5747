/**
 * The `execute` pipeline: translate → resolve → validate → policy/approval → invoke → finish.
 * Translation alone reads other agents' call shapes (the tools' repairs); every step after it sees one
 * canonical call. Each step either hands the next one what it needs or ends the call with a result
 * (`Stop`); a peer adapter carries its call out as calls of the suite's tools, each through this same
 * pipeline.
 */
import type { ExecuteOptions, ToolResult } from '../types.ts';
import { approveCall } from './approve.ts';
import { type Call, type Engine, isStop } from './engine.ts';
import { finishReturned, finishThrown } from './finish.ts';
import { invokeTool } from './invoke.ts';
import { resolveCall } from './resolve.ts';
import { translateCall } from './translate.ts';
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
  const translated = translateCall(engine, call, rawName);
  if (isStop(translated)) return translated.stop;
  if (translated.kind === 'adapter') {
    const runTool = (name: string, args: Record<string, unknown>): Promise<ToolResult> =>
      runPipeline(engine, name, args, options);
    return translated.adapter(translated.arguments, runTool);
  }

  const tool = resolveCall(engine, call, translated);
  if (isStop(tool)) return tool.stop;
  const args = validateCall(tool, translated, call);
  if (isStop(args)) return args.stop;
  const approval = approveCall(engine, call, tool, args);
  const refusal = approval instanceof Promise ? await approval : approval;
  if (refusal) return refusal;

  const invoked = await invokeTool(engine, call, tool, args);
  if (isStop(invoked)) return invoked.stop;
  const result =
    invoked.kind === 'thrown'
      ? await finishThrown(engine, call, tool, invoked.error, translated.origin.redirect?.reportAs)
      : await finishReturned(engine, call, tool, invoked.value);
  tellPlugins(engine, tool.spec.name, result, call);
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
