/**
 * `browser-agent-tools/workspace/just-bash`: the embedded workspace backend. Explicit named exports
 * only: adding a name here makes it public API.
 */
export {
  createJustBashWorkspace,
  DEFAULT_JUST_BASH_ROOT,
  EMBEDDED_EXECUTION_LIMITS,
  JUST_BASH_SPILL_DIR,
  type JustBashExecutionLimits,
  type JustBashWorkspaceOptions,
} from './just-bash-workspace.ts';
export {
  createJustBashWorkerWorkspace,
  type JustBashWorkerWorkspaceOptions,
  WORKER_GRACE_MS,
  type WorkerLike,
} from './worker-workspace.ts';
