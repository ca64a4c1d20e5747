/**
 * Unit tests run in Node; the Playwright specs in tests/e2e run through `npm run test:e2e`. Three
 * projects, so a developer can run the fast part after every change (`npm run test:quick`) and CI runs
 * all of it (`npm run test:unit`):
 *
 * - `quick`: tests that run in this process and finish in seconds.
 * - `processes`: tests that start other programs (npm, tsc, esbuild, Vite, workerd, GNU bash, MCP
 *   servers, Chromium) or Worker threads, and the few in-process files that take over about 8 s on two
 *   cores. A file that starts one belongs here.
 * - `examples`: the example projects, whose global setup (packing the package) runs only when one of
 *   them is selected.
 */
import { configDefaults, defineConfig } from 'vitest/config';
import { alias } from './vite.config.ts';

const EXAMPLES = 'tests/package/examples/*.test.ts';

/** Files that start other programs or threads, or take many seconds. */
const PROCESSES = [
  // Child processes: npm, tsc, esbuild, Vite, GNU bash, workerd (Miniflare), MCP servers.
  'tests/bench/bundle-size.test.ts',
  'tests/codemode/declarations.test.ts',
  'tests/docs/readme.test.ts',
  'tests/docs/snippets.test.ts',
  'tests/docs/testing-spec.test.ts',
  'tests/edge/isolation.test.ts',
  'tests/edge/resumable-workerd.test.ts',
  'tests/edge/session-objects.test.ts',
  'tests/edge/worker.test.ts',
  'tests/edge/worker-entry.test.ts',
  'tests/faults/faults.test.ts',
  'tests/mcp/stdio-proxy.test.ts',
  'tests/package/architecture.test.ts',
  'tests/workspace/gnu-parity.test.ts',
  'tests/workspace/sed-line-range.test.ts',
  'tests/conformance/oils.test.ts',
  // Worker threads.
  'tests/workspace/just-bash-worker.test.ts',
  // In this process, but 8 to 60 s each (shell timeouts waited out, property runs).
  'tests/workspace/webcontainer.test.ts',
  'tests/workspace/just-bash.test.ts',
  'tests/workspace/webcontainer-background.test.ts',
  'tests/workspace/webcontainer-real-cases.test.ts',
  'tests/codemode/codemode.test.ts',
  'tests/faults/paths.property.test.ts',
];

export default defineConfig({
  resolve: { alias },
  test: {
    environment: 'node',
    // Two files at a time even on two cores (Vitest's default there is one): much of the suite waits on
    // shell timeouts, child processes (npm, tsc, Vite, workerd) and Chromium, so two overlap that
    // waiting. Measured on this two-core machine: 270 s for the whole suite, against 440 s with one.
    maxWorkers: 2,
    // Vitest's 5 s default fails tests that take 1 to 2 s alone whenever the two cores are shared (a
    // clean-clone CI run beside other work failed four such); a test that truly hangs still ends.
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'quick',
          include: ['tests/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'tests/e2e/**', EXAMPLES, ...PROCESSES],
        },
      },
      { extends: true, test: { name: 'processes', include: PROCESSES } },
      {
        extends: true,
        test: { name: 'examples', include: [EXAMPLES], globalSetup: ['tests/package/examples/pack.ts'] },
      },
    ],
  },
});
