/**
 * Programs that keep running after the call that started them (a dev server, a watcher): the
 * WebContainer backend's `serve`, `processes`, and the shell's `cmd &`, `jobs` and `kill %N`.
 * Imports this folder, workspace.ts (types) and the types of `@webcontainer/api`.
 *
 * What the container tells, and what this file makes of it:
 * - **Ports.** `on('port')` reports a port opened or closed, with its preview URL, and
 *   `on('server-ready')` a server that answers; neither says which process opened it. A port is
 *   given to the newest background program still running (a dev server started last is what opened
 *   the port that appears next); a port opened while none runs is not listed.
 * - **Ready.** A start returns as soon as the program opens a port, exits, or has printed something
 *   and then been quiet for {@link READY_QUIET_MS} (a watcher that says "watching for changes" and
 *   waits), and at the latest at its deadline, which the caller puts before its own timeout: the
 *   program is never killed for being slow to start, only by `stop`, an abort of the starting call,
 *   or the workspace's disposal.
 * - **Output.** Each program's output is read as long as it runs (a stream nobody reads would fill
 *   up the container), kept bounded, and handed out as "new since you last looked".
 */
import type { SpawnOptions, WebContainerProcess } from '@webcontainer/api';
import type { BackgroundProcess, ServedPort, ServeResult, WorkspaceProcesses } from '../workspace.ts';
import { NON_INTERACTIVE_ENV, TERMINAL_SIZE } from './container-program.ts';
import { OutputTail, stripTerminalOutput } from './terminal-output.ts';

/** After a program's last output, how long it must stay quiet to count as ready without a port. */
export const READY_QUIET_MS = 2_000;
/** How long `serve` waits for a program to be ready when the caller gives no `waitMs`. */
export const DEFAULT_SERVE_WAIT_MS = 30_000;
/** Raw output kept per program for `newOutput` (the newest part; older output is dropped). */
const UNREAD_OUTPUT_BYTES = 256 * 1024;
/** After a port opens or the program exits, how long without a chunk before its output counts as complete. */
const SETTLE_QUIET_MS = 100;
/** ... and how long at most. */
const SETTLE_MAX_MS = 2_000;

/** Timer functions as they were when this module loaded (just-bash swaps them while a script runs). */
const setTimer: typeof setTimeout = globalThis.setTimeout.bind(globalThis);
const clearTimer: typeof clearTimeout = globalThis.clearTimeout.bind(globalThis);

/** The container's events this file listens to (a real `WebContainer`'s `on` has them). */
export interface PortEvents {
  on(event: 'port', listener: (port: number, type: 'open' | 'close', url: string) => void): () => void;
  on(event: 'server-ready', listener: (port: number, url: string) => void): () => void;
}

/** One program to start in the background. */
export interface JobRequest {
  command: string;
  args: string[];
  /** Relative to the workdir; undefined for the workdir itself. */
  cwd: string | undefined;
  /** The same directory, absolute, as listings show it. */
  absoluteCwd: string;
  env: Record<string, string>;
  /** The time (`Date.now()`) by which the start must return. */
  deadline: number;
  /** Aborting it during the start stops the program. */
  signal?: AbortSignal;
}

type Spawn = (command: string, args: string[], options?: SpawnOptions) => Promise<WebContainerProcess>;

/** A program running (or that ran) in the background, with what is read of it. */
class Job {
  readonly info: BackgroundProcess;
  readonly child: WebContainerProcess;
  readonly unread = new OutputTail(UNREAD_OUTPUT_BYTES);
  /** Everything printed until the start returned, for its result. */
  readonly startOutput = new OutputTail(UNREAD_OUTPUT_BYTES);
  /** Output goes to {@link Job.startOutput} too until the start returns. */
  starting = true;
  printed = false;
  lastChunkAt = Date.now();
  readonly #waiters = new Set<() => void>();

  constructor(info: BackgroundProcess, child: WebContainerProcess) {
    this.info = info;
    this.child = child;
  }

  /** Wakes whoever waits in {@link Job.changed}. */
  notify(): void {
    for (const wake of this.#waiters) wake();
    this.#waiters.clear();
  }

  /** Resolves at the next chunk, port or exit, or after `ms`. */
  changed(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimer(done, Math.max(0, ms));
      this.#waiters.add(done);
      function done(): void {
        clearTimer(timer);
        resolve();
      }
    });
  }
}

/** The background programs of one workspace. */
export class BackgroundJobs implements WorkspaceProcesses {
  readonly #jobs: Job[] = [];
  readonly #listeners = new Set<() => void>();
  readonly #spawn: Spawn;
  readonly #graceMs: number;
  readonly #unsubscribe: (() => void)[] = [];

  constructor(spawn: Spawn, events: PortEvents | undefined, graceMs: number) {
    this.#spawn = spawn;
    this.#graceMs = graceMs;
    if (!events) return;
    this.#unsubscribe.push(
      events.on('port', (port, type, url) =>
        type === 'open' ? this.#portOpened(port, url) : this.#portClosed(port),
      ),
      events.on('server-ready', (port, url) => this.#portOpened(port, url)),
    );
  }

  /** Starts the program and waits until it is ready, exits, or the deadline passes. */
  async start(request: JobRequest): Promise<ServeResult> {
    const job = await this.#launch(request);
    const ready = await this.#waitUntilReady(job, request);
    // A port event or the exit comes on its own channel, ahead of the output printed just before it.
    if (ready === 'port' || ready === 'exited')
      await settle(job, Math.min(request.deadline, Date.now() + SETTLE_MAX_MS));
    job.starting = false;
    // What the start printed is the start's; `newOutput` hands out only what comes after.
    const output = stripTerminalOutput(job.startOutput.text());
    job.unread.clear();
    return { process: copyOf(job.info), output, ready };
  }

  list(): BackgroundProcess[] {
    return this.#jobs.map((job) => copyOf(job.info));
  }

  newOutput(id: number): string | undefined {
    const job = this.#find(id);
    if (!job) return undefined;
    const text = stripTerminalOutput(job.unread.text());
    job.unread.clear();
    return text;
  }

  async stop(id: number): Promise<BackgroundProcess | undefined> {
    const job = this.#find(id);
    if (!job) return undefined;
    if (job.info.state === 'running') {
      job.info.state = 'stopped';
      job.info.ports = [];
      job.child.kill();
      await Promise.race([job.child.exit.catch(() => undefined), job.changed(this.#graceMs)]);
      this.#changed();
    }
    return copyOf(job.info);
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** Kills every program still running and stops listening to the container (the workspace's disposal). */
  dispose(): void {
    for (const job of this.#jobs) {
      if (job.info.state !== 'running') continue;
      job.info.state = 'stopped';
      job.info.ports = [];
      job.child.kill();
    }
    for (const unsubscribe of this.#unsubscribe.splice(0)) unsubscribe();
    this.#changed();
  }

  async #launch(request: JobRequest): Promise<Job> {
    const options: SpawnOptions = {
      env: { ...NON_INTERACTIVE_ENV, ...request.env },
      output: true,
      terminal: { ...TERMINAL_SIZE },
    };
    if (request.cwd !== undefined) options.cwd = request.cwd;
    const child = await this.#spawn(request.command, request.args, options);
    const info: BackgroundProcess = {
      id: this.#jobs.length + 1,
      command: [request.command, ...request.args].join(' '),
      cwd: request.absoluteCwd,
      state: 'running',
      ports: [],
    };
    const job = new Job(info, child);
    this.#jobs.push(job);
    // stdin stays open and empty: some servers exit when it ends (esbuild's --serve and --watch do).
    void this.#read(job);
    child.exit.then(
      (code) => this.#exited(job, code),
      () => this.#exited(job, 1),
    );
    this.#changed();
    return job;
  }

  async #waitUntilReady(job: Job, request: JobRequest): Promise<ServeResult['ready']> {
    for (;;) {
      if (request.signal?.aborted) {
        await this.stop(job.info.id);
        return 'exited';
      }
      if (job.info.state !== 'running') return 'exited';
      if (job.info.ports.length > 0) return 'port';
      const now = Date.now();
      if (job.printed && now - job.lastChunkAt >= READY_QUIET_MS) return 'output';
      if (now >= request.deadline) return job.printed ? 'output' : 'waiting';
      const quietAt = job.printed ? job.lastChunkAt + READY_QUIET_MS : request.deadline;
      const aborted = abortOf(request.signal);
      await Promise.race([job.changed(Math.min(quietAt, request.deadline) - now), aborted.promise]);
      aborted.release();
    }
  }

  /** Reads the program's output for as long as it comes, so the container never holds it back. */
  async #read(job: Job): Promise<void> {
    const reader = job.child.output.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (value === '') continue;
        job.printed = true;
        job.lastChunkAt = Date.now();
        job.unread.push(value);
        if (job.starting) job.startOutput.push(value);
        job.notify();
      }
    } catch {
      // A stream that errors has ended: what was read is what there is.
    }
  }

  #exited(job: Job, code: number): void {
    if (job.info.state === 'running') {
      job.info.state = 'exited';
      job.info.exitCode = code;
    }
    job.info.ports = [];
    job.notify();
    this.#changed();
  }

  #portOpened(port: number, url: string): void {
    const owner = this.#jobs.find((job) => job.info.ports.some((served) => served.port === port));
    if (owner) {
      owner.info.ports = owner.info.ports.map((served) => (served.port === port ? { port, url } : served));
      return;
    }
    const newest = [...this.#jobs].reverse().find((job) => job.info.state === 'running');
    if (!newest) return;
    newest.info.ports = [...newest.info.ports, { port, url }];
    newest.notify();
    this.#changed();
  }

  #portClosed(port: number): void {
    for (const job of this.#jobs) {
      const kept: ServedPort[] = job.info.ports.filter((served) => served.port !== port);
      if (kept.length === job.info.ports.length) continue;
      job.info.ports = kept;
      this.#changed();
    }
  }

  #find(id: number): Job | undefined {
    return this.#jobs.find((job) => job.info.id === id);
  }

  #changed(): void {
    for (const listener of this.#listeners) {
      try {
        listener();
      } catch {
        // A listener's failure is its own; the others still hear of the change.
      }
    }
  }
}

/** Waits until no chunk came for {@link SETTLE_QUIET_MS}, or `until`. */
async function settle(job: Job, until: number): Promise<void> {
  for (;;) {
    const now = Date.now();
    const quietFor = now - job.lastChunkAt;
    if (quietFor >= SETTLE_QUIET_MS || now >= until) return;
    await job.changed(Math.min(SETTLE_QUIET_MS - quietFor, until - now));
  }
}

/** A copy the caller may keep: later changes of the job do not show through it. */
function copyOf(info: BackgroundProcess): BackgroundProcess {
  return { ...info, ports: info.ports.map((served) => ({ ...served })) };
}

/** A promise that resolves when `signal` aborts, and the release of its listener. */
function abortOf(signal: AbortSignal | undefined): { promise: Promise<void>; release(): void } {
  if (!signal) return { promise: new Promise(() => undefined), release: () => undefined };
  let onAbort = (): void => undefined;
  const promise = new Promise<void>((resolve) => {
    onAbort = () => resolve();
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return { promise, release: () => signal.removeEventListener('abort', onAbort) };
}
