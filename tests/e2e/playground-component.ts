/**
 * The page of tests/e2e/playground-component.spec.ts: tests/e2e/fixtures/playground-component.html, a
 * host page that shows `<Playground store={store}>` with `exposePlayground(store)`, importing the
 * package by its name as an app would (`npm run build` made the entries it resolves to). Built and
 * served with Vite's API once per worker, on a port of its own; `baseURL` is its address, as a user's
 * Playwright config points `use.baseURL` at their page, so the spec calls `goto()` with no arguments.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, preview } from 'vite';
import { test as base } from '../../src/playwright/index.ts';

export { expect } from '../../src/playwright/index.ts';

const FIXTURES = resolve(import.meta.dirname, 'fixtures');

/** The package's `test`, with `baseURL` at the page built for this worker. */
export const test = base.extend<object, { componentPageUrl: string }>({
  componentPageUrl: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none.
    async ({}, provide) => {
      const outDir = mkdtempSync(join(tmpdir(), 'playground-component-e2e-'));
      const input = join(FIXTURES, 'playground-component.html');
      try {
        await build({
          root: FIXTURES,
          configFile: false,
          logLevel: 'error',
          build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 8000, rollupOptions: { input } },
        });
        const server = await preview({
          root: FIXTURES,
          configFile: false,
          logLevel: 'error',
          build: { outDir },
          preview: { port: 0, strictPort: false },
        });
        try {
          const base = server.resolvedUrls?.local[0];
          if (!base) throw new Error('the playground component page server reported no URL');
          await provide(new URL('playground-component.html', base).href);
        } finally {
          await server.close();
        }
      } finally {
        rmSync(outDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ componentPageUrl }, provide) => provide(componentPageUrl),
});
