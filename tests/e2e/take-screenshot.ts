/**
 * Takes the README screenshot (public/screenshot.png) of the built playground, in the light theme,
 * after a few calls. Not a test: run `npm run build`, start `npx vite preview --port 4173`, then
 * `npx tsx tests/e2e/take-screenshot.ts [base URL]`.
 */
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { findChromium } from './chromium.ts';

const base = process.argv[2] ?? 'http://localhost:4173';
const browser = await chromium.launch({
  executablePath: findChromium(),
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage({ viewport: { width: 1600, height: 1000 }, colorScheme: 'light' });
await page.goto(base);
await page.evaluate(() => (window as unknown as { playground: { ready: Promise<void> } }).playground.ready);
await page.evaluate(async () => {
  const api = (
    window as unknown as { playground: { execute(name: string, args: unknown): Promise<unknown> } }
  ).playground;
  await api.execute('tool_search', { query: 'create a GitHub issue', limit: 2 });
  await api.execute('edit', {
    path: 'src/cart.ts',
    oldText: '    sum += item.price * item.qty;',
    newText: '    sum += Math.round(item.price * item.qty * 100) / 100;',
  });
});
await page.getByTestId('workspace-tree').getByRole('button', { name: 'cart.ts' }).click();
// The tokenizer loads once the workspace is up: wait for the exact count rather than the "≈" estimate.
await page.waitForFunction(
  () => /^\d[\d,]*$/.test(document.querySelector('[data-testid="token-count"]')?.textContent ?? ''),
  undefined,
  { timeout: 60_000 },
);
await page.evaluate(() => window.scrollTo(0, 0));
await page.waitForTimeout(300);
await page.screenshot({ path: resolve(import.meta.dirname, '../../public/screenshot.png') });
await browser.close();
console.log('public/screenshot.png written');
