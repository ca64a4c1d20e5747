/**
 * The entry of the codemode Web Worker: runs exactly one script with a fresh QuickJS module and relays
 * its tool calls and console lines to the host, which terminates the Worker when the script ends or
 * must stop. Loaded only through `createWorkerRunner`. Imports only this room (QuickJS lazily).
 */
import { errorMessage } from '../shared/index.ts';
import { loadQuickJS, runScript } from './engine.ts';
import type { ScriptJob, ScriptOutcome } from './runner.ts';
import type { HostToWorkerMessage, WorkerToHostMessage } from './worker-protocol.ts';

/** The part of `DedicatedWorkerGlobalScope` this file uses (the library is typed against lib.dom). */
interface WorkerScope {
  postMessage(message: WorkerToHostMessage): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

const scope = globalThis as unknown as WorkerScope;
const replies = new Map<number, (json: string) => void>();
let nextCallId = 1;
let started = false;

scope.addEventListener('message', (event) => {
  const message = event.data as HostToWorkerMessage;
  if (message.type === 'reply') {
    const resolve = replies.get(message.id);
    replies.delete(message.id);
    resolve?.(message.json);
  } else if (message.type === 'run' && !started) {
    started = true;
    void run(message.job);
  }
});

async function run(job: ScriptJob): Promise<void> {
  // The host stops this script by terminating the Worker, so the in-sandbox stop signal never fires;
  // the interrupt handler still ends runaway bytecode at the deadline.
  const stop = new AbortController();
  let outcome: ScriptOutcome;
  try {
    const instance = await loadQuickJS(job.limits.memoryBytes);
    outcome = await runScript(
      instance,
      job,
      {
        callTool: (name, argsJson) =>
          new Promise<string>((resolve) => {
            const id = nextCallId++;
            replies.set(id, resolve);
            scope.postMessage({ type: 'call', id, name, argsJson });
          }),
        log: (line) => scope.postMessage({ type: 'log', line }),
        stop: stop.signal,
      },
      { dispose: false },
    );
  } catch (error) {
    const message = errorMessage(error);
    outcome = {
      type: 'failed',
      kind: 'sandbox',
      message: `QuickJS did not load (${message.split('\n')[0]})`,
    };
  }
  scope.postMessage({ type: 'done', outcome });
}
