/**
 * examples/vite-react installed from the packed tarball: in Chromium from the dev server and from a
 * production build, with no alias or worker option in its config, the page runs a bash command in the
 * Worker workspace and a codemode script.
 */
import { chromium } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { findChromium } from '../../e2e/chromium.ts';
import { installedExample, run, startVite } from './support.ts';

const example = installedExample('vite-react');

/** Opens the example page in Chromium and returns what it shows once the demo finished. */
async function pageResults(url: string): Promise<Record<string, string>> {
  const browser = await chromium.launch({ executablePath: findChromium() });
  try {
    const page = await browser.newPage();
    await page.goto(url);
    await page.getByTestId('status').filter({ hasNotText: 'running' }).waitFor({ timeout: 60_000 });
    const read = async (id: string): Promise<string> =>
      (await page.getByTestId(id).count()) ? ((await page.getByTestId(id).textContent()) ?? '') : '';
    return {
      status: await read('status'),
      error: await read('error'),
      bash: await read('bash'),
      codemode: await read('codemode'),
    };
  } finally {
    await browser.close();
  }
}

/** What the page must show: the bash call in the Worker workspace and the codemode script's result. */
function expectDemo(results: Record<string, string>): void {
  expect(results.error).toBe('');
  expect(results.status).toBe('done');
  const bash = JSON.parse(results.bash ?? '');
  expect(bash.is_error).toBe(false);
  expect(bash.output).toBe('2 notes.txt');
  const script = JSON.parse(results.codemode ?? '');
  expect(script.is_error).toBe(false);
  expect(script.structured_output.result).toBe(3);
}

describe('examples/vite-react installed from the packed tarball', () => {
  it('vite-react: the Worker workspace and codemode run from the dev server', async () => {
    expectDemo(await pageResults(await startVite(example, [])));
  }, 90_000);

  it('vite-react: the same page runs from a production build', async () => {
    await run('npx', ['vite', 'build'], { cwd: example.dir() });
    expectDemo(await pageResults(await startVite(example, ['preview'])));
  }, 90_000);
});
