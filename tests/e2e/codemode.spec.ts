/**
 * Codemode in Chromium with the Worker runner: the shared case matrix (tests/codemode/cases.ts), and the
 * guarantees only a real Worker gives: runaway scripts (a tight loop, 1 GB of memory, native built-ins
 * the interrupt handler never sees) are stopped within the deadline plus one second, and the page stays
 * responsive while they run and right after.
 *
 * The page is tests/e2e/fixtures/codemode.html, built and served here with Vite's API (its own config, so
 * the playground's vite.config.ts stays untouched), on a port of its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { build, type PreviewServer, preview } from 'vite';
import { type CaseRun, CODEMODE_CASES, withoutDurations } from '../codemode/cases.ts';
import type { HarnessInput, HarnessOutput } from './fixtures/codemode-page.ts';

const FIXTURES = resolve(import.meta.dirname, 'fixtures');
/** Same headers as the playground: the Worker must start on a cross-origin isolated page. */
const HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

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

/** Opens the fixture page and collects its errors. */
async function open(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  await page.goto(pageUrl);
  await page.waitForFunction(() => window.codemodeHarness?.ready === true);
  return errors;
}

function runInPage(page: Page, input: HarnessInput): Promise<HarnessOutput> {
  return page.evaluate((value) => window.codemodeHarness.run(value), input);
}

/** Clicks the page's button and expects the click to be handled at once. */
async function expectResponsive(page: Page, clicks: number): Promise<void> {
  await page.getByRole('button', { name: 'ping' }).click({ timeout: 1000 });
  await expect(page.locator('#pings')).toHaveText(String(clicks), { timeout: 1000 });
}

test.describe('codemode cases (Worker runner)', () => {
  for (const testCase of CODEMODE_CASES) {
    if (testCase.only === 'node') continue;
    test(testCase.title, async ({ page }) => {
      const errors = await open(page);
      const input: HarnessInput = { code: testCase.code };
      if (testCase.timeout !== undefined) input.timeout = testCase.timeout;
      if (testCase.fixture !== undefined) input.fixture = testCase.fixture;
      if (testCase.activate !== undefined) input.activate = testCase.activate;
      if (testCase.next !== undefined) input.next = testCase.next;
      const output = await runInPage(page, input);
      const run: CaseRun = { result: output.result, saved: output.saved };
      if (output.next) run.next = output.next;
      expect(withoutDurations(testCase.observe(run))).toEqual(testCase.expected);
      expect(output.result.details.runner).toBe('worker');
      expect(errors).toEqual([]);
    });
  }
});

test.describe('runaway scripts stop within the deadline plus one second; the page stays responsive', () => {
  const runaway = [
    { name: 'while(true){}', code: 'while (true) {}', timeout: 1, kind: 'timeout' },
    {
      name: 'a 1 GB allocation',
      code: 'const keep = [];\nfor (let i = 0; i < 1024; i++) keep.push(new Uint8Array(1 << 20));\nreturn keep.length;',
      timeout: 1,
      kind: 'memory',
    },
    {
      name: "new Array(2**28).join('x')",
      code: "return new Array(2 ** 28).join('x').length;",
      timeout: 1,
      kind: 'timeout',
    },
    {
      name: 'indexOf over a 2**32 array-like',
      code: 'return Array.prototype.indexOf.call({ length: 2 ** 32 }, 1);',
      timeout: 1,
      kind: 'timeout',
    },
    {
      name: 'GC thrash: pushing arrays until memory runs out',
      code: 'const big = [];\nwhile (true) big.push(new Array(1e5).fill(1));',
      timeout: 1,
      kind: 'memory',
    },
  ] as const;

  for (const [index, script] of runaway.entries()) {
    test(script.name, async ({ page }) => {
      const errors = await open(page);
      await expectResponsive(page, 1);
      const output = await runInPage(page, { code: script.code, timeout: script.timeout });
      expect(output.result.is_error).toBe(true);
      const error = output.result.structured_output.error as { kind: string };
      // A tight loop or a long native call ends at the deadline; a memory hog may hit the cap first.
      expect(script.kind === 'memory' ? ['memory', 'timeout'] : [script.kind]).toContain(error.kind);
      test.info().annotations.push({ type: 'elapsed_ms', description: String(Math.round(output.elapsedMs)) });
      expect(output.elapsedMs).toBeLessThan(script.timeout * 1000 + 1000);
      // The heartbeat ticks every 50 ms on the page's thread: it kept ticking while the script ran.
      expect(output.beats).toBeGreaterThanOrEqual(Math.floor(output.elapsedMs / 50 / 2));
      await expectResponsive(page, 2);
      const after = await runInPage(page, { code: `return ${index} + 1;` });
      expect(after.result.structured_output.result).toBe(index + 1);
      expect(errors).toEqual([]);
    });
  }

  test('an abort from the caller terminates the script at once', async ({ page }) => {
    const errors = await open(page);
    const output = await runInPage(page, { code: 'while (true) {}', timeout: 30, abortAfterMs: 300 });
    expect(output.result.is_error).toBe(true);
    expect(output.result.output).toBe(
      'codemode: The script was aborted before it finished.\nIt made no tool calls.',
    );
    expect(output.elapsedMs).toBeLessThan(300 + 1000);
    await expectResponsive(page, 1);
    const after = await runInPage(page, { code: "return 'next';" });
    expect(after.result.structured_output.result).toBe('next');
    expect(errors).toEqual([]);
  });
});
