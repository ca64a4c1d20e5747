/**
 * `toAISDKTools` driven by the AI SDK itself: `generateText` and `streamText` with the SDK's mock
 * language model, no network. The model is offered the session's declarations at each step; a call to
 * a deferred tool before tool_search reaches the suite and gets its refusal as `error-text`; approval
 * follows the suite's policy and `onApproval`; a tool named like an `Object.prototype` member is a tool.
 */
import { generateText, type ModelMessage, stepCountIs, streamText, type ToolSet } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { toAISDKTools } from '../../src/ai-sdk/index.ts';
import { type ApprovalRequest, createToolSuite, type ToolResult } from '../../src/index.ts';

// The mock model's own types, so that the test imports only the `ai` package it depends on.
type LanguageModelV3CallOptions = MockLanguageModelV3['doGenerateCalls'][number];
type LanguageModelV3GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;

const USAGE = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

const NOT_LOADED =
  'Tool "get_weather" is not loaded yet. Call tool_search with words for what you need (for example "get weather"); matching tools become callable from your next call.';

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
  const next = (options: LanguageModelV3CallOptions) => {
    requests.push(options);
    return script[requests.length - 1] ?? answer('done');
  };
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => next(options),
    doStream: async (options) => ({ stream: simulate(streamParts(next(options))) }),
  });
  return { model, requests };
}

type StreamPart =
  Awaited<ReturnType<MockLanguageModelV3['doStream']>>['stream'] extends ReadableStream<infer P> ? P : never;

/** The stream a model sends for a scripted result: its content, then the finish. */
function streamParts(result: LanguageModelV3GenerateResult): StreamPart[] {
  const parts = result.content.flatMap((part): StreamPart[] =>
    part.type === 'text'
      ? [
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: part.text },
          { type: 'text-end', id: 't' },
        ]
      : part.type === 'tool-call'
        ? [part]
        : [],
  );
  return [...parts, { type: 'finish', finishReason: result.finishReason, usage: USAGE }];
}

function simulate(parts: StreamPart[]): ReadableStream<StreamPart> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}

function offeredNames(requests: LanguageModelV3CallOptions[]): string[][] {
  return requests.map((request) => (request.tools ?? []).map((tool) => tool.name));
}

/** The tool results the model read on its `index`-th request, as `[tool name, output]`. */
function readBack(request: LanguageModelV3CallOptions | undefined): [string, unknown][] {
  return (request?.prompt ?? []).flatMap((message) =>
    message.role === 'tool'
      ? message.content.flatMap((part) =>
          part.type === 'tool-result' ? [[part.toolName, part.output] as [string, unknown]] : [],
        )
      : [],
  );
}

/** A tool's `needsApproval`, a flag or the function's answer for a call. */
async function asksApproval(tools: ToolSet, name: string): Promise<unknown> {
  const flag = tools[name]?.needsApproval;
  return typeof flag === 'function' ? flag({}, { toolCallId: 'c', messages: [] }) : flag;
}

function weatherSuite(options: { onApproval?: (request: ApprovalRequest) => boolean } = {}) {
  const suite = createToolSuite({
    builtins: ['read', 'tool_search'],
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
  suite.register({ name: 'secret', description: 'Hidden.' }, 'hidden', () => 'no');
  return { suite, saved };
}

describe('toAISDKTools with generateText and streamText', () => {
  it('step 1 calls tool_search, step 2 calls the tool it found', async () => {
    const { suite } = weatherSuite();
    const session = suite.createSession();
    const { tools, prepareStep } = toAISDKTools(suite, { session });
    expect(Object.keys(tools)).toEqual(['read', 'tool_search', 'get_weather', 'save_note']);

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

    expect(offeredNames(requests)).toEqual([
      ['read', 'tool_search', 'save_note'],
      ['read', 'tool_search', 'get_weather', 'save_note'],
      ['read', 'tool_search', 'get_weather', 'save_note'],
    ]);
    expect(result.text).toBe('done');
    const weather = result.steps[1]?.toolResults[0];
    expect(weather?.toolName).toBe('get_weather');
    expect((weather?.output as ToolResult | undefined)?.structured_output).toEqual({ city: 'Oslo' });
    expect(readBack(requests[2]).at(-1)).toEqual(['get_weather', { type: 'text', value: 'Sunny in Oslo.' }]);
  });

  for (const mode of ['generateText', 'streamText'] as const) {
    it(`${mode}: a call to a deferred tool before tool_search gets the suite's refusal as error-text, and the run goes on`, async () => {
      const { suite } = weatherSuite();
      const session = suite.createSession();
      const { tools, prepareStep } = toAISDKTools(suite, { session });
      const { model, requests } = scriptedModel([
        toolCall('call_1', 'get_weather', { city: 'Oslo' }),
        toolCall('call_2', 'tool_search', { query: 'weather city' }),
        toolCall('call_3', 'get_weather', { city: 'Oslo' }),
      ]);
      const options = { model, tools, prepareStep, prompt: 'Weather?', stopWhen: stepCountIs(6) };
      const text =
        mode === 'generateText' ? (await generateText(options)).text : await streamText(options).text;

      expect(text).toBe('done');
      expect(offeredNames(requests).map((names) => names.includes('get_weather'))).toEqual([
        false,
        false,
        true,
        true,
      ]);
      expect(readBack(requests[1])).toEqual([['get_weather', { type: 'error-text', value: NOT_LOADED }]]);
      expect(readBack(requests[3]).at(-1)).toEqual([
        'get_weather',
        { type: 'text', value: 'Sunny in Oslo.' },
      ]);
    });
  }

  it('a tool the policy rates ask, without onApproval: the SDK asks, and only the call approved there runs', async () => {
    const { suite, saved } = weatherSuite();
    const session = suite.createSession();
    const { tools, prepareStep } = toAISDKTools(suite, { session });
    const { model } = scriptedModel([toolCall('call_1', 'save_note', { text: 'milk' })]);
    const first = await generateText({ model, tools, prepareStep, prompt: 'Remember milk.' });
    const request = first.content.find((part) => part.type === 'tool-approval-request');
    if (request?.type !== 'tool-approval-request') throw new Error('no approval request');
    expect(request.toolCall.toolName).toBe('save_note');
    expect(saved).toEqual([]);

    const approval: ModelMessage = {
      role: 'tool',
      content: [{ type: 'tool-approval-response', approvalId: request.approvalId, approved: true }],
    };
    const messages: ModelMessage[] = [
      { role: 'user', content: 'Remember milk.' },
      ...first.response.messages,
    ];
    const second = await generateText({ model, tools, prepareStep, messages: [...messages, approval] });
    expect(saved).toEqual(['milk']);
    expect(second.text).toBe('done');
  });

  it('without the SDK approval, a direct execute of an ask-rated tool is refused by the suite', async () => {
    const { suite, saved } = weatherSuite();
    const { tools } = toAISDKTools(suite, { session: suite.createSession() });
    const save = tools.save_note;
    expect(await asksApproval(tools, 'save_note')).toBe(true);
    const result = (await save?.execute?.(
      { text: 'milk' },
      { toolCallId: 'c1', messages: [] },
    )) as ToolResult;
    expect(result.output).toBe(
      'Tool "save_note" needs approval (effect fs_write) but no approver is configured, so it did not run. Ask the user to allow it.',
    );
    expect(saved).toEqual([]);
  });

  it("with the suite's onApproval, the SDK does not ask and onApproval decides every call", async () => {
    const asked: string[] = [];
    const { suite, saved } = weatherSuite({
      onApproval: (request) => {
        asked.push(request.tool);
        return false;
      },
    });
    const session = suite.createSession();
    const { tools, prepareStep } = toAISDKTools(suite, { session });
    expect(await asksApproval(tools, 'save_note')).toBe(false);
    const { model, requests } = scriptedModel([toolCall('call_1', 'save_note', { text: 'milk' })]);
    await generateText({ model, tools, prepareStep, prompt: 'Remember milk.', stopWhen: stepCountIs(3) });
    expect(asked).toEqual(['save_note']);
    expect(saved).toEqual([]);
    expect(readBack(requests[1])).toEqual([
      [
        'save_note',
        {
          type: 'error-text',
          value:
            'The user did not approve tool "save_note" (effect fs_write). Do not retry the same call; ask the user how to proceed.',
        },
      ],
    ]);
  });

  it('tools named __proto__ and constructor are tools; a call to an unknown Object.prototype name is not run', async () => {
    const suite = createToolSuite({ builtins: false });
    suite.register(
      { name: '__proto__', description: 'A tool named __proto__.' },
      'direct',
      () => 'proto ran',
    );
    suite.register({ name: 'constructor', description: 'A tool named constructor.' }, 'direct', () => 'ran');
    const { tools, prepareStep } = toAISDKTools(suite, { session: suite.createSession() });
    expect(Object.getPrototypeOf(tools)).toBe(null);
    expect(Object.keys(tools)).toEqual(['__proto__', 'constructor']);

    const { model, requests } = scriptedModel([
      toolCall('call_1', '__proto__', {}),
      toolCall('call_2', 'toString', {}),
    ]);
    await generateText({ model, tools, prepareStep, prompt: 'Go.', stopWhen: stepCountIs(4) });
    expect(offeredNames(requests)[0]).toEqual(['__proto__', 'constructor']);
    expect(readBack(requests[1])).toEqual([['__proto__', { type: 'text', value: 'proto ran' }]]);
    const [[name, output]] = readBack(requests[2]).slice(-1) as [[string, { type: string }]];
    expect([name, output.type]).toEqual(['toString', 'error-text']);
  });

  it('a model of the v2 specification is not wrapped: activeTools holds the declarations', async () => {
    const { suite } = weatherSuite();
    const { prepareStep } = toAISDKTools(suite, { session: suite.createSession() });
    const v2 = { specificationVersion: 'v2', provider: 'p', modelId: 'm' } as never;
    expect(
      await prepareStep({
        model: v2,
        steps: [],
        stepNumber: 0,
        messages: [],
        experimental_context: undefined,
      }),
    ).toEqual({
      activeTools: ['read', 'tool_search', 'save_note'],
    });
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
