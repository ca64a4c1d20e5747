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
 * Specs that hold the page to a deadline while it works hard (a frame within 500 ms during a 5 MB render,
 * an answer within 500 ms while the shell's Worker is frozen, Abort clicked within a second of a
 * `while (true)` script, a click answered within a second of a runaway codemode script, the embedded
 * shell back within 6 s of a WebContainer boot that gives up after 3) or count what loads before
 * `ready`, or hold a main-thread task to 200 ms of CPU time while 5 MB outputs arrive (long-tasks): they
 * run after the others, one at a time, so a test in another worker cannot take the CPU they measure.
 * A task's CPU time is the page's work, yet beside a second worker the permalink replay's longest
 * task measured 208 ms once, where alone it measures 110 to 135. They are skipped when another spec
 * failed. mcp-stdio-proxy, whose tasks are judged the same way but whose work is paging a drawn window
 * and opening one message, runs with the others.
 */
const ALONE =
  /\/(startup|large|long-tasks|worker-tools|composer-codemode|codemode-runaway|backend)\.spec\.ts$/;

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
