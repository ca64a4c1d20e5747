/**
 * The catalog section: every tool with its mode and effect badges (unknown effects stand out), the demo
 * catalog of deferred tools, in-place mode changes, and the "register a tool" form.
 */
import { expect, test } from '@playwright/test';
import { openPlayground } from './playground.ts';

test('lists the built-ins and at least 40 deferred demo tools with mode and effect badges', async ({
  page,
}) => {
  await openPlayground(page);
  const catalog = page.getByTestId('catalog');
  const rows = catalog.getByTestId('catalog-row');
  expect(await rows.count()).toBeGreaterThanOrEqual(48);
  expect(
    await catalog.locator('[data-testid="catalog-row"][data-mode="deferred"]').count(),
  ).toBeGreaterThanOrEqual(40);

  const read = catalog.locator('[data-tool="read"]');
  await expect(read.getByRole('combobox', { name: 'Mode of read' })).toHaveValue('direct');
  await expect(read.getByTestId('catalog-effects')).toHaveText('read');
  await expect(catalog.locator('[data-tool="bash"]').getByTestId('catalog-effects')).toHaveText('exec');
  await expect(
    catalog.locator('[data-tool="github_merge_pull_request"]').getByTestId('catalog-effects'),
  ).toHaveText('net_write');
  // A tool without annotations or effects: its effects are unknown, and that stands out.
  await expect(
    catalog.locator('[data-tool="kubernetes_get_pods"]').getByTestId('unknown-effects'),
  ).toHaveText('⚠ unknown effects');

  await catalog.getByLabel('Filter tools').fill('slack');
  await expect(rows).toHaveCount(4);
});

test('changing a mode in place changes what the model is given', async ({ page }) => {
  await openPlayground(page);
  const declared = page.getByTestId('declarations').getByTestId('declaration-name');
  await expect(declared).not.toContainText(['github_create_issue']);
  await page.getByRole('combobox', { name: 'Mode of github_create_issue' }).selectOption('direct');
  await expect(declared.filter({ hasText: 'github_create_issue' })).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Mode of read' }).selectOption('hidden');
  await expect(declared.filter({ hasText: /^read$/ })).toHaveCount(0);
  expect(await page.evaluate(() => window.playground.scenario())).toMatchObject({
    modes: { github_create_issue: 'direct', read: 'hidden' },
  });
});

test('registers a spec given in another format, showing its catalog form first', async ({ page }) => {
  await openPlayground(page);
  const form = page.getByTestId('register-form');
  await form.getByText('Register a tool').click();
  const spec = {
    name: 'crm_find_contact',
    description: 'Find a CRM contact by email.',
    input_schema: { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] },
  };
  await form.getByLabel(/^Tool spec/).fill(JSON.stringify(spec));
  await expect(form.getByTestId('register-format')).toHaveText('Read as: Anthropic');
  const preview = form.getByTestId('register-preview');
  await expect(preview).toContainText('"parameters": {');
  await expect(preview).not.toContainText('input_schema');
  await form.getByRole('combobox', { name: 'Mode of the new tool' }).selectOption('direct');
  await form.getByRole('button', { name: 'Register' }).click();

  await expect(page.getByTestId('catalog').locator('[data-tool="crm_find_contact"]')).toHaveAttribute(
    'data-mode',
    'direct',
  );
  await expect(
    page.getByTestId('declarations').getByTestId('declaration-name').filter({ hasText: 'crm_find_contact' }),
  ).toHaveCount(1);
  const result = await page.evaluate(() =>
    window.playground.execute('crm_find_contact', { email: 'ana@example.com' }),
  );
  expect(result.output).toBe('crm_find_contact was called with {"email":"ana@example.com"}.');

  await form.getByLabel(/^Tool spec/).fill('{"name": "bad name!", "parameters": {"type": "object"}}');
  await expect(form.getByTestId('register-error')).toContainText('tool name "bad name!" is not usable');
  await expect(form.getByRole('button', { name: 'Register' })).toBeDisabled();
});
