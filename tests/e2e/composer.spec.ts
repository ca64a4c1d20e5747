/**
 * The call composer: Monaco (lazy, bundled, no CDN) with schema validation, completion and
 * Ctrl/Cmd+Enter; the caller switch (model or codemode); abort; and the raw-call tab, where aliases and
 * argument repair show.
 */
import { expect, type Page, test } from '@playwright/test';
import {
  axeViolations,
  LOCAL_URL,
  openPlayground,
  outputText,
  outsideRequests,
  runInComposer,
  usePlainEditor,
} from './playground.ts';

/** Replaces the focused Monaco editor's text; drops what auto-closing added after the caret. */
async function replaceText(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
  await page.keyboard.press('Shift+ControlOrMeta+End');
  await page.keyboard.press('Delete');
}

test('Monaco loads on demand from this origin, validates and completes against the schema, and Ctrl+Enter runs', async ({
  page,
}) => {
  const outside = outsideRequests(page);
  await openPlayground(page);
  const monacoRequests: string[] = [];
  page.on('request', (request) => {
    if (/json-editor|\.worker-/.test(request.url())) monacoRequests.push(request.url());
  });
  await page.getByTestId('tool-picker').selectOption('read');
  // Before Monaco loads, the plain text area works.
  const plain = page.getByTestId('arguments-input');
  await expect(plain).toHaveValue('{\n  "path": "src/cart.ts"\n}');
  expect(monacoRequests).toEqual([]);
  await plain.focus();

  const host = page.getByTestId('monaco-host');
  await expect(host.locator('.monaco-editor')).toBeVisible({ timeout: 20_000 });
  await replaceText(page, '{"path": 5, "extra": true}');
  const problems = page.getByTestId('schema-problems');
  await expect(problems).toContainText('Incorrect type. Expected "string".', { timeout: 10_000 });
  await expect(problems).toContainText('Property extra is not allowed.');

  await replaceText(page, '{\n"path": "README.md",\n');
  await page.keyboard.press('Control+Space');
  const suggestions = page.locator('.suggest-widget .monaco-list-row');
  await expect(suggestions.filter({ hasText: 'offset' })).toHaveCount(1, { timeout: 10_000 });
  await expect(suggestions.filter({ hasText: 'limit' })).toHaveCount(1);
  // Monaco, its suggestion list open, adds no accessibility violation.
  expect(await axeViolations(page, '[data-testid="composer"]')).toEqual([]);
  await page.keyboard.press('Escape');

  await replaceText(page, '{"path": "README.md", "limit": 1}');
  await expect(problems).toContainText('No problems against the schema of read.');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('history-entry')).toHaveCount(1);
  await expect(outputText(page)).toContainText('# Demo shop');

  expect(monacoRequests.some((url) => url.includes('json-editor'))).toBe(true);
  expect(monacoRequests.every((url) => LOCAL_URL.test(url))).toBe(true);
  expect(outside).toEqual([]);
});

test('the caller switch lists only the tools that caller may call', async ({ page }) => {
  await openPlayground(page);
  await usePlainEditor(page);
  await page.getByRole('combobox', { name: 'Mode of grep' }).selectOption('codemode');
  const picker = page.getByTestId('tool-picker');
  const options = picker.locator('option');
  await expect(options).not.toContainText(['grep']);
  await expect(options.filter({ hasText: /^tool_search$/ })).toHaveCount(1);

  await page.getByRole('button', { name: 'Codemode script' }).click();
  await expect(page.getByTestId('codemode-note')).toContainText(
    'Only tools a codemode script may call are listed',
  );
  await expect(options.filter({ hasText: /^grep$/ })).toHaveCount(1);
  await expect(options.filter({ hasText: /^tool_search$/ })).toHaveCount(0);
  await expect(options.filter({ hasText: /^github_create_issue$/ })).toHaveCount(0);
  const names = await options.allTextContents();
  const callable = await page.evaluate(async (list) => {
    const declared = (await window.playground.declarations()) as { name: string }[];
    return { list, declared: declared.map((tool) => tool.name) };
  }, names);
  expect(callable.list).toEqual(['read', 'write', 'edit', 'bash', 'grep', 'find', 'ls']);

  await runInComposer(page, 'grep', { pattern: 'Math', path: 'src' });
  await expect(page.getByTestId('call-summary')).toContainText('caller: codemode');
  await expect(page.getByTestId('result')).toHaveAttribute('data-error', 'false');
});

test('a running call can be aborted', async ({ page }) => {
  await openPlayground(page);
  await usePlainEditor(page);
  await page.getByTestId('tool-picker').selectOption('bash');
  await page.getByTestId('arguments-input').fill('{"command": "sleep 30"}');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('composer-status')).toHaveText('Running bash…');
  await page.getByTestId('abort-button').click();
  await expect(page.getByTestId('history-entry')).toHaveCount(1);
  await expect(page.getByTestId('error-banner')).toContainText('ABORTED');
  await expect(outputText(page)).toContainText(/abort/i);
  await expect(page.getByTestId('run-button')).toBeEnabled();
});

test('the raw-call tab takes calls exactly as model APIs return them: aliases and argument repair show', async ({
  page,
}) => {
  await openPlayground(page);
  await page.getByRole('button', { name: 'Raw call' }).click();
  const raw = page.getByTestId('raw-input');
  await expect(raw).toHaveValue(/"name": "Read"/);
  await page.getByTestId('run-button').click();
  const summary = page.getByTestId('call-summary');
  await expect(summary).toContainText('Anthropic call');
  await expect(page.getByTestId('resolved-tool')).toHaveText('read');
  const received = JSON.parse((await page.getByTestId('received-arguments').textContent()) ?? 'null');
  expect(received).toEqual({ path: 'README.md', limit: 5 });
  await expect(outputText(page)).toContainText('# Demo shop');

  await raw.fill(
    JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'ls', arguments: { path: 'src' } },
    }),
  );
  await raw.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('history-entry')).toHaveCount(2);
  await expect(summary).toContainText('MCP call');
  await expect(outputText(page)).toContainText('cart.ts');

  await raw.fill('{"not": "a call"');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('composer-status')).toContainText('The raw call is not JSON');
});
