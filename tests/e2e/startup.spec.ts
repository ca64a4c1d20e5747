/**
 * Startup weight: `window.playground.ready` means interactive (catalog, declarations, composer). What
 * the page requests before it stays within 250 KiB gzipped: neither the shell's Worker (just-bash, which
 * starts once the page is idle) nor the o200k tokenizer (about 1 MB, loaded once the Worker is up) is
 * part of it. Until the tokenizer arrives the declarations show a quick estimate marked "≈", then the
 * exact count. bench section 5 measures the same thing in figures.
 */
import { gzipSync } from 'node:zlib';
import { expect, type Request, test } from '@playwright/test';
import { holdTokenizer } from './playground.ts';

/** What `ready` may cost, gzipped: the target of the benchmarks' section 5. */
const READY_BUDGET_BYTES = 250 * 1024;

/** A request the page made, when it made it (ms since the epoch) and its body's gzip size. */
interface Fetched {
  url: string;
  startedAt: number;
  gzip: number;
}

/** `request`'s start time and gzipped body, once its response has arrived (`null` without a body). */
async function fetched(request: Request): Promise<Fetched | null> {
  const body = await (await request.response())?.body().catch(() => null);
  if (!body) return null;
  const gzip = gzipSync(body, { level: 9 }).length;
  return { url: request.url(), startedAt: request.timing().startTime, gzip };
}

test('before ready the page fetches at most 250 KiB gz, without the Worker or the tokenizer; a first call then waits for the Worker', async ({
  page,
}) => {
  const requests: Promise<Fetched | null>[] = [];
  page.on('request', (request) => void requests.push(fetched(request)));
  // Hold the tokenizer back, so the estimate is on screen for certain before the exact count.
  const releaseTokenizer = await holdTokenizer(page);
  await page.goto('/');
  // The page's own clock when `ready` resolved: requests are sorted by when they were made, whatever
  // the page starts right after `ready` while this test reads it.
  const readyAt = await page.evaluate(() => window.playground.ready.then(() => Date.now()));

  const tokens = page.getByTestId('token-count');
  await expect(tokens).toHaveText(/^≈[1-9][\d,]*$/);
  await expect(tokens).toHaveAttribute('data-estimate', 'true');
  const result = await page.evaluate(() => window.playground.execute('bash', { command: 'echo first call' }));
  expect(result.output).toContain('first call');
  await expect(page.getByTestId('backend-status')).toHaveAttribute('data-phase', 'ready');

  releaseTokenizer();
  await expect(tokens).toHaveText(/^[1-9][\d,]*$/, { timeout: 30_000 });
  await expect(tokens).not.toHaveAttribute('data-estimate', 'true');

  const settled = (await Promise.all(requests.splice(0))).filter((file) => file !== null);
  const before = settled.filter((file) => file.startedAt <= readyAt);
  const total = before.reduce((sum, file) => sum + file.gzip, 0);
  test.info().annotations.push({ type: 'gzip_before_ready_kib', description: (total / 1024).toFixed(1) });
  // The shell's Worker and the tokenizer were fetched, after ready: the call above ran in the one and
  // the exact count came from the other.
  const worker = /\/worker-[\w-]+\.js$/;
  expect(settled.filter((file) => worker.test(file.url)).length).toBeGreaterThan(0);
  const beforeUrls = before.map((file) => file.url);
  expect(beforeUrls.filter((url) => worker.test(url))).toEqual([]);
  // The tokenizer chunk is named after src/providers/tokens.ts.
  const tokenizer = /\/tokens-[\w-]+\.js$/;
  expect(settled.filter((file) => tokenizer.test(file.url)).length).toBeGreaterThan(0);
  expect(beforeUrls.filter((url) => tokenizer.test(url))).toEqual([]);
  expect(before.length).toBeGreaterThan(3);
  expect(total).toBeLessThanOrEqual(READY_BUDGET_BYTES);
});
