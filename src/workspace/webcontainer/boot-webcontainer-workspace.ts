/**
 * Boots a WebContainer and wraps it in a Workspace, or says in plain words why it cannot, fast enough
 * for a page to fall back to the embedded backend. `@webcontainer/api` is loaded here with a dynamic
 * `import()`, so a consumer that never boots never downloads it. Imports this folder and the types of
 * `@webcontainer/api` only.
 *
 * Why a timeout: offline (or with StackBlitz unreachable) `WebContainer.boot()` never settles. It waits
 * for a message from a stackblitz.com iframe that never loads, with no error and no timeout of its own,
 * and a second `boot()` waits on the same promise. So a boot that outlived its timeout cannot be
 * retried without reloading the page; this module remembers it and says so.
 */
import type { BootOptions, WebContainer } from '@webcontainer/api';
import type { Workspace } from '../workspace.ts';
import {
  createWebContainerWorkspace,
  type WebContainerLike,
  type WebContainerWorkspaceOptions,
} from './webcontainer-workspace.ts';

/** Options of {@link bootWebContainerWorkspace}. */
export interface BootWebContainerWorkspaceOptions<W extends WebContainerLike = WebContainer> {
  /** Milliseconds to wait for the boot before giving up. Default: 10,000. */
  timeoutMs?: number;
  /** Folder name of the container's workdir (cosmetic; a single name). Default: chosen by WebContainer. */
  workdirName?: string;
  /**
   * The COEP header value the page is served with; must match the page's headers. Default:
   * `require-corp`.
   */
  coep?: BootOptions['coep'];
  /** Options of the workspace created over the booted container. Default: its defaults. */
  workspace?: WebContainerWorkspaceOptions;
  /**
   * Boots the container. Default: `WebContainer.boot` from a dynamic `import('@webcontainer/api')`.
   * Tests pass a fake. A boot that outlived its timeout is remembered per function.
   */
  boot?: (options: BootOptions) => Promise<W>;
  /** Whether the page is cross-origin isolated. Default: `globalThis.crossOriginIsolated === true`. */
  isolated?: () => boolean;
}

/** What {@link bootWebContainerWorkspace} resolves to: a workspace, or a reason to fall back. */
export type WebContainerBootResult<W extends WebContainerLike = WebContainer> =
  | { ok: true; workspace: Workspace; webcontainer: W }
  | { ok: false; reason: string };

/** Default boot timeout in milliseconds. */
export const DEFAULT_BOOT_TIMEOUT_MS = 10_000;

/** The reason given when the page lacks cross-origin isolation. */
export const NOT_ISOLATED_REASON =
  'This page is not cross-origin isolated (COOP/COEP headers missing), so a WebContainer cannot start.';

/** The reason given on a call made while an earlier boot that timed out is still pending. */
export const STILL_PENDING_REASON =
  'An earlier WebContainer start did not finish and is still pending; a WebContainer cannot be started again without reloading the page.';

/** The reason given when the boot does not finish within `timeoutMs`. */
export function bootTimeoutReason(timeoutMs: number): string {
  const value = Math.round(timeoutMs / 100) / 10;
  return `The WebContainer did not start within ${value} ${value === 1 ? 'second' : 'seconds'} (offline, or StackBlitz unreachable).`;
}

type BootFunction = (options: BootOptions) => Promise<WebContainerLike>;

/** A boot that outlived its timeout: still pending, or finished late with a container to use. */
interface LateBoot {
  webcontainer?: WebContainerLike;
}

/** Late boots by boot function: the real `WebContainer.boot` shares one pending promise per page. */
const lateBoots = new WeakMap<BootFunction, LateBoot>();

/**
 * Boots a WebContainer and creates its workspace. Checks cross-origin isolation first, then races
 * `boot()` against `timeoutMs`. Never throws or rejects: every failure is `{ ok: false, reason }` in
 * words a user understands. Calls made while an earlier boot that timed out is still pending return at
 * once with {@link STILL_PENDING_REASON}; if that boot has finished since, its container is used.
 */
export function bootWebContainerWorkspace(
  options?: BootWebContainerWorkspaceOptions<WebContainer>,
): Promise<WebContainerBootResult<WebContainer>>;
export function bootWebContainerWorkspace<W extends WebContainerLike>(
  options: BootWebContainerWorkspaceOptions<W> & { boot: (options: BootOptions) => Promise<W> },
): Promise<WebContainerBootResult<W>>;
export async function bootWebContainerWorkspace(
  options: BootWebContainerWorkspaceOptions<WebContainerLike> = {},
): Promise<WebContainerBootResult<WebContainerLike>> {
  try {
    const isolated = options.isolated ?? (() => globalThis.crossOriginIsolated === true);
    if (!isolated()) return { ok: false, reason: NOT_ISOLATED_REASON };

    const boot: BootFunction = options.boot ?? loadAndBoot;
    const late = lateBoots.get(boot);
    if (late) {
      if (!late.webcontainer) return { ok: false, reason: STILL_PENDING_REASON };
      lateBoots.delete(boot);
      return await ready(late.webcontainer, options.workspace);
    }

    const timeoutMs = options.timeoutMs ?? DEFAULT_BOOT_TIMEOUT_MS;
    const bootOptions: BootOptions = { coep: options.coep ?? 'require-corp' };
    if (options.workdirName !== undefined) bootOptions.workdirName = options.workdirName;
    const booting = (async () => boot(bootOptions))();
    const outcome = await raceTimeout(booting, timeoutMs);
    if (outcome.kind === 'timeout') {
      const record: LateBoot = {};
      lateBoots.set(boot, record);
      booting.then(
        (webcontainer) => {
          record.webcontainer = webcontainer;
        },
        () => lateBoots.delete(boot),
      );
      return { ok: false, reason: bootTimeoutReason(timeoutMs) };
    }
    if (outcome.kind === 'failed') return { ok: false, reason: couldNotStart(outcome.error) };
    return await ready(outcome.value, options.workspace);
  } catch (error) {
    return { ok: false, reason: couldNotStart(error) };
  }
}

/** The default boot: loads the package only now, and only in a page (the API needs `document`). */
async function loadAndBoot(options: BootOptions): Promise<WebContainer> {
  if (typeof document === 'undefined') {
    throw new Error('a WebContainer can only start in a browser page, not in a worker or on a server');
  }
  const { WebContainer } = await import('@webcontainer/api');
  return WebContainer.boot(options);
}

async function ready(
  webcontainer: WebContainerLike,
  options: WebContainerWorkspaceOptions | undefined,
): Promise<WebContainerBootResult<WebContainerLike>> {
  try {
    return { ok: true, workspace: await createWebContainerWorkspace(webcontainer, options), webcontainer };
  } catch (error) {
    return {
      ok: false,
      reason: `The WebContainer started, but its workspace could not be set up: ${sentence(error)}`,
    };
  }
}

type Outcome<T> = { kind: 'done'; value: T } | { kind: 'failed'; error: unknown } | { kind: 'timeout' };

async function raceTimeout<T>(promise: Promise<T>, ms: number): Promise<Outcome<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<Outcome<T>>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timeout' }), Math.min(Math.max(0, ms), 2_147_483_647));
  });
  try {
    return await Promise.race([
      promise.then(
        (value): Outcome<T> => ({ kind: 'done', value }),
        (error: unknown): Outcome<T> => ({ kind: 'failed', error }),
      ),
      expired,
    ]);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

function couldNotStart(error: unknown): string {
  return `The WebContainer could not start: ${sentence(error)}`;
}

/** An error's message as the end of a sentence. */
function sentence(error: unknown): string {
  const message = (error instanceof Error ? error.message : String(error)).trim() || 'unknown error';
  return /[.!?]$/.test(message) ? message : `${message}.`;
}
