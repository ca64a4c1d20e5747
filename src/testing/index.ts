/**
 * The `browser-agent-tools/testing` entry: the Workspace conformance suite every backend runs. A backend
 * author's test file calls `runWorkspaceConformance({ name, create })` and gets one vitest test per case
 * (the seam, path confinement, every built-in tool, faults, file sizes), asserted through
 * `suite.execute` the way a model calls the tools. It registers its tests with `vitest` (an optional peer
 * dependency) and runs in Node (it hashes with `node:crypto`).
 *
 * Explicit named exports only: adding a name here makes it public API.
 */
export {
  type CaseEnv,
  type CaseOptions,
  type CaseRegistrar,
  type ConformanceTarget,
  type Files,
  runWorkspaceConformance,
} from './conformance.ts';
export { expectClearError, expectNoLeak, expectResultShape } from './invariants.ts';
