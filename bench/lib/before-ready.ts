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

interface TransferredFile {
  readonly file: string;
  readonly gzipBytes: number;
}

/** What the page fetched before `ready`, and what it fetched after `ready` until its workspace was up. */
export interface BeforeReady {
  files: TransferredFile[];
  gzipBytes: number;
  /** Requested after `ready`, before the backend status read `ready` (the shell's Worker was up). */
  untilWorkspace: { files: TransferredFile[]; gzipBytes: number };
}

/**
 * Runs in the page: resolves with the time the backend status first reads `ready` (the shell's Worker
 * is up), watching the header's status element, which itself loads lazily. A string, since tsx would
 * wrap the named functions of a function in a helper the page does not have.
 */
const WORKSPACE_READY_AT = `new Promise((resolve) => {
  const up = () =>
    document.querySelector('[data-testid="backend-status"]')?.getAttribute('data-phase') === 'ready';
  if (up()) return resolve(Date.now());
  const observer = new MutationObserver(() => {
    if (!up()) return;
    observer.disconnect();
    resolve(Date.now());
  });
  observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
})`;

/** `files` largest first, with their gzip total. */
function summed(files: TransferredFile[]): { files: TransferredFile[]; gzipBytes: number } {
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { files, gzipBytes: files.reduce((total, file) => total + file.gzipBytes, 0) };
}

/**
 * Every request the page made before `ready` resolved (counted by when it was made, on the page's
 * clock: a response still arriving after `ready` counts too), then the ones made after it until the
 * workspace was up.
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
    const requests: Promise<(TransferredFile & { startedAt: number }) | null>[] = [];
    page.on('request', (request) => {
      const file = new URL(request.url()).pathname;
      requests.push(
        request
          .response()
          .then((response) => response?.body())
          .then(
            (body) =>
              body
                ? {
                    file,
                    startedAt: request.timing().startTime,
                    gzipBytes: gzipSync(body, { level: GZIP_LEVEL }).length,
                  }
                : null,
            () => null,
          ),
      );
    });
    await page.goto(url);
    // Both moments on the page's own clock, so what the page starts right after each one (the Worker
    // after `ready`, the tokenizer after the workspace) is sorted by when it was requested.
    const workspaceAt = page.evaluate<number>(WORKSPACE_READY_AT);
    const readyAt = await page.evaluate(() =>
      (window as unknown as { playground: { ready: Promise<void> } }).playground.ready.then(() => Date.now()),
    );
    const upAt = await workspaceAt;
    // Let the requests made up to then reach this side before reading them.
    await page.waitForTimeout(500);
    const files = (await Promise.all(requests.splice(0))).filter((file) => file !== null);
    const strip = ({ file, gzipBytes }: TransferredFile): TransferredFile => ({ file, gzipBytes });
    return {
      ...summed(files.filter((file) => file.startedAt <= readyAt).map(strip)),
      untilWorkspace: summed(
        files.filter((file) => file.startedAt > readyAt && file.startedAt <= upAt).map(strip),
      ),
    };
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  }
}
