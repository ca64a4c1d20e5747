/**
 * A newcomer's first minutes: every built-in runs from a fresh page with the arguments picking it
 * fills in, the focus moves to the result after Run, the code editor says how to leave it, the first
 * token figure is within 5 % of the exact count, a failed edit never widens a phone's page, and axe's
 * target-size rule holds after a few calls.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { holdTokenizer, openPlayground } from './playground.ts';

const BUILTINS = ['read', 'write', 'edit', 'bash', 'grep', 'find', 'ls', 'tool_search'];

test('each of the eight built-ins runs with the arguments picking it fills in, and Run hands the focus to the result', async ({
  page,
}) => {
  const releaseTokenizer = await holdTokenizer(page);
  await page.goto('/');
  await page.evaluate(() => window.playground.ready);
  const figure = page.getByTestId('declaration-tokens');
  await expect(figure).toHaveText(/^≈[1-9][\d,]*$/);
  await expect(figure).toHaveAttribute('data-estimate', 'true');
  const first = (await figure.textContent()) ?? '';
  releaseTokenizer();
  // The same list counted exactly (tool_search below activates a tool and changes it).
  await expect(figure).toHaveText(/^[1-9][\d,]*$/, { timeout: 60_000 });
  await expect(figure).not.toHaveAttribute('data-estimate', 'true');
  const exact = Number((await figure.textContent())?.replace(/,/g, ''));
  const shown = Number(first.replace(/[≈,]/g, ''));
  expect(Math.abs(shown - exact) / exact, `${first} against ${exact}`).toBeLessThan(0.05);
  await expect(page.getByTestId('backend-status')).toHaveAttribute('data-phase', 'ready', {
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Code editor' }).click();
  const entries = page.getByTestId('history-entry');
  for (const [index, tool] of BUILTINS.entries()) {
    await page.getByTestId('tool-picker').selectOption(tool);
    await page.getByTestId('run-button').focus();
    await page.keyboard.press('Enter');
    await expect(entries).toHaveCount(index + 1, { timeout: 30_000 });
    await expect(entries.first().getByTestId('error-badge'), tool).toHaveCount(0);
    await expect(page.getByTestId('result-panel')).toBeFocused();
  }
});

test('the code editor says how to leave it with the keyboard', async ({ page }) => {
  await openPlayground(page);
  await page.getByTestId('arguments-input').focus();
  await expect(page.getByTestId('editor-keys').first()).toHaveText(
    'In the editor, Tab indents. Press Ctrl+M (Ctrl+Shift+M on a Mac) to make Tab move the focus, or turn the code editor off.',
    { timeout: 30_000 },
  );
});

test('on a phone, a failed edit never widens the page, and target-size holds after a few calls', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openPlayground(page);
  await page.evaluate(async () => {
    await window.playground.execute('edit', {
      path: 'src/cart.ts',
      oldText: 'a line that is not in the file, long enough to need wrapping on a narrow phone screen',
      newText: 'x',
    });
    await window.playground.execute('bash', { command: 'seq 1 3000' });
    await window.playground.execute('tool_search', { query: 'create a GitHub issue' });
    await window.playground.execute('edit', { path: 'src/nope.ts', oldText: 'a', newText: 'b' });
  });
  await expect(page.getByTestId('history-entry')).toHaveCount(4);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const results = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
  expect(results.violations.map((violation) => violation.nodes.map((node) => node.target.join(' ')))).toEqual(
    [],
  );
});
