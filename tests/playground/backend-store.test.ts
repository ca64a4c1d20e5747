/**
 * The backend store: the embedded backend by default, a WebContainer on request, the fallback and its reason.
 * Reaches inside: the playground app's state modules (src/playground/state/) have no public entry:
 * browser-agent-tools/playground exports the component, createPlaygroundStore and the approval prompt only,
 * so they are tested as the app uses them.
 */
import { createJustBashWorkspace } from 'browser-agent-tools/workspace/just-bash';
import { bootWebContainerWorkspace } from 'browser-agent-tools/workspace/webcontainer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBackendStore, NOT_ISOLATED_REASON } from '../../src/playground/state/backend-store.ts';
import type { Workspace } from '../../src/playground/state/types.ts';
import { readAllFiles } from '../../src/playground/state/workspace-files.ts';
import { createStandInBoot } from '../workspace/webcontainer-stand-in.ts';

const embedded = (files: Record<string, string | Uint8Array>) => createJustBashWorkspace({ files });

describe('backend store', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts on the embedded backend', async () => {
    const backend = createBackendStore({
      createEmbedded: embedded,
      bootWebContainer: vi.fn(),
      isolated: () => true,
    });
    await backend.start({ 'a.txt': 'A' });
    expect(backend.store.getState()).toMatchObject({
      active: 'embedded',
      phase: 'ready',
      fallbackReason: null,
    });
    expect(backend.store.getState().message).toBe(
      'Ready: the embedded shell (just-bash) in a Web Worker. No command can freeze this page.',
    );
    expect(await readAllFiles(backend.workspace)).toEqual({ 'a.txt': 'A' });
  });

  it('falls back without booting when the page is not cross-origin isolated', async () => {
    const boot = vi.fn();
    const backend = createBackendStore({
      createEmbedded: embedded,
      bootWebContainer: boot,
      isolated: () => false,
    });
    await backend.start({});
    await backend.switchToWebContainer();
    expect(boot).not.toHaveBeenCalled();
    expect(backend.store.getState()).toMatchObject({
      active: 'embedded',
      phase: 'ready',
      fallbackReason: NOT_ISOLATED_REASON,
    });
  });

  it('falls back with the reason the boot gave, or after its own guard when the boot never settles', async () => {
    const failing = createBackendStore({
      createEmbedded: embedded,
      bootWebContainer: async () => ({ ok: false, reason: 'StackBlitz is unreachable.' }),
      isolated: () => true,
    });
    await failing.start({});
    await failing.switchToWebContainer();
    expect(failing.store.getState().fallbackReason).toBe('StackBlitz is unreachable.');

    const hanging = createBackendStore({
      createEmbedded: embedded,
      bootWebContainer: () => new Promise(() => undefined),
      isolated: () => true,
    });
    await hanging.start({});
    hanging.setBootTimeout(3_000);
    vi.useFakeTimers();
    const switching = hanging.switchToWebContainer();
    expect(hanging.store.getState().phase).toBe('booting');
    // The boot's own timeout, then the guard two seconds later.
    await vi.advanceTimersByTimeAsync(5_000);
    await switching;
    expect(hanging.store.getState()).toMatchObject({
      active: 'embedded',
      phase: 'ready',
      fallbackReason:
        'The WebContainer did not start within 3 s. Likely causes: stackblitz.com cannot be reached, or the browser blocks cookies and storage for its frame.',
    });
  });

  it('moves the files into a booted WebContainer and back', async () => {
    const container = await createJustBashWorkspace({ root: '/home/projects/demo' });
    const backend = createBackendStore({
      createEmbedded: embedded,
      bootWebContainer: async () => ({ ok: true, workspace: container }),
      isolated: () => true,
    });
    await backend.start({ 'src/a.ts': 'export {};\n' });
    await backend.switchToWebContainer();
    expect(backend.store.getState().active).toBe('webcontainer');
    expect(backend.workspace.root).toBe('/home/projects/demo');
    expect(await readAllFiles(container)).toEqual({ 'src/a.ts': 'export {};\n' });
    await backend.workspace.writeFile('/home/projects/demo/b.txt', 'B');
    await backend.switchToEmbedded();
    expect(backend.workspace.root).toBe('/workspace');
    expect(await readAllFiles(backend.workspace)).toEqual({ 'src/a.ts': 'export {};\n', 'b.txt': 'B' });
  });

  it('waits 30 s for a boot by default', () => {
    const backend = createBackendStore({
      createEmbedded: embedded,
      bootWebContainer: vi.fn(),
      isolated: () => true,
    });
    expect(backend.store.getState().bootTimeoutMs).toBe(30_000);
  });

  it('WebContainer, embedded, WebContainer: one container per page, reused, holding the current files', async () => {
    const page = createStandInBoot();
    const backend = createBackendStore({
      createEmbedded: embedded,
      bootWebContainer: async (timeoutMs) => {
        const result = await bootWebContainerWorkspace({ boot: page.boot, isolated: () => true, timeoutMs });
        return result.ok ? { ok: true, workspace: result.workspace } : result;
      },
      isolated: () => true,
    });
    await backend.start({ 'a.txt': 'A', 'gone.txt': 'G' });
    await backend.switchToWebContainer();
    expect(backend.store.getState()).toMatchObject({ active: 'webcontainer', fallbackReason: null });
    await backend.switchToEmbedded();
    await backend.workspace.rm('/workspace/gone.txt');
    await backend.workspace.writeFile('/workspace/b.txt', 'B');
    await backend.switchToWebContainer();
    expect(backend.store.getState()).toMatchObject({ active: 'webcontainer', fallbackReason: null });
    expect(page.booted).toHaveLength(1);
    expect(await readAllFiles(backend.workspace)).toEqual({ 'a.txt': 'A', 'b.txt': 'B' });
  });

  it('offers statType while the WebContainer is active, so ls there reads no file', async () => {
    const page = createStandInBoot();
    const backend = createBackendStore({
      createEmbedded: embedded,
      bootWebContainer: async (timeoutMs) => {
        const result = await bootWebContainerWorkspace({ boot: page.boot, isolated: () => true, timeoutMs });
        return result.ok ? { ok: true, workspace: result.workspace } : result;
      },
      isolated: () => true,
    });
    await backend.start({ 'a.txt': 'A' });
    expect(backend.workspace.statType).toBeUndefined();
    await backend.switchToWebContainer();
    const container = page.booted[0];
    const root = backend.workspace.root;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    for (const method of Object.keys(container?.calls ?? {})) delete container?.calls[method];
    expect(await backend.workspace.statType?.(`${root}/a.txt`)).toBe('file');
    expect(container?.calls).toEqual({ readdir: 1 });
    await backend.switchToEmbedded();
    expect(backend.workspace.statType).toBeUndefined();
  });
});

describe('restarting the embedded backend (the "Keep in this browser" toggle)', () => {
  it('sends a write made right after the restart began to the new backend, and lets a running one finish first', async () => {
    const started: Workspace[] = [];
    const backend = createBackendStore({
      createEmbedded: async (files) => {
        const workspace = await createJustBashWorkspace({ files });
        started.push(workspace);
        return workspace;
      },
      bootWebContainer: vi.fn(),
      isolated: () => true,
    });
    await backend.start({ 'a.txt': 'A' });
    const before = backend.workspace.writeFile('/workspace/before.txt', 'running when it began');
    const restart = backend.restart();
    const during = backend.workspace.writeFile('/workspace/during.txt', 'written right after');
    await Promise.all([before, restart, during]);
    expect(started).toHaveLength(2);
    expect(await readAllFiles(started[1] as Workspace)).toEqual({
      'a.txt': 'A',
      'before.txt': 'running when it began',
      'during.txt': 'written right after',
    });
    expect(await readAllFiles(backend.workspace)).toEqual(await readAllFiles(started[1] as Workspace));
  });

  it('when the new workspace fails to start, the restart fails and a write made during it lands in the old one', async () => {
    let starts = 0;
    const backend = createBackendStore({
      createEmbedded: async (files) => {
        starts += 1;
        if (starts === 2) throw new Error('OPFS is not available in this browser');
        return createJustBashWorkspace({ files });
      },
      bootWebContainer: vi.fn(),
      isolated: () => true,
    });
    await backend.start({ 'a.txt': 'A' });
    const restart = backend.restart();
    const during = backend.workspace.writeFile('/workspace/during.txt', 'written right after');
    await expect(restart).rejects.toThrow('OPFS is not available in this browser');
    await during;
    expect(await readAllFiles(backend.workspace)).toEqual({
      'a.txt': 'A',
      'during.txt': 'written right after',
    });
  });
});
