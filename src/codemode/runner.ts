/**
 * The seam between the codemode tool and the place a script runs (a Web Worker, or the host's own
 * thread). The tool owns the policy: caps on calls and payloads, the wall-clock watchdog, the records
 * of nested calls and every model-facing text. A runner only runs the script and relays the bridge.
 * Types only; imports nothing.
 */

/** Limits the sandbox enforces itself, inside the runner. */
export interface SandboxLimits {
  /** QuickJS heap limit of the script's runtime, in bytes. The wasm memory is capped a little above it. */
  memoryBytes: number;
  /** UTF-8 bytes of console output accepted; later lines are dropped behind one notice line. */
  maxConsoleBytes: number;
  /** UTF-8 bytes of the returned value's JSON text accepted from the sandbox. */
  maxResultBytes: number;
}

/** One script to run. Plain data, so it can be posted to a Worker. */
export interface ScriptJob {
  /** The body of an async function, as the model wrote it (code fences already removed). */
  code: string;
  /** `[identifier or catalog name, catalog name]` pairs: what `tools.<key>` calls. */
  toolNames: [string, string][];
  /**
   * `Date.now()` value after which the sandbox's interrupt handler stops running code. Absolute, so the
   * time spent loading QuickJS counts against the script, as it does for the host's watchdog.
   */
  deadline: number;
  /** What the sandbox enforces itself. */
  limits: SandboxLimits;
}

/** What the sandbox asks of the host while a script runs. */
export interface ScriptHost {
  /**
   * Runs one tool call. `argsJson` is the JSON text of the arguments; the reply is the JSON text of a
   * {@link BridgeReply}. Contract: never rejects.
   */
  callTool(name: string, argsJson: string): Promise<string>;
  /** One console line the sandbox accepted (already within `maxConsoleBytes`). Must not throw. */
  log(line: string): void;
  /**
   * Aborted when the host wants the script stopped now (the deadline passed, the caller aborted, a cap
   * was hit). The runner must settle promptly with `{ type: 'stopped' }` or whatever it already had.
   */
  stop: AbortSignal;
}

/** The reply to one tool call, as the guest receives it. */
export type BridgeReply =
  | { ok: true; value: unknown }
  | { ok: false; message: string; code: string; tool: string };

/** Why a script did not return a value. */
export type ScriptFailureKind =
  /** The script threw (or a tool error it did not catch). */
  | 'script'
  /** The script does not parse. */
  | 'syntax'
  /** The interrupt handler stopped it at the deadline. */
  | 'timeout'
  /** QuickJS or wasm memory ran out. */
  | 'memory'
  /** Recursion overflowed the sandbox stack. */
  | 'stack'
  /** The returned value cannot be expressed as JSON (cycle, BigInt, function, symbol). */
  | 'not_json'
  /** The returned value's JSON is longer than `maxResultBytes`. */
  | 'too_large'
  /** The host aborted `stop`; the host knows why. */
  | 'stopped'
  /** The sandbox itself failed: wasm did not load, the Worker crashed. */
  | 'sandbox';

/** How a script ended. */
export type ScriptOutcome =
  /** `json` is the JSON text of the returned value; `null` when the script returned `undefined`. */
  | { type: 'returned'; json: string | null }
  | {
      type: 'failed';
      kind: ScriptFailureKind;
      /** For `script`/`syntax`: `Name: message` of the error; `not_json`: the reason; `too_large`: the size. */
      message: string;
      /** 1-based line of the model's code the error points at, when known. */
      line?: number;
      /** For a tool error the script did not catch: the tool that failed. */
      tool?: string;
    };

/**
 * Runs scripts. Implementations: `createWorkerRunner` (browsers: one Web Worker per script, terminated
 * when `stop` aborts) and `createInProcessRunner` (Node, edge runtimes: the host's thread, stopped by
 * the interrupt handler). Contract: `run` never rejects, and settles soon after `host.stop` aborts.
 */
export interface CodemodeRunner {
  /** Which isolation this runner gives, for docs and the UI. */
  readonly kind: 'worker' | 'in-process';
  run(job: ScriptJob, host: ScriptHost): Promise<ScriptOutcome>;
}
