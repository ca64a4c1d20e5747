/**
 * The embedded backend's page side (the Worker's proxy), imported lazily by `backends.ts` so it leaves
 * the entry chunk: the page starts the Worker right after its first paint. A static named import, so
 * the bundle keeps only the Worker proxy of `browser-agent-tools/workspace/just-bash`, never just-bash
 * itself (that runs in the Worker).
 */
export { createJustBashWorkerWorkspace } from 'browser-agent-tools/workspace/just-bash';
