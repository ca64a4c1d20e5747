/** The fault invariants ship with `browser-agent-tools/testing`; the fault tests use that copy. */
export {
  expectClearError,
  expectNoLeak,
  expectResultShape,
  RESULT_KEYS,
} from '../../src/testing/invariants.ts';
