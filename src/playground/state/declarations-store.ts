/**
 * What the model gets next: the session's declaration list in the chosen format (catalog form or one
 * provider's wire format) with its token count, what each exposure mode saves against declaring every
 * tool directly, and the latest activation (which tools a call added). The providers entry carries the
 * tokenizer (2.4 MB), so it loads lazily. Framework-free.
 */

import { EXPOSURE_MODES, type ExposureMode, type ToolSpec } from 'browser-agent-tools';
import type { Provider } from 'browser-agent-tools/providers';
import { errorMessage } from '../../shared/index.ts';
import type { Runtime } from './runtime.ts';
import { createStore, type Store } from './store.ts';
import { estimateTokens } from './token-estimate.ts';

/** The `browser-agent-tools/providers` entry. */
export type ProvidersModule = typeof import('browser-agent-tools/providers');

/** Catalog form, or one provider's wire format. */
export type DeclarationFormat = 'catalog' | Provider;

/** One exposure mode's line of the savings table. */
interface ModeSavings {
  readonly mode: ExposureMode;
  /** Tools registered with this mode. */
  readonly tools: number;
  /** Of those, how many the model is given now. */
  readonly declared: number;
  /** Tokens these tools would cost if all were declared. */
  readonly tokensIfDirect: number;
  /** Tokens not spent because some of them are not declared. */
  readonly saved: number;
}

export interface Breakdown {
  /** Every registered tool declared directly. */
  readonly allDirect: number;
  /** What the declaration list costs now. */
  readonly declared: number;
  readonly modes: readonly ModeSavings[];
}

/** The latest change of the declaration list caused by an activation. */
export interface Activation {
  readonly added: readonly string[];
  /** The tool whose call activated them, when known. */
  readonly by: string | null;
}

export interface DeclarationsState {
  readonly format: DeclarationFormat;
  readonly declarations: readonly ToolSpec[];
  readonly providers: ProvidersModule | null;
  readonly loadError: string | null;
  /**
   * The list in `format` as JSON (`null` while a provider's format waits for the providers entry, so
   * nothing shows or copies the catalog form under a provider's name), and its tokens (`null` until the
   * tokenizer has loaded).
   */
  readonly json: string | null;
  readonly tokens: number | null;
  /** A quick estimate of `tokens` while the tokenizer loads (catalog form only); `null` once it is exact. */
  readonly estimatedTokens: number | null;
  readonly breakdown: Breakdown | null;
  readonly activation: Activation | null;
}

type DeclarationsEvent =
  | { type: 'format-changed'; format: DeclarationFormat }
  | { type: 'activated'; activation: Activation };

export interface DeclarationsStore {
  readonly store: Store<DeclarationsState, DeclarationsEvent>;
  setFormat(format: DeclarationFormat): void;
  /** Loads the providers entry once. Never rejects: see `loadError`. */
  loadProviders(): Promise<void>;
  /** The declaration list in `format` (catalog form without the tokenizer). */
  render(format: DeclarationFormat): Promise<unknown>;
  /** Forgets the activation banner. */
  dismissActivation(): void;
}

export interface DeclarationsStoreOptions {
  loadProviders(): Promise<ProvidersModule>;
}

/** Every format the page offers, catalog form first. */
export const DECLARATION_FORMATS: readonly DeclarationFormat[] = [
  'catalog',
  'openai-chat',
  'openai-responses',
  'anthropic',
  'gemini',
  'mcp',
];

export function isDeclarationFormat(value: unknown): value is DeclarationFormat {
  return typeof value === 'string' && (DECLARATION_FORMATS as readonly string[]).includes(value);
}

/** The list in `format`: catalog form as is, or a provider's tools. */
export function toFormat(
  providers: ProvidersModule | null,
  specs: readonly ToolSpec[],
  format: DeclarationFormat,
): unknown {
  if (format === 'catalog' || !providers) return specs;
  return providers.toProviderTools(specs, format);
}

function tokensOf(providers: ProvidersModule, specs: readonly ToolSpec[], format: DeclarationFormat): number {
  return specs.length === 0 ? 0 : providers.countTokens(toFormat(providers, specs, format));
}

/** The savings table for the current catalog and session. */
function computeBreakdown(
  providers: ProvidersModule,
  tools: readonly { spec: ToolSpec; mode: ExposureMode }[],
  declared: readonly ToolSpec[],
  format: DeclarationFormat,
): Breakdown {
  const declaredNames = new Set(declared.map((spec) => spec.name));
  const modes = EXPOSURE_MODES.map((mode): ModeSavings => {
    const specs = tools.filter((tool) => tool.mode === mode).map((tool) => tool.spec);
    const shown = specs.filter((spec) => declaredNames.has(spec.name));
    const tokensIfDirect = tokensOf(providers, specs, format);
    return {
      mode,
      tools: specs.length,
      declared: shown.length,
      tokensIfDirect,
      saved: Math.max(0, tokensIfDirect - tokensOf(providers, shown, format)),
    };
  });
  return {
    allDirect: tokensOf(
      providers,
      tools.map((tool) => tool.spec),
      format,
    ),
    declared: tokensOf(providers, declared, format),
    modes,
  };
}

export function createDeclarationsStore(
  runtime: Runtime,
  options: DeclarationsStoreOptions,
): DeclarationsStore {
  let loading: Promise<void> | undefined;

  const derive = (
    format: DeclarationFormat,
    providers: ProvidersModule | null,
  ): Partial<DeclarationsState> => {
    const { suite } = runtime.store.getState();
    const declarations = runtime.declarations();
    if (!providers) {
      const json = format === 'catalog' ? JSON.stringify(declarations, null, 2) : null;
      const estimatedTokens = format === 'catalog' ? estimateTokens(declarations) : null;
      return { declarations, json, tokens: null, estimatedTokens, breakdown: null };
    }
    const list = toFormat(providers, declarations, format);
    const tools = suite.list().map((tool) => ({ spec: tool.spec, mode: tool.mode }));
    return {
      declarations,
      json: JSON.stringify(list, null, 2),
      tokens: tokensOf(providers, declarations, format),
      estimatedTokens: null,
      breakdown: computeBreakdown(providers, tools, declarations, format),
    };
  };

  const handle = createStore<DeclarationsState, DeclarationsEvent>({
    format: 'catalog',
    declarations: [],
    providers: null,
    loadError: null,
    json: '[]',
    tokens: null,
    estimatedTokens: null,
    breakdown: null,
    activation: null,
    ...derive('catalog', null),
  });
  const refresh = (): void => handle.set(derive(handle.get().format, handle.get().providers));

  runtime.store.on((event) => {
    if (event.type === 'call-finished') {
      const { activated, invocation } = event.record;
      if (activated.length > 0) {
        const activation: Activation = { added: activated, by: invocation?.tool ?? null };
        handle.set({ activation }, { type: 'activated', activation });
      }
      return;
    }
    if (event.type === 'rebuilt' || event.type === 'session-replaced') handle.set({ activation: null });
    refresh();
  });

  return {
    store: handle.store,
    setFormat(format) {
      if (format === handle.get().format) return;
      handle.set({ format, ...derive(format, handle.get().providers) }, { type: 'format-changed', format });
      // A provider's format needs the providers entry; the page no longer loads it before it is ready.
      if (format !== 'catalog') void this.loadProviders();
    },
    loadProviders() {
      loading ??= options.loadProviders().then(
        (providers) => handle.set({ providers, loadError: null, ...derive(handle.get().format, providers) }),
        (error: unknown) => handle.set({ loadError: errorMessage(error) }),
      );
      return loading;
    },
    async render(format) {
      if (format !== 'catalog') await this.loadProviders();
      return JSON.parse(JSON.stringify(toFormat(handle.get().providers, runtime.declarations(), format)));
    },
    dismissActivation() {
      handle.set({ activation: null });
    },
  };
}
