/**
 * What the MCP-store and permalink tests share: the MCP entry wired to an in-process handler, and
 * readers of what the page says (the refusal of a scenario, the notice and its actions). A plain
 * module (not a test).
 */
import type { FetchHandler } from '../../src/edge/index.ts';
import { mountMcpServer } from '../../src/mcp/index.ts';
import type { McpModule } from '../../src/playground/state/mcp-store.ts';
import type { Playground } from '../../src/playground/state/playground.ts';
import { parseScenario, ScenarioError } from '../../src/playground/state/scenario.ts';

/** The MCP entry, its HTTP requests sent straight to `handler` (no network). */
export function mcpVia(handler: FetchHandler): () => Promise<McpModule> {
  return async () => ({
    mountMcpServer: (suite, source, options) =>
      mountMcpServer(
        suite,
        typeof source === 'object' && 'url' in source
          ? { ...source, fetch: (input, init) => handler(new Request(input, init)) }
          : source,
        options,
      ),
  });
}

/** The message `parseScenario` refuses `value` with. */
export function refusal(value: unknown): string {
  try {
    parseScenario(value);
  } catch (error) {
    if (error instanceof ScenarioError) return error.message;
    throw error;
  }
  throw new Error('the scenario was accepted');
}

/** The page's notice now: its kind, words and the words of its actions. */
export function noticeOf(playground: Playground) {
  const notice = playground.page.getState().notice;
  return {
    kind: notice?.kind,
    text: notice?.text,
    actions: notice?.actions?.map((action) => action.label) ?? [],
  };
}

/** Runs the action of the page's notice that says `label`. */
export async function act(playground: Playground, label: string): Promise<void> {
  const action = playground.page.getState().notice?.actions?.find((candidate) => candidate.label === label);
  if (!action) throw new Error(`no action "${label}" in ${JSON.stringify(noticeOf(playground))}`);
  await action.run();
}
