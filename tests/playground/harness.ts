/**
 * A playground with in-process pieces for the store tests: the embedded workspace without a Worker, a
 * WebContainer boot that the test decides, and the real providers entry. A plain module (not a test).
 */
import { createJustBashWorkspace } from 'browser-agent-tools/workspace/just-bash';
import { DEMO_CONTENT } from '../../src/playground/demo/demo-content.ts';
import { DEMO_FILES } from '../../src/playground/demo/demo-files.ts';
import {
  createPlayground,
  type Playground,
  type PlaygroundDeps,
} from '../../src/playground/state/playground.ts';

/** The playground, not started: no backend yet, the demo catalog not asked for. */
export function createTestPlayground(deps: Partial<PlaygroundDeps> = {}): Playground {
  return createPlayground({
    createEmbedded: (files) => createJustBashWorkspace({ files }),
    bootWebContainer: async () => ({ ok: false, reason: 'No WebContainer in unit tests.' }),
    isolated: () => true,
    loadProviders: () => import('browser-agent-tools/providers'),
    loadDemo: async () => DEMO_CONTENT,
    demoFiles: DEMO_FILES,
    ...deps,
  });
}

export async function startPlayground(deps: Partial<PlaygroundDeps> = {}): Promise<Playground> {
  const playground = createTestPlayground(deps);
  await playground.start();
  await playground.declarations.loadProviders();
  return playground;
}
