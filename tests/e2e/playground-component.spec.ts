import { expect, test } from './playground-component.ts';

test("a call made by the test is the component's own: its channels and its history show it", async ({
  playground,
}) => {
  await playground.goto();
  expect(await playground.execute('lookup_order', { id: 'A7' })).toSucceed();
  expect((await playground.channels()).output).toContain('Order A7 has shipped.');
  await expect(playground.page.getByTestId('history-tool')).toHaveText(['lookup_order']);
});

test('a deferred tool of the page is declared once tool_search finds it', async ({ playground }) => {
  await playground.goto();
  await expect(playground).toDeclare('lookup_order');
  await expect(playground).not.toDeclare('refund_order');
  expect(await playground.execute('tool_search', { query: 'refund an order' })).toSucceed();
  await expect(playground).toDeclare('refund_order');
  await expect(playground.page.getByTestId('declarations')).toContainText('refund_order');
  expect(await playground.execute('refund_order', { id: 'A7' })).toSucceed();
  expect(playground.consoleErrors()).toEqual([]);
});
