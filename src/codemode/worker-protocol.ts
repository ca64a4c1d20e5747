/**
 * Messages between the Worker runner (host side) and the codemode Worker. Plain data only: the
 * structured clone of strings, numbers and the plain job object. Types only.
 */
import type { ScriptJob, ScriptOutcome } from './runner.ts';

/** From the host to the Worker. */
export type HostToWorkerMessage =
  /** Starts the one script this Worker will ever run. */
  | { type: 'run'; job: ScriptJob }
  /** The JSON text of the `BridgeReply` to call `id`. */
  | { type: 'reply'; id: number; json: string };

/** From the Worker to the host. */
export type WorkerToHostMessage =
  | { type: 'call'; id: number; name: string; argsJson: string }
  | { type: 'log'; line: string }
  /** The last message: the Worker has nothing more to say and may be terminated. */
  | { type: 'done'; outcome: ScriptOutcome };
