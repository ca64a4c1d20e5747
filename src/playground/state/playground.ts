/**
 * The playground's composition root, framework-free: the backend, the runtime and every store, wired
 * together, plus the operations that span several of them (run a call and record it, reset to a
 * scenario, describe the current state as a scenario). main.tsx passes the browser-only pieces in;
 * tests pass in-process ones.
 */

import { describeWorkspaceShell, type ExposureMode } from 'browser-agent-tools';
import type { AgentModel } from 'browser-agent-tools/agent';
import { errorMessage, nextTask } from '../../shared/index.ts';
import type { DemoTool } from '../demo/demo-catalog.ts';
import type { ExampleTranscript } from '../demo/transcripts.ts';
import type { AgentModule, AgentStore, KeyStorage } from './agent-store.ts';
import type { ApprovalPrompt } from './approval-prompt.ts';
import { type BackendDeps, type BackendStore, createBackendStore } from './backend-store.ts';
import { type CatalogStore, createCatalogStore } from './catalog-store.ts';
import { type ComposerStore, createComposerStore } from './composer-store.ts';
import {
  createDeclarationsStore,
  type DeclarationsStore,
  isDeclarationFormat,
  type ProvidersModule,
} from './declarations-store.ts';
import {
  createHistoryStore,
  type HistoryEntry,
  type HistoryStore,
  parseSessionFile,
} from './history-store.ts';
import type { McpLink, McpModule } from './mcp-store.ts';
import {
  type RecordedResult,
  type ReplayDifference,
  recordOf,
  stoppedResult,
  wasStopped,
} from './replay-check.ts';
import type { ReplayStore } from './replay-store.ts';
import {
  type CallRecord,
  type CallRequest,
  type CodemodeEnabler,
  createRuntime,
  type Runtime,
} from './runtime.ts';
import type { Scenario, ScenarioBackend, ScenarioCall, ScenarioFile } from './scenario.ts';
import { referenceGenerated, resolveReferences } from './scenario-refs.ts';
import { createStore, type Store, type StoreHandle } from './store.ts';
import { createWorkspaceViewStore, type WorkspaceViewStore } from './workspace-store.ts';

/**
 * The demo content the page loads after its first paint (a chunk of its own): the demo catalog, put in
 * the suite before `start()` resolves, and the replay panel's example transcripts.
 */
export interface DemoContent {
  tools: readonly DemoTool[];
  transcripts: readonly ExampleTranscript[];
}

/** What the playground uses of `browser-agent-tools/codemode`. */
export interface CodemodeModule {
  enableCodemode: CodemodeEnabler;
}

/** What a playground is built with besides its backend: the lazily loaded entries and the demo content. */
export type PlaygroundOptions = Omit<PlaygroundDeps, keyof BackendDeps>;

export interface PlaygroundDeps extends BackendDeps {
  loadProviders(): Promise<ProvidersModule>;
  /**
   * Loads the codemode entry (a lazy `import()` in the page). When given, `start()` enables the
   * `codemode` tool before it resolves. Default: codemode stays off.
   */
  loadCodemode?(): Promise<CodemodeModule>;
  /** Loads the agent entry (a lazy `import()` in the page), on the Agent panel's first run. */
  loadAgent?(): Promise<AgentModule>;
  /** Loads the MCP entry (a lazy `import()` in the page), on the first connection of the MCP panel. */
  loadMcp?(): Promise<McpModule>;
  /** Where the Agent panel keeps the API key when asked to. Default: this tab's `sessionStorage`, when there is one. */
  keyStorage?: KeyStorage;
  /** The host's own model, the Agent panel's first choice. */
  agentModel?: AgentModel;
  /**
   * Loads the demo catalog and transcripts (a lazy `import()` in the page). `start()` waits for it; the
   * catalog goes where it always is, right after the built-ins (see `Runtime.addDemoTools`).
   */
  loadDemo(): Promise<DemoContent>;
  /** The files the workspace starts with (in the entry chunk: the backend starts with them at once). */
  demoFiles: Readonly<Record<string, string>>;
}

/** A button of a page notice: its words (also its accessible name) and what it does. */
export interface NoticeAction {
  readonly label: string;
  run(): Promise<void> | void;
}

/** A call of a link's replay that gave another result than recorded, with what it gave here. */
export interface NoticeComparison extends ReplayDifference {
  /** Its history entry. */
  entryId: number;
  /** The first lines of its output now (the link holds a hash of the recorded one and its first line). */
  lines: string;
}

/** A page notice; a link's replay adds what to do next and the calls that differed. */
export interface PageNoticeState {
  /** `success` is green (a replay that reproduced its link), `info` neutral, `error` red. */
  readonly kind: 'success' | 'info' | 'error';
  readonly text: string;
  readonly actions?: readonly NoticeAction[];
  readonly comparisons?: readonly NoticeComparison[];
}

/** What a notice holds besides its words. */
type NoticeExtras = Pick<PageNoticeState, 'actions' | 'comparisons'>;

/** Page-level notices: a loaded link, a failed import. */
export interface PageState {
  readonly notice: PageNoticeState | null;
  /** A reset or a scenario is being applied. */
  readonly resetting: boolean;
  /**
   * The demo catalog: loading (its chunk comes after the first paint), in the suite, or failed; `none`
   * on a host's suite, which has no demo (nor its one-click calls on the demo project).
   */
  readonly demo: 'loading' | 'ready' | 'failed' | 'none';
}

type PageEvent = { type: 'reset'; calls: number };

export interface Playground {
  readonly backend: BackendStore;
  readonly runtime: Runtime;
  /** The approval prompt of a host's suite whose policy asks; none on the demo page. */
  readonly approvals?: ApprovalPrompt;
  readonly catalog: CatalogStore;
  readonly declarations: DeclarationsStore;
  readonly composer: ComposerStore;
  readonly history: HistoryStore;
  readonly workspace: WorkspaceViewStore;
  /** Loads the MCP entry for the MCP panel and `connectMcp`; without it they say what to pass. */
  readonly loadMcp?: () => Promise<McpModule>;
  /**
   * The transcript replay's store, created on first use (its module and the example transcripts load
   * lazily). Always the same promise.
   */
  replay(): Promise<ReplayStore>;
  /** The Agent panel's store, created on first use (its module loads lazily). Always the same promise. */
  agent(): Promise<AgentStore>;
  /** Loads the demo catalog into the suite (once); resolves when it is there, or failed with a notice. */
  demo(): Promise<void>;
  readonly page: Store<PageState, PageEvent>;
  /**
   * Loads the demo catalog and enables codemode (when it can load): what the page needs to be
   * interactive (catalog, declarations, composer). Does not start the workspace. Once.
   */
  prepare(): Promise<void>;
  /**
   * {@link prepare}, and starts the embedded backend (the shell's Worker); resolves when the page can
   * run calls. Once: later calls return the same promise.
   */
  start(): Promise<void>;
  /** Loads the codemode entry and registers the `codemode` tool. Resolves `false` (with a notice) when it failed. */
  enableCodemode(): Promise<boolean>;
  /** Runs a call and records it in the history (selected). Refreshes the file tree when it may have written. */
  runCall(request: CallRequest, options?: { signal?: AbortSignal }): Promise<HistoryEntry>;
  /**
   * A fresh suite, session, history and files from `scenario` (default: the demo), then its calls.
   * Calls recorded as stopped are shown as recorded, unless `rerunStopped` is set.
   */
  reset(scenario?: Scenario, options?: ResetOptions): Promise<HistoryEntry[]>;
  /** The current state as a scenario: the starting files, registered tools, changed modes, the calls so far. */
  scenario(): Scenario;
  /** The backend calls run on now, as a link records it. */
  backendKind(): ScenarioBackend;
  notify(kind: PageNoticeState['kind'], text: string, extras?: NoticeExtras): void;
  /**
   * Called by the MCP store when it is created (it loads lazily): links record its servers, and a
   * replay waits for their tools on the new suite before it runs calls.
   */
  attachMcp(link: McpLink): void;
  /** Imports a session file: its catalog and starting files, and its calls as recorded (not re-run). */
  importSession(text: string): Promise<void>;
}

/** How a scenario's calls are replayed. */
export interface ResetOptions {
  /** Run the calls recorded as stopped (aborted, out of time) too, instead of showing their record. */
  rerunStopped?: boolean;
}

/** Effects after which the file tree is read again. */
const WRITES = new Set(['fs_write', 'exec']);

type PageHandle = StoreHandle<PageState, PageEvent>;

/**
 * The calls of the history as a scenario holds them (the caller only when it is not the model), with
 * values earlier calls generated (spill paths) replaced by references, oldest first.
 */
function scenarioCalls(entries: readonly HistoryEntry[]): ScenarioCall[] {
  const referenced = referenceGenerated(
    entries.map((entry) => ({
      args: entry.request.kind === 'raw' ? entry.request.raw : entry.request.args,
      details: entry.result.details,
    })),
  );
  return entries.map((entry, index) => {
    const caller = entry.request.caller === 'codemode' ? { caller: entry.request.caller } : {};
    const recorded = recordOf(entry.result, entry.activated);
    return entry.request.kind === 'raw'
      ? { raw: referenced[index], ...caller, recorded }
      : { name: entry.request.name, arguments: referenced[index], ...caller, recorded };
  });
}

/** A scenario's call as a request to run, its references filled in from the calls re-run before it. */
function toRequest(call: ScenarioCall, done: readonly HistoryEntry[]): CallRequest {
  const details = done.map((entry) => entry.result.details);
  return 'raw' in call
    ? { kind: 'raw', raw: resolveReferences(call.raw, details), caller: call.caller ?? 'model' }
    : {
        kind: 'named',
        name: call.name,
        args: resolveReferences(call.arguments ?? {}, details),
        caller: call.caller ?? 'model',
      };
}

/** The demo content once it is in the suite; `null` (with a notice) when it could not be loaded. */
function createDemoLoader(deps: PlaygroundOptions, runtime: Runtime, page: PageHandle) {
  let loading: Promise<DemoContent | null> | undefined;
  return (): Promise<DemoContent | null> => {
    loading ??= deps.loadDemo().then(
      (content) => {
        runtime.addDemoTools(content.tools);
        page.set({ demo: content.tools.length > 0 ? 'ready' : 'none' });
        return content;
      },
      (error: unknown) => {
        loading = undefined;
        page.set({
          demo: 'failed',
          notice: { kind: 'error', text: `The demo catalog could not be loaded: ${errorMessage(error)}` },
        });
        return null;
      },
    );
    return loading;
  };
}

/** Loads the codemode entry and enables the tool; `false` (with a notice) when it could not be loaded. */
function createCodemodeLoader(
  deps: PlaygroundOptions,
  runtime: Runtime,
  page: PageHandle,
  loadDemo: () => Promise<unknown>,
) {
  let loading: Promise<boolean> | undefined;
  return (): Promise<boolean> => {
    const load = deps.loadCodemode;
    if (!load) return Promise.resolve(false);
    // After the demo catalog, so the codemode tool comes after it in the catalog without a rebuild.
    loading ??= Promise.all([load(), loadDemo()]).then(
      ([module]) => {
        runtime.enableCodemode((suite) => module.enableCodemode(suite));
        return true;
      },
      (error: unknown) => {
        loading = undefined;
        page.set({ notice: { kind: 'error', text: `Codemode could not be loaded: ${errorMessage(error)}` } });
        return false;
      },
    );
    return loading;
  };
}

/** The stores a scenario is described from besides the runtime. */
interface ScenarioSources {
  history: HistoryStore;
  declarations: DeclarationsStore;
  /** The MCP servers connected, once the MCP store exists. */
  mcp: McpLink | undefined;
}

/** The backend calls run on now; a host's suite runs on the host's workspace, whatever the store reports. */
function backendKindOf(core: PlaygroundCore): ScenarioBackend {
  return core.hostSuite ? 'host' : (core.backend.store.getState().active ?? 'embedded');
}

/** The current state as a scenario: the starting files, registered tools, changed modes, the calls so far. */
function describeScenario(
  core: PlaygroundCore,
  { history, declarations, mcp }: ScenarioSources,
  startFiles: Record<string, ScenarioFile>,
  firstId: number,
): Scenario {
  const { runtime } = core;
  const registered = runtime.registered();
  const modes: Record<string, ExposureMode> = { ...runtime.changedModes(), ...mcp?.changedModes() };
  const servers = mcp?.servers() ?? [];
  const calls = scenarioCalls(
    [...history.store.getState().entries].reverse().filter((entry) => !entry.imported && entry.id >= firstId),
  );
  const format = declarations.store.getState().format;
  return {
    version: 1,
    files: { ...startFiles },
    ...(registered.length > 0 ? { tools: registered } : {}),
    ...(Object.keys(modes).length > 0 ? { modes } : {}),
    ...(calls.length > 0 ? { calls } : {}),
    ...(format !== 'catalog' ? { provider: format } : {}),
    ...(servers.length > 0 ? { servers } : {}),
    backend: backendKindOf(core),
  };
}

/** The scenario of a session file's text; throws with what is wrong with it. */
function sessionScenario(text: string): Scenario {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`the file is not JSON (${errorMessage(error)})`);
  }
  return parseSessionFile(value).scenario;
}

/** Runs a call and records it in the history; refreshes the file tree when the call may have written. */
function createCallRunner(runtime: Runtime, history: HistoryStore, workspace: WorkspaceViewStore) {
  const mayWrite = (entry: HistoryEntry): boolean => {
    const tool = entry.invocation?.tool;
    if (!tool) return false;
    const effects = runtime.store.getState().suite.effects(tool);
    return effects === null || effects.some((effect) => WRITES.has(effect));
  };
  return async (request: CallRequest, options: { signal?: AbortSignal } = {}): Promise<HistoryEntry> => {
    const record = await runtime.call(request, options);
    // The tool's own work on a large output (cutting, sanitising) ends the task it ran in; drawing the
    // result starts in the next one, so the two never add up to one long task.
    await nextTask();
    const entry = history.add(record);
    if (mayWrite(entry)) void workspace.refresh();
    return entry;
  };
}

type RunCall = Playground['runCall'];

/** The replay store (its module loads lazily) with the demo's example transcripts. */
async function loadReplayStore(
  runtime: Runtime,
  runCall: RunCall,
  loadDemo: () => Promise<DemoContent | null>,
  prepare: () => Promise<void>,
): Promise<ReplayStore> {
  const [module, demo] = await Promise.all([import('./replay-store.ts'), loadDemo()]);
  return module.createReplayStore({
    examples: demo?.transcripts ?? [],
    prepare,
    declarations: () => runtime.declarations().map((spec) => spec.name),
    run: (request) => runCall(request),
  });
}

/** The Agent panel's store (its module loads lazily). */
async function loadAgentStore(
  deps: PlaygroundOptions,
  runtime: Runtime,
  runCall: RunCall,
): Promise<AgentStore> {
  const module = await import('./agent-store.ts');
  return module.createAgentStore({
    runtime,
    loadAgent: async () => {
      if (!deps.loadAgent) throw new Error('the agent entry is not available in this playground.');
      return deps.loadAgent();
    },
    runCall,
    ...(deps.keyStorage ? { keyStorage: deps.keyStorage } : {}),
    ...(deps.agentModel ? { hostModel: deps.agentModel } : {}),
  });
}

/**
 * Applies `scenario` (the page says it is resetting meanwhile), then runs its calls in order. A call
 * that was stopped when the link was made (aborted, out of time) is shown as recorded, not re-run.
 */
async function resetWithCalls(
  page: PageHandle,
  applyScenario: (scenario: Scenario | undefined) => Promise<void>,
  calls: ReplayCalls,
  scenario: Scenario | undefined,
  options: ResetOptions = {},
): Promise<HistoryEntry[]> {
  page.set({ resetting: true });
  try {
    await applyScenario(scenario);
    // The connected MCP servers' tools go on the new suite asynchronously: a call may need them.
    await calls.mounted();
    // Those tools come back in the mode they are mounted with: the link's modes go on them too.
    calls.setModes(scenario?.modes ?? {});
    const entries: HistoryEntry[] = [];
    for (const call of scenario?.calls ?? []) {
      const request = toRequest(call, entries);
      if (call.recorded && wasStopped(call.recorded) && !options.rerunStopped)
        entries.push(calls.show(shownAsRecorded(request, call.recorded, calls.declared())));
      else entries.push(await calls.run(request));
    }
    page.emit({ type: 'reset', calls: entries.length });
    return entries;
  } finally {
    page.set({ resetting: false });
  }
}

/** How a reset replays a link's calls. */
interface ReplayCalls {
  run: RunCall;
  /** Shows a stopped call as recorded. */
  show(record: CallRecord): HistoryEntry;
  declared(): string[];
  /** Resolves when the tools of connected MCP servers are on the new suite. */
  mounted(): Promise<void>;
  /** Gives each tool of the catalog the mode `modes` names for it; names not in the catalog are skipped. */
  setModes(modes: Readonly<Record<string, ExposureMode>>): void;
}

/** How a reset replays a link's calls: run them, or show a stopped one as recorded. */
function replayCalls(
  runtime: Runtime,
  history: HistoryStore,
  run: RunCall,
  mcp: () => McpLink | undefined,
): ReplayCalls {
  return {
    run,
    show: (record: CallRecord) => history.add(record),
    declared: () => runtime.declarations().map((spec) => spec.name),
    mounted: async () => mcp()?.mounted(),
    setModes(modes) {
      const { suite } = runtime.store.getState();
      for (const [name, mode] of Object.entries(modes)) {
        const tool = suite.get(name);
        if (tool && tool.mode !== mode) runtime.setMode(name, mode);
      }
    },
  };
}

/** The history's record of a stopped call a replay shows instead of running it. */
function shownAsRecorded(request: CallRequest, recorded: RecordedResult, declared: string[]): CallRecord {
  const tool = request.kind === 'named' ? request.name : 'raw call';
  return {
    request,
    parsed: null,
    result: stoppedResult(tool, recorded),
    invocation: null,
    activated: [],
    declarationsBefore: declared,
    declarationsAfter: declared,
    startedAt: Date.now(),
  };
}

/** Applies a session file's catalog and files, then shows its calls as recorded; says how it went. */
async function importSessionFile(
  text: string,
  applyScenario: (scenario: Scenario) => Promise<void>,
  history: HistoryStore,
  notify: Playground['notify'],
): Promise<void> {
  try {
    await applyScenario({ ...sessionScenario(text), calls: [] });
    history.importSession(text);
    notify(
      'info',
      `Imported a session with ${history.store.getState().entries.length} calls. They are shown as recorded; the workspace holds the session's starting files.`,
    );
  } catch (error) {
    notify('error', `The session could not be imported: ${errorMessage(error)}`);
  }
}

/** The playground of the page: the demo suite on the embedded shell, with the WebContainer to switch to. */
export function createPlayground(deps: PlaygroundDeps): Playground {
  const backend = createBackendStore(deps);
  return assemblePlayground(deps, { backend, runtime: createRuntime({ workspace: backend.workspace }) });
}

/** What the stores are wired around: where files live and the runtime holding the suite. */
export interface PlaygroundCore {
  backend: BackendStore;
  runtime: Runtime;
  /**
   * The suite is the host's: it is not told which shell the backend has (the host configured it).
   * Default: false.
   */
  hostSuite?: boolean;
  /** The in-page approval prompt the host's suite asks (see `createApprovalPrompt`). */
  approvals?: ApprovalPrompt;
}

/** The page's notices and loading state; a host's suite has no demo to load. */
function createPageStore(hostSuite: boolean): PageHandle {
  return createStore<PageState, PageEvent>({
    notice: null,
    resetting: false,
    demo: hostSuite ? 'none' : 'loading',
  });
}

/** Reads the files again after a backend change; on the demo page, bash describes the new shell. */
function followBackend(core: PlaygroundCore, workspace: WorkspaceViewStore): void {
  const { backend, runtime } = core;
  backend.store.on((event) => {
    if (event.type !== 'fallback') void workspace.refresh();
    // bash's declaration describes the shell of the backend now active (its programs, on a WebContainer).
    if (event.type === 'ready' && !core.hostSuite)
      describeWorkspaceShell(runtime.store.getState().suite, backend.workspace);
  });
}

/** Every store wired around `core.backend` and `core.runtime`. */
export function assemblePlayground(deps: PlaygroundOptions, core: PlaygroundCore): Playground {
  const { backend, runtime } = core;
  const history = createHistoryStore();
  const catalog = createCatalogStore(runtime);
  const declarations = createDeclarationsStore(runtime, { loadProviders: deps.loadProviders });
  const workspace = createWorkspaceViewStore(() => backend.ready());
  const page = createPageStore(core.hostSuite === true);
  let startFiles: Record<string, ScenarioFile> = { ...deps.demoFiles };
  // Calls before the last reset of the session (a replay's start) are not part of the scenario.
  let firstScenarioId = 0;
  const markScenarioStart = (): void => {
    firstScenarioId = (history.store.getState().entries[0]?.id ?? 0) + 1;
  };

  const runCall = createCallRunner(runtime, history, workspace);
  const composer = createComposerStore(runtime, { run: runCall });
  const loadDemo = createDemoLoader(deps, runtime, page);
  const enableCodemode = createCodemodeLoader(deps, runtime, page, loadDemo);
  const replay = once(() =>
    loadReplayStore(runtime, runCall, loadDemo, async () => {
      runtime.newSession();
      markScenarioStart();
      await backend.replaceFiles(startFiles);
      await workspace.refresh();
    }),
  );
  const agent = once(() => loadAgentStore(deps, runtime, runCall));
  const { prepare, start } = createStarters(loadDemo, enableCodemode, async () => {
    await backend.start(startFiles);
    await workspace.refresh();
  });

  followBackend(core, workspace);

  const applyScenario = async (scenario: Scenario | undefined): Promise<void> => {
    // The scenario's modes and calls may name demo tools.
    await loadDemo();
    startFiles = scenario?.files ? { ...scenario.files } : { ...deps.demoFiles };
    runtime.rebuild(scenario);
    history.clear();
    if (scenario?.provider && isDeclarationFormat(scenario.provider))
      declarations.setFormat(scenario.provider);
    await backend.replaceFiles(startFiles);
    await workspace.refresh();
  };

  const notify: Playground['notify'] = (kind, text, extras = {}) =>
    page.set({ notice: { kind, text, ...extras } });
  let mcp: McpLink | undefined;
  const linkCalls = replayCalls(runtime, history, runCall, () => mcp);

  return {
    backend,
    runtime,
    ...(core.approvals ? { approvals: core.approvals } : {}),
    catalog,
    declarations,
    composer,
    history,
    workspace,
    ...(deps.loadMcp ? { loadMcp: deps.loadMcp } : {}),
    replay,
    agent,
    demo: () => loadDemo().then(() => undefined),
    page: page.store,
    prepare,
    start,
    enableCodemode,
    runCall,
    reset: (scenario, options) => resetWithCalls(page, applyScenario, linkCalls, scenario, options),
    scenario: () => describeScenario(core, { history, declarations, mcp }, startFiles, firstScenarioId),
    backendKind: () => backendKindOf(core),
    notify,
    attachMcp: (link) => {
      mcp = link;
    },
    importSession: (text) => importSessionFile(text, applyScenario, history, notify),
  };
}

/**
 * `prepare` loads the demo catalog and codemode (what makes the page interactive); `start` does that
 * and starts the workspace. Once each: later calls get the same promise.
 */
function createStarters(
  loadDemo: () => Promise<unknown>,
  enableCodemode: () => Promise<unknown>,
  startWorkspace: () => Promise<void>,
): { prepare: () => Promise<void>; start: () => Promise<void> } {
  const prepare = once(async () => {
    const demo = loadDemo();
    await enableCodemode();
    await demo;
  });
  const start = once(async () => {
    const prepared = prepare();
    await startWorkspace();
    await prepared;
  });
  return { prepare, start };
}

/** `create` called on first use only: every call returns the same promise. */
function once<T>(create: () => Promise<T>): () => Promise<T> {
  let created: Promise<T> | undefined;
  return () => {
    created ??= create();
    return created;
  };
}
