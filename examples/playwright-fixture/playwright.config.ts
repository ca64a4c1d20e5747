/**
 * baseURL is the page the `playground` fixture opens: the playground (in a checkout of
 * browser-agent-tools, `npm run build && npx vite preview` serves it at http://localhost:4173), or a
 * page of your own that sets `window.playground`.
 */
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests',
  reporter: [['list']],
  use: {
    baseURL: process.env.PLAYGROUND_URL ?? 'http://localhost:4173',
    browserName: 'chromium',
    // A Chromium of the system (CHROMIUM_PATH), or the one `npx playwright install chromium` downloads.
    launchOptions: { executablePath: process.env.CHROMIUM_PATH, args: ['--no-sandbox'] },
  },
});
