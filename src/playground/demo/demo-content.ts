/**
 * The demo content the page loads after its first paint, as one lazy chunk: the demo catalog (49
 * deferred tools with their fake implementations) and the replay panel's example transcripts. The demo
 * files are not here: the workspace starts with them at once, so they stay in the entry chunk.
 */
import type { DemoContent } from '../state/playground.ts';
import { DEMO_TOOLS } from './demo-catalog.ts';
import { EXAMPLE_TRANSCRIPTS } from './transcripts.ts';

export const DEMO_CONTENT: DemoContent = { tools: DEMO_TOOLS, transcripts: EXAMPLE_TRANSCRIPTS };
