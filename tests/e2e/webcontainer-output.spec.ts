/**
 * The playground on its WebContainer backend, with a program's terminal output of a megabyte: a line
 * without `\r` and a line of `\r` frames come back as the text a terminal leaves, the page goes on to
 * the next call, and a program still printing at its timeout is stopped with the timeout result.
 * Stripping that output took time quadratic in a line without `\r` (a 1 MB line: hours, holding the
 * page's thread and the call past its timeout).
 *
 * This machine cannot reach stackblitz.com, so the built page gets the stand-in container of
 * tests/workspace/webcontainer-stand-in.ts in place of its `@webcontainer/api` chunk (a Playwright
 * route; tests/e2e/fixtures/webcontainer-stand-in-api.ts, bundled by Vite before the tests). All else
 * is the page as built: its backend switch, the library's adapter, the bash tool, the channels.
 */
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { build, type Rolldown } from 'vite';
import { collectErrors, openPlayground } from './playground.ts';

const MEGABYTE = 1024 * 1024;

/** The chunk of `@webcontainer/api`: the one module of the page that exports `WebContainer`. */
const API_CHUNK = /export\s*\{[^}]*\bas WebContainer\s*\}/;

let standInBundle = '';

test.beforeAll(async () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    root,
    // just-bash imports node:zlib for gzip; the page's build gives it the same stand-in.
    resolve: {
      alias: [
        {
          find: /^node:zlib$/,
          replacement: fileURLToPath(
            new URL('../../src/workspace/just-bash/node-zlib-stand-in.ts', import.meta.url),
          ),
        },
      ],
    },
    build: {
      write: false,
      minify: false,
      lib: {
        entry: fileURLToPath(new URL('./fixtures/webcontainer-stand-in-api.ts', import.meta.url)),
        formats: ['es'],
        fileName: 'webcontainer-stand-in-api',
      },
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const results = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  const chunks = results.flatMap((result) => result.output).filter((file) => file.type === 'chunk');
  expect(chunks.map((chunk) => chunk.fileName)).toEqual(['webcontainer-stand-in-api.js']);
  standInBundle = chunks[0]?.code ?? '';
});

/**
 * Serves the stand-in for the page's `@webcontainer/api` chunk. Gives back a count of the times it
 * was served, so a test knows the page booted the stand-in and nothing else.
 */
async function serveStandIn(page: Page): Promise<() => number> {
  let served = 0;
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (!API_CHUNK.test(body)) return route.fulfill({ response, body });
    served += 1;
    const headers = { ...response.headers() };
    delete headers['content-length'];
    delete headers['content-encoding'];
    return route.fulfill({ response, headers, body: standInBundle });
  });
  return () => served;
}

/** Opens the playground and switches it to the WebContainer backend (the stand-in). */
async function openOnWebContainer(page: Page): Promise<void> {
  const served = await serveStandIn(page);
  await openPlayground(page);
  await page.getByRole('button', { name: 'WebContainer' }).click();
  const status = page.getByTestId('backend-status');
  await expect(status).toHaveAttribute('data-backend', 'webcontainer');
  await expect(status).toHaveAttribute('data-phase', 'ready');
  expect(served()).toBe(1);
}

/** A bash call from the page, as the model makes it. */
function bash(page: Page, args: { command: string; timeout?: number }) {
  return page.evaluate((input) => window.playground.execute('bash', input), args);
}

/** The rows the output channel draws of the shown call's output. */
function outputRows(page: Page) {
  return page.getByTestId('channel-output').getByTestId('text-row');
}

/** What `print-line <count>` prints: the digits 0-9 over and over (see the fixture). */
function digits(count: number): string {
  return '0123456789'.repeat(Math.ceil(count / 10)).slice(0, count);
}

/** The bash tool's cut: the last 50 KB of a line. */
const SHOWN = 50 * 1024;

test('a 1 MB line without \\r and a 1 MB line of \\r frames show as a terminal leaves them, and the next call runs', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = collectErrors(page);
  await openOnWebContainer(page);

  const line = await bash(page, { command: `print-line ${MEGABYTE}` });
  const spilled = String(line.details.spilled_path);
  const tail = digits(MEGABYTE).slice(-SHOWN);
  expect(line).toMatchObject({
    is_error: false,
    output: `${tail}\n\n[Last 50.0KB of line 1 shown (50.0KB limit; the output is 1.0MB). The full output is in ${spilled}: read it with offset=1 for the rest.]`,
  });
  // The channel draws the first 5,000 characters of a line and says how many it left out.
  await expect(outputRows(page)).toHaveText([
    `${tail.slice(0, 5000)} ⟪46,200 more characters in this line⟫`,
    '',
    `[Last 50.0KB of line 1 shown (50.0KB limit; the output is 1.0MB). The full output is in ${spilled}: read it with offset=1 for the rest.]`,
  ]);
  // The whole line was kept, and nothing but its digits: the file holds the stripped output.
  expect(await bash(page, { command: `wc -c < ${spilled}; tr -d 0-9 < ${spilled} | wc -c` })).toMatchObject({
    is_error: false,
    output: `${MEGABYTE}\n0`,
  });

  const frames = await bash(page, { command: `print-frames ${MEGABYTE} added 3 packages in 2s` });
  expect(frames).toMatchObject({ is_error: false, output: 'added 3 packages in 2s' });
  await expect(outputRows(page)).toHaveText(['added 3 packages in 2s']);

  // The page goes on: another call runs on the same backend.
  expect(await bash(page, { command: 'echo still here' })).toMatchObject({
    is_error: false,
    output: 'still here',
  });
  await expect(outputRows(page)).toHaveText(['still here']);
  expect(errors).toEqual([]);
});

test('a program that keeps printing a 1 MB line past its timeout is stopped with the timeout result', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = collectErrors(page);
  await openOnWebContainer(page);
  const result = await bash(page, { command: `print-forever ${MEGABYTE}`, timeout: 2 });
  const spilled = String(result.details.spilled_path);
  // Its line is over 50 KB, so the model sees the lines after it: the adapter's notice (an
  // unfinished last line reads as a prompt) and the timeout.
  const expected = [
    "[print-forever was still running at the stop and its output ends in an unfinished line: it was probably waiting for input. Its stdin is closed (nobody can type an answer), so pass the answers as flags (for example --yes, -y, or the create tool's options) or pipe them in: printf 'y\\n' | print-forever ...]",
    '',
    `[Lines 2-2 of 2 shown (50.0KB limit). The full output is in ${spilled}: read it with offset=1 for the earlier lines.]`,
    '',
    'bash: Command timed out after 2 seconds and was stopped. If it needs more time, run it again with a larger timeout (at most 600 seconds); a server or watcher that never exits cannot run here.',
  ];
  expect(result).toMatchObject({
    is_error: true,
    output: expected.join('\n'),
    structured_output: { error: { code: 'COMMAND_TIMED_OUT', exit_code: 124 } },
  });
  await expect(outputRows(page)).toHaveText(expected);
  // What it printed before the stop was kept: a first megabyte of the line's digits and nothing else.
  const kept = `head -c ${MEGABYTE} ${spilled} | wc -c; head -c ${MEGABYTE} ${spilled} | tr -d 0-9 | wc -c`;
  expect(await bash(page, { command: kept })).toMatchObject({ is_error: false, output: `${MEGABYTE}\n0` });
  expect(await bash(page, { command: 'echo still here' })).toMatchObject({ output: 'still here' });
  expect(errors).toEqual([]);
});
