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
  // `ready` means interactive; the workspace (and its restore) follows: files() waits for it.
  await page.evaluate(() => window.playground.files().then(() => undefined));
  await expect(page.getByTestId('persist-status')).toHaveText(
    `Restored the workspace saved under "${key}" from the Origin Private File System.`,
  );
  const files = await page.evaluate(() => window.playground.files());
  expect(files['notes/kept.txt']).toBe('kept across a reload');
  expect(files['shell.txt']).toBe('from-bash\n');
  expect(files['blob.bin']).toEqual({ base64: 'AP8BgA' });

  // A second save appends what changed to the stored file; both survive the next reload.
  await page.evaluate(() =>
    window.playground.execute('bash', { command: 'echo later > later.txt; rm shell.txt' }),
  );
  await expect(page.getByTestId('persist-status')).toHaveAttribute('data-state', 'saved');
  await page.reload();
  await page.evaluate(() => window.playground.files().then(() => undefined));
  const later = await page.evaluate(() => window.playground.files());
  expect([later['notes/kept.txt'], later['later.txt'], later['shell.txt']]).toEqual([
    'kept across a reload',
    'later\n',
    undefined,
  ]);
  expect(errors).toEqual([]);
});

test('?persistStorage=indexeddb keeps the workspace in IndexedDB across a reload', async ({ page }) => {
  const errors = collectErrors(page);
  const key = `e2e-idb-${Date.now()}`;
  await openPlayground(page, `/?persist=${key}&persistStorage=indexeddb`);
  await expect(page.getByTestId('persist-status')).toHaveText(
    `Nothing was saved under "${key}" yet; changes are saved to IndexedDB.`,
  );
  await page.evaluate(() => window.playground.writeFiles({ 'idb.txt': 'in IndexedDB' }));
  await expect(page.getByTestId('persist-status')).toHaveAttribute('data-state', 'saved');
  await page.reload();
  // `ready` means interactive; the workspace (and its restore) follows: files() waits for it.
  await page.evaluate(() => window.playground.files().then(() => undefined));
  await expect(page.getByTestId('persist-status')).toHaveText(
    `Restored the workspace saved under "${key}" from IndexedDB.`,
  );
  expect((await page.evaluate(() => window.playground.files()))['idb.txt']).toBe('in IndexedDB');

  // A second save appends a part record; the next reload reads the tree and the part.
  await page.evaluate(() => window.playground.writeFiles({ 'second.txt': 'appended' }));
  await expect(page.getByTestId('persist-status')).toHaveAttribute('data-state', 'saved');
  await page.reload();
  await page.evaluate(() => window.playground.files().then(() => undefined));
  const again = await page.evaluate(() => window.playground.files());
  expect([again['idb.txt'], again['second.txt']]).toEqual(['in IndexedDB', 'appended']);
  expect(errors).toEqual([]);
});

test('the "Keep in this browser" toggle saves the current files and puts ?persist= in the URL', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await openPlayground(page);
  await page.evaluate(() => window.playground.writeFiles({ 'before-toggle.txt': 'written in memory' }));
  await page.getByTestId('persist-toggle').check();
  await expect(page.getByTestId('transfer-status')).toHaveText(
    'The workspace is now kept in this browser: reload the page and the files are still here.',
  );
  expect(new URL(page.url()).searchParams.get('persist')).toBe('playground');
  await expect(page.getByTestId('persist-status')).toHaveAttribute('data-state', 'saved');
  await page.reload();
  // `ready` means interactive; the workspace (and its restore) follows: files() waits for it.
  await page.evaluate(() => window.playground.files().then(() => undefined));
  expect((await page.evaluate(() => window.playground.files()))['before-toggle.txt']).toBe(
    'written in memory',
  );
  await page.getByTestId('persist-toggle').uncheck();
  await expect(page.getByTestId('transfer-status')).toHaveText(
    'The workspace now lives in this page only; what was saved stays in the browser.',
  );
  expect(new URL(page.url()).searchParams.get('persist')).toBeNull();
  expect(errors).toEqual([]);
});

test('a second tab with the same key shows the saved files read-only, saying so', async ({
  page,
  context,
}) => {
  const key = `e2e-tabs-${Date.now()}`;
  await openPlayground(page, `/?persist=${key}`);
  await page.evaluate(() => window.playground.writeFiles({ 'first-tab.txt': 'saved by the first tab' }));
  await expect(page.getByTestId('persist-status')).toHaveAttribute('data-state', 'saved');

  const second = await context.newPage();
  await openPlayground(second, `/?persist=${key}`);
  await expect(second.getByTestId('persist-status')).toHaveText(
    `Another tab or window has the workspace "${key}" open and saves it; this one shows the saved files but does not save its changes. Close the other one and reload this one to save here.`,
  );
  expect((await second.evaluate(() => window.playground.files()))['first-tab.txt']).toBe(
    'saved by the first tab',
  );
  await second.evaluate(() => window.playground.writeFiles({ 'second-tab.txt': 'not saved' }));
  await second.close();

  await page.reload();
  // `ready` means interactive; the workspace (and its restore) follows: files() waits for it.
  await page.evaluate(() => window.playground.files().then(() => undefined));
  const files = await page.evaluate(() => window.playground.files());
  expect(files['first-tab.txt']).toBe('saved by the first tab');
  expect(files['second-tab.txt']).toBeUndefined();
});

test('a zip uploaded with "Upload zip" downloads back byte-identical', async ({ page }) => {
  const errors = collectErrors(page);
  await openPlayground(page);
  await page.evaluate(() => window.playground.reset({ version: 1, files: {} }));
  const binary = new Uint8Array(70_000).map((_, index) => (index * 31) % 256);
  // Made as the workspace exports: entries sorted, deflate level 6, dated 1980-01-01.
  const uploaded = zipSync(
    {
      'README.md': strToU8('# imported\n'),
      'assets/data.bin': binary,
      'src/index.ts': strToU8('export const answer = 42;\n'),
    },
    { level: 6, mtime: new Date(1980, 0, 1) },
  );
  await page.getByTestId('upload-zip-input').setInputFiles({
    name: 'project.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(uploaded),
  });
  await expect(page.getByTestId('transfer-status')).toHaveText('Imported 3 files.');

  const downloaded = page.waitForEvent('download');
  await page.getByTestId('download-zip').click();
  // The status comes first: when no download arrives, it says whether the export finished or failed.
  await expect(page.getByTestId('transfer-status')).toHaveText(/^Downloaded workspace\.zip \(\d+ bytes\)\.$/);
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe('workspace.zip');
  const zipped = new Uint8Array(await readFile(await download.path()));
  expect(Buffer.from(zipped).equals(Buffer.from(uploaded))).toBe(true);
  const entries = unzipSync(zipped);
  const original = unzipSync(uploaded);
  expect(Object.keys(entries).sort()).toEqual(Object.keys(original).sort());
  for (const [name, bytes] of Object.entries(original)) expect(entries[name]).toEqual(bytes);
  expect(errors).toEqual([]);
});

test('a write made right after ticking "Keep in this browser" lands in the kept workspace and survives a reload', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await openPlayground(page);
  // The click and the write leave in one task: the write is made while the workspace is switched.
  const result = await page.evaluate(() => {
    (document.querySelector('[data-testid="persist-toggle"]') as HTMLInputElement).click();
    return window.playground.execute('write', {
      path: 'right-after.txt',
      content: 'written during the switch',
    });
  });
  expect(result.is_error).toBe(false);
  await expect(page.getByTestId('transfer-status')).toHaveText(
    'The workspace is now kept in this browser: reload the page and the files are still here.',
  );
  await expect(page.getByTestId('persist-status')).toHaveAttribute('data-state', 'saved');
  await page.reload();
  await page.evaluate(() => window.playground.files().then(() => undefined));
  expect((await page.evaluate(() => window.playground.files()))['right-after.txt']).toBe(
    'written during the switch',
  );
  await page.evaluate(() => {
    (document.querySelector('[data-testid="persist-toggle"]') as HTMLInputElement).click();
  });
  await expect(page.getByTestId('transfer-status')).toHaveText(
    'The workspace now lives in this page only; what was saved stays in the browser.',
  );
  expect(errors).toEqual([]);
});
