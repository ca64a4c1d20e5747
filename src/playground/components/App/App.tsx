import { lazy, Suspense } from 'react';
import type { EmbedOptions } from '../../embed.ts';
import { BackendStatus } from '../BackendStatus/BackendStatus.tsx';
import { CatalogPanel } from '../CatalogPanel/CatalogPanel.tsx';
import { Composer } from '../Composer/Composer.tsx';
import { DeclarationsPanel } from '../DeclarationsPanel/DeclarationsPanel.tsx';
import { EmbedView } from '../EmbedView/EmbedView.tsx';
import { HistoryPanel } from '../HistoryPanel/HistoryPanel.tsx';
import { PageNotice } from '../PageNotice/PageNotice.tsx';
import { ResultPanel } from '../ResultPanel/ResultPanel.tsx';
import { SharePanel } from '../SharePanel/SharePanel.tsx';
import textStyles from '../shared/text.module.css';
import { ThemeToggle } from '../ThemeToggle/ThemeToggle.tsx';
import { WorkspacePanel } from '../WorkspacePanel/WorkspacePanel.tsx';
import styles from './App.module.css';

/** Loaded after the first render: these panels are below the fold and not needed to start. */
const AgentPanel = lazy(() =>
  import('../AgentPanel/AgentPanel.tsx').then((module) => ({ default: module.AgentPanel })),
);
const McpConnectPanel = lazy(() =>
  import('../McpConnectPanel/McpConnectPanel.tsx').then((module) => ({ default: module.McpConnectPanel })),
);
const ReplayPanel = lazy(() =>
  import('../ReplayPanel/ReplayPanel.tsx').then((module) => ({ default: module.ReplayPanel })),
);

export interface AppProps {
  /** `?embed=1`: the panels the URL names, for an iframe in documentation; `null` for the full page. */
  embed: EmbedOptions | null;
}

const SKIP_TARGETS = [
  ['calls', 'Skip to the call composer and results'],
  ['declarations', 'Skip to the declarations'],
  ['catalog', 'Skip to the catalog'],
] as const;

/** Links that appear on the first Tab and jump past the header to the main panels. */
function SkipLinks() {
  return (
    <nav aria-label="Skip links" className={styles.skipLinks} data-testid="skip-links">
      {SKIP_TARGETS.map(([id, label]) => (
        <a key={id} href={`#${id}`} onClick={skipTo(id)}>
          {label}
        </a>
      ))}
    </nav>
  );
}

/** Moves focus to the panel without touching the URL hash (the hash holds the scenario). */
const skipTo = (id: string) => (event: { preventDefault(): void }) => {
  event.preventDefault();
  const target = document.getElementById(id);
  target?.focus();
  target?.scrollIntoView();
};

/** The playground page: the declaration list beside each call's rendered result channels. */
export function App({ embed }: AppProps) {
  if (embed) return <EmbedView options={embed} />;
  return (
    <div className={styles.app}>
      <SkipLinks />
      <header className={styles.top}>
        <div className={styles.title}>
          <h1>browser-agent-tools playground</h1>
          <p className={textStyles.muted}>
            The exact tool list the model gets next, beside each call's output, structured output, details and
            control.
          </p>
        </div>
        <BackendStatus />
        <SharePanel />
        <ThemeToggle />
      </header>
      <main>
        <PageNotice />
        <div className={styles.layout}>
          <div className={styles.column} id="calls" tabIndex={-1}>
            <Composer />
            <ResultPanel />
            <HistoryPanel />
          </div>
          <div className={styles.column} id="declarations" tabIndex={-1}>
            <DeclarationsPanel />
            <WorkspacePanel />
          </div>
          <div className={`${styles.column} ${styles.catalogColumn}`} id="catalog" tabIndex={-1}>
            <CatalogPanel />
            <Suspense fallback={null}>
              <McpConnectPanel />
            </Suspense>
          </div>
        </div>
        <Suspense fallback={<p className={textStyles.note}>Loading the transcript replay…</p>}>
          <ReplayPanel />
        </Suspense>
        <Suspense fallback={<p className={textStyles.note}>Loading the Agent panel…</p>}>
          <AgentPanel />
        </Suspense>
      </main>
    </div>
  );
}
