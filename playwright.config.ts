/**
 * Playwright e2e tests against the built playground (`npm run build` first), served by `vite preview`.
 * The browser comes from tests/e2e/chromium.ts: a missing Chromium fails the run, it never skips it.
 */
import { defineConfig } from '@playwright/test';
import { findChromium } from './tests/e2e/chromium.ts';

// PW_PORT lets two checkouts run their e2e suites side by side on one machine.
const port = Number(process.env.PW_PORT ?? 4173);
const baseURL = `http://localhost:${port}`;

/**
 * long-tasks holds a main-thread task to 200 ms of CPU time while 5 MB outputs arrive and a permalink
 * replays: it runs after the others, alone, and is skipped when another spec failed. A task's CPU time
 * is the page's own work, yet beside a second worker the permalink replay's longest task measured
 * 208 ms once, where alone it measures 110 to 135. Every other spec judges the page by its work (what it
 * drew, what it fetched, the cause of a stop, tasks well under that bound) and runs with the others.
 */
const ALONE = /\/long-tasks\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  // An assertion returns as soon as it holds, so a long wait costs only a failing run. 5 s (Playwright's
  // default) was too short for a first connection to the edge worker in workerd on busy cores.
  expect: { timeout: 15_000 },
  // Two: most of a spec's time is the page waiting (for its Worker, a timeout, an idle callback).
  workers: 2,
  projects: [
    { name: 'e2e', testIgnore: ALONE },
    { name: 'alone', testMatch: ALONE, dependencies: ['e2e'], workers: 1 },
  ],
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
    command: `npx vite preview --port ${port} --strictPort`,
    url: baseURL,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
