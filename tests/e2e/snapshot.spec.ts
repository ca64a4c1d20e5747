/**
 * Fault row 34 through the page: `rm -rf /` on the embedded backend (in its Worker) is reported as
 * destructive, and the workspace panel's "Undo last deletion" puts every file back.
 */
import { expect, test } from '@playwright/test';
import { collectErrors, openPlayground, outputText, runInComposer, usePlainEditor } from './playground.ts';

test('rm -rf / is reported with the number of files deleted, and one click restores them all', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await openPlayground(page);
  await usePlainEditor(page);
  const before = await page.evaluate(() => window.playground.files());
  const count = Object.keys(before).length;
  expect(count).toBeGreaterThan(0);
  await expect(page.getByTestId('workspace-restore')).toBeDisabled();

  await runInComposer(page, 'bash', { command: 'rm -rf /' });
  await expect(outputText(page)).toContainText(
    `[This command deleted ${count} files that existed before it. The workspace was snapshotted just before the command: if deleting was not intended, tell the user, who can restore that snapshot.]`,
  );
  await expect(page.getByTestId('workspace-tree').getByRole('button')).toHaveCount(0);

  await page.getByTestId('workspace-restore').click();
  await expect(page.getByTestId('workspace-restore-status')).toContainText(
    'Restored the workspace as it was before the last command that deleted files:',
  );
  expect(await page.evaluate(() => window.playground.files())).toEqual(before);
  await expect(page.getByTestId('workspace-tree').getByRole('button').first()).toBeVisible();

  // The snapshot is used up: the button says there is nothing left to undo.
  await expect(page.getByTestId('workspace-restore')).toBeDisabled();
  expect(errors).toEqual([]);
});

test('a deletion is reported and undoable however the script spells rm, through the Worker', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await openPlayground(page);
  const before = await page.evaluate(() => window.playground.files());
  const inSrc = Object.keys(before).filter((path) => path.startsWith('src/')).length;
  expect(inSrc).toBeGreaterThan(1);

  for (const command of ['rm -rf src', '"r"m -rf src', "r''m -rf src", 'r\\m -rf src', "$'\\x72m' -rf src"]) {
    const result = await page.evaluate(
      (script) => window.playground.execute('bash', { command: script }),
      command,
    );
    expect(result.output, command).toBe(
      `[This command deleted ${inSrc} files that existed before it. The workspace was snapshotted just before the command: if deleting was not intended, tell the user, who can restore that snapshot.]`,
    );
    expect(result.details, command).toMatchObject({ deleted_files: inSrc, restorable: true });
    await page.getByTestId('workspace-restore').click();
    await expect(page.getByTestId('workspace-restore-status')).toContainText(
      'Restored the workspace as it was before the last command that deleted files:',
    );
    expect(await page.evaluate(() => window.playground.files()), command).toEqual(before);
  }
  expect(errors).toEqual([]);
});
