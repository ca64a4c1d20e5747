/**
 * The playground's persistence and transfer controls in Chromium: `?persist=KEY` keeps the embedded
 * workspace (in its Worker, in OPFS) across a reload; a zip uploaded through "Upload zip" comes back
 * from "Download zip" with the same entries, byte for byte.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { collectErrors, openPlayground } from './playground.ts';

test('?persist=KEY keeps files written in the workspace across a reload', async ({ page }) => {
  const errors = collectErrors(page);
  const key = `e2e-reload-${Date.now()}`;
  await openPlayground(page, `/?persist=${key}`);
  await expect(page.getByTestId('persist-toggle')).toBeChecked();
  await page.evaluate(() =>
    window.playground.writeFiles({
      'notes/kept.txt': 'kept across a reload',
      'blob.bin': { base64: 'AP8BgA' },
    }),
  );
  await page.evaluate(() => window.playground.execute('bash', { command: 'echo from-bash > shell.txt' }));
  await expect(page.getByTestId('persist-status')).toHaveAttribute('data-state', 'saved');

  await page.reload();
  await page.evaluate(() => window.playground.ready);
  await expect(page.getByTestId('persist-status')).toHaveText(
    `Restored the workspace saved under "${key}" from the Origin Private File System.`,
  );
  const files = await page.evaluate(() => window.playground.files());
  expect(files['notes/kept.txt']).toBe('kept across a reload');
  expect(files['shell.txt']).toBe('from-bash\n');
  expect(files['blob.bin']).toEqual({ base64: 'AP8BgA' });
  expect(errors).toEqual([]);
});

test('a zip uploaded with "Upload zip" downloads back with the same entries, byte for byte', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await openPlayground(page);
  await page.evaluate(() => window.playground.reset({ version: 1, files: {} }));
  const binary = new Uint8Array(70_000).map((_, index) => (index * 31) % 256);
  const uploaded = zipSync({
    'README.md': strToU8('# imported\n'),
    'src/index.ts': strToU8('export const answer = 42;\n'),
    'assets/data.bin': binary,
  });
  await page.getByTestId('upload-zip-input').setInputFiles({
    name: 'project.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(uploaded),
  });
  await expect(page.getByTestId('transfer-status')).toHaveText('Imported 3 files.');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('download-zip').click(),
  ]);
  expect(download.suggestedFilename()).toBe('workspace.zip');
  const downloaded = unzipSync(new Uint8Array(await readFile(await download.path())));
  const original = unzipSync(uploaded);
  expect(Object.keys(downloaded).sort()).toEqual(Object.keys(original).sort());
  for (const [name, bytes] of Object.entries(original)) expect(downloaded[name]).toEqual(bytes);
  expect(errors).toEqual([]);
});
