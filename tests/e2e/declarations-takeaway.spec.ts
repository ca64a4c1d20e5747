/**
 * Declarations to take away: Copy and Download in the chosen format hold the full text (the view cuts
 * lines over 5,000 characters), and a tool opened from the declarations or the catalog shows its
 * schema, effects, mode and tokens per format.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { openPlayground } from './playground.ts';

const LONG_DESCRIPTION = `Looks a customer up. ${'All the details a long MCP description carries. '.repeat(150)}`;

test('Copy and Download hold the whole list in the chosen format, long lines included', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openPlayground(page, '/', { exactTokens: true });
  await page.evaluate(
    (description) =>
      window.playground.register(
        { name: 'crm_lookup', description, parameters: { type: 'object', properties: {} } },
        'direct',
      ),
    LONG_DESCRIPTION,
  );
  const panel = page.getByTestId('declarations');
  await expect(panel.getByTestId('declaration-name').filter({ hasText: 'crm_lookup' })).toHaveCount(1);

  await panel.getByTestId('copy-declarations').click();
  await expect(panel.getByTestId('copy-declarations')).toHaveText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(LONG_DESCRIPTION);
  expect(JSON.parse(copied)).toEqual(await page.evaluate(() => window.playground.declarations()));

  await page.getByTestId('provider-select').selectOption('anthropic');
  const downloading = page.waitForEvent('download');
  await panel.getByTestId('download-declarations').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('declarations-anthropic.json');
  const saved = await readFile((await download.path()) ?? '', 'utf8');
  expect(JSON.parse(saved)).toEqual(await page.evaluate(() => window.playground.declarations('anthropic')));
});

test('a tool opened from the declarations or the catalog shows its schema, effects, mode and tokens', async ({
  page,
}) => {
  await openPlayground(page, '/', { exactTokens: true });
  await page.getByTestId('declarations').getByRole('button', { name: 'read', exact: true }).click();
  const view = page.getByTestId('tool-view');
  await expect(view.getByRole('heading', { level: 2 })).toHaveText('read');
  await expect(view.getByTestId('tool-view-mode')).toHaveText('direct');
  await expect(view.getByTestId('tool-view-effects')).toHaveText('read');
  await expect(view.getByTestId('tool-view-schema')).toContainText('"path": {');
  const tokens = view.getByTestId('tool-view-tokens').locator('tr');
  await expect(tokens).toHaveCount(6);
  await expect(tokens.filter({ hasText: 'Anthropic' })).toHaveText(/^Anthropic\d[\d,]* tokens$/);
  await view.getByRole('button', { name: 'Close' }).click();
  await expect(view).toHaveCount(0);

  await page.getByTestId('catalog').getByRole('button', { name: 'github_create_issue', exact: true }).click();
  await expect(view.getByRole('heading', { level: 2 })).toHaveText('github_create_issue');
  await expect(view.getByTestId('tool-view-mode')).toHaveText('deferred');
  await page.keyboard.press('Escape');
  await expect(view).toHaveCount(0);
});
