/**
 * The embedded workspace behind its Worker protocol: the conformance suite runs through
 * `createJustBashWorkerWorkspace` with the real `serveJustBashWorkspace` on the other end of a
 * MessageChannel (Node has no Web Worker), then the Worker-only behaviour: error codes crossing the
 * boundary, transferred bytes, abort forwarding, and the reset of a Worker that stops answering.
 * Reaches inside: serveJustBashWorkspace (src/workspace/just-bash/worker.ts), the Worker's side, is bundled
 * into dist/workspace/just-bash/worker.js and no package export, and runs here on a MessageChannel;
 * WorkerRequest and resetNotice are the protocol's message type and reset text.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToolSuite, WorkspaceError } from '../../src/index.ts';
import { runWorkspaceConformance } from '../../src/testing/index.ts';
import {
  createJustBashWorkerWorkspace,
  type JustBashWorkerWorkspaceOptions,
  WORKER_GRACE_MS,
  type WorkerLike,
} from '../../src/workspace/just-bash/index.ts';
import { serveJustBashWorkspace, type WorkerEndpoint } from '../../src/workspace/just-bash/worker.ts';
import { resetNotice, type WorkerRequest } from '../../src/workspace/just-bash/worker-workspace.ts';

/** A Worker stand-in: the real serving code on the far side of a MessageChannel. */
function inProcessWorker(): WorkerLike & { terminated: boolean } {
  const { port1, port2 } = new MessageChannel();
  serveJustBashWorkspace(port2 as unknown as WorkerEndpoint);
  port1.start();
  port2.start();
  const worker = {
    terminated: false,
    postMessage: (message: unknown, transfer?: Transferable[]) => port1.postMessage(message, transfer ?? []),
    addEventListener: (type: string, listener: (event: MessageEvent) => void) => {
      if (type === 'message') port1.addEventListener('message', listener as EventListener);
    },
    terminate() {
      worker.terminated = true;
      port1.close();
      port2.close();
    },
  };
  return worker as WorkerLike & { terminated: boolean };
}

/** A Worker that starts, then never answers an `exec`: a shell frozen inside a command. */
function freezingWorker(): WorkerLike & { terminated: boolean; cancels: number[] } {
  const inner = inProcessWorker();
  const worker = {
    ...inner,
    cancels: [] as number[],
    postMessage(message: unknown, transfer?: Transferable[]) {
      const request = message as WorkerRequest;
      if (request.type === 'call' && request.method === 'exec') return;
      if (request.type === 'cancel') {
        worker.cancels.push(request.id);
        return;
      }
      inner.postMessage(message, transfer);
    },
    terminate() {
      worker.terminated = true;
      inner.terminate();
    },
  };
  return worker;
}

const create = (options: JustBashWorkerWorkspaceOptions = {}) =>
  createJustBashWorkerWorkspace({ createWorker: inProcessWorker, ...options });

runWorkspaceConformance({
  name: 'just-bash in a Worker (MessageChannel)',
  create: (files) => create({ files }),
});

describe('just-bash Worker protocol', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the backend error codes across the boundary', async () => {
    const workspace = await create({ files: { 'a.txt': 'a' } });
    const error = await workspace.readFile('/workspace/missing.txt').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WorkspaceError);
    expect(error).toMatchObject({ code: 'ENOENT', path: '/workspace/missing.txt' });
    const isDirectory = await workspace.writeFile('/workspace', 'x').catch((caught: unknown) => caught);
    expect(isDirectory).toMatchObject({ code: 'EISDIR' });
    await workspace.dispose?.();
  });

  it('keeps the size limit of a full workspace across the boundary', async () => {
    const workspace = await create({ executionLimits: { maxFileSystemBytes: 4096 } });
    const full = await workspace
      .writeFile('/workspace/big.txt', 'x'.repeat(8192))
      .catch((caught: unknown) => caught);
    expect(full).toBeInstanceOf(WorkspaceError);
    expect(full).toMatchObject({ code: 'ENOSPC', path: '/workspace/big.txt', limitBytes: 4096 });
    await workspace.dispose?.();
  });

  it('transfers bytes both ways and leaves the caller its own array', async () => {
    const workspace = await create();
    const bytes = new Uint8Array([0, 1, 2, 255]);
    await workspace.writeFile('/workspace/b.bin', bytes);
    expect([...bytes]).toEqual([0, 1, 2, 255]);
    const first = await workspace.readFile('/workspace/b.bin');
    first[0] = 9;
    expect([...(await workspace.readFile('/workspace/b.bin'))]).toEqual([0, 1, 2, 255]);
    await workspace.dispose?.();
  });

  it('forwards an abort as a cancel message; the command stops and says so', async () => {
    const workspace = await create();
    const controller = new AbortController();
    const running = workspace.exec('sleep 30', { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const result = await running;
    expect(result).toMatchObject({ aborted: true, timedOut: false });
    expect(result.output).not.toContain('reset');
    expect((await workspace.exec('echo after')).output).toBe('after\n');
    await workspace.dispose?.();
  });

  it('terminates and restarts a Worker whose command outlives its timeout plus the grace period', async () => {
    const workers: ReturnType<typeof freezingWorker>[] = [];
    const resets: string[] = [];
    const workspace = await createJustBashWorkerWorkspace({
      files: { 'start.txt': 'initial' },
      createWorker: () => {
        const worker = freezingWorker();
        workers.push(worker);
        return worker;
      },
      onReset: (reason) => resets.push(reason),
    });
    await workspace.writeFile('/workspace/later.txt', 'lost on reset');
    vi.useFakeTimers();
    const frozen = workspace.exec('anything', { timeoutMs: 1_000 });
    const pendingRead = workspace.readFile('/workspace/start.txt');
    await vi.advanceTimersByTimeAsync(1_000 + WORKER_GRACE_MS - 1);
    expect(workers[0]?.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await frozen).toEqual({
      output: resetNotice('timeout'),
      exitCode: 124,
      timedOut: true,
      aborted: false,
      droppedBytes: 0,
    });
    expect(workers[0]?.terminated).toBe(true);
    vi.useRealTimers();
    // A call that was waiting behind the frozen command is told, not left hanging.
    await expect(pendingRead).resolves.toBeInstanceOf(Uint8Array);
    expect(resets).toEqual([
      'The command did not stop within its time limit, so the workspace was reset: its shell was restarted and the files are back to their initial content. Changes made since the workspace started are lost.',
    ]);
    expect(workers).toHaveLength(2);
    expect(new TextDecoder().decode(await workspace.readFile('/workspace/start.txt'))).toBe('initial');
    await expect(workspace.readFile('/workspace/later.txt')).rejects.toMatchObject({ code: 'ENOENT' });
    await workspace.dispose?.();
  });

  it('a reset tells another command in flight that it was interrupted, not that it timed out', async () => {
    const workspace = await createJustBashWorkerWorkspace({ createWorker: freezingWorker, graceMs: 50 });
    const suite = createToolSuite({ workspace });
    const stuck = suite.execute('bash', { command: 'stuck', timeout: 0.2 });
    const bystander = suite.execute('bash', { command: 'echo other', timeout: 60 });
    const culprit = await stuck;
    expect(culprit.output).toBe(
      `${resetNotice('timeout')}\n\nbash: Command timed out after 0.2 seconds and was stopped. If it needs more time, run it again with a larger timeout (at most 600 seconds); a server or watcher that never exits cannot run here.`,
    );
    const other = await bystander;
    expect(other.is_error).toBe(true);
    expect(other.output).toBe(
      'bash: Another command did not stop within its time limit, so the workspace was reset while this call was running: its shell was restarted and the files are back to their initial content. Changes made since the workspace started are lost. Run this call again if it is still needed.',
    );
    expect(other.structured_output.error).not.toMatchObject({ code: 'COMMAND_TIMED_OUT' });
    await workspace.dispose?.();
  });

  it('an aborted command that still does not answer gets the Worker reset after the grace period', async () => {
    const workers: ReturnType<typeof freezingWorker>[] = [];
    const workspace = await createJustBashWorkerWorkspace({
      createWorker: () => {
        const worker = freezingWorker();
        workers.push(worker);
        return worker;
      },
    });
    vi.useFakeTimers();
    const controller = new AbortController();
    const frozen = workspace.exec('anything', { signal: controller.signal });
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    expect(workers[0]?.cancels).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(WORKER_GRACE_MS);
    expect(await frozen).toMatchObject({
      aborted: true,
      timedOut: false,
      exitCode: 124,
      output: resetNotice('abort'),
    });
    expect(resetNotice('abort')).toBe(
      'The command did not stop after it was aborted, so the workspace was reset: its shell was restarted and the files are back to their initial content. Changes made since the workspace started are lost.',
    );
    vi.useRealTimers();
    await workspace.dispose?.();
  });

  it('after dispose, calls fail with EIO and the Worker is gone', async () => {
    const workers: ReturnType<typeof inProcessWorker>[] = [];
    const workspace = await createJustBashWorkerWorkspace({
      createWorker: () => {
        const worker = inProcessWorker();
        workers.push(worker);
        return worker;
      },
    });
    await workspace.dispose?.();
    expect(workers[0]?.terminated).toBe(true);
    await expect(workspace.readdir('/workspace')).rejects.toMatchObject({
      code: 'EIO',
      message: 'The workspace was disposed.',
    });
  });

  it('creation fails with the reason when the Worker never reports ready', async () => {
    vi.useFakeTimers();
    const silent: WorkerLike = {
      postMessage: () => undefined,
      addEventListener: () => undefined,
      terminate: () => undefined,
    };
    const creating = createJustBashWorkerWorkspace({ createWorker: () => silent, startTimeoutMs: 5_000 });
    const outcome = creating.then(
      () => 'started',
      (error: Error) => error.message,
    );
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await outcome).toBe('The embedded workspace did not start within 5000 ms.');
  });
});
