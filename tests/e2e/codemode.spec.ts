/**
 * Codemode in Chromium with the Worker runner: the shared case matrix (tests/codemode/cases.ts) on the
 * fixture page. The runaway scripts, held to a deadline while they work the CPU hard, are in
 * codemode-runaway.spec.ts, which runs alone.
 */
import { expect, test } from '@playwright/test';
import { type CaseRun, CODEMODE_CASES, withoutDurations } from '../codemode/cases.ts';
import { openCodemodePage, runInPage, serveCodemodePage } from './codemode-fixture.ts';
import type { HarnessInput } from './fixtures/codemode-page.ts';

const pageUrl = serveCodemodePage();

test.describe('codemode cases (Worker runner)', () => {
  for (const testCase of CODEMODE_CASES) {
    if (testCase.only === 'node') continue;
    test(testCase.title, async ({ page }) => {
      const errors = await openCodemodePage(page, pageUrl());
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
