/**
 * Transcript replay with the two shipped examples: tool_search activates a deferred tool that the next
 * call uses; and edit, run the tests, read the spilled output. Each step shows the declarations the
 * model had at that moment and the channels that came back.
 */
import { expect, test } from '@playwright/test';
import { openPlayground } from './playground.ts';

test('example 1: tool_search activates a deferred tool, and the next call uses it', async ({ page }) => {
  await openPlayground(page);
  const replay = page.getByTestId('replay');
  await replay
    .getByRole('button', { name: 'tool_search activates a deferred tool, the next call uses it' })
    .click();
  const steps = replay.getByTestId('replay-step-item');
  await expect(steps).toHaveCount(2);
  await expect(steps.nth(0)).toContainText('openai-chat');
  await expect(steps.nth(1)).toContainText('anthropic');

  await replay.getByTestId('replay-step').click();
  const declarations = replay.getByTestId('replay-declarations').locator('li');
  await expect(steps.nth(0)).toHaveAttribute('data-done', 'true');
  await expect(declarations).toHaveText([
    'read',
    'write',
    'edit',
    'bash',
    'grep',
    'find',
    'ls',
    'tool_search',
    'codemode',
  ]);
  await expect(replay.getByTestId('replay-added')).toContainText('+ github_create_issue');
  await expect(replay.getByTestId('replay-channel-output')).toContainText(
    'github_create_issue: Create a new issue',
  );

  await replay.getByTestId('replay-step').click();
  await expect(steps.nth(1)).toHaveAttribute('data-done', 'true');
  await expect(declarations.filter({ hasText: 'github_create_issue' })).toHaveCount(1);
  await expect(replay.getByTestId('replay-result')).toHaveAttribute('data-error', 'false');
  await expect(replay.getByTestId('replay-channel-output')).toContainText('Created issue #');
  await expect(replay.getByTestId('replay-step')).toBeDisabled();

  // Each step's own view stays available.
  await steps.nth(0).getByRole('button').click();
  await expect(declarations.filter({ hasText: 'github_create_issue' })).toHaveCount(0);
});

test('example 2: edit a file, run the tests, read the spilled output', async ({ page }) => {
  await openPlayground(page);
  const replay = page.getByTestId('replay');
  await replay.getByRole('button', { name: 'Edit a file, run the tests, read the spilled output' }).click();
  const steps = replay.getByTestId('replay-step-item');
  await expect(steps).toHaveCount(3);
  await replay.getByRole('button', { name: 'Run all' }).click();
  await expect(steps.nth(2)).toHaveAttribute('data-done', 'true', { timeout: 20_000 });

  await steps.nth(0).getByRole('button').click();
  await expect(replay.getByTestId('replay-result')).toHaveAttribute('data-error', 'false');
  await expect(replay.locator('[data-testid="replay-channel-details"] tr[data-kind="added"]')).toContainText(
    'Math.round',
  );

  await steps.nth(1).getByRole('button').click();
  await expect(replay.getByTestId('replay-result')).toHaveAttribute('data-error', 'false');
  await expect(replay.getByTestId('replay-channel-details').getByTestId('spilled-path')).toHaveText(
    /^\/tmp\/tool-output\//,
  );

  await steps.nth(2).getByRole('button').click();
  await expect(replay.getByTestId('replay-result')).toHaveAttribute('data-error', 'false');
  await expect(replay.getByTestId('resolved-tool')).toHaveText('read');
  await expect(replay.getByTestId('replay-channel-output')).toContainText(
    'ok 2401 - cart: totals are rounded to cents',
  );
  await expect(replay.getByTestId('replay-channel-output')).toContainText('1..2401');
});

test('a pasted transcript with mixed formats, and one that is not JSON', async ({ page }) => {
  await openPlayground(page);
  const replay = page.getByTestId('replay');
  const text = replay.getByLabel(/^Raw calls/);
  await text.fill(
    JSON.stringify([
      { name: 'ls', arguments: {} },
      { functionCall: { name: 'glob', args: { pattern: '**/*.ts' } } },
      { type: 'function_call', call_id: 'c', name: 'nonexistent_tool', arguments: '{}' },
    ]),
  );
  await replay.getByRole('button', { name: 'Run all' }).click();
  const steps = replay.getByTestId('replay-step-item');
  await expect(steps.nth(2)).toHaveAttribute('data-done', 'true');
  await expect(steps.nth(0)).toContainText('plain');
  await expect(steps.nth(1)).toContainText('gemini');
  await expect(steps.nth(2).getByTestId('error-badge')).toHaveText('error');
  await steps.nth(1).getByRole('button').click();
  await expect(replay.getByTestId('resolved-tool')).toHaveText('find');

  await text.fill('this is not json');
  await replay.getByRole('button', { name: 'Load' }).click();
  await expect(replay.getByRole('alert')).toContainText('The transcript is not JSON');
});
