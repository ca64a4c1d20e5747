/**
 * The declarations section: the exact list the model gets next, in catalog form and each provider's
 * format, its token count, the per-mode savings breakdown, and the activation diff after tool_search.
 */
import { expect, test } from '@playwright/test';
import { collectErrors, openPlayground, runInComposer, usePlainEditor } from './playground.ts';

/** The default suite's declarations, in order. */
/** The built-ins, tool_search, and codemode (enabled by the page at start). */
const DEFAULT_TOOLS = ['read', 'write', 'edit', 'bash', 'grep', 'find', 'ls', 'tool_search', 'codemode'];

test('lists the default declarations and renders them per provider with a token count', async ({ page }) => {
  const errors = collectErrors(page);
  await openPlayground(page, '/', { exactTokens: true });
  const section = page.getByTestId('declarations');
  await expect(section.getByTestId('declaration-name')).toHaveText(DEFAULT_TOOLS);
  const tokens = page.getByTestId('token-count');
  await expect(tokens).toHaveText(/^[1-9][\d,]*$/);

  const select = page.getByTestId('provider-select');
  const json = page.getByTestId('declaration-json');
  const keys: [string, string][] = [
    ['catalog', '"parameters"'],
    ['openai-chat', '"function": {'],
    ['openai-responses', '"strict": false'],
    ['anthropic', '"input_schema"'],
    ['gemini', '"functionDeclarations"'],
    ['mcp', '"inputSchema"'],
  ];
  const counts = new Set<string>();
  for (const [format, key] of keys) {
    await select.selectOption(format);
    await expect(json).toContainText(key);
    counts.add((await tokens.textContent()) ?? '');
  }
  expect(counts.size).toBeGreaterThan(1);
  const api = await page.evaluate(() => window.playground.declarations('anthropic'));
  expect((api as { name: string }[]).map((tool) => tool.name)).toEqual(DEFAULT_TOOLS);
  expect(errors).toEqual([]);
});

test('shows what each exposure mode saves against declaring everything directly', async ({ page }) => {
  await openPlayground(page, '/', { exactTokens: true });
  const savings = page.getByTestId('savings');
  const deferred = savings.locator('tr[data-mode="deferred"]');
  const cells = deferred.locator('td');
  await expect(cells.nth(0)).toHaveText(/^\d+$/);
  const [tools, declared, ifDirect, saved] = await cells.allTextContents();
  expect(Number(tools)).toBeGreaterThanOrEqual(40);
  expect(declared).toBe('0');
  expect(Number(ifDirect?.replace(/,/g, ''))).toBeGreaterThan(1000);
  expect(saved).toBe(ifDirect);
  await expect(savings.locator('tr[data-mode="direct"] td').nth(3)).toHaveText('0');
  await expect(page.getByTestId('savings-summary')).toContainText(/Saved: [\d,]+ tokens \(\d+%\)/);
});

test('a tool_search call that activates tools shows what was added, and names the matches it left out', async ({
  page,
}) => {
  await openPlayground(page);
  await usePlainEditor(page);
  const before = await page.getByTestId('token-count').textContent();
  await runInComposer(page, 'tool_search', { query: 'post a message to a Slack channel', limit: 2 });
  const activation = page.getByTestId('activation');
  // The second match scores under half the first, so it is listed by name, not loaded. It is the
  // tool that sends a message elsewhere: slack_search_messages shares more words, but it reads.
  await expect(activation).toContainText('tool_search activated 1 tool');
  await expect(activation.locator('li')).toHaveText(['+ slack_post_message']);
  await expect(page.getByTestId('channel-output')).toContainText(
    'Also matched, not loaded: discord_send_message. To load one, search for its exact name.',
  );
  const names = page.getByTestId('declarations').getByTestId('declaration-name');
  await expect(names).toHaveCount(DEFAULT_TOOLS.length + 1);
  await expect(
    page.getByTestId('declarations').locator('[data-testid="declaration"][data-new="true"]'),
  ).toHaveCount(1);
  await expect(page.getByTestId('token-count')).not.toHaveText(before ?? '');
  await expect(page.getByTestId('add-tools').locator('li')).toHaveCount(1);
});
