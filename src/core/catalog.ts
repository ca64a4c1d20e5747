/**
 * The catalog: registered tools as data, in registration order, with a change event. Exposure rules
 * read it; `tool_search` re-indexes from its events.
 */
import { resolveToolName } from './aliases.ts';
import { resolveOutputBudget } from './budget.ts';
import { isDefinedTool } from './define-tool.ts';
import { UsageError } from './errors.ts';
import { normalizeSpec } from './normalize.ts';
import { implementationFromSpec } from './sdk-tools.ts';
import {
  type AnyToolSpec,
  type CatalogEvent,
  EXPOSURE_MODES,
  type ExposureMode,
  type RegisteredTool,
  type RegisterOptions,
  type ToolImplementation,
} from './types.ts';

/** The catalog behind a suite. */
export interface Catalog<W = unknown> {
  register(
    spec: AnyToolSpec,
    mode: ExposureMode,
    implementation?: ToolImplementation<W>,
    options?: RegisterOptions,
  ): RegisteredTool<W>;
  unregister(name: string): boolean;
  setMode(name: string, mode: ExposureMode): RegisteredTool<W>;
  get(name: string): RegisteredTool<W> | undefined;
  list(): RegisteredTool<W>[];
  subscribe(listener: (event: CatalogEvent<W>) => void): () => void;
  /**
   * The visible tool a called name names, in one lookup: its own name, an alias a tool declares among
   * its repairs (the first registered wins when several do), or either in lower case; with the name
   * as called when that was not the tool's own. Hidden tools are never found. `undefined` when none is.
   */
  find(called: string): FoundTool<W> | undefined;
}

/** A tool {@link Catalog.find} found, and the alias it was called by, when not its own name. */
export interface FoundTool<W = unknown> {
  tool: RegisteredTool<W>;
  alias?: string;
}

/**
 * Creates an empty catalog. Replacing or re-moding a tool keeps its place in the order (and, unless the
 * replacement brings its own, its output budget).
 */
export function createCatalog<W = unknown>(): Catalog<W> {
  const tools = new Map<string, RegisteredTool<W>>();
  const listeners = new Set<(event: CatalogEvent<W>) => void>();

  // Built on first lookup after a change: registering a thousand tools rebuilds it once, not per tool.
  let aliases: { exact: Map<string, string>; lower: Map<string, string> } | undefined;
  const emit = (event: CatalogEvent<W>): void => {
    aliases = undefined;
    for (const listener of [...listeners]) listener(event);
  };

  return {
    register(given, mode, givenImplementation, options = {}) {
      const { tool, previous } = toRegisteredTool(given, mode, givenImplementation, options, tools);
      tools.set(tool.spec.name, tool);
      emit(previous ? { type: 'replaced', tool, previous } : { type: 'registered', tool });
      return tool;
    },
    unregister(name) {
      const tool = tools.get(name);
      if (!tool) return false;
      tools.delete(name);
      emit({ type: 'unregistered', tool });
      return true;
    },
    setMode(name, mode) {
      assertMode(mode);
      const previous = tools.get(name);
      if (!previous)
        throw new UsageError(`cannot set the mode of "${name}": no tool of that name is registered.`);
      if (previous.mode === mode) return previous;
      const tool: RegisteredTool<W> = Object.freeze({ ...previous, mode });
      tools.set(name, tool);
      emit({ type: 'mode_changed', tool, previous });
      return tool;
    },
    get: (name) => tools.get(name),
    find(called) {
      aliases ??= aliasIndex(tools.values());
      const index = aliases;
      let found: RegisteredTool<W> | undefined;
      const visible = (name: string): boolean => {
        const tool = tools.get(name);
        if (tool === undefined || tool.mode === 'hidden') return false;
        // The name resolves to the first visible tool asked about: kept, so it is not looked up again.
        found = tool;
        return true;
      };
      const aliasOf = (alias: string, ignoreCase: boolean): string | undefined =>
        ignoreCase ? index.lower.get(alias.toLowerCase()) : index.exact.get(alias);
      const resolved = resolveToolName(called, visible, aliasOf);
      if (!resolved || !found) return undefined;
      return resolved.alias === undefined ? { tool: found } : { tool: found, alias: resolved.alias };
    },
    list: () => [...tools.values()],
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * The tool `register` stores, checked, and the one it replaces. Throws `UsageError` for a bad mode,
 * implementation or spec, and for a name already taken unless `options.replace`.
 */
function toRegisteredTool<W>(
  given: AnyToolSpec,
  mode: ExposureMode,
  givenImplementation: ToolImplementation<W> | undefined,
  options: RegisterOptions,
  tools: ReadonlyMap<string, RegisteredTool<W>>,
): { tool: RegisteredTool<W>; previous: RegisteredTool<W> | undefined } {
  assertMode(mode);
  // A tool made with defineTool brings its spec and implementation; one passed here wraps it.
  const spec = isDefinedTool(given) ? given.spec : given;
  const implementation =
    givenImplementation ??
    (isDefinedTool(given) ? (given.implementation as ToolImplementation<W>) : undefined);
  if (implementation !== undefined && typeof implementation !== 'function') {
    throw new UsageError(`the implementation of a tool must be a function, got ${typeof implementation}.`);
  }
  const normalized = normalizeSpec(spec);
  const previous = tools.get(normalized.name);
  if (previous && !options.replace) {
    throw new UsageError(
      `a tool named "${normalized.name}" is already registered. Pass { replace: true } to replace it, or unregister it first.`,
    );
  }
  // A replacement keeps the budget of the tool it replaces unless it brings its own, as it keeps its
  // place: wrapping a built-in's implementation must not put a second budget on its output.
  const defined = isDefinedTool(given) ? given : undefined;
  const budget = options.outputBudget ?? defined?.outputBudget ?? previous?.outputBudget;
  if (budget !== undefined && budget !== false) resolveOutputBudget(budget, `tool "${normalized.name}"`);
  // Likewise its repairs and result schema: a wrapped built-in still answers to the names other agents
  // give it, and codemode still knows what it returns.
  const repairs = options.repairs ?? defined?.repairs ?? previous?.repairs;
  const outputSchema = normalized.outputSchema ?? defined?.resultSchema ?? previous?.outputSchema;
  const tool: RegisteredTool<W> = Object.freeze({
    spec: normalized,
    mode,
    // A tool made with an agent SDK runs its own function when the host passes none.
    implementation: implementation ?? implementationFromSpec(spec),
    ...(budget === undefined ? {} : { outputBudget: budget === false ? false : { ...budget } }),
    ...(repairs === undefined ? {} : { repairs }),
    ...(outputSchema === undefined ? {} : { outputSchema }),
  });
  return { tool, previous };
}

/** Alias → tool name, exact and lower-cased, over the tools in registration order. */
function aliasIndex<W>(tools: Iterable<RegisteredTool<W>>): {
  exact: Map<string, string>;
  lower: Map<string, string>;
} {
  const exact = new Map<string, string>();
  const lower = new Map<string, string>();
  for (const tool of tools) {
    for (const alias of tool.repairs?.aliases ?? []) {
      if (!exact.has(alias)) exact.set(alias, tool.spec.name);
      if (!lower.has(alias.toLowerCase())) lower.set(alias.toLowerCase(), tool.spec.name);
    }
  }
  return { exact, lower };
}

function assertMode(mode: unknown): asserts mode is ExposureMode {
  if (!(EXPOSURE_MODES as readonly unknown[]).includes(mode)) {
    throw new UsageError(
      `unknown exposure mode ${JSON.stringify(mode)}: use one of ${EXPOSURE_MODES.join(', ')}.`,
    );
  }
}
