/**
 * Entry of index.html: builds the playground with the browser's pieces (the embedded shell in a Web
 * Worker, the lazily loaded WebContainer, providers, codemode and agent entries, and the demo catalog,
 * also a lazy chunk), applies a scenario from the URL hash, exposes `window.playground`, and mounts the
 * `<Playground>` component over it, as any host would. Imports the library by package name only.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bootWebContainerBackend, createEmbeddedWorkerWorkspace } from './backends.ts';
import type { PlaygroundPanel } from './components/App/App.tsx';
import { BackendStatus } from './components/BackendStatus/BackendStatus.tsx';
import { EmbedView } from './components/EmbedView/EmbedView.tsx';
import { Playground, PlaygroundRoot, startPlaygroundStore } from './components/Playground/Playground.tsx';
import { SharePanel } from './components/SharePanel/SharePanel.tsx';
import { DEMO_FILES } from './demo/demo-files.ts';
import { embedOptions } from './embed.ts';
import { savedTheme, type Theme } from './hooks/use-theme.ts';
import { createPlayground } from './state/playground.ts';
import { createPlaygroundApi, type PlaygroundApi } from './state/playground-api.ts';
import { decodeScenario, type Scenario, scenarioDataFromHash } from './state/scenario.ts';
import { messageOf } from './state/store.ts';
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
 * tab (a bad one leaves the state as it was).
 */
async function applyLink(opening: boolean): Promise<void> {
  const data = scenarioDataFromHash(location.hash);
  if (data === null) return;
  let scenario: Scenario;
  try {
    scenario = await decodeScenario(data);
  } catch (error) {
    const fallback = opening ? 'The page shows the demo instead.' : 'The page keeps what it showed.';
    playground.notify('error', `This link could not be read: ${messageOf(error)} ${fallback}`);
    return;
  }
  try {
    const entries = await playground.reset(scenario);
    playground.notify(
      'info',
      `Loaded the scenario from the link: ${Object.keys(scenario.files ?? {}).length} files, ${scenario.tools?.length ?? 0} registered tools, ${entries.length} calls re-run.`,
    );
  } catch (error) {
    playground.notify('error', `The scenario of this link could not be rebuilt: ${messageOf(error)}`);
  }
}

/** The hash the page last applied or wrote (a permalink it made itself is not applied again). */
let appliedHash = location.hash;
const ready = startPlaygroundStore(playground).then(() => applyLink(true));
window.playground = createPlaygroundApi(playground, ready);
// The providers entry holds the o200k tokenizer (about 1 MB gzipped): it is fetched once the page is
// ready and idle, so it does not hold up the first calls; token counts show "counting…" until then.
void ready.then(() =>
  (globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200)))(
    () => void playground.declarations.loadProviders(),
  ),
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
applyPageTheme(savedTheme());

/** Every panel: the page is the full playground. */
const PAGE_PANELS: readonly PlaygroundPanel[] = [
  'composer',
  'channels',
  'history',
  'declarations',
  'workspace',
  'catalog',
  'mcp',
  'replay',
];

const embed = embedOptions(location.search);
createRoot(container).render(
  <StrictMode>
    {embed ? (
      <PlaygroundRoot store={playground} onThemeChange={applyPageTheme}>
        <EmbedView options={embed} />
      </PlaygroundRoot>
    ) : (
      <Playground
        store={playground}
        panels={PAGE_PANELS}
        agent={true}
        onThemeChange={applyPageTheme}
        toolbar={
          <>
            <BackendStatus />
            <SharePanel />
          </>
        }
      />
    )}
  </StrictMode>,
);
