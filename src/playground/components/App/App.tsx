import type { AgentModel } from 'browser-agent-tools/agent';
import { lazy, type ReactNode, Suspense } from 'react';
import { CatalogPanel } from '../CatalogPanel/CatalogPanel.tsx';
import { Composer } from '../Composer/Composer.tsx';
import { DeclarationsPanel } from '../DeclarationsPanel/DeclarationsPanel.tsx';
import { HistoryPanel } from '../HistoryPanel/HistoryPanel.tsx';
import { PageNotice } from '../PageNotice/PageNotice.tsx';
import { ResultPanel } from '../ResultPanel/ResultPanel.tsx';
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

/** The panels a playground can show (the Agent panel has a prop of its own). */
export type PlaygroundPanel =
  | 'composer'
  | 'channels'
  | 'history'
  | 'declarations'
  | 'workspace'
  | 'catalog'
  | 'mcp'
  | 'replay';

/** What a playground shows when its host does not say. */
export const DEFAULT_PANELS: readonly PlaygroundPanel[] = [
  'composer',
  'channels',
  'history',
  'declarations',
  'workspace',
  'catalog',
  'mcp',
];

/** The Agent panel: hidden, shown (with the panel's providers and the demo model), or on the host's model. */
export type AgentOption = boolean | { model: AgentModel };

export interface AppProps {
  panels?: readonly PlaygroundPanel[] | undefined;
  agent: AgentOption;
  title?: ReactNode;
  toolbar?: ReactNode;
}

const PANELS: Record<Exclude<PlaygroundPanel, 'replay'>, () => ReactNode> = {
  composer: () => <Composer key="composer" />,
  channels: () => <ResultPanel key="channels" />,
  history: () => <HistoryPanel key="history" />,
  declarations: () => <DeclarationsPanel key="declarations" />,
  workspace: () => <WorkspacePanel key="workspace" />,
  catalog: () => <CatalogPanel key="catalog" />,
  mcp: () => (
    <Suspense key="mcp" fallback={null}>
      <McpConnectPanel />
    </Suspense>
  ),
};

/** The three columns, each with its skip link; a column none of whose panels is shown is left out. */
const COLUMNS = [
  {
    id: 'calls',
    label: 'Skip to the call composer and results',
    panels: ['composer', 'channels', 'history'],
  },
  { id: 'declarations', label: 'Skip to the declarations', panels: ['declarations', 'workspace'] },
  { id: 'catalog', label: 'Skip to the catalog', panels: ['catalog', 'mcp'] },
] as const;

/** Links that appear on the first Tab and jump past the header to the main panels. */
function SkipLinks({ targets }: { targets: readonly { id: string; label: string }[] }) {
  return (
    <nav aria-label="Skip links" className={styles.skipLinks} data-testid="skip-links">
      {targets.map(({ id, label }) => (
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

/** The playground: the declaration list beside each call's rendered result channels. */
export function App({ panels = DEFAULT_PANELS, agent, title, toolbar }: AppProps) {
  const columns = COLUMNS.map((column) => ({
    ...column,
    shown: column.panels.filter((panel) => panels.includes(panel)),
  })).filter((column) => column.shown.length > 0);
  return (
    <div className={styles.app}>
      <SkipLinks targets={columns} />
      <header className={styles.top}>
        <div className={styles.title}>
          <h1>{title ?? 'browser-agent-tools playground'}</h1>
          <p className={textStyles.muted}>
            The exact tool list the model gets next, beside each call's output, structured output, details and
            control.
          </p>
        </div>
        {toolbar}
        <ThemeToggle />
      </header>
      <main>
        <PageNotice />
        <div className={styles.layout} data-columns={columns.length}>
          {columns.map((column) => (
            <div
              key={column.id}
              className={column.id === 'catalog' ? `${styles.column} ${styles.catalogColumn}` : styles.column}
              id={column.id}
              tabIndex={-1}
            >
              {column.shown.map((panel) => PANELS[panel]())}
            </div>
          ))}
        </div>
        {panels.includes('replay') && (
          <Suspense fallback={<p className={textStyles.note}>Loading the transcript replay…</p>}>
            <ReplayPanel />
          </Suspense>
        )}
        {agent !== false && (
          <Suspense fallback={<p className={textStyles.note}>Loading the Agent panel…</p>}>
            <AgentPanel />
          </Suspense>
        )}
      </main>
    </div>
  );
}
