/**
 * History: every call newest first with tool, short arguments, duration and error state; selecting one
 * shows its channels; copy a call or a result as JSON; export and import the whole session.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openPlayground, outputText } from './playground.ts';

test('lists calls newest first; selecting one shows its channels; copies call and result JSON', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openPlayground(page);
  await page.evaluate(async () => {
    await window.playground.execute('ls', { path: 'src' });
    await window.playground.execute('read', { path: 'notes/todo.md' });
    await window.playground.execute('nope', {});
  });
  const entries = page.getByTestId('history-entry');
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText('#3');
  await expect(entries.nth(0)).toContainText('nope');
  await expect(entries.nth(0)).toHaveAttribute('data-error', 'true');
  await expect(entries.nth(0).getByTestId('error-badge')).toHaveText('error');
  await expect(entries.nth(1)).toContainText('read{"path":"notes/todo.md"}');
  await expect(entries.nth(2)).toContainText(/ls.*ms/);

  await entries.nth(1).getByRole('button').click();
  await expect(entries.nth(1).getByRole('button')).toHaveAttribute('aria-pressed', 'true');
  await expect(outputText(page)).toContainText('Fix cart rounding');

  const history = page.getByTestId('history-panel');
  await history.getByRole('button', { name: 'Copy call JSON' }).click();
  expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual({
    name: 'read',
    arguments: { path: 'notes/todo.md' },
  });
  await history.getByRole('button', { name: 'Copy result JSON' }).click();
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  expect(copied).toMatchObject({ is_error: false, structured_output: { path: 'notes/todo.md' } });
  expect(Object.keys(copied).sort()).toEqual(['details', 'is_error', 'output', 'structured_output']);
});

test('exports the session as JSON and imports it back', async ({ page }, testInfo) => {
  await openPlayground(page);
  await page.evaluate(async () => {
    await window.playground.register(
      {
        name: 'notes_add',
        description: 'Add a note.',
        parameters: { type: 'object', properties: { text: { type: 'string' } } },
      },
      'direct',
    );
    await window.playground.execute('notes_add', { text: 'hello' });
    await window.playground.execute('write', { path: 'made.txt', content: 'made\n' });
  });
  const download = page.waitForEvent('download');
  await page.getByTestId('export-session').click();
  const file = testInfo.outputPath('session.json');
  await (await download).saveAs(file);
  const exported = JSON.parse(readFileSync(file, 'utf8'));
  expect(exported).toMatchObject({ format: 'browser-agent-tools/playground-session', version: 1 });
  expect(exported.calls.map((call: { request: { name: string } }) => call.request.name)).toEqual([
    'notes_add',
    'write',
  ]);
  expect(exported.scenario.tools[0]).toMatchObject({ spec: { name: 'notes_add' }, mode: 'direct' });

  await page.reload();
  await page.evaluate(() => window.playground.ready);
  await expect(page.getByTestId('history-entry')).toHaveCount(0);
  await page.getByTestId('import-session').setInputFiles(file);
  await expect(page.getByTestId('page-notice')).toContainText('Imported a session with 2 calls');
  const entries = page.getByTestId('history-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('imported');
  await expect(entries.nth(0)).toContainText('write');
  await expect(page.getByTestId('catalog').locator('[data-tool="notes_add"]')).toHaveAttribute(
    'data-mode',
    'direct',
  );
  await entries.nth(1).getByRole('button').click();
  await expect(outputText(page)).toHaveText('notes_add was called with {"text":"hello"}.');

  await page.getByTestId('import-session').setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"format": "other"}'),
  });
  await expect(page.getByTestId('page-notice')).toContainText(
    'The session could not be imported: This is not a playground session file',
  );
});
