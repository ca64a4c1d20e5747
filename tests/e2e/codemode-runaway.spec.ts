/**
 * The guarantees only a real Worker gives codemode: runaway scripts (a tight loop, 1 GB of memory, native
 * built-ins the interrupt handler never sees) are stopped, and the page stays responsive while they run
 * and right after. Judged by the work, not the clock, so the file runs beside other specs: each script
 * would run for good (or far past its deadline) if nothing stopped it, it ends with the cause of its stop,
 * and no main-thread task of the page's takes 200 ms of CPU time meanwhile. That the stop comes at once
 * once due (the Worker terminated on the deadline's abort) is tests/codemode/worker-runner.test.ts's.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectResponsive, openCodemodePage, runInPage, serveCodemodePage } from './codemode-fixture.ts';
import { endTaskTrace, longestCpuMs, shownTasks, startTaskTrace, takeTasks } from './main-thread-tasks.ts';

const pageUrl = serveCodemodePage();
const open = (page: Page) => openCodemodePage(page, pageUrl());

test.describe('runaway scripts are stopped; the page stays responsive', () => {
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
      await startTaskTrace(page);
      const output = await runInPage(page, { code: script.code, timeout: script.timeout });
      const tasks = await takeTasks(page);
      await endTaskTrace(page);
      expect(output.result.is_error).toBe(true);
      const error = output.result.structured_output.error as { kind: string };
      // A tight loop or a long native call ends at the deadline, not before; a memory hog may hit the
      // cap first.
      expect(script.kind === 'memory' ? ['memory', 'timeout'] : [script.kind]).toContain(error.kind);
      if (error.kind === 'timeout')
        expect(output.elapsedMs).toBeGreaterThanOrEqual(script.timeout * 1000 - 50);
      test.info().annotations.push({ type: 'elapsed_ms', description: String(Math.round(output.elapsedMs)) });
      test.info().annotations.push({ type: 'heartbeats', description: String(output.beats) });
      expect(longestCpuMs(tasks), shownTasks(tasks)).toBeLessThan(200);
      await expectResponsive(page, 2);
      const after = await runInPage(page, { code: `return ${index} + 1;` });
      expect(after.result.structured_output.result).toBe(index + 1);
      expect(errors).toEqual([]);
    });
  }

  test('an abort from the caller terminates the script at once', async ({ page }) => {
    const errors = await open(page);
    // The abort comes 300 ms in, the deadline 30 s in: only the abort can end the script first.
    const output = await runInPage(page, { code: 'while (true) {}', timeout: 30, abortAfterMs: 300 });
    expect(output.result.is_error).toBe(true);
    expect(output.result.output).toBe(
      'codemode: The script was aborted before it finished.\nIt made no tool calls.',
    );
    test.info().annotations.push({ type: 'elapsed_ms', description: String(Math.round(output.elapsedMs)) });
    await expectResponsive(page, 1);
    const after = await runInPage(page, { code: "return 'next';" });
    expect(after.result.structured_output.result).toBe('next');
    expect(errors).toEqual([]);
  });
});
