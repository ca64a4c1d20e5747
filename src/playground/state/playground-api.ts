/**
 * `window.playground`: the stable API Playwright tests and documentation drive the page with. Every
 * method returns a promise of plain JSON (no live objects, no functions).
 */
import type { AnyToolSpec, Caller, ExposureMode, ToolResult, ToolSpec } from 'browser-agent-tools';
import { type DeclarationFormat, isDeclarationFormat } from './declarations-store.ts';
import { type McpServerView, mcpStoreOf } from './mcp-store.ts';
import type { Playground } from './playground.ts';
import { parseScenario, type ScenarioFile } from './scenario.ts';
import { readAllFiles, writeFiles } from './workspace-files.ts';

/** What `backend()` reports. */
export interface BackendInfo {
  /** The backend calls go to. */
  kind: 'embedded' | 'webcontainer' | null;
  /** The embedded backend runs in a dedicated Web Worker. */
  worker: boolean;
  phase: 'starting' | 'ready' | 'booting' | 'failed';
  message: string;
  /** Why the last WebContainer attempt fell back, if it did. */
  fallbackReason: string | null;
}

/** Options of `execute`. */
export interface ApiExecuteOptions {
  /** Default: `'model'`. */
  caller?: Caller;
  /** Aborts the call after this many milliseconds. Default: no limit. */
  timeoutMs?: number;
}

export interface PlaygroundApi {
  /**
   * Resolves when the backend is ready, the demo catalog (a lazy chunk) is in the suite and a scenario
   * from the URL, if any, has been applied. `declarations`, `register`, `setMode` and `scenario` do not
   * wait for it; they wait for the demo catalog only.
   */
  readonly ready: Promise<void>;
  execute(name: string, args?: unknown, options?: ApiExecuteOptions): Promise<ToolResult>;
  /** A raw call exactly as a model API returns it. */
  executeCall(raw: unknown, options?: ApiExecuteOptions): Promise<ToolResult>;
  /** The declarations the model gets next, in catalog form or a provider's format. */
  declarations(provider?: DeclarationFormat): Promise<unknown>;
  /** Registers a spec in any format (answered by an echo of its arguments); returns its catalog form. */
  register(spec: AnyToolSpec, mode: ExposureMode): Promise<ToolSpec>;
  setMode(name: string, mode: ExposureMode): Promise<{ name: string; mode: ExposureMode }>;
  /** Every file under the workspace root: path → text (or `{ base64 }` for binary files). */
  files(): Promise<Record<string, ScenarioFile>>;
  /**
   * Writes `files` (path relative to the root → text or `{ base64 }`) through the Workspace seam's
   * `writeFile`, creating their directories: no tool call, nothing in the history. Lets a test reach
   * the backend the way a host does.
   */
  writeFiles(files: Record<string, ScenarioFile>): Promise<void>;
  /** Back to the demo, or to `scenario` (its calls re-run); resolves with the results. */
  reset(scenario?: unknown): Promise<ToolResult[]>;
  backend(): Promise<BackendInfo>;
  /** The current state as a scenario (what a permalink holds). */
  scenario(): Promise<unknown>;
  /**
   * Mounts the tools of a remote MCP server (Streamable HTTP) as deferred, as the Connect MCP server
   * panel does; rejects with the panel's worded error.
   */
  connectMcp(
    url: string,
    options?: { headers?: Record<string, string>; prefix?: string },
  ): Promise<McpServerView>;
  /** Unmounts a server `connectMcp` returned (by its `id`). */
  disconnectMcp(id: number): Promise<void>;
}

const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export function createPlaygroundApi(playground: Playground, ready: Promise<void>): PlaygroundApi {
  const run = async (
    request: Parameters<Playground['runCall']>[0],
    options: ApiExecuteOptions = {},
  ): Promise<ToolResult> => {
    await ready;
    const signal = options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs);
    const entry = await playground.runCall(request, signal ? { signal } : {});
    return plain(entry.result);
  };
  return {
    ready,
    execute: (name, args = {}, options = {}) =>
      run({ kind: 'named', name, args, caller: options.caller ?? 'model' }, options),
    executeCall: (raw, options = {}) => run({ kind: 'raw', raw, caller: options.caller ?? 'model' }, options),
    async declarations(provider = 'catalog') {
      if (!isDeclarationFormat(provider)) throw new Error(`Unknown provider ${JSON.stringify(provider)}.`);
      await playground.demo();
      return plain(await playground.declarations.render(provider));
    },
    async register(spec, mode) {
      await playground.demo();
      return plain(playground.runtime.register(spec, mode));
    },
    async setMode(name, mode) {
      await playground.demo();
      playground.runtime.setMode(name, mode);
      return { name, mode };
    },
    async files() {
      await ready;
      return readAllFiles(await playground.backend.ready());
    },
    async writeFiles(files) {
      await ready;
      await writeFiles(await playground.backend.ready(), files);
      await playground.workspace.refresh();
    },
    async reset(scenario) {
      await ready;
      const entries = await playground.reset(scenario === undefined ? undefined : parseScenario(scenario));
      return entries.map((entry) => plain(entry.result));
    },
    async backend() {
      const state = playground.backend.store.getState();
      return {
        kind: state.active,
        worker: state.active === 'embedded',
        phase: state.phase,
        message: state.message,
        fallbackReason: state.fallbackReason,
      };
    },
    async scenario() {
      await playground.demo();
      return plain(playground.scenario());
    },
    async connectMcp(url, options = {}) {
      await playground.demo();
      return plain(await mcpStoreOf(playground).connect({ url, ...options }));
    },
    disconnectMcp: (id) => mcpStoreOf(playground).disconnect(id),
  };
}
