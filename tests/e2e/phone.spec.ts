/**
 * Phone and accessibility: at 390 px (and at 1440 px) nothing is wider than the screen (a fresh page
 * and after a workload), and axe with the WCAG 2.2 AA and best-practice rules finds no violation at all, fresh
 * and after a full workload (an edit, tool_search, an error, a replay step selected, the register form
 * open, Monaco loaded). Skip links reach the main panels.
 */
import { expect, type Page, test } from '@playwright/test';
import { axeViolations, openPlayground, runDiffSearchAndError } from './playground.ts';

/**
 * The page's width, and the elements that stick out past the screen without a scrolling ancestor to
 * hold them (their test id, tag and class), for the failure message.
 */
async function overflowing(page: Page): Promise<{ width: number; culprits: string[] }> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    const held = (element: HTMLElement): boolean => {
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const culprits = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > limit + 0.5 && !held(element))
      .map((element) => {
        const id = element.closest('[data-testid]')?.getAttribute('data-testid') ?? '';
        return `${id} ${element.tagName.toLowerCase()}.${element.className} → ${Math.round(element.getBoundingClientRect().right)}`;
      });
    return { width: document.documentElement.scrollWidth, culprits: culprits.slice(0, 12) };
  });
}

/** The workload of the issue: an edit, tool_search, an error, a replay step, the register form, Monaco. */
async function workload(page: Page): Promise<void> {
  await runDiffSearchAndError(page);
  await page.getByTestId('history-entry').nth(2).getByRole('button').click();
  const replay = page.getByTestId('replay');
  await replay
    .getByRole('button', { name: 'tool_search activates a deferred tool, the next call uses it' })
    .click();
  await replay.getByTestId('replay-step').click();
  await expect(replay.getByTestId('replay-step-item').nth(0)).toHaveAttribute('data-done', 'true');
  await page.getByText('Register a tool').click();
  const codeEditor = page.getByRole('button', { name: 'Code editor' });
  if ((await codeEditor.getAttribute('aria-pressed')) !== 'true') await codeEditor.click();
  await page.getByTestId('arguments-input').click();
  await expect(page.locator('.monaco-editor').first()).toBeVisible({ timeout: 30_000 });
}

test('at 390 px nothing overflows, fresh and after a workload', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await openPlayground(page);
  expect(await overflowing(page)).toEqual({ width: 390, culprits: [] });
  await workload(page);
  await page.getByTestId('history-entry').nth(2).getByRole('button').click();
  expect(await overflowing(page)).toEqual({ width: 390, culprits: [] });
});

test('at 1440 px nothing overflows either, fresh and after a workload', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openPlayground(page);
  expect(await overflowing(page)).toEqual({ width: 1440, culprits: [] });
  await workload(page);
  await page.getByTestId('history-entry').nth(2).getByRole('button').click();
  expect(await overflowing(page)).toEqual({ width: 1440, culprits: [] });
});

test('axe (WCAG 2.2 AA and best practice) finds no violation, fresh and after a workload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await openPlayground(page);
  expect(await axeViolations(page)).toEqual([]);
  await workload(page);
  expect(await axeViolations(page)).toEqual([]);
  // The replay panel's channels are named apart from the result panel's, so no two regions share a name.
  await expect(page.getByRole('region', { name: 'Replay: output channel', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'output channel', exact: true })).toBeVisible();
});

test('the code editor announces its Tab trap and the key that leaves it', async ({ page }) => {
  await openPlayground(page);
  const codeEditor = page.getByRole('button', { name: 'Code editor' });
  if ((await codeEditor.getAttribute('aria-pressed')) !== 'true') await codeEditor.click();
  await page.getByTestId('arguments-input').click();
  await expect(page.locator('.monaco-editor').first()).toBeVisible({ timeout: 30_000 });
  await page.locator('.monaco-editor .view-lines').first().click();
  // The element that holds focus in the editor (a textarea or an EditContext host, by Monaco version).
  const focused = () =>
    page.evaluate(() => {
      const active = document.activeElement;
      return {
        inEditor: active?.closest('.monaco-editor') != null,
        label: active?.getAttribute('aria-label'),
      };
    });
  const inside = await focused();
  expect(inside.inEditor).toBe(true);
  expect(inside.label).toContain(
    'Tab inserts indentation here. Press Control+M (Control+Shift+M on a Mac) to make Tab move focus out of the editor; press it again to indent.',
  );
  await page.keyboard.press('Control+M');
  await page.keyboard.press('Tab');
  expect((await focused()).inEditor).toBe(false);
});

test('skip links are the first Tab stops and move focus to the main panels', async ({ page }) => {
  await openPlayground(page);
  await page.keyboard.press('Tab');
  const first = page.getByRole('link', { name: 'Skip to the call composer and results' });
  await expect(first).toBeFocused();
  await expect(first).toBeInViewport();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.locator('#declarations')).toBeFocused();
  expect(new URL(page.url()).hash).toBe('');
});
