/**
 * `browser-agent-tools/playwright` against the built playground: the `playground` fixture opens the
 * page at the config's baseURL (with a scenario or as an embed), calls `window.playground`, reads the
 * rendered channels and console errors, and the matchers' failure messages say what happened, word
 * for word.
 */
import type { ToolResult } from '../../src/index.ts';
import { expect, PlaygroundPage, test } from '../../src/playwright/index.ts';

/** The message of the assertion `check` fails with (or says that it did not fail). */
async function failureOf(check: () => unknown): Promise<string> {
  try {
    await check();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return 'the assertion passed';
}

test('goto opens the playground; execute, channels and toSucceed see the same call', async ({
  playground,
}) => {
  await playground.goto();
  const written = await playground.execute('write', {
    path: 'notes/fixture.txt',
    content: 'from the fixture\n',
  });
  expect(written).toSucceed();
  expect(written.output).toBe('Wrote 17 bytes to notes/fixture.txt (new file).');
  expect((await playground.files())['notes/fixture.txt']).toBe('from the fixture\n');
  const read = await playground.executeCall({
    type: 'tool_use',
    id: 'toolu_1',
    name: 'Read',
    input: { file_path: 'notes/fixture.txt' },
  });
  expect(read).toSucceed();
  const channels = await playground.channels();
  expect(channels.output).toContain('from the fixture');
  expect(channels.structured_output).toContain('notes/fixture.txt');
  expect(channels.details).toContain('duration');
  expect(channels.control).not.toBeNull();
  expect(playground.consoleErrors()).toEqual([]);
});

/** What `read` says of a path outside the workspace: the model-facing text, word for word. */
const OUTSIDE =
  'read: Path "../outside.txt" is outside the workspace (/workspace). Use a path inside it, relative to the workspace root.';

test('toFailWith names the code; a failing toSucceed or toFailWith says the code and the output', async ({
  playground,
}) => {
  await playground.goto();
  const result = await playground.execute('read', { path: '../outside.txt' });
  expect(result).toFailWith('PATH_OUTSIDE_WORKSPACE');
  expect(result).not.toSucceed();
  expect(await failureOf(() => expect(result).toSucceed())).toBe(
    `Expected the call to succeed, but it failed with PATH_OUTSIDE_WORKSPACE.\noutput:\n${OUTSIDE}`,
  );
  expect(await failureOf(() => expect(result).toFailWith('INVALID_PATH'))).toBe(
    `Expected the call to fail with INVALID_PATH, but it failed with PATH_OUTSIDE_WORKSPACE.\noutput:\n${OUTSIDE}`,
  );
  expect(await failureOf(() => expect(result).not.toFailWith('PATH_OUTSIDE_WORKSPACE'))).toBe(
    `Expected the call not to fail with PATH_OUTSIDE_WORKSPACE, but it did.\noutput:\n${OUTSIDE}`,
  );

  const written = await playground.execute('write', { path: 'a.txt', content: 'x\n' });
  expect(await failureOf(() => expect(written).toFailWith('ENOENT'))).toBe(
    'Expected the call to fail with ENOENT, but it succeeded.\noutput:\nWrote 2 bytes to a.txt (new file).',
  );
  expect(await failureOf(() => expect(written).not.toSucceed())).toBe(
    'Expected the call to fail, but it succeeded.\noutput:\nWrote 2 bytes to a.txt (new file).',
  );
  // What a page of one's own might return instead of a result; the matcher says so rather than crash.
  const notAResult = JSON.parse('{"output":"x"}') as ToolResult;
  expect(await failureOf(() => expect(notAResult).toSucceed())).toBe(
    'toSucceed expects a tool result ({ output, structured_output, details, is_error }), but got {"output":"x"}.',
  );
});

test('goto({ scenario }) rebuilds files, tools and calls; toDeclare reads the declarations', async ({
  page,
  playground,
}) => {
  await playground.goto({
    scenario: {
      version: 1,
      files: { 'todo.md': '- ship the fixture\n' },
      tools: [
        {
          spec: {
            name: 'ticket_open',
            description: 'Open a ticket.',
            inputSchema: { type: 'object', properties: { title: { type: 'string' } } },
          },
          mode: 'deferred',
        },
      ],
      modes: { grep: 'hidden' },
      calls: [{ name: 'read', arguments: { path: 'todo.md' } }],
    },
  });
  expect(await playground.files()).toEqual({ 'todo.md': '- ship the fixture\n' });
  expect((await playground.channels()).output).toContain('- ship the fixture');
  await expect(playground).toDeclare('read');
  await expect(playground).not.toDeclare('grep');
  await expect(playground).not.toDeclare('ticket_open');
  expect(await failureOf(() => expect(playground).toDeclare('ticket_open'))).toBe(
    'Expected the declarations to include "ticket_open", but they hold 8 tools: read, write, edit, bash, find, ls, tool_search, codemode. ' +
      'A deferred tool is declared only once tool_search activates it; codemode and hidden tools never are.',
  );
  expect(await playground.execute('tool_search', { query: 'open a ticket' })).toSucceed();
  await expect(playground).toDeclare('ticket_open');
  expect(await failureOf(() => expect(playground).not.toDeclare('ticket_open'))).toBe(
    'Expected the declarations not to include "ticket_open", but they do.',
  );
  const notTheFixture = page as unknown as PlaygroundPage;
  expect(await failureOf(() => expect(notTheFixture).toDeclare('read'))).toBe(
    "toDeclare expects the playground fixture: write expect(playground).toDeclare(name), with the test's { playground }, not its page or a result.",
  );
  expect(await playground.setMode('grep', 'direct')).toEqual({ name: 'grep', mode: 'direct' });
  await expect(playground).toDeclare('grep');
  const anthropic = (await playground.declarations('anthropic')) as { name: string; input_schema: object }[];
  expect(anthropic.find((tool) => tool.name === 'ticket_open')?.input_schema).toEqual({
    type: 'object',
    properties: { title: { type: 'string' } },
  });
});

test('register adds a tool in any format; reset goes back to the demo', async ({ playground }) => {
  await playground.goto();
  const spec = await playground.register(
    {
      type: 'function',
      function: { name: 'kv_get', description: 'Get a value.', parameters: { type: 'object' } },
    },
    'direct',
  );
  expect(spec).toEqual({ name: 'kv_get', description: 'Get a value.', parameters: { type: 'object' } });
  await expect(playground).toDeclare('kv_get');
  const results = await playground.reset({
    version: 1,
    files: { 'one.txt': '1\n' },
    calls: [{ name: 'ls' }],
  });
  expect(results.map((result) => result.output)).toEqual(['one.txt']);
  expect(await playground.reset()).toEqual([]);
  expect(Object.keys(await playground.files())).toContain('src/cart.ts');
});

test('goto({ embed }) opens the embed view with the panels asked for', async ({ playground, page }) => {
  await playground.goto({
    embed: ['declarations'],
    scenario: { version: 1, calls: [{ name: 'ls', arguments: {} }] },
  });
  expect(new URL(page.url()).searchParams.get('panels')).toBe('declarations');
  await expect(page.getByTestId('declarations')).toBeVisible();
  expect(await playground.channels()).toEqual({
    output: null,
    structured_output: null,
    details: null,
    control: null,
  });
  await playground.goto({ embed: true, scenario: { version: 1, calls: [{ name: 'ls', arguments: {} }] } });
  expect((await playground.channels()).output).toContain('README.md');
  // Only the hash differs from the page already open: goto still loads the page, which reads it.
  await playground.goto({
    embed: true,
    scenario: { version: 1, calls: [{ name: 'ls', arguments: { path: 'src' } }] },
  });
  expect((await playground.channels()).output).toContain('cart.ts');
  expect((await playground.channels()).output).not.toContain('README.md');
});

test('consoleErrors() collects console errors and uncaught page errors from the start', async ({
  playground,
  page,
}) => {
  await playground.goto();
  expect(playground.consoleErrors()).toEqual([]);
  await page.evaluate(() => {
    console.error('something broke');
    setTimeout(() => {
      throw new Error('thrown later');
    });
  });
  await expect
    .poll(() => playground.consoleErrors())
    .toEqual(['console: something broke', 'pageerror: thrown later']);
});

test('goto without a baseURL says what to configure', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  expect(await failureOf(() => playground.goto())).toBe(
    'The playground fixture has no URL to open: set use.baseURL in playwright.config.ts to the address of ' +
      'the playground (or of your page that sets window.playground), or pass an absolute path to goto().',
  );
});
