/**
 * The playground's engine room: the tool suite (built-ins, tool_search, the demo catalog and tools the
 * user registers), the session the calls run in, and one call queue. Calls run one at a time, so each
 * result can be paired with the tool and arguments the implementation actually received (after alias
 * resolution and argument repair). Framework-free.
 */
import {
  type AnyToolSpec,
  BUILTIN_TOOL_NAMES,
  type Caller,
  type CatalogEvent,
  createToolSuite,
  type ExposureMode,
  normalizeSpec,
  type ParsedToolCall,
  parseToolCall,
  type SessionEvent,
  type ToolImplementation,
  type ToolResult,
  type ToolSession,
  type ToolSpec,
  type ToolSuite,
} from 'browser-agent-tools';
import type { CodemodeHandle } from 'browser-agent-tools/codemode';
import type { DemoTool } from '../demo/demo-catalog.ts';
import type { Scenario } from './scenario.ts';
import { createStore, type Store, type StoreHandle } from './store.ts';
import type { Workspace } from './types.ts';

/** A call as the composer, the replay or the API makes it. */
export type CallRequest =
  | { kind: 'named'; name: string; args: unknown; caller: Caller }
  | { kind: 'raw'; raw: unknown; caller: Caller };

/** What the implementation received: the canonical tool name and the arguments after repair. */
interface Invocation {
  tool: string;
  arguments: Record<string, unknown>;
}

/** Everything known about one finished call. Plain JSON. */
export interface CallRecord {
  request: CallRequest;
  /** For raw calls: the API format and the name as sent. */
  parsed: { format: ParsedToolCall['format']; name: string | null } | null;
  result: ToolResult;
  /** `null` when no implementation ran (unknown tool, bad arguments, refused, not implemented). */
  invocation: Invocation | null;
  /** Deferred tools this call activated. */
  activated: string[];
  /** Names the model had declared before and after the call. */
  declarationsBefore: string[];
  declarationsAfter: string[];
  /** `Date.now()` when the call started. */
  startedAt: number;
}

/** Registers the `codemode` tool on a suite (`enableCodemode` from `browser-agent-tools/codemode`). */
export type CodemodeEnabler = (suite: ToolSuite<Workspace>) => CodemodeHandle;

/** One call a codemode script made, from the result's `details.calls`. */
export interface NestedCall {
  name: string;
  args: unknown;
  is_error: boolean;
  duration_ms: number;
}

/**
 * Where a catalog tool came from: a built-in, the demo catalog, the suite the host gave (its own
 * tools), or registered in the playground.
 */
export type ToolOrigin = 'builtin' | 'demo' | 'host' | 'registered';

interface RuntimeState {
  readonly suite: ToolSuite<Workspace>;
  readonly session: ToolSession;
  /** Origin of every tool the playground put in the catalog. */
  readonly origins: Readonly<Record<string, ToolOrigin>>;
  /** Mode each built-in and demo tool starts with, to tell changed modes apart. */
  readonly defaultModes: Readonly<Record<string, ExposureMode>>;
  /** Example arguments of the demo tools. */
  readonly examples: Readonly<Record<string, unknown>>;
  /** The `codemode` tool's handle once codemode is enabled (it is re-enabled on every new suite). */
  readonly codemode: CodemodeHandle | null;
  /** Calls queued or running. */
  readonly busy: number;
  /** Bumped on every catalog or session change, so derived views know to recompute. */
  readonly revision: number;
}

type RuntimeEvent =
  | { type: 'rebuilt' }
  | { type: 'catalog'; event: CatalogEvent<Workspace> }
  | { type: 'session'; event: SessionEvent }
  | { type: 'session-replaced' }
  | { type: 'call-finished'; record: CallRecord }
  | { type: 'codemode-enabled' }
  | { type: 'demo-added' };

export interface Runtime {
  readonly store: Store<RuntimeState, RuntimeEvent>;
  /** A new suite: built-ins, tool_search, the demo catalog, then the scenario's tools and modes; a new session. */
  rebuild(scenario?: Scenario): void;
  /**
   * Puts the demo catalog (loaded lazily by the page) where {@link rebuild} puts it: after the built-ins
   * and tool_search, before codemode and the user's tools, so the catalog order is the same whenever it
   * arrives. Appended in place while the suite holds nothing else (the usual case: it arrives before
   * codemode and before any registration); otherwise a new suite keeps the registered tools and changed
   * modes, in that order. Once: later calls do nothing.
   */
  addDemoTools(tools: readonly DemoTool[]): void;
  /** Registers a spec in any format; answered by an echo of its arguments when `echo` (default true). */
  register(spec: AnyToolSpec, mode: ExposureMode, options?: { echo?: boolean }): ToolSpec;
  setMode(name: string, mode: ExposureMode): void;
  /** Forgets the session's activations and directives. */
  newSession(): void;
  /** Registers the `codemode` tool on this suite and every later one. Idempotent. */
  enableCodemode(enable: CodemodeEnabler): void;
  /** The specs the model gets now: with codemode, its per-session description. */
  declarations(): ToolSpec[];
  /** Runs a call after the calls before it. Never rejects. */
  call(request: CallRequest, options?: { signal?: AbortSignal }): Promise<CallRecord>;
  /** Tools registered by the user (not built-in, not demo), with their current mode. */
  registered(): { spec: ToolSpec; mode: ExposureMode }[];
  /** Built-in and demo tools whose mode differs from their default. */
  changedModes(): Record<string, ExposureMode>;
}

export interface RuntimeOptions {
  /** The workspace every suite gets (the playground passes a delegate that follows the backend). */
  workspace: Workspace;
  /**
   * A suite the host made (its catalog, workspace and policy). The runtime then builds no suite: every
   * rebuild keeps this one, removing the tools registered in the playground and restoring the modes the
   * host's tools had. `workspace` is not used for it.
   */
  suite?: ToolSuite<Workspace>;
  /** The demo catalog, registered as deferred. Default: none until {@link Runtime.addDemoTools}. */
  demoTools?: readonly DemoTool[];
}

/** A tool registered on top of the built-ins, the demo catalog and codemode. */
interface ExtraTool {
  spec: ToolSpec;
  mode: ExposureMode;
  implementation: ToolImplementation<Workspace> | undefined;
}

/** The implementation of tools registered in the playground: it answers with the arguments it received. */
const echoImplementation: ToolImplementation = (args, context) => {
  // Written once: arguments of 900 KB were written twice, on the page's thread.
  const json = JSON.stringify(args);
  return {
    output: `${context.toolName} was called with ${json}.`,
    structured_output: { tool: context.toolName, arguments: JSON.parse(json) },
  };
};

/**
 * Notes what the implementation of the call running now received. Every implementation is wrapped by
 * {@link InvocationRecorder.instrument}; the first one called with the top caller's caller wins (a
 * codemode script's nested calls have caller `codemode`).
 */
interface InvocationRecorder {
  instrument(implementation: ToolImplementation<Workspace>): ToolImplementation<Workspace>;
  /** Forgets the last invocation before a call of `caller` starts. */
  start(caller: Caller): void;
  /** What the implementation received since {@link start}, and forgets it. */
  take(): Invocation | null;
}

function createInvocationRecorder(): InvocationRecorder {
  let invocation: Invocation | null = null;
  let topCaller: Caller = 'model';
  // A host's suite outlives rebuilds: its implementations are wrapped once, not once per rebuild.
  const wrapped = new WeakSet<ToolImplementation<Workspace>>();
  return {
    instrument: (implementation) => {
      if (wrapped.has(implementation)) return implementation;
      const recorded: ToolImplementation<Workspace> = (args, context) => {
        if (context.caller === topCaller)
          invocation ??= { tool: context.toolName, arguments: JSON.parse(JSON.stringify(args)) };
        return implementation(args, context);
      };
      wrapped.add(recorded);
      return recorded;
    },
    start(caller) {
      invocation = null;
      topCaller = caller;
    },
    take() {
      const taken = invocation;
      invocation = null;
      return taken;
    },
  };
}

/** What the playground notes about each catalog tool besides the suite's own data. */
interface ToolNotes {
  origins: Record<string, ToolOrigin>;
  defaultModes: Record<string, ExposureMode>;
  examples: Record<string, unknown>;
}

/** Registers the demo catalog (deferred) on `suite`, noting origins, default modes and examples. */
function registerDemo(
  suite: ToolSuite<Workspace>,
  demoTools: readonly DemoTool[],
  recorder: InvocationRecorder,
  notes: ToolNotes,
): void {
  for (const demo of demoTools) {
    suite.register(demo.spec, 'deferred', recorder.instrument(demo.run));
    notes.origins[demo.name] = 'demo';
    notes.defaultModes[demo.name] = 'deferred';
    notes.examples[demo.name] = demo.example;
  }
}

/** Re-registers the built-ins with recorded implementations, noting their origin and default mode. */
function instrumentBuiltins(
  suite: ToolSuite<Workspace>,
  recorder: InvocationRecorder,
  notes: ToolNotes,
): void {
  for (const tool of suite.list()) {
    notes.origins[tool.spec.name] = 'builtin';
    notes.defaultModes[tool.spec.name] = tool.mode;
    if (tool.implementation) {
      suite.register(tool.spec, tool.mode, recorder.instrument(tool.implementation), { replace: true });
    }
  }
}

/** Enables codemode on `suite` when the page asked for it; `null` otherwise. */
function addCodemode(
  suite: ToolSuite<Workspace>,
  enable: CodemodeEnabler | null,
  notes: ToolNotes,
): CodemodeHandle | null {
  if (!enable || suite.get('codemode')) return null;
  const codemode = enable(suite);
  notes.origins.codemode = 'builtin';
  notes.defaultModes.codemode = suite.get('codemode')?.mode ?? 'model_only';
  return codemode;
}

/** Everything a new suite is built from. */
interface SuiteRecipe {
  workspace: Workspace;
  /** The host's suite, kept across rebuilds (see {@link RuntimeOptions.suite}). */
  hostSuite: HostSuite | null;
  demoTools: readonly DemoTool[];
  enableCodemode: CodemodeEnabler | null;
  recorder: InvocationRecorder;
  extra: readonly ExtraTool[];
  modes: Readonly<Record<string, ExposureMode>>;
}

/** A new suite and session: built-ins, the demo catalog, codemode, the extra tools, then the modes. */
function buildState(recipe: SuiteRecipe, previous: RuntimeState | undefined): RuntimeState {
  const notes: ToolNotes = { origins: {}, defaultModes: {}, examples: {} };
  let suite: ToolSuite<Workspace>;
  let codemode: CodemodeHandle | null;
  if (recipe.hostSuite) {
    suite = recipe.hostSuite.reset(previous, recipe.recorder, notes);
    // Codemode stays on the host's suite across rebuilds, and so does its handle.
    codemode = previous?.codemode ?? addCodemode(suite, recipe.enableCodemode, notes);
    if (codemode) notes.origins.codemode = 'builtin';
  } else {
    suite = createToolSuite({ workspace: recipe.workspace });
    instrumentBuiltins(suite, recipe.recorder, notes);
    registerDemo(suite, recipe.demoTools, recipe.recorder, notes);
    // Before the scenario's tools: the order a page that enabled codemode at start, then registered, has.
    codemode = addCodemode(suite, recipe.enableCodemode, notes);
  }
  for (const { spec, mode, implementation } of recipe.extra) {
    suite.register(spec, mode, implementation, { replace: true });
    notes.origins[spec.name] = 'registered';
  }
  for (const [name, mode] of Object.entries(recipe.modes)) {
    if (suite.get(name)) suite.setMode(name, mode);
  }
  return {
    suite,
    session: suite.createSession(),
    ...notes,
    codemode,
    busy: previous?.busy ?? 0,
    revision: (previous?.revision ?? 0) + 1,
  };
}

/** Tools registered by the user (not built-in, not demo), with their current mode. */
function registeredTools(state: RuntimeState): { spec: ToolSpec; mode: ExposureMode }[] {
  return state.suite
    .list()
    .filter((tool) => state.origins[tool.spec.name] === 'registered')
    .map((tool) => ({ spec: tool.spec, mode: tool.mode }));
}

/** Built-in and demo tools whose mode differs from their default. */
function changedModesOf(state: RuntimeState): Record<string, ExposureMode> {
  const changed: Record<string, ExposureMode> = {};
  for (const tool of state.suite.list()) {
    const initial = state.defaultModes[tool.spec.name];
    if (initial !== undefined && initial !== tool.mode) changed[tool.spec.name] = tool.mode;
  }
  return changed;
}

/** The specs the model gets now: with codemode, its per-session description. */
function declarationsOf(state: RuntimeState): ToolSpec[] {
  const { suite, session, codemode } = state;
  return codemode ? codemode.declarations(session) : suite.declarations(session);
}

/**
 * The codemode tool is not wrapped (its handle must keep recognising its implementation); its result
 * says that it ran: `details.runner` and `details.calls` are set by the tool itself.
 */
function codemodeInvocation(request: CallRequest, result: ToolResult): Invocation | null {
  if (typeof result.details.runner !== 'string' || !Array.isArray(result.details.calls)) return null;
  const args = request.kind === 'named' ? request.args : parseToolCall(request.raw).arguments;
  return {
    tool: 'codemode',
    arguments:
      typeof args === 'object' && args !== null && !Array.isArray(args)
        ? (JSON.parse(JSON.stringify(args)) as Record<string, unknown>)
        : {},
  };
}

/** Runs `request` on the current suite and session, and describes what happened. */
async function runCall(
  current: () => RuntimeState,
  recorder: InvocationRecorder,
  request: CallRequest,
  signal: AbortSignal | undefined,
): Promise<CallRecord> {
  const { suite, session } = current();
  const declared = (): string[] => declarationsOf(current()).map((spec) => spec.name);
  const declarationsBefore = declared();
  const before = new Set(session.activeTools());
  const startedAt = Date.now();
  recorder.start(request.caller);
  const executeOptions = { session, caller: request.caller, ...(signal ? { signal } : {}) };
  let parsed: CallRecord['parsed'] = null;
  let result: ToolResult;
  if (request.kind === 'raw') {
    const call = parseToolCall(request.raw);
    parsed = { format: call.format, name: typeof call.name === 'string' ? call.name : null };
    result = await suite.executeCall(request.raw, executeOptions);
  } else {
    result = await suite.execute(request.name, request.args, executeOptions);
  }
  const invocation = recorder.take() ?? codemodeInvocation(request, result);
  return {
    request,
    parsed,
    result: JSON.parse(JSON.stringify(result)) as ToolResult,
    invocation,
    activated: session.activeTools().filter((name) => !before.has(name)),
    declarationsBefore,
    declarationsAfter: declared(),
    startedAt,
  };
}

type RuntimeHandle = StoreHandle<RuntimeState, RuntimeEvent>;

/**
 * Bumps the revision on every catalog and session change of the current suite; following a new state
 * stops following the previous one.
 */
function createFollower(handle: () => RuntimeHandle): { follow(state: RuntimeState): void; stop(): void } {
  let unsubscribe: () => void = () => undefined;
  return {
    follow(state) {
      unsubscribe();
      const bump = (): number => handle().get().revision + 1;
      const stopCatalog = state.suite.subscribe((event) =>
        handle().set({ revision: bump() }, { type: 'catalog', event }),
      );
      const stopSession = state.session.subscribe((event) =>
        handle().set({ revision: bump() }, { type: 'session', event }),
      );
      unsubscribe = () => {
        stopCatalog();
        stopSession();
      };
    },
    stop() {
      unsubscribe();
    },
  };
}

/** Runs calls one after the other, counting in `busy` the calls queued or running. */
function createCallQueue(
  handle: RuntimeHandle,
  run: (request: CallRequest, signal: AbortSignal | undefined) => Promise<CallRecord>,
): Runtime['call'] {
  let queue: Promise<unknown> = Promise.resolve();
  return (request, callOptions = {}) => {
    handle.set({ busy: handle.get().busy + 1 });
    const next = queue.then(() => run(request, callOptions.signal));
    queue = next.catch(() => undefined);
    return next.then(
      (record) => {
        handle.set({ busy: handle.get().busy - 1 }, { type: 'call-finished', record });
        return record;
      },
      (error: unknown) => {
        handle.set({ busy: handle.get().busy - 1 });
        throw error;
      },
    );
  };
}

type Follower = ReturnType<typeof createFollower>;

/** The demo catalog into the current suite, in place; the session is kept. */
function addDemoInPlace(
  handle: RuntimeHandle,
  follower: Follower,
  demoTools: readonly DemoTool[],
  recorder: InvocationRecorder,
): void {
  const state = handle.get();
  follower.stop();
  const notes: ToolNotes = {
    origins: { ...state.origins },
    defaultModes: { ...state.defaultModes },
    examples: { ...state.examples },
  };
  registerDemo(state.suite, demoTools, recorder, notes);
  // One change for the whole catalog rather than one per tool.
  handle.set({ ...notes, revision: state.revision + 1 }, { type: 'demo-added' });
  follower.follow(handle.get());
}

/** The user's tools, to put on a new suite after the demo tools; each keeps its implementation (an echo, or none). */
function registeredAsExtra(state: RuntimeState): ExtraTool[] {
  return state.suite
    .list()
    .filter((tool) => state.origins[tool.spec.name] === 'registered')
    .map((tool) => ({ spec: tool.spec, mode: tool.mode, implementation: tool.implementation }));
}

/** Creates the runtime with a first suite already built. */
export function createRuntime(options: RuntimeOptions): Runtime {
  const recorder = createInvocationRecorder();
  let enableCodemode: CodemodeEnabler | null = null;
  let demoTools: readonly DemoTool[] = options.demoTools ?? [];
  const hostSuite = options.suite ? createHostSuite(options.suite) : null;
  const build = (
    extra: readonly ExtraTool[],
    modes: Readonly<Record<string, ExposureMode>>,
    previous: RuntimeState | undefined,
  ) =>
    buildState(
      { workspace: options.workspace, hostSuite, demoTools, enableCodemode, recorder, extra, modes },
      previous,
    );
  const follower = createFollower(() => handle);
  const handle: RuntimeHandle = createStore<RuntimeState, RuntimeEvent>(build([], {}, undefined));
  follower.follow(handle.get());

  /** Makes `state` the current one: a new suite and session. */
  const replace = (state: RuntimeState): void => {
    const previous = handle.get().codemode;
    handle.set(state, { type: 'rebuilt' });
    follower.follow(state);
    if (previous !== state.codemode) previous?.dispose();
  };

  return {
    store: handle.store,
    rebuild(scenario) {
      const extra = (scenario?.tools ?? []).map(({ spec, mode }) => ({
        spec,
        mode,
        implementation: recorder.instrument(echoImplementation),
      }));
      replace(build(extra, scenario?.modes ?? {}, handle.get()));
    },
    addDemoTools(tools) {
      if (demoTools.length > 0 || tools.length === 0) return;
      demoTools = tools;
      const state = handle.get();
      const onlyBuiltins =
        state.codemode === null &&
        state.suite.list().every((tool) => state.origins[tool.spec.name] === 'builtin');
      if (onlyBuiltins) return addDemoInPlace(handle, follower, demoTools, recorder);
      replace(build(registeredAsExtra(state), changedModesOf(state), state));
    },
    register: (spec, mode, registerOptions = {}) =>
      registerTool(handle, recorder, spec, mode, registerOptions),
    setMode(name, mode) {
      handle.get().suite.setMode(name, mode);
    },
    enableCodemode(enable) {
      if (enableCodemode) return;
      enableCodemode = enable;
      addCodemodeInPlace(handle, enable);
    },
    declarations: () => declarationsOf(handle.get()),
    newSession() {
      const { suite } = handle.get();
      handle.set(
        { session: suite.createSession(), revision: handle.get().revision + 1 },
        { type: 'session-replaced' },
      );
      follower.follow(handle.get());
    },
    call: createCallQueue(handle, (request, signal) => runCall(handle.get, recorder, request, signal)),
    registered: () => registeredTools(handle.get()),
    changedModes: () => changedModesOf(handle.get()),
  };
}

const ORIGIN_NAMES = { builtin: 'a built-in', demo: 'a demo', host: "the host's" } as const;

/** Registers a user's tool, answered by an echo unless `echo: false`; built-in and demo names are refused. */
function registerTool(
  handle: RuntimeHandle,
  recorder: InvocationRecorder,
  spec: AnyToolSpec,
  mode: ExposureMode,
  registerOptions: { echo?: boolean },
): ToolSpec {
  const normalized = normalizeSpec(spec);
  const { suite, origins } = handle.get();
  const origin = origins[normalized.name];
  if (origin === 'builtin' || origin === 'demo' || origin === 'host') {
    throw new Error(`"${normalized.name}" is ${ORIGIN_NAMES[origin]} tool; pick another name.`);
  }
  const implementation = registerOptions.echo === false ? undefined : recorder.instrument(echoImplementation);
  handle.set({ origins: { ...origins, [normalized.name]: 'registered' } });
  suite.register(normalized, mode, implementation, { replace: true });
  return normalized;
}

/** Enables codemode on the current suite, unless it already has the tool. */
function addCodemodeInPlace(handle: RuntimeHandle, enable: CodemodeEnabler): void {
  const state = handle.get();
  if (state.suite.get('codemode')) return;
  const codemode = enable(state.suite);
  handle.set(
    {
      codemode,
      origins: { ...state.origins, codemode: 'builtin' },
      defaultModes: {
        ...state.defaultModes,
        codemode: state.suite.get('codemode')?.mode ?? 'model_only',
      },
      revision: handle.get().revision + 1,
    },
    { type: 'codemode-enabled' },
  );
}

/** The host's suite as the runtime keeps it: put back to the host's catalog on every rebuild. */
interface HostSuite {
  /**
   * Removes the tools the playground registered on it, gives the host's tools back the modes they had
   * when the playground started, wraps their implementations to record invocations, notes their origin.
   */
  reset(
    previous: RuntimeState | undefined,
    recorder: InvocationRecorder,
    notes: ToolNotes,
  ): ToolSuite<Workspace>;
}

/** The tools `createToolSuite` installs, shown as built-ins when a host's suite has them. */
const BUILTIN_NAMES: ReadonlySet<string> = new Set([...BUILTIN_TOOL_NAMES, 'tool_search', 'codemode']);

function createHostSuite(suite: ToolSuite<Workspace>): HostSuite {
  const hostModes = new Map<string, ExposureMode>();
  return {
    reset(previous, recorder, notes) {
      for (const [name, origin] of Object.entries(previous?.origins ?? {})) {
        if (origin === 'registered') suite.unregister(name);
      }
      for (const tool of suite.list()) {
        const name = tool.spec.name;
        if (!hostModes.has(name)) hostModes.set(name, tool.mode);
        const mode = hostModes.get(name) ?? tool.mode;
        notes.origins[name] = BUILTIN_NAMES.has(name) ? 'builtin' : 'host';
        notes.defaultModes[name] = mode;
        if (tool.mode !== mode) suite.setMode(name, mode);
        // The codemode tool keeps its own implementation: its handle recognises it.
        if (name === 'codemode' || !tool.implementation) continue;
        const instrumented = recorder.instrument(tool.implementation);
        if (instrumented !== tool.implementation)
          suite.register(tool.spec, mode, instrumented, { replace: true });
      }
      return suite;
    },
  };
}
