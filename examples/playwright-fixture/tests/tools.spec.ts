import { expect, test } from 'browser-agent-tools/playwright';

test('a file written by one call is read back by a raw Anthropic call', async ({ playground }) => {
  await playground.goto();
  expect(await playground.execute('write', { path: 'notes.txt', content: 'hello\n' })).toSucceed();
  const read = await playground.executeCall({
    type: 'tool_use',
    id: 'toolu_1',
    name: 'Read',
    input: { file_path: 'notes.txt' },
  });
  expect(read).toSucceed();
  expect((await playground.channels()).output).toContain('hello');
});

test('a path outside the workspace fails with its code', async ({ playground }) => {
  await playground.goto();
  expect(await playground.execute('read', { path: '../secret.txt' })).toFailWith('PATH_OUTSIDE_WORKSPACE');
});

test('a deferred tool is declared once tool_search finds it', async ({ playground }) => {
  const spec = { name: 'ticket_open', description: 'Open a support ticket.', parameters: { type: 'object' } };
  await playground.goto({ scenario: { version: 1, tools: [{ spec, mode: 'deferred' }] } });
  await expect(playground).not.toDeclare('ticket_open');
  expect(await playground.execute('tool_search', { query: 'open a support ticket' })).toSucceed();
  await expect(playground).toDeclare('ticket_open');
  expect(playground.consoleErrors()).toEqual([]);
});
