/**
 * examples/playwright-fixture installed from the packed tarball: the spec of docs/testing.md, with
 * `browser-agent-tools/playwright`'s `playground` fixture, passes in Chromium against the built
 * playground and type-checks against the packed types.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLAYGROUND, upToDate } from '../../../bench/lib/built.ts';
import { findChromium } from '../../e2e/chromium.ts';
import { installedExample, ROOT, run, startVite, typeCheck } from './support.ts';

const example = installedExample('playwright-fixture');

/** A spec of Playwright's JSON report, with its nested suites. */
interface ReportSuite {
  specs: { title: string; ok: boolean; tests: { results: { error?: { message?: string } }[] }[] }[];
  suites?: ReportSuite[];
}

/** Each spec's title → `'passed'`, or the message it failed with. */
function specOutcomes(suites: readonly ReportSuite[]): Record<string, string> {
  return Object.fromEntries(
    suites.flatMap((suite): [string, string][] => [
      ...suite.specs.map((spec): [string, string] => [
        spec.title,
        spec.ok ? 'passed' : (spec.tests[0]?.results[0]?.error?.message ?? 'failed'),
      ]),
      ...Object.entries(specOutcomes(suite.suites ?? [])),
    ]),
  );
}

/** Runs `playwright test` in the example with its own @playwright/test; resolves with each spec's outcome. */
async function runPlaywrightExample(baseURL: string): Promise<Record<string, string>> {
  const dir = example.dir();
  const cli = join(dir, 'node_modules/@playwright/test/cli.js');
  const env = { ...process.env, PLAYGROUND_URL: baseURL, CHROMIUM_PATH: findChromium() };
  // A failing spec makes the run exit 1; its report on stdout still says which one and why.
  const { stdout } = await run(process.execPath, [cli, 'test', '--reporter=json'], {
    cwd: dir,
    env,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '{"suites":[]}' }));
  return specOutcomes(JSON.parse(stdout).suites);
}

/**
 * The built playground's directory: dist/playground when it is newer than the sources (`npm test`
 * builds before the unit tests), else a build of the sources into the example's directory.
 */
async function builtPlayground(): Promise<string> {
  if (upToDate(PLAYGROUND, ['dist/playground/index.html'])) return join(ROOT, PLAYGROUND.output);
  const outDir = join(example.dir(), 'playground');
  const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
  await run(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel=error'], {
    cwd: ROOT,
  });
  return outDir;
}

describe('examples/playwright-fixture installed from the packed tarball', () => {
  it('playwright-fixture: its spec passes in Chromium against the built playground', async () => {
    const url = await startVite(example, ['preview', '--outDir', await builtPlayground()], ROOT);
    expect(await runPlaywrightExample(url)).toEqual({
      'a file written by one call is read back by a raw Anthropic call': 'passed',
      'a path outside the workspace fails with its code': 'passed',
      'a deferred tool is declared once tool_search finds it': 'passed',
    });
  }, 240_000);

  it('playwright-fixture: the spec and its config type-check against the packed types', async () => {
    expect(await typeCheck(example.dir())).toBe('no errors');
  }, 60_000);
});
