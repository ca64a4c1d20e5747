/**
 * The browser runner: every script runs in its own dedicated Web Worker with its own QuickJS module and
 * wasm memory, and the host terminates the Worker when the script ends or must stop. Termination is the
 * one stop that always works: it ends native built-ins, GC thrash and wasm loops the interrupt handler
 * never sees, and the page's thread is never blocked by a script.
 */
import { errorMessage } from '../shared/index.ts';
import type { CodemodeRunner, ScriptOutcome } from './runner.ts';
import type { HostToWorkerMessage, WorkerToHostMessage } from './worker-protocol.ts';

/**
 * What the runner uses of a Worker; a DOM `Worker` has all of it. Declared by shape so that the package's
 * declarations type-check in a project without the DOM lib.
 */
interface CodemodeWorker {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { readonly data: unknown }) => void): void;
  addEventListener(
    type: 'error',
    listener: (event: { readonly message: string; preventDefault(): void }) => void,
  ): void;
  addEventListener(type: 'messageerror', listener: () => void): void;
  terminate(): void;
}

/** Options of {@link createWorkerRunner}. */
export interface WorkerRunnerOptions {
  /**
   * Creates the Worker for one script. Default: a module Worker from `./worker.js` next to this file,
   * written so that Vite (and other bundlers that follow `new Worker(new URL(..., import.meta.url))`)
   * bundle it. Pass your own when your bundler needs another form.
   */
  createWorker?: () => CodemodeWorker;
}

function defaultWorker(): CodemodeWorker {
  // `.js`, not `.ts`: tsc does not rewrite URL strings, so this must name the file as it is in dist/.
  // Vite resolves it to worker.ts when it bundles the sources.
  return new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'codemode' });
}

/**
 * Creates a runner that starts one Web Worker per script and terminates it when the script returns,
 * fails, or `host.stop` aborts (the deadline, an abort, a cap). Needs a global `Worker` that supports
 * module workers (every current browser; Deno).
 */
export function createWorkerRunner(options: WorkerRunnerOptions = {}): CodemodeRunner {
  const createWorker = options.createWorker ?? defaultWorker;
  return {
    kind: 'worker',
    run(job, host) {
      return new Promise<ScriptOutcome>((resolve) => {
        if (host.stop.aborted) {
          resolve({ type: 'failed', kind: 'stopped', message: 'stopped by the host' });
          return;
        }
        let worker: CodemodeWorker;
        try {
          worker = createWorker();
        } catch (error) {
          const message = errorMessage(error);
          resolve({ type: 'failed', kind: 'sandbox', message: `the Worker did not start (${message})` });
          return;
        }
        let settled = false;
        const finish = (outcome: ScriptOutcome): void => {
          if (settled) return;
          settled = true;
          worker.terminate();
          host.stop.removeEventListener('abort', onStop);
          resolve(outcome);
        };
        const onStop = (): void =>
          finish({ type: 'failed', kind: 'stopped', message: 'stopped by the host' });
        const send = (message: HostToWorkerMessage): void => {
          if (!settled) worker.postMessage(message);
        };

        worker.addEventListener('message', (event) => {
          const message = event.data as WorkerToHostMessage;
          if (message.type === 'call') {
            void host
              .callTool(message.name, message.argsJson)
              .then((json) => send({ type: 'reply', id: message.id, json }));
          } else if (message.type === 'log') {
            host.log(message.line);
          } else if (message.type === 'done') {
            finish(message.outcome);
          }
        });
        worker.addEventListener('error', (event) => {
          event.preventDefault();
          const text = event.message || 'the Worker failed to load or crashed';
          finish(
            /call stack/i.test(text)
              ? { type: 'failed', kind: 'stack', message: text }
              : { type: 'failed', kind: 'sandbox', message: text },
          );
        });
        worker.addEventListener('messageerror', () => {
          finish({ type: 'failed', kind: 'sandbox', message: 'a message from the Worker could not be read' });
        });
        host.stop.addEventListener('abort', onStop, { once: true });
        send({ type: 'run', job });
      });
    },
  };
}
