/**
 * Unit tests run in Node; the Playwright specs in tests/e2e run through `npm run test:e2e`. The example
 * projects are a project of their own, so that their global setup (packing the package) runs only when
 * one of them is selected.
 */
import { configDefaults, defineConfig } from 'vitest/config';
import { alias } from './vite.config.ts';

const EXAMPLES = 'tests/package/examples/*.test.ts';

export default defineConfig({
  resolve: { alias },
  test: {
    environment: 'node',
    // Two files at a time even on two cores (Vitest's default there is one): much of the suite waits on
    // shell timeouts, child processes (npm, tsc, Vite, workerd) and Chromium, so two overlap that
    // waiting. Measured on this two-core machine: 270 s for the whole suite, against 440 s with one.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'tests/e2e/**', EXAMPLES],
        },
      },
      {
        extends: true,
        test: { name: 'examples', include: [EXAMPLES], globalSetup: ['tests/package/examples/pack.ts'] },
      },
    ],
  },
});
