/**
 * The arguments form built from the tool's schema: strings, numbers, booleans, enums as selects,
 * arrays, nested objects, required marked, descriptions as help, in sync with the JSON view; JSON
 * that is not an object is still sent as it is.
 */
import { expect, test } from '@playwright/test';
import { openPlayground, outputText, usePlainEditor } from './playground.ts';

test('the form and the JSON view edit the same arguments, and the call runs with them', async ({ page }) => {
  await openPlayground(page);
  await usePlainEditor(page);
  await page.getByTestId('tool-picker').selectOption('grep');
  const form = page.getByTestId('args-form');
  const json = page.getByTestId('arguments-input');
  // The composer starts grep on an example; this test builds its arguments from none.
  await expect(json).toHaveValue(JSON.stringify({ pattern: 'sum', path: 'src' }, null, 2));
  await json.fill('{}');

  const pattern = form.getByRole('textbox', { name: 'pattern', exact: true });
  await expect(pattern).toHaveAttribute('aria-required', 'true');
  await expect(form.locator('[data-field="pattern"] small')).toHaveText(
    'Regular expression (RE2 syntax) or, with literal, plain text.',
  );
  await pattern.fill('sum');
  await form.getByRole('spinbutton', { name: 'context', exact: true }).fill('1');
  await form.getByRole('checkbox', { name: 'literal', exact: true }).check();
  const mode = form.getByRole('combobox', { name: 'outputMode', exact: true });
  await expect(mode.locator('option')).toHaveText(['(not set)', 'content', 'files_with_matches', 'count']);
  await mode.selectOption({ label: 'count' });
  await expect(json).toHaveValue(
    JSON.stringify({ pattern: 'sum', context: 1, literal: true, outputMode: 'count' }, null, 2),
  );

  await json.fill('{"pattern": "total", "outputMode": "files_with_matches"}');
  await expect(pattern).toHaveValue('total');
  await expect(mode.locator('option:checked')).toHaveText('files_with_matches');
  await page.getByTestId('run-button').click();
  await expect(outputText(page)).toContainText('src/cart.ts');
});

test('arrays of nested objects get Add and Remove; invalid JSON is kept and sent as it is', async ({
  page,
}) => {
  await openPlayground(page);
  await usePlainEditor(page);
  await page.getByTestId('tool-picker').selectOption('edit');
  const form = page.getByTestId('args-form');
  const json = page.getByTestId('arguments-input');
  // From no arguments, not the composer's example edit.
  await json.fill('{}');
  await form.getByRole('button', { name: 'Add to edits' }).click();
  const item = form.locator('[data-field="edits.0"]');
  await expect(item.getByRole('textbox', { name: 'oldText', exact: true })).toHaveAttribute(
    'aria-required',
    'true',
  );
  await item.getByRole('textbox', { name: 'oldText', exact: true }).fill('let sum = 0;');
  await item.getByRole('textbox', { name: 'newText', exact: true }).fill('let sum = 0; // cents');
  await form.getByRole('textbox', { name: 'path', exact: true }).fill('src/cart.ts');
  await expect(json).toHaveValue(
    JSON.stringify(
      // In the order the fields were filled in.
      { edits: [{ oldText: 'let sum = 0;', newText: 'let sum = 0; // cents' }], path: 'src/cart.ts' },
      null,
      2,
    ),
  );
  await form.getByRole('button', { name: 'Remove edits[0]' }).click();
  await expect(json).toHaveValue(JSON.stringify({ edits: [], path: 'src/cart.ts' }, null, 2));

  await json.fill('{"path": "src/cart.ts",');
  await expect(page.getByTestId('args-form-invalid')).toHaveText(
    'The JSON below is not an object, so the form cannot show it. Run sends it as it is; fix it below to edit it here.',
  );
  await expect(json).toHaveValue('{"path": "src/cart.ts",');
  await page.getByTestId('run-button').click();
  await expect(page.getByTestId('result')).toHaveAttribute('data-error', 'true');
});
