/**
 * A permalink records the MCP servers it needs, and its notice offers what to do next: a link made
 * with a call to an MCP server's tool, opened on a fresh page, says in red which calls differed (each
 * beside its record, and a way to its history entry) and offers to connect the server; clicking that
 * connects it (no headers) and runs the link again, green. A link with a call its author saw stopped
 * shows it as recorded, says nothing was compared (neutral, not green) and offers to run it too. Against the reference "everything" server.
 */
import { expect as baseExpect, test } from '@playwright/test';
import { type PlaygroundScenario, scenarioHash } from '../../src/playwright/index.ts';
import { type StartedServer, startEverything } from './mcp-servers.ts';
import { axeViolations, collectErrors, openPlayground } from './playground.ts';

// The machine is shared: give each answer of the server time, not a deadline.
const expect = baseExpect.configure({ timeout: 30_000 });

let everything: StartedServer;

test.beforeAll(async () => {
  everything = await startEverything();
});

test.afterAll(() => everything?.stop());

test('a link that needs an MCP server offers to connect it, then replays green', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await openPlayground(page);
  const scenario = (await page.evaluate(async (url) => {
    // The query string stands for a token passed in the URL: the link leaves it out.
    await window.playground.connectMcp(`${url}?key=secret-key`, { prefix: 'ev_' });
    await window.playground.execute('tool_search', { query: 'ev_echo echo back the message' });
    await window.playground.execute('ev_echo', { message: 'hello from the link' });
    return window.playground.scenario();
  }, everything.url)) as unknown as PlaygroundScenario;
  expect(scenario.calls?.map((call) => call.recorded?.is_error)).toEqual([false, false]);
  expect(scenario.servers?.map((server) => [server.url, server.prefix])).toEqual([[everything.url, 'ev_']]);
  expect(scenario.servers?.[0]?.tools).toContain('ev_echo');
  expect(JSON.stringify(scenario)).not.toContain('secret');

  const fresh = await context.newPage();
  const errors = collectErrors(fresh);
  await openPlayground(fresh, `/${await scenarioHash(scenario)}`);
  const notice = fresh.getByTestId('page-notice');
  await expect(notice).toHaveAttribute('data-kind', 'error');
  await expect(notice).toContainText(
    "call 2 (ev_echo) gave an error (UNKNOWN_TOOL), recorded as a success: its tool is not in this page's catalog",
  );
  const connect = notice.getByRole('button', { name: `Connect ${everything.url} and run the link again` });
  await expect(connect).toBeVisible();

  // Both results side by side, and the way to the call's history entry.
  await notice.getByText('Recorded and now, side by side (2 calls)').click();
  const echo = notice.getByTestId('notice-comparison').filter({ hasText: 'Call 2 (ev_echo)' });
  const cells = (row: string) => echo.getByRole('row', { name: new RegExp(`^${row}`) }).getByRole('cell');
  await expect(cells('Result')).toHaveText(['success', 'error']);
  await expect(cells('Code')).toHaveText(['—', 'UNKNOWN_TOOL']);
  // The link keeps the first line of what the author saw: both sides show text, not only a hash.
  await expect(echo.getByTestId('notice-comparison-recorded-lines')).toHaveText('Echo: hello from the link');
  await expect(echo.getByTestId('notice-comparison-recorded-none')).toHaveCount(0);
  await expect(echo.getByTestId('notice-comparison-lines')).toContainText('Unknown tool "ev_echo"');
  // Call 1 (tool_search) is the older entry, not the one selected after the replay.
  await notice.getByRole('button', { name: 'Show call 1 in the history' }).click();
  const entry = fresh.getByTestId('history-entry').nth(1).getByRole('button').first();
  await expect(entry).toBeFocused();
  await expect(entry).toHaveAttribute('aria-pressed', 'true');
  expect(await axeViolations(fresh, '[data-testid="page-notice"]')).toEqual([]);

  await connect.click();
  await expect(notice).toHaveAttribute('data-kind', 'success');
  await expect(notice).toContainText('2 calls re-run: each gave the result recorded in the link.');
  await expect(fresh.getByTestId('channel-output')).toContainText('hello from the link');
  // The SDK asks for a GET stream after connecting; a server that opens none answers 405.
  expect(errors.filter((error) => !error.includes('405'))).toEqual([]);
});

test('a call shown as recorded runs when the notice is asked to, from the keyboard', async ({ page }) => {
  await openPlayground(page);
  const scenario: PlaygroundScenario = {
    version: 1,
    files: {},
    calls: [
      {
        name: 'bash',
        arguments: { command: 'echo ran this time' },
        recorded: { is_error: true, code: 'COMMAND_TIMED_OUT', output: 'abcdef01' },
      },
    ],
  };
  await page.evaluate(
    (next) => {
      location.hash = next;
    },
    await scenarioHash(scenario),
  );
  const notice = page.getByTestId('page-notice');
  // Nothing ran, so nothing was compared: said plainly, not in green, with the way to run it.
  await expect(notice).toContainText(
    'Loaded the scenario from the link: 0 files, 0 registered tools, 0 calls re-run, 1 shown as recorded (stopped when the link was made, not re-run): nothing was compared, so this replay is not checked against what the link\'s author saw. To re-run the stopped calls, choose "Run the link again, stopped calls included".',
  );
  await expect(notice).toHaveAttribute('data-kind', 'info');
  await expect(page.getByTestId('channel-output')).toContainText('bash: Not re-run');
  const rerun = notice.getByRole('button', { name: 'Run the link again, stopped calls included' });
  const size = await rerun.boundingBox();
  expect(Math.min(size?.width ?? 0, size?.height ?? 0)).toBeGreaterThanOrEqual(24);
  await rerun.focus();
  await page.keyboard.press('Enter');
  await expect(notice).toContainText(
    "Loaded the scenario from the link: 0 files, 0 registered tools, 0 calls re-run, 1 run again though stopped when the link was made (not compared): nothing was compared (1 whose record is a stop), so this replay is not checked against what the link's author saw.",
  );
  await expect(notice).toHaveAttribute('data-kind', 'info');
  await expect(page.getByTestId('channel-output')).toContainText('ran this time');
  await expect(notice.getByRole('button')).toHaveCount(0);
});
