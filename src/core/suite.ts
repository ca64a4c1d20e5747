/**
 * The engine: catalog + exposure + effects + policy + sessions + the one `execute` path. This is the
 * only boundary that turns a throw into an `is_error` result; nothing a model sends makes it throw.
 * Knows no concrete tool: built-ins and `tool_search` are installed on top of it by `createToolSuite`.
 * `execute` is a pipeline of steps, each in its own module under `pipeline/`.
 */
import { errorMessage } from '../shared/index.ts';
import { resolveOutputBudget } from './budget.ts';
import { createCatalog } from './catalog.ts';
import { ERROR_CODES, ToolError } from './errors.ts';
import { normalizeSpec } from './normalize.ts';
import { type Engine, firstLine } from './pipeline/engine.ts';
import { isCallable } from './pipeline/exposure.ts';
import { runPipeline } from './pipeline/run.ts';
import type { IncomingCall } from './pipeline/translate.ts';
import { assertPolicy, evaluatePolicy } from './policy.ts';
import { errorResult } from './results.ts';
import { createSession } from './session.ts';
import type {
  AnyToolSpec,
  ApprovalDecision,
  ApprovalRequest,
  Effect,
  ExecuteOptions,
  OutputBudget,
  Policy,
  SpillRequest,
  SuitePlugin,
  ToolResult,
  ToolSuite,
} from './types.ts';

/** Options of {@link createCoreSuite} (and of `createToolSuite`, which adds the built-ins). */
export interface CoreSuiteOptions<W = unknown> {
  /**
   * The workspace tools act on, or a factory that creates it on first use (called once; a rejection is
   * reported to that call and retried on the next). Default: none.
   */
  workspace?: W | (() => W | Promise<W>);
  /** The agent's own configuration; effects declared on its specs win over the catalog's. */
  agentConfig?: { tools?: AnyToolSpec[] };
  /**
   * Effect → `allow` | `ask` | `deny`, plus `default` for effects it does not list (omitted: the strictest
   * level it uses) and `unknown` for tools whose effects are unknown (omitted: the strictest level in
   * force). A policy with an unknown key or level throws a `UsageError`. Without a policy every call
   * runs, whatever its effects.
   */
  policy?: Policy;
  /** Decides calls whose policy level is `ask`. Without it, such calls are refused. */
  onApproval?: (request: ApprovalRequest) => ApprovalDecision | Promise<ApprovalDecision>;
  /** Clock for `duration_ms`. Default: `Date.now`. */
  now?: () => number;
  /**
   * How much `output` one result may carry, for every tool registered without its own `outputBudget`.
   * Default: 2000 lines or 50 KB, as the built-in tools.
   */
  outputBudget?: OutputBudget;
  /**
   * Keeps the full text of an output the budget cut where the caller can page through it with `read`
   * and `offset`, and returns its path; `undefined` when there is no such place for this caller. Without
   * it, or when it returns `undefined` or fails, the full text goes into `details.full_output`.
   * `createToolSuite` installs one that writes into the workspace's spill directory when `read` is
   * callable.
   */
  spill?: (request: SpillRequest) => Promise<string | undefined>;
}

/** Creates a suite with an empty catalog. Throws `UsageError` for a malformed `agentConfig` or `policy`. */
export function createCoreSuite<W = unknown>(options: CoreSuiteOptions<W> = {}): ToolSuite<W> {
  assertPolicy(options.policy);
  const catalog = createCatalog<W>();
  const now = options.now ?? Date.now;
  const configured = configuredEffects(options.agentConfig);
  const effects = (name: string): readonly Effect[] | null =>
    configured.get(name) ?? catalog.get(name)?.spec.effects ?? null;

  const plugins: SuitePlugin<W>[] = [];
  const suite: ToolSuite<W> = {
    register: (spec, mode, implementation, registerOptions) =>
      catalog.register(spec, mode, implementation, registerOptions),
    unregister: (name) => catalog.unregister(name),
    use: (plugin) => usePlugin(suite, plugins, plugin),
    setMode: (name, mode) => catalog.setMode(name, mode),
    get: (name) => catalog.get(name),
    list: () => catalog.list(),
    subscribe: (listener) => catalog.subscribe(listener),
    declarations: (session) =>
      catalog
        .list()
        .filter(
          (tool) => tool.mode !== 'codemode' && tool.mode !== 'hidden' && isCallable(tool, 'model', session),
        )
        .map((tool) => tool.spec),
    isCallable: (name, caller, session) => {
      const tool = catalog.get(name);
      return tool !== undefined && isCallable(tool, caller, session);
    },
    effects,
    approval: (name) => ({
      ...evaluatePolicy(options.policy, effects(name)),
      approver: options.onApproval !== undefined,
    }),
    createSession: (sessionOptions) =>
      createSession((name) => catalog.get(name)?.mode === 'deferred', sessionOptions?.id),
    getWorkspace: workspaceGetter(options.workspace),
    execute: (name, args, executeOptions = {}) =>
      run({ kind: 'named', name, arguments: args }, executeOptions),
    // The model API's shape is read by the translator, with every other agent's shape.
    executeCall: (call, executeOptions = {}) => run({ kind: 'raw', call }, executeOptions),
  };
  /** One call through the pipeline, timed; the last line of defence turns a throw into a result. */
  const run = async (incoming: IncomingCall, executeOptions: ExecuteOptions): Promise<ToolResult> => {
    const started = now();
    try {
      const result = await runPipeline(engine, incoming, executeOptions);
      result.details.duration_ms = Math.max(0, now() - started);
      return result;
    } catch (error) {
      // The pipeline handles every expected failure; this is the last line of defence.
      const message = errorMessage(error);
      return errorResult(
        `The call failed unexpectedly: ${firstLine(message)}. Try again or use another tool.`,
        { code: ERROR_CODES.TOOL_FAILED, durationMs: Math.max(0, now() - started) },
      );
    }
  };
  const engine: Engine<W> = {
    catalog,
    suite,
    policy: options.policy,
    onApproval: options.onApproval,
    defaultBudget: resolveOutputBudget(options.outputBudget, 'createToolSuite'),
    spill: options.spill,
    effects: (tool) => configured.get(tool.spec.name) ?? tool.spec.effects ?? null,
    getWorkspace: suite.getWorkspace,
    plugins: () => plugins,
  };
  return suite;
}

/** Installs `plugin` on `suite`; returns the function that removes and disposes it, once. */
function usePlugin<W>(suite: ToolSuite<W>, plugins: SuitePlugin<W>[], plugin: SuitePlugin<W>): () => void {
  plugin.install?.(suite);
  plugins.push(plugin);
  let removed = false;
  return () => {
    if (removed) return;
    removed = true;
    plugins.splice(plugins.indexOf(plugin), 1);
    plugin.dispose?.();
  };
}

/** Effects the agent's own configuration declares, by tool name. */
function configuredEffects(
  agentConfig: { tools?: AnyToolSpec[] } | undefined,
): Map<string, readonly Effect[]> {
  const configured = new Map<string, readonly Effect[]>();
  for (const spec of agentConfig?.tools ?? []) {
    const normalized = normalizeSpec(spec);
    if (normalized.effects) configured.set(normalized.name, normalized.effects);
  }
  return configured;
}

/**
 * The workspace getter: none configured is an error for the calls that need one; a factory is called
 * once, on first use, and a rejection is reported to that call and retried on the next.
 */
function workspaceGetter<W>(configured: W | (() => W | Promise<W>) | undefined): () => Promise<W> {
  let workspace: Promise<W> | undefined;
  return () => {
    if (configured === undefined) {
      return Promise.reject(
        new ToolError(
          'No workspace is configured for this tool suite. Use a tool that does not need files.',
          {
            code: ERROR_CODES.NO_WORKSPACE,
          },
        ),
      );
    }
    if (typeof configured !== 'function') return Promise.resolve(configured);
    workspace ??= Promise.resolve()
      .then(() => (configured as () => W | Promise<W>)())
      .catch((error: unknown) => {
        workspace = undefined;
        const message = errorMessage(error);
        throw new ToolError(`The workspace could not be started (${firstLine(message)}). Try again.`, {
          code: ERROR_CODES.NO_WORKSPACE,
        });
      });
    return workspace;
  };
}
