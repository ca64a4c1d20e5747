/**
 * runAgentLoop through the real SDK adapters (`createOpenAICompatibleModel`, `createAnthropicModel`)
 * against the fake model server on loopback: what goes over the wire (tools growing after tool_search,
 * results with their error flag, the system prompt), directives, abort cancelling the HTTP request, and
 * endpoint failures (401, 429, malformed responses, an unreachable server) as stop reasons.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  AGENT_PROVIDERS,
  type AgentModel,
  type AgentProvider,
  createAnthropicModel,
  createOpenAICompatibleModel,
  createOpenAIResponsesModel,
  runAgentLoop,
} from '../../src/agent/index.ts';
import { type FakeModelServer, type FakeScript, startFakeModelServer } from './fake-model-server.ts';
import { createAgentSuite, ISSUE_QUERY, userMessage } from './fixture.ts';

const KEY = 'sk-test-0123456789abcdef';
const FAIL_OUTPUT = 'fail: the disk is full. Free some space and try again.';

const servers: FakeModelServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Starts a fake server that requires {@link KEY}, or any key or none with `anyKey`. */
async function serve(script: FakeScript, options: { anyKey?: boolean } = {}): Promise<FakeModelServer> {
  const server = await startFakeModelServer(script, options.anyKey ? {} : { apiKey: KEY });
  servers.push(server);
  return server;
}

/** The adapter of `provider` pointed at `server`. */
function modelFor<P extends AgentProvider>(
  provider: P,
  server: { openAIBaseURL: string; anthropicBaseURL: string },
  options: { apiKey?: string; maxRetries?: number } = {},
): AgentModel<P> {
  const apiKey = options.apiKey ?? KEY;
  const maxRetries = options.maxRetries ?? 0;
  const openAI = { baseURL: server.openAIBaseURL, apiKey, model: 'fake-model', maxRetries };
  const model =
    provider === 'openai-chat'
      ? createOpenAICompatibleModel(openAI)
      : provider === 'openai-responses'
        ? createOpenAIResponsesModel(openAI)
        : createAnthropicModel({ baseURL: server.anthropicBaseURL, apiKey, model: 'fake-model', maxRetries });
  return model as AgentModel<P>;
}

describe.each(AGENT_PROVIDERS)('runAgentLoop over HTTP with the %s adapter', (provider: AgentProvider) => {
  const api = {
    'openai-chat': 'chat completions',
    anthropic: 'Messages API',
    'openai-responses': 'Responses API',
  }[provider];

  it('activates a deferred tool, runs parallel calls and sends the grown tool list on the next request', async () => {
    const server = await serve([
      {
        type: 'tool_calls',
        text: 'Searching.',
        calls: [{ name: 'tool_search', arguments: { query: ISSUE_QUERY } }],
      },
      {
        type: 'tool_calls',
        calls: [
          { name: 'create_github_issue', arguments: { title: 'Crash on start' } },
          { name: 'echo', arguments: { text: 'filed' } },
        ],
      },
      { type: 'text', text: 'Filed issue #1.' },
    ]);
    const { suite, ran } = createAgentSuite();
    const result = await runAgentLoop({
      suite,
      model: modelFor(provider, server),
      system: 'You file issues.',
      messages: [userMessage(provider, 'File a bug about the crash.')],
    });

    expect(result.reason).toBe('completed');
    expect(result.text).toBe('Filed issue #1.');
    expect(ran).toEqual(['create_github_issue:Crash on start', 'echo:filed']);
    expect(server.requests.map((request) => request.tools.includes('create_github_issue'))).toEqual([
      false,
      true,
      true,
    ]);
    expect(server.requests[1]?.tools).toEqual(result.steps[1]?.declarations.map((spec) => spec.name));
    expect(result.steps.map((step) => step.usage)).toEqual([
      { input_tokens: 12, output_tokens: 3 },
      { input_tokens: 12, output_tokens: 3 },
      { input_tokens: 12, output_tokens: 3 },
    ]);

    const third = server.requests[2]?.body ?? {};
    if (provider === 'openai-chat') {
      expect(third.messages).toEqual([
        { role: 'system', content: 'You file issues.' },
        { role: 'user', content: 'File a bug about the crash.' },
        {
          role: 'assistant',
          content: 'Searching.',
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'tool_search', arguments: JSON.stringify({ query: ISSUE_QUERY }) },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: result.steps[0]?.results[0]?.result.output },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_2',
              type: 'function',
              function: { name: 'create_github_issue', arguments: '{"title":"Crash on start"}' },
            },
            { id: 'call_3', type: 'function', function: { name: 'echo', arguments: '{"text":"filed"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_2', content: 'Created issue "Crash on start" as #1.' },
        { role: 'tool', tool_call_id: 'call_3', content: 'echo: filed' },
      ]);
    } else if (provider === 'openai-responses') {
      expect(third.instructions).toBe('You file issues.');
      expect(third.messages).toBeUndefined();
      expect(third.input).toEqual([
        { role: 'user', content: 'File a bug about the crash.' },
        {
          type: 'message',
          id: 'msg_1',
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: 'Searching.', annotations: [] }],
        },
        {
          type: 'function_call',
          id: 'fc_1',
          call_id: 'call_1',
          name: 'tool_search',
          arguments: JSON.stringify({ query: ISSUE_QUERY }),
          status: 'completed',
        },
        {
          type: 'function_call_output',
          call_id: 'call_1',
          output: result.steps[0]?.results[0]?.result.output,
        },
        {
          type: 'function_call',
          id: 'fc_2',
          call_id: 'call_2',
          name: 'create_github_issue',
          arguments: '{"title":"Crash on start"}',
          status: 'completed',
        },
        {
          type: 'function_call',
          id: 'fc_3',
          call_id: 'call_3',
          name: 'echo',
          arguments: '{"text":"filed"}',
          status: 'completed',
        },
        { type: 'function_call_output', call_id: 'call_2', output: 'Created issue "Crash on start" as #1.' },
        { type: 'function_call_output', call_id: 'call_3', output: 'echo: filed' },
      ]);
    } else {
      expect(third.system).toBe('You file issues.');
      expect(third.max_tokens).toBe(4096);
      expect(third.messages).toEqual([
        { role: 'user', content: 'File a bug about the crash.' },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Searching.', citations: null },
            { type: 'tool_use', id: 'toolu_1', name: 'tool_search', input: { query: ISSUE_QUERY } },
          ],
        },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 'toolu_1',
              content: result.steps[0]?.results[0]?.result.output,
            },
          ],
        },
        {
          role: 'assistant',
          content: [
            {
              type: 'tool_use',
              id: 'toolu_2',
              name: 'create_github_issue',
              input: { title: 'Crash on start' },
            },
            { type: 'tool_use', id: 'toolu_3', name: 'echo', input: { text: 'filed' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_2', content: 'Created issue "Crash on start" as #1.' },
            { type: 'tool_result', tool_use_id: 'toolu_3', content: 'echo: filed' },
          ],
        },
      ]);
    }
    const sent = (provider === 'openai-responses' ? third.input : third.messages) as unknown[];
    expect(result.messages.flat()).toEqual([
      ...sent.slice(provider === 'openai-chat' ? 1 : 0),
      ...[result.steps[2]?.message].flat(),
    ]);
  });

  it('passes failed results back with the provider error flag, a malformed call included', async () => {
    const server = await serve([
      {
        type: 'tool_calls',
        calls: [
          { name: 'echo', arguments: '{"text": ' },
          { name: 'fail', arguments: {} },
        ],
      },
      { type: 'text', text: 'Both failed.' },
    ]);
    const { suite, ran } = createAgentSuite();
    const result = await runAgentLoop({
      suite,
      model: modelFor(provider, server),
      messages: [userMessage(provider, 'Try')],
    });
    expect(result.reason).toBe('completed');
    expect(ran).toEqual(['fail:']);
    const [malformed, failed] = result.steps[0]?.results ?? [];
    expect(malformed?.result.is_error).toBe(true);
    expect(malformed?.result.structured_output).toMatchObject({ error: { code: 'INVALID_ARGUMENTS' } });
    expect(failed?.result).toMatchObject({ is_error: true, output: FAIL_OUTPUT });

    const body = server.requests[1]?.body ?? {};
    const wire = ((provider === 'openai-responses' ? body.input : body.messages) ?? []) as unknown[];
    const sent = wire.at(-1);
    const tail = wire.slice(-2);
    if (provider === 'openai-chat') {
      expect(tail).toEqual([
        { role: 'tool', tool_call_id: 'call_1', content: `Error: ${malformed?.result.output}` },
        { role: 'tool', tool_call_id: 'call_2', content: `Error: ${FAIL_OUTPUT}` },
      ]);
    } else if (provider === 'openai-responses') {
      expect(tail).toEqual([
        { type: 'function_call_output', call_id: 'call_1', output: `Error: ${malformed?.result.output}` },
        { type: 'function_call_output', call_id: 'call_2', output: `Error: ${FAIL_OUTPUT}` },
      ]);
    } else {
      expect(sent).toEqual({
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: malformed?.result.output, is_error: true },
          { type: 'tool_result', tool_use_id: 'toolu_2', content: FAIL_OUTPUT, is_error: true },
        ],
      });
    }
  });

  it('stops on terminate and on handoff without another request', async () => {
    const terminating = await serve([
      { type: 'tool_calls', calls: [{ name: 'finish' }] },
      { type: 'text', text: 'never' },
    ]);
    const { suite } = createAgentSuite();
    const ended = await runAgentLoop({
      suite,
      model: modelFor(provider, terminating),
      messages: [userMessage(provider, 'Done?')],
    });
    expect(ended).toMatchObject({
      reason: 'terminated',
      detail: 'Tool "finish" ended the session: task complete.',
    });
    expect(terminating.requests).toHaveLength(1);

    const handing = await serve([
      { type: 'tool_calls', calls: [{ name: 'transfer_to_billing' }] },
      { type: 'text', text: 'never' },
    ]);
    const handed = await runAgentLoop({
      suite,
      model: modelFor(provider, handing),
      messages: [userMessage(provider, 'Invoice?')],
    });
    expect(handed).toMatchObject({ reason: 'handoff', handoff: { to: 'billing' } });
    expect(handing.requests).toHaveLength(1);
  });

  it('stops at maxSteps', async () => {
    const server = await serve(() => ({
      type: 'tool_calls',
      calls: [{ name: 'echo', arguments: { text: 'x' } }],
    }));
    const { suite } = createAgentSuite();
    const result = await runAgentLoop({
      suite,
      model: modelFor(provider, server),
      messages: [userMessage(provider, 'Loop')],
      maxSteps: 2,
    });
    expect(result.reason).toBe('max_steps');
    expect(server.requests).toHaveLength(2);
  });

  it('resolves "aborted" while the request is pending and cancels the HTTP request', async () => {
    const server = await serve([
      { type: 'tool_calls', calls: [{ name: 'echo', arguments: { text: 'kept' } }] },
      { type: 'hang' },
    ]);
    const { suite } = createAgentSuite();
    const controller = new AbortController();
    const running = runAgentLoop({
      suite,
      model: modelFor(provider, server),
      messages: [userMessage(provider, 'Hi')],
      signal: controller.signal,
    });
    await server.waitForRequests(2);
    controller.abort();
    const result = await running;
    expect(result).toMatchObject({ reason: 'aborted', detail: 'The caller aborted the run.' });
    expect(result.steps).toHaveLength(2);
    expect(result.steps[0]?.results[0]?.result.output).toBe('echo: kept');
    expect(result.messages).toHaveLength(3);
    await server.requests[1]?.closed;
    expect(server.requests[1]?.cancelled).toBe(true);
  });

  it('stops with "model_error" on a 401, without leaking the key', async () => {
    const server = await serve([]);
    const { suite } = createAgentSuite();
    const result = await runAgentLoop({
      suite,
      model: modelFor(provider, server, { apiKey: 'sk-wrong-key' }),
      messages: [userMessage(provider, 'Hi')],
    });
    expect(result.reason).toBe('model_error');
    expect(result.error).toEqual({ kind: 'auth', status: 401, message: 'Incorrect API key provided.' });
    expect(result.detail).toBe(
      'The model endpoint refused the credentials (HTTP 401): Incorrect API key provided. Check the API key and that it may use this model.',
    );

    const echoing = await serve([
      { type: 'error', status: 403, message: `The key ${KEY} may not use this model.` },
    ]);
    const redacted = await runAgentLoop({
      suite,
      model: modelFor(provider, echoing),
      messages: [userMessage(provider, 'Hi')],
    });
    expect(redacted.error).toEqual({
      kind: 'auth',
      status: 403,
      message: 'The key *** may not use this model.',
    });
    expect(JSON.stringify(redacted.steps)).not.toContain(KEY);
    expect(redacted.detail).not.toContain(KEY);
  });

  it('stops with "model_error" on a 429 and keeps the steps gathered before it', async () => {
    const server = await serve([
      { type: 'tool_calls', calls: [{ name: 'echo', arguments: { text: 'kept' } }] },
      { type: 'error', status: 429, message: 'Rate limit reached for requests.' },
    ]);
    const { suite } = createAgentSuite();
    const result = await runAgentLoop({
      suite,
      model: modelFor(provider, server),
      messages: [userMessage(provider, 'Hi')],
    });
    expect(result.reason).toBe('model_error');
    expect(result.error).toEqual({
      kind: 'rate_limit',
      status: 429,
      message: 'Rate limit reached for requests.',
    });
    expect(result.detail).toBe(
      'The model endpoint is rate limiting requests (HTTP 429): Rate limit reached for requests. Wait and run again, or use another key or model.',
    );
    expect(result.steps).toHaveLength(2);
    expect(result.steps[0]?.results[0]?.result.output).toBe('echo: kept');
    expect(result.steps[1]).toMatchObject({ message: null, error: result.error });
    expect(result.messages).toHaveLength(3);
  });

  it('retries a 429 that says when to retry (after 1 ms), when maxRetries allows it', async () => {
    const server = await serve([
      { type: 'error', status: 429, message: 'Busy.', headers: { 'retry-after-ms': '1' } },
      { type: 'text', text: 'Hello after a retry.' },
    ]);
    const { suite } = createAgentSuite();
    const result = await runAgentLoop({
      suite,
      model: modelFor(provider, server, { maxRetries: 1 }),
      messages: [userMessage(provider, 'Hi')],
    });
    expect(result).toMatchObject({ reason: 'completed', text: 'Hello after a retry.' });
    expect(server.requests).toHaveLength(2);
    expect(result.steps).toHaveLength(1);
  });

  it('stops with "model_error" on a response that is not one of the API', async () => {
    const server = await serve([
      { type: 'raw', body: '{"unexpected": true}' },
      { type: 'raw', body: 'this is not JSON' },
    ]);
    const { suite } = createAgentSuite();
    const missing = await runAgentLoop({
      suite,
      model: modelFor(provider, server),
      messages: [userMessage(provider, 'Hi')],
    });
    const what = {
      'openai-chat': 'the body has no "choices"',
      anthropic: 'the body has no "content" list',
      'openai-responses': 'the body has no "output" list',
    }[provider];
    expect(missing.error).toEqual({ kind: 'malformed_response', message: what });
    expect(missing.detail).toBe(
      `The model endpoint sent something that is not a ${api} response: ${what}. Check that the base URL points to a ${api} endpoint.`,
    );

    const garbled = await runAgentLoop({
      suite,
      model: modelFor(provider, server),
      messages: [userMessage(provider, 'Hi')],
    });
    expect(garbled.error?.kind).toBe('malformed_response');
    expect(garbled.error?.message).toMatch(/^the body is not valid JSON \(.+\)$/);
  });

  it('stops with "model_error" when the endpoint cannot be reached', async () => {
    const server = await serve([]);
    await server.close();
    const { suite } = createAgentSuite();
    const result = await runAgentLoop({
      suite,
      model: modelFor(provider, server),
      messages: [userMessage(provider, 'Hi')],
    });
    expect(result.reason).toBe('model_error');
    expect(result.error?.kind).toBe('network');
    expect(result.detail.startsWith('The model endpoint could not be reached: Connection error')).toBe(true);
    expect(
      result.detail.endsWith(
        '. Check the base URL, that the server is running, and that it accepts requests from this page (CORS).',
      ),
    ).toBe(true);
    expect(result.steps).toHaveLength(1);
    expect(result.messages).toHaveLength(1);
  });
});

describe('createOpenAICompatibleModel', () => {
  it('sends no Authorization header without an apiKey, an empty one included (local servers)', async () => {
    const server = await serve([{ type: 'text', text: 'local' }], { anyKey: true });
    const model = createOpenAICompatibleModel({ baseURL: server.openAIBaseURL, apiKey: '', model: 'qwen3' });
    const { suite } = createAgentSuite();
    const result = await runAgentLoop({ suite, model, messages: [userMessage('openai-chat', 'Hi')] });
    expect(result.text).toBe('local');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    expect(server.requests[0]?.body.model).toBe('qwen3');
  });

  it('rejects an empty baseURL or model at creation', () => {
    expect(() => createOpenAICompatibleModel({ baseURL: '', model: 'm' })).toThrow(
      'createOpenAICompatibleModel: baseURL is required, e.g. "https://api.openai.com/v1".',
    );
    expect(() => createOpenAICompatibleModel({ baseURL: 'http://localhost:11434/v1', model: ' ' })).toThrow(
      'createOpenAICompatibleModel: model is required, e.g. "gpt-4.1-mini".',
    );
  });
});

describe('createAnthropicModel', () => {
  it('marks requests for direct browser access and sends max_tokens', async () => {
    const server = await serve([{ type: 'text', text: 'hi' }]);
    const model = createAnthropicModel({
      apiKey: KEY,
      baseURL: server.anthropicBaseURL,
      model: 'claude-test',
      maxTokens: 256,
    });
    const { suite } = createAgentSuite();
    await runAgentLoop({ suite, model, messages: [userMessage('anthropic', 'Hi')] });
    expect(server.requests[0]?.headers['anthropic-dangerous-direct-browser-access']).toBe('true');
    expect(server.requests[0]?.body).toMatchObject({ model: 'claude-test', max_tokens: 256 });
    expect(server.requests[0]?.body.system).toBeUndefined();
  });

  it('reports a client the SDK refuses to create as a model error, and tries again on the next request', async () => {
    const model = createAnthropicModel({ apiKey: KEY, model: 'm', maxRetries: -1 });
    const { suite } = createAgentSuite();
    const first = await runAgentLoop({ suite, model, messages: [userMessage('anthropic', 'Hi')] });
    const second = await runAgentLoop({ suite, model, messages: [userMessage('anthropic', 'Hi')] });
    for (const result of [first, second]) {
      expect(result.reason).toBe('model_error');
      expect(result.error?.kind).toBe('unknown');
      expect(result.detail).toMatch(
        /^The model request failed: the @anthropic-ai\/sdk client could not be loaded or created \(.*maxRetries.*\)\.$/,
      );
    }
  });

  it('rejects a missing key, model or a bad maxTokens at creation', () => {
    expect(() => createAnthropicModel({ apiKey: '', model: 'm' })).toThrow(
      'createAnthropicModel: apiKey is required.',
    );
    expect(() => createAnthropicModel({ apiKey: KEY, model: '' })).toThrow(
      'createAnthropicModel: model is required, e.g. "claude-sonnet-4-5".',
    );
    expect(() => createAnthropicModel({ apiKey: KEY, model: 'm', maxTokens: 0 })).toThrow(
      'createAnthropicModel: maxTokens must be a positive integer, got 0.',
    );
  });
});

/**
 * A natively deferred run that searches for the issue tool (the Responses API's way: a
 * `tool_search_call` item), files an issue with it and answers.
 */
async function runNativeIssueFiling(provider: 'anthropic' | 'openai-responses') {
  const item = provider === 'openai-responses' ? ('tool_search' as const) : undefined;
  const server = await serve([
    { type: 'tool_calls', calls: [{ name: 'tool_search', item, arguments: { query: ISSUE_QUERY } }] },
    { type: 'tool_calls', calls: [{ name: 'create_github_issue', arguments: { title: 'Crash on start' } }] },
    { type: 'text', text: 'Filed issue #1.' },
  ]);
  const { suite, ran } = createAgentSuite();
  const result = await runAgentLoop({
    suite,
    model: modelFor(provider, server),
    messages: [userMessage(provider, 'File a bug about the crash.')],
    deferred: 'native',
  });
  return { server, suite, ran, result };
}

describe('runAgentLoop with deferred: "native" over HTTP with the anthropic adapter', () => {
  it('sends every deferred tool once with defer_loading, the same list each step, and loads found tools by tool_reference', async () => {
    const { server, suite, ran, result } = await runNativeIssueFiling('anthropic');

    expect(result.reason).toBe('completed');
    expect(ran).toEqual(['create_github_issue:Crash on start']);
    const deferred = suite
      .list()
      .filter((tool) => tool.mode === 'deferred')
      .map((tool) => tool.spec.name);
    expect(deferred).toContain('create_github_issue');
    const toolLists = server.requests.map((request) => JSON.stringify(request.body.tools));
    // The whole tool list, and so the start of every request, is the same at each step.
    expect(new Set(toolLists).size).toBe(1);
    const tools = server.requests[0]?.body.tools as Record<string, unknown>[];
    expect(tools.filter((tool) => tool.defer_loading === true).map((tool) => tool.name)).toEqual(deferred);
    expect(tools.find((tool) => tool.name === 'create_github_issue')).toEqual({
      name: 'create_github_issue',
      description: suite.get('create_github_issue')?.spec.description,
      input_schema: { ...suite.get('create_github_issue')?.spec.parameters, type: 'object' },
      defer_loading: true,
    });
    const activated = (result.steps[0]?.results[0]?.result.control?.add_tools ?? []).map((spec) => spec.name);
    expect(activated).toContain('create_github_issue');
    const second = server.requests[1]?.body.messages as Record<string, unknown>[];
    expect(second[2]).toEqual({
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'toolu_1',
          content: [
            { type: 'text', text: result.steps[0]?.results[0]?.result.output },
            ...activated.map((name) => ({ type: 'tool_reference', tool_name: name })),
          ],
        },
      ],
    });
  });

  it('refuses deferred: "native" for chat completions, which cannot load tools itself', async () => {
    const { suite } = createAgentSuite();
    const server = await serve([{ type: 'text', text: 'unused' }]);
    await expect(
      runAgentLoop({
        suite,
        model: modelFor('openai-chat', server),
        messages: [userMessage('openai-chat', 'hi')],
        deferred: 'native',
      }),
    ).rejects.toThrow(
      'runAgentLoop: deferred: "native" needs a provider whose API loads deferred tools itself (anthropic, openai-responses), not "openai-chat". Use deferred: "resend".',
    );
    expect(server.requests).toEqual([]);
  });
});

describe('runAgentLoop with deferred: "native" over HTTP with the openai-responses adapter', () => {
  it("declares tool_search as the API's client tool search, keeps one tool list, and answers a tool_search_call with the tools found", async () => {
    const { server, suite, ran, result } = await runNativeIssueFiling('openai-responses');

    expect(result.reason).toBe('completed');
    expect(result.text).toBe('Filed issue #1.');
    expect(ran).toEqual(['create_github_issue:Crash on start']);
    const toolLists = server.requests.map((request) => JSON.stringify(request.body.tools));
    expect(new Set(toolLists).size).toBe(1);
    const tools = server.requests[0]?.body.tools as Record<string, unknown>[];
    const search = suite.get('tool_search')?.spec;
    expect(tools.filter((tool) => tool.type === 'tool_search')).toEqual([
      {
        type: 'tool_search',
        execution: 'client',
        description: search?.description,
        parameters: search?.parameters,
      },
    ]);
    expect(tools.some((tool) => tool.type === 'function' && tool.name === 'tool_search')).toBe(false);
    const deferred = suite
      .list()
      .filter((tool) => tool.mode === 'deferred')
      .map((tool) => tool.spec);
    expect(tools.filter((tool) => tool.defer_loading === true).map((tool) => tool.name)).toEqual(
      deferred.map((spec) => spec.name),
    );
    const issueSpec = suite.get('create_github_issue')?.spec;
    expect(tools.find((tool) => tool.name === 'create_github_issue')).toEqual({
      type: 'function',
      name: 'create_github_issue',
      description: issueSpec?.description,
      parameters: issueSpec?.parameters,
      strict: false,
      defer_loading: true,
    });

    const activated = result.steps[0]?.results[0]?.result.control?.add_tools ?? [];
    expect(activated.map((spec) => spec.name)).toContain('create_github_issue');
    const input = server.requests[1]?.body.input as Record<string, unknown>[];
    expect(input.slice(1)).toEqual([
      {
        type: 'tool_search_call',
        id: 'tsc_1',
        call_id: 'call_1',
        execution: 'client',
        arguments: { query: ISSUE_QUERY },
        status: 'completed',
      },
      {
        type: 'tool_search_output',
        call_id: 'call_1',
        execution: 'client',
        status: 'completed',
        tools: activated.map((spec) => ({
          type: 'function',
          name: spec.name,
          description: spec.description,
          parameters: spec.parameters,
          strict: false,
        })),
      },
    ]);
  });
});

describe('createOpenAIResponsesModel', () => {
  it('rejects a missing base URL or model at creation, naming itself', () => {
    expect(() => createOpenAIResponsesModel({ baseURL: ' ', model: 'm' })).toThrow(
      'createOpenAIResponsesModel: baseURL is required, e.g. "https://api.openai.com/v1".',
    );
    expect(() => createOpenAIResponsesModel({ baseURL: 'http://localhost/v1', model: '' })).toThrow(
      'createOpenAIResponsesModel: model is required, e.g. "gpt-4.1-mini".',
    );
  });
});
