/**
 * The host side of the Worker runner, in Node with a stand-in Worker: messages are relayed both ways,
 * and the Worker is terminated when the script ends, when `stop` aborts and when it crashes. The real
 * Worker runs in Chromium (tests/e2e/codemode.spec.ts).
 * Reaches inside: HostToWorkerMessage and WorkerToHostMessage, the Worker protocol the stand-in Worker speaks
 * (src/codemode/worker-protocol.ts), are exported by no entry: the codemode entry exports the runner, not its
 * messages.
 */
import { describe, expect, it } from 'vitest';
import { createWorkerRunner, type ScriptHost, type ScriptJob } from '../../src/codemode/index.ts';
import type { HostToWorkerMessage, WorkerToHostMessage } from '../../src/codemode/worker-protocol.ts';

/** Records what the runner does to its Worker and lets the test speak for the Worker. */
class FakeWorker {
  readonly posted: HostToWorkerMessage[] = [];
  terminated = 0;
  private readonly listeners = new Map<string, ((event: unknown) => void)[]>();

  addEventListener(type: string, listener: (event: unknown) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  postMessage(message: HostToWorkerMessage): void {
    this.posted.push(message);
  }
  terminate(): void {
    this.terminated += 1;
  }
  send(message: WorkerToHostMessage): void {
    for (const listener of this.listeners.get('message') ?? []) listener({ data: message });
  }
  crash(message: string): void {
    for (const listener of this.listeners.get('error') ?? []) listener({ message, preventDefault() {} });
  }
}

const JOB: ScriptJob = {
  code: 'return 1;',
  toolNames: [['lookup', 'lookup']],
  deadline: 0,
  limits: { memoryBytes: 1 << 26, maxConsoleBytes: 1024, maxResultBytes: 1024 },
};

function setup(): {
  worker: FakeWorker;
  host: ScriptHost;
  stop: AbortController;
  logs: string[];
  calls: string[];
} {
  const worker = new FakeWorker();
  const stop = new AbortController();
  const logs: string[] = [];
  const calls: string[] = [];
  const host: ScriptHost = {
    stop: stop.signal,
    log: (line) => logs.push(line),
    callTool: async (name, argsJson) => {
      calls.push(`${name} ${argsJson}`);
      return JSON.stringify({ ok: true, value: { seen: name } });
    },
  };
  return { worker, host, stop, logs, calls };
}

describe('createWorkerRunner', () => {
  it('starts the job, relays calls and console lines, and terminates the Worker when it is done', async () => {
    const { worker, host, logs, calls } = setup();
    const runner = createWorkerRunner({ createWorker: () => worker as unknown as Worker });
    expect(runner.kind).toBe('worker');
    const running = runner.run(JOB, host);
    expect(worker.posted).toEqual([{ type: 'run', job: JOB }]);
    worker.send({ type: 'log', line: 'hello' });
    worker.send({ type: 'call', id: 7, name: 'lookup', argsJson: '{"key":"a"}' });
    await Promise.resolve();
    await Promise.resolve();
    expect(worker.posted[1]).toEqual({ type: 'reply', id: 7, json: '{"ok":true,"value":{"seen":"lookup"}}' });
    worker.send({ type: 'done', outcome: { type: 'returned', json: '1' } });
    expect(await running).toEqual({ type: 'returned', json: '1' });
    expect({ logs, calls, terminated: worker.terminated }).toEqual({
      logs: ['hello'],
      calls: ['lookup {"key":"a"}'],
      terminated: 1,
    });
  });

  it('terminates the Worker as soon as stop aborts, and ignores it afterwards', async () => {
    const { worker, host, stop } = setup();
    const running = createWorkerRunner({ createWorker: () => worker as unknown as Worker }).run(JOB, host);
    stop.abort();
    expect(await running).toEqual({ type: 'failed', kind: 'stopped', message: 'stopped by the host' });
    expect(worker.terminated).toBe(1);
    worker.send({ type: 'call', id: 1, name: 'lookup', argsJson: '{}' });
    worker.send({ type: 'done', outcome: { type: 'returned', json: '2' } });
    await Promise.resolve();
    expect(worker.posted).toEqual([{ type: 'run', job: JOB }]);
    expect(worker.terminated).toBe(1);
  });

  it('reports a crashed Worker as a sandbox failure, a host stack overflow as a stack overflow', async () => {
    const first = setup();
    const crashed = createWorkerRunner({ createWorker: () => first.worker as unknown as Worker }).run(
      JOB,
      first.host,
    );
    first.worker.crash('Uncaught RuntimeError: unreachable');
    expect(await crashed).toEqual({
      type: 'failed',
      kind: 'sandbox',
      message: 'Uncaught RuntimeError: unreachable',
    });
    expect(first.worker.terminated).toBe(1);

    const second = setup();
    const overflowed = createWorkerRunner({ createWorker: () => second.worker as unknown as Worker }).run(
      JOB,
      second.host,
    );
    second.worker.crash('Uncaught RangeError: Maximum call stack size exceeded');
    expect(await overflowed).toEqual({
      type: 'failed',
      kind: 'stack',
      message: 'Uncaught RangeError: Maximum call stack size exceeded',
    });
  });

  it('reports a Worker that cannot be created, and starts none when stop already aborted', async () => {
    const { host, stop } = setup();
    const failing = createWorkerRunner({
      createWorker: () => {
        throw new Error('Worker is not defined');
      },
    });
    expect(await failing.run(JOB, host)).toEqual({
      type: 'failed',
      kind: 'sandbox',
      message: 'the Worker did not start (Worker is not defined)',
    });
    let created = 0;
    const counting = createWorkerRunner({
      createWorker: () => {
        created += 1;
        return new FakeWorker() as unknown as Worker;
      },
    });
    stop.abort();
    expect(await counting.run(JOB, host)).toEqual({
      type: 'failed',
      kind: 'stopped',
      message: 'stopped by the host',
    });
    expect(created).toBe(0);
  });
});
