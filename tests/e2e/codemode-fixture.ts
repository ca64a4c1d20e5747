/**
 * The codemode fixture page (tests/e2e/fixtures/codemode.html), built and served with Vite's API on a port
 * of its own (its own config, so the playground's vite.config.ts stays untouched), and the helpers the
 * codemode specs drive it with.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { build, type PreviewServer, preview } from 'vite';
import type { HarnessInput, HarnessOutput } from './fixtures/codemode-page.ts';

const FIXTURES = resolve(import.meta.dirname, 'fixtures');
/** Same headers as the playground: the Worker must start on a cross-origin isolated page. */
const HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/** Builds and serves the fixture page for the calling spec file; returns a getter for its URL. */
export function serveCodemodePage(): () => string {
  let outDir = '';
  let server: PreviewServer | undefined;
  let pageUrl = '';
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    outDir = mkdtempSync(join(tmpdir(), 'codemode-e2e-'));
    await build({
      root: FIXTURES,
      configFile: false,
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, rollupOptions: { input: join(FIXTURES, 'codemode.html') } },
      worker: { format: 'es' },
    });
    server = await preview({
      root: FIXTURES,
      configFile: false,
      logLevel: 'warn',
      build: { outDir },
      preview: { port: 0, strictPort: false, headers: HEADERS },
    });
    const base = server.resolvedUrls?.local[0];
    if (!base) throw new Error('the codemode fixture server reported no URL');
    pageUrl = new URL('codemode.html', base).href;
  });
  test.afterAll(async () => {
    await server?.close();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });
  return () => pageUrl;
}

/** Opens the fixture page and collects its errors. */
export async function openCodemodePage(page: Page, url: string): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  await page.goto(url);
  await page.waitForFunction(() => window.codemodeHarness?.ready === true);
  return errors;
}

export function runInPage(page: Page, input: HarnessInput): Promise<HarnessOutput> {
  return page.evaluate((value) => window.codemodeHarness.run(value), input);
}

/** Clicks the page's button and expects the click to be handled (the page's count of them). */
export async function expectResponsive(page: Page, clicks: number): Promise<void> {
  await page.getByRole('button', { name: 'ping' }).click();
  await expect(page.locator('#pings')).toHaveText(String(clicks));
}
