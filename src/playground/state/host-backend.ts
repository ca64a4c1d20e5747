/**
 * The backend of a playground over a suite the host made: the suite's own workspace, whatever it is,
 * and nothing to switch to. The playground never empties it: a scenario's files are written over it,
 * and the host's other files stay. Framework-free.
 */

import type { ToolSuite } from 'browser-agent-tools';
import { errorMessage } from '../../shared/index.ts';
import {
  type BackendEvent,
  type BackendState,
  type BackendStore,
  delegateWorkspace,
} from './backend-store.ts';
import type { ScenarioFile } from './scenario.ts';
import { createStore } from './store.ts';
import type { Workspace } from './types.ts';
import { writeFiles } from './workspace-files.ts';

const HOST_READY_MESSAGE = "Ready: the host's workspace.";

/** The workspace of `suite` as the playground's backend. */
export function createHostBackend(suite: ToolSuite<Workspace>): BackendStore {
  const handle = createStore<BackendState, BackendEvent>({
    active: null,
    phase: 'starting',
    message: "Starting the host's workspace…",
    fallbackReason: null,
    bootTimeoutMs: 0,
    lastReset: null,
  });
  let current: Workspace | null = null;
  const ready = async (): Promise<Workspace> => {
    current = await suite.getWorkspace();
    return current;
  };
  const unavailable = (): Promise<void> =>
    Promise.reject(new Error("This playground runs on the host's workspace; it has no other backend."));
  const write = async (files: Record<string, ScenarioFile>): Promise<void> => {
    if (Object.keys(files).length > 0) await writeFiles(await ready(), files);
  };
  return {
    store: handle.store,
    // Tools reach the workspace through the suite; this delegate is for the playground's own views.
    workspace: delegateWorkspace(() => current, ready),
    async start(files) {
      try {
        await write(files);
        handle.set(
          { active: 'embedded', phase: 'ready', message: HOST_READY_MESSAGE },
          { type: 'ready', kind: 'embedded' },
        );
      } catch (error) {
        handle.set({
          phase: 'failed',
          message: `The host's workspace could not be started: ${errorMessage(error)}`,
        });
      }
    },
    ready,
    switchToWebContainer: unavailable,
    switchToEmbedded: unavailable,
    setBootTimeout: () => undefined,
    async replaceFiles(files) {
      await write(files);
      handle.emit({ type: 'files-replaced' });
    },
    // The host's workspace is the host's to start: there is no backend of the playground's to restart.
    restart: async () => undefined,
  };
}
