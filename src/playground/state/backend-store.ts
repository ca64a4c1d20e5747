/**
 * Which backend the workspace runs on, and the one Workspace the suite is given: a delegate that
 * forwards every call to the active backend. The embedded shell (just-bash in a Web Worker) starts
 * first and stays the default; a WebContainer is booted only when the user picks it, and a failed or
 * timed-out boot falls back to the embedded shell with the reason in plain words. Framework-free.
 */
import { errorMessage } from '../../shared/index.ts';
import type { ScenarioFile } from './scenario.ts';
import { createStore, type Store } from './store.ts';
import type { Workspace } from './types.ts';
import { readAllFiles, replaceFiles, toInitialFiles } from './workspace-files.ts';

type BackendKind = 'embedded' | 'webcontainer';

/** What booting a WebContainer gave: a workspace, or why not. */
export type WebContainerBoot = { ok: true; workspace: Workspace } | { ok: false; reason: string };

export interface BackendDeps {
  /** Creates the embedded workspace holding `files` (the playground: in a Web Worker). */
  createEmbedded(
    files: Record<string, string | Uint8Array>,
    onReset: (reason: string) => void,
  ): Promise<Workspace>;
  /** Boots a WebContainer workspace, giving up after `timeoutMs`. */
  bootWebContainer(timeoutMs: number): Promise<WebContainerBoot>;
  /** Whether the page is cross-origin isolated (a WebContainer needs it). */
  isolated(): boolean;
}

export interface BackendState {
  /** The backend calls go to; `null` until the embedded one has started. */
  readonly active: BackendKind | null;
  readonly phase: 'starting' | 'ready' | 'booting' | 'failed';
  /** One sentence for the status bar. */
  readonly message: string;
  /** Why the last WebContainer attempt fell back to the embedded backend. */
  readonly fallbackReason: string | null;
  /** How long a WebContainer boot may take before the fallback. */
  readonly bootTimeoutMs: number;
  /** The last time the embedded shell had to be restarted, and why. */
  readonly lastReset: string | null;
}

export type BackendEvent =
  | { type: 'ready'; kind: BackendKind }
  | { type: 'fallback'; reason: string }
  | { type: 'workspace-reset'; reason: string }
  | { type: 'files-replaced' };

export interface BackendStore {
  readonly store: Store<BackendState, BackendEvent>;
  /** The Workspace given to the suite: follows the active backend, waits while one starts. */
  readonly workspace: Workspace;
  /** Starts the embedded backend with `files`. Resolves when it is ready. */
  start(files: Record<string, ScenarioFile>): Promise<void>;
  /** Resolves when a backend is ready. */
  ready(): Promise<Workspace>;
  /** Boots a WebContainer and moves the files over; falls back to the embedded backend on failure. */
  switchToWebContainer(): Promise<void>;
  /** Goes back to the embedded backend, moving the files over. */
  switchToEmbedded(): Promise<void>;
  setBootTimeout(ms: number): void;
  /** Replaces every file of the active backend (the embedded one restarts holding `files`). */
  replaceFiles(files: Record<string, ScenarioFile>): Promise<void>;
  /**
   * Starts the embedded backend again holding the files it holds now (the persistence toggle does, so
   * the new one saves them under the new key). Calls made meanwhile wait for the new backend, calls
   * already running finish before the files are read: none lands on the old one unseen. On a
   * WebContainer, nothing changes.
   */
  restart(): Promise<void>;
}

/** Default time a WebContainer boot may take: 30 s (a cold start downloads the runtime). */
const DEFAULT_BOOT_TIMEOUT_MS = 30_000;

const EMBEDDED_LABEL = 'the embedded shell (just-bash) in a Web Worker';
const WEBCONTAINER_LABEL = 'a WebContainer (StackBlitz)';

export const NOT_ISOLATED_REASON =
  'This page is not cross-origin isolated (the server must send the COOP and COEP headers), and a WebContainer needs that.';

const readyMessage = (kind: BackendKind): string =>
  kind === 'embedded'
    ? `Ready: ${EMBEDDED_LABEL}. No command can freeze this page.`
    : `Ready: ${WEBCONTAINER_LABEL}, a Node.js environment in the page.`;

/**
 * Counts the workspace calls in flight by epoch: a switch of workspace starts a new epoch and waits for
 * the calls of the earlier ones, so none of them lands on the old workspace after its files were read.
 */
function createCallTracker() {
  let epoch = 0;
  const pending = new Map<number, number>();
  let waiters: (() => void)[] = [];
  const settled = (): boolean => [...pending].every(([at, count]) => at >= epoch || count === 0);
  return {
    async track<T>(run: () => Promise<T>): Promise<T> {
      const at = epoch;
      pending.set(at, (pending.get(at) ?? 0) + 1);
      try {
        return await run();
      } finally {
        pending.set(at, (pending.get(at) ?? 1) - 1);
        if (settled()) {
          for (const wake of waiters) wake();
          waiters = [];
        }
      }
    },
    /** Starts a new epoch; resolves when every call of the earlier ones has settled. */
    nextEpoch(): Promise<void> {
      epoch += 1;
      if (settled()) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}

/** Wraps every call of a workspace: the delegate runs them through a {@link createCallTracker}. */
type Track = <T>(run: () => Promise<T>) => Promise<T>;
const untracked: Track = (run) => run();

/**
 * The Workspace given to the suite: every call waits for a backend (`target`) and goes to it. `lstat`
 * and `readlink` exist when the active backend has them (or while none is active yet); `statType` only
 * while the active backend has it (the WebContainer: ls then lists without reading every file).
 */
export function delegateWorkspace(
  current: () => Workspace | null,
  target: () => Promise<Workspace>,
  track: Track = untracked,
): Workspace {
  const on = <T>(run: (workspace: Workspace) => Promise<T>): Promise<T> =>
    track(async () => run(await target()));
  return {
    get backend() {
      return current()?.backend ?? 'just-bash';
    },
    get root() {
      return current()?.root ?? '/workspace';
    },
    get spillDir() {
      return current()?.spillDir ?? '/tmp/tool-output';
    },
    get shellDescription() {
      return current()?.shellDescription;
    },
    readFile: (path) => on((workspace) => workspace.readFile(path)),
    writeFile: (path, data) => on((workspace) => workspace.writeFile(path, data)),
    mkdir: (path, options) => on((workspace) => workspace.mkdir(path, options)),
    readdir: (path) => on((workspace) => workspace.readdir(path)),
    stat: (path) => on((workspace) => workspace.stat(path)),
    get statType() {
      if (!current()?.statType) return undefined;
      return (path: string) =>
        on(async (workspace) =>
          workspace.statType ? workspace.statType(path) : (await workspace.stat(path)).type,
        );
    },
    get lstat() {
      if (current() && !current()?.lstat) return undefined;
      return (path: string) =>
        on((workspace) => (workspace.lstat ? workspace.lstat(path) : workspace.stat(path)));
    },
    get readlink() {
      if (current() && !current()?.readlink) return undefined;
      return (path: string) =>
        on(async (workspace) => {
          if (!workspace.readlink) throw new Error('readlink is not supported by this backend.');
          return workspace.readlink(path);
        });
    },
    rm: (path, options) => on((workspace) => workspace.rm(path, options)),
    rename: (from, to) => on((workspace) => workspace.rename(from, to)),
    exec: (command, options) => on((workspace) => workspace.exec(command, options)),
  };
}

/**
 * Boots a WebContainer within `timeoutMs` and copies the files of `source` into it. Says why when it
 * did not work. The boot gives its own reason at `timeoutMs`; the guard, two seconds later, only ends a
 * boot whose loading never settled (on a busy machine the boot's own timer can fire late).
 */
/** How long after the boot's own timeout the guard gives up on it. */
const BOOT_GUARD_MS = 2_000;

async function bootWebContainerWithFiles(
  deps: BackendDeps,
  timeoutMs: number,
  source: () => Promise<Workspace>,
): Promise<WebContainerBoot> {
  const seconds = Math.round(timeoutMs / 100) / 10;
  const guard = new Promise<WebContainerBoot>((resolve) =>
    setTimeout(
      () =>
        resolve({
          ok: false,
          reason: `The WebContainer did not start within ${seconds} s. Likely causes: stackblitz.com cannot be reached, or the browser blocks cookies and storage for its frame.`,
        }),
      timeoutMs + BOOT_GUARD_MS,
    ),
  );
  let boot: WebContainerBoot;
  try {
    boot = await Promise.race([deps.bootWebContainer(timeoutMs), guard]);
  } catch (error) {
    boot = { ok: false, reason: errorMessage(error) };
  }
  if (!boot.ok) return boot;
  try {
    // Replaced, not added to: a page has one container, reused when the user switches back, and it
    // still holds the files of the last visit, some deleted since.
    await replaceFiles(boot.workspace, await readAllFiles(await source()));
  } catch (error) {
    return {
      ok: false,
      reason: `The WebContainer started, but the files could not be copied into it (${errorMessage(error)}).`,
    };
  }
  return boot;
}

/**
 * Which workspace is active. Calls made before the first backend is ready wait for it; later ones go
 * to the active backend.
 */
function createActiveWorkspace() {
  let current: Workspace | null = null;
  let active: Promise<Workspace> = new Promise<Workspace>(() => undefined);
  let resolveFirst: ((workspace: Workspace) => void) | null = null;
  const first = new Promise<Workspace>((resolve) => {
    resolveFirst = resolve;
  });
  return {
    current: (): Workspace | null => current,
    wait: (): Promise<Workspace> => (current ? active : first),
    activate(workspace: Workspace): void {
      current = workspace;
      active = Promise.resolve(workspace);
      resolveFirst?.(workspace);
      resolveFirst = null;
    },
    /** Calls from now on wait for `next` (the workspace a switch will activate). */
    hold(next: Promise<Workspace>): void {
      active = next;
    },
  };
}

/**
 * Starts embedded workspaces: each holds the files it is given; the one before is disposed of once
 * the new one is ready.
 */
function createEmbeddedStarter(deps: BackendDeps, onReset: (reason: string) => void) {
  let embedded: Promise<Workspace> | null = null;
  return async (files: Record<string, ScenarioFile>): Promise<Workspace> => {
    const previous = embedded;
    const next = deps.createEmbedded(toInitialFiles(files), onReset);
    embedded = next;
    const workspace = await next;
    if (previous) void previous.then((old) => old.dispose?.()).catch(() => undefined);
    return workspace;
  };
}

const bootingMessage = (timeoutMs: number): string =>
  `Starting ${WEBCONTAINER_LABEL}… The embedded shell keeps working; the attempt gives up after ${Math.round(timeoutMs / 100) / 10} s.`;

/** The state once `kind` is ready; a WebContainer that started clears why an earlier attempt fell back. */
function readyState(kind: BackendKind): Partial<BackendState> {
  const cleared = kind === 'webcontainer' ? { fallbackReason: null } : {};
  return { active: kind, phase: 'ready', message: readyMessage(kind), ...cleared };
}

export function createBackendStore(deps: BackendDeps): BackendStore {
  const handle = createStore<BackendState, BackendEvent>({
    active: null,
    phase: 'starting',
    message: `Starting ${EMBEDDED_LABEL}…`,
    fallbackReason: null,
    bootTimeoutMs: DEFAULT_BOOT_TIMEOUT_MS,
    lastReset: null,
  });
  let container: Workspace | null = null;
  const { current, wait, activate, hold } = createActiveWorkspace();
  const tracker = createCallTracker();
  const startEmbedded = createEmbeddedStarter(deps, (reason) =>
    handle.set({ lastReset: reason }, { type: 'workspace-reset', reason }),
  );

  const fallBack = (reason: string): void => {
    handle.set(
      { phase: 'ready', fallbackReason: reason, message: readyMessage('embedded') },
      { type: 'fallback', reason },
    );
  };

  const readyOn = (kind: BackendKind): void => handle.set(readyState(kind), { type: 'ready', kind });

  return {
    store: handle.store,
    workspace: delegateWorkspace(current, wait, tracker.track),
    async start(files) {
      try {
        activate(await startEmbedded(files));
        readyOn('embedded');
      } catch (error) {
        handle.set({
          phase: 'failed',
          message: `The embedded shell could not start: ${errorMessage(error)}`,
        });
        throw error;
      }
    },
    ready: wait,
    async switchToWebContainer() {
      const state = handle.get();
      if (state.phase === 'booting' || state.active === 'webcontainer') return;
      if (!deps.isolated()) return fallBack(NOT_ISOLATED_REASON);
      handle.set({ phase: 'booting', fallbackReason: null, message: bootingMessage(state.bootTimeoutMs) });
      const boot = await bootWebContainerWithFiles(deps, state.bootTimeoutMs, wait);
      if (!boot.ok) return fallBack(boot.reason);
      container = boot.workspace;
      activate(container);
      readyOn('webcontainer');
    },
    async switchToEmbedded() {
      if (handle.get().active !== 'webcontainer' || !container) return;
      const files = await readAllFiles(container);
      activate(await startEmbedded(files));
      // Its processes stop; the container itself stays up, for the next switch back.
      void container.dispose?.()?.catch(() => undefined);
      readyOn('embedded');
    },
    setBootTimeout(ms) {
      if (Number.isFinite(ms) && ms > 0) handle.set({ bootTimeoutMs: Math.round(ms) });
    },
    async replaceFiles(files) {
      await wait();
      if (handle.get().active === 'webcontainer' && container) {
        await replaceFiles(container, files);
      } else {
        activate(await startEmbedded(files));
      }
      handle.set({ lastReset: null }, { type: 'files-replaced' });
    },
    async restart() {
      if (await switchEmbedded({ wait, hold, activate, tracker, startEmbedded }, () => handle.get().active))
        handle.set({ lastReset: null }, { type: 'files-replaced' });
    },
  };
}

/** What {@link switchEmbedded} works with: the active workspace's controls and the embedded starter. */
interface EmbeddedSwitch {
  wait(): Promise<Workspace>;
  hold(next: Promise<Workspace>): void;
  activate(workspace: Workspace): void;
  tracker: ReturnType<typeof createCallTracker>;
  startEmbedded(files: Record<string, ScenarioFile>): Promise<Workspace>;
}

/**
 * Starts a new embedded workspace with the files of the active one (see `BackendStore.restart`);
 * `false` when the active backend is not the embedded one.
 */
async function switchEmbedded(parts: EmbeddedSwitch, active: () => BackendKind | null): Promise<boolean> {
  const old = await parts.wait();
  if (active() !== 'embedded') return false;
  let settle: (workspace: Workspace) => void = () => undefined;
  parts.hold(new Promise<Workspace>((resolve) => (settle = resolve)));
  try {
    await parts.tracker.nextEpoch();
    const next = await parts.startEmbedded(await readAllFiles(old));
    parts.activate(next);
    settle(next);
  } catch (error) {
    // Calls that waited go to the old workspace, which says so if it was released.
    parts.activate(old);
    settle(old);
    throw error;
  }
  return true;
}
