/**
 * The call composer: who calls (the model or a codemode script), which tool, its arguments as JSON
 * text (one draft per tool), a raw call as a model API returns it, a timeout, and run / abort.
 * Framework-free.
 */

import type { Caller, JsonSchema, ToolSpec } from 'browser-agent-tools';
import { errorMessage } from '../../shared/index.ts';
import type { HistoryEntry } from './history-store.ts';
import type { CallRequest, Runtime } from './runtime.ts';
import { createStore, type Store, type StoreHandle } from './store.ts';

type ComposerTab = 'arguments' | 'raw';

/** Raw call shapes the "raw call" tab can fill in. */
export type RawExample = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini' | 'mcp';

export const RAW_EXAMPLES: readonly { id: RawExample; label: string }[] = [
  { id: 'openai-chat', label: 'OpenAI chat' },
  { id: 'openai-responses', label: 'OpenAI responses' },
  { id: 'anthropic', label: 'Anthropic' },
  { id: 'gemini', label: 'Gemini' },
  { id: 'mcp', label: 'MCP' },
];

interface ComposerState {
  readonly caller: Caller;
  /** The selected tool; `null` when none is callable. */
  readonly tool: string | null;
  readonly tab: ComposerTab;
  /** Argument text per tool name. */
  readonly drafts: Readonly<Record<string, string>>;
  readonly raw: string;
  /** The script of the `codemode` tool: the body of an async function that calls `tools.*`. */
  readonly script: string;
  /** Seconds before a running call is aborted; 0 for no limit. */
  readonly timeoutSeconds: number;
  readonly running: boolean;
  /** Why the last run did not start, or how it ended when that is not in the result. */
  readonly status: string | null;
}

type ComposerEvent = { type: 'ran'; entry: HistoryEntry } | { type: 'tool-selected'; tool: string | null };

export interface ComposerStore {
  readonly store: Store<ComposerState, ComposerEvent>;
  setCaller(caller: Caller): void;
  selectTool(name: string): void;
  setTab(tab: ComposerTab): void;
  setArguments(text: string): void;
  setRaw(text: string): void;
  setScript(text: string): void;
  setTimeoutSeconds(seconds: number): void;
  /** Fills the raw tab with a call of the selected tool in `format`. */
  fillRaw(format: RawExample): void;
  /** The argument text of the selected tool. */
  argumentsText(): string;
  /** Tools the chosen caller may call now, in catalog order. */
  callableTools(): ToolSpec[];
  /** Fills the composer with one of {@link TRY_THESE} (as the model) and runs it. */
  tryCall(id: string): Promise<HistoryEntry | null>;
  /** Runs the current tab's call. Resolves with its history entry, or `null` when it did not start. */
  run(): Promise<HistoryEntry | null>;
  abort(): void;
}

export interface ComposerOptions {
  /** Runs a call and records it in the history. */
  run(request: CallRequest, options: { signal: AbortSignal }): Promise<HistoryEntry>;
}

/** The tool whose arguments the composer edits as a script rather than JSON. */
export const CODEMODE_TOOL = 'codemode';

/** The script the codemode editor starts with: two calls in parallel, one value returned. */
const DEFAULT_SCRIPT: string = [
  '// The body of an async function: call tools with await tools.name({...}) and return a value.',
  'const [listing, matches] = await Promise.all([',
  "  tools.ls({ path: 'src' }),",
  "  tools.grep({ pattern: 'sum', path: 'src' }),",
  ']);',
  'return { listing, matches };',
].join('\n');

/**
 * A working example for each built-in, on the demo project: picking a tool and pressing Run succeeds
 * (its required properties alone would be empty strings, answered INVALID_PATH or INVALID_ARGUMENTS).
 * The edit fixes the rounding bug, so it succeeds once: a second Run says the text is gone.
 */
const STARTING_ARGUMENTS: Readonly<Record<string, unknown>> = {
  read: { path: 'src/cart.ts' },
  write: { path: 'notes/todo.md', content: '- round the cart total to cents\n' },
  edit: { path: 'src/cart.ts', oldText: '  return sum;', newText: '  return Math.round(sum * 100) / 100;' },
  bash: { command: 'bash tests/run.sh | tail -n 4' },
  grep: { pattern: 'sum', path: 'src' },
  find: { pattern: '*.ts' },
  ls: { path: 'src' },
  tool_search: { query: 'create a GitHub issue' },
};

/** One call of the "Try these" strip: a tool and its arguments (the script, for codemode). */
export interface TryCall {
  readonly id: string;
  readonly label: string;
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
}

/** One-click calls that each show a part of the suite at work on the demo project. */
export const TRY_THESE: readonly TryCall[] = [
  {
    id: 'bash',
    label: 'bash: run the tests',
    tool: 'bash',
    args: { command: 'bash tests/run.sh | tail -n 4' },
  },
  {
    id: 'edit',
    label: 'edit: fix the rounding bug (diff)',
    tool: 'edit',
    args: { path: 'src/cart.ts', oldText: '  return sum;', newText: '  return Math.round(sum * 100) / 100;' },
  },
  {
    id: 'tool_search',
    label: 'tool_search: activate a GitHub tool',
    tool: 'tool_search',
    args: { query: 'create a GitHub issue' },
  },
  {
    id: 'codemode',
    label: 'codemode: two calls in one script',
    tool: CODEMODE_TOOL,
    args: { code: DEFAULT_SCRIPT },
  },
];

/** Default time limit of a call started from the composer. */
const DEFAULT_TIMEOUT_SECONDS = 60;

/** A starting value for one property of a JSON Schema. */
export function placeholder(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null) return '';
  const record = schema as Record<string, unknown>;
  if ('default' in record) return record.default;
  if (Array.isArray(record.enum) && record.enum.length > 0) return record.enum[0];
  const type = Array.isArray(record.type) ? record.type[0] : record.type;
  switch (typeof type === 'string' ? type.toLowerCase() : '') {
    case 'integer':
    case 'number':
      return typeof record.minimum === 'number' ? record.minimum : 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return '';
  }
}

/** Arguments to start editing with: the tool's example when it has one, else its required properties. */
export function skeletonArguments(parameters: JsonSchema, example?: unknown): string {
  if (example !== undefined) return JSON.stringify(example, null, 2);
  const properties = (parameters.properties ?? {}) as Record<string, unknown>;
  const required = Array.isArray(parameters.required) ? (parameters.required as unknown[]) : [];
  const args: Record<string, unknown> = {};
  for (const name of required) {
    if (typeof name === 'string') args[name] = placeholder(properties[name]);
  }
  return JSON.stringify(args, null, 2);
}

/** A call of `name` with `args` in the shape `format`'s API returns. */
export function rawCall(format: RawExample, name: string, args: unknown): unknown {
  switch (format) {
    case 'openai-chat':
      return { id: 'call_1', type: 'function', function: { name, arguments: JSON.stringify(args) } };
    case 'openai-responses':
      return { type: 'function_call', call_id: 'fc_1', name, arguments: JSON.stringify(args) };
    case 'anthropic':
      return { type: 'tool_use', id: 'toolu_1', name, input: args };
    case 'gemini':
      return { functionCall: { name, args } };
    case 'mcp':
      return { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } };
  }
}

/** A raw call that shows aliases and argument repair at work: Claude Code's `Read` with `file_path`. */
const DEFAULT_RAW: string = JSON.stringify(
  { type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: 'README.md', limit: '5' } },
  null,
  2,
);

type ComposerHandle = StoreHandle<ComposerState, ComposerEvent>;

/** Tools `caller` may call now, in catalog order. */
function callableBy(runtime: Runtime, caller: Caller): ToolSpec[] {
  const { suite, session } = runtime.store.getState();
  return suite
    .list()
    .filter((tool) => suite.isCallable(tool.spec.name, caller, session))
    .map((tool) => tool.spec);
}

/** The arguments as the tool picker's call sends them; text that is not JSON is sent as it is. */
function namedArguments(state: ComposerState, text: string): unknown {
  if (state.tool === CODEMODE_TOOL) return { code: state.script };
  try {
    return text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    // Sent as the model would: a string the execute path tries to repair, or reports.
    return text;
  }
}

/** The call the current tab describes, or why there is none. */
function requestOf(state: ComposerState, argumentsText: () => string): CallRequest | { problem: string } {
  if (state.tab === 'raw') {
    try {
      return { kind: 'raw', raw: JSON.parse(state.raw), caller: state.caller };
    } catch (error) {
      return { problem: `The raw call is not JSON: ${errorMessage(error)}` };
    }
  }
  if (state.tool === null) return { problem: 'No tool is callable by this caller.' };
  return {
    kind: 'named',
    name: state.tool,
    args: namedArguments(state, argumentsText()),
    caller: state.caller,
  };
}

/**
 * Runs `request` with `abort` as its signal, aborted after the state's time limit (0: none), and
 * records how it ended.
 */
async function runWithTimeLimit(
  handle: ComposerHandle,
  options: ComposerOptions,
  request: CallRequest,
  abort: AbortController,
): Promise<HistoryEntry | null> {
  const limit = handle.get().timeoutSeconds;
  let timedOut = false;
  const timer =
    limit > 0
      ? setTimeout(() => {
          timedOut = true;
          abort.abort();
        }, limit * 1000)
      : undefined;
  handle.set({ running: true, status: null });
  try {
    const entry = await options.run(request, { signal: abort.signal });
    handle.set(
      { running: false, status: timedOut ? `Aborted after the ${limit} s time limit.` : null },
      { type: 'ran', entry },
    );
    return entry;
  } catch (error) {
    handle.set({ running: false, status: `The call could not run: ${errorMessage(error)}` });
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** The arguments of the selected tool as JSON, for a raw call in another format; `{}` when not JSON. */
function parsedArguments(text: string): unknown {
  try {
    return JSON.parse(text || '{}');
  } catch {
    return {};
  }
}

/** The argument text of `name`: the user's draft, else the tool's example or required properties. */
function draftOf(runtime: Runtime, state: ComposerState, name: string): string {
  const existing = state.drafts[name];
  if (existing !== undefined) return existing;
  const { suite, examples } = runtime.store.getState();
  const spec = suite.get(name)?.spec;
  return spec ? skeletonArguments(spec.parameters, examples[name] ?? STARTING_ARGUMENTS[name]) : '{}';
}

/** Keeps the selection on a tool the caller may call (the first one when it may not call the selected one). */
function keepCallableSelection(runtime: Runtime, handle: ComposerHandle): void {
  const tools = callableBy(runtime, handle.get().caller);
  const { tool } = handle.get();
  if (tool !== null && tools.some((spec) => spec.name === tool)) return;
  const next = tools[0]?.name ?? null;
  handle.set(
    {
      tool: next,
      ...(next ? { drafts: { ...handle.get().drafts, [next]: draftOf(runtime, handle.get(), next) } } : {}),
    },
    { type: 'tool-selected', tool: next },
  );
}

/** The controller of the running call, so that `abort` reaches it. */
interface AbortSlot {
  controller: AbortController | null;
}

/** Runs the current tab's call, unless one is running; `null` when it did not start. */
async function runCurrent(
  handle: ComposerHandle,
  options: ComposerOptions,
  argumentsText: () => string,
  slot: AbortSlot,
): Promise<HistoryEntry | null> {
  const state = handle.get();
  if (state.running) return null;
  const request = requestOf(state, argumentsText);
  if ('problem' in request) {
    handle.set({ status: request.problem });
    return null;
  }
  const current = new AbortController();
  slot.controller = current;
  try {
    return await runWithTimeLimit(handle, options, request, current);
  } finally {
    if (slot.controller === current) slot.controller = null;
  }
}

export function createComposerStore(runtime: Runtime, options: ComposerOptions): ComposerStore {
  const handle = createStore<ComposerState, ComposerEvent>({
    caller: 'model',
    tool: null,
    tab: 'arguments',
    drafts: {},
    raw: DEFAULT_RAW,
    script: DEFAULT_SCRIPT,
    timeoutSeconds: DEFAULT_TIMEOUT_SECONDS,
    running: false,
    status: null,
  });
  const abortSlot: AbortSlot = { controller: null };
  const callableTools = (): ToolSpec[] => callableBy(runtime, handle.get().caller);
  const draftFor = (name: string): string => draftOf(runtime, handle.get(), name);
  const settle = (): void => keepCallableSelection(runtime, handle);
  settle();
  runtime.store.on((event) => {
    if (event.type === 'rebuilt') handle.set({ drafts: {} });
    if (event.type !== 'call-finished') settle();
  });

  const argumentsText = (): string => {
    const { tool, drafts, script } = handle.get();
    if (tool === CODEMODE_TOOL) return JSON.stringify({ code: script }, null, 2);
    return tool === null ? '' : (drafts[tool] ?? draftFor(tool));
  };

  return {
    store: handle.store,
    setCaller(caller) {
      handle.set({ caller });
      settle();
    },
    selectTool(name) {
      handle.set(
        { tool: name, drafts: { ...handle.get().drafts, [name]: draftFor(name) }, status: null },
        { type: 'tool-selected', tool: name },
      );
    },
    setTab: (tab) => handle.set({ tab, status: null }),
    setArguments(text) {
      const { tool, drafts } = handle.get();
      if (tool !== null) handle.set({ drafts: { ...drafts, [tool]: text } });
    },
    setRaw: (raw) => handle.set({ raw }),
    setScript: (script) => handle.set({ script }),
    setTimeoutSeconds(seconds) {
      if (Number.isFinite(seconds) && seconds >= 0) handle.set({ timeoutSeconds: seconds });
    },
    fillRaw(format) {
      const call = rawCall(format, handle.get().tool ?? 'read', parsedArguments(argumentsText()));
      handle.set({ raw: JSON.stringify(call, null, 2), tab: 'raw' });
    },
    argumentsText,
    callableTools,
    tryCall(id) {
      const call = TRY_THESE.find((candidate) => candidate.id === id);
      if (!call || handle.get().running) return Promise.resolve(null);
      handle.set({ caller: 'model', tab: 'arguments' });
      if (call.tool === CODEMODE_TOOL) handle.set({ script: String(call.args.code) });
      else
        handle.set({ drafts: { ...handle.get().drafts, [call.tool]: JSON.stringify(call.args, null, 2) } });
      handle.set({ tool: call.tool, status: null }, { type: 'tool-selected', tool: call.tool });
      return runCurrent(handle, options, argumentsText, abortSlot);
    },
    run: () => runCurrent(handle, options, argumentsText, abortSlot),
    abort() {
      abortSlot.controller?.abort();
    },
  };
}
