/**
 * Permalinks that rebuild: a link pasted into an open tab is applied (only its hash changes, so the page
 * does not reload); a spill path is referenced, so the re-run reads the file it spilled itself; a
 * replay's reset starts a new scenario; a malformed or oversized link says what is wrong.
 */
import { deflateRawSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { collectErrors, openPlayground } from './playground.ts';

/** The hash of a scenario, encoded as the playground encodes it (deflate-raw, base64url). */
function hashOf(scenario: object): string {
  return `#scenario=${deflateRawSync(Buffer.from(JSON.stringify(scenario))).toString('base64url')}`;
}

test('a permalink pasted into an open tab rebuilds its scenario', async ({ page }) => {
  const errors = collectErrors(page);
  await openPlayground(page);
  await page.evaluate(() => window.playground.execute('ls', {}));
  const hash = hashOf({
    version: 1,
    files: { 'notes.md': 'pasted\n' },
    calls: [{ name: 'read', arguments: { path: 'notes.md' } }],
  });
  await page.evaluate((next) => {
    location.hash = next;
  }, hash);
  // A link written by hand records no results: nothing to compare, said plainly and not in green.
  await expect(page.getByTestId('page-notice')).toHaveText(
    "Loaded the scenario from the link: 1 file, 0 registered tools, 1 call re-run: nothing was compared (1 without a recorded result to compare with), so this replay is not checked against what the link's author saw. A link copied from this page records each call's result.",
  );
  await expect(page.getByTestId('page-notice')).toHaveAttribute('data-kind', 'info');
  await expect(page.getByTestId('history-entry')).toHaveCount(1);
  expect(await page.evaluate(() => window.playground.files())).toEqual({ 'notes.md': 'pasted\n' });

  await page.evaluate(() => {
    location.hash = '#scenario=not*base64';
  });
  await expect(page.getByTestId('page-notice')).toHaveText(
    'This link could not be read: The link data is not base64url. The link was cut or changed when it was copied: copy the whole link again. The page keeps what it showed.',
  );
  await expect(page.getByTestId('history-entry')).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('a spill path is referenced in the permalink, so the re-run reads its own spill file', async ({
  page,
  context,
}) => {
  await openPlayground(page);
  const spilled = await page.evaluate(async () => {
    const long = await window.playground.execute('bash', { command: 'seq 1 5000' });
    const path = String(long.details.spilled_path);
    await window.playground.execute('read', { path, offset: 4999 });
    return path;
  });
  expect(spilled).toMatch(/tool-output\/bash-\d+-1\.log$/);
  const scenario = (await page.evaluate(() => window.playground.scenario())) as {
    calls: { recorded?: unknown }[];
  };
  expect(scenario.calls.map(({ recorded: _recorded, ...call }) => call)).toEqual([
    { name: 'bash', arguments: { command: 'seq 1 5000' } },
    { name: 'read', arguments: { path: '{{previous.details.spilled_path}}', offset: 4999 } },
  ]);
  // Each call carries what its result was: success, and a hash of its output.
  for (const call of scenario.calls)
    expect(call.recorded).toMatchObject({ is_error: false, output: expect.stringMatching(/^[0-9a-f]{8}$/) });

  const fresh = await context.newPage();
  await fresh.goto(`/${hashOf(scenario)}`);
  await fresh.evaluate(() => window.playground.ready);
  await expect(fresh.getByTestId('page-notice')).toContainText(
    '2 calls re-run: each gave the result recorded in the link.',
  );
  await expect(fresh.getByTestId('page-notice')).toHaveAttribute('data-kind', 'success');
  await expect(fresh.getByTestId('history-entry').nth(0)).toHaveAttribute('data-error', 'false');
  await expect(
    fresh.getByTestId('channel-output').getByRole('region', { name: 'Output text' }),
  ).toContainText('5000');
});

test('calls made before a replay reset the session are not in the permalink', async ({ page }) => {
  await openPlayground(page);
  await page.evaluate(() => window.playground.execute('ls', {}));
  const replay = page.getByTestId('replay');
  await replay
    .getByRole('button', { name: 'tool_search activates a deferred tool, the next call uses it' })
    .click();
  await replay.getByTestId('replay-step').click();
  await expect(replay.getByTestId('replay-step-item').nth(0)).toHaveAttribute('data-done', 'true');
  const scenario = await page.evaluate(() => window.playground.scenario());
  // Only the replay's first step, a raw call as the model sent it; not the `ls` from before.
  const calls = scenario.calls as object[];
  expect(calls).toHaveLength(1);
  expect(JSON.stringify(calls[0])).toContain('tool_search');
});

test('an oversized permalink says how large it is and what to do instead', async ({ page }) => {
  await page.goto(`/#scenario=${'A'.repeat(1_200_000)}`);
  await page.evaluate(() => window.playground.ready);
  await expect(page.getByTestId('page-notice')).toHaveText(
    'This link could not be read: The link holds 1.1MB of data; this page reads links up to 1.0MB. Share a large session as a file instead (Export session). The page shows the demo instead.',
  );
});
