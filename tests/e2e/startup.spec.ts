/**
 * Startup weight: the o200k tokenizer (about 1 MB gzipped) is not among what the page fetches before
 * `window.playground.ready`; it arrives afterwards and the declarations then show their exact token
 * count. The gzip size of everything fetched before ready is recorded as an annotation.
 */
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

test('the tokenizer is fetched after the page is ready, and the exact count then appears', async ({
  page,
}) => {
  const before: { url: string; gzip: number }[] = [];
  const pending: Promise<void>[] = [];
  let ready = false;
  page.on('response', (response) => {
    if (ready) return;
    pending.push(
      response.body().then(
        (body) => {
          before.push({ url: response.url(), gzip: gzipSync(body).length });
        },
        () => {},
      ),
    );
  });
  await page.goto('/');
  await page.evaluate(() => window.playground.ready);
  ready = true;
  await Promise.all(pending);
  const total = before.reduce((sum, file) => sum + file.gzip, 0);
  test.info().annotations.push({ type: 'gzip_before_ready_kib', description: (total / 1024).toFixed(1) });
  // The tokenizer chunk is named after src/providers/tokens.ts; its ranks table is the 1 MB.
  expect(before.map((file) => file.url).filter((url) => /\/tokens-[\w-]+\.js$/.test(url))).toEqual([]);
  expect(total).toBeLessThan(600 * 1024);
  await expect(page.getByTestId('token-count')).toHaveText(/^[\d,]+$/, { timeout: 30_000 });
});
