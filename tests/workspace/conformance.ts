/** The conformance suite now ships as `browser-agent-tools/testing`; the backend tests here use that copy. */
export * from '../../src/testing/index.ts';
