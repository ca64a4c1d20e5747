/**
 * A long result stays readable: the cut and the spill file are named at the top, long strings in the
 * JSON tree are collapsed, the channels scroll on their own, and on a phone the page brings the new
 * result into view.
 */
import { expect, test } from '@playwright/test';
import { openPlayground, runInComposer, usePlainEditor } from './playground.ts';

test('bash seq 1 6000 keeps the page short, with the cut and the spill link at the top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPlayground(page);
  await usePlainEditor(page);
  const pageHeight = () => page.evaluate(() => document.documentElement.scrollHeight);
  const heightBefore = await pageHeight();
  await runInComposer(page, 'bash', { command: 'seq 1 6000' });

  const notice = page.getByTestId('truncation-notice');
  await expect(notice).toHaveText(/^Output cut: the model sees \d[\d,]* of 6,000 lines\. Full output: \S+$/);
  const noticeBox = await notice.boundingBox();
  const outputBox = await page.getByTestId('channel-output').boundingBox();
  expect(noticeBox && outputBox && noticeBox.y < outputBox.y).toBe(true);

  const structured = page.getByTestId('channel-structured');
  await expect(
    structured.getByRole('button', { name: /^show [\d,]+ more characters$/ }).first(),
  ).toBeVisible();
  expect((await structured.boundingBox())?.height ?? Infinity).toBeLessThan(400);

  // The result area is bounded (70% of the viewport) and scrolls on its own.
  expect((await pageHeight()) - heightBefore).toBeLessThan(800);

  const historyBefore = await page.getByTestId('history-entry').count();
  const spillPath = (await page.getByTestId('truncation-spill-link').textContent()) ?? '';
  await page.getByTestId('truncation-spill-link').click();
  await expect(page.getByTestId('history-entry')).toHaveCount(historyBefore + 1);
  await expect(page.getByTestId('received-arguments')).toHaveText(JSON.stringify({ path: spillPath }));
});

test('on a phone, running a call scrolls its result into view', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openPlayground(page);
  await page.getByTestId('try-these').getByRole('button', { name: 'bash: run the tests' }).click();
  await expect(page.getByTestId('result')).toBeInViewport();
});
