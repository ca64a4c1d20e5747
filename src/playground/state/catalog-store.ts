/**
 * The catalog as the page shows it (every tool with its mode, effects and origin, filtered), in-place
 * mode changes, and the "register a tool" form: a spec in any supported format is parsed and shown in
 * catalog form before it is registered. Framework-free.
 */

import {
  type Effect,
  type ExposureMode,
  normalizeSpec,
  normalizeSpecs,
  type ToolAnnotations,
  type ToolSpec,
} from 'browser-agent-tools';
import { errorMessage } from '../../shared/index.ts';
import type { Runtime, ToolOrigin } from './runtime.ts';
import { createStore, type Store } from './store.ts';

/** One tool of the catalog, as listed. */
export interface CatalogRow {
  readonly name: string;
  readonly title: string | null;
  readonly description: string;
  readonly mode: ExposureMode;
  /** `null`: unknown; a policy gives such a tool the strictest level in force. */
  readonly effects: readonly Effect[] | null;
  readonly annotations: ToolAnnotations | null;
  readonly origin: ToolOrigin;
  readonly hasImplementation: boolean;
  /** Activated in the current session (deferred tools). */
  readonly active: boolean;
}

/** The register form. */
export interface RegisterDraft {
  readonly text: string;
  readonly mode: ExposureMode;
  /** Answer calls with an echo of the arguments. */
  readonly echo: boolean;
  /** Whether registering may replace a tool of the same name. */
  readonly replace: boolean;
  /** What the text was read as, e.g. "Anthropic". */
  readonly format: string | null;
  /** The catalog form of the spec(s), when the text is valid. */
  readonly preview: readonly ToolSpec[] | null;
  readonly error: string | null;
}

interface CatalogState {
  readonly rows: readonly CatalogRow[];
  readonly filter: string;
  readonly modeFilter: ExposureMode | 'all';
  readonly draft: RegisterDraft;
  /** Result of the last register or mode change, for a status line. */
  readonly notice: string | null;
  /** The tool whose view (schema, effects, mode, tokens per format) is open. */
  readonly viewing: string | null;
}

type CatalogStoreEvent =
  | { type: 'registered'; names: string[] }
  | { type: 'mode-changed'; name: string; mode: ExposureMode };

export interface CatalogStore {
  readonly store: Store<CatalogState, CatalogStoreEvent>;
  setFilter(text: string): void;
  setModeFilter(mode: ExposureMode | 'all'): void;
  setMode(name: string, mode: ExposureMode): void;
  setDraft(text: string): void;
  setDraftMode(mode: ExposureMode): void;
  setDraftEcho(echo: boolean): void;
  setDraftReplace(replace: boolean): void;
  /** Opens the view of one tool; `closeTool` closes it. */
  showTool(name: string): void;
  closeTool(): void;
  /** Registers the draft's spec(s). Returns the names, or `null` when the draft is not valid. */
  registerDraft(): string[] | null;
  /** Rows after the filters. */
  visibleRows(): readonly CatalogRow[];
}

/** A spec to start the register form with (MCP format). */
const SAMPLE_SPEC: string = JSON.stringify(
  {
    name: 'jira_create_ticket',
    title: 'Create Jira ticket',
    description: 'Create a Jira ticket in a project.',
    inputSchema: {
      type: 'object',
      properties: {
        project: { type: 'string', description: 'Project key, e.g. "OPS".' },
        summary: { type: 'string' },
        priority: { type: 'string', enum: ['Low', 'Medium', 'High'] },
      },
      required: ['project', 'summary'],
    },
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  },
  null,
  2,
);

/** Which published format a spec looks like (display only; `normalizeSpec` does the real work). */
export function specFormat(value: unknown): string {
  if (Array.isArray(value)) return 'list of specs';
  if (typeof value !== 'object' || value === null) return 'unknown';
  const spec = value as Record<string, unknown>;
  if (Array.isArray(spec.functionDeclarations) || Array.isArray(spec.function_declarations))
    return 'Gemini tool';
  if (typeof spec.function === 'object' && spec.function !== null) return 'OpenAI chat completions';
  if (spec.type === 'function' && 'parameters' in spec) return 'OpenAI responses';
  if ('input_schema' in spec) return 'Anthropic';
  if ('parametersJsonSchema' in spec || 'parameters_json_schema' in spec) return 'Gemini';
  if ('inputSchema' in spec)
    return 'annotations' in spec || 'outputSchema' in spec || 'title' in spec
      ? 'MCP'
      : 'MCP or Vercel AI SDK';
  if ('schema' in spec || 'args_schema' in spec) return 'LangChain';
  if (typeof spec.parameters === 'object' && spec.parameters !== null) {
    const type = (spec.parameters as Record<string, unknown>).type;
    return type === 'OBJECT' ? 'Gemini (OpenAPI types)' : 'catalog form';
  }
  if (
    spec.name === undefined &&
    Object.values(spec).every((entry) => typeof entry === 'object' && entry !== null)
  ) {
    return 'Vercel AI SDK ToolSet';
  }
  return 'unknown';
}

/** Reads form text into catalog-form specs, or a reason. */
export function readDraft(text: string): Pick<RegisterDraft, 'format' | 'preview' | 'error'> {
  if (text.trim() === '') return { format: null, preview: null, error: null };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { format: null, preview: null, error: `Not valid JSON: ${errorMessage(error)}` };
  }
  const format = specFormat(value);
  try {
    const isCollection =
      Array.isArray(value) || format === 'Gemini tool' || format === 'Vercel AI SDK ToolSet';
    const preview = isCollection ? normalizeSpecs(value) : [normalizeSpec(value as object)];
    if (preview.length === 0) return { format, preview: null, error: 'The list holds no tool spec.' };
    return { format, preview, error: null };
  } catch (error) {
    return { format, preview: null, error: errorMessage(error) };
  }
}

/** Every registered tool as a row, in catalog order. */
function catalogRows(runtime: Runtime): CatalogRow[] {
  const { suite, session, origins } = runtime.store.getState();
  return suite.list().map((tool) => ({
    name: tool.spec.name,
    title: tool.spec.title ?? null,
    description: tool.spec.description,
    mode: tool.mode,
    effects: suite.effects(tool.spec.name),
    annotations: tool.spec.annotations ?? null,
    origin: origins[tool.spec.name] ?? 'registered',
    hasImplementation: tool.implementation !== undefined,
    active: session.isActive(tool.spec.name),
  }));
}

/** Why the draft may not be registered as it is: it would replace a tool without "replace" ticked. */
function duplicateProblem(runtime: Runtime, draft: RegisterDraft): string | null {
  if (draft.replace || !draft.preview) return null;
  const { origins } = runtime.store.getState();
  // Built-in and demo names are refused by the runtime whatever "replace" says, with its own message.
  const taken = draft.preview.map((spec) => spec.name).filter((name) => origins[name] === 'registered');
  if (taken.length === 0) return null;
  return `A tool named ${taken.join(', ')} is already registered. Tick "Replace a tool of the same name" to replace it, or rename the new tool.`;
}

export function createCatalogStore(runtime: Runtime): CatalogStore {
  const rows = (): CatalogRow[] => catalogRows(runtime);
  const handle = createStore<CatalogState, CatalogStoreEvent>({
    rows: rows(),
    filter: '',
    modeFilter: 'all',
    draft: { text: SAMPLE_SPEC, mode: 'direct', echo: true, replace: false, ...readDraft(SAMPLE_SPEC) },
    notice: null,
    viewing: null,
  });
  runtime.store.on((event) => {
    if (event.type !== 'call-finished') handle.set({ rows: rows() });
  });

  const setDraft = (patch: Partial<RegisterDraft>): void =>
    handle.set({ draft: { ...handle.get().draft, ...patch } });

  return {
    store: handle.store,
    setFilter: (filter) => handle.set({ filter }),
    setModeFilter: (modeFilter) => handle.set({ modeFilter }),
    setMode(name, mode) {
      try {
        runtime.setMode(name, mode);
        handle.set({ notice: `${name} is now ${mode}.` }, { type: 'mode-changed', name, mode });
      } catch (error) {
        handle.set({ notice: errorMessage(error) });
      }
    },
    setDraft: (text) => setDraft({ text, ...readDraft(text) }),
    setDraftMode: (mode) => setDraft({ mode }),
    setDraftEcho: (echo) => setDraft({ echo }),
    // Ticking "replace" answers the duplicate-name error; a spec that does not parse keeps its error.
    setDraftReplace: (replace) =>
      setDraft({ replace, ...(handle.get().draft.preview ? { error: null } : {}) }),
    showTool: (name) => handle.set({ viewing: name }),
    closeTool: () => handle.set({ viewing: null }),
    registerDraft() {
      const { draft } = handle.get();
      if (!draft.preview) return null;
      const duplicate = duplicateProblem(runtime, draft);
      if (duplicate !== null) {
        setDraft({ error: duplicate });
        return null;
      }
      try {
        const names = draft.preview.map(
          (spec) => runtime.register(spec, draft.mode, { echo: draft.echo }).name,
        );
        handle.set(
          { notice: `Registered ${names.join(', ')} as ${draft.mode}.` },
          { type: 'registered', names },
        );
        return names;
      } catch (error) {
        setDraft({ error: errorMessage(error) });
        return null;
      }
    },
    visibleRows() {
      const { rows: all, filter, modeFilter } = handle.get();
      const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
      return all.filter(
        (row) =>
          (modeFilter === 'all' || row.mode === modeFilter) &&
          words.every((word) =>
            `${row.name} ${row.title ?? ''} ${row.description}`.toLowerCase().includes(word),
          ),
      );
    },
  };
}
