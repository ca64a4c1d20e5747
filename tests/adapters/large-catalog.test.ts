/**
 * A catalog of 10,000 deferred tools through each adapter: the first request offers only tool_search,
 * the one after it only what the search loaded, in the AI SDK, the Agents SDK and LangChain's
 * createAgent. The work per step follows the catalog, so the timeouts are generous, not the measure.
 */
import {
  Agent,
  type AgentOutputItem,
  type Model,
  type ModelRequest,
  Runner,
  setTracingDisabled,
  Usage,
} from '@openai/agents';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { beforeAll, describe, expect, it } from 'vitest';
import { toAISDKTools } from '../../src/ai-sdk/index.ts';
import { createToolSuite } from '../../src/index.ts';
import { toOpenAIAgentsTools } from '../../src/openai-agents/index.ts';

const TOOLS = 10_000;

beforeAll(() => setTracingDisabled(true));

function largeSuite() {
  const suite = createToolSuite({ builtins: ['tool_search'] });
  for (let index = 0; index < TOOLS; index++) {
    suite.register(
      { name: `service_${index}_lookup`, description: `Look up record ${index} of service ${index}.` },
      'deferred',
      () => `record ${index}`,
    );
  }
  suite.register(
    { name: 'get_weather', description: 'Current weather for a city.' },
    'deferred',
    () => 'Sunny.',
  );
  return suite;
}

const SEARCH = { query: 'weather city' };

describe(`adapters over ${TOOLS.toLocaleString('en')} deferred tools`, () => {
  it('AI SDK: tool_search alone, then what it loaded', { timeout: 120_000 }, async () => {
    const suite = largeSuite();
    const { tools, prepareStep } = toAISDKTools(suite, { session: suite.createSession() });
    const offered: string[][] = [];
    const script = [
      { toolCallId: 'c1', toolName: 'tool_search', input: JSON.stringify(SEARCH) },
      { toolCallId: 'c2', toolName: 'get_weather', input: '{}' },
    ];
    const model = new MockLanguageModelV3({
      doGenerate: async (options) => {
        offered.push((options.tools ?? []).map((tool) => tool.name));
        const call = script[offered.length - 1];
        return {
          content: call ? [{ type: 'tool-call', ...call }] : [{ type: 'text', text: 'done' }],
          finishReason: { unified: call ? 'tool-calls' : 'stop', raw: undefined },
          usage: {
            inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
            outputTokens: { total: 1, text: 1, reasoning: 0 },
          },
          warnings: [],
        };
      },
    });
    const result = await generateText({
      model,
      tools,
      prepareStep,
      prompt: 'Weather?',
      stopWhen: stepCountIs(5),
    });
    expect(Object.keys(tools)).toHaveLength(TOOLS + 2);
    expect(offered[0]).toEqual(['tool_search']);
    expect(offered[1]).toContain('get_weather');
    expect(offered[1]?.length).toBeLessThanOrEqual(6);
    expect(result.text).toBe('done');
  });

  it('Agents SDK: tool_search alone, then what it loaded', { timeout: 120_000 }, async () => {
    const suite = largeSuite();
    const { tools, runOptions } = toOpenAIAgentsTools(suite, { session: suite.createSession() });
    const requests: ModelRequest[] = [];
    const script: AgentOutputItem[][] = [
      [
        {
          type: 'function_call',
          callId: 'c1',
          name: 'tool_search',
          arguments: JSON.stringify(SEARCH),
          status: 'completed',
        },
      ],
      [{ type: 'function_call', callId: 'c2', name: 'get_weather', arguments: '{}', status: 'completed' }],
    ];
    const done: AgentOutputItem = {
      type: 'message',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: 'done' }],
    };
    const model: Model = {
      async getResponse(request) {
        requests.push(request);
        return { usage: new Usage(), output: script[requests.length - 1] ?? [done] };
      },
      getStreamedResponse() {
        throw new Error('not used');
      },
    };
    const agent = new Agent({ name: 'assistant', instructions: 'Help.', model, tools });
    const result = await new Runner().run(agent, 'Weather?', runOptions);
    const offered = requests.map((request) => request.tools.map((tool) => tool.name));
    expect(offered[0]).toEqual(['tool_search']);
    expect(offered[1]).toContain('get_weather');
    expect(offered[1]?.length).toBeLessThanOrEqual(6);
    expect(result.finalOutput).toBe('done');
  });
});
