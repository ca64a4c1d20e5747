/**
 * A playground with in-process pieces for the store tests: the embedded workspace without a Worker, a
 * WebContainer boot that the test decides, and the real providers entry. A plain module (not a test).
 */
import { createJustBashWorkspace } from 'browser-agent-tools/workspace/just-bash';
import { DEMO_TOOLS } from '../../src/playground/demo/demo-catalog.ts';
import { DEMO_FILES } from '../../src/playground/demo/demo-files.ts';
import { EXAMPLE_TRANSCRIPTS } from '../../src/playground/demo/transcripts.ts';
import {
  createPlayground,
  type Playground,
  type PlaygroundDeps,
} from '../../src/playground/state/playground.ts';

export async function startPlayground(deps: Partial<PlaygroundDeps> = {}): Promise<Playground> {
  const playground = createPlayground({
    createEmbedded: (files) => createJustBashWorkspace({ files }),
    bootWebContainer: async () => ({ ok: false, reason: 'No WebContainer in unit tests.' }),
    isolated: () => true,
    loadProviders: () => import('browser-agent-tools/providers'),
    demoTools: DEMO_TOOLS,
    demoFiles: DEMO_FILES,
    transcripts: EXAMPLE_TRANSCRIPTS,
    ...deps,
  });
  await playground.start();
  await playground.declarations.loadProviders();
  return playground;
}
