import type { ToolSuite } from 'browser-agent-tools';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { errorMessage } from '../../../shared/index.ts';
import { PlaygroundContext } from '../../hooks/use-playground.ts';
import { savedTheme, saveTheme, type Theme, ThemeContext } from '../../hooks/use-theme.ts';
import type { ApprovalPrompt } from '../../state/approval-prompt.ts';
import type { Playground as PlaygroundStore } from '../../state/playground.ts';
import { createPlaygroundStore, type PlaygroundStoreOptions } from '../../state/playground-store.ts';
import type { Scenario } from '../../state/scenario.ts';
import type { Workspace } from '../../state/types.ts';
import { type AgentOption, App, DEFAULT_PANELS, type PlaygroundPanel } from '../App/App.tsx';
import styles from './Playground.module.css';

/** The approval prompt, only for a host that passed `approvals`: out of the page's entry chunk. */
const ApprovalDialog = lazy(() =>
  import('../ApprovalDialog/ApprovalDialog.tsx').then((module) => ({ default: module.ApprovalDialog })),
);

export type { PlaygroundPanel } from '../App/App.tsx';

export interface PlaygroundRootProps {
  store: PlaygroundStore;
  /** A fixed theme; without it the user picks one with the toggle and the choice is remembered. */
  theme?: Theme | undefined;
  /** Called when the user picks a theme with the toggle. */
  onThemeChange?: ((theme: Theme) => void) | undefined;
  children: ReactNode;
}

/**
 * The element every part of the playground is drawn in: its scoped styles and theme, the stores for
 * the components below, and the approval prompt of a suite whose policy asks.
 */
export function PlaygroundRoot({ store, theme, onThemeChange, children }: PlaygroundRootProps) {
  const [chosen, setChosen] = useState<Theme>(savedTheme);
  const choose = (next: Theme): void => {
    setChosen(next);
    saveTheme(next);
    onThemeChange?.(next);
  };
  const shown = theme ?? chosen;
  return (
    <div
      className={styles.root}
      data-theme={shown === 'system' ? undefined : shown}
      data-testid="playground-root"
    >
      <ThemeContext.Provider value={{ theme: shown, choose: theme ? null : choose }}>
        <PlaygroundContext.Provider value={store}>
          {store.approvals && (
            <Suspense fallback={null}>
              <ApprovalDialog approvals={store.approvals} />
            </Suspense>
          )}
          {children}
        </PlaygroundContext.Provider>
      </ThemeContext.Provider>
    </div>
  );
}

export interface PlaygroundProps {
  /**
   * The suite to show: its catalog, workspace and policy, as the host made it. The component makes
   * its stores with `createPlaygroundStore(suite, storeOptions)` once, on its first render.
   */
  suite?: ToolSuite<Workspace>;
  /** Stores made beforehand (`createPlaygroundStore`), instead of `suite`; started by the component. */
  store?: PlaygroundStore;
  /** Options of `createPlaygroundStore` when `suite` is given. */
  storeOptions?: PlaygroundStoreOptions;
  /** The prompt whose `onApproval` the suite was created with: its requests show in the page. */
  approvals?: ApprovalPrompt;
  /**
   * The panels to show, in any order. Default: composer, channels, history, declarations, workspace,
   * catalog, and the MCP panel when `storeOptions.loadMcp` is given.
   */
  panels?: readonly PlaygroundPanel[];
  /** Applied once the stores have started: its files, registered tools, modes, then its calls. */
  scenario?: Scenario;
  /** A fixed theme; without it a toggle picks one (remembered in this browser). */
  theme?: Theme;
  /** Called when the user picks a theme with the toggle. */
  onThemeChange?: (theme: Theme) => void;
  /**
   * The Agent panel: `false` (default) hides it; `true` shows it (the demo model, or a server the user
   * names); `{ model }` makes the host's model its first choice. It runs with `storeOptions.loadAgent`.
   */
  agent?: AgentOption;
  /** The heading. Default: "browser-agent-tools playground". */
  title?: ReactNode;
  /** More controls for the header, beside the theme toggle. */
  toolbar?: ReactNode;
}

/** Stores started once each, whatever re-renders or StrictMode's double effects do. */
const started = new WeakMap<PlaygroundStore, Promise<void>>();
/** Stores a `scenario` prop was applied to. */
const applied = new WeakSet<PlaygroundStore>();

/**
 * Runs `later` once the page is idle (or after a moment where `requestIdleCallback` is missing), so
 * what it fetches does not compete with the first paint and the first interactions.
 */
function whenIdle(later: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(later, { timeout: 1000 });
  else setTimeout(later, 50);
}

/** The workspaces started once the page was idle, by store. */
const workspaces = new WeakMap<PlaygroundStore, Promise<void>>();

/**
 * Prepares `store` once (catalog, declarations, codemode: the page is interactive when it resolves),
 * then starts its workspace when the page is idle ({@link workspaceStarted}): the embedded shell's
 * Worker is the largest part of the start-up and a call waits for it anyway. Later calls (the
 * component's, the page's) get the same promise.
 */
export function startPlaygroundStore(store: PlaygroundStore): Promise<void> {
  let start = started.get(store);
  if (!start) {
    start = store.prepare();
    started.set(store, start);
    workspaces.set(
      store,
      start.then(() => new Promise<void>((resolve) => whenIdle(resolve))).then(() => store.start()),
    );
  }
  return start;
}

/**
 * Resolves when the workspace {@link startPlaygroundStore} started is up (rejects when it could not
 * start): what loads after it, such as the tokenizer, then does not compete with the Worker.
 */
export function workspaceStarted(store: PlaygroundStore): Promise<void> {
  return workspaces.get(store) ?? startPlaygroundStore(store).then(() => workspaceStarted(store));
}

/** Prepares `store`, then starts it and applies `scenario` (once per store). */
async function startWithScenario(store: PlaygroundStore, scenario: Scenario | undefined): Promise<void> {
  await startPlaygroundStore(store);
  if (!scenario || applied.has(store)) return;
  applied.add(store);
  await store.start();
  await store.reset(scenario);
}

/** The stores the component made, by suite: one per suite, whatever StrictMode or a remount does. */
const madeFor = new WeakMap<ToolSuite<Workspace>, PlaygroundStore>();
const madeHere = new WeakSet<PlaygroundStore>();

/** The stores of the props: the ones given, or the ones made over the suite (once per suite). */
function storeOf({ suite, store, storeOptions, approvals, agent }: PlaygroundProps): PlaygroundStore {
  if (store) return store;
  if (!suite) throw new Error('<Playground> needs a `suite` (or a `store` made with createPlaygroundStore).');
  let made = madeFor.get(suite);
  if (!made) {
    made = createPlaygroundStore(suite, {
      ...storeOptions,
      ...(approvals ? { approvals } : {}),
      ...(typeof agent === 'object' ? { agentModel: agent.model } : {}),
    });
    madeFor.set(suite, made);
    madeHere.add(made);
  }
  return made;
}

/**
 * Starts the stores; for stores it made, the providers entry loads once the workspace is up (a page
 * that made its own stores decides when).
 */
function startStore(store: PlaygroundStore, scenario: Scenario | undefined): void {
  startWithScenario(store, scenario)
    .then(() => workspaceStarted(store))
    .then(
      () => (madeHere.has(store) ? store.declarations.loadProviders() : undefined),
      (error: unknown) => store.notify('error', `The playground could not start: ${errorMessage(error)}`),
    );
}

/** The default panels; the MCP panel only when the stores can load the MCP entry. */
function panelsFor(store: PlaygroundStore): readonly PlaygroundPanel[] {
  return DEFAULT_PANELS.filter((panel) => panel !== 'mcp' || store.loadMcp !== undefined);
}

/**
 * The playground over a suite: the composer and the result channels of each call, the history, the
 * exact declarations the model gets next, the workspace and the catalog.
 */
export function Playground(props: PlaygroundProps) {
  const [store] = useState(() => storeOf(props));
  useEffect(() => startStore(store, props.scenario), [store, props.scenario]);
  return (
    <PlaygroundRoot store={store} theme={props.theme} onThemeChange={props.onThemeChange}>
      <App
        panels={props.panels ?? panelsFor(store)}
        agent={props.agent ?? false}
        title={props.title}
        toolbar={props.toolbar}
      />
    </PlaygroundRoot>
  );
}
