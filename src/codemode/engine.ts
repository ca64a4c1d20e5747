/**
 * The QuickJS engine both runners share: loads the sync wasm build lazily, runs one script in a fresh
 * runtime with a memory limit, a 256 KiB stack and an interrupt handler, and relays tool calls through
 * one host function that passes strings (the promise API: it works on the sync wasm build, which loads
 * in tens of milliseconds where the asyncify build takes most of a second in Chromium).
 *
 * Runs in a Web Worker or on the host's own thread, so it uses only ES2022, `WebAssembly`,
 * `AbortSignal` and timers. Imports `quickjs-emscripten-core` and the wasm variant with `import()`
 * only, so nothing loads until a script runs.
 */

import type {
  QuickJSContext,
  QuickJSDeferredPromise,
  QuickJSHandle,
  QuickJSRuntime,
  QuickJSWASMModule,
} from 'quickjs-emscripten-core';
import { errorMessage, formatSize, utf8Length } from '../shared/index.ts';
import { STACK_SIZE_BYTES, WASM_MEMORY_HEADROOM_BYTES } from './engine-limits.ts';
import { GUEST_PRELUDE } from './guest-prelude.ts';
import { consoleCutLine } from './messages.ts';
import type { ScriptFailureKind, ScriptHost, ScriptJob, ScriptOutcome } from './runner.ts';

const WASM_PAGE_BYTES = 64 * 1024;
/** The wasm build's own initial memory (16 MiB); a smaller `initial` fails instantiation. */
const WASM_INITIAL_PAGES = 256;
/** File name QuickJS reports in stack frames of the model's code. */
const SCRIPT_FILE = 'codemode.js';
/** The model's code starts on this line of the wrapper. */
const SCRIPT_FIRST_LINE = 2;

/** A loaded QuickJS module with its own capped wasm memory. */
export interface QuickJSInstance {
  /** The module runtimes are created from. */
  readonly module: QuickJSWASMModule;
  /** Its wasm memory, created here with a fixed maximum; its size tells how much the scripts used. */
  readonly memory: WebAssembly.Memory;
  /** Set once the module may be corrupted (host stack overflow, failed dispose, wasm memory at its cap). */
  poisoned: boolean;
}

/** Loads a fresh QuickJS module whose wasm memory cannot grow past `memoryBytes` + headroom. */
export async function loadQuickJS(memoryBytes: number): Promise<QuickJSInstance> {
  const [{ newQuickJSWASMModuleFromVariant, newVariant }, variant] = await Promise.all([
    import('quickjs-emscripten-core'),
    import('@jitl/quickjs-wasmfile-release-sync'),
  ]);
  const maximum = Math.max(
    WASM_INITIAL_PAGES,
    Math.ceil((memoryBytes + WASM_MEMORY_HEADROOM_BYTES) / WASM_PAGE_BYTES),
  );
  const memory = new WebAssembly.Memory({ initial: WASM_INITIAL_PAGES, maximum });
  const module = await newQuickJSWASMModuleFromVariant(
    newVariant(variant.default, { wasmMemory: async () => memory }),
  );
  return { module, memory, poisoned: false };
}

/** Options of {@link runScript}. */
export interface RunScriptOptions {
  /**
   * Free the runtime when the script ends. Default: `true`. The Worker passes `false`: it is
   * terminated right after, which frees everything at once.
   */
  dispose?: boolean;
}

/**
 * Runs `job` in a fresh runtime of `instance`. Never rejects. Sets `instance.poisoned` when the module
 * must not run another script.
 */
export async function runScript(
  instance: QuickJSInstance,
  job: ScriptJob,
  host: ScriptHost,
  options: RunScriptOptions = {},
): Promise<ScriptOutcome> {
  try {
    return await runInRuntime(instance, job, host, options);
  } catch (error) {
    instance.poisoned = true;
    return hostFailure(error, host);
  } finally {
    if (instance.memory.buffer.byteLength >= job.limits.memoryBytes) instance.poisoned = true;
  }
}

/**
 * One script's QuickJS runtime and context, and what the host keeps about them while the script runs:
 * the tool calls awaiting a reply, the console bytes used, and the guest handles to free at the end.
 */
interface Sandbox {
  readonly instance: QuickJSInstance;
  readonly job: ScriptJob;
  readonly host: ScriptHost;
  readonly runtime: QuickJSRuntime;
  readonly vm: QuickJSContext;
  /** The guest's promises of tool calls the host has not answered yet. */
  readonly pending: Set<QuickJSDeferredPromise>;
  /** Ends the run from a host callback, where nothing can return an outcome. */
  readonly fatal: (outcome: ScriptOutcome) => void;
  /** Settles when {@link fatal} is called. */
  readonly fatalOutcome: Promise<ScriptOutcome>;
  consoleBytes: number;
  consoleFull: boolean;
  /** The one host function the prelude reaches the host through. */
  hostFunction: QuickJSHandle | undefined;
  /** The prelude's `finish(value)`: encodes the returned value within the result cap. */
  finish: QuickJSHandle | undefined;
  /** The prelude's `watch(promise, onFulfilled, onRejected)`. */
  watch: QuickJSHandle | undefined;
  /** The script's settled value or error, owned by the host until disposed. */
  settledHandle: QuickJSHandle | undefined;
}

async function runInRuntime(
  instance: QuickJSInstance,
  job: ScriptJob,
  host: ScriptHost,
  options: RunScriptOptions,
): Promise<ScriptOutcome> {
  const sandbox = openSandbox(instance, job, host);
  let outcome: ScriptOutcome | undefined;
  try {
    outcome = await execute(sandbox);
    return outcome;
  } finally {
    closeSandbox(sandbox, outcome, options);
  }
}

/** A fresh runtime with the job's memory limit, the stack cap and the deadline's interrupt handler. */
function openSandbox(instance: QuickJSInstance, job: ScriptJob, host: ScriptHost): Sandbox {
  const runtime = instance.module.newRuntime();
  runtime.setMemoryLimit(job.limits.memoryBytes);
  runtime.setMaxStackSize(STACK_SIZE_BYTES);
  const deadline = job.deadline;
  runtime.setInterruptHandler(() => host.stop.aborted || Date.now() > deadline);
  const vm = runtime.newContext();
  let fatal: (outcome: ScriptOutcome) => void = () => {};
  const fatalOutcome = new Promise<ScriptOutcome>((resolve) => {
    fatal = resolve;
  });
  const sandbox: Sandbox = {
    instance,
    job,
    host,
    runtime,
    vm,
    pending: new Set(),
    fatal,
    fatalOutcome,
    consoleBytes: 0,
    consoleFull: false,
    hostFunction: undefined,
    finish: undefined,
    watch: undefined,
    settledHandle: undefined,
  };
  sandbox.hostFunction = newHostFunction(sandbox);
  return sandbox;
}

/**
 * Frees the runtime, unless the script overflowed the stack (freeing would abort the module) or the
 * caller frees it another way (`dispose: false`). Marks the module poisoned when it is not safe to reuse.
 */
function closeSandbox(sandbox: Sandbox, outcome: ScriptOutcome | undefined, options: RunScriptOptions): void {
  const overflowed = outcome === undefined || (outcome.type === 'failed' && outcome.kind === 'stack');
  if (overflowed) {
    // After a stack overflow QuickJS can leave objects behind, and freeing the runtime then aborts the
    // whole module (quickjs-emscripten#60): drop the module instead of freeing anything.
    sandbox.instance.poisoned = true;
    return;
  }
  if (options.dispose === false) return;
  sandbox.settledHandle?.dispose();
  sandbox.watch?.dispose();
  sandbox.finish?.dispose();
  sandbox.hostFunction?.dispose();
  for (const deferred of sandbox.pending) deferred.dispose();
  try {
    sandbox.vm.dispose();
    sandbox.runtime.dispose();
  } catch {
    // QuickJS asserts when a runtime dies with live objects; the module is not safe to reuse.
    sandbox.instance.poisoned = true;
  }
}

/** Runs queued guest jobs; a host-level failure inside (host stack overflow) ends the run. */
function drain(sandbox: Sandbox): void {
  const { runtime, vm, host } = sandbox;
  if (!runtime.alive) return;
  try {
    const result = runtime.executePendingJobs();
    // A job fails at top level only with an uncatchable error (interrupted) or out of memory.
    if (result.error) sandbox.fatal(classify(vm, result.error, host, 'script'));
  } catch (error) {
    sandbox.instance.poisoned = true;
    sandbox.fatal(hostFailure(error, host));
  }
}

/**
 * Hands one console line to the host while the console cap allows; the line that would pass it is
 * replaced by one notice. Returns `'full'` to the guest once the cap is reached, so it stops formatting.
 */
function logLine(sandbox: Sandbox, line: string): string | undefined {
  if (sandbox.consoleFull) return 'full';
  const { host, job } = sandbox;
  const bytes = utf8Length(line) + 1;
  if (sandbox.consoleBytes + bytes > job.limits.maxConsoleBytes) {
    sandbox.consoleFull = true;
    host.log(consoleCutLine(job.limits.maxConsoleBytes));
    return 'full';
  }
  sandbox.consoleBytes += bytes;
  host.log(line);
  return undefined;
}

/**
 * Starts one tool call on the host and returns the guest promise of its reply. The reply is handed
 * over as a string, then the guest's jobs run, since nothing else drives the guest's event loop.
 */
function callFromGuest(sandbox: Sandbox, name: string, argsJson: string): QuickJSHandle {
  const { vm, host, pending } = sandbox;
  const deferred = vm.newPromise();
  pending.add(deferred);
  host.callTool(name, argsJson).then(
    (replyJson) => {
      if (!vm.alive || !deferred.alive) return;
      pending.delete(deferred);
      try {
        const reply = vm.newString(replyJson);
        deferred.resolve(reply);
        reply.dispose();
      } catch (error) {
        // Out of memory or interrupted while handing the reply over: the guest cannot go on.
        sandbox.fatal(hostFailure(error, host));
        return;
      }
      drain(sandbox);
    },
    (error: unknown) => sandbox.fatal(hostFailure(error, host)),
  );
  return deferred.handle;
}

/** `host(op, first, second)`: the one way out of the guest, passing strings only (`log`, `call`). */
function newHostFunction(sandbox: Sandbox): QuickJSHandle {
  const { vm } = sandbox;
  return vm.newFunction('host', (...args) => {
    const [op, first, second] = args.map((handle) =>
      vm.typeof(handle) === 'string' ? vm.getString(handle) : '',
    );
    if (op === 'log') {
      const answer = logLine(sandbox, first ?? '');
      return answer === undefined ? vm.undefined : vm.newString(answer);
    }
    if (op === 'call') return callFromGuest(sandbox, first ?? '', second ?? '');
    return vm.undefined;
  });
}

/** Installs the prelude (`tools`, `console`) and keeps its `finish` and `watch`; a failure on error. */
function installPrelude(sandbox: Sandbox): ScriptOutcome | undefined {
  const { vm, job, host } = sandbox;
  const preludeFn = vm.evalCode(GUEST_PRELUDE, 'codemode-prelude.js');
  if (preludeFn.error) return classify(vm, preludeFn.error, host, 'sandbox');
  const config = vm.newString(
    JSON.stringify({ names: job.toolNames, maxResultChars: job.limits.maxResultBytes }),
  );
  const installed = vm.callFunction(
    preludeFn.value,
    vm.undefined,
    sandbox.hostFunction ?? vm.undefined,
    config,
  );
  config.dispose();
  preludeFn.value.dispose();
  if (installed.error) return classify(vm, installed.error, host, 'sandbox');
  sandbox.finish = vm.getProp(installed.value, 0);
  sandbox.watch = vm.getProp(installed.value, 1);
  installed.value.dispose();
  return undefined;
}

/**
 * Starts the model's code as an async function and resolves once its promise settles in the guest
 * (the settled value is kept in `settledHandle`), or returns the failure when it does not parse.
 */
function startScript(sandbox: Sandbox): Promise<{ fulfilled: boolean }> | ScriptOutcome {
  const { vm, job, host } = sandbox;
  const started = vm.evalCode(`(async () => {\n${job.code}\n})()`, SCRIPT_FILE);
  if (started.error) return classify(vm, started.error, host, 'syntax');
  const settledInGuest = new Promise<{ fulfilled: boolean }>((resolve) => {
    const settle = (fulfilled: boolean, handle: QuickJSHandle | undefined): void => {
      if (sandbox.settledHandle !== undefined) return;
      sandbox.settledHandle = handle ? handle.dup() : vm.undefined;
      resolve({ fulfilled });
    };
    const onFulfilled = vm.newFunction('fulfilled', (value) => settle(true, value));
    const onRejected = vm.newFunction('rejected', (error) => settle(false, error));
    const attached = vm.callFunction(
      sandbox.watch ?? vm.undefined,
      vm.undefined,
      started.value,
      onFulfilled,
      onRejected,
    );
    onFulfilled.dispose();
    onRejected.dispose();
    if (attached.error) {
      sandbox.settledHandle = attached.error;
      resolve({ fulfilled: false });
    } else attached.value.dispose();
  });
  started.value.dispose();
  return settledInGuest;
}

/** Resolves `'stopped'` once `signal` aborts (at once if it has); `cancel` drops the listener. */
function whenStopped(signal: AbortSignal): { promise: Promise<'stopped'>; cancel(): void } {
  let listener: (() => void) | undefined;
  const promise = new Promise<'stopped'>((resolve) => {
    listener = () => resolve('stopped');
    if (signal.aborted) resolve('stopped');
    else signal.addEventListener('abort', listener, { once: true });
  });
  return {
    promise,
    cancel: () => {
      if (listener) signal.removeEventListener('abort', listener);
    },
  };
}

/** Installs the prelude, runs the script, and waits for whichever comes first: its end, a stop, a fatal error. */
async function execute(sandbox: Sandbox): Promise<ScriptOutcome> {
  const { vm, job, host } = sandbox;
  const notInstalled = installPrelude(sandbox);
  if (notInstalled) return notInstalled;
  const settledInGuest = startScript(sandbox);
  if ('type' in settledInGuest) return settledInGuest;
  drain(sandbox);
  const stopped = whenStopped(host.stop);
  const winner = await Promise.race([settledInGuest, stopped.promise, sandbox.fatalOutcome]);
  stopped.cancel();
  if (winner === 'stopped') return { type: 'failed', kind: 'stopped', message: 'stopped by the host' };
  if ('type' in winner) return winner;
  const handle = sandbox.settledHandle ?? vm.undefined;
  sandbox.settledHandle = undefined;
  if (!winner.fulfilled) return classify(vm, handle, host, 'script');
  const finished = vm.callFunction(sandbox.finish ?? vm.undefined, vm.undefined, handle);
  handle.dispose();
  if (finished.error) return classify(vm, finished.error, host, 'script');
  const encoded = vm.typeof(finished.value) === 'string' ? vm.getString(finished.value) : 'U';
  finished.value.dispose();
  return decodeFinished(encoded, job.limits.maxResultBytes);
}

function decodeFinished(encoded: string, maxResultBytes: number): ScriptOutcome {
  const tag = encoded.charAt(0);
  const rest = encoded.slice(1);
  if (tag === 'J') {
    const bytes = utf8Length(rest);
    if (bytes > maxResultBytes) return { type: 'failed', kind: 'too_large', message: formatSize(bytes) };
    return { type: 'returned', json: rest };
  }
  if (tag === 'N') return { type: 'failed', kind: 'not_json', message: rest };
  // The guest measured UTF-16 code units; UTF-8 is at least as long.
  if (tag === 'L')
    return { type: 'failed', kind: 'too_large', message: `at least ${formatSize(Number(rest))}` };
  return { type: 'returned', json: null };
}

/**
 * Reads what the guest threw and says what kind of failure it is: interrupted → `timeout` (or
 * `stopped` when the host asked), out of memory, stack overflow, else `fallback` (`syntax` only for a
 * `SyntaxError`). Disposes `errorHandle`.
 */
function classify(
  vm: QuickJSContext,
  errorHandle: QuickJSHandle,
  host: ScriptHost,
  fallback: 'script' | 'syntax' | 'sandbox',
): ScriptOutcome {
  const read = (key: string): string | undefined => {
    const handle = vm.getProp(errorHandle, key);
    const value = vm.typeof(handle) === 'string' ? vm.getString(handle) : undefined;
    handle.dispose();
    return value;
  };
  let name: string | undefined;
  let message: string | undefined;
  let stack: string | undefined;
  let tool: string | undefined;
  if (vm.typeof(errorHandle) === 'object' && !isNull(vm, errorHandle)) {
    name = read('name');
    message = read('message');
    stack = read('stack');
    tool = name === 'ToolError' ? read('tool') : undefined;
  }
  if (message === undefined) {
    // Not an Error: `throw 'text'`, `throw { code: 1 }`, `throw null`. Show the value itself.
    const dumped: unknown = vm.dump(errorHandle);
    message = typeof dumped === 'string' ? dumped : String(JSON.stringify(dumped) ?? dumped);
    if (name === undefined) message = `Uncaught ${message}`;
  }
  errorHandle.dispose();

  const special = specialKind(name, message, host);
  if (special) return { type: 'failed', kind: special, message };
  const kind = fallback === 'syntax' && name !== 'SyntaxError' ? 'script' : fallback;
  const outcome: ScriptOutcome = {
    type: 'failed',
    kind,
    message: name ? `${name}: ${message}` : message,
  };
  const line = scriptLine(stack);
  if (line !== undefined) outcome.line = line;
  if (tool !== undefined) outcome.tool = tool;
  return outcome;
}

/** The kinds QuickJS signals with fixed messages, whatever caught them. */
function specialKind(
  name: string | undefined,
  message: string,
  host: ScriptHost,
): ScriptFailureKind | undefined {
  if (message === 'interrupted' && (name === undefined || name === 'InternalError')) {
    return host.stop.aborted ? 'stopped' : 'timeout';
  }
  if (message === 'out of memory') return 'memory';
  if (message === 'stack overflow' && (name === undefined || name === 'InternalError')) return 'stack';
  return undefined;
}

function isNull(vm: QuickJSContext, handle: QuickJSHandle): boolean {
  try {
    return vm.sameValue(handle, vm.null);
  } catch {
    return false;
  }
}

/** The line of the model's code in the first stack frame that points into it. */
function scriptLine(stack: string | undefined): number | undefined {
  const match = stack ? new RegExp(`${SCRIPT_FILE.replace('.', '\\.')}:(\\d+)`).exec(stack) : null;
  if (!match) return undefined;
  const line = Number(match[1]) - SCRIPT_FIRST_LINE + 1;
  return line >= 1 ? line : undefined;
}

/**
 * A failure seen on the host side of the sandbox: a guest error surfacing through the library
 * (`QuickJSUnwrapError` carries the guest's message), a wasm trap, or a host stack overflow.
 */
function hostFailure(error: unknown, host: ScriptHost): ScriptOutcome {
  const message = errorMessage(error);
  const special = specialKind(undefined, message, host);
  if (special) return { type: 'failed', kind: special, message };
  if (error instanceof RangeError && /call stack/i.test(message)) {
    return { type: 'failed', kind: 'stack', message };
  }
  return { type: 'failed', kind: 'sandbox', message: message.split('\n')[0] ?? message };
}
