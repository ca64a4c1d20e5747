/**
 * The agent loop: declarations → model → tool calls → results → declarations again, until the model
 * answers, a directive or the caller stops it, `maxSteps` is reached or the endpoint fails. Every call
 * goes through `suite.executeCall`, so exposure, policy and session activation work exactly as they do
 * for any other caller. Imports `../core/`, `../providers/` and this room; no SDK. The tokenizer that
 * counts `declaration_tokens` (about 1 MB gzipped) is loaded with `import()` on the first run, or not at
 * all when the host passes `countTokens`.
 */
import { ERROR_CODES, UsageError } from '../core/errors.ts';
import { errorResult } from '../core/results.ts';
import type {
  HandoffDirective,
  TerminateDirective,
  ToolResult,
  ToolSession,
  ToolSpec,
} from '../core/types.ts';
import { clientToolSearchTool, toProviderTools } from '../providers/provider-tools.ts';
import { codecFor, type ProviderCodec, TOOL_SEARCH_TOOL } from './codecs.ts';
import { AgentModelError } from './model-error.ts';
import {
  AGENT_PROVIDERS,
  type AgentCallResult,
  type AgentEvent,
  type AgentMessage,
  type AgentModelErrorInfo,
  type AgentProvider,
  type AgentRunResult,
  type AgentStep,
  type AgentStopReason,
  type AgentToolMap,
  DEFAULT_MAX_STEPS,
  type ModelResponse,
  type RunAgentLoopOptions,
} from './types.ts';

/** What the race rejects with when the caller's signal aborts; never leaves this module. */
const ABORTED = Symbol('aborted');

/**
 * Runs the model against the suite until it stops, and resolves to everything gathered.
 *
 * Each step renders `declarations(session)` for the model's provider (and counts its tokens), sends the
 * conversation, appends the assistant message, runs every tool call it contains **one after the other,
 * in the model's order** with `suite.executeCall(call, { session, caller: 'model', signal })`, and
 * appends the results in the provider's tool-result shape (`is_error` → Anthropic's `is_error: true`;
 * for chat completions, which has no flag, the content starts with `Error: `). All calls of a step run
 * even when one of them ends the session (the later ones then get the session-ended error), so every
 * call in `messages` has its result and the conversation can be sent again.
 *
 * It stops with (`reason` → `detail`, word for word):
 * - `completed` → `The model answered without calling a tool.`
 * - `max_steps` → `Stopped after N steps (maxSteps): the model was still calling tools. Raise maxSteps to
 *   let it continue.` (`1 step` for one)
 * - `terminated` → `Tool "NAME" ended the session: REASON.` (`Tool "NAME" ended the session.` without a
 *   reason); a session that had already ended → `The session had already ended: REASON. No request was
 *   sent.` (same without reason). A terminate wins over a handoff in the same step.
 * - `handoff` → `Tool "NAME" handed the conversation off to "TO": REASON.` (no `: REASON` without one)
 * - `aborted` → `The caller aborted the run.`
 * - `model_error`, by `error.kind` (MESSAGE is the endpoint's or client's message, API key redacted,
 *   without a trailing period; ` (HTTP STATUS)` is left out when there was no status):
 *   - `network` → `The model endpoint could not be reached: MESSAGE. Check the base URL, that the server
 *     is running, and that it accepts requests from this page (CORS).`
 *   - `timeout` → `The model endpoint did not answer in time: MESSAGE. Try again, or raise the model's
 *     timeout.`
 *   - `auth` → `The model endpoint refused the credentials (HTTP STATUS): MESSAGE. Check the API key and
 *     that it may use this model.`
 *   - `rate_limit` → `The model endpoint is rate limiting requests (HTTP STATUS): MESSAGE. Wait and run
 *     again, or use another key or model.`
 *   - `http` → `The model endpoint returned an error (HTTP STATUS): MESSAGE.`
 *   - `malformed_response` → `The model endpoint sent something that is not a API response: MESSAGE.
 *     Check that the base URL points to a API endpoint.`, API being `chat completions`, `Messages API`
 *     or `Responses API`.
 *   - `unknown` → `The model request failed: MESSAGE.`
 *
 * Failures never reject: endpoint errors (network, 401, 429, malformed response) and aborts resolve
 * with the reason above and every message, step and result gathered until then. An abort resolves
 * (it does not reject with an `AbortError`) as soon as the signal fires: a pending model request is
 * abandoned (adapters cancel it), running calls get the suite's aborted result, calls not started yet
 * get an `ABORTED` error result without running, and the step is recorded. The promise rejects only for
 * a host mistake, with a `UsageError`: `maxSteps` not a positive integer, `messages` not an array, a
 * provider other than `openai-chat`/`anthropic`/`openai-responses`, `provider` not matching
 * `model.provider`, or `deferred: 'native'` for `openai-chat` (and with whatever a custom
 * `declarations` function throws).
 */
export async function runAgentLoop<P extends AgentProvider, W = unknown>(
  options: RunAgentLoopOptions<P, W>,
): Promise<AgentRunResult<P>> {
  const run = await startRun(options);
  if (run.signal.aborted) return finish(run, 'aborted', ABORTED_DETAIL);
  if (run.session.terminated) {
    const terminate = run.session.terminated;
    return finish(run, 'terminated', alreadyEndedDetail(terminate), { terminate });
  }
  for (let index = 0; ; index++) {
    const ended = await runStep(run, index);
    if (ended !== undefined) return ended;
  }
}

/** One run of the loop: its checked options and what it has gathered so far. */
interface LoopRun<P extends AgentProvider, W> {
  readonly options: RunAgentLoopOptions<P, W>;
  readonly provider: P;
  readonly maxSteps: number;
  /** Deferred tools travel as Anthropic `defer_loading` declarations instead of being resent. */
  readonly native: boolean;
  readonly countTokens: (value: unknown) => number;
  readonly session: ToolSession;
  readonly declarationsOf: (session: ToolSession) => ToolSpec[];
  readonly now: () => number;
  readonly signal: AbortSignal;
  readonly codec: ProviderCodec<AgentMessage<P>>;
  readonly messages: AgentMessage<P>[];
  readonly steps: AgentStep<P>[];
}

/**
 * Checks the options (a host mistake rejects with `UsageError` before anything is sent) and fills in
 * the defaults; loads the tokenizer unless the host counts tokens itself.
 */
async function startRun<P extends AgentProvider, W>(
  options: RunAgentLoopOptions<P, W>,
): Promise<LoopRun<P, W>> {
  const { suite, model } = options;
  const provider: P = options.provider ?? model.provider;
  if (!AGENT_PROVIDERS.includes(model.provider)) {
    throw new UsageError(
      `runAgentLoop: unknown provider ${JSON.stringify(model.provider)}. Use one of ${AGENT_PROVIDERS.join(', ')}.`,
    );
  }
  if (provider !== model.provider) {
    throw new UsageError(
      `runAgentLoop: provider "${provider}" does not match the model's provider "${model.provider}". Pass messages in the model's format, or leave provider out.`,
    );
  }
  const maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS;
  if (!Number.isInteger(maxSteps) || maxSteps < 1) {
    throw new UsageError(`runAgentLoop: maxSteps must be a positive integer, got ${String(maxSteps)}.`);
  }
  if (!Array.isArray(options.messages)) {
    throw new UsageError('runAgentLoop: messages must be an array of messages in the model format.');
  }
  const native = options.deferred === 'native';
  if (native && provider === 'openai-chat') {
    throw new UsageError(
      `runAgentLoop: deferred: "native" needs a provider whose API loads deferred tools itself (anthropic, openai-responses), not "${provider}". Use deferred: "resend".`,
    );
  }
  return {
    options,
    provider,
    maxSteps,
    native,
    countTokens: options.countTokens ?? (await loadTokenCounter()),
    session: options.session ?? suite.createSession(),
    declarationsOf: options.declarations ?? ((current: ToolSession) => suite.declarations(current)),
    now: options.now ?? Date.now,
    signal: options.signal ?? new AbortController().signal,
    codec: codecFor(provider),
    messages: [...options.messages],
    steps: [],
  };
}

/** Hands `event` to the host's listener, which must not break the run even when it throws. */
function emit<P extends AgentProvider, W>(run: LoopRun<P, W>, event: AgentEvent<P>): void {
  const { onEvent } = run.options;
  if (!onEvent) return;
  try {
    onEvent(event);
  } catch {
    // Contract: listeners must not throw. A display bug must not break the run.
  }
}

/** The run's result, announced as `finished`; `text` is the last answer the model wrote. */
function finish<P extends AgentProvider, W>(
  run: LoopRun<P, W>,
  reason: AgentStopReason,
  detail: string,
  extra: Pick<AgentRunResult<P>, 'error' | 'handoff' | 'terminate'> = {},
): AgentRunResult<P> {
  const { messages, steps, session } = run;
  const last = [...steps].reverse().find((step) => step.message !== null);
  const result: AgentRunResult<P> = {
    messages,
    reason,
    detail,
    steps,
    session,
    text: last?.text ?? '',
    ...extra,
  };
  emit(run, { type: 'finished', result });
  return result;
}

/**
 * One step: declarations, the model's response, every call it makes. Resolves with the run's result
 * when the step ends the run, `undefined` when the model should be asked again.
 */
async function runStep<P extends AgentProvider, W>(
  run: LoopRun<P, W>,
  index: number,
): Promise<AgentRunResult<P> | undefined> {
  const started = run.now();
  const step = openStep(run, index);
  const endStep = (): void => {
    step.duration_ms = elapsed(run.now, started);
    emit(run, { type: 'step_finished', step });
  };
  const asked = await askModel(run, step, started);
  if ('reason' in asked) {
    endStep();
    return finish(run, asked.reason, asked.detail, asked.extra);
  }
  const calls = recordResponse(run, step, asked.response);
  if (calls.length === 0) {
    endStep();
    return finish(run, 'completed', COMPLETED_DETAIL);
  }
  await runCalls(run, step, calls);
  endStep();
  return stepOutcome(run, step, index);
}

/** Renders the declarations of this step for the provider, records the step and announces it. */
function openStep<P extends AgentProvider, W>(run: LoopRun<P, W>, index: number): AgentStep<P> {
  const declarations = run.declarationsOf(run.session);
  const tools = renderTools(run.options.suite, declarations, run.provider, run.native) as AgentToolMap[P][];
  const step: AgentStep<P> = {
    index,
    declarations,
    tools,
    declaration_tokens: run.countTokens(tools),
    message: null,
    text: '',
    stop_reason: null,
    usage: null,
    calls: [],
    results: [],
    model_duration_ms: 0,
    tools_duration_ms: 0,
    duration_ms: 0,
  };
  run.steps.push(step);
  emit(run, {
    type: 'step_started',
    step: index,
    declarations,
    tools,
    declaration_tokens: step.declaration_tokens,
  });
  return step;
}

/** Why a step ends the run, before {@link finish} words it. */
interface RunEnd<P extends AgentProvider> {
  reason: AgentStopReason;
  detail: string;
  extra?: Pick<AgentRunResult<P>, 'error' | 'handoff' | 'terminate'>;
}

/**
 * Sends the conversation and resolves with a well-formed response, or with why the run ends: the
 * caller aborted (the request is abandoned at once), the endpoint failed, or the response is malformed.
 */
async function askModel<P extends AgentProvider, W>(
  run: LoopRun<P, W>,
  step: AgentStep<P>,
  started: number,
): Promise<{ response: ModelResponse<P> } | RunEnd<P>> {
  const { model, system } = run.options;
  const { signal } = run;
  let response: ModelResponse<P>;
  try {
    response = await untilAborted(
      Promise.resolve().then(() =>
        model.complete({ system, messages: [...run.messages], tools: [...step.tools], signal }),
      ),
      signal,
    );
  } catch (error) {
    step.model_duration_ms = elapsed(run.now, started);
    if (signal.aborted) return { reason: 'aborted', detail: ABORTED_DETAIL };
    const info = errorInfo(error);
    step.error = info;
    return { reason: 'model_error', detail: modelErrorDetail(info, run.provider), extra: { error: info } };
  }
  step.model_duration_ms = elapsed(run.now, started);
  const problem = isObject(response) ? run.codec.problem(response.message) : 'the model returned no response';
  if (problem === undefined) return { response };
  const info: AgentModelErrorInfo = { kind: 'malformed_response', message: problem };
  step.error = info;
  return { reason: 'model_error', detail: modelErrorDetail(info, run.provider), extra: { error: info } };
}

/** Appends the assistant message, records what the model said and asked for, and announces it. */
function recordResponse<P extends AgentProvider, W>(
  run: LoopRun<P, W>,
  step: AgentStep<P>,
  response: ModelResponse<P>,
): AgentStep<P>['calls'] {
  const { message, calls } = run.codec.calls(response.message, step.index);
  run.messages.push(message);
  step.message = message;
  step.text = run.codec.text(message);
  step.stop_reason = typeof response.stop_reason === 'string' ? response.stop_reason : null;
  step.usage = isObject(response.usage) ? response.usage : null;
  step.calls = calls;
  emit(run, {
    type: 'model_responded',
    step: step.index,
    message,
    calls,
    duration_ms: step.model_duration_ms,
  });
  return calls;
}

/**
 * Runs the step's calls one after the other, in the model's order, and appends their results: every
 * call gets one, so the conversation can be sent again; after an abort the rest are not started.
 */
async function runCalls<P extends AgentProvider, W>(
  run: LoopRun<P, W>,
  step: AgentStep<P>,
  calls: AgentStep<P>['calls'],
): Promise<void> {
  const { now, signal, session } = run;
  const toolsStarted = now();
  for (const call of calls) {
    const callStarted = now();
    const result = signal.aborted
      ? notStartedResult(call.name)
      : await run.options.suite.executeCall(call.raw, { session, caller: 'model', signal });
    const entry: AgentCallResult = {
      call_id: call.id,
      name: call.name,
      result,
      duration_ms: elapsed(now, callStarted),
    };
    step.results.push(entry);
    emit(run, { type: 'tool_finished', step: step.index, call, result: entry });
  }
  step.tools_duration_ms = elapsed(now, toolsStarted);
  run.messages.push(...run.codec.results(step.results, { references: run.native }));
}

/**
 * Whether the step's calls end the run: an abort, then a terminate (it wins over a handoff in the
 * same step), then a handoff, then the step cap. `undefined` lets the loop ask the model again.
 */
function stepOutcome<P extends AgentProvider, W>(
  run: LoopRun<P, W>,
  step: AgentStep<P>,
  index: number,
): AgentRunResult<P> | undefined {
  if (run.signal.aborted) return finish(run, 'aborted', ABORTED_DETAIL);
  const terminating = step.results.find((entry) => entry.result.control?.terminate !== undefined);
  const directive = terminating?.result.control?.terminate;
  // `terminate: true` is the wire form of a terminate without a reason.
  const terminate = directive === true ? {} : directive;
  if (terminating && terminate) {
    return finish(run, 'terminated', terminatedDetail(terminating.name, terminate), { terminate });
  }
  const handingOff = step.results.find((entry) => entry.result.control?.handoff !== undefined);
  const handoff = handingOff?.result.control?.handoff;
  if (handingOff && handoff) {
    return finish(run, 'handoff', handoffDetail(handingOff.name, handoff), { handoff });
  }
  if (index + 1 >= run.maxSteps) return finish(run, 'max_steps', maxStepsDetail(run.maxSteps));
  return undefined;
}

/**
 * The declarations rendered for `provider`. Natively deferred, every deferred tool of the suite comes
 * after them with `defer_loading`, and on the Responses API the suite's `tool_search` is declared as
 * the API's client-executed tool search.
 */
function renderTools(
  suite: RunAgentLoopOptions['suite'],
  declarations: readonly ToolSpec[],
  provider: AgentProvider,
  native: boolean,
): AgentToolMap[AgentProvider][] {
  if (!native) return toProviderTools(declarations, provider);
  const tools = toProviderTools(declarations, provider, {
    deferred: 'native',
    deferredTools: deferredSpecs(suite),
  });
  if (provider !== 'openai-responses') return tools;
  const search = declarations.find((spec) => spec.name === TOOL_SEARCH_TOOL);
  return tools.map((tool) =>
    search !== undefined && 'name' in tool && tool.name === TOOL_SEARCH_TOOL
      ? clientToolSearchTool(search)
      : tool,
  );
}

/** Every deferred tool of the suite, activated or not, in registration order. */
function deferredSpecs(suite: RunAgentLoopOptions['suite']): ToolSpec[] {
  return suite
    .list()
    .filter((tool) => tool.mode === 'deferred')
    .map((tool) => tool.spec);
}

const COMPLETED_DETAIL = 'The model answered without calling a tool.';
const ABORTED_DETAIL = 'The caller aborted the run.';

/**
 * The o200k counter of `../providers/tokens.ts`, loaded on first use so `browser-agent-tools/agent` does
 * not carry the tokenizer's ranks up front. Its package, `gpt-tokenizer`, is an optional peer: when it is
 * missing the error says to install it or to pass a counter.
 */
async function loadTokenCounter(): Promise<(value: unknown) => number> {
  try {
    return (await import('../providers/tokens.ts')).countTokens;
  } catch (error) {
    throw new UsageError(
      `runAgentLoop counts declaration tokens with the optional peer dependency "gpt-tokenizer", which could not be loaded (${error instanceof Error ? error.message : String(error)}). Install it (npm install gpt-tokenizer), or pass countTokens to count with another tokenizer.`,
    );
  }
}

function maxStepsDetail(maxSteps: number): string {
  return `Stopped after ${maxSteps} ${maxSteps === 1 ? 'step' : 'steps'} (maxSteps): the model was still calling tools. Raise maxSteps to let it continue.`;
}

function terminatedDetail(tool: string, directive: TerminateDirective): string {
  return `Tool "${tool}" ended the session${directive.reason ? `: ${trimPeriod(directive.reason)}` : ''}.`;
}

function alreadyEndedDetail(directive: TerminateDirective): string {
  return `The session had already ended${directive.reason ? `: ${trimPeriod(directive.reason)}` : ''}. No request was sent.`;
}

function handoffDetail(tool: string, directive: HandoffDirective): string {
  const reason = directive.reason ? `: ${trimPeriod(directive.reason)}` : '';
  return `Tool "${tool}" handed the conversation off to "${directive.to}"${reason}.`;
}

const API_NAMES: Record<AgentProvider, string> = {
  'openai-chat': 'chat completions',
  anthropic: 'Messages API',
  'openai-responses': 'Responses API',
};

function modelErrorDetail(error: AgentModelErrorInfo, provider: AgentProvider): string {
  const message = trimPeriod(error.message);
  const status = error.status === undefined ? '' : ` (HTTP ${error.status})`;
  switch (error.kind) {
    case 'network':
      return `The model endpoint could not be reached: ${message}. Check the base URL, that the server is running, and that it accepts requests from this page (CORS).`;
    case 'timeout':
      return `The model endpoint did not answer in time: ${message}. Try again, or raise the model's timeout.`;
    case 'auth':
      return `The model endpoint refused the credentials${status}: ${message}. Check the API key and that it may use this model.`;
    case 'rate_limit':
      return `The model endpoint is rate limiting requests${status}: ${message}. Wait and run again, or use another key or model.`;
    case 'http':
      return `The model endpoint returned an error${status}: ${message}.`;
    case 'malformed_response': {
      const api = API_NAMES[provider];
      return `The model endpoint sent something that is not a ${api} response: ${message}. Check that the base URL points to a ${api} endpoint.`;
    }
    case 'unknown':
      return `The model request failed: ${message}.`;
  }
}

function errorInfo(error: unknown): AgentModelErrorInfo {
  if (error instanceof AgentModelError) return error.toInfo();
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'unknown', message: message === '' ? 'no message' : message };
}

/** The result of a call that was not started because the run was aborted first. */
function notStartedResult(name: string): ToolResult {
  return errorResult(
    `Tool "${name}" was not run: the run was aborted before this call started. Nothing it would do has happened.`,
    { code: ERROR_CODES.ABORTED, data: { tool: name } },
  );
}

/** `pending`, or a rejection with {@link ABORTED} as soon as `signal` aborts (whichever comes first). */
function untilAborted<T>(pending: Promise<T>, signal: AbortSignal): Promise<T> {
  // A model that rejects after the race is decided must not surface as an unhandled rejection.
  pending.catch(() => undefined);
  let onAbort = (): void => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(ABORTED);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([pending, aborted]).finally(() => signal.removeEventListener('abort', onAbort));
}

function elapsed(now: () => number, since: number): number {
  return Math.max(0, now() - since);
}

function trimPeriod(text: string): string {
  const trimmed = text.trim().replace(/[.\s]+$/, '');
  return trimmed === '' ? 'no message' : trimmed;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
