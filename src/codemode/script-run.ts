/**
 * The lifecycle of one script run on the host side: the records of its nested calls and its console
 * lines, why it was stopped, and the watchdog that stops it (the deadline, the caller's abort signal)
 * and then stops waiting for a runner that does not settle. The runner decides how a script is
 * stopped; this file decides when, and that the host is never held by a runner that hangs.
 */
import type { JsonValue } from '../core/types.ts';
import type { CallSummary } from './messages.ts';
import type { CodemodeRunner, ScriptHost, ScriptJob, ScriptOutcome } from './runner.ts';

/** How long a stopped runner may take to settle before the tool reports the stop without it. */
const STOP_GRACE_MS = 1000;

/** Why the host stopped a script; it wins over whatever the sandbox reports afterwards. */
export type StopReason = 'timeout' | 'aborted' | 'call_limit';

/** One nested tool call of a script, as the result lists it. */
export interface CallRecord extends CallSummary {
  args: JsonValue;
  duration_ms: number;
  /** Still awaiting `execute`; a call still running when the script ends is marked cancelled. */
  running: boolean;
}

/** The mutable state of one run, shared by the watchdog, the host bridge and the result. */
export interface ScriptRun {
  readonly records: CallRecord[];
  readonly logs: string[];
  /** Aborted to stop the script itself; the runner watches it. */
  readonly stop: AbortController;
  /** Aborts the nested calls; separate from `stop` so calls left running at the end can be cancelled too. */
  readonly nested: AbortController;
  stopReason: StopReason | undefined;
  /** Tool calls made so far (`tools.$describe` is not one). */
  callCount: number;
}

export function createScriptRun(): ScriptRun {
  return {
    records: [],
    logs: [],
    stop: new AbortController(),
    nested: new AbortController(),
    stopReason: undefined,
    callCount: 0,
  };
}

/** Calls still running when the script ends are cancelled; recording it here keeps the list stable. */
export function cancelRunning(run: ScriptRun): void {
  for (const record of run.records) {
    if (!record.running) continue;
    record.running = false;
    record.cancelled = true;
    record.is_error = true;
  }
}

/** Stops the script and its nested calls for `reason`; the first reason is the one reported. */
export function halt(run: ScriptRun, reason: StopReason): void {
  if (run.stopReason !== undefined) return;
  run.stopReason = reason;
  cancelRunning(run);
  run.stop.abort();
  run.nested.abort();
}

/** A started watchdog: the deadline it enforces, and how to stop watching once the run settled. */
export interface Watchdog {
  /** `Date.now()` value at which the script is stopped, handed to the sandbox as well. */
  readonly deadline: number;
  dispose(): void;
}

/**
 * Stops `run` when `timeoutSeconds` pass or `signal` aborts (at once when it already has). Started
 * before the runner loads QuickJS, so loading counts against the script's time.
 */
export function startWatchdog(run: ScriptRun, timeoutSeconds: number, signal: AbortSignal): Watchdog {
  const deadline = Date.now() + timeoutSeconds * 1000;
  const timer = setTimeout(() => halt(run, 'timeout'), timeoutSeconds * 1000);
  const onAbort = (): void => halt(run, 'aborted');
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  return {
    deadline,
    dispose: () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * Runs `job` and resolves with how it ended. Never rejects: a runner that throws is a `sandbox`
 * failure, and one that has not settled {@link STOP_GRACE_MS} after `stop` aborted is reported as
 * stopped without it (a runner must settle promptly once stopped; this bounds the wait if one does not).
 */
export async function runToOutcome(
  runner: CodemodeRunner,
  job: ScriptJob,
  host: ScriptHost,
  stop: AbortSignal,
): Promise<ScriptOutcome> {
  let graceTimer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<ScriptOutcome>((resolve) => {
    stop.addEventListener(
      'abort',
      () => {
        graceTimer = setTimeout(
          () => resolve({ type: 'failed', kind: 'stopped', message: 'the runner did not stop' }),
          STOP_GRACE_MS,
        );
      },
      { once: true },
    );
  });
  try {
    return await Promise.race([runner.run(job, host), gaveUp]);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { type: 'failed', kind: 'sandbox', message: `the runner failed: ${message}` };
  } finally {
    clearTimeout(graceTimer);
  }
}
