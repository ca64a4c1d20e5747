/** The workspace section: a file tree with a read-only viewer that refreshes after calls that write. */
import { expect, test } from '../../src/playwright/index.ts';

test('shows the file tree, opens a file read-only, and refreshes after a write', async ({
  page,
  playground,
}) => {
  await playground.goto();
  const tree = page.getByTestId('workspace-tree');
  await expect(tree.getByRole('button', { name: 'src/' })).toHaveAttribute('aria-expanded', 'true');
  await expect(tree.getByRole('button', { name: 'cart.ts' })).toBeVisible();
  await tree.getByRole('button', { name: 'cart.ts' }).click();
  const viewer = page.getByTestId('file-viewer');
  await expect(viewer).toContainText('src/cart.ts');
  await expect(viewer).toContainText('read-only');
  await expect(viewer.getByTestId('file-content')).toContainText(
    'export function total(items: Item[]): number {',
  );
  await expect(viewer.locator('textarea, [contenteditable="true"]')).toHaveCount(0);

  const edit = await playground.execute('edit', {
    path: 'src/cart.ts',
    oldText: 'let sum = 0;',
    newText: 'let sum = 0; // cents',
  });
  expect(edit).toSucceed();
  await expect(viewer.getByTestId('file-content')).toContainText('let sum = 0; // cents');

  expect(await playground.execute('bash', { command: 'mkdir -p docs && echo hi > docs/new.md' })).toSucceed();
  await expect(tree.getByRole('button', { name: 'new.md' })).toBeVisible();
  await tree.getByRole('button', { name: 'docs/' }).click();
  await expect(tree.getByRole('button', { name: 'new.md' })).toHaveCount(0);
});
