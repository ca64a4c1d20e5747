/**
 * createPlaygroundStore: the playground's stores over a suite the host made, and the approval prompt.
 * Reaches inside: the playground app's state modules (src/playground/state/) have no public entry:
 * browser-agent-tools/playground exports the component, createPlaygroundStore and the approval prompt only,
 * so they are tested as the app uses them.
 */
import { createToolSuite, type ToolSuite, type Workspace } from 'browser-agent-tools';
import type { AgentModel } from 'browser-agent-tools/agent';
import { createJustBashWorkspace } from 'browser-agent-tools/workspace/just-bash';
import { describe, expect, it } from 'vitest';
import { createApprovalPrompt, createPlaygroundStore } from '../../src/playground/index.ts';
import { type McpModule, mcpStoreOf } from '../../src/playground/state/mcp-store.ts';

const NOTE_SPEC = {
  name: 'save_note',
  description: 'Saves a note.',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  effects: ['state_write'],
} as const;

/** A host's suite: the built-ins on a just-bash workspace holding one file, and a tool of its own. */
function hostSuite(options: Parameters<typeof createToolSuite>[0] = {}): ToolSuite<Workspace> {
  const suite = createToolSuite({
    workspace: () => createJustBashWorkspace({ files: { 'host.txt': 'kept\n' } }),
    ...options,
  });
  suite.register({ ...NOTE_SPEC, effects: [...NOTE_SPEC.effects] }, 'direct', (args) => ({
    output: `Saved: ${(args as { text: string }).text}`,
  }));
  return suite;
}

describe('createPlaygroundStore', () => {
  it("runs the host's tools on the host's suite, recording what the implementation received", async () => {
    const suite = hostSuite();
    const playground = createPlaygroundStore(suite, {
      loadProviders: () => import('browser-agent-tools/providers'),
    });
    await playground.start();
    expect(playground.runtime.store.getState().suite).toBe(suite);
    const entry = await playground.runCall({
      kind: 'named',
      name: 'save_note',
      args: { text: 'hello' },
      caller: 'model',
    });
    expect(entry.result.output).toBe('Saved: hello');
    expect(entry.invocation).toEqual({ tool: 'save_note', arguments: { text: 'hello' } });
    const origins = playground.runtime.store.getState().origins;
    expect(origins.save_note).toBe('host');
    expect(origins.bash).toBe('builtin');
    expect(playground.backend.store.getState().message).toBe("Ready: the host's workspace.");
  });

  it("a reset removes the playground's registrations, restores the host's modes and keeps the host's files", async () => {
    const suite = hostSuite();
    const playground = createPlaygroundStore(suite);
    await playground.start();
    playground.runtime.register(
      { name: 'echo_me', description: 'Echo.', parameters: { type: 'object' } },
      'direct',
    );
    playground.runtime.setMode('save_note', 'hidden');
    expect(() => playground.runtime.register({ ...NOTE_SPEC, effects: ['state_write'] }, 'direct')).toThrow(
      `"save_note" is the host's tool; pick another name.`,
    );
    await playground.reset();
    expect(suite.get('echo_me')).toBeUndefined();
    expect(suite.get('save_note')?.mode).toBe('direct');
    expect(playground.runtime.store.getState().suite).toBe(suite);
    const workspace = await suite.getWorkspace();
    expect(new TextDecoder().decode(await workspace.readFile(`${workspace.root}/host.txt`))).toBe('kept\n');
    // Wrapped once: a second reset does not wrap the implementation again.
    const implementation = suite.get('save_note')?.implementation;
    await playground.reset();
    expect(suite.get('save_note')?.implementation).toBe(implementation);
  });

  it('asks the approval prompt in the page, and runs or refuses as it is answered', async () => {
    const approvals = createApprovalPrompt();
    const suite = hostSuite({
      policy: { state_write: 'ask', default: 'allow' },
      onApproval: approvals.onApproval,
    });
    const playground = createPlaygroundStore(suite, { approvals });
    await playground.start();
    expect(playground.approvals).toBe(approvals);
    const call = (text: string) =>
      playground.runCall({ kind: 'named', name: 'save_note', args: { text }, caller: 'model' });

    const approved = call('yes');
    await expect.poll(() => approvals.store.getState().pending.length).toBe(1);
    const [pending] = approvals.store.getState().pending;
    expect(pending).toMatchObject({ tool: 'save_note', arguments: { text: 'yes' }, asking: ['state_write'] });
    approvals.decide(pending?.id ?? 0, true);
    expect((await approved).result.output).toBe('Saved: yes');
    expect(approvals.store.getState().pending).toEqual([]);

    const refused = call('no');
    await expect.poll(() => approvals.store.getState().pending.length).toBe(1);
    approvals.decide(approvals.store.getState().pending[0]?.id ?? 0, { approved: false, reason: 'Not now.' });
    const result = (await refused).result;
    expect(result.is_error).toBe(true);
    expect(result.output).toMatchInlineSnapshot(
      `"The user did not approve tool "save_note" (effect state_write): Not now.. Do not retry the same call; ask the user how to proceed."`,
    );
  });

  it("the Agent panel runs the host's model first, its calls landing in the history", async () => {
    let step = 0;
    const model: AgentModel<'openai-chat'> = {
      provider: 'openai-chat',
      model: 'host model',
      async complete() {
        step += 1;
        if (step > 1) return { message: { role: 'assistant', content: 'Saved it.' }, stop_reason: 'stop' };
        const call = { name: 'save_note', arguments: JSON.stringify({ text: 'from the agent' }) };
        return {
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'c1', type: 'function', function: call }],
          },
          stop_reason: 'tool_calls',
        };
      },
    };
    const playground = createPlaygroundStore(hostSuite(), {
      agentModel: model,
      loadAgent: () => import('browser-agent-tools/agent'),
    });
    await playground.start();
    const agent = await playground.agent();
    expect(agent.store.getState().settings.provider).toBe('host');
    expect(agent.store.getState().hostModel).toBe(true);
    await agent.run();
    expect(agent.store.getState().error).toBeNull();
    expect(agent.store.getState().outcome?.text).toBe('Saved it.');
    expect(playground.history.store.getState().entries[0]?.result.output).toBe('Saved: from the agent');
  });

  it('says what to pass when no providers entry was given', async () => {
    const playground = createPlaygroundStore(hostSuite());
    await playground.start();
    await playground.declarations.loadProviders();
    expect(playground.declarations.store.getState().loadError).toBe(
      "no loadProviders was given to createPlaygroundStore. Pass loadProviders: () => import('browser-agent-tools/providers') (it needs the gpt-tokenizer package).",
    );
  });

  it('says what to pass when no MCP entry was given, and connects with the one given', async () => {
    const without = createPlaygroundStore(hostSuite());
    await without.start();
    const request = { url: 'https://mcp.example.test/mcp' };
    await expect(mcpStoreOf(without).connect(request)).rejects.toThrow(
      "Could not connect to https://mcp.example.test/mcp: no loadMcp was given to createPlaygroundStore. Pass loadMcp: () => import('browser-agent-tools/mcp') (it needs the @modelcontextprotocol/sdk package).",
    );

    const mountMcpServer: McpModule['mountMcpServer'] = async () => {
      throw new Error('the loader given was used');
    };
    const withLoader = createPlaygroundStore(hostSuite(), { loadMcp: async () => ({ mountMcpServer }) });
    await withLoader.start();
    await expect(mcpStoreOf(withLoader).connect(request)).rejects.toThrow(
      'Could not connect to https://mcp.example.test/mcp: the loader given was used',
    );
  });
});
