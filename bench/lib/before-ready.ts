/**
 * What the playground page transfers before `window.playground.ready` (the page is interactive): every
 * request (the entry, its lazy chunks, stylesheets) from navigation until `ready` resolves, and then
 * what it fetches until its workspace (the shell's Worker) is up, measured in Chromium against
 * `vite preview` of a build directory. Sizes are each body gzipped here, at the level
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

/** What the page fetched before `ready`, and what it fetched after `ready` until its workspace was up. */
export interface BeforeReady {
  files: TransferredFile[];
  gzipBytes: number;
  /** Requested after `ready`, before `window.playground.files()` (which waits for the workspace) resolved. */
  untilWorkspace: { files: TransferredFile[]; gzipBytes: number };
}

/** `files` largest first, with their gzip total. */
function summed(files: TransferredFile[]): { files: TransferredFile[]; gzipBytes: number } {
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { files, gzipBytes: files.reduce((total, file) => total + file.gzipBytes, 0) };
}

/**
 * Every request the page made before `ready` resolved (counted by when it was made: a response still
 * arriving after `ready` counts too), then the ones made after it until the workspace was up.
 */
export async function measureBeforeReady(root: string, outDir: string): Promise<BeforeReady> {
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
    const phases: { before: TransferredFile[]; after: TransferredFile[] } = { before: [], after: [] };
    const pending: Promise<void>[] = [];
    let phase: keyof typeof phases | null = 'before';
    page.on('request', (request) => {
      const files = phase === null ? null : phases[phase];
      if (files === null) return;
      const file = new URL(request.url()).pathname;
      pending.push(
        request
          .response()
          .then((response) => response?.body())
          .then(
            (body) =>
              void (body && files.push({ file, gzipBytes: gzipSync(body, { level: GZIP_LEVEL }).length })),
            () => undefined,
          ),
      );
    });
    type Api = { playground: { ready: Promise<void>; files(): Promise<unknown> } };
    await page.goto(url);
    await page.evaluate(() => (window as unknown as Api).playground.ready);
    phase = 'after';
    await page.evaluate(() => (window as unknown as Api).playground.files().then(() => undefined));
    phase = null;
    await Promise.all(pending);
    return { ...summed(phases.before), untilWorkspace: summed(phases.after) };
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  }
}
