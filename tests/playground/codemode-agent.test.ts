/**
 * The playground's codemode caller and Agent store in Node: codemode enabled through the lazy loader
 * (in-process runner), a script's nested calls recorded on its history entry, the tool re-enabled after
 * a reset, and an agent run whose calls land in the history while the key stays out of the snapshot,
 * the scenario and the exported session.
 * Reaches inside: the playground app's state modules (src/playground/state/) have no public entry:
 * browser-agent-tools/playground exports the component, createPlaygroundStore and the approval prompt only,
 * so they are tested as the app uses them.
 */
import { describe, expect, it } from 'vitest';
import type { AgentModel, ModelRequest } from '../../src/agent/index.ts';
import { nestedCalls } from '../../src/playground/state/history-store.ts';
import { startPlayground } from './harness.ts';

const loadCodemode = () => import('browser-agent-tools/codemode');

describe('codemode as a caller', () => {
  it('is declared after start, records the nested calls and survives a reset', async () => {
    const playground = await startPlayground({ loadCodemode });
    expect(playground.runtime.declarations().map((spec) => spec.name)).toContain('codemode');
    expect(playground.composer.callableTools().map((spec) => spec.name)).toContain('codemode');
    playground.composer.selectTool('codemode');
    playground.composer.setScript(
      "const [a, b] = await Promise.all([tools.ls({ path: '.' }), tools.read({ path: 'src/cart.ts' })]);\nreturn 'done';",
    );
    const entry = await playground.composer.run();
    expect(entry?.result.is_error).toBe(false);
    expect(entry?.invocation?.tool).toBe('codemode');
    if (!entry) throw new Error('the script did not run');
    expect(nestedCalls(entry).map((call) => [call.name, call.is_error])).toEqual([
      ['ls', false],
      ['read', false],
    ]);
    await playground.reset();
    expect(playground.runtime.store.getState().codemode).not.toBeNull();
    expect(playground.runtime.declarations().map((spec) => spec.name)).toContain('codemode');
  });
});

describe('the Agent store', () => {
  it('runs the loop through the history and keeps the key out of every record', async () => {
    const KEY = 'sk-unit-secret-42';
    const seen: string[][] = [];
    let step = 0;
    const model: AgentModel<'openai-chat'> = {
      provider: 'openai-chat',
      async complete(request: ModelRequest<'openai-chat'>) {
        seen.push(request.tools.map((tool) => tool.function.name));
        step += 1;
        if (step === 1) {
          return {
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [
                { id: 'c1', type: 'function', function: { name: 'read', arguments: '{"path":"README.md"}' } },
              ],
            },
          };
        }
        return { message: { role: 'assistant', content: 'Read it.' } };
      },
    };
    let keyUsed: string | undefined;
    const agent = await import('browser-agent-tools/agent');
    const stored: (string | null)[] = [];
    const playground = await startPlayground({
      loadAgent: async () => ({
        ...agent,
        createOpenAICompatibleModel: (options: { apiKey?: string }) => {
          keyUsed = options.apiKey;
          return model;
        },
      }),
      keyStorage: { read: () => null, write: (value: string | null) => stored.push(value) },
    });
    const agentStore = await playground.agent();
    // The panel starts on the demo model; this test drives an OpenAI-compatible one.
    agentStore.setSettings({
      provider: 'openai-chat',
      baseURL: 'http://localhost:11434/v1',
      model: 'qwen3:8b',
    });
    agentStore.setKey(KEY);
    await agentStore.run();
    const state = agentStore.store.getState();
    expect(state.outcome?.reason).toBe('completed');
    expect(state.steps.map((item) => item.calls.length)).toEqual([1, 0]);
    expect(state.steps[0]?.calls[0]?.historyId).toBe(playground.history.store.getState().entries[0]?.id);
    expect(keyUsed).toBe(KEY);
    expect(seen[0]).toContain('read');
    expect(JSON.stringify(state)).not.toContain(KEY);
    expect(JSON.stringify(playground.scenario())).not.toContain(KEY);
    expect(playground.history.exportSession(playground.scenario())).not.toContain(KEY);
    // Not kept in sessionStorage unless asked; kept (and removed) when asked.
    expect(stored).toEqual([null]);
    agentStore.setSettings({ rememberKey: true });
    agentStore.setSettings({ rememberKey: false });
    expect(stored).toEqual([null, KEY, null]);
  });
});
