/**
 * The Agent panel's state: a live agent loop (`runAgentLoop` from `browser-agent-tools/agent`, loaded
 * lazily on the first run) whose model calls the playground's suite in the playground's session, each
 * call going through `runCall` so it lands in the history like any other. Steps are recorded as the
 * loop reports them. Framework-free.
 *
 * The API key is kept in this module's closure (never in the snapshot), or in `sessionStorage` when
 * the user asks; it never enters a scenario, a permalink, an exported session or a log.
 */

import type { ExecuteOptions, ToolSuite } from 'browser-agent-tools';
import type { AgentEvent, AgentModel, AgentProvider, RunAgentLoopOptions } from 'browser-agent-tools/agent';
import { errorMessage } from '../../shared/index.ts';
import { type ConnectionReport, checkConnection } from './connection-check.ts';
import { createDemoModel } from './demo-model.ts';
import type { HistoryEntry } from './history-store.ts';
import type { CallRequest, Runtime } from './runtime.ts';
import { createStore, type Store, type StoreHandle } from './store.ts';
import type { Workspace } from './types.ts';

/** What the panel uses of `browser-agent-tools/agent`. */
export interface AgentModule {
  runAgentLoop(
    options: RunAgentLoopOptions<AgentProvider, Workspace>,
  ): Promise<{ reason: string; detail: string; text: string }>;
  createOpenAICompatibleModel(options: {
    baseURL: string;
    apiKey?: string;
    model: string;
  }): AgentModel<'openai-chat'>;
  createAnthropicModel(options: { apiKey: string; model: string; baseURL?: string }): AgentModel<'anthropic'>;
}

/** Where the key is kept between reloads of the tab when the user asks for it. */
export interface KeyStorage {
  read(): string | null;
  write(key: string | null): void;
}

/**
/**
 * A provider of the panel: a wire format of the loop, `demo` (the scripted model in the page), or
 * `host` (the model the host gave the playground). The panel does not offer the Responses API yet.
 */
type AgentPanelProvider = Exclude<AgentProvider, 'openai-responses'> | 'demo' | 'host';

export interface AgentSettings {
  readonly provider: AgentPanelProvider;
  readonly baseURL: string;
  readonly model: string;
  readonly system: string;
  readonly message: string;
  /** Keep the key in `sessionStorage` (this tab only) instead of memory only. */
  readonly rememberKey: boolean;
}

/** One call of a step, linked to its history entry once it ran. */
interface AgentCallView {
  readonly id: string;
  readonly name: string;
  readonly args: unknown;
  readonly historyId: number | null;
  readonly isError: boolean | null;
}

export interface AgentStepView {
  readonly index: number;
  /** Names of the declarations the model got in this request. */
  readonly declarations: readonly string[];
  /** Names declared now that the previous step did not have. */
  readonly added: readonly string[];
  readonly tokens: number;
  readonly text: string;
  readonly calls: readonly AgentCallView[];
  readonly status: 'waiting' | 'calling' | 'done';
  readonly error: string | null;
  readonly durationMs: number | null;
}

export interface AgentState {
  readonly settings: AgentSettings;
  /** Whether a key is set (the key itself is not in the snapshot). */
  readonly hasKey: boolean;
  readonly running: boolean;
  readonly steps: readonly AgentStepView[];
  /** How the last run ended. */
  readonly outcome: { reason: string; detail: string; text: string } | null;
  /** Why the last run could not start. */
  readonly error: string | null;
  /** What **Test connection** found for the current settings; `'testing'` while it waits. */
  readonly connection: ConnectionReport | 'testing' | null;
  /** The host gave the playground a model (provider `host`). */
  readonly hostModel: boolean;
}

type AgentStoreEvent =
  | { type: 'started' }
  | { type: 'step'; index: number }
  | { type: 'finished'; reason: string };

export interface AgentStore {
  readonly store: Store<AgentState, AgentStoreEvent>;
  setSettings(patch: Partial<AgentSettings>): void;
  setKey(key: string): void;
  /** Runs the loop with the current settings. Resolves when it ended; never rejects. */
  run(): Promise<void>;
  stop(): void;
  /** Lists the endpoint's models once (no model call) and reports what that shows. Never rejects. */
  testConnection(): Promise<ConnectionReport>;
}

export interface AgentStoreOptions {
  runtime: Runtime;
  loadAgent(): Promise<AgentModule>;
  /** Runs a call and records it in the history. */
  runCall(request: CallRequest, options: { signal?: AbortSignal }): Promise<HistoryEntry>;
  /** Where the key is kept when the user asks. Default: {@link sessionKeyStorage} (memory only without one). */
  keyStorage?: KeyStorage;
  /** The host's own model, the panel's first choice (provider `host`). */
  hostModel?: AgentModel;
}

const SESSION_KEY = 'browser-agent-tools.playground.agent-key';

/** The key in this tab's `sessionStorage` (gone when the tab closes); a no-op where there is none. */
function sessionKeyStorage(): KeyStorage {
  const storage = (): Storage | null => {
    try {
      return typeof sessionStorage === 'undefined' ? null : sessionStorage;
    } catch {
      return null;
    }
  };
  return {
    read: () => storage()?.getItem(SESSION_KEY) ?? null,
    write(value) {
      try {
        if (value === null) storage()?.removeItem(SESSION_KEY);
        else storage()?.setItem(SESSION_KEY, value);
      } catch {
        // Storage full or disabled: the key stays in memory only.
      }
    },
  };
}

/** Base URLs the provider picker fills in. */
const DEFAULT_BASE_URLS: Readonly<Record<AgentPanelProvider, string>> = {
  'openai-chat': 'http://localhost:11434/v1',
  anthropic: 'https://api.anthropic.com',
  demo: '',
  host: '',
};

/** Models the provider picker fills in (a local Ollama model, a current Claude model, the demo). */
const DEFAULT_MODELS: Readonly<Record<AgentPanelProvider, string>> = {
  'openai-chat': 'qwen3:8b',
  anthropic: 'claude-sonnet-4-5',
  demo: 'demo',
  host: '',
};

/**
 * The panel starts on the demo model, which answers in the page: a newcomer's first Run works without
 * a model server (most have none on localhost:11434). Picking a provider brings its URL and model.
 */
export const DEFAULT_AGENT_SETTINGS: AgentSettings = {
  provider: 'demo',
  baseURL: DEFAULT_BASE_URLS.demo,
  model: DEFAULT_MODELS.demo,
  system:
    'You are a coding agent working in a small TypeScript project. Use the tools; find more with tool_search.',
  message: 'Which file defines the cart total? Read it and tell me how it is computed.',
  rememberKey: false,
};

type AgentHandle = StoreHandle<AgentState, AgentStoreEvent>;

/** The base URL as a URL, or an error that says how to write it. */
function checkBaseURL(settings: AgentSettings): void {
  try {
    new URL(settings.baseURL);
  } catch {
    throw new Error(
      `The base URL ${JSON.stringify(settings.baseURL)} is not a full URL. Write it with its scheme and host, such as ${DEFAULT_BASE_URLS[settings.provider] || 'http://localhost:11434/v1'}.`,
    );
  }
}

/** The model client of the chosen provider. */
function createModel(
  agent: AgentModule,
  settings: AgentSettings,
  apiKey: string,
  hostModel: AgentModel | undefined,
): AgentModel {
  if (settings.provider === 'demo') return createDemoModel();
  if (settings.provider === 'host') {
    if (!hostModel)
      throw new Error("This playground was given no model of its host's. Pick another provider.");
    return hostModel;
  }
  checkBaseURL(settings);
  if (settings.provider === 'anthropic') {
    return agent.createAnthropicModel({
      apiKey,
      model: settings.model,
      ...(settings.baseURL.trim() !== '' ? { baseURL: settings.baseURL } : {}),
    });
  }
  return agent.createOpenAICompatibleModel({
    baseURL: settings.baseURL,
    model: settings.model,
    ...(apiKey !== '' ? { apiKey } : {}),
  });
}

/**
 * The settings after `patch`: a new provider brings its default base URL and model unless they are
 * given (a model the user typed is kept; only the previous provider's default is replaced).
 */
function patchSettings(current: AgentSettings, patch: Partial<AgentSettings>): AgentSettings {
  const settings = { ...current, ...patch };
  if (patch.provider && patch.provider !== current.provider) {
    if (patch.baseURL === undefined) settings.baseURL = DEFAULT_BASE_URLS[patch.provider];
    if (patch.model === undefined && current.model === DEFAULT_MODELS[current.provider])
      settings.model = DEFAULT_MODELS[patch.provider];
  }
  return settings;
}

/** A failure in words with the next step: a fetch that failed is almost always CORS or a wrong URL. */
function explainFailure(message: string, settings: AgentSettings): string {
  if (!/Failed to fetch|NetworkError|Load failed|Connection error/i.test(message)) return message;
  const origin = typeof location === 'undefined' ? 'this page' : location.origin;
  return `${message} The server at ${settings.baseURL} did not answer this page: check that it runs and that the base URL is right, and that it allows requests from ${origin} (CORS). For Ollama, start it with OLLAMA_ORIGINS=${origin} ollama serve.`;
}

function patchStep(handle: AgentHandle, index: number, patch: Partial<AgentStepView>): void {
  handle.set(
    { steps: handle.get().steps.map((step) => (step.index === index ? { ...step, ...patch } : step)) },
    { type: 'step', index },
  );
}

/** A step the loop just started: what the model is declared, and what is new since the last step. */
function startedStep(
  event: Extract<AgentEvent, { type: 'step_started' }>,
  previous: AgentStepView | undefined,
): AgentStepView {
  const names = event.declarations.map((spec) => spec.name);
  const before = new Set(previous?.declarations ?? names);
  return {
    index: event.step,
    declarations: names,
    added: names.filter((name) => !before.has(name)),
    tokens: event.declaration_tokens,
    text: '',
    calls: [],
    status: 'waiting',
    error: null,
    durationMs: null,
  };
}

/** Links a finished call to its history entry and notes whether it failed. */
function finishCall(
  handle: AgentHandle,
  event: Extract<AgentEvent, { type: 'tool_finished' }>,
  entries: WeakMap<object, HistoryEntry>,
): void {
  const step = handle.get().steps.find((candidate) => candidate.index === event.step);
  const raw = event.call.raw;
  const entry = typeof raw === 'object' && raw !== null ? entries.get(raw) : undefined;
  patchStep(handle, event.step, {
    calls: (step?.calls ?? []).map((call) =>
      call.id === event.call.id
        ? { ...call, historyId: entry?.id ?? null, isError: event.result.result.is_error }
        : call,
    ),
  });
}

/** Records what the loop reports in the steps of the snapshot. */
function applyAgentEvent(
  handle: AgentHandle,
  event: AgentEvent,
  entries: WeakMap<object, HistoryEntry>,
): void {
  switch (event.type) {
    case 'step_started':
      handle.set(
        { steps: [...handle.get().steps, startedStep(event, handle.get().steps.at(-1))] },
        { type: 'step', index: event.step },
      );
      return;
    case 'model_responded':
      patchStep(handle, event.step, {
        status: 'calling',
        calls: event.calls.map((call) => ({
          id: call.id,
          name: call.name,
          args: call.arguments,
          historyId: null,
          isError: null,
        })),
      });
      return;
    case 'tool_finished':
      finishCall(handle, event, entries);
      return;
    case 'step_finished':
      patchStep(handle, event.step.index, {
        status: 'done',
        text: event.step.text,
        error: event.step.error ? event.step.error.message : null,
        durationMs: event.step.duration_ms,
      });
      return;
    case 'finished':
      return;
  }
}

/** The suite as the loop sees it: every call goes through `runCall`, so it lands in the history. */
function suiteViaHistory(
  suite: ToolSuite<Workspace>,
  runCall: AgentStoreOptions['runCall'],
  entries: WeakMap<object, HistoryEntry>,
): ToolSuite<Workspace> {
  return {
    ...suite,
    async executeCall(call: unknown, execute: ExecuteOptions = {}) {
      const entry = await runCall(
        { kind: 'raw', raw: call, caller: execute.caller ?? 'model' },
        execute.signal ? { signal: execute.signal } : {},
      );
      if (typeof call === 'object' && call !== null) entries.set(call, entry);
      return entry.result;
    },
  };
}

/** One run of the loop with `settings`; records its steps and how it ended. Never rejects. */
async function runAgent(
  options: AgentStoreOptions,
  handle: AgentHandle,
  settings: AgentSettings,
  apiKey: () => string,
  signal: AbortSignal,
): Promise<void> {
  handle.set({ running: true, steps: [], outcome: null, error: null }, { type: 'started' });
  try {
    const agent = await options.loadAgent();
    const model = createModel(agent, settings, apiKey(), options.hostModel);
    const { suite, session, codemode } = options.runtime.store.getState();
    const entries = new WeakMap<object, HistoryEntry>();
    // Both APIs take a user turn as `{ role: 'user', content: string }`.
    const message = { role: 'user' as const, content: settings.message };
    const result = await agent.runAgentLoop({
      suite: suiteViaHistory(suite, options.runCall, entries),
      model,
      session,
      messages: [message],
      ...(settings.system.trim() !== '' ? { system: settings.system } : {}),
      signal,
      onEvent: (event) => applyAgentEvent(handle, event, entries),
      ...(codemode ? { declarations: (current) => codemode.declarations(current) } : {}),
    });
    handle.set(
      { running: false, outcome: { reason: result.reason, detail: result.detail, text: result.text } },
      { type: 'finished', reason: result.reason },
    );
  } catch (error) {
    handle.set(
      { running: false, error: explainFailure(errorMessage(error), settings) },
      { type: 'finished', reason: 'error' },
    );
  }
}

export function createAgentStore(options: AgentStoreOptions): AgentStore {
  const keyStorage = options.keyStorage ?? sessionKeyStorage();
  let apiKey = keyStorage.read() ?? '';
  const handle = createStore<AgentState, AgentStoreEvent>({
    settings: {
      ...DEFAULT_AGENT_SETTINGS,
      ...(options.hostModel ? { provider: 'host', baseURL: '', model: '' } : {}),
      rememberKey: apiKey !== '',
    },
    hasKey: apiKey !== '',
    running: false,
    steps: [],
    outcome: null,
    error: null,
    connection: null,
    hostModel: options.hostModel !== undefined,
  });
  let controller: AbortController | null = null;

  const persistKey = (): void => {
    keyStorage.write(handle.get().settings.rememberKey && apiKey !== '' ? apiKey : null);
  };

  return {
    store: handle.store,
    setSettings(patch) {
      const changesEndpoint = ['provider', 'baseURL', 'model'].some((key) => key in patch);
      handle.set({
        settings: patchSettings(handle.get().settings, patch),
        ...(changesEndpoint ? { connection: null } : {}),
      });
      if (patch.rememberKey !== undefined) persistKey();
    },
    setKey(key) {
      apiKey = key;
      handle.set({ hasKey: key !== '', connection: null });
      persistKey();
    },
    async run() {
      if (handle.get().running) return;
      controller = new AbortController();
      try {
        await runAgent(options, handle, handle.get().settings, () => apiKey, controller.signal);
      } finally {
        controller = null;
      }
    },
    stop() {
      controller?.abort();
    },
    async testConnection() {
      const { provider, baseURL, model } = handle.get().settings;
      if (provider === 'demo' || provider === 'host') {
        const report = {
          ok: true,
          text:
            provider === 'demo'
              ? 'The demo model runs in this page: there is nothing to connect to.'
              : 'The model was given by the app around this playground: there is nothing to connect to.',
        };
        handle.set({ connection: report });
        return report;
      }
      handle.set({ connection: 'testing' });
      const report = await checkConnection({ provider, baseURL, model, apiKey });
      handle.set({ connection: report });
      return report;
    },
  };
}
