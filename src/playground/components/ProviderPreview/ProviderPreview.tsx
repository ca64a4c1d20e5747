import type { ToolSpec } from 'browser-agent-tools';
import type { Provider } from 'browser-agent-tools/providers';
import { type ChangeEvent, useId, useMemo } from 'react';
import { type ProvidersModule, renderForProvider } from '../../state/declarations-store.ts';

export interface ProviderPreviewProps {
  declarations: readonly ToolSpec[];
  provider: Provider | undefined;
  /** `null` while the providers entry is loading. */
  providers: ProvidersModule | null;
  loadError: string | null;
  onSelectProvider: (provider: Provider) => void;
}

/** The declaration list as one provider's API receives it, with its token count. */
export function ProviderPreview({
  declarations,
  provider,
  providers,
  loadError,
  onSelectProvider,
}: ProviderPreviewProps) {
  const selectId = useId();
  const rendering = useMemo(
    () => (providers && provider ? renderForProvider(providers, declarations, provider) : null),
    [providers, declarations, provider],
  );

  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = providers?.PROVIDERS.find((name) => name === event.target.value);
    if (next) onSelectProvider(next);
  };

  return (
    <div className="provider-preview">
      <div className="toolbar">
        <label htmlFor={selectId}>Provider format</label>
        <select
          id={selectId}
          data-testid="provider-select"
          value={provider ?? ''}
          onChange={onChange}
          disabled={!providers}
        >
          {providers ? (
            providers.PROVIDERS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))
          ) : (
            <option value="">loading…</option>
          )}
        </select>
        <span className="tokens">
          <span data-testid="declaration-tokens">{rendering ? rendering.tokens : 'counting…'}</span> tokens
          (o200k)
        </span>
      </div>
      {loadError ? (
        <p className="error" role="alert">
          Could not load the provider formats: {loadError}
        </p>
      ) : (
        <pre className="json" data-testid="declaration-json">
          {rendering ? rendering.json : 'loading…'}
        </pre>
      )}
    </div>
  );
}
