/**
 * The backstop of src/workspace/shell/run-command.ts in its two forms: `'abort'` hands just-bash's exec
 * an abort signal (each command then gets one too), `'deadline'` (the embedded backend's) hands it none
 * and ends a command still running at the stop plus the backstop through just-bash's own wall clock.
 * Reaches inside: runJustBashCommand (src/workspace/shell/run-command.ts) is exported by no entry; it gets a
 * just-bash shell of the test's own with commands that report their signal or never return, and either
 * backstop. Its `sleep` is called after the stop, which no script can time for certain.
 */
import { Bash, type Command } from 'just-bash';
import { describe, expect, it } from 'vitest';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';
import { runJustBashCommand, Stop, stoppingSleep } from '../../src/workspace/shell/run-command.ts';

/** A shell with `probe` (says whether it was given a signal) and `hang` (never returns). */
function shell(): Bash {
  const bash = new Bash({ cwd: '/w', files: { '/w/a.txt': 'a\n' } });
  const probe: Command = {
    name: 'probe',
    execute: async (_args, context) => ({
      stdout: `${context.signal ? 'signal' : 'none'}\n`,
      stderr: '',
      exitCode: 0,
    }),
  };
  const hang: Command = { name: 'hang', execute: () => new Promise(() => undefined) };
  bash.registerCommand(probe);
  bash.registerCommand(hang);
  return bash;
}

describe('the stop of a command', () => {
  it("gives the commands no abort signal with backstop: 'deadline', one by default", async () => {
    expect((await runJustBashCommand(shell(), '/w', 'probe', {}, { backstop: 'deadline' })).output).toBe(
      'none\n',
    );
    expect((await runJustBashCommand(shell(), '/w', 'probe')).output).toBe('signal\n');
  });

  it.each(['abort', 'deadline'] as const)(
    "ends a command that does not return at the timeout plus the backstop (backstop: '%s')",
    async (backstop) => {
      // `hang` never returns, so any result at all is the backstop's doing; without it the test times out.
      const result = await runJustBashCommand(
        shell(),
        '/w',
        'echo before; hang; echo after',
        { timeoutMs: 200 },
        {
          backstop,
          backstopMs: 300,
        },
      );
      expect(result).toMatchObject({ exitCode: 124, timedOut: true, aborted: false });
      expect(result.output).not.toContain('after');
    },
  );

  it("moves just-bash's wall clock to the stop plus the backstop (backstop: 'deadline')", async () => {
    const bash = shell();
    // Waits past the abort, then says how long just-bash's wall clock still gives the script.
    bash.registerCommand({
      name: 'remaining',
      execute: async (_args, context) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        const scope = context.executionScope as { remainingTimeMs(): number } | undefined;
        return { stdout: `${scope ? scope.remainingTimeMs() : 'none'}\n`, stderr: '', exitCode: 0 };
      },
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const result = await runJustBashCommand(
      bash,
      '/w',
      'remaining; echo never',
      { timeoutMs: 60_000, signal: controller.signal },
      { backstop: 'deadline', backstopMs: 500 },
    );
    expect(result).toMatchObject({ exitCode: 124, aborted: true });
    // About 300 ms: the abort at 100 ms plus 500, read at 300; without the move, about 60 s.
    expect(Number(result.output.trim())).toBeLessThan(1_000);
  });

  it('a sleep that starts after the stop returns at once', async () => {
    // A loaded machine once landed an abort between the check before `sleep` and the sleep itself:
    // the script then printed "sleep: Cannot access 'unsubscribe' before initialization".
    const stop = new Stop(Date.now() + 60_000);
    stop.trigger('abort');
    const started = Date.now();
    await expect(stoppingSleep(10_000, stop)).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5_000);
    const timedOut = new Stop(Date.now() - 1);
    await expect(stoppingSleep(10_000, timedOut)).resolves.toBeUndefined();
  });

  it('stops the embedded backend at its timeout and at an abort, keeping what was printed', async () => {
    const workspace = await createJustBashWorkspace();
    const timedOut = await workspace.exec('echo start; while true; do :; done', { timeoutMs: 300 });
    expect(timedOut).toMatchObject({ exitCode: 124, timedOut: true, output: 'start\n' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const aborted = await workspace.exec('echo start; sleep 10; echo never', { signal: controller.signal });
    expect(aborted).toMatchObject({ exitCode: 124, aborted: true, output: 'start\n' });
  });
});
