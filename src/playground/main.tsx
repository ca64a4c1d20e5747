/**
 * Entry of index.html: builds the playground with the browser's pieces (the embedded shell in a Web
 * Worker, the lazily loaded WebContainer, providers, codemode and agent entries, and the demo catalog,
 * also a lazy chunk), applies a scenario from the URL hash, exposes `window.playground`, and mounts the
 * `<Playground>` component over it, as any host would. Imports the library by package name only.
 */
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { errorMessage } from '../shared/index.ts';
import { bootWebContainerBackend, createEmbeddedWorkerWorkspace } from './backends.ts';
import { DEFAULT_PANELS, type PlaygroundPanel } from './components/App/App.tsx';
import { EmbedView } from './components/EmbedView/EmbedView.tsx';
import {
  Playground,
  PlaygroundRoot,
  startPlaygroundStore,
  workspaceStarted,
} from './components/Playground/Playground.tsx';
import { DEMO_FILES } from './demo/demo-files.ts';
import { embedOptions } from './embed.ts';
import { savedTheme, type Theme } from './hooks/use-theme.ts';
import { createPlayground } from './state/playground.ts';
import { createPlaygroundApi, type PlaygroundApi } from './state/playground-api.ts';
import { decodeScenario, type Scenario, scenarioDataFromHash } from './state/scenario.ts';

import './styles.css';

declare global {
  interface Window {
    /** The playground's stable API for tests and documentation (see docs/playground.md). */
    playground: PlaygroundApi;
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('playground: index.html has no #root element.');

const playground = createPlayground({
  createEmbedded: createEmbeddedWorkerWorkspace,
  bootWebContainer: bootWebContainerBackend,
  isolated: () => globalThis.crossOriginIsolated === true,
  loadProviders: () => import('browser-agent-tools/providers'),
  loadCodemode: () => import('browser-agent-tools/codemode'),
  loadAgent: () => import('browser-agent-tools/agent'),
  loadMcp: () => import('browser-agent-tools/mcp'),
  loadDemo: () => import('./demo/demo-content.ts').then((module) => module.DEMO_CONTENT),
  demoFiles: DEMO_FILES,
});

/**
 * Applies `#scenario=…` from the URL: rebuilds the state and re-runs its calls. `opening` is true for
 * the link the page was opened with (a bad one leaves the demo), false for a link pasted into the open
 * tab (a bad one leaves the state as it was). The replay and its notice load with the first link.
 */
async function applyLink(opening: boolean): Promise<void> {
  const data = scenarioDataFromHash(location.hash);
  if (data === null) return;
  await playground.start();
  let scenario: Scenario;
  try {
    scenario = await decodeScenario(data);
  } catch (error) {
    const fallback = opening ? 'The page shows the demo instead.' : 'The page keeps what it showed.';
    playground.notify('error', `This link could not be read: ${errorMessage(error)} ${fallback}`);
    return;
  }
  try {
    const { replayLink } = await import('./state/replay-notice.ts');
    await replayLink(playground, scenario);
  } catch (error) {
    playground.notify('error', `The scenario of this link could not be rebuilt: ${errorMessage(error)}`);
  }
}

/** The hash the page last applied or wrote (a permalink it made itself is not applied again). */
let appliedHash = location.hash;
// `ready` means interactive: the catalog, the declarations and the composer work. The shell's Worker
// (just-bash, about 350 KiB gzipped) starts once that is done (startPlaygroundStore); a call made
// before it is up waits for it. A scenario link re-runs calls, so then `ready` waits for it too.
const ready = startPlaygroundStore(playground).then(() => applyLink(true));
window.playground = createPlaygroundApi(playground, ready);
// The providers entry holds the o200k tokenizer (about 1 MB gzipped): it is fetched once the workspace
// is up and the page is idle, so it holds up neither the page nor the first calls; token counts show an
// estimate until then.
void workspaceStarted(playground).then(
  () =>
    (globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200)))(
      () => void playground.declarations.loadProviders(),
    ),
  () => undefined,
);
// A permalink pasted into the address bar of an open tab only changes the hash: apply it then.
window.addEventListener('hashchange', () => {
  if (location.hash === appliedHash) return;
  appliedHash = location.hash;
  void ready.then(() => applyLink(false));
});

/** The page behind the playground takes its theme (styles.css reads `data-theme` on the root). */
function applyPageTheme(theme: Theme): void {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}
applyPageTheme(embedOptions(location.search)?.theme ?? savedTheme());

/** Every panel: the page is the full playground, replay included. */
const PAGE_PANELS: readonly PlaygroundPanel[] = [...DEFAULT_PANELS, 'replay'];

/**
 * The header's controls (the backend switch, Share) are fetched with the first render: they are not
 * needed to start, and the entry chunk has a budget.
 */
const BackendStatus = lazy(() =>
  import('./components/BackendStatus/BackendStatus.tsx').then((module) => ({
    default: module.BackendStatus,
  })),
);
const SharePanel = lazy(() =>
  import('./components/SharePanel/SharePanel.tsx').then((module) => ({ default: module.SharePanel })),
);
const embed = embedOptions(location.search);
createRoot(container).render(
  <StrictMode>
    {embed ? (
      <PlaygroundRoot store={playground} theme={embed.theme ?? undefined} onThemeChange={applyPageTheme}>
        <EmbedView options={embed} />
      </PlaygroundRoot>
    ) : (
      <Playground
        store={playground}
        panels={PAGE_PANELS}
        agent={true}
        onThemeChange={applyPageTheme}
        toolbar={
          <Suspense fallback={null}>
            <BackendStatus />
            <SharePanel />
          </Suspense>
        }
      />
    )}
  </StrictMode>,
);
