/**
 * `toAISDKTools` driven by the AI SDK itself: `generateText` with the SDK's mock language model, no
 * network. Step 1 calls tool_search, step 2 calls the deferred tool it found, which `prepareStep`
 * made active; an error result reaches the model as `error-text`.
 */
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { toAISDKTools } from '../../src/ai-sdk/index.ts';
import { createToolSuite, type ToolResult } from '../../src/index.ts';

// The mock model's own types, so that the test imports only the `ai` package it depends on.
type LanguageModelV3CallOptions = MockLanguageModelV3['doGenerateCalls'][number];
type LanguageModelV3GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;

const USAGE = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

function toolCall(id: string, toolName: string, input: unknown): LanguageModelV3GenerateResult {
  return {
    content: [{ type: 'tool-call', toolCallId: id, toolName, input: JSON.stringify(input) }],
    finishReason: { unified: 'tool-calls', raw: undefined },
    usage: USAGE,
    warnings: [],
  };
}

function answer(text: string): LanguageModelV3GenerateResult {
  return {
    content: [{ type: 'text', text }],
    finishReason: { unified: 'stop', raw: undefined },
    usage: USAGE,
    warnings: [],
  };
}

/** A model that plays `script` in order and records the tools and prompt of each request. */
function scriptedModel(script: LanguageModelV3GenerateResult[]) {
  const requests: LanguageModelV3CallOptions[] = [];
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => {
      requests.push(options);
      return script[requests.length - 1] ?? answer('done');
    },
  });
  return { model, requests };
}

function weatherSuite() {
  const suite = createToolSuite({ builtins: ['read', 'tool_search'] });
  suite.register(
    {
      name: 'get_weather',
      description: 'Current weather for a city.',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
    'deferred',
    (args) => ({ output: `Sunny in ${String(args.city)}.`, structured_output: { city: String(args.city) } }),
  );
  suite.register({ name: 'secret', description: 'Hidden.' }, 'hidden', () => 'no');
  return suite;
}

describe('toAISDKTools with generateText', () => {
  it('step 1 calls tool_search, step 2 calls the tool it found', async () => {
    const suite = weatherSuite();
    const session = suite.createSession();
    const { tools, prepareStep } = toAISDKTools(suite, { session });
    expect(Object.keys(tools)).toEqual(['read', 'tool_search', 'get_weather']);

    const { model, requests } = scriptedModel([
      toolCall('call_1', 'tool_search', { query: 'weather city' }),
      toolCall('call_2', 'get_weather', { city: 'Oslo' }),
    ]);
    const result = await generateText({
      model,
      tools,
      prepareStep,
      prompt: 'Weather in Oslo?',
      stopWhen: stepCountIs(5),
    });

    const offered = requests.map((request) => (request.tools ?? []).map((tool) => tool.name));
    expect(offered).toEqual([
      ['read', 'tool_search'],
      ['read', 'tool_search', 'get_weather'],
      ['read', 'tool_search', 'get_weather'],
    ]);
    expect(result.text).toBe('done');
    const weather = result.steps[1]?.toolResults[0];
    expect(weather?.toolName).toBe('get_weather');
    expect((weather?.output as ToolResult | undefined)?.structured_output).toEqual({ city: 'Oslo' });

    // What the model read back: the result's output, as text.
    const lastPrompt = JSON.stringify(requests[2]?.prompt);
    expect(lastPrompt).toContain('{"type":"text","value":"Sunny in Oslo."}');
  });

  it('a call to a deferred tool that is not active yet is an error-text result with the way to load it', async () => {
    const suite = weatherSuite();
    const session = suite.createSession();
    const { tools } = toAISDKTools(suite, { session });
    const { model, requests } = scriptedModel([toolCall('call_1', 'get_weather', { city: 'Oslo' })]);
    // Without prepareStep every tool is offered, so the model may call one that is not loaded.
    await generateText({ model, tools, prompt: 'Weather?', stopWhen: stepCountIs(3) });
    expect(JSON.stringify(requests[1]?.prompt)).toContain(
      JSON.stringify({
        type: 'error-text',
        value:
          'Tool "get_weather" is not loaded yet. Call tool_search with words for what you need (for example "get weather"); matching tools become callable from your next call.',
      }),
    );
  });

  it('forwards the abort signal', async () => {
    const suite = createToolSuite({ builtins: false });
    let aborted = false;
    let started = false;
    suite.register({ name: 'wait', description: 'Waits.' }, 'direct', (_args, context) => {
      started = true;
      return new Promise<string>((resolve) =>
        context.signal.addEventListener('abort', () => {
          aborted = true;
          resolve('stopped');
        }),
      );
    });
    const { tools } = toAISDKTools(suite, { session: suite.createSession() });
    const controller = new AbortController();
    const pending = tools.wait?.execute?.(
      {},
      { toolCallId: 'c', messages: [], abortSignal: controller.signal },
    );
    while (!started) await new Promise((resolve) => setTimeout(resolve, 1));
    controller.abort();
    const result = (await pending) as ToolResult;
    expect(aborted).toBe(true);
    expect(result.is_error).toBe(true);
  });
});
