/**
 * Backend status: the embedded shell in a Worker by default; picking a WebContainer on this offline
 * machine lets the real boot time out, and the page falls back to the embedded shell and says why.
 * Also the COOP/COEP headers that make a WebContainer possible where the network allows it.
 */
import { expect, test } from '@playwright/test';
import { collectErrors, openPlayground } from './playground.ts';

test('the preview server sends COOP and COEP, so the page is cross-origin isolated', async ({ page }) => {
  const errors = collectErrors(page);
  const response = await page.goto('/');
  expect(response?.headers()['cross-origin-opener-policy']).toBe('same-origin');
  expect(response?.headers()['cross-origin-embedder-policy']).toBe('require-corp');
  expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(true);
  await page.evaluate(() => window.playground.ready);
  expect(errors).toEqual([]);
});

test('picking a WebContainer offline: the real boot times out and the page falls back to the embedded shell, saying why', async ({
  page,
}) => {
  await openPlayground(page);
  const status = page.getByTestId('backend-status');
  await expect(status).toHaveAttribute('data-backend', 'embedded');

  await page.getByLabel('Boot timeout (s)').fill('3');
  const started = Date.now();
  await page.getByRole('button', { name: 'WebContainer' }).click();
  await expect(status).toHaveAttribute('data-phase', 'booting');
  await expect(page.getByTestId('backend-message')).toContainText('gives up after 3 s');

  // The boot gives up at its timeout, not before; the message below says that was the cause.
  await expect(page.getByTestId('backend-fallback')).toBeVisible();
  expect(Date.now() - started).toBeGreaterThanOrEqual(3_000);
  await expect(page.getByTestId('backend-fallback')).toContainText(
    "WebContainer unavailable: the tools keep using the embedded shell. The WebContainer did not start within 3 seconds. Likely causes: stackblitz.com cannot be reached (offline, or a proxy, firewall or content blocker in the way), or the browser blocks cookies and storage for stackblitz.com's frame (third-party cookies blocked, a private window).",
  );
  await expect(status).toHaveAttribute('data-phase', 'ready');
  await expect(status).toHaveAttribute('data-backend', 'embedded');

  const backend = await page.evaluate(() => window.playground.backend());
  expect(backend).toMatchObject({ kind: 'embedded', worker: true, phase: 'ready' });
  expect(backend.fallbackReason).toContain('did not start within 3 seconds');
  const result = await page.evaluate(() => window.playground.execute('bash', { command: 'echo still here' }));
  expect(result.output).toContain('still here');
});
