/**
 * The Agent panel against the fake model server (tests/agent/fake-model-server.ts, on loopback, started
 * here in Node): tool_search in step 1, the tool it activated in step 2, an answer in step 3. Asserts the
 * steps as the panel shows them, the declarations growing after tool_search, the calls in the history,
 * and that the API key goes to the model endpoint and nowhere else (no other request, URL, permalink,
 * exported session, console line or storage).
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { type FakeModelServer, startFakeModelServer } from '../agent/fake-model-server.ts';
import { collectErrors, openPlayground } from './playground.ts';

const KEY = 'sk-test-PLAYGROUND-KEY-8d1f3a';
const ANSWER = 'I filed issue acme/shop about the checkout 500.';

let server: FakeModelServer;

test.beforeAll(async () => {
  server = await startFakeModelServer(
    [
      {
        type: 'tool_calls',
        text: 'Let me find a tool for GitHub issues.',
        calls: [{ name: 'tool_search', arguments: { query: 'create github issue' } }],
      },
      {
        type: 'tool_calls',
        calls: [
          {
            name: 'github_create_issue',
            arguments: { repo: 'acme/shop', title: 'Checkout returns 500 for carts over 50 items' },
          },
        ],
      },
      { type: 'text', text: ANSWER },
    ],
    { apiKey: KEY },
  );
});

test.afterAll(async () => {
  await server?.close();
});

test('a run: steps as they happen, declarations growing after tool_search, the key only sent to the model', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const consoleLines: string[] = [];
  page.on('console', (message) => consoleLines.push(message.text()));
  const requests: { url: string; headers: Record<string, string>; body: string }[] = [];
  page.on('request', (request) =>
    requests.push({ url: request.url(), headers: request.headers(), body: request.postData() ?? '' }),
  );
  await openPlayground(page, '/', { exactTokens: true });

  const panel = page.getByTestId('agent');
  await expect(panel.getByTestId('agent-key-warning')).toContainText(
    'A key used in a browser is visible to that browser',
  );
  await panel.getByLabel('Provider').selectOption('openai-chat');
  await panel.getByLabel('Base URL').fill(server.openAIBaseURL);
  await panel.getByLabel('Model').fill('fake-model');
  await panel.getByLabel('API key').fill(KEY);
  await panel.getByLabel('System prompt').fill('You work on the acme/shop repository.');
  await panel.getByLabel('User message').fill('File an issue about the checkout error.');
  await panel.getByTestId('agent-run').click();

  const steps = panel.getByTestId('agent-step');
  await expect(steps).toHaveCount(3, { timeout: 20_000 });
  await expect(panel.getByTestId('agent-status')).toContainText('3 steps');
  await expect(panel.getByTestId('agent-answer')).toHaveText(ANSWER);

  // Step 1: the default declarations; step 2: the same plus the tool tool_search activated.
  const counts = await steps
    .getByTestId('agent-step-declarations')
    .evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-count'))));
  expect(counts[1]).toBeGreaterThan(counts[0] ?? 0);
  expect(counts[2]).toBe(counts[1]);
  await expect(steps.nth(0).getByTestId('agent-step-declarations')).toContainText('tokens');
  await expect(steps.nth(1).getByTestId('agent-step-added')).toContainText('github_create_issue');
  await expect(steps.nth(0).getByTestId('agent-step-text')).toHaveText(
    'Let me find a tool for GitHub issues.',
  );
  await expect(steps.nth(0).getByTestId('agent-call')).toContainText('tool_search');
  await expect(steps.nth(1).getByTestId('agent-call')).toContainText('github_create_issue');
  await expect(steps.nth(1).getByTestId('agent-call')).toHaveAttribute('data-error', 'false');
  await expect(steps.nth(2).getByTestId('agent-call')).toHaveCount(0);

  // What the model endpoint received: the same growth, and the key.
  expect(server.requests).toHaveLength(3);
  expect(server.requests[0]?.tools).not.toContain('github_create_issue');
  expect(server.requests[1]?.tools).toContain('github_create_issue');
  expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);

  // Each call's channels, and its entry in the history.
  const firstCall = steps.nth(1).getByTestId('agent-call');
  await firstCall.locator('summary').click();
  await expect(firstCall.getByTestId('agent-1-channel-output')).toContainText('acme/shop');
  const history = page.getByTestId('history-entry');
  await expect(history).toHaveCount(2);
  await expect(history.nth(0)).toContainText('github_create_issue');
  await expect(history.nth(1)).toContainText('tool_search');
  await steps
    .nth(0)
    .getByRole('button', { name: /Show call #\d+ in the history/ })
    .click();
  await expect(history.nth(1).getByRole('button').first()).toHaveAttribute('aria-pressed', 'true');

  // The key: only in requests to the model endpoint.
  const toModel = (url: string) => url.startsWith(server.url);
  expect(requests.filter((request) => toModel(request.url)).length).toBeGreaterThan(0);
  const leaks = requests
    .filter((request) => !toModel(request.url))
    .filter((request) => JSON.stringify(request).includes(KEY))
    .map((request) => request.url);
  expect(leaks).toEqual([]);
  expect(page.url()).not.toContain(KEY);

  await page.getByTestId('permalink-button').click();
  const link = await page.getByTestId('permalink').inputValue();
  expect(link).not.toContain(KEY);
  expect(page.url()).not.toContain(KEY);
  const scenario = await page.evaluate(() => window.playground.scenario());
  expect(JSON.stringify(scenario)).not.toContain(KEY);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-session').click(),
  ]);
  const exported = await readFile(await download.path(), 'utf8');
  expect(exported).toContain('github_create_issue');
  expect(exported).not.toContain(KEY);

  const storage = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
  expect(storage).not.toContain(KEY);
  expect(consoleLines.filter((line) => line.includes(KEY))).toEqual([]);
  expect(await page.content()).not.toContain(KEY);
  expect(errors).toEqual([]);
});

test('Stop ends a run whose model never answers', async ({ page }) => {
  const hanging = await startFakeModelServer([{ type: 'hang' }]);
  try {
    const errors = collectErrors(page);
    await openPlayground(page, '/', { exactTokens: true });
    const panel = page.getByTestId('agent');
    // The panel starts on the demo model; this run is the OpenAI-compatible one's.
    await panel.getByLabel('Provider').selectOption('openai-chat');
    await panel.getByLabel('Base URL').fill(hanging.openAIBaseURL);
    await panel.getByLabel('Model').fill('fake-model');
    await panel.getByTestId('agent-run').click();
    await expect(panel.getByTestId('agent-step')).toHaveCount(1);
    await hanging.waitForRequests(1);
    await panel.getByTestId('agent-stop').click();
    await expect(panel.getByTestId('agent-status')).toContainText('aborted', { timeout: 5000 });
    await expect(panel.getByTestId('agent-run')).toBeEnabled();
    expect(hanging.requests[0]?.headers.authorization).toBeUndefined();
    expect(errors).toEqual([]);
  } finally {
    await hanging.close();
  }
});
