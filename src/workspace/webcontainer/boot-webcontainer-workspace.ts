/**
 * Boots a WebContainer and wraps it in a Workspace, or says in plain words why it cannot, fast enough
 * for a page to fall back to the embedded backend. `@webcontainer/api` is loaded here with a dynamic
 * `import()`, so a consumer that never boots never downloads it. Imports this folder and the types of
 * `@webcontainer/api` only.
 *
 * Why a timeout: offline (or with StackBlitz unreachable, or its frame's storage blocked)
 * `WebContainer.boot()` never settles. It waits for a message from a stackblitz.com iframe that never
 * comes, with no error and no timeout of its own, and a second `boot()` waits on the same promise. So a
 * boot that outlived its timeout cannot be retried without reloading the page; this module remembers
 * it and says so.
 *
 * One container per page: the client refuses a second `boot()` while one container is up ("Only a
 * single WebContainer instance can be booted"). So a container booted here is kept and reused by the
 * next call (a page that switches to another backend and back gets the same container, its files
 * still there) until the result's `teardown()` destroys it.
 */

import type { BootOptions, WebContainer } from '@webcontainer/api';
import { errorMessage } from '../../shared/index.ts';
import type { Workspace } from '../workspace.ts';
import {
  createWebContainerWorkspace,
  type WebContainerLike,
  type WebContainerWorkspaceOptions,
} from './webcontainer-workspace.ts';

/** Options of {@link bootWebContainerWorkspace}. */
export interface BootWebContainerWorkspaceOptions<W extends WebContainerLike = WebContainer> {
  /** Milliseconds to wait for the boot before giving up. Default: 30,000 (a cold start downloads the runtime). */
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
  /**
   * Called with each internal error the container reports (`on('error')`). Whatever this does, the
   * next command's output ends with a notice naming the error. Must not throw. Default: none.
   */
  onError?: (message: string) => void;
}

/** What {@link bootWebContainerWorkspace} resolves to: a workspace, or a reason to fall back. */
export type WebContainerBootResult<W extends WebContainerLike = WebContainer> =
  | {
      ok: true;
      workspace: Workspace;
      webcontainer: W;
      /**
       * Disposes the workspace and destroys the container, so the next boot starts a fresh one
       * (without it, the next boot reuses this container). Never throws.
       */
      teardown(): Promise<void>;
    }
  | { ok: false; reason: string };

/** Default boot timeout in milliseconds: 30 s. */
export const DEFAULT_BOOT_TIMEOUT_MS = 30_000;

/** The reason given when the page lacks cross-origin isolation. */
export const NOT_ISOLATED_REASON =
  'This page is not cross-origin isolated (COOP/COEP headers missing), so a WebContainer cannot start.';

/** The reason given on a call made while an earlier boot that timed out is still pending. */
export const STILL_PENDING_REASON =
  'An earlier WebContainer start did not finish and is still pending; a WebContainer cannot be started again without reloading the page.';

/** The reason given when another part of the page already booted a WebContainer. */
export const SECOND_BOOT_REASON =
  'A WebContainer is already running in this page, started by other code, and a page can run only one: use that one (createWebContainerWorkspace), or call its teardown() and try again.';

/** The likely causes of a boot that never finishes. */
const SILENT_BOOT_CAUSES =
  "stackblitz.com cannot be reached (offline, or a proxy, firewall or content blocker in the way), or the browser blocks cookies and storage for stackblitz.com's frame (third-party cookies blocked, a private window).";

/** The reason given when the boot does not finish within `timeoutMs`. */
export function bootTimeoutReason(timeoutMs: number): string {
  const value = Math.round(timeoutMs / 100) / 10;
  return `The WebContainer did not start within ${value} ${value === 1 ? 'second' : 'seconds'}. Likely causes: ${SILENT_BOOT_CAUSES}`;
}

/**
 * The likely cause of a boot error, from the browser's words in its message: blocked storage, missing
 * isolation or a failed download (a second boot is recognised before, by the client's own words).
 * `undefined` when the message names a mistake of the host (a bad option) that needs no guess.
 */
function likelyCause(message: string): string | undefined {
  if (/workdirName|configureAPIKey|auth\.init|browser page/.test(message)) return undefined;
  if (/cookie|storage|SecurityError|service ?worker|indexedDB|access is denied/i.test(message)) {
    return "the browser blocks cookies or storage for stackblitz.com's frame (third-party cookies or site data blocked, a private window): allow them for this site.";
  }
  if (
    /SharedArrayBuffer|cross-?origin|isolat|COEP|COOP|Cross-Origin-(Embedder|Opener)-Policy/i.test(message)
  ) {
    return 'the page is missing its cross-origin isolation headers (Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp or credentialless, on every response).';
  }
  if (/network|fetch|load|offline|connect|ERR_|timed? ?out/i.test(message)) {
    return 'stackblitz.com cannot be reached (offline, or a proxy, firewall or content blocker in the way).';
  }
  return `one of these: ${SILENT_BOOT_CAUSES}`;
}

type BootFunction = (options: BootOptions) => Promise<WebContainerLike>;

/** A boot that outlived its timeout: still pending, or finished late with a container to use. */
interface LateBoot {
  webcontainer?: WebContainerLike;
}

/** Late boots by boot function: the real `WebContainer.boot` shares one pending promise per page. */
const lateBoots = new WeakMap<BootFunction, LateBoot>();

/** Containers booted here and not torn down, by boot function: the client allows one per page. */
const runningContainers = new WeakMap<BootFunction, WebContainerLike>();

/**
 * Boots a WebContainer and creates its workspace. Checks cross-origin isolation first, then reuses the
 * container this function booted before (unless torn down), else races `boot()` against `timeoutMs`.
 * Never throws or rejects: every failure is `{ ok: false, reason }` naming its likely cause in words a
 * user understands. Calls made while an earlier boot that timed out is still pending return at once
 * with {@link STILL_PENDING_REASON}; if that boot has finished since, its container is used.
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
    const running = runningContainers.get(boot);
    if (running) return await ready(boot, running, options);
    const late = lateBoots.get(boot);
    if (late) {
      if (!late.webcontainer) return { ok: false, reason: STILL_PENDING_REASON };
      lateBoots.delete(boot);
      return await ready(boot, late.webcontainer, options);
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
    return await ready(boot, outcome.value, options);
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

/** A workspace over a booted container, which stays the one this boot function reuses. */
async function ready(
  boot: BootFunction,
  webcontainer: WebContainerLike,
  options: BootWebContainerWorkspaceOptions<WebContainerLike>,
): Promise<WebContainerBootResult<WebContainerLike>> {
  runningContainers.set(boot, webcontainer);
  let workspace: Workspace;
  try {
    workspace = reportingErrors(
      await createWebContainerWorkspace(webcontainer, options.workspace),
      webcontainer,
      options.onError,
    );
  } catch (error) {
    // Perhaps torn down behind this module's back: the next call boots anew instead of failing again.
    runningContainers.delete(boot);
    return {
      ok: false,
      reason: `The WebContainer started, but its workspace could not be set up: ${sentence(error)}`,
    };
  }
  const teardown = async (): Promise<void> => {
    if (runningContainers.get(boot) === webcontainer) runningContainers.delete(boot);
    await workspace.dispose?.().catch(() => undefined);
    try {
      webcontainer.teardown?.();
    } catch {
      // Already torn down: nothing left to release.
    }
  };
  return { ok: true, workspace, webcontainer, teardown };
}

/**
 * The workspace, listening to the container's internal errors: each goes to `onError`, and the next
 * command's output ends with a notice naming it (the container may be broken from then on).
 */
function reportingErrors(
  workspace: Workspace,
  webcontainer: WebContainerLike,
  onError: ((message: string) => void) | undefined,
): Workspace {
  if (typeof webcontainer.on !== 'function') return workspace;
  const reported: string[] = [];
  const unsubscribe = webcontainer.on('error', (error) => {
    const message = String(error?.message ?? error).trim() || 'unknown error';
    reported.push(message);
    try {
      onError?.(message);
    } catch {
      // A host callback that throws must not break the container's event loop.
    }
  });
  return {
    ...workspace,
    async exec(command, execOptions) {
      const result = await workspace.exec(command, execOptions);
      if (reported.length === 0) return result;
      const notice = internalErrorNotice(reported.splice(0));
      return {
        ...result,
        output: `${result.output}${result.output.endsWith('\n') || result.output === '' ? '' : '\n'}${notice}`,
      };
    },
    async dispose() {
      unsubscribe();
      await workspace.dispose?.();
    },
  };
}

/** The notice added to a command's output after the container reported internal errors. */
function internalErrorNotice(messages: readonly string[]): string {
  const shown = messages.slice(-3).map((message) => message.split('\n')[0]);
  return `[The WebContainer reported an internal error: ${shown.join('; ')}. If commands keep failing, the container is broken: reload the page to start a new one.]\n`;
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
  const message = errorMessage(error);
  if (/Only a single WebContainer instance can be booted/i.test(message)) return SECOND_BOOT_REASON;
  const cause = likelyCause(message);
  return `The WebContainer could not start: ${sentence(error)}${cause === undefined ? '' : ` Likely cause: ${cause}`}`;
}

/** An error's message as the end of a sentence. */
function sentence(error: unknown): string {
  const message = errorMessage(error).trim() || 'unknown error';
  return /[.!?]$/.test(message) ? message : `${message}.`;
}
