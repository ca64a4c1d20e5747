/**
 * A permalink records the backend its calls ran on: one made on the WebContainer and opened on a page
 * that runs the embedded shell is not green, says why in words, and offers the switch; where the
 * WebContainer cannot start (as here: stackblitz.com is out of reach, so its boot times out), the
 * switch says so and does not run the link again.
 */
import { expect, test } from '@playwright/test';
import { type PlaygroundScenario, scenarioHash } from '../../src/playwright/index.ts';
import { axeViolations, collectErrors, openPlayground } from './playground.ts';

test('a link made on the WebContainer, opened on the embedded shell, says so and offers the switch', async ({
  page,
  context,
}) => {
  await openPlayground(page);
  const scenario = (await page.evaluate(async () => {
    await window.playground.execute('bash', { command: 'echo from the link' });
    return window.playground.scenario();
  })) as unknown as PlaygroundScenario;
  expect(scenario.backend).toBe('embedded');

  const fresh = await context.newPage();
  const errors = collectErrors(fresh);
  await openPlayground(fresh, `/${await scenarioHash({ ...scenario, backend: 'webcontainer' })}`);
  const notice = fresh.getByTestId('page-notice');
  await expect(notice).toHaveAttribute('data-kind', 'error');
  await expect(notice).toContainText(
    'This link was made on the WebContainer backend; this page runs the embedded shell, so its results may differ.',
  );
  expect(await axeViolations(fresh)).toEqual([]);

  // Offline, the boot can only time out: the shortest timeout the page offers.
  await fresh.getByLabel('Boot timeout (s)').fill('1');
  await notice.getByRole('button', { name: 'Switch to the WebContainer and run the link again' }).click();
  await expect(notice).toContainText('WebContainer unavailable: the page keeps the embedded shell.', {
    timeout: 30_000,
  });
  await expect(notice).toContainText('The link was not run again.');
  await expect(notice).toHaveAttribute('data-kind', 'error');
  expect(errors).toEqual([]);
});
