/**
 * The page's main-thread tasks while a step runs, read from Chromium's trace: each task's length and
 * the CPU time its thread spent in it. The specs that hold the page to "no task over 200 ms" judge the
 * CPU time, the page's own work: a task's length also counts the time its thread waited for a core,
 * which is the machine's, not the page's. On two cores shared with the page's own Worker and compiler
 * threads a task of 155 ms had 83 ms of CPU time on an otherwise quiet machine, and with a second test
 * run beside it one of about 105 ms of work took 211 ms.
 *
 * One trace runs per browser at a time: `startTaskTrace` once a page is up, `takeTasks` after each
 * step (it starts the next trace), `endTaskTrace` after the test.
 */
import type { Browser, Page } from '@playwright/test';

/** A main-thread task: its length and its thread's CPU time, in ms. */
export interface Task {
  ms: number;
  cpuMs: number;
}

/** The shortest task reported, as a long-task observer reports them. */
const LONG_TASK_MS = 50;

/** Chromium's task event, one per task a thread runs (category `toplevel`). */
const TASK_EVENT = 'ThreadControllerImpl::RunTask';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

const tracing = new WeakSet<Browser>();

function browserOf(page: Page): Browser {
  const browser = page.context().browser();
  if (!browser) throw new Error('main-thread tasks: the page has no browser to trace (a persistent context)');
  return browser;
}

/** Starts recording the tasks of `page`'s renderer. */
export async function startTaskTrace(page: Page): Promise<void> {
  const browser = browserOf(page);
  await browser.startTracing(page, { categories: ['toplevel'] });
  tracing.add(browser);
}

/** Stops recording; the trace is dropped. */
export async function endTaskTrace(page: Page): Promise<void> {
  const browser = browserOf(page);
  if (!tracing.has(browser)) return;
  tracing.delete(browser);
  await browser.stopTracing();
}

/**
 * The main-thread tasks of 50 ms or more (in length or CPU time) since the trace started, longest CPU
 * time first; then starts the next trace. Where the platform gives no thread time, a task's CPU time
 * is its length.
 */
export async function takeTasks(page: Page): Promise<Task[]> {
  const browser = browserOf(page);
  tracing.delete(browser);
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
    traceEvents: TraceEvent[];
  };
  await startTaskTrace(page);
  const mainThreads = new Set(
    traceEvents
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  return traceEvents
    .filter((event) => event.ph === 'X' && event.name === TASK_EVENT)
    .filter((event) => mainThreads.has(`${event.pid}:${event.tid}`))
    .map((event) => ({
      ms: Math.round((event.dur ?? 0) / 1000),
      cpuMs: Math.round((event.tdur ?? event.dur ?? 0) / 1000),
    }))
    .filter((task) => Math.max(task.ms, task.cpuMs) >= LONG_TASK_MS)
    .sort((a, b) => b.cpuMs - a.cpuMs);
}

/** The longest CPU time among `tasks` (0 for none). */
export function longestCpuMs(tasks: readonly Task[]): number {
  return Math.max(0, ...tasks.map((task) => task.cpuMs));
}

/** The tasks as a message shows them: `length (CPU time)` each. */
export function shownTasks(tasks: readonly Task[]): string {
  return tasks.map((task) => `${task.ms} ms (${task.cpuMs} ms CPU)`).join(', ') || 'none';
}
