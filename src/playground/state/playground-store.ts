/**
 * `createPlaygroundStore(suite)`: every store of the playground over a suite the host made, with no
 * React in sight, so any UI can be built on it (the `<Playground>` component is one). The host's
 * catalog, workspace and policy are used as they are; the playground adds its own registrations on
 * top, and a reset takes them away again.
 */
import type { ToolSuite } from 'browser-agent-tools';
import type { AgentModule, KeyStorage } from './agent-store.ts';
import type { ApprovalPrompt } from './approval-prompt.ts';
import type { ProvidersModule } from './declarations-store.ts';
import { createHostBackend } from './host-backend.ts';
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
   * Loads `browser-agent-tools/providers` (token counts and the provider formats of the declarations).
   * Default: `import('browser-agent-tools/providers')`, which needs the optional peer `gpt-tokenizer`.
   */
  loadProviders?(): Promise<ProvidersModule>;
  /** Loads `browser-agent-tools/codemode` to add the `codemode` tool to the suite. Default: codemode stays off. */
  loadCodemode?(): Promise<CodemodeModule>;
  /** Loads `browser-agent-tools/agent` for the Agent panel. Default: `import('browser-agent-tools/agent')`. */
  loadAgent?(): Promise<AgentModule>;
  /** Where the Agent panel keeps an API key when asked to. Default: this tab's `sessionStorage`. */
  keyStorage?: KeyStorage;
}

/** The playground's stores over `suite`; call `start()` before the first call. */
export function createPlaygroundStore(
  suite: ToolSuite<Workspace>,
  options: PlaygroundStoreOptions = {},
): Playground {
  const backend = createHostBackend(suite);
  const runtime = createRuntime({ workspace: backend.workspace, suite });
  return assemblePlayground(
    {
      loadProviders: options.loadProviders ?? (() => import('browser-agent-tools/providers')),
      loadAgent: options.loadAgent ?? (() => import('browser-agent-tools/agent')),
      ...(options.loadCodemode ? { loadCodemode: options.loadCodemode } : {}),
      ...(options.keyStorage ? { keyStorage: options.keyStorage } : {}),
      // No demo: the host's catalog is the catalog, and the workspace keeps the host's files.
      loadDemo: async () => ({ tools: [], transcripts: [] }),
      demoFiles: {},
    },
    { backend, runtime, hostSuite: true, ...(options.approvals ? { approvals: options.approvals } : {}) },
  );
}
