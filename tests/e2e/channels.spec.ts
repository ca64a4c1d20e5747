/**
 * The result channels of the selected call: output with size and tokens, structured_output as a
 * collapsible tree, details (coloured unified diff with line numbers, duration, line count, spilled path
 * that opens through a read call), control (chips and banners), and an unmistakable error state.
 */
import { expect, test } from '../../src/playwright/index.ts';
import { openPlayground, outputText, runInComposer, usePlainEditor } from './playground.ts';

test('write and edit show a coloured unified diff with line numbers; output has its size and tokens', async ({
  page,
}) => {
  await openPlayground(page, '/', { exactTokens: true });
  await usePlainEditor(page);
  await runInComposer(page, 'edit', {
    path: 'src/cart.ts',
    oldText: '    sum += item.price * item.qty;',
    newText: '    sum += Math.round(item.price * item.qty * 100) / 100;',
  });
  const output = page.getByTestId('channel-output');
  await expect(page.getByTestId('output-size')).toHaveText(/^\d+B$/);
  await expect(page.getByTestId('output-tokens')).toHaveText(/^\d+ tokens$/);
  await expect(output).not.toContainText('counting');

  const details = page.getByTestId('channel-details');
  await expect(details.getByTestId('detail-duration')).toHaveText(/^[\d,.]+$/);
  const diff = details.getByTestId('diff');
  const removed = diff.locator('tr[data-kind="removed"]');
  const added = diff.locator('tr[data-kind="added"]');
  await expect(removed).toHaveCount(1);
  await expect(added).toHaveCount(1);
  await expect(removed.locator('td').nth(0)).toHaveText('11');
  await expect(removed.locator('td').nth(1)).toHaveText('');
  await expect(added.locator('td').nth(1)).toHaveText('11');
  await expect(added.getByTestId('diff-text')).toHaveText(
    '    sum += Math.round(item.price * item.qty * 100) / 100;',
  );
  await expect(diff.locator('tr[data-kind="hunk"]').first()).toContainText('@@ -');
  const [addedColour, removedColour] = await Promise.all([
    added.evaluate((row) => getComputedStyle(row).backgroundColor),
    removed.evaluate((row) => getComputedStyle(row).backgroundColor),
  ]);
  expect(addedColour).not.toBe(removedColour);
  expect(addedColour).not.toBe('rgba(0, 0, 0, 0)');

  const structured = page.getByTestId('channel-structured');
  await expect(structured).toContainText('replacements');
  const toggle = structured.getByTestId('json-toggle').first();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(structured).not.toContainText('replacements');
  await toggle.click();
  await expect(structured).toContainText('replacements');
});

test('a bash call whose output was spilled links to the file, and the link runs a read call', async ({
  page,
}) => {
  await openPlayground(page);
  await usePlainEditor(page);
  await runInComposer(page, 'bash', { command: 'bash tests/run.sh' });
  const details = page.getByTestId('channel-details');
  await expect(details.getByTestId('detail-line-count')).toHaveText(/^[\d,]+$/);
  const spilled = details.getByTestId('spilled-path');
  await expect(spilled).toHaveText(/^\/tmp\/tool-output\/.+\.log$/);
  const path = await spilled.textContent();
  await spilled.click();
  await expect(page.getByTestId('history-entry')).toHaveCount(2);
  await expect(page.getByTestId('history-entry').first()).toContainText('read');
  await expect(page.getByTestId('received-arguments')).toContainText(path ?? 'missing');
  await expect(page.getByTestId('result')).toHaveAttribute('data-error', 'false');
  await expect(outputText(page)).toContainText('TAP version 13');
});

test('control directives: add_tools as chips, handoff and terminate as banners', async ({
  page,
  playground,
}) => {
  await playground.goto();
  await playground.setMode('support_handoff_to_human', 'direct');
  await playground.setMode('conversation_end', 'direct');
  const search = await playground.execute('tool_search', { query: 'create a GitHub issue', limit: 1 });
  expect(search).toSucceed();
  await expect(page.getByTestId('channel-control').getByTestId('add-tools').locator('li')).toHaveText([
    '+ github_create_issue',
  ]);

  await playground.execute('support_handoff_to_human', { reason: 'Refund above the limit' });
  await expect(page.getByTestId('handoff-banner')).toContainText(
    'Handoff to human-support: Refund above the limit',
  );

  await playground.execute('conversation_end', { reason: 'The user said goodbye' });
  await expect(page.getByTestId('terminate-banner')).toContainText(
    'Session terminated: The user said goodbye',
  );
  expect(await playground.execute('ls', {})).toFailWith('SESSION_ENDED');
  await expect(page.getByTestId('error-banner')).toContainText('SESSION_ENDED');
});

test('a failed call is unmistakable', async ({ page, playground }) => {
  await playground.goto();
  expect(await playground.execute('raed', { path: 'README.md' })).toFailWith('UNKNOWN_TOOL');
  const result = page.getByTestId('result');
  await expect(result).toHaveAttribute('data-error', 'true');
  const banner = page.getByRole('alert').filter({ hasText: 'The call failed' });
  await expect(banner).toContainText('The call failed (is_error: true) — UNKNOWN_TOOL');
  await expect(outputText(page)).toContainText('Unknown tool "raed". The closest tools are: read');
  await expect(page.getByTestId('history-entry').first()).toHaveAttribute('data-error', 'true');
  const border = await result.evaluate((element) => getComputedStyle(element).borderLeftColor);
  expect(await playground.execute('ls', {})).toSucceed();
  await expect(result).toHaveAttribute('data-error', 'false');
  expect(await result.evaluate((element) => getComputedStyle(element).borderLeftColor)).not.toBe(border);
});
