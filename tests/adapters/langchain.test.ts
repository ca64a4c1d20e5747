/**
 * `toLangChainTools`, `offeredLangChainTools` and `toLangChainMiddleware`: the tools invoked as LangChain
 * invokes them (plain arguments, and a tool call, which gets a `ToolMessage` back), a hand-written
 * `bindTools` loop and LangChain v1's `createAgent`, both over a scripted chat model that records the
 * tools it was bound to on each turn.
 */
import type { BindToolsInput } from '@langchain/core/language_models/chat_models';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { tool } from '@langchain/core/tools';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { type ApprovalRequest, createToolSuite, type ToolResult } from '../../src/index.ts';
import { toLangChainMiddleware } from '../../src/langchain/agent/index.ts';
import { offeredLangChainTools, toLangChainTools } from '../../src/langchain/index.ts';

const NOT_LOADED =
  'Tool "get_weather" is not loaded yet. Call tool_search with words for what you need (for example "get weather"); matching tools become callable from your next call.';

type ScriptedCall = { id: string; name: string; args: Record<string, unknown> };

/** What the scripted model saw on each turn: the names of the tools bound, and the messages. */
interface Turns {
  bound: string[][];
  messages: BaseMessage[][];
}

/** A chat model that answers turn i with `script[i]` (tool calls), then 'done', recording each turn. */
class ScriptedChatModel extends BaseChatModel {
  constructor(
    private readonly script: ScriptedCall[][],
    readonly turns: Turns = { bound: [], messages: [] },
    private readonly tools: string[] = [],
  ) {
    super({});
  }

  _llmType(): string {
    return 'scripted';
  }

  override bindTools(tools: BindToolsInput[]): ScriptedChatModel {
    const names = tools.map((tool) => (tool as { name: string }).name);
    return new ScriptedChatModel(this.script, this.turns, names);
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.turns.bound.push(this.tools);
    this.turns.messages.push(messages);
    const calls = this.script[this.turns.bound.length - 1];
    const message = calls
      ? new AIMessage({
          content: '',
          tool_calls: calls.map((call) => ({ ...call, type: 'tool_call' as const })),
        })
      : new AIMessage('done');
    return { generations: [{ text: typeof message.content === 'string' ? message.content : '', message }] };
  }
}

function weatherSuite(options: { onApproval?: (request: ApprovalRequest) => boolean } = {}) {
  const suite = createToolSuite({
    builtins: ['tool_search'],
    policy: { read: 'allow', net_read: 'allow', fs_write: 'ask' },
    ...options,
  });
  suite.register(
    {
      name: 'get_weather',
      description: 'Current weather for a city.',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      effects: ['net_read'],
    },
    'deferred',
    (args) => ({ output: `Sunny in ${String(args.city)}.`, structured_output: { city: String(args.city) } }),
  );
  const saved: string[] = [];
  suite.register(
    {
      name: 'save_note',
      description: 'Saves a note.',
      parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      effects: ['fs_write'],
    },
    'direct',
    (args) => {
      saved.push(String(args.text));
      return 'Saved.';
    },
  );
  return { suite, saved };
}

/** The tool messages of a conversation as `[name, status, content]`. */
function toolReplies(messages: readonly BaseMessage[]): [string | undefined, string | undefined, unknown][] {
  return messages
    .filter(ToolMessage.isInstance)
    .map((message) => [message.name, message.status, message.content]);
}

const TRANSCRIPT: ScriptedCall[][] = [
  [{ id: 'c1', name: 'get_weather', args: { city: 'Oslo' } }],
  [{ id: 'c2', name: 'tool_search', args: { query: 'weather city' } }],
  [{ id: 'c3', name: 'get_weather', args: { city: 'Oslo' } }],
];

describe('toLangChainTools', () => {
  it('invoked with arguments, a tool returns the output', async () => {
    const { suite } = weatherSuite();
    const session = suite.createSession();
    const tools = toLangChainTools(suite, { session });
    expect(tools.map((tool) => tool.name)).toEqual(['tool_search', 'get_weather', 'save_note']);
    const weather = tools.find((tool) => tool.name === 'get_weather');
    expect(await weather?.invoke({ city: 'Oslo' })).toBe(NOT_LOADED);
    await tools.find((tool) => tool.name === 'tool_search')?.invoke({ query: 'weather city' });
    expect(await weather?.invoke({ city: 'Oslo' })).toBe('Sunny in Oslo.');
  });

  it('a tool call gets a ToolMessage: output as content, the result as artifact, error as status', async () => {
    const { suite } = weatherSuite();
    const session = suite.createSession();
    const weather = toLangChainTools(suite, { session }).find((tool) => tool.name === 'get_weather');
    const toolCall = {
      id: 'call_1',
      name: 'get_weather',
      args: { city: 'Rome' },
      type: 'tool_call' as const,
    };
    const refused = await weather?.invoke(toolCall);
    expect(refused).toBeInstanceOf(ToolMessage);
    expect(refused).toMatchObject({
      status: 'error',
      tool_call_id: 'call_1',
      name: 'get_weather',
      content: NOT_LOADED,
    });

    session.activate(['get_weather']);
    const message = (await weather?.invoke(toolCall)) as ToolMessage;
    expect(message).toMatchObject({ status: 'success', tool_call_id: 'call_1', content: 'Sunny in Rome.' });
    expect((message.artifact as ToolResult).structured_output).toEqual({ city: 'Rome' });
  });

  it('a hand-written bindTools loop binds the offered tools each turn and runs calls with all of them', async () => {
    const { suite } = weatherSuite();
    const session = suite.createSession();
    const tools = toLangChainTools(suite, { session });
    const model = new ScriptedChatModel(TRANSCRIPT);
    const messages: BaseMessage[] = [new HumanMessage('Weather in Oslo?')];
    for (let turn = 0; turn < 5; turn++) {
      const reply = await model.bindTools(offeredLangChainTools(suite, { session }, tools)).invoke(messages);
      messages.push(reply);
      if (!reply.tool_calls?.length) break;
      for (const call of reply.tool_calls) {
        const tool = tools.find((candidate) => candidate.name === call.name);
        messages.push((await tool?.invoke({ ...call, type: 'tool_call' })) as ToolMessage);
      }
    }
    expect(model.turns.bound).toEqual([
      ['tool_search', 'save_note'],
      ['tool_search', 'save_note'],
      ['tool_search', 'get_weather', 'save_note'],
      ['tool_search', 'get_weather', 'save_note'],
    ]);
    const replies = toolReplies(messages);
    expect(replies[0]).toEqual(['get_weather', 'error', NOT_LOADED]);
    expect(replies[2]).toEqual(['get_weather', 'success', 'Sunny in Oslo.']);
    expect(messages.at(-1)?.content).toBe('done');
  });

  it('approval is the suite’s: onApproval decides an ask-rated call; without one it is refused', async () => {
    const asked: string[] = [];
    const approving = weatherSuite({ onApproval: (request) => asked.push(request.tool) > 0 });
    const save = toLangChainTools(approving.suite, { session: approving.suite.createSession() })[2];
    expect(await save?.invoke({ text: 'milk' })).toBe('Saved.');
    expect([asked, approving.saved]).toEqual([['save_note'], ['milk']]);

    const refusing = weatherSuite();
    const refused = toLangChainTools(refusing.suite, { session: refusing.suite.createSession() })[2];
    expect(await refused?.invoke({ text: 'milk' })).toBe(
      'Tool "save_note" needs approval (effect fs_write) but no approver is configured, so it did not run. Ask the user to allow it.',
    );
    expect(refusing.saved).toEqual([]);
  });
});

describe('toLangChainMiddleware with createAgent', () => {
  it('each model call is offered the declarations; an early call gets the refusal and the agent goes on', async () => {
    const { suite } = weatherSuite();
    const session = suite.createSession();
    const model = new ScriptedChatModel(TRANSCRIPT);
    const agent = createAgent({ model, tools: [], middleware: [toLangChainMiddleware(suite, { session })] });
    const state = await agent.invoke({ messages: [new HumanMessage('Weather in Oslo?')] });

    expect(model.turns.bound).toEqual([
      ['tool_search', 'save_note'],
      ['tool_search', 'save_note'],
      ['tool_search', 'get_weather', 'save_note'],
      ['tool_search', 'get_weather', 'save_note'],
    ]);
    const replies = toolReplies(state.messages);
    expect(replies[0]).toEqual(['get_weather', 'error', NOT_LOADED]);
    expect(replies[2]).toEqual(['get_weather', 'success', 'Sunny in Oslo.']);
    expect(state.messages.at(-1)?.content).toBe('done');
  });

  it('tools given to createAgent beside the middleware are offered as they are', async () => {
    const { suite } = weatherSuite();
    const own = tool(async () => 'found', {
      name: 'host_lookup',
      description: 'The host’s own tool.',
      schema: { type: 'object', properties: {} },
    });
    const model = new ScriptedChatModel([]);
    const agent = createAgent({
      model,
      tools: [own],
      middleware: [toLangChainMiddleware(suite, { session: suite.createSession() })],
    });
    await agent.invoke({ messages: [new HumanMessage('Hi.')] });
    expect(model.turns.bound).toEqual([['host_lookup', 'tool_search', 'save_note']]);
  });
});
