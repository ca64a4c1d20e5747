/**
 * A 2 KB permalink that replays costly calls (one small input each) must not freeze the page: a shell
 * command writes an 80,000-line file, an edit whose oldText is on every line of it, and a call to a
 * tool whose name is a million characters long. Before each call's cost was bounded by its work, such
 * a link froze the page's main thread for 17 s. A heartbeat installed before the page's own scripts
 * records the longest time the main thread could not run while the link was applied.
 */
import { deflateRawSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { collectErrors } from './playground.ts';

const LINES = 80_000;
// The embedded shell stops a loop after 10,000 iterations, so seq runs 8 times.
const WRITE_BIG = {
  name: 'bash',
  arguments: { command: "for i in 1 2 3 4 5 6 7 8; do seq 1 10000; done | sed 's/$/,/' > big.txt" },
};
const AMBIGUOUS_EDIT = { name: 'edit', arguments: { path: 'big.txt', oldText: ',', newText: ';' } };
const HUGE_NAME = { name: 'q'.repeat(1_000_000), arguments: {} };
const EDIT_ERROR = `edit: oldText matches ${LINES} places in big.txt (lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and ${LINES - 10} more). Add surrounding lines to it so it matches exactly one place, or set replaceAll: true to replace every one.`;
/** Page start-up on a loaded machine included; the frozen page of before stalled for 17 s. */
const MAX_STALL_MS = 5_000;

/** The link for a scenario, encoded as the playground encodes it (deflate-raw, base64url). */
function permalink(calls: object[]): string {
  const scenario = { version: 1, files: { 'README.md': 'hostile inputs\n' }, calls };
  return `/#scenario=${deflateRawSync(Buffer.from(JSON.stringify(scenario))).toString('base64url')}`;
}

/**
 * Opens `link` in a page whose heartbeat (every 50 ms, from before the page's scripts) records the
 * longest gap between ticks; waits for the calls to re-run and for a frame to be painted. Returns the
 * longest stall in ms.
 */
async function openWithHeartbeat(page: Page, link: string, calls: number): Promise<number> {
  await page.addInitScript(() => {
    const heartbeat = { longest: 0, last: performance.now() };
    (window as unknown as { heartbeat: typeof heartbeat }).heartbeat = heartbeat;
    setInterval(() => {
      const now = performance.now();
      heartbeat.longest = Math.max(heartbeat.longest, now - heartbeat.last);
      heartbeat.last = now;
    }, 50);
  });
  await page.goto(link);
  await page.evaluate(() => window.playground.ready);
  await expect(page.getByTestId('page-notice')).toContainText(
    `Loaded the scenario from the link: 1 file, 0 registered tools, ${calls} calls re-run: nothing was compared (${calls} without a recorded result to compare with), so this replay is not checked against what the link's author saw. A link copied from this page records each call's result.`,
  );
  const painted = await page.evaluate(
    () => new Promise<boolean>((resolve) => requestAnimationFrame(() => resolve(true))),
  );
  expect(painted).toBe(true);
  const stall = await page.evaluate(
    () => (window as unknown as { heartbeat: { longest: number } }).heartbeat.longest,
  );
  test.info().annotations.push({ type: 'longest_stall_ms', description: String(Math.round(stall)) });
  return stall;
}

/** Selects the history entry `newestFirst` (0 = the last call) and returns its output text. */
async function selectedOutput(page: Page, newestFirst: number): Promise<string> {
  await page.getByTestId('history-entry').nth(newestFirst).getByRole('button').click();
  const output = page.getByTestId('channel-output').getByRole('region', { name: 'Output text' });
  return (await output.textContent()) ?? '';
}

test('a permalink replaying an ambiguous edit on an 80,000-line file keeps the page responsive', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = collectErrors(page);
  const stall = await openWithHeartbeat(page, permalink([WRITE_BIG, AMBIGUOUS_EDIT]), 2);
  expect(stall).toBeLessThan(MAX_STALL_MS);
  await expect(page.getByTestId('history-entry')).toHaveCount(2);
  expect(await selectedOutput(page, 1)).toBe('(no output)');
  expect(await selectedOutput(page, 0)).toBe(EDIT_ERROR);
  // Its structured data keeps 100 line numbers and the count, not all 80,000 of them.
  const structured = page.getByTestId('channel-structured').getByTestId('json-root');
  await expect(structured).toContainText('line_count');
  expect(((await structured.textContent()) ?? '').length).toBeLessThan(5_000);
  expect(errors).toEqual([]);
});

test('a 2 KB permalink adding a tool name of a million characters keeps the page responsive', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const link = permalink([WRITE_BIG, AMBIGUOUS_EDIT, HUGE_NAME]);
  expect(link.length).toBeLessThan(3_000);
  const errors = collectErrors(page);
  const stall = await openWithHeartbeat(page, link, 3);
  expect(stall).toBeLessThan(MAX_STALL_MS);
  await expect(page.getByTestId('history-entry')).toHaveCount(3);
  await expect(page.getByTestId('history-entry').nth(0)).toHaveAttribute('data-error', 'true');
  expect(await selectedOutput(page, 0)).toMatch(/^Unknown tool "q+/);
  expect(await selectedOutput(page, 1)).toBe(EDIT_ERROR);
  expect(await selectedOutput(page, 2)).toBe('(no output)');
  expect(errors).toEqual([]);
});
