/**
 * Large payloads keep the page responsive: a 5 MB output is virtualised (only the rows in view exist)
 * and says how big it is; a JSON value of more than 10,000 nodes opens one page of 100 children at a
 * time and says what is hidden.
 */
import { expect, type Page, test } from '@playwright/test';
import { openPlayground, outputText } from './playground.ts';

/** Milliseconds until the page paints again. */
function frameDelay(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const started = performance.now();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0));
      }),
  );
}

test('a 5 MB output is drawn as a scrolling window and says so', async ({ page }) => {
  await openPlayground(page);
  const bytes = await page.evaluate(async () => {
    await window.playground.setMode('datadog_query_logs', 'direct');
    const result = await window.playground.execute('datadog_query_logs', {
      query: 'status:error',
      limit: 60_000,
    });
    return new TextEncoder().encode(result.output).length;
  });
  expect(bytes).toBeGreaterThan(5 * 1024 * 1024);
  const channel = page.getByTestId('channel-output');
  await expect(channel.locator('[data-virtual="true"]').getByTestId('text-view-note')).toContainText(
    /^60,000 lines, 5\.\d MB: a scrolling view draws only the lines in sight\.$/,
  );
  await expect(page.getByTestId('output-tokens')).toContainText('(estimated)');
  expect(await outputText(page).getByTestId('text-row').count()).toBeLessThan(100);
  expect(await frameDelay(page)).toBeLessThan(500);

  await outputText(page).evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await expect(outputText(page).getByTestId('text-row').last()).toContainText('[req=');
  expect(await outputText(page).getByTestId('text-row').count()).toBeLessThan(100);
  expect(await frameDelay(page)).toBeLessThan(500);
});

test('a JSON value of more than 10,000 nodes opens a page at a time and says what is hidden', async ({
  page,
}) => {
  await openPlayground(page);
  await page.evaluate(async () => {
    await window.playground.setMode('grafana_query_metrics', 'direct');
    await window.playground.execute('grafana_query_metrics', { expr: 'up', series: 2, points: 5000 });
  });
  const structured = page.getByTestId('channel-structured');
  await expect(structured).toContainText(/[\d,]+ nodes, nesting depth 5\./);
  const nodes = Number(
    (await structured.getByTestId('json-size').textContent())?.split(' ')[0]?.replace(/,/g, ''),
  );
  expect(nodes).toBeGreaterThan(10_000);
  await structured
    .getByRole('button', { name: /values: \[…\] 5,000 items/ })
    .first()
    .click();
  const more = structured.getByRole('button', { name: 'Show 100 more (4,900 hidden)' });
  await expect(more).toBeVisible();
  expect(await structured.locator('li').count()).toBeLessThan(400);
  await more.click();
  await expect(structured.getByRole('button', { name: 'Show 100 more (4,800 hidden)' })).toBeVisible();
  expect(await frameDelay(page)).toBeLessThan(500);
});
