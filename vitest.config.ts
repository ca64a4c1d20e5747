/**
 * Unit tests run in Node; the Playwright specs in tests/e2e run through `npm run test:e2e`. Four
 * projects, so a developer can run the fast part after every change (`npm run test:quick`), the gate
 * (scripts/gate.ts) can run each beside other work, and `npm run test:unit` runs all of them:
 *
 * - `quick`: tests that run in Vitest's own process and start no program (tests/quick-setup.ts makes
 *   starting one throw there).
 * - `processes`: tests that start other programs (npm, tsc, esbuild, Vite, workerd, GNU bash, MCP
 *   servers, Chromium) or Worker threads, and the few in-process files that take over about 8 s on two
 *   cores. A file that starts one belongs here (tests/package/test-tiers.test.ts checks).
 * - `repo`: checks of the repository rather than of a module: package contents and entries, the
 *   architecture's import rules, function lengths, the install's weight, the docs against the code and
 *   bench/RESULTS.md, the bundle budget, these tiers. Some start programs (tsc, tsx, esbuild).
 * - `examples`: the example projects, whose global setup (packing the package) runs only when one of
 *   them is selected.
 */
import { configDefaults, defineConfig } from 'vitest/config';
import { alias } from './vite.config.ts';

const EXAMPLES = 'tests/package/examples/*.test.ts';

/** Checks of the repository as a whole (see above), whatever they start. */
const REPO = ['tests/package/*.test.ts', 'tests/docs/*.test.ts', 'tests/bench/bundle-size.test.ts'];

/** Files that start other programs or threads, or take many seconds. */
const PROCESSES = [
  // Child processes: npm, tsc, esbuild's service, GNU bash, workerd (Miniflare), MCP servers over stdio.
  'tests/agent/token-counter.test.ts',
  'tests/codemode/declarations.test.ts',
  'tests/edge/isolation.test.ts',
  'tests/edge/resumable-workerd.test.ts',
  'tests/edge/session-objects.test.ts',
  'tests/edge/worker.test.ts',
  'tests/edge/worker-entry.test.ts',
  'tests/faults/faults.test.ts',
  'tests/mcp/bundle.test.ts',
  'tests/mcp/servers.test.ts',
  'tests/mcp/stdio-proxy.test.ts',
  'tests/mcp/wire-log.test.ts',
  'tests/playground/inspector-store.test.ts',
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
          exclude: [...configDefaults.exclude, 'tests/e2e/**', EXAMPLES, ...PROCESSES, ...REPO],
          setupFiles: ['tests/quick-setup.ts'],
          // The files of a worker share one module graph instead of importing it again each: half the
          // CPU of this project (about 100 s instead of 175 s on two cores, all 1,290 tests passing in
          // shuffled order too), most of it spent importing src/ anew for each file. A file therefore
          // restores what it changes (fake timers, stubbed globals, spies); vi.mock stays per file.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'processes', include: PROCESSES } },
      { extends: true, test: { name: 'repo', include: REPO } },
      {
        extends: true,
        test: { name: 'examples', include: [EXAMPLES], globalSetup: ['tests/package/examples/pack.ts'] },
      },
    ],
  },
});
