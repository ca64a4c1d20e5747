/**
 * Invoke: run the implementation with its context, raced against the call's abort signal when the
 * caller gave one. An abort never yields a success: the implementation gets a short grace to explain
 * itself (or to finish), and the result says which happened.
 */
import { ERROR_CODES, ToolError } from '../errors.ts';
import { errorResult, isPlainObject, notImplementedResult } from '../results.ts';
import type { RegisteredTool, ToolContext, ToolResult } from '../types.ts';
import { type Call, type Engine, firstLine, type Stop, stop } from './engine.ts';

/** Milliseconds an aborted tool gets to explain itself (say which of its steps ran) before the generic text. */
const ABORT_GRACE_MS = 150;

/** What the implementation did: returned a value, or threw. */
export type Invoked = { kind: 'returned'; value: unknown } | { kind: 'thrown'; error: unknown };

/** What an aborted implementation did within the grace period: explained itself, or finished anyway. */
type AfterAbort = { kind: 'explained'; error: ToolError } | { kind: 'finished'; output: string } | undefined;

export async function invokeTool<W>(
  engine: Engine<W>,
  call: Call,
  tool: RegisteredTool<W>,
  args: Record<string, unknown>,
): Promise<Invoked | Stop> {
  const name = tool.spec.name;
  const implementation = tool.implementation;
  if (!implementation) return stop(notImplementedResult(name));
  const signal = call.options.signal;
  if (signal?.aborted) return stop(notStartedResult(name));
  let controller: InstanceType<typeof AbortController> | undefined;
  // Created on first read: most tools never look at their signal, and an AbortController is the
  // largest fixed cost of a call. A caller's abort aborts it, creating it then if need be.
  const ownController = (): InstanceType<typeof AbortController> => {
    controller ??= new AbortController();
    return controller;
  };
  const context: ToolContext<W> = {
    workspace: engine.getWorkspace,
    get signal() {
      return ownController().signal;
    },
    session: call.session,
    suite: engine.suite,
    caller: call.caller,
    toolName: name,
  };
  if (!signal) return runUnabortable(() => implementation(args, context));
  let removeAbortListener = (): void => {};
  const aborted = new Promise<'aborted'>((resolve) => {
    const onAbort = (): void => {
      ownController().abort(signal.reason);
      resolve('aborted');
    };
    signal.addEventListener('abort', onAbort, { once: true });
    removeAbortListener = () => signal.removeEventListener('abort', onAbort);
  });
  const running = Promise.resolve().then(() => implementation(args, context));
  try {
    const outcome = await Promise.race([running, aborted]);
    if (signal.aborted) return stop(abortedResult(name, await explanation(running)));
    return { kind: 'returned', value: outcome };
  } catch (error) {
    if (signal.aborted)
      return stop(abortedResult(name, error instanceof ToolError ? { kind: 'explained', error } : undefined));
    return { kind: 'thrown', error };
  } finally {
    removeAbortListener();
  }
}

/** A call nobody can abort: no race, just the implementation's outcome (a synchronous throw included). */
async function runUnabortable(run: () => unknown): Promise<Invoked> {
  try {
    return { kind: 'returned', value: await run() };
  } catch (error) {
    return { kind: 'thrown', error };
  }
}

function explanation(running: Promise<unknown>): Promise<AfterAbort> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const grace = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ABORT_GRACE_MS);
  });
  const own = running.then(
    (returned): AfterAbort => {
      const output =
        typeof returned === 'string' ? returned : isPlainObject(returned) ? returned.output : undefined;
      return typeof output === 'string' ? { kind: 'finished', output } : undefined;
    },
    (error: unknown): AfterAbort => (error instanceof ToolError ? { kind: 'explained', error } : undefined),
  );
  return Promise.race([own, grace]).finally(() => clearTimeout(timer));
}

/**
 * The result of an aborted call: never a success. When the implementation explained the abort with a
 * `ToolError` (codemode lists the nested calls it made), that text is kept; when it finished its work
 * anyway within the grace period, the result says so (a write that landed is not "maybe partial").
 */
function abortedResult(name: string, after?: AfterAbort): ToolResult {
  if (after?.kind === 'explained') return thrownResult(name, after.error);
  if (after?.kind === 'finished') {
    return errorResult(
      `Tool "${name}" was aborted, but it had already finished its work, which stands. Its result:\n${after.output}`,
      { code: ERROR_CODES.ABORTED, data: { tool: name, completed: true } },
    );
  }
  return errorResult(`Tool "${name}" was aborted before it finished. Its effects, if any, may be partial.`, {
    code: ERROR_CODES.ABORTED,
    data: { tool: name },
  });
}

/** The result of a call whose signal was aborted before it started: the tool never ran. */
function notStartedResult(name: string): ToolResult {
  return errorResult(
    `Tool "${name}" was aborted before it started, so it did nothing. Call it again if it is still needed.`,
    { code: ERROR_CODES.ABORTED, data: { tool: name, started: false } },
  );
}

/** A thrown error as a result: a `ToolError` keeps its code, data and output; anything else is `tool_failed`. */
export function thrownResult(name: string, error: unknown): ToolResult {
  if (error instanceof ToolError) {
    return errorResult(`${name}: ${error.message}`, {
      code: error.code,
      data: { tool: name, ...error.data },
      details: error.details,
      output: error.output,
    });
  }
  const message =
    error instanceof Error ? error.message : typeof error === 'string' ? error : 'unknown error';
  return errorResult(`${name}: ${firstLine(message)}`, {
    code: ERROR_CODES.TOOL_FAILED,
    data: { tool: name },
  });
}
