import { expect, type Page, test } from '@playwright/test';

/** The default suite's declarations, in order. */
const DEFAULT_TOOLS = ['read', 'write', 'edit', 'bash', 'grep', 'find', 'ls', 'tool_search'];

/** Collects console errors and uncaught page errors from the moment it is called. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

test('the playground lists the default declarations and renders them per provider', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/');

  const list = page.getByTestId('declarations');
  await expect(list).toBeVisible();
  await expect(list.getByTestId('declaration')).toHaveCount(DEFAULT_TOOLS.length);
  await expect(list.getByTestId('declaration-name')).toHaveText(DEFAULT_TOOLS);

  const select = page.getByTestId('provider-select');
  await select.selectOption('anthropic');
  await expect(select).toHaveValue('anthropic');
  await expect(page.getByTestId('declaration-json')).toContainText('"input_schema"');

  const tokens = page.getByTestId('declaration-tokens');
  await expect(tokens).toHaveText(/^[1-9]\d*$/);
  expect(Number(await tokens.textContent())).toBeGreaterThan(0);

  expect(errors).toEqual([]);
});

test('the preview server makes the page cross-origin isolated', async ({ page }) => {
  const errors = collectErrors(page);
  const response = await page.goto('/');
  expect(response?.headers()['cross-origin-opener-policy']).toBe('same-origin');
  expect(response?.headers()['cross-origin-embedder-policy']).toBe('require-corp');
  expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(true);
  expect(errors).toEqual([]);
});
