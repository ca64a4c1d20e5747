/**
 * What the playground page transfers before `window.playground.ready`: every response (the entry, its
 * lazy chunks, the shell's Worker, stylesheets) from navigation until `ready` resolves, measured in
 * Chromium against `vite preview` of a build directory. Sizes are each body gzipped here, at the level
 * the bundle section uses, since `vite preview` serves files uncompressed.
 */

import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { preview } from 'vite';
import { findChromium } from '../../tests/e2e/chromium.ts';
import { GZIP_LEVEL } from './bundle.ts';

export interface TransferredFile {
  readonly file: string;
  readonly gzipBytes: number;
}

/** The files the page fetched before ready, largest first, and their gzip total. */
export async function measureBeforeReady(
  root: string,
  outDir: string,
): Promise<{ files: TransferredFile[]; gzipBytes: number }> {
  const server = await preview({
    root,
    logLevel: 'error',
    build: { outDir },
    preview: { port: 0, open: false },
  });
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: ['--headless', '--no-sandbox'],
  });
  try {
    const url = server.resolvedUrls?.local[0];
    if (!url) throw new Error('vite preview did not report its URL.');
    const page = await browser.newPage();
    const files: TransferredFile[] = [];
    const pending: Promise<void>[] = [];
    let ready = false;
    page.on('response', (response) => {
      if (ready) return;
      const file = new URL(response.url()).pathname;
      pending.push(
        response.body().then(
          (body) => void files.push({ file, gzipBytes: gzipSync(body, { level: GZIP_LEVEL }).length }),
          () => undefined,
        ),
      );
    });
    await page.goto(url);
    await page.evaluate(
      () => (window as unknown as { playground: { ready: Promise<void> } }).playground.ready,
    );
    ready = true;
    await Promise.all(pending);
    files.sort((a, b) => b.gzipBytes - a.gzipBytes);
    return { files, gzipBytes: files.reduce((total, file) => total + file.gzipBytes, 0) };
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  }
}
