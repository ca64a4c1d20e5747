/**
 * The runner for hosts without Web Workers (Node, edge runtimes): scripts run on the host's own thread,
 * each in a fresh QuickJS runtime of a shared module, replaced after out-of-memory, stack overflow or
 * any sign of corruption.
 *
 * Weaker guarantee than the Worker runner: nothing can preempt the thread. The interrupt handler stops
 * bytecode (loops, recursion, regular expressions) at the deadline and the watchdog stops scripts parked
 * on `await`, but a long native built-in (`new Array(2**28).join('x')`, `indexOf` over a huge array-like)
 * or GC thrash blocks the thread until it returns, seconds to minutes later. Memory is safe either way:
 * the wasm memory is capped.
 */
import { errorMessage } from '../shared/index.ts';
import { loadQuickJS, type QuickJSInstance, runScript } from './engine.ts';
import type { CodemodeRunner, ScriptOutcome } from './runner.ts';

/** The in-process runner, with a counter for hosts and tests that watch module replacement. */
export interface InProcessRunner extends CodemodeRunner {
  /** QuickJS modules loaded so far: 1 after the first script, one more after each replacement. */
  readonly modulesLoaded: number;
}

/** Creates a runner that runs scripts on the calling thread. Loads QuickJS on the first script. */
export function createInProcessRunner(): InProcessRunner {
  /** The module new scripts use, per memory cap (the cap is fixed when the wasm memory is created). */
  const modules = new Map<number, Promise<QuickJSInstance>>();
  let modulesLoaded = 0;
  const load = (memoryBytes: number): Promise<QuickJSInstance> => {
    modulesLoaded += 1;
    return loadQuickJS(memoryBytes);
  };

  const acquire = async (memoryBytes: number): Promise<QuickJSInstance> => {
    let loading = modules.get(memoryBytes);
    if (loading) {
      const instance = await loading.catch(() => undefined);
      if (instance && !instance.poisoned) return instance;
      if (modules.get(memoryBytes) === loading) modules.delete(memoryBytes);
    }
    loading = modules.get(memoryBytes) ?? load(memoryBytes);
    modules.set(memoryBytes, loading);
    return loading;
  };

  return {
    kind: 'in-process',
    get modulesLoaded() {
      return modulesLoaded;
    },
    async run(job, host): Promise<ScriptOutcome> {
      let instance: QuickJSInstance;
      try {
        instance = await acquire(job.limits.memoryBytes);
      } catch (error) {
        modules.delete(job.limits.memoryBytes);
        const message = errorMessage(error);
        return {
          type: 'failed',
          kind: 'sandbox',
          message: `QuickJS did not load (${message.split('\n')[0]})`,
        };
      }
      if (host.stop.aborted) return { type: 'failed', kind: 'stopped', message: 'stopped by the host' };
      return runScript(instance, job, host);
    },
  };
}
