/**
 * The first visit: Run on the untouched composer succeeds and shows the demo's buggy file, and the
 * "Try these" strip runs a shell command, an edit with its diff, a tool_search that activates a
 * deferred tool, and a codemode script, one click each.
 */
import { expect, test } from '@playwright/test';
import { openPlayground, outputText } from './playground.ts';

test('Run on the untouched page reads src/cart.ts instead of answering INVALID_PATH', async ({ page }) => {
  await openPlayground(page);
  await page.getByTestId('run-button').click();
  const result = page.getByTestId('result');
  await expect(result).toHaveAttribute('data-error', 'false');
  await expect(outputText(page)).toContainText('export function total(items: Item[]): number {');
});

test('each "Try these" call runs in one click and succeeds', async ({ page }) => {
  await openPlayground(page);
  const strip = page.getByTestId('try-these');
  const result = page.getByTestId('result');

  await strip.getByRole('button', { name: 'bash: run the tests' }).click();
  await expect(outputText(page)).toContainText('not ok 2401 - cart: totals are rounded to cents');

  await strip.getByRole('button', { name: 'edit: fix the rounding bug (diff)' }).click();
  await expect(result).toHaveAttribute('data-error', 'false');
  await expect(page.getByTestId('channel-details')).toContainText('+  return Math.round(sum * 100) / 100;');

  await strip.getByRole('button', { name: 'tool_search: activate a GitHub tool' }).click();
  await expect(result).toHaveAttribute('data-error', 'false');
  await expect(outputText(page)).toContainText('github_create_issue');
  await expect(page.getByTestId('tool-picker').locator('option[value="github_create_issue"]')).toHaveCount(1);

  await strip.getByRole('button', { name: 'codemode: two calls in one script' }).click();
  await expect(result).toHaveAttribute('data-error', 'false');
  await expect(page.getByTestId('call-summary')).toContainText('codemode');
  await expect(page.getByTestId('history-entry')).toHaveCount(4);
});
