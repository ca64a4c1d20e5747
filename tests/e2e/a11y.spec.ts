/**
 * Accessibility: axe (WCAG 2.0 to 2.2 A and AA, and best practice) finds no violation in the light
 * theme at desktop width (with a diff, an error and the catalog on screen), both themes follow the
 * system, and the page can be worked with the keyboard alone. The dark theme is scanned in phone.spec.ts,
 * at 390 px, fresh and after a larger workload: one axe run of this page takes about 20 s of CPU.
 */
import { expect, test } from '@playwright/test';
import { axeViolations, openPlayground, outputText, runDiffSearchAndError } from './playground.ts';

test('axe (WCAG 2.2 AA and best practice) finds no violation (light)', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openPlayground(page);
  await runDiffSearchAndError(page);
  await page.getByTestId('workspace-tree').getByRole('button', { name: 'cart.ts' }).click();
  await page.getByText('Register a tool').click();
  expect(await axeViolations(page)).toEqual([]);
});

test('the theme follows the system: light and dark backgrounds', async ({ page }) => {
  for (const [scheme, background] of [
    ['light', 'rgb(245, 246, 248)'],
    ['dark', 'rgb(21, 22, 26)'],
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await openPlayground(page);
    const actual = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(actual).toBe(background);
  }
});

test('keyboard only: pick a tool, edit its arguments, run with Ctrl+Enter, select a history entry', async ({
  page,
}) => {
  await openPlayground(page);
  const codeEditor = page.getByRole('button', { name: 'Code editor' });
  await codeEditor.focus();
  await page.keyboard.press('Enter');
  await expect(codeEditor).toHaveAttribute('aria-pressed', 'false');

  const picker = page.getByTestId('tool-picker');
  await picker.focus();
  await picker.selectOption('ls');
  // The arguments form comes first: its first field takes the arguments and Ctrl+Enter runs them.
  await page.keyboard.press('Tab');
  const path = page.getByTestId('args-form').getByRole('textbox', { name: 'path', exact: true });
  await expect(path).toBeFocused();
  // The field holds the composer's example (src): replaced, as a person would, by selecting it.
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('notes');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(outputText(page)).toContainText('todo.md');
  await expect(page.getByTestId('history-entry')).toHaveCount(1);
  for (
    let step = 0;
    step < 10 && !(await codeEditor.evaluate((element) => element === document.activeElement));
    step++
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(codeEditor).toBeFocused();
  await page.keyboard.press('Tab');
  const args = page.getByTestId('arguments-input');
  await expect(args).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('{"path": "src"}');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(outputText(page)).toContainText('cart.ts');
  // While a call runs, Run is disabled and Tab passes it for Abort; the output is drawn a moment before
  // the call is marked done.
  await expect(page.getByTestId('run-button')).toBeEnabled();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('run-button')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('history-entry')).toHaveCount(3);

  const first = page.getByTestId('history-entry').nth(1).getByRole('button');
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-pressed', 'true');

  const tree = page.getByTestId('workspace-tree');
  await tree.getByRole('button', { name: 'README.md' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('file-content')).toContainText('# Demo shop');
});
