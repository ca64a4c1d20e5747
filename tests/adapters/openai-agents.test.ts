/**
 * `toOpenAIAgentsTools` driven by the OpenAI Agents SDK's own `Runner`, with a scripted `Model` (the
 * SDK's model interface; no network): deferred tools are enabled once tool_search activated them, and a
 * tool the policy rates `ask` stops the run for the SDK's approval, then runs once approved there.
 */
import {
  Agent,
  type AgentOutputItem,
  type Model,
  type ModelRequest,
  type ModelResponse,
  Runner,
  setTracingDisabled,
  Usage,
} from '@openai/agents';
import { beforeAll, describe, expect, it } from 'vitest';
import { createToolSuite } from '../../src/index.ts';
import { toOpenAIAgentsTools } from '../../src/openai-agents/index.ts';

beforeAll(() => setTracingDisabled(true));

function call(callId: string, name: string, args: unknown): AgentOutputItem {
  return { type: 'function_call', callId, name, arguments: JSON.stringify(args), status: 'completed' };
}

function message(text: string): AgentOutputItem {
  return {
    type: 'message',
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text }],
  };
}

/** A model that answers with `script[i]` on its i-th request and records every request. */
function scriptedModel(script: AgentOutputItem[][]): { model: Model; requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  const model: Model = {
    async getResponse(request): Promise<ModelResponse> {
      requests.push(request);
      return { usage: new Usage(), output: script[requests.length - 1] ?? [message('done')] };
    },
    getStreamedResponse() {
      throw new Error('not used');
    },
  };
  return { model, requests };
}

function suiteWithWeather() {
  const suite = createToolSuite({
    builtins: ['tool_search'],
    policy: { read: 'allow', net_read: 'allow', fs_write: 'ask' },
  });
  suite.register(
    {
      name: 'get_weather',
      description: 'Current weather for a city.',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      effects: ['net_read'],
    },
    'deferred',
    (args) => `Sunny in ${String(args.city)}.`,
  );
  let saved = '';
  suite.register(
    {
      name: 'save_note',
      description: 'Saves a note.',
      parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      effects: ['fs_write'],
    },
    'direct',
    (args) => {
      saved = String(args.text);
      return 'Saved.';
    },
  );
  return { suite, saved: () => saved };
}

describe('toOpenAIAgentsTools with the Agents SDK Runner', () => {
  it('tool_search enables the tool it found for the next turn, which the model then calls', async () => {
    const { suite } = suiteWithWeather();
    const session = suite.createSession();
    const tools = toOpenAIAgentsTools(suite, {
      session,
      policy: { read: 'allow', net_read: 'allow', fs_write: 'ask' },
    });
    const { model, requests } = scriptedModel([
      [call('c1', 'tool_search', { query: 'weather city' })],
      [call('c2', 'get_weather', { city: 'Oslo' })],
    ]);
    const agent = new Agent({ name: 'assistant', instructions: 'Help.', model, tools });
    const result = await new Runner().run(agent, 'Weather in Oslo?');

    expect(result.finalOutput).toBe('done');
    expect(requests.map((request) => request.tools.map((tool) => tool.name))).toEqual([
      ['tool_search', 'save_note'],
      ['tool_search', 'get_weather', 'save_note'],
      ['tool_search', 'get_weather', 'save_note'],
    ]);
    const outputs = result.newItems
      .filter((item) => item.type === 'tool_call_output_item')
      .map((item) => item.output);
    expect(outputs[1]).toBe('Sunny in Oslo.');
  });

  it("a tool the policy rates 'ask' waits for the SDK's approval, then runs without asking onApproval", async () => {
    const { suite, saved } = suiteWithWeather();
    const session = suite.createSession();
    const tools = toOpenAIAgentsTools(suite, {
      session,
      policy: { read: 'allow', net_read: 'allow', fs_write: 'ask' },
    });
    const { model } = scriptedModel([[call('c1', 'save_note', { text: 'milk' })]]);
    const agent = new Agent({ name: 'assistant', instructions: 'Help.', model, tools });
    const runner = new Runner();

    const first = await runner.run(agent, 'Remember milk.');
    expect(first.interruptions.map((item) => item.name)).toEqual(['save_note']);
    expect(saved()).toBe('');

    const [interruption] = first.interruptions;
    if (interruption === undefined) throw new Error('no interruption');
    first.state.approve(interruption);
    const second = await runner.run(agent, first.state);
    expect(saved()).toBe('milk');
    expect(second.finalOutput).toBe('done');
  });

  it('without the policy option, the suite itself refuses an unapproved ask call', async () => {
    const { suite, saved } = suiteWithWeather();
    const save = toOpenAIAgentsTools(suite, { session: suite.createSession() }).find(
      (tool) => tool.name === 'save_note',
    );
    const approval = await save?.needsApproval(undefined as never, { text: 'x' } as never, 'c1');
    expect(approval).toBe(false);
    const output = await save?.invoke(undefined as never, '{"text":"milk"}');
    expect(output).toBe(
      'Tool "save_note" needs approval (effect fs_write) but no approver is configured, so it did not run. Ask the user to allow it.',
    );
    expect(saved()).toBe('');
  });
});
