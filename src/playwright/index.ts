/**
 * The `browser-agent-tools/playwright` entry: Playwright's `test` with a `playground` fixture (a page
 * object over `window.playground` and the result channels' test ids) and Playwright's `expect` with
 * `toSucceed`, `toFailWith` and `toDeclare`. It runs in the Playwright test runner (Node); its only
 * import at run time is `@playwright/test`, an optional peer dependency.
 *
 * Explicit named exports only: adding a name here makes it public API.
 */
import {
  test as base,
  expect as baseExpect,
  type Expect,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  type TestType,
} from '@playwright/test';
import { type PlaygroundMatchers, playgroundMatchers } from './matchers.ts';
import { PlaygroundPage } from './playground-page.ts';

export type { PlaygroundMatchers } from './matchers.ts';
export {
  type PlaygroundExecuteOptions,
  type PlaygroundGotoOptions,
  PlaygroundPage,
  type RenderedChannels,
} from './playground-page.ts';
export {
  type DeclarationFormat,
  type PlaygroundFile,
  type PlaygroundScenario,
  type PlaygroundScenarioCall,
  scenarioHash,
} from './scenario-hash.ts';

/** The fixtures this entry adds to Playwright's own. */
export interface PlaygroundFixtures {
  /** The page object of the test's page; `goto()` opens `use.baseURL`. */
  playground: PlaygroundPage;
}

export const test: TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & PlaygroundFixtures,
  PlaywrightWorkerArgs & PlaywrightWorkerOptions
> = base.extend<PlaygroundFixtures>({
  playground: async ({ page, baseURL }, provide) => {
    await provide(new PlaygroundPage(page, baseURL));
  },
});

export const expect: Expect<PlaygroundMatchers> = baseExpect.extend(playgroundMatchers);
