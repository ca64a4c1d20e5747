/**
 * What MCP Inspector users look for, in the Connect MCP server panel, against the reference
 * "everything" server on its own Streamable HTTP transport: its resources (listed, read as text, a
 * blob as its size, a failed read in words), its prompts (got with arguments), the wire log of the
 * connection (initialize, tools/list, tools/call, notifications, each timed, opened and copied), and its
 * notifications and log messages after the level is set. One server and one page for the file; each
 * state is worked from the keyboard, passes axe, and fits 390 px.
 */
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { type StartedServer, startEverything } from './mcp-servers.ts';
import { axeViolations, collectErrors } from './playground.ts';

test.describe.configure({ mode: 'serial' });
// The machine is shared: give each answer of the server time, not a deadline.
const expect = baseExpect.configure({ timeout: 30_000 });

let everything: StartedServer;
let page: Page;
let errors: string[];

test.beforeAll(async ({ browser }) => {
  everything = await startEverything();
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  page = await context.newPage();
  errors = collectErrors(page);
  // openPlayground's steps, with the generous wait a shared machine needs.
  await page.goto('/');
  await page.evaluate(() => window.playground.ready);
  await expect(page.getByTestId('backend-status')).toHaveAttribute('data-phase', 'ready');
  const panel = page.getByTestId('mcp-connect');
  await panel.getByTestId('mcp-url').fill(everything.url);
  await panel.getByTestId('mcp-connect-button').click();
  await expect(panel.getByTestId('mcp-server')).toContainText('mcp-servers/everything');
  await expect(panel.getByTestId('mcp-inspector')).toBeVisible();
});

test.afterAll(async () => {
  await page?.context().close();
  everything?.stop();
});

/** The page is no wider than its 390 px screen. */
async function fitsPhone(): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });
}

const inspector = () => page.getByTestId('mcp-inspector');

test('resources: listed on opening, read as text from the keyboard, a blob as its size, a failed read in words', async () => {
  const section = inspector().getByTestId('mcp-resources');
  await section.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(section.locator('summary')).toHaveText('Resources (7 resources)');
  const list = section.getByTestId('resource-list');
  await expect(list.getByRole('listitem').first()).toContainText(
    'Read architecture.mddemo://resource/static/document/architecture.md',
  );
  await expect(section.getByTestId('template-list')).toContainText(
    'demo://resource/dynamic/text/{resourceId}',
  );

  await list.getByRole('button', { name: 'Read architecture.md' }).focus();
  await page.keyboard.press('Enter');
  const text = section.getByTestId('resource-text');
  await expect(text.getByTestId('text-row').first()).toHaveText('# Everything Server – Architecture');
  await expect(
    section.getByRole('region', {
      name: 'mcp-servers/everything: demo://resource/static/document/architecture.md',
    }),
  ).toBeVisible();
  await section.getByTestId('resource-copy').click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    /^# Everything Server – Architecture\n/,
  );

  // A template fills the URI field; the blob it names is shown as its size, not drawn.
  await section.getByTestId('template-list').getByRole('button', { name: 'Use as URI' }).nth(1).click();
  await expect(section.getByTestId('resource-uri')).toHaveValue('demo://resource/dynamic/blob/{resourceId}');
  await section.getByTestId('resource-uri').fill('demo://resource/dynamic/blob/2');
  await section.getByTestId('resource-read').click();
  await expect(section.getByTestId('resource-blob')).toHaveText(
    /^Binary content, \d+B: not drawn; copy it as base64\.$/,
  );

  await section.getByTestId('resource-uri').fill('demo://nope');
  await page.keyboard.press('Enter');
  await expect(section.getByTestId('resource-error')).toHaveText(
    "resources/read of demo://nope failed: MCP error -32602: Resource demo://nope not found. Check the request and the server's log messages in this panel, then try again.",
  );
  expect(await axeViolations(page, '[data-testid="mcp-connect"]')).toEqual([]);
  await fitsPhone();
});

test('prompts: chosen, its required argument filled, got; its messages drawn as text', async () => {
  const section = inspector().getByTestId('mcp-prompts');
  await section.locator('summary').click();
  await expect(section.locator('summary')).toHaveText('Prompts (4 prompts)');
  await section.getByTestId('prompt-select').selectOption('args-prompt');
  const form = section.getByTestId('prompt-form');
  await expect(form).toContainText('city (required)');
  await expect(form.getByTestId('prompt-arg-city')).toHaveAttribute('required', '');
  await form.getByTestId('prompt-arg-city').fill('Lisbon');
  await form.getByTestId('prompt-arg-city').press('Enter');
  const result = section.getByTestId('prompt-result');
  await expect(result).toContainText('args-prompt: 1 message');
  await expect(result.getByTestId('prompt-message')).toHaveCount(1);
  await expect(result.getByTestId('prompt-message').getByTestId('text-row')).toHaveText(
    "What's weather in Lisbon?",
  );

  await section.getByTestId('prompt-select').selectOption('resource-prompt');
  await section.getByTestId('prompt-arg-resourceType').fill('Text');
  await section.getByTestId('prompt-arg-resourceId').fill('3');
  await section.getByTestId('prompt-get').click();
  await expect(result.getByTestId('prompt-message').nth(1).getByTestId('text-row').first()).toHaveText(
    '[resource: demo://resource/dynamic/text/3]',
  );
  expect(await axeViolations(page, '[data-testid="mcp-connect"]')).toEqual([]);
  await fitsPhone();
});

test('wire log: initialize, notifications/initialized, tools/list and a tools/call, each timed; a row opens to its JSON and copies', async () => {
  await page.evaluate(async () => {
    await window.playground.setMode('echo', 'direct');
    await window.playground.execute('echo', { message: 'seen on the wire' });
  });
  const section = inspector().getByTestId('mcp-wire-log');
  await section.locator('summary').click();
  const summaries = section.getByTestId('wire-summary');
  await expect(summaries.nth(0)).toHaveText('initialize #0');
  await expect(summaries.nth(1)).toHaveText('result of #0 (initialize)');
  await expect(summaries.nth(2)).toHaveText('notifications/initialized');
  await expect(summaries.nth(3)).toHaveText('tools/list #1');
  // The log is drawn as its messages come (a busy machine draws it later): wait for the call's rows.
  await expect(summaries.filter({ hasText: /^tools\/call #\d+ echo$/ })).toHaveCount(1);
  await expect(summaries.filter({ hasText: /^result of #\d+ \(tools\/call\)$/ })).toHaveCount(1);
  const all = await summaries.allTextContents();
  await expect(section.getByTestId('wire-row').nth(1).getByTestId('wire-duration')).toHaveText(/^\d+ ms$/);
  await expect(section.getByTestId('wire-row').first()).toContainText('+0 ms→ sentinitialize #0');

  const call = section.getByTestId('wire-row').filter({ hasText: /tools\/call #\d+ echo/ });
  await call.getByTestId('wire-row-toggle').focus();
  await page.keyboard.press('Enter');
  await expect(call.getByTestId('wire-row-toggle')).toHaveAttribute('aria-expanded', 'true');
  await expect(call.getByTestId('wire-message')).toContainText('"name": "echo"');
  await call.getByTestId('wire-copy-message').click();
  const message = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  expect(message).toMatchObject({
    jsonrpc: '2.0',
    method: 'tools/call',
    params: { name: 'echo', arguments: { message: 'seen on the wire' } },
  });

  await section.getByTestId('wire-copy-log').click();
  const log = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  expect(log[0]).toMatchObject({
    seq: 1,
    direction: 'sent',
    offset_ms: 0,
    message: { method: 'initialize' },
  });
  expect(log.length).toBe(all.length);
  expect(await axeViolations(page, '[data-testid="mcp-connect"]')).toEqual([]);
  await fitsPhone();
});

test('notifications and log: the level is set, then the log messages the server sends are listed', async () => {
  const section = inspector().getByTestId('mcp-log');
  await section.locator('summary').click();
  await section.getByTestId('log-level').selectOption('debug');
  await section.getByTestId('log-level-set').click();
  await expect(section).toContainText('set to debug');
  const started = await page.evaluate(async () => {
    await window.playground.setMode('toggle-simulated-logging', 'direct');
    return (await window.playground.execute('toggle-simulated-logging', {})).output;
  });
  expect(started).toMatch(/^Started simulated, random-leveled logging/);
  const rows = section.getByTestId('log-rows').getByTestId('wire-summary');
  await expect(
    rows.filter({
      hasText: /^notifications\/message (debug|info|notice|warning|error|critical|alert|emergency): /,
    }),
  ).not.toHaveCount(0);
  // Only what the server sent unasked is listed here: no request, no answer.
  expect(
    await section
      .getByTestId('log-rows')
      .getByTestId('wire-row')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-kind'))),
  ).toEqual(expect.arrayContaining(['notification']));
  await expect(
    section.getByTestId('log-rows').locator('[data-kind]:not([data-kind="notification"])'),
  ).toHaveCount(0);
  await page.evaluate(() => window.playground.execute('toggle-simulated-logging', {}));
  expect(await axeViolations(page, '[data-testid="mcp-connect"]')).toEqual([]);
  await fitsPhone();
  expect(errors).toEqual([]);
});
