/**
 * Entry of index.html and the playground's composition root: builds the default suite and the store,
 * starts loading the providers entry, and mounts the app. Imports the library by package name only.
 */
import { createToolSuite } from 'browser-agent-tools';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './components/App/App.tsx';
import { createDeclarationsStore } from './state/declarations-store.ts';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('playground: index.html has no #root element.');

const store = createDeclarationsStore(createToolSuite(), {
  loadProviders: () => import('browser-agent-tools/providers'),
});
void store.loadProviders();

createRoot(container).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);
