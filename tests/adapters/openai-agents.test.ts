/**
 * `toOpenAIAgentsTools` driven by the OpenAI Agents SDK's own `Runner`, with a scripted `Model` (the
 * SDK's model interface; no network): deferred tools are enabled once tool_search activated them, a call
 * to one before that gets the suite's refusal and the run goes on (with the adapter's run options), and
 * approval follows the suite's policy and `onApproval` whichever way a call comes in.
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
import { type ApprovalRequest, createToolSuite, UsageError } from '../../src/index.ts';
import { toOpenAIAgentsTools } from '../../src/openai-agents/index.ts';

beforeAll(() => setTracingDisabled(true));

const NOT_LOADED =
  'Tool "get_weather" is not loaded yet. Call tool_search with words for what you need (for example "get weather"); matching tools become callable from your next call.';

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

function suiteWithWeather(options: { onApproval?: (request: ApprovalRequest) => boolean } = {}) {
  const suite = createToolSuite({
    builtins: ['tool_search'],
    policy: { read: 'allow', net_read: 'allow', fs_write: 'ask' },
    ...options,
  });
  let weatherCalls = 0;
  suite.register(
    {
      name: 'get_weather',
      description: 'Current weather for a city.',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      effects: ['net_read'],
    },
    'deferred',
    (args) => {
      weatherCalls++;
      return `Sunny in ${String(args.city)}.`;
    },
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
  suite.register({ name: 'secret', description: 'Hidden.' }, 'hidden', () => 'no');
  return { suite, saved: () => saved, weatherCalls: () => weatherCalls };
}

/** The outputs the model read back, in order, as `[tool name, output]`. */
function outputs(result: { newItems: unknown[] }): [string, unknown][] {
  return (result.newItems as { type: string; output?: unknown; rawItem?: { name?: string } }[])
    .filter((item) => item.type === 'tool_call_output_item')
    .map((item) => [item.rawItem?.name ?? '', item.output]);
}

describe('toOpenAIAgentsTools with the Agents SDK Runner', () => {
  it('tool_search enables the tool it found for the next turn, which the model then calls', async () => {
    const { suite } = suiteWithWeather();
    const { tools, runOptions } = toOpenAIAgentsTools(suite, { session: suite.createSession() });
    const { model, requests } = scriptedModel([
      [call('c1', 'tool_search', { query: 'weather city' })],
      [call('c2', 'get_weather', { city: 'Oslo' })],
    ]);
    const agent = new Agent({ name: 'assistant', instructions: 'Help.', model, tools });
    const result = await new Runner().run(agent, 'Weather in Oslo?', runOptions);

    expect(result.finalOutput).toBe('done');
    expect(requests.map((request) => request.tools.map((tool) => tool.name))).toEqual([
      ['tool_search', 'save_note'],
      ['tool_search', 'get_weather', 'save_note'],
      ['tool_search', 'get_weather', 'save_note'],
    ]);
    expect(outputs(result)[1]).toEqual(['get_weather', 'Sunny in Oslo.']);
  });

  it("a call to a deferred tool before tool_search gets the suite's refusal, and the run goes on", async () => {
    const { suite, weatherCalls } = suiteWithWeather();
    const { tools, runOptions } = toOpenAIAgentsTools(suite, { session: suite.createSession() });
    const { model } = scriptedModel([
      [call('c1', 'get_weather', { city: 'Oslo' })],
      [call('c2', 'tool_search', { query: 'weather city' })],
      [call('c3', 'get_weather', { city: 'Oslo' })],
    ]);
    const agent = new Agent({ name: 'assistant', instructions: 'Help.', model, tools });
    const result = await new Runner().run(agent, 'Weather in Oslo?', runOptions);

    expect(result.finalOutput).toBe('done');
    const read = outputs(result);
    expect(read[0]).toEqual(['get_weather', NOT_LOADED]);
    expect(read[2]).toEqual(['get_weather', 'Sunny in Oslo.']);
    expect(weatherCalls()).toBe(1);
  });

  it('without the run options, the SDK ends the run at such a call (its own default)', async () => {
    const { suite } = suiteWithWeather();
    const { tools } = toOpenAIAgentsTools(suite, { session: suite.createSession() });
    const { model } = scriptedModel([[call('c1', 'get_weather', { city: 'Oslo' })]]);
    const agent = new Agent({ name: 'assistant', instructions: 'Help.', model, tools });
    await expect(new Runner().run(agent, 'Weather?')).rejects.toThrow(
      'Tool get_weather not found in agent assistant.',
    );
  });

  it('an early call beside the tool_search that loads the tool is answered as it stood when called, not run', async () => {
    const { suite, weatherCalls } = suiteWithWeather();
    const session = suite.createSession();
    const { tools, runOptions } = toOpenAIAgentsTools(suite, { session });
    const { model } = scriptedModel([
      [call('c1', 'tool_search', { query: 'weather city' }), call('c2', 'get_weather', { city: 'Oslo' })],
    ]);
    const agent = new Agent({ name: 'assistant', instructions: 'Help.', model, tools });
    const result = await new Runner().run(agent, 'Weather?', runOptions);
    expect(outputs(result)[1]).toEqual(['get_weather', NOT_LOADED]);
    expect(session.isActive('get_weather')).toBe(true);
    expect(weatherCalls()).toBe(0);
  });

  it('a hidden tool called by name gets the same answer as a name never registered', async () => {
    const { suite } = suiteWithWeather();
    const { tools, runOptions } = toOpenAIAgentsTools(suite, { session: suite.createSession() });
    const { model } = scriptedModel([[call('c1', 'secret', {}), call('c2', 'nothing_here', {})]]);
    const agent = new Agent({ name: 'assistant', instructions: 'Help.', model, tools });
    const result = await new Runner().run(agent, 'Go.', runOptions);
    expect(outputs(result)).toEqual([
      ['secret', "Tool 'secret' not found."],
      ['nothing_here', "Tool 'nothing_here' not found."],
    ]);
  });

  it("a tool the policy rates 'ask', without onApproval, waits for the SDK's approval, then runs", async () => {
    const { suite, saved } = suiteWithWeather();
    const { tools, runOptions } = toOpenAIAgentsTools(suite, { session: suite.createSession() });
    const { model } = scriptedModel([[call('c1', 'save_note', { text: 'milk' })]]);
    const agent = new Agent({ name: 'assistant', instructions: 'Help.', model, tools });
    const runner = new Runner();

    const first = await runner.run(agent, 'Remember milk.', runOptions);
    expect(first.interruptions.map((item) => item.name)).toEqual(['save_note']);
    expect(saved()).toBe('');

    const [interruption] = first.interruptions;
    if (interruption === undefined) throw new Error('no interruption');
    first.state.approve(interruption);
    const second = await runner.run(agent, first.state, runOptions);
    expect(saved()).toBe('milk');
    expect(second.finalOutput).toBe('done');
  });

  it('without onApproval, a direct invoke() of an ask-rated tool is refused: no SDK approval, no run', async () => {
    const { suite, saved } = suiteWithWeather();
    const save = toOpenAIAgentsTools(suite, { session: suite.createSession() }).tools.find(
      (tool) => tool.name === 'save_note',
    );
    expect(await save?.needsApproval(undefined as never, { text: 'x' } as never, 'c1')).toBe(true);
    const output = await save?.invoke(undefined as never, '{"text":"milk"}');
    expect(output).toBe(
      'Tool "save_note" needs approval (effect fs_write) but no approver is configured, so it did not run. Ask the user to allow it.',
    );
    expect(saved()).toBe('');
  });

  it("with onApproval, the SDK does not ask, and the suite's onApproval decides a run's call and a direct invoke() alike", async () => {
    const asked: string[] = [];
    const { suite, saved } = suiteWithWeather({
      onApproval: (request) => {
        asked.push(request.tool);
        return false;
      },
    });
    const { tools, runOptions } = toOpenAIAgentsTools(suite, { session: suite.createSession() });
    const save = tools.find((tool) => tool.name === 'save_note');
    expect(await save?.needsApproval(undefined as never, { text: 'x' } as never, 'c1')).toBe(false);
    const refusal =
      'The user did not approve tool "save_note" (effect fs_write). Do not retry the same call; ask the user how to proceed.';
    expect(await save?.invoke(undefined as never, '{"text":"milk"}')).toBe(refusal);

    const { model } = scriptedModel([[call('c1', 'save_note', { text: 'milk' })]]);
    const agent = new Agent({ name: 'assistant', instructions: 'Help.', model, tools });
    const result = await new Runner().run(agent, 'Remember milk.', runOptions);
    expect(result.interruptions).toEqual([]);
    expect(outputs(result)).toEqual([['save_note', refusal]]);
    expect(asked).toEqual(['save_note', 'save_note']);
    expect(saved()).toBe('');
  });

  it('takes no policy of its own: passing one is a host mistake that throws', () => {
    const { suite } = suiteWithWeather();
    expect(() =>
      toOpenAIAgentsTools(suite, { session: suite.createSession(), policy: { fs_write: 'allow' } } as never),
    ).toThrow(
      new UsageError(
        'toOpenAIAgentsTools takes no policy: approval follows the policy and onApproval the suite was created with.',
      ),
    );
  });

  it('two tools the SDK would give one name are refused with both names', () => {
    const suite = createToolSuite({ builtins: false });
    suite.register({ name: 'ticket.open' }, 'deferred');
    suite.register({ name: 'ticket_open' }, 'direct');
    expect(() => toOpenAIAgentsTools(suite, { session: suite.createSession() })).toThrow(
      new UsageError(
        'the tools "ticket.open" and "ticket_open" would both be called "ticket_open" in the OpenAI Agents SDK, which spells every character other than letters and digits as "_", so one would hide the other. Register one of them under another name.',
      ),
    );
  });
});
