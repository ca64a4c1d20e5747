/**
 * A permalink reproduces or says why not: each call of a link made by the page carries its recorded
 * result, the replay compares, and the notice is green only when every call that ran gave what was
 * recorded and at least one was compared; a link with nothing to compare says so, neutral.
 * A call the link's author saw stopped (aborted, out of time) is shown as recorded, not re-run; a call
 * to a tool this page lacks (an MCP server's) is named with what to do.
 */
import { expect, test } from '@playwright/test';
import { type PlaygroundScenario, scenarioHash } from '../../src/playwright/index.ts';
import { collectErrors, openPlayground } from './playground.ts';

test('a link whose calls give other results than recorded says which, in a red notice', async ({ page }) => {
  const errors = collectErrors(page);
  await openPlayground(page);
  const hash = await scenarioHash({
    version: 1,
    files: { 'notes.md': 'now\n' },
    calls: [
      // Recorded when notes.md held other text: the same call prints other output now.
      { name: 'read', arguments: { path: 'notes.md' }, recorded: { is_error: false, output: '00000000' } },
      // A tool of an MCP server the author had connected: unknown here.
      {
        name: 'mcp__everything__echo',
        arguments: { message: 'hi' },
        recorded: { is_error: false, output: '12345678' },
      },
      // Aborted by its author after a long while: shown as recorded, not run again for as long.
      {
        name: 'bash',
        arguments: { command: 'sleep 100' },
        recorded: { is_error: true, code: 'ABORTED', output: 'abcdef01' },
      },
    ],
  });
  const started = Date.now();
  await page.evaluate((next) => {
    location.hash = next;
  }, hash);
  const notice = page.getByTestId('page-notice');
  await expect(notice).toContainText(
    "Loaded the scenario from the link: 1 file, 0 registered tools, 2 calls re-run, 1 shown as recorded (stopped when the link was made, not re-run), but 2 of 2 did not give the result recorded in the link: call 1 (read) printed other output than when the link was made; call 2 (mcp__everything__echo) gave an error (UNKNOWN_TOOL), recorded as a success: its tool is not in this page's catalog (a tool of an MCP server the author had connected, or one registered by code); connect or register it and run the call again. The history shows what each gave here.",
  );
  expect(Date.now() - started).toBeLessThan(30_000);
  await expect(notice).toHaveAttribute('data-kind', 'error');
  // Records written without a first line (as links made before they kept one): the hash alone.
  await notice.getByText('Recorded and now, side by side (2 calls)').click();
  const read = notice.getByTestId('notice-comparison').filter({ hasText: 'Call 1 (read)' });
  await expect(read.getByTestId('notice-comparison-recorded-none')).toHaveText(
    'The link keeps only this hash of the output.',
  );
  await expect(read.getByTestId('notice-comparison-lines')).toHaveText('now');
  await expect(page.getByTestId('history-entry')).toHaveCount(3);
  await expect(page.getByTestId('history-entry').nth(0)).toHaveAttribute('data-error', 'true');
  await expect(page.getByTestId('channel-output')).toContainText(
    'bash: Not re-run: when this link was made, the call ended with ABORTED (stopped before it answered), so the replay shows that instead of running it again. Run it from the composer to try it.',
  );
  expect(errors).toEqual([]);
});

test("a link the page made replays green, and its copy records the stopped call's code", async ({
  page,
  context,
}) => {
  await openPlayground(page);
  await page.evaluate(() => window.playground.execute('write', { path: 'a.txt', content: 'A\n' }));
  await page.evaluate(() => window.playground.execute('read', { path: 'a.txt' }));
  const stopped = await page.evaluate(() =>
    window.playground.execute('bash', { command: 'sleep 30' }, { timeoutMs: 300 }),
  );
  // Which stop answers depends on the machine, not on the page: the shell's own (COMMAND_ABORTED), or,
  // when its Worker has not answered within the pipeline's grace after the abort, the pipeline's
  // (ABORTED; a clean clone beside a second npm test got this one). The link records whichever it was.
  const stoppedCode = (stopped.structured_output.error as { code?: string } | undefined)?.code;
  expect([stopped.is_error, stoppedCode]).toEqual([true, expect.stringMatching(/^(COMMAND_)?ABORTED$/)]);
  const scenario = (await page.evaluate(() => window.playground.scenario())) as unknown as PlaygroundScenario;
  const recorded = (scenario.calls ?? []).map((call) => [call.recorded?.is_error, call.recorded?.code]);
  expect(recorded).toEqual([
    [false, undefined],
    [false, undefined],
    [true, stoppedCode],
  ]);
  const fresh = await context.newPage();
  await openPlayground(fresh);
  await fresh.evaluate(
    (next) => {
      location.hash = next;
    },
    await scenarioHash(scenario),
  );
  await expect(fresh.getByTestId('page-notice')).toContainText(
    '2 calls re-run, 1 shown as recorded (stopped when the link was made, not re-run): each gave the result recorded in the link.',
  );
  await expect(fresh.getByTestId('page-notice')).toHaveAttribute('data-kind', 'success');
});

test('a link whose calls were all stopped, or that records no results, is not green and says so', async ({
  page,
}) => {
  await openPlayground(page);
  const notice = page.getByTestId('page-notice');
  const open = async (scenario: PlaygroundScenario) => {
    const hash = await scenarioHash(scenario);
    await page.evaluate((next) => {
      location.hash = next;
    }, hash);
  };
  const stopped = { is_error: true, code: 'ABORTED', output: 'abcdef01' };
  await open({
    version: 1,
    files: {},
    calls: [{ name: 'bash', arguments: { command: 'sleep 100' }, recorded: stopped }],
  });
  await expect(notice).toContainText(
    'Loaded the scenario from the link: 0 files, 0 registered tools, 0 calls re-run, 1 shown as recorded (stopped when the link was made, not re-run): nothing was compared, so this replay is not checked against what the link\'s author saw. To re-run the stopped calls, choose "Run the link again, stopped calls included".',
  );
  await expect(notice.getByRole('button')).toHaveText(['Run the link again, stopped calls included']);
  await expect(notice).toHaveAttribute('data-kind', 'info');

  // A link made before links recorded results.
  await open({
    version: 1,
    files: { 'a.txt': 'A\n' },
    calls: [{ name: 'read', arguments: { path: 'a.txt' } }],
  });
  await expect(notice).toHaveText(
    "Loaded the scenario from the link: 1 file, 0 registered tools, 1 call re-run: nothing was compared (1 without a recorded result to compare with), so this replay is not checked against what the link's author saw. A link copied from this page records each call's result.",
  );
  await expect(notice).toHaveAttribute('data-kind', 'info');
});
