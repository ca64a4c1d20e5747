/**
 * `createPlaygroundStore(suite)`: every store of the playground over a suite the host made, with no
 * React in sight, so any UI can be built on it (the `<Playground>` component is one). The host's
 * catalog, workspace and policy are used as they are; the playground adds its own registrations on
 * top, and a reset takes them away again.
 */
import type { ToolSuite } from 'browser-agent-tools';
import type { AgentModel } from 'browser-agent-tools/agent';
import type { AgentModule, KeyStorage } from './agent-store.ts';
import type { ApprovalPrompt } from './approval-prompt.ts';
import type { ProvidersModule } from './declarations-store.ts';
import { createHostBackend } from './host-backend.ts';
import type { McpModule } from './mcp-store.ts';
import { assemblePlayground, type CodemodeModule, type Playground } from './playground.ts';
import { createRuntime } from './runtime.ts';
import type { Workspace } from './types.ts';

export interface PlaygroundStoreOptions {
  /**
   * The approval prompt whose `onApproval` the suite was created with; the component shows its
   * requests in the page.
   */
  approvals?: ApprovalPrompt;
  /**
   * Loads `browser-agent-tools/providers` (token counts and the provider formats of the declarations),
   * e.g. `() => import('browser-agent-tools/providers')`, which needs the optional peer `gpt-tokenizer`.
   * Without it the declarations show in the catalog form, and the panel says what is missing.
   */
  loadProviders?(): Promise<ProvidersModule>;
  /** Loads `browser-agent-tools/codemode` to add the `codemode` tool to the suite. Default: codemode stays off. */
  loadCodemode?(): Promise<CodemodeModule>;
  /**
   * Loads `browser-agent-tools/agent` for the Agent panel: `() => import('browser-agent-tools/agent')`.
   * Without it the panel cannot run. A loader, not a default import, so a host bundles only the entries
   * (and their peers) it asks for.
   */
  loadAgent?(): Promise<AgentModule>;
  /**
   * Loads `browser-agent-tools/mcp` for the MCP panel: `() => import('browser-agent-tools/mcp')`, which
   * needs the optional peer `@modelcontextprotocol/sdk`. Without it a connection fails and says so.
   */
  loadMcp?(): Promise<McpModule>;
  /** The host's own model, the Agent panel's first choice (the panel also offers the demo model). */
  agentModel?: AgentModel;
  /** Where the Agent panel keeps an API key when asked to. Default: this tab's `sessionStorage`. */
  keyStorage?: KeyStorage;
}

/** Why the declarations have no token counts and provider formats when no `loadProviders` was given. */
const NO_PROVIDERS =
  "no loadProviders was given to createPlaygroundStore. Pass loadProviders: () => import('browser-agent-tools/providers') (it needs the gpt-tokenizer package).";

/** The playground's stores over `suite`; call `start()` before the first call. */
export function createPlaygroundStore(
  suite: ToolSuite<Workspace>,
  options: PlaygroundStoreOptions = {},
): Playground {
  const backend = createHostBackend(suite);
  const runtime = createRuntime({ workspace: backend.workspace, suite });
  return assemblePlayground(
    {
      loadProviders: options.loadProviders ?? (() => Promise.reject(new Error(NO_PROVIDERS))),
      ...(options.loadAgent ? { loadAgent: options.loadAgent } : {}),
      ...(options.loadMcp ? { loadMcp: options.loadMcp } : {}),
      ...(options.loadCodemode ? { loadCodemode: options.loadCodemode } : {}),
      ...(options.keyStorage ? { keyStorage: options.keyStorage } : {}),
      ...(options.agentModel ? { agentModel: options.agentModel } : {}),
      // No demo: the host's catalog is the catalog, and the workspace keeps the host's files.
      loadDemo: async () => ({ tools: [], transcripts: [] }),
      demoFiles: {},
    },
    { backend, runtime, hostSuite: true, ...(options.approvals ? { approvals: options.approvals } : {}) },
  );
}
