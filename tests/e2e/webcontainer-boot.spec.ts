/**
 * `bootWebContainerWorkspace` in a real browser (Debian Chromium).
 *
 * The built playground does not expose the WebContainer entry, and this spec must not depend on what
 * the playground looks like, so it brings its own page without touching `src/playground` or the Vite
 * config: before the tests, Vite bundles tests/e2e/fixtures/webcontainer-page.ts (the library's
 * WebContainer entry with `@webcontainer/api` inlined, and the cases of
 * tests/workspace/webcontainer-real-cases.ts) into one ES module in memory, and Playwright routes serve
 *   - `/__webcontainer-boot__.html`: the preview server's own response for `/` (so its real COOP/COEP
 *     headers, and a cross-origin isolated page), with the body replaced by an empty page;
 *   - `/__webcontainer-plain__.html`: an empty page without those headers (not isolated);
 *   - `/__webcontainer-boot__.js`: the bundle, same origin.
 * The page then imports the bundle and calls `bootWebContainerWorkspace`, or one of the cases.
 *
 * The fast-failure tests always run. The real boot runs only with `WEBCONTAINER_E2E=1` and
 * stackblitz.com reachable from here; otherwise it is skipped and says why.
 */
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { build, type Rolldown } from 'vite';
import {
  ASSUMPTIONS_EXPECTED,
  ROUND_TRIP_EXPECTED,
  STAND_IN_CASES_EXPECTED,
} from '../workspace/webcontainer-real-cases.ts';

type PageModule = typeof import('./fixtures/webcontainer-page.ts');

const ISOLATED_PAGE = '/__webcontainer-boot__.html';
const PLAIN_PAGE = '/__webcontainer-plain__.html';
const MODULE = '/__webcontainer-boot__.js';
const EMPTY_PAGE = '<!doctype html><html><head><title>webcontainer boot</title></head><body></body></html>';

const NOT_ISOLATED =
  'This page is not cross-origin isolated (COOP/COEP headers missing), so a WebContainer cannot start.';
const TIMED_OUT_3S =
  "The WebContainer did not start within 3 seconds. Likely causes: stackblitz.com cannot be reached (offline, or a proxy, firewall or content blocker in the way), or the browser blocks cookies and storage for stackblitz.com's frame (third-party cookies blocked, a private window).";
const STILL_PENDING =
  'An earlier WebContainer start did not finish and is still pending; a WebContainer cannot be started again without reloading the page.';

let bundle = '';

test.beforeAll(async () => {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    build: {
      write: false,
      minify: false,
      lib: {
        entry: fileURLToPath(new URL('./fixtures/webcontainer-page.ts', import.meta.url)),
        formats: ['es'],
        fileName: 'webcontainer-boot',
      },
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const results = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  const chunks = results.flatMap((result) => result.output).filter((file) => file.type === 'chunk');
  expect(chunks.map((chunk) => chunk.fileName)).toEqual(['webcontainer-boot.js']);
  bundle = chunks[0]?.code ?? '';
});

/** Serves the fixture page (isolated or not) and the bundle, and opens the page. */
async function openFixture(page: Page, baseURL: string | undefined, isolated: boolean): Promise<void> {
  const origin = baseURL ?? 'http://localhost:4173';
  await page.route(MODULE, (route) => route.fulfill({ body: bundle, contentType: 'text/javascript' }));
  await page.route(ISOLATED_PAGE, async (route) => {
    const response = await route.fetch({ url: new URL('/', origin).toString() });
    const headers = { ...response.headers() };
    delete headers['content-length'];
    delete headers['content-encoding'];
    await route.fulfill({ response, headers, body: EMPTY_PAGE });
  });
  await page.route(PLAIN_PAGE, (route) => route.fulfill({ body: EMPTY_PAGE, contentType: 'text/html' }));
  await page.goto(new URL(isolated ? ISOLATED_PAGE : PLAIN_PAGE, origin).toString());
}

/** What the page's `bootWebContainerWorkspace` resolved to, as plain data. */
type BootOutcome = { ok: true; root: string } | { ok: false; reason: string };

function bootInPage(page: Page, timeoutMs: number): Promise<BootOutcome> {
  return page.evaluate(
    async ({ url, timeoutMs }) => {
      const entry: PageModule = await import(url);
      const result = await entry.bootWebContainerWorkspace({ timeoutMs });
      return result.ok ? { ok: true as const, root: result.workspace.root } : result;
    },
    { url: MODULE, timeoutMs },
  );
}

let reachable: Promise<boolean> | undefined;

/** Whether stackblitz.com answers from this machine within 3 seconds (any HTTP status counts). */
function stackblitzReachable(): Promise<boolean> {
  reachable ??= fetch('https://stackblitz.com/headless?version=1.6.4', {
    method: 'HEAD',
    signal: AbortSignal.timeout(3000),
  }).then(
    () => true,
    () => false,
  );
  return reachable;
}

test('a page without COOP/COEP gets the not-isolated reason at once', async ({ page, baseURL }) => {
  await openFixture(page, baseURL, false);
  expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(false);
  expect(await bootInPage(page, 3000)).toEqual({ ok: false, reason: NOT_ISOLATED });
  // The real-boot cases load in the page too, and stop at the same reason.
  const cases = await page.evaluate(
    async ({ url }) => {
      const entry: PageModule = await import(url);
      return [
        await entry.roundTripReport({ timeoutMs: 3000 }),
        await entry.standInCasesReport({ timeoutMs: 3000 }),
      ];
    },
    { url: MODULE },
  );
  expect(cases).toEqual([{ booted: NOT_ISOLATED }, { booted: NOT_ISOLATED }]);
});

test('in the isolated preview page, a boot that cannot finish gives up after its timeout and is not retried', async ({
  page,
  baseURL,
}) => {
  await openFixture(page, baseURL, true);
  expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(true);
  const online = await stackblitzReachable();
  const first = await bootInPage(page, 3000);
  if (online && first.ok) {
    // StackBlitz answered and the container booted within 3 s: nothing to fall back from.
    expect(first.root.startsWith('/')).toBe(true);
    return;
  }
  expect(first).toEqual({ ok: false, reason: TIMED_OUT_3S });
  // WebContainer.boot() keeps its pending promise for the life of the page: the second call says so.
  expect(await bootInPage(page, 3000)).toEqual({ ok: false, reason: STILL_PENDING });
});

/**
 * Why a real boot cannot run here, or `undefined` when it can. With WEBCONTAINER_E2E_REQUIRED=1 (the
 * real-boot CI job, .github/workflows/webcontainer.yml) a reason fails the test instead of skipping it.
 */
async function realBootSkipReason(): Promise<string | undefined> {
  const reason = await whyNoRealBoot();
  if (reason !== undefined && process.env.WEBCONTAINER_E2E_REQUIRED === '1') {
    throw new Error(`WEBCONTAINER_E2E_REQUIRED=1, but the real boot cannot run: ${reason}`);
  }
  return reason;
}

async function whyNoRealBoot(): Promise<string | undefined> {
  if (process.env.WEBCONTAINER_E2E !== '1') {
    return 'set WEBCONTAINER_E2E=1 to boot a real WebContainer (it downloads the runtime from stackblitz.com)';
  }
  if (!(await stackblitzReachable())) {
    return 'WEBCONTAINER_E2E=1, but https://stackblitz.com did not answer within 3 seconds from this machine';
  }
  return undefined;
}

test('a real WebContainer boots and runs the workspace (WEBCONTAINER_E2E=1, StackBlitz reachable)', async ({
  page,
  baseURL,
}) => {
  const skipReason = await realBootSkipReason();
  if (skipReason !== undefined) {
    console.log(`webcontainer real-boot test skipped: ${skipReason}`);
    test.skip(true, skipReason);
    return;
  }
  test.setTimeout(180_000);
  await openFixture(page, baseURL, true);
  const report = await page.evaluate(
    async ({ url }) => {
      const entry: PageModule = await import(url);
      return entry.roundTripReport({ timeoutMs: 90_000, workdirName: 'e2e' });
    },
    { url: MODULE },
  );
  expect(report).toMatchObject(ROUND_TRIP_EXPECTED);
  expect(['EISDIR', 'ENOTEMPTY']).toContain('rmDirectory' in report ? report.rmDirectory : 'not booted');
});

/**
 * The cases tests/workspace/webcontainer-stand-in.test.ts pins on the stand-in, on the real client: if
 * one fails here, the stand-in has drifted from WebContainer and must be changed with it.
 */
test("the stand-in's cases hold on a real WebContainer (WEBCONTAINER_E2E=1, StackBlitz reachable)", async ({
  page,
  baseURL,
}) => {
  const skipReason = await realBootSkipReason();
  if (skipReason !== undefined) {
    console.log(`webcontainer stand-in cases skipped: ${skipReason}`);
    test.skip(true, skipReason);
    return;
  }
  test.setTimeout(240_000);
  await openFixture(page, baseURL, true);
  const report = await page.evaluate(
    async ({ url }) => {
      const entry: PageModule = await import(url);
      return entry.standInCasesReport({ timeoutMs: 90_000, workdirName: 'cases' });
    },
    { url: MODULE },
  );
  expect(report).toMatchObject({ ...STAND_IN_CASES_EXPECTED, containerPath: expect.stringMatching(/^\//) });
  const description = 'description' in report ? report.description : '';
  // The programs come from the container's PATH (printed above as containerPath), tool chain first.
  expect(description).toContain('node, npm, npx');
  expect(description).not.toContain('jsh');
  // Exit plus a quiet period, not the 5 s the child holds the terminal for.
  expect('openOutput' in report ? report.openOutput?.ms : undefined).toBeLessThan(4_000);
});

/**
 * What the adapter was built on without seeing it from the real client (Ctrl-D after text without a
 * newline, the terminal's echo of piped input, spawn's env merged or replaced, the fs messages' code
 * prefixes), and the demos' loop: a 50 kB line, npm install then a program of node_modules/.bin, a
 * server started with & reaching server-ready, mount keeping other files.
 */
test("the adapter's assumptions hold on a real WebContainer (WEBCONTAINER_E2E=1, StackBlitz reachable)", async ({
  page,
  baseURL,
}) => {
  const skipReason = await realBootSkipReason();
  if (skipReason !== undefined) {
    console.log(`webcontainer assumption cases skipped: ${skipReason}`);
    test.skip(true, skipReason);
    return;
  }
  test.setTimeout(420_000);
  await openFixture(page, baseURL, true);
  const report = await page.evaluate(
    async ({ url }) => {
      const entry: PageModule = await import(url);
      return entry.assumptionsReport({ timeoutMs: 90_000, workdirName: 'assumptions' });
    },
    { url: MODULE },
  );
  // Printed whole, so the job's log shows the real client's answers even when one differs.
  console.log(`webcontainer assumptions: ${JSON.stringify(report)}`);
  expect(report).toMatchObject(ASSUMPTIONS_EXPECTED);
  expect(['merge', 'replace']).toContain('spawnEnv' in report ? report.spawnEnv : 'not booted');
});
