/**
 * runAgentLoop against an in-memory scripted model, in both wire formats: stop reasons and their texts
 * word for word, the shape results go back in, activation across steps, directives, abort, endpoint
 * errors, events and host mistakes.
 */
import { describe, expect, it } from 'vitest';
import {
  AGENT_PROVIDERS,
  type AgentEvent,
  AgentModelError,
  type AgentProvider,
  runAgentLoop,
} from '../../src/agent/index.ts';
import { createInProcessRunner, enableCodemode } from '../../src/codemode/index.ts';
import { UsageError } from '../../src/index.ts';
import { countTokens, toProviderTools } from '../../src/providers/index.ts';
import { createAgentSuite, createScriptedModel, ISSUE_QUERY, userMessage } from './fixture.ts';

const FAIL_OUTPUT = 'fail: the disk is full. Free some space and try again.';
const FIRST_TOOLS = ['tool_search', 'echo', 'fail', 'finish', 'transfer_to_billing', 'wait_for_stop'];

/** The tool names of a request's rendered tools, in either format. */
function toolNames(tools: readonly unknown[]): string[] {
  return tools.map((tool) => {
    const entry = tool as { name?: string; function?: { name: string } };
    return entry.function?.name ?? entry.name ?? '';
  });
}

describe.each(AGENT_PROVIDERS)('runAgentLoop with a scripted %s model', (provider: AgentProvider) => {
  it('stops with "completed" when the model answers without calling a tool', async () => {
    const { suite } = createAgentSuite();
    const model = createScriptedModel(provider, [{ type: 'text', text: 'Hello!' }]);
    const input = [userMessage(provider, 'Hi')];
    const result = await runAgentLoop({ suite, model, messages: input, system: 'Be brief.' });

    expect(result.reason).toBe('completed');
    expect(result.detail).toBe('The model answered without calling a tool.');
    expect(result.text).toBe('Hello!');
    expect(result.messages).toHaveLength(2);
    expect(input).toHaveLength(1);
    expect(model.requests[0]?.system).toBe('Be brief.');
    const [step] = result.steps;
    expect(step?.calls).toEqual([]);
    expect(step?.declarations.map((spec) => spec.name)).toEqual(FIRST_TOOLS);
    const rendered = toProviderTools(suite.declarations(result.session), provider);
    expect(step?.tools).toEqual(rendered);
    expect(model.requests[0]?.tools).toEqual(rendered);
    expect(step?.declaration_tokens).toBe(countTokens(rendered));
    expect(step?.declaration_tokens).toBeGreaterThan(50);
  });

  it('runs parallel calls one after the other in the model order and passes every result back', async () => {
    const { suite, ran } = createAgentSuite();
    const model = createScriptedModel(provider, [
      {
        type: 'tool_calls',
        text: 'Let me try.',
        calls: [
          { name: 'echo', arguments: { text: 'one' }, id: 'c1' },
          { name: 'fail', id: 'c2' },
          { name: 'echo', arguments: { text: 'two' }, id: 'c3' },
        ],
      },
      { type: 'text', text: 'Two of three worked.' },
    ]);
    const result = await runAgentLoop({ suite, model, messages: [userMessage(provider, 'Go')] });

    expect(result.reason).toBe('completed');
    expect(ran).toEqual(['echo:one', 'fail:', 'echo:two']);
    const [first] = result.steps;
    expect(first?.text).toBe('Let me try.');
    expect(first?.calls.map((call) => [call.id, call.name])).toEqual([
      ['c1', 'echo'],
      ['c2', 'fail'],
      ['c3', 'echo'],
    ]);
    expect(
      first?.results.map((entry) => [entry.call_id, entry.result.is_error, entry.result.output]),
    ).toEqual([
      ['c1', false, 'echo: one'],
      ['c2', true, FAIL_OUTPUT],
      ['c3', false, 'echo: two'],
    ]);
    expect(first?.results[0]?.result.structured_output).toEqual({ text: 'one' });

    const answered = model.requests[1]?.messages ?? [];
    if (provider === 'openai-chat') {
      expect(answered.slice(2)).toEqual([
        { role: 'tool', tool_call_id: 'c1', content: 'echo: one' },
        { role: 'tool', tool_call_id: 'c2', content: `Error: ${FAIL_OUTPUT}` },
        { role: 'tool', tool_call_id: 'c3', content: 'echo: two' },
      ]);
    } else if (provider === 'openai-responses') {
      expect(answered.slice(2)).toEqual([
        [
          { type: 'function_call_output', call_id: 'c1', output: 'echo: one' },
          { type: 'function_call_output', call_id: 'c2', output: `Error: ${FAIL_OUTPUT}` },
          { type: 'function_call_output', call_id: 'c3', output: 'echo: two' },
        ],
      ]);
    } else {
      expect(answered.slice(2)).toEqual([
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'c1', content: 'echo: one' },
            { type: 'tool_result', tool_use_id: 'c2', content: FAIL_OUTPUT, is_error: true },
            { type: 'tool_result', tool_use_id: 'c3', content: 'echo: two' },
          ],
        },
      ]);
    }
    expect(result.messages).toEqual([...answered, result.steps[1]?.message]);
  });

  it('declares a deferred tool from the step after tool_search activated it', async () => {
    const { suite, ran } = createAgentSuite();
    const model = createScriptedModel(provider, [
      { type: 'tool_calls', calls: [{ name: 'tool_search', arguments: { query: ISSUE_QUERY } }] },
      { type: 'tool_calls', calls: [{ name: 'create_github_issue', arguments: { title: 'Bug' } }] },
      { type: 'text', text: 'Filed #1.' },
    ]);
    const result = await runAgentLoop({ suite, model, messages: [userMessage(provider, 'File a bug')] });

    expect(result.reason).toBe('completed');
    expect(model.requests.map((request) => toolNames(request.tools))).toEqual([
      FIRST_TOOLS,
      [
        'tool_search',
        'echo',
        'fail',
        'finish',
        'transfer_to_billing',
        'wait_for_stop',
        'create_github_issue',
      ],
      [
        'tool_search',
        'echo',
        'fail',
        'finish',
        'transfer_to_billing',
        'wait_for_stop',
        'create_github_issue',
      ],
    ]);
    expect(result.steps[0]?.results[0]?.result.control?.add_tools?.map((spec) => spec.name)).toEqual([
      'create_github_issue',
    ]);
    expect(result.steps[1]?.declaration_tokens).toBeGreaterThan(result.steps[0]?.declaration_tokens ?? 0);
    expect(ran).toEqual(['create_github_issue:Bug']);
    expect(result.session.activeTools()).toEqual(['create_github_issue']);
  });

  it('a deferred tool called before activation gets an error result, and the run goes on', async () => {
    const { suite } = createAgentSuite();
    const model = createScriptedModel(provider, [
      { type: 'tool_calls', calls: [{ name: 'query_postgres', arguments: { sql: 'select 1' } }] },
      { type: 'text', text: 'I cannot.' },
    ]);
    const result = await runAgentLoop({ suite, model, messages: [userMessage(provider, 'Query')] });
    expect(result.reason).toBe('completed');
    expect(result.steps[0]?.results[0]?.result).toMatchObject({
      is_error: true,
      output:
        'Tool "query_postgres" is not loaded yet. Call tool_search with words for what you need (for example "query postgres"); matching tools become callable from your next call.',
    });
  });

  it('stops with "terminated" after the step whose tool ended the session; later calls in it get the session error', async () => {
    const { suite, ran } = createAgentSuite();
    const model = createScriptedModel(provider, [
      { type: 'tool_calls', calls: [{ name: 'finish' }, { name: 'echo', arguments: { text: 'late' } }] },
      { type: 'text', text: 'never sent' },
    ]);
    const result = await runAgentLoop({ suite, model, messages: [userMessage(provider, 'Finish')] });

    expect(result.reason).toBe('terminated');
    expect(result.detail).toBe('Tool "finish" ended the session: task complete.');
    expect(result.terminate).toEqual({ reason: 'task complete' });
    expect(model.requests).toHaveLength(1);
    expect(ran).toEqual(['finish:']);
    expect(result.steps[0]?.results[1]?.result).toMatchObject({
      is_error: true,
      output:
        'The session has ended (task complete). No further tool calls run in it; answer the user instead.',
    });
    expect(result.messages).toHaveLength(provider === 'openai-chat' ? 4 : 3);
  });

  it('does not send a request in a session that has already ended', async () => {
    const { suite } = createAgentSuite();
    const session = suite.createSession();
    await suite.execute('finish', {}, { session });
    const model = createScriptedModel(provider, [{ type: 'text', text: 'never sent' }]);
    const result = await runAgentLoop({ suite, model, session, messages: [userMessage(provider, 'Hi')] });
    expect(result.reason).toBe('terminated');
    expect(result.detail).toBe('The session had already ended: task complete. No request was sent.');
    expect(result.steps).toEqual([]);
    expect(model.requests).toEqual([]);
  });

  it('stops with "handoff" after the step whose tool handed the conversation off', async () => {
    const { suite } = createAgentSuite();
    const model = createScriptedModel(provider, [
      { type: 'tool_calls', calls: [{ name: 'transfer_to_billing' }] },
      { type: 'text', text: 'never sent' },
    ]);
    const result = await runAgentLoop({ suite, model, messages: [userMessage(provider, 'My invoice')] });
    expect(result.reason).toBe('handoff');
    expect(result.detail).toBe(
      'Tool "transfer_to_billing" handed the conversation off to "billing": the user asked about an invoice.',
    );
    expect(result.handoff).toEqual({ to: 'billing', reason: 'the user asked about an invoice' });
    expect(model.requests).toHaveLength(1);
  });

  it('stops with "max_steps" after maxSteps requests that all called tools', async () => {
    const { suite } = createAgentSuite();
    const again = { type: 'tool_calls', calls: [{ name: 'echo', arguments: { text: 'again' } }] } as const;
    const model = createScriptedModel(provider, [again, again, again, again]);
    const result = await runAgentLoop({
      suite,
      model,
      messages: [userMessage(provider, 'Loop')],
      maxSteps: 3,
    });
    expect(result.reason).toBe('max_steps');
    expect(result.detail).toBe(
      'Stopped after 3 steps (maxSteps): the model was still calling tools. Raise maxSteps to let it continue.',
    );
    expect(model.requests).toHaveLength(3);
    expect(result.steps).toHaveLength(3);

    const once = await runAgentLoop({
      suite,
      model: createScriptedModel(provider, [again]),
      messages: [userMessage(provider, 'Loop')],
      maxSteps: 1,
    });
    expect(once.detail).toBe(
      'Stopped after 1 step (maxSteps): the model was still calling tools. Raise maxSteps to let it continue.',
    );
  });

  it('stops after 20 requests by default', async () => {
    const { suite } = createAgentSuite();
    const again = { type: 'tool_calls', calls: [{ name: 'echo', arguments: { text: 'x' } }] } as const;
    const model = createScriptedModel(
      provider,
      Array.from({ length: 25 }, () => again),
    );
    const result = await runAgentLoop({ suite, model, messages: [userMessage(provider, 'Loop')] });
    expect(result.reason).toBe('max_steps');
    expect(model.requests).toHaveLength(20);
  });

  it('resolves "aborted" without a request when the signal has already aborted', async () => {
    const { suite } = createAgentSuite();
    const model = createScriptedModel(provider, [{ type: 'text', text: 'never' }]);
    const controller = new AbortController();
    controller.abort();
    const result = await runAgentLoop({
      suite,
      model,
      messages: [userMessage(provider, 'Hi')],
      signal: controller.signal,
    });
    expect(result).toMatchObject({ reason: 'aborted', detail: 'The caller aborted the run.', steps: [] });
    expect(model.requests).toEqual([]);
  });

  it('resolves "aborted" while waiting for a model that ignores the signal, keeping earlier steps', async () => {
    const { suite } = createAgentSuite();
    const controller = new AbortController();
    const model = createScriptedModel(
      provider,
      [{ type: 'tool_calls', calls: [{ name: 'echo', arguments: { text: 'a' } }] }, { type: 'hang' }],
      (request, index) => {
        expect(request.signal).toBe(controller.signal);
        if (index === 1) controller.abort();
      },
    );
    const result = await runAgentLoop({
      suite,
      model,
      messages: [userMessage(provider, 'Hi')],
      signal: controller.signal,
    });
    expect(result.reason).toBe('aborted');
    expect(result.steps).toHaveLength(2);
    expect(result.steps[1]).toMatchObject({ message: null, calls: [], results: [] });
    expect(result.steps[1]?.error).toBeUndefined();
    expect(result.messages).toHaveLength(provider === 'openai-chat' ? 3 : 3);
  });

  it('aborts the running call, skips the calls not started yet, and still answers every call', async () => {
    const controller = new AbortController();
    const { suite, ran } = createAgentSuite({ onWait: () => controller.abort() });
    const model = createScriptedModel(provider, [
      {
        type: 'tool_calls',
        calls: [
          { name: 'wait_for_stop', id: 'w' },
          { name: 'echo', arguments: { text: 'skipped' }, id: 'e' },
        ],
      },
    ]);
    const result = await runAgentLoop({
      suite,
      model,
      messages: [userMessage(provider, 'Wait')],
      signal: controller.signal,
    });
    expect(result.reason).toBe('aborted');
    expect(ran).toEqual(['wait_for_stop:']);
    expect(
      result.steps[0]?.results.map((entry) => [entry.call_id, entry.result.is_error, entry.result.output]),
    ).toEqual([
      ['w', true, 'wait_for_stop: stopped waiting.'],
      [
        'e',
        true,
        'Tool "echo" was not run: the run was aborted before this call started. Nothing it would do has happened.',
      ],
    ]);
    expect(result.steps[0]?.results[1]?.result.structured_output).toMatchObject({
      error: { code: 'ABORTED' },
    });
    expect(result.messages).toHaveLength(provider === 'openai-chat' ? 4 : 3);
  });

  it('stops with "model_error" when the model rejects, keeping what earlier steps gathered', async () => {
    const { suite } = createAgentSuite();
    const model = createScriptedModel(provider, [
      { type: 'tool_calls', calls: [{ name: 'echo', arguments: { text: 'kept' } }] },
      { type: 'throw', error: new AgentModelError('rate_limit', 'Slow down.', { status: 429 }) },
    ]);
    const result = await runAgentLoop({ suite, model, messages: [userMessage(provider, 'Hi')] });
    expect(result.reason).toBe('model_error');
    expect(result.error).toEqual({ kind: 'rate_limit', status: 429, message: 'Slow down.' });
    expect(result.detail).toBe(
      'The model endpoint is rate limiting requests (HTTP 429): Slow down. Wait and run again, or use another key or model.',
    );
    expect(result.steps).toHaveLength(2);
    expect(result.steps[1]).toMatchObject({ message: null, error: result.error });
    expect(result.steps[0]?.results[0]?.result.output).toBe('echo: kept');
    expect(result.messages).toHaveLength(3);
  });

  it('reports what any other rejection says, as kind "unknown"', async () => {
    const { suite } = createAgentSuite();
    const model = createScriptedModel(provider, [{ type: 'throw', error: new Error('kaboom.') }]);
    const result = await runAgentLoop({ suite, model, messages: [userMessage(provider, 'Hi')] });
    expect(result).toMatchObject({
      reason: 'model_error',
      detail: 'The model request failed: kaboom.',
      error: { kind: 'unknown', message: 'kaboom.' },
    });
  });

  it('reports an assistant message the loop cannot read as a malformed response', async () => {
    const { suite } = createAgentSuite();
    const model = createScriptedModel(provider, [
      { type: 'response', response: { message: { role: 'user', content: 'echo' } } },
    ]);
    const result = await runAgentLoop({ suite, model, messages: [userMessage(provider, 'Hi')] });
    const api = {
      'openai-chat': 'chat completions',
      anthropic: 'Messages API',
      'openai-responses': 'Responses API',
    }[provider];
    const problem =
      provider === 'openai-responses'
        ? 'the output is not a list of items'
        : 'the message role is "user", not "assistant"';
    expect(result.reason).toBe('model_error');
    expect(result.detail).toBe(
      `The model endpoint sent something that is not a ${api} response: ${problem}. Check that the base URL points to a ${api} endpoint.`,
    );
    expect(result.messages).toHaveLength(1);
  });

  it('makes up the ids of calls that have none and writes them into the assistant message', async () => {
    const { suite } = createAgentSuite();
    const model = createScriptedModel(provider, [
      {
        type: 'tool_calls',
        calls: [
          { name: 'echo', arguments: { text: 'a' }, id: null },
          { name: 'echo', arguments: { text: 'b' }, id: null },
        ],
      },
      { type: 'text', text: 'ok' },
    ]);
    const result = await runAgentLoop({ suite, model, messages: [userMessage(provider, 'Hi')] });
    expect(result.steps[0]?.calls.map((call) => call.id)).toEqual(['call_0_0', 'call_0_1']);
    const sent = JSON.stringify(model.requests[1]?.messages);
    const pairs =
      provider === 'openai-chat'
        ? ['"id":"call_0_0"', '"id":"call_0_1"', '"tool_call_id":"call_0_0"', '"tool_call_id":"call_0_1"']
        : provider === 'openai-responses'
          ? [
              '"arguments":"{\\"text\\":\\"a\\"}","call_id":"call_0_0"',
              '"arguments":"{\\"text\\":\\"b\\"}","call_id":"call_0_1"',
              '{"type":"function_call_output","call_id":"call_0_0"',
              '{"type":"function_call_output","call_id":"call_0_1"',
            ]
          : ['"id":"call_0_0"', '"id":"call_0_1"', '"tool_use_id":"call_0_0"', '"tool_use_id":"call_0_1"'];
    for (const pair of pairs) expect(sent).toContain(pair);
  });

  it('streams the same records through onEvent, and a throwing listener does not stop the run', async () => {
    const { suite } = createAgentSuite();
    const model = createScriptedModel(provider, [
      { type: 'tool_calls', calls: [{ name: 'echo', arguments: { text: 'a' } }, { name: 'fail' }] },
      { type: 'text', text: 'done' },
    ]);
    const events: AgentEvent[] = [];
    const result = await runAgentLoop({
      suite,
      model,
      messages: [userMessage(provider, 'Hi')],
      onEvent: (event) => {
        events.push(event);
        throw new Error('a broken listener');
      },
    });
    expect(result.reason).toBe('completed');
    expect(events.map((event) => event.type)).toEqual([
      'step_started',
      'model_responded',
      'tool_finished',
      'tool_finished',
      'step_finished',
      'step_started',
      'model_responded',
      'step_finished',
      'finished',
    ]);
    const finished = events.filter((event) => event.type === 'step_finished').map((event) => event.step);
    expect(finished).toEqual(result.steps);
    expect(finished[0]).toBe(result.steps[0]);
    const calls = events.flatMap((event) => (event.type === 'tool_finished' ? [event.result] : []));
    expect(calls).toEqual(result.steps[0]?.results);
    const started = events[0];
    expect(started?.type === 'step_started' && started.declaration_tokens).toBe(
      result.steps[0]?.declaration_tokens,
    );
    const last = events.at(-1);
    expect(last?.type === 'finished' && last.result).toBe(result);
  });

  it('measures durations with the injected clock', async () => {
    const { suite } = createAgentSuite();
    let time = 0;
    const model = createScriptedModel(
      provider,
      [
        { type: 'tool_calls', calls: [{ name: 'echo', arguments: { text: 'a' } }] },
        { type: 'text', text: 'ok' },
      ],
      () => {
        time += 100;
      },
    );
    const result = await runAgentLoop({
      suite,
      model,
      messages: [userMessage(provider, 'Hi')],
      now: () => time,
    });
    expect(
      result.steps.map((step) => [step.model_duration_ms, step.tools_duration_ms, step.duration_ms]),
    ).toEqual([
      [100, 0, 100],
      [100, 0, 100],
    ]);
  });
});

describe('runAgentLoop options', () => {
  it('sends what a custom declarations function returns, with the run session: codemode per session', async () => {
    const { suite } = createAgentSuite();
    const codemode = enableCodemode(suite, { runner: createInProcessRunner() });
    const seen: unknown[] = [];
    const model = createScriptedModel('anthropic', [
      { type: 'tool_calls', calls: [{ name: 'tool_search', arguments: { query: ISSUE_QUERY } }] },
      { type: 'text', text: 'ok' },
    ]);
    const result = await runAgentLoop({
      suite,
      model,
      messages: [userMessage('anthropic', 'Hi')],
      declarations: (session) => {
        seen.push(session);
        return codemode.declarations(session);
      },
    });
    codemode.dispose();
    expect(seen).toEqual([result.session, result.session]);
    const descriptions = model.requests.map(
      (request) => request.tools.find((tool) => tool.name === 'codemode')?.description ?? '',
    );
    expect(descriptions[0]).not.toContain('create_github_issue');
    expect(descriptions[1]).toContain('create_github_issue');
    expect(descriptions[1]).toBe(codemode.description(result.session));
  });

  it('runs in the session it is given', async () => {
    const { suite } = createAgentSuite();
    const session = suite.createSession({ id: 'mine' });
    const model = createScriptedModel('openai-chat', [
      { type: 'tool_calls', calls: [{ name: 'tool_search', arguments: { query: ISSUE_QUERY } }] },
      { type: 'text', text: 'ok' },
    ]);
    const result = await runAgentLoop({
      suite,
      model,
      session,
      messages: [userMessage('openai-chat', 'Hi')],
    });
    expect(result.session).toBe(session);
    expect(session.activeTools()).toEqual(['create_github_issue']);
  });

  it('rejects host mistakes with a UsageError before any request', async () => {
    const { suite } = createAgentSuite();
    const model = createScriptedModel('openai-chat', [{ type: 'text', text: 'never' }]);
    const messages = [userMessage('openai-chat', 'Hi')];
    await expect(runAgentLoop({ suite, model, messages, maxSteps: 0 })).rejects.toThrow(
      new UsageError('runAgentLoop: maxSteps must be a positive integer, got 0.'),
    );
    await expect(runAgentLoop({ suite, model, messages, maxSteps: 1.5 })).rejects.toBeInstanceOf(UsageError);
    const mismatched = { suite, model, messages, provider: 'anthropic' } as unknown as Parameters<
      typeof runAgentLoop
    >[0];
    await expect(runAgentLoop(mismatched)).rejects.toThrow(
      'runAgentLoop: provider "anthropic" does not match the model\'s provider "openai-chat". Pass messages in the model\'s format, or leave provider out.',
    );
    const gemini = { ...model, provider: 'gemini' } as unknown as typeof model;
    await expect(runAgentLoop({ suite, model: gemini, messages })).rejects.toThrow(
      'runAgentLoop: unknown provider "gemini". Use one of openai-chat, anthropic, openai-responses.',
    );
    expect(model.requests).toEqual([]);
  });
});
