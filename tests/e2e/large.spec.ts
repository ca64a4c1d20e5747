/**
 * Large payloads keep the page responsive: a host tool's 5 MB output is cut to the output budget with
 * the rest spilled; a 5 MB file is virtualised (only the rows in view exist) and says how big it is; a
 * JSON value of more than 10,000 nodes opens one page of 100 children at a time and says what is hidden.
 * Responsive is judged by the page's work, not the clock: the rows drawn, and no main-thread task of
 * 200 ms of CPU time while it scrolls or opens a page (a task's length would also count the time its
 * thread waited for a core another process held).
 */
import { expect, test } from '@playwright/test';
import { endTaskTrace, longestCpuMs, shownTasks, startTaskTrace, takeTasks } from './main-thread-tasks.ts';
import { openPlayground } from './playground.ts';

/** The most CPU time one main-thread task may take while the page scrolls or opens a page. */
const MAX_TASK_MS = 200;

test('a 5 MB tool output reaches the model cut to its budget, with the rest in a spilled file', async ({
  page,
}) => {
  await openPlayground(page);
  const result = await page.evaluate(async () => {
    await window.playground.setMode('datadog_query_logs', 'direct');
    return window.playground.execute('datadog_query_logs', { query: 'status:error', limit: 60_000 });
  });
  expect(new TextEncoder().encode(result.output).length).toBeLessThan(52 * 1024);
  expect(result.output).toMatch(
    /\[Lines 1-\d+ of 60000 shown \(50\.0KB limit\)\. The full output is in (\S+): read it with offset=\d+ for the rest\.\]$/,
  );
  const counted = await page.evaluate(
    (path) => window.playground.execute('bash', { command: `wc -c < ${path}` }),
    String(result.details.spilled_path),
  );
  expect(Number(counted.output.trim())).toBeGreaterThan(5 * 1024 * 1024);
});

test('a 5 MB file is drawn as a scrolling window and says so', async ({ page }) => {
  await openPlayground(page);
  await page.evaluate(() => {
    const lines = Array.from(
      { length: 60_000 },
      (_, i) =>
        `[req=${String(i).padStart(6, '0')}] GET /api/checkout/cart status=500 duration_ms=${i % 997} error=upstream timeout region=eu`,
    );
    return window.playground.execute('write', { path: 'big.log', content: lines.join('\n') });
  });
  const tree = page.getByTestId('workspace-tree');
  await tree.getByRole('button', { name: 'big.log' }).click();
  const content = page.getByTestId('file-viewer').getByTestId('file-content');
  await expect(content).toHaveAttribute('data-virtual', 'true');
  await expect(content.getByTestId('text-view-note')).toContainText(
    /^60,000 lines, 5\.\dMB: a scrolling view draws only the lines in sight\.$/,
  );
  expect(await content.getByTestId('text-row').count()).toBeLessThan(100);
  await startTaskTrace(page);
  await content.getByRole('region').evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await expect(content.getByTestId('text-row').last()).toContainText('[req=059999]');
  const tasks = await takeTasks(page);
  await endTaskTrace(page);
  expect(await content.getByTestId('text-row').count()).toBeLessThan(100);
  expect(longestCpuMs(tasks), `scrolling to the end: ${shownTasks(tasks)}`).toBeLessThan(MAX_TASK_MS);
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
  await startTaskTrace(page);
  await more.click();
  await expect(structured.getByRole('button', { name: 'Show 100 more (4,800 hidden)' })).toBeVisible();
  const tasks = await takeTasks(page);
  await endTaskTrace(page);
  expect(longestCpuMs(tasks), `showing 100 more: ${shownTasks(tasks)}`).toBeLessThan(MAX_TASK_MS);
});
