import { useStoreState } from '../../hooks/use-store-state.ts';
import type { DeclarationsStore } from '../../state/declarations-store.ts';
import { DeclarationList } from '../DeclarationList/DeclarationList.tsx';
import { ProviderPreview } from '../ProviderPreview/ProviderPreview.tsx';

export interface AppProps {
  store: DeclarationsStore;
}

/** The playground page: what the model would be offered, as a list and in each provider's format. */
export function App({ store }: AppProps) {
  const { declarations, provider, providers, loadError } = useStoreState(store);

  return (
    <div className="app">
      <header className="app-header">
        <h1>browser-agent-tools playground</h1>
        <p className="muted">The tool list the model receives on its next request, from the default suite.</p>
      </header>
      <main className="panels">
        <section className="panel" aria-labelledby="declarations-heading">
          <h2 id="declarations-heading">
            Declarations <span className="count">{declarations.length}</span>
          </h2>
          <DeclarationList declarations={declarations} />
        </section>
        <section className="panel" aria-labelledby="wire-heading">
          <h2 id="wire-heading">On the wire</h2>
          <ProviderPreview
            declarations={declarations}
            provider={provider}
            providers={providers}
            loadError={loadError}
            onSelectProvider={store.selectProvider}
          />
        </section>
      </main>
    </div>
  );
}
