/**
 * `toLangChainTools`: the tools invoked as LangChain invokes them (plain arguments, and a tool call from
 * a chat model, which gets a `ToolMessage` back), and bound to LangChain's fake chat model.
 */
import { type AIMessage, AIMessageChunk, ToolMessage } from '@langchain/core/messages';
import { FakeStreamingChatModel } from '@langchain/core/utils/testing';
import { describe, expect, it } from 'vitest';
import { createToolSuite, type ToolResult } from '../../src/index.ts';
import { toLangChainTools } from '../../src/langchain/index.ts';

function weatherSuite() {
  const suite = createToolSuite({ builtins: ['tool_search'] });
  suite.register(
    {
      name: 'get_weather',
      description: 'Current weather for a city.',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
    'deferred',
    (args) => ({ output: `Sunny in ${String(args.city)}.`, structured_output: { city: String(args.city) } }),
  );
  return suite;
}

describe('toLangChainTools', () => {
  it('invoked with arguments, a tool returns the output', async () => {
    const suite = weatherSuite();
    const session = suite.createSession();
    const tools = toLangChainTools(suite, { session });
    expect(tools.map((tool) => tool.name)).toEqual(['tool_search', 'get_weather']);
    const weather = tools.find((tool) => tool.name === 'get_weather');
    expect(await weather?.invoke({ city: 'Oslo' })).toBe(
      'Tool "get_weather" is not loaded yet. Call tool_search with words for what you need (for example "get weather"); matching tools become callable from your next call.',
    );
    await tools.find((tool) => tool.name === 'tool_search')?.invoke({ query: 'weather city' });
    expect(await weather?.invoke({ city: 'Oslo' })).toBe('Sunny in Oslo.');
  });

  it('a chat model tool call gets a ToolMessage: output as content, the result as artifact, error as status', async () => {
    const suite = weatherSuite();
    const session = suite.createSession();
    const tools = toLangChainTools(suite, { session });
    const model = new FakeStreamingChatModel({
      chunks: [
        new AIMessageChunk({
          content: '',
          tool_calls: [{ id: 'call_1', name: 'get_weather', args: { city: 'Rome' } }],
        }),
      ],
    });
    const bound = model.bindTools(tools);
    // The model is given each tool's JSON Schema as is.
    expect((bound as unknown as { config: { tools: unknown[] } }).config.tools[1]).toEqual({
      type: 'function',
      function: {
        name: 'get_weather',
        description: 'Current weather for a city.',
        parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
    });
    const reply = (await bound.invoke('Weather in Rome?')) as AIMessage;
    const [toolCall] = reply.tool_calls ?? [];
    if (toolCall === undefined) throw new Error('the fake model made no tool call');

    const weather = tools.find((tool) => tool.name === toolCall.name);
    const refused = await weather?.invoke({ ...toolCall, type: 'tool_call' });
    expect(refused).toBeInstanceOf(ToolMessage);
    expect(refused).toMatchObject({ status: 'error', tool_call_id: 'call_1', name: 'get_weather' });

    session.activate(['get_weather']);
    const message = (await weather?.invoke({ ...toolCall, type: 'tool_call' })) as ToolMessage;
    expect(message).toMatchObject({ status: 'success', tool_call_id: 'call_1', content: 'Sunny in Rome.' });
    expect((message.artifact as ToolResult).structured_output).toEqual({ city: 'Rome' });
  });
});
