/**
 * Files of 0 B to 1 MiB on the embedded backend in its real Web Worker: written by the `write` tool and
 * by the seam's `writeFile`, then read back by every shell command and tool (src/testing/file-sizes.ts).
 * A Worker's stack is smaller than a page's: from about 63 KB on, the shell used to report such files as
 * missing ("No such file or directory") to cat, head and wc while ls and grep saw them.
 * Reaches inside: probeFileSizes (src/testing/file-sizes.ts) is the probe this spec shares with the
 * conformance case; the testing entry does not export it.
 */
import { expect, test } from '@playwright/test';
import { probeFileSizes } from '../../src/testing/file-sizes.ts';
import { collectErrors, openPlayground } from './playground.ts';

test('every command and tool reads files of 0 B to 1 MiB whole, in the Worker', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = collectErrors(page);
  await openPlayground(page);
  expect(await page.evaluate(() => window.playground.backend())).toMatchObject({
    kind: 'embedded',
    worker: true,
  });
  const problems = await probeFileSizes({
    call: (tool, args) =>
      page.evaluate(([name, input]) => window.playground.execute(name, input), [tool, args] as const),
    writeFile: (path, text) =>
      page.evaluate(([name, content]) => window.playground.writeFiles({ [name]: content }), [
        path,
        text,
      ] as const),
  });
  expect(problems).toEqual([]);
  expect(errors).toEqual([]);
});
