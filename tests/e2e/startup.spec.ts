/**
 * Startup weight: `window.playground.ready` means interactive (catalog, declarations, composer). What
 * the page requests before it stays within 250 KiB gzipped: neither the shell's Worker (just-bash, which
 * starts right after) nor the o200k tokenizer (about 1 MB, loaded when the page is idle) is part of it.
 * Until the tokenizer arrives the declarations show a quick estimate marked "≈", then the exact count.
 * bench section 5 measures the same thing in figures.
 */
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

/** What `ready` may cost, gzipped: the target of the benchmarks' section 5. */
const READY_BUDGET_BYTES = 250 * 1024;

test('before ready the page fetches at most 250 KiB gz, without the Worker or the tokenizer; a first call then waits for the Worker', async ({
  page,
}) => {
  const before: { url: string; gzip: number }[] = [];
  const pending: Promise<void>[] = [];
  let ready = false;
  page.on('request', (request) => {
    if (ready) return;
    pending.push(
      request
        .response()
        .then((response) => response?.body())
        .then(
          (body) =>
            void (body && before.push({ url: request.url(), gzip: gzipSync(body, { level: 9 }).length })),
          () => {},
        ),
    );
  });
  // Hold the tokenizer back, so the estimate is on screen for certain before the exact count.
  let releaseTokenizer: () => void = () => {};
  const tokenizerHeld = new Promise<void>((resolve) => {
    releaseTokenizer = resolve;
  });
  await page.route(/\/tokens-[\w-]+\.js$/, async (route) => {
    await tokenizerHeld;
    await route.continue();
  });
  await page.goto('/');
  await page.evaluate(() => window.playground.ready);
  ready = true;
  await Promise.all(pending);
  const urls = before.map((file) => file.url);
  const total = before.reduce((sum, file) => sum + file.gzip, 0);
  test.info().annotations.push({ type: 'gzip_before_ready_kib', description: (total / 1024).toFixed(1) });
  // The tokenizer chunk is named after src/providers/tokens.ts, the shell's Worker after its entry.
  expect(urls.filter((url) => /\/tokens-[\w-]+\.js$/.test(url))).toEqual([]);
  expect(urls.filter((url) => /\/worker-[\w-]+\.js$/.test(url))).toEqual([]);
  expect(total).toBeLessThanOrEqual(READY_BUDGET_BYTES);

  const tokens = page.getByTestId('token-count');
  await expect(tokens).toHaveText(/^≈[1-9][\d,]*$/);
  await expect(tokens).toHaveAttribute('data-estimate', 'true');
  const result = await page.evaluate(() => window.playground.execute('bash', { command: 'echo first call' }));
  expect(result.output).toContain('first call');
  await expect(page.getByTestId('backend-status')).toHaveAttribute('data-phase', 'ready');

  releaseTokenizer();
  await expect(tokens).toHaveText(/^[1-9][\d,]*$/, { timeout: 30_000 });
  await expect(tokens).not.toHaveAttribute('data-estimate', 'true');
});
