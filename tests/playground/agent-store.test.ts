/**
 * The Agent panel's store when the model's server cannot be reached: what it tells the user.
 * Reaches inside: the playground app's state modules (src/playground/state/) have no public entry:
 * browser-agent-tools/playground exports the component, createPlaygroundStore and the approval prompt only,
 * so they are tested as the app uses them.
 */
import { describe, expect, it, vi } from 'vitest';
import { type AgentModule, createAgentStore } from '../../src/playground/state/agent-store.ts';
import type { Runtime } from '../../src/playground/state/runtime.ts';

/** An agent module whose loop fails the way a browser's fetch does when CORS or the server refuses. */
const failingFetch: AgentModule = {
  runAgentLoop: () => Promise.reject(new TypeError('Failed to fetch')),
  createOpenAICompatibleModel: () => ({
    provider: 'openai-chat',
    complete: () => Promise.reject(new Error()),
  }),
  createAnthropicModel: () => ({ provider: 'anthropic', complete: () => Promise.reject(new Error()) }),
};

const runtime = {
  store: { getState: () => ({ suite: {}, session: {}, codemode: null }) },
} as unknown as Runtime;

describe('agent store failures', () => {
  it('"Failed to fetch" says to check the server, the URL and CORS, with the Ollama setting', async () => {
    vi.stubGlobal('location', { origin: 'http://localhost:4192' });
    const agent = createAgentStore({
      runtime,
      loadAgent: async () => failingFetch,
      runCall: () => Promise.reject(new Error('not called')),
      keyStorage: { read: () => null, write: () => {} },
    });
    agent.setSettings({ provider: 'openai-chat' });
    await agent.run();
    expect(agent.store.getState().error).toBe(
      'Failed to fetch The server at http://localhost:11434/v1 did not answer this page: check that it runs and that the base URL is right, and that it allows requests from http://localhost:4192 (CORS). For Ollama, start it with OLLAMA_ORIGINS=http://localhost:4192 ollama serve.',
    );
    vi.unstubAllGlobals();
  });
});
