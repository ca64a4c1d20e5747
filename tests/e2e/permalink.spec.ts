/**
 * Permalinks and embeds: the URL hash holds the compressed scenario; opening it in a fresh page rebuilds
 * the same state and re-runs the calls, giving the same declarations and channels. `?embed=1` renders
 * the compact view.
 */
import { expect, PlaygroundPage, test } from '../../src/playwright/index.ts';

test('a permalink opened in a fresh page rebuilds the same declarations and channels', async ({
  page,
  context,
  playground,
}) => {
  await playground.goto();
  await playground.register(
    {
      type: 'function',
      function: {
        name: 'ticket_open',
        description: 'Open a ticket.',
        parameters: { type: 'object', properties: { title: { type: 'string' } } },
      },
    },
    'deferred',
  );
  await playground.setMode('grep', 'hidden');
  expect(
    await playground.execute('write', { path: 'docs/intro.md', content: '# Intro\nhello\n' }),
  ).toSucceed();
  expect(await playground.execute('tool_search', { query: 'open a ticket' })).toSucceed();
  expect(await playground.execute('ticket_open', { title: 'From the link' })).toSucceed();
  const read = await playground.executeCall({
    type: 'tool_use',
    id: 't1',
    name: 'Read',
    input: { file_path: 'docs/intro.md' },
  });
  expect(read).toSucceed();
  await page.getByTestId('provider-select').selectOption('anthropic');
  // The provider formats load lazily (after ready, or when a format is picked): wait for Anthropic's.
  await expect(page.getByTestId('declaration-json')).toContainText('"input_schema"');
  const declarations = await page
    .getByTestId('declarations')
    .getByTestId('declaration-name')
    .allTextContents();
  expect(declarations).toContain('ticket_open');
  expect(declarations).not.toContain('grep');
  const json = await page.getByTestId('declaration-json').textContent();
  const output = await page
    .getByTestId('channel-output')
    .getByRole('region', { name: 'Output text' })
    .textContent();
  const structured = await page.getByTestId('channel-structured').getByTestId('json-root').textContent();

  await page.getByTestId('permalink-button').click();
  const link = await page.getByTestId('permalink').inputValue();
  expect(link).toMatch(/#scenario=[A-Za-z0-9_-]+$/);
  expect(new URL(page.url()).hash).toBe(new URL(link).hash);

  const freshPlayground = new PlaygroundPage(await context.newPage());
  await freshPlayground.goto({ path: link });
  const fresh = freshPlayground.page;
  await expect(fresh.getByTestId('page-notice')).toContainText(
    'Loaded the scenario from the link: 6 files, 1 registered tool, 4 calls re-run: each gave the result recorded in the link.',
  );
  await expect(fresh.getByTestId('history-entry')).toHaveCount(4);
  await expect(fresh.getByTestId('provider-select')).toHaveValue('anthropic');
  expect(await fresh.getByTestId('declarations').getByTestId('declaration-name').allTextContents()).toEqual(
    declarations,
  );
  await expect(fresh.getByTestId('declaration-json')).toHaveText(json ?? '');
  await expect(fresh.getByTestId('channel-output').getByRole('region', { name: 'Output text' })).toHaveText(
    output ?? '',
  );
  await expect(fresh.getByTestId('channel-structured').getByTestId('json-root')).toHaveText(structured ?? '');
  expect(await freshPlayground.files()).toMatchObject({ 'docs/intro.md': '# Intro\nhello\n' });
  expect(freshPlayground.consoleErrors()).toEqual([]);
});

test('a damaged link says so and shows the demo', async ({ page }) => {
  await page.goto('/#scenario=AAAA');
  await page.evaluate(() => window.playground.ready);
  await expect(page.getByTestId('page-notice')).toContainText(
    'This link could not be read: The link data is damaged',
  );
  // The 8 default declarations and codemode.
  await expect(page.getByTestId('declarations').getByTestId('declaration')).toHaveCount(9);
});

test('?embed=1 with panels=composer,results,declarations renders those panels only', async ({ page }) => {
  await page.goto('/?embed=1&panels=composer,results,declarations');
  await page.evaluate(() => window.playground.ready);
  await expect(page.getByTestId('declarations')).toBeVisible();
  await expect(page.getByTestId('composer')).toBeVisible();
  await expect(page.getByTestId('run-button')).toBeVisible();
  await expect(page.getByTestId('catalog')).toHaveCount(0);
  await expect(page.getByTestId('history')).toHaveCount(0);
  await expect(page.getByTestId('replay')).toHaveCount(0);
  await page.getByRole('button', { name: 'Code editor' }).click();
  // The composer starts ls on src (its example arguments), where the demo project keeps cart.ts.
  await page.getByTestId('tool-picker').selectOption('ls');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('channel-output')).toContainText('cart.ts');
  await expect(page.getByTestId('channel-structured')).toBeVisible();
  await expect(page.getByTestId('channel-details')).toBeVisible();
  await expect(page.getByTestId('channel-control')).toBeVisible();
});
