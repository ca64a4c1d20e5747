/** `window.playground`, the stable API for Playwright users: every method returns plain JSON. */
import { expect, test } from '@playwright/test';
import { openPlayground } from './playground.ts';

test('window.playground: execute, executeCall, declarations, register, setMode, files, reset, backend', async ({
  page,
}) => {
  await openPlayground(page, '/', { exactTokens: true });
  const result = await page.evaluate(async () => {
    const api = window.playground;
    const written = await api.execute('write', { path: 'api.txt', content: 'via the API\n' });
    const raw = await api.executeCall({
      id: 'call_9',
      type: 'function',
      function: { name: 'read', arguments: '{"path":"api.txt"}' },
    });
    const registered = await api.register(
      {
        name: 'kv_get',
        description: 'Get a value.',
        inputSchema: { type: 'object', properties: { key: { type: 'string' } } },
      },
      'model_only',
    );
    const modeChange = await api.setMode('kv_get', 'direct');
    const declared = (await api.declarations()) as { name: string }[];
    const openai = (await api.declarations('openai-chat')) as { type: string; function: { name: string } }[];
    const files = await api.files();
    const backend = await api.backend();
    const viaCodemode = await api.execute('tool_search', { query: 'x' }, { caller: 'codemode' });
    return { written, raw, registered, modeChange, declared, openai, files, backend, viaCodemode };
  });
  expect(result.written).toMatchObject({
    is_error: false,
    structured_output: { path: 'api.txt', created: true },
  });
  expect(result.raw.output).toContain('via the API');
  expect(result.registered).toEqual({
    name: 'kv_get',
    description: 'Get a value.',
    parameters: { type: 'object', properties: { key: { type: 'string' } } },
  });
  expect(result.modeChange).toEqual({ name: 'kv_get', mode: 'direct' });
  expect(result.declared.map((tool) => tool.name)).toContain('kv_get');
  expect(result.openai[0]).toMatchObject({ type: 'function', function: { name: 'read' } });
  expect(result.files['api.txt']).toBe('via the API\n');
  expect(result.backend).toMatchObject({
    kind: 'embedded',
    worker: true,
    phase: 'ready',
    fallbackReason: null,
  });
  expect(result.viaCodemode).toMatchObject({
    is_error: true,
    structured_output: { error: { code: 'NOT_CALLABLE' } },
  });

  const results = await page.evaluate(() =>
    window.playground.reset({
      version: 1,
      files: { 'only.txt': 'one file\n' },
      calls: [
        { name: 'ls', arguments: {} },
        { raw: { type: 'tool_use', id: 'x', name: 'Read', input: { file_path: 'only.txt' } } },
      ],
    }),
  );
  expect(results.map((entry) => entry.is_error)).toEqual([false, false]);
  expect(results[0]?.output).toContain('only.txt');
  expect(results[1]?.output).toContain('one file');
  expect(await page.evaluate(() => window.playground.files())).toEqual({ 'only.txt': 'one file\n' });
  await expect(page.getByTestId('history-entry')).toHaveCount(2);

  const error = await page.evaluate(() =>
    window.playground.reset({ version: 2 }).then(
      () => 'resolved',
      (failure: Error) => failure.message,
    ),
  );
  expect(error).toBe('Unknown scenario version 2; this page reads version 1.');

  await page.evaluate(() => window.playground.reset());
  expect(Object.keys(await page.evaluate(() => window.playground.files()))).toContain('src/cart.ts');
  await expect(page.getByTestId('history-entry')).toHaveCount(0);
});

// The Playwright example of docs/playground.md, verbatim.
test('an edit shows its diff', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => window.playground.ready);
  const result = await page.evaluate(() =>
    window.playground.execute('edit', {
      path: 'src/cart.ts',
      oldText: 'let sum = 0;',
      newText: 'let sum = 0; // euros',
    }),
  );
  expect(result.is_error).toBe(false);
  await expect(page.getByTestId('channel-details')).toContainText('// euros');
  await expect(page.getByTestId('history')).toContainText('edit');
});
