/**
 * The guarantees only a real Worker gives codemode: runaway scripts (a tight loop, 1 GB of memory, native
 * built-ins the interrupt handler never sees) are stopped within the deadline plus one second, and the
 * page stays responsive while they run and right after. These hold the page to a deadline while a script
 * takes a whole core, so playwright.config.ts runs this file alone.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectResponsive, openCodemodePage, runInPage, serveCodemodePage } from './codemode-fixture.ts';

const pageUrl = serveCodemodePage();
const open = (page: Page) => openCodemodePage(page, pageUrl());

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
