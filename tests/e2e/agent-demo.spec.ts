/**
 * The Agent panel without a key: the built-in demo model runs a real loop on the real suite
 * (tool_search activates a tool, an edit, a bash run, an answer), every call landing in the history.
 * Switching provider brings that provider's base URL and model; a bad base URL is explained.
 */
import { expect, test } from '@playwright/test';
import { openPlayground } from './playground.ts';

test('the demo model runs search, activation, an edit and bash on the real suite', async ({ page }) => {
  await openPlayground(page, '/', { exactTokens: true });
  const panel = page.getByTestId('agent');
  await panel.getByTestId('agent-provider').selectOption('demo');
  await panel
    .getByLabel('User message')
    .fill('Find a tool to create a GitHub issue, then note the currency.');
  await panel.getByTestId('agent-run').click();
  await expect(panel.getByTestId('agent-status')).toContainText('(4 steps)', { timeout: 30_000 });
  const calls = await page.evaluate(() => window.playground.scenario());
  expect((calls.calls as unknown[]).map((call) => JSON.stringify(call))).toEqual([
    expect.stringContaining('tool_search'),
    expect.stringContaining('let sum = 0; // euros'),
    expect.stringContaining('grep -n'),
  ]);
  await expect(page.getByTestId('history-entry')).toHaveCount(3);
  await expect(
    page.getByTestId('history-entry').filter({ has: page.getByTestId('error-badge') }),
  ).toHaveCount(0);
  expect(await page.evaluate(() => window.playground.files())).toMatchObject({
    'src/cart.ts': expect.stringContaining('let sum = 0; // euros'),
  });
  await expect(panel).toContainText('+ github_create_issue');
});

test('a fresh page runs the demo model on the message it shows, and the demo says what it can do', async ({
  page,
}) => {
  await openPlayground(page, '/', { exactTokens: true });
  const panel = page.getByTestId('agent');
  await expect(panel.getByTestId('agent-provider')).toHaveValue('demo');
  await expect(panel.getByLabel('User message')).toHaveValue(
    'Which file defines the cart total? Read it and tell me how it is computed.',
  );
  await panel.getByTestId('agent-run').click();
  await expect(panel.getByTestId('agent-status')).toContainText('(3 steps)', { timeout: 30_000 });
  const calls = await page.evaluate(() => window.playground.scenario());
  expect((calls.calls as unknown[]).map((call) => JSON.stringify(call))).toEqual([
    expect.stringContaining('{\\"pattern\\":\\"function total\\",\\"path\\":\\"src\\"}'),
    expect.stringContaining('{\\"path\\":\\"src/cart.ts\\"}'),
  ]);
  await expect(panel).toContainText(
    'src/cart.ts defines total(): it adds price × qty of every item, without rounding. The file:',
  );
  await panel.getByLabel('User message').fill('What is the weather in Lisbon?');
  await panel.getByTestId('agent-run').click();
  await expect(panel).toContainText(
    'I am the demo model: I run a few scripted tasks on the demo project, with real calls. Ask me to explain the cart total (grep and read), to fix the rounding bug (bash, edit, bash again), or to find a tool to create a GitHub issue (tool_search, edit, bash). For anything else, pick a real model.',
    { timeout: 30_000 },
  );
});

test('switching provider brings its base URL and model; a typed model is kept', async ({ page }) => {
  await openPlayground(page);
  const panel = page.getByTestId('agent');
  await expect(panel.getByLabel('Model')).toHaveValue('demo');
  await panel.getByTestId('agent-provider').selectOption('anthropic');
  await expect(panel.getByLabel('Model')).toHaveValue('claude-sonnet-4-5');
  await expect(panel.getByLabel('Base URL')).toHaveValue('https://api.anthropic.com');
  await panel.getByLabel('Model').fill('my-model');
  await panel.getByTestId('agent-provider').selectOption('openai-chat');
  await expect(panel.getByLabel('Model')).toHaveValue('my-model');
});

test('a base URL that is not a URL is explained with an example', async ({ page }) => {
  await openPlayground(page);
  const panel = page.getByTestId('agent');
  await panel.getByTestId('agent-provider').selectOption('openai-chat');
  await panel.getByLabel('Base URL').fill('not a url');
  await panel.getByTestId('agent-run').click();
  await expect(panel.getByTestId('agent-status')).toHaveText(
    'The agent could not start: The base URL "not a url" is not a full URL. Write it with its scheme and host, such as http://localhost:11434/v1.',
  );
});
