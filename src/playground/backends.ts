/**
 * The browser-only backend factories the page passes to the playground: the embedded shell in its own
 * Web Worker (its page side loaded lazily from `embedded-worker.ts`), and a WebContainer through the
 * lazily loaded `browser-agent-tools/workspace/webcontainer` entry (so `@webcontainer/api` is
 * downloaded only when a user picks it).
 */
import { errorMessage } from '../shared/index.ts';
import { persistOptionFor, startedWithPersist } from './persistence.ts';
import type { WebContainerBoot } from './state/backend-store.ts';
import type { Workspace } from './state/types.ts';

/**
 * The embedded workspace (just-bash) in a dedicated Web Worker; its page side is a lazy chunk. Kept in
 * this browser when the URL says `?persist=KEY` (see persistence.ts).
 */
export async function createEmbeddedWorkerWorkspace(
  files: Record<string, string | Uint8Array>,
  onReset: (reason: string) => void,
): Promise<Workspace> {
  const { createJustBashWorkerWorkspace } = await import('./embedded-worker.ts');
  const persist = await persistOptionFor();
  const workspace = await createJustBashWorkerWorkspace({ files, onReset, ...persist });
  if (persist.persist) startedWithPersist(workspace);
  return workspace;
}

/** Boots a WebContainer workspace, racing the boot against `timeoutMs`. Never rejects. */
export async function bootWebContainerBackend(timeoutMs: number): Promise<WebContainerBoot> {
  try {
    const { bootWebContainerWorkspace } = await import('browser-agent-tools/workspace/webcontainer');
    const result = await bootWebContainerWorkspace({ timeoutMs });
    return result.ok ? { ok: true, workspace: result.workspace } : { ok: false, reason: result.reason };
  } catch (error) {
    return {
      ok: false,
      reason: `The WebContainer backend could not be loaded (${errorMessage(error)}).`,
    };
  }
}
