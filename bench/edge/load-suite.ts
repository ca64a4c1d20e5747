/**
 * The suite every server of the edge load benchmark serves: the ready-made worker's (the seven
 * built-ins, tool_search, the demo catalog) with a 1 MiB workspace per session, so 100 sessions fit in
 * one isolate's 128 MiB budget. The worker (load-worker.ts) and the SDK's Node server
 * (sdk-node-server.ts) both build their sessions' suites here.
 */
import { registerDemoTools } from '../../src/edge/demo-tools.ts';
import type { SuiteContext } from '../../src/edge/fetch-handler.ts';
import { createToolSuite, type ToolSuite } from '../../src/index.ts';

/** Bytes each session's workspace may hold. */
export const LOAD_WORKSPACE_BYTES = 1024 * 1024;
/** Sessions one isolate holds at once: above the 100 the benchmark opens. */
export const LOAD_MAX_SESSIONS = 128;

export function loadSuite({ workspace }: SuiteContext): ToolSuite {
  const suite = createToolSuite({ workspace });
  registerDemoTools(suite);
  return suite;
}
