/**
 * The small things: Register starts as direct and refuses a name already taken unless "replace" is
 * ticked; Undo last deletion is disabled with nothing to undo; a light/dark/system theme toggle.
 */
import { expect, test } from '@playwright/test';
import { openPlayground } from './playground.ts';

test('Register defaults to direct and refuses a taken name unless "replace" is ticked', async ({ page }) => {
  await openPlayground(page);
  const form = page.getByTestId('register-form');
  await form.getByText('Register a tool').click();
  await expect(form.getByRole('combobox', { name: 'Mode of the new tool' })).toHaveValue('direct');
  await page.evaluate(() =>
    window.playground.register(
      { name: 'crm_lookup', description: 'Theirs.', parameters: { type: 'object' } },
      'deferred',
    ),
  );
  const spec = { name: 'crm_lookup', description: 'Mine.', parameters: { type: 'object' } };
  await form.getByLabel(/^Tool spec/).fill(JSON.stringify(spec));
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(form.getByTestId('register-error')).toHaveText(
    'A tool named crm_lookup is already registered. Tick "Replace a tool of the same name" to replace it, or rename the new tool.',
  );
  const row = page.getByTestId('catalog').locator('[data-tool="crm_lookup"]');
  await expect(row).toHaveAttribute('data-mode', 'deferred');

  await form.getByLabel('Replace a tool of the same name').check();
  await expect(form.getByTestId('register-error')).toHaveCount(0);
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(row).toHaveAttribute('data-mode', 'direct');
  const declared = await page.evaluate(() => window.playground.declarations());
  expect(declared).toContainEqual(expect.objectContaining({ name: 'crm_lookup', description: 'Mine.' }));
});

test('Undo last deletion is disabled until a command deletes files', async ({ page }) => {
  await openPlayground(page);
  const undo = page.getByTestId('workspace-restore');
  await expect(undo).toBeDisabled();
  await page.evaluate(() => window.playground.execute('bash', { command: 'echo hi > notes/new.txt' }));
  await expect(undo).toBeDisabled();
  await page.evaluate(() => window.playground.execute('bash', { command: 'rm notes/todo.md' }));
  await expect(undo).toBeEnabled();
  await undo.click();
  await expect(undo).toBeDisabled();
});

test('the theme toggle switches light, dark and system, and is remembered', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openPlayground(page);
  const toggle = page.getByTestId('theme-toggle');
  const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  await expect(toggle.getByRole('button', { name: 'System' })).toHaveAttribute('aria-pressed', 'true');
  expect(await background()).toBe('rgb(245, 246, 248)');

  await toggle.getByRole('button', { name: 'Dark' }).click();
  expect(await background()).toBe('rgb(21, 22, 26)');
  await page.reload();
  await page.evaluate(() => window.playground.ready);
  await expect(toggle.getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'true');
  expect(await background()).toBe('rgb(21, 22, 26)');

  await page.emulateMedia({ colorScheme: 'dark' });
  await toggle.getByRole('button', { name: 'Light' }).click();
  expect(await background()).toBe('rgb(245, 246, 248)');
  await toggle.getByRole('button', { name: 'System' }).click();
  expect(await background()).toBe('rgb(21, 22, 26)');
});
