/**
 * Codemode as a caller in the playground: the `codemode` tool is enabled (lazily) and declared, the
 * composer edits its script, a script's nested calls show under their parent in the history, and a
 * runaway script is stopped while the page stays responsive.
 */
import { expect, type Page, test } from '@playwright/test';
import { endTaskTrace, longestCpuMs, shownTasks, startTaskTrace, takeTasks } from './main-thread-tasks.ts';
import { collectErrors, openPlayground, outputText } from './playground.ts';

const TWO_CALLS = [
  'const [file, listing] = await Promise.all([',
  "  tools.read({ path: 'src/cart.ts' }),",
  "  tools.ls({ path: 'src' }),",
  ']);',
  "console.log('both calls answered');",
  'return { answer: 42, kinds: [typeof file, typeof listing] };',
].join('\n');

/** Selects the codemode tool (caller: model) and keeps its script in the plain text area. */
async function openScript(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Model', exact: true }).click();
  await page.getByTestId('tool-picker').selectOption('codemode');
  await expect(page.getByTestId('script-input')).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Code editor' });
  if ((await toggle.getAttribute('aria-pressed')) === 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
}

async function runScript(page: Page, code: string): Promise<void> {
  await page.getByTestId('script-input').fill(code);
  await page.getByTestId('run-button').click();
}

test('codemode is declared and callable by the model; codemode scripts see the other tools', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await openPlayground(page);
  const declared = (await page.evaluate(() => window.playground.declarations())) as { name: string }[];
  expect(declared.map((spec) => spec.name)).toContain('codemode');
  const picker = page.getByTestId('tool-picker').locator('option');
  await expect(picker.filter({ hasText: /^codemode$/ })).toHaveCount(1);
  await page.getByRole('button', { name: 'Codemode script' }).click();
  await expect(page.getByTestId('codemode-note')).toContainText('Only tools a codemode script may call');
  await expect(picker.filter({ hasText: /^codemode$/ })).toHaveCount(0);
  await expect(picker.filter({ hasText: /^read$/ })).toHaveCount(1);
  await openScript(page);
  await page.getByTestId('script-types').locator('summary').click();
  await expect(page.getByTestId('script-types')).toContainText('declare const tools');
  await expect(page.getByTestId('script-types')).toContainText('read(');
  expect(errors).toEqual([]);
});

test('a script with two parallel calls: channels, and the nested calls under their parent', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await openPlayground(page);
  await openScript(page);
  const entries = page.getByTestId('history-entry');
  await runScript(page, TWO_CALLS);
  await expect(entries).toHaveCount(1);
  const entry = entries.first();
  await expect(entry).toHaveAttribute('data-error', 'false');
  await expect(entry.getByTestId('history-tool').first()).toHaveText('codemode');
  const nested = entry.getByTestId('nested-call');
  await expect(nested).toHaveCount(2);
  await expect(nested.getByTestId('history-tool')).toHaveText(['read', 'ls']);
  await expect(nested.nth(0)).toContainText('src/cart.ts');
  await expect(nested.nth(0)).toHaveAttribute('data-error', 'false');

  await expect(outputText(page)).toContainText('"answer": 42');
  await expect(outputText(page)).toContainText('both calls answered');
  await expect(page.getByTestId('channel-structured')).toContainText('answer');
  await expect(page.getByTestId('channel-structured')).toContainText('calls');
  await expect(page.getByTestId('channel-details')).toContainText('runner');

  const result = await page.evaluate(() =>
    window.playground.execute('codemode', {
      code: "const [a, b] = await Promise.all([tools.ls({ path: '.' }), tools.ls({ path: 'src' })]); return 7;",
    }),
  );
  expect(result.is_error).toBe(false);
  expect((result.structured_output as { result: unknown }).result).toBe(7);
  const calls = (result.details as unknown as { calls: { name: string; is_error: boolean }[] }).calls;
  expect(calls.map((call) => [call.name, call.is_error])).toEqual([
    ['ls', false],
    ['ls', false],
  ]);
  expect(errors).toEqual([]);
});

test('while (true) {} is stopped by Abort and the page stays responsive', async ({ page }) => {
  const errors = collectErrors(page);
  await openPlayground(page);
  await openScript(page);
  await startTaskTrace(page);
  await runScript(page, 'while (true) {}');
  await expect(page.getByTestId('composer-status')).toContainText('Running codemode');
  // The script runs in a Worker: the page handles a click while it spins (the spin never ends, so a
  // page held by it would never open the panel), and no main-thread task of the page's runs long.
  const types = page.getByTestId('script-types');
  await types.locator('summary').click();
  await expect(types).toHaveAttribute('open', '');
  await expect(page.getByTestId('composer-status')).toContainText('Running codemode');
  const tasks = await takeTasks(page);
  await endTaskTrace(page);
  expect(longestCpuMs(tasks), shownTasks(tasks)).toBeLessThan(200);

  await page.getByTestId('abort-button').click();
  const entries = page.getByTestId('history-entry');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toHaveAttribute('data-error', 'true');
  await expect(outputText(page)).toContainText('aborted');

  await page.getByRole('button', { name: 'Raw call' }).click();
  await page.getByRole('button', { name: 'Tool + arguments' }).click();
  await runScript(page, 'return 1 + 1;');
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toHaveAttribute('data-error', 'false');
  await expect(outputText(page)).toContainText('2');
  expect(errors).toEqual([]);
});

test('the Monaco script editor completes tools. from the generated declarations', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = collectErrors(page);
  await openPlayground(page);
  await page.getByTestId('tool-picker').selectOption('codemode');
  await page.getByTestId('script-input').focus();
  const host = page.getByTestId('script-monaco-host');
  await expect(host.locator('.monaco-editor')).toBeVisible({ timeout: 20_000 });
  await host.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText('return await tools.');
  await page.keyboard.press('Control+Space');
  const suggestions = page.locator('.suggest-widget .monaco-list-row');
  await expect(suggestions.filter({ hasText: /^grep/ })).toHaveCount(1, { timeout: 30_000 });
  await expect(suggestions.filter({ hasText: /^read/ })).toHaveCount(1);
  await page.keyboard.press('Escape');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('history-entry')).toHaveCount(1);
  expect(errors).toEqual([]);
});
