/**
 * Codemode in Chromium with the Worker runner: the shared case matrix (tests/codemode/cases.ts) on the
 * fixture page. The runaway scripts, held to a deadline while they work the CPU hard, are in
 * codemode-runaway.spec.ts, which runs alone.
 *
 * The cases share one page, and so one Worker runner, as a page that runs a model's scripts does: each
 * case builds its own suite and session (the fixture's `run`), so what one case's script did to its
 * tools never reaches the next, and a runner left unable to run by a case fails the cases after it too,
 * which is a failure a page would see as well. A fresh page per case cost a page and a Worker boot
 * each, 37 times per run. A failed case makes Playwright start a new worker, and with it a new page.
 */
import { expect, type Page, test } from '@playwright/test';
import { type CaseRun, CODEMODE_CASES, withoutDurations } from '../codemode/cases.ts';
import { openCodemodePage, runInPage, serveCodemodePage } from './codemode-fixture.ts';
import type { HarnessInput } from './fixtures/codemode-page.ts';

const pageUrl = serveCodemodePage();

let page: Page;
/** The page's errors since the case began. */
let errors: string[] = [];

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  errors = await openCodemodePage(page, pageUrl());
});

test.afterAll(async () => {
  await page.close();
});

test.describe('codemode cases (Worker runner)', () => {
  for (const testCase of CODEMODE_CASES) {
    if (testCase.only === 'node') continue;
    test(testCase.title, async () => {
      errors.length = 0;
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
