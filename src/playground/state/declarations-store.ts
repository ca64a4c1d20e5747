/**
 * The playground's declaration state, framework-free: the suite's declaration list, the provider whose
 * format is shown, and the lazily loaded `browser-agent-tools/providers` entry. React only subscribes
 * (hooks/use-store-state.ts). Imports the library's public entries, as types only.
 */
import type { ToolSpec, ToolSuite } from 'browser-agent-tools';
import type { Provider } from 'browser-agent-tools/providers';

/** The `browser-agent-tools/providers` entry. It carries the tokenizer ranks (2.4 MB), so it loads lazily. */
export type ProvidersModule = typeof import('browser-agent-tools/providers');

export interface DeclarationsState {
  /** The exact tool list the model gets on its next request. */
  readonly declarations: readonly ToolSpec[];
  /** The provider whose format is shown. `undefined` until the providers entry has loaded. */
  readonly provider: Provider | undefined;
  /** The providers entry, `null` until it has loaded. */
  readonly providers: ProvidersModule | null;
  /** Why the providers entry failed to load, if it did. */
  readonly loadError: string | null;
}

export interface DeclarationsStoreOptions {
  /** Loads the providers entry; the playground passes `() => import('browser-agent-tools/providers')`. */
  loadProviders: () => Promise<ProvidersModule>;
}

export interface DeclarationsStore {
  /** The current snapshot. A new object after every change, so it can feed `useSyncExternalStore`. */
  getState(): DeclarationsState;
  /** Calls `listener` after every change. Returns an unsubscribe function. */
  subscribe(listener: () => void): () => void;
  selectProvider(provider: Provider): void;
  /** Loads the providers entry once; later calls return the same promise. Never rejects: see `loadError`. */
  loadProviders(): Promise<void>;
  /** Stops following the suite's catalog. */
  dispose(): void;
}

/** Creates the store over `suite` and keeps the declaration list in step with the suite's catalog. */
export function createDeclarationsStore(
  suite: ToolSuite,
  options: DeclarationsStoreOptions,
): DeclarationsStore {
  let state: DeclarationsState = {
    declarations: suite.declarations(),
    provider: undefined,
    providers: null,
    loadError: null,
  };
  const listeners = new Set<() => void>();
  let loading: Promise<void> | undefined;

  const update = (patch: Partial<DeclarationsState>): void => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };

  const stopFollowingCatalog = suite.subscribe(() => update({ declarations: suite.declarations() }));

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    selectProvider(provider) {
      if (provider !== state.provider) update({ provider });
    },
    loadProviders() {
      loading ??= options.loadProviders().then(
        (providers) =>
          update({ providers, provider: state.provider ?? providers.PROVIDERS[0], loadError: null }),
        (error: unknown) => update({ loadError: error instanceof Error ? error.message : String(error) }),
      );
      return loading;
    },
    dispose: stopFollowingCatalog,
  };
}

/** The declaration list in one provider's wire format, and its token count. */
export interface ProviderRendering {
  readonly json: string;
  readonly tokens: number;
}

/** Renders `declarations` for `provider`. Pure: derived on demand, never stored. */
export function renderForProvider(
  providers: ProvidersModule,
  declarations: readonly ToolSpec[],
  provider: Provider,
): ProviderRendering {
  const tools = providers.toProviderTools(declarations, provider);
  return { json: JSON.stringify(tools, null, 2), tokens: providers.countTokens(tools) };
}
