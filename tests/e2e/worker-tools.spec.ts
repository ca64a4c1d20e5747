/**
 * The built-in tools through the page, on the embedded backend running in its dedicated Web Worker:
 * write, edit, grep and bash from the call composer; and a command that freezes the shell gets the
 * Worker restarted while the page stays responsive.
 */
import { expect, test } from '@playwright/test';
import { endTaskTrace, longestCpuMs, shownTasks, startTaskTrace, takeTasks } from './main-thread-tasks.ts';
import { collectErrors, openPlayground, outputText, runInComposer, usePlainEditor } from './playground.ts';

test('writes, edits, greps and runs a bash command through the page, on the embedded backend in its Worker', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await openPlayground(page);
  await expect(page.getByTestId('backend-message')).toContainText(
    'the embedded shell (just-bash) in a Web Worker',
  );
  expect(page.workers().some((worker) => worker.url().includes('/assets/worker-'))).toBe(true);
  expect(await page.evaluate(() => window.playground.backend())).toMatchObject({
    kind: 'embedded',
    worker: true,
    phase: 'ready',
  });
  await usePlainEditor(page);

  await runInComposer(page, 'write', { path: 'notes/plan.md', content: 'step one\nstep two\n' });
  await expect(page.getByTestId('result')).toHaveAttribute('data-error', 'false');
  await expect(page.getByTestId('workspace-tree').getByRole('button', { name: 'plan.md' })).toBeVisible();

  await runInComposer(page, 'edit', {
    path: 'notes/plan.md',
    oldText: 'step two',
    newText: 'step 2: ship it',
  });
  await expect(page.getByTestId('result')).toHaveAttribute('data-error', 'false');
  await expect(page.getByTestId('diff').locator('tr[data-kind="added"]')).toContainText('step 2: ship it');

  await runInComposer(page, 'grep', { pattern: 'ship', path: '.' });
  await expect(outputText(page)).toContainText('notes/plan.md:2: step 2: ship it');

  await runInComposer(page, 'bash', { command: 'cat notes/plan.md | wc -l && echo "sum: $((20 + 22))"' });
  await expect(page.getByTestId('result')).toHaveAttribute('data-error', 'false');
  await expect(outputText(page)).toContainText('sum: 42');

  expect(await page.evaluate(() => window.playground.files())).toMatchObject({
    'notes/plan.md': 'step one\nstep 2: ship it\n',
  });
  expect(errors).toEqual([]);
});

test('a command that used to freeze the shell is stopped at its time limit; the page never freezes', async ({
  page,
}) => {
  await openPlayground(page);
  await page.evaluate(() =>
    window.playground.execute('write', { path: 'scratch.txt', content: 'temporary\n' }),
  );
  expect(Object.keys(await page.evaluate(() => window.playground.files()))).toContain('scratch.txt');

  // sed with a regex that backtracks used to freeze the shell. Here it runs on a 512 KB line, again and
  // again: each sed is one step of well under a second, and the loop runs far past the time limit. The
  // shell checks its deadline at every command and loop step, so it stops this itself and keeps the
  // workspace; the Worker reset (timeout + grace) that a single step longer than the grace gets is
  // covered with a freezing Worker in tests/workspace/just-bash-worker.test.ts.
  const freeze =
    'x=abcdefgh; for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do x=$x$x; done; ' +
    'for i in $(seq 1 200); do echo "$x" | sed -E "s/(a|b|c|d|e|f|g|h)+z//" | wc -c; done';
  // The page never freezes, judged by its work: no main-thread task takes 200 ms of CPU time while the
  // shell spins in its Worker, and the page answers as soon as the call is back.
  await startTaskTrace(page);
  const result = await page.evaluate(
    (command) => window.playground.execute('bash', { command, timeout: 1 }),
    freeze,
  );
  const tasks = await takeTasks(page);
  await endTaskTrace(page);
  expect(longestCpuMs(tasks), shownTasks(tasks)).toBeLessThan(200);
  expect(await page.evaluate(() => 6 * 7)).toBe(42);

  expect(result.is_error).toBe(true);
  expect(result.output).toContain(
    'bash: Command timed out after 1 second and was stopped. If it needs more time, run it again with a larger timeout (at most 600 seconds); a server or watcher that never exits cannot run here.',
  );
  await expect(page.getByTestId('backend-reset')).toHaveCount(0);

  // No reset was needed: the files written before are still there, and commands run again.
  const files = await page.evaluate(() => window.playground.files());
  expect(Object.keys(files)).toContain('scratch.txt');
  expect(Object.keys(files)).toContain('src/cart.ts');
  const after = await page.evaluate(() => window.playground.execute('bash', { command: 'echo alive' }));
  expect(after).toMatchObject({ is_error: false });
  expect(after.output).toContain('alive');
});
