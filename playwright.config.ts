/**
 * Playwright e2e tests against the built playground (`npm run build` first), served by `vite preview`.
 * The browser comes from tests/e2e/chromium.ts: a missing Chromium fails the run, it never skips it.
 */
import { defineConfig } from '@playwright/test';
import { findChromium } from './tests/e2e/chromium.ts';

const baseURL = 'http://localhost:4173';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: findChromium(),
      // Without these, Chromium keeps trying to reach Google services on a closed network.
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'npx vite preview --port 4173 --strictPort',
    url: baseURL,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
