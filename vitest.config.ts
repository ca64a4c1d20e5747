/** Unit tests run in Node; the Playwright specs in tests/e2e run through `npm run test:e2e`. */
import { configDefaults, defineConfig } from 'vitest/config';
import { alias } from './vite.config.ts';

export default defineConfig({
  resolve: { alias },
  test: {
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'tests/e2e/**'],
  },
});
