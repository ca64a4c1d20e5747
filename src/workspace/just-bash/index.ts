/**
 * `browser-agent-tools/workspace/just-bash`: the embedded workspace backend. Explicit named exports
 * only: adding a name here makes it public API.
 */

export {
  createIndexedDbStorage,
  createOpfsStorage,
  defaultWorkspaceStorage,
  type WorkspaceStorage,
} from './browser-storage.ts';
export type { WorkspaceChange, WorkspaceChangeKind, WorkspaceChangeLog } from './change-tracking.ts';
export {
  createJustBashWorkspace,
  DEFAULT_JUST_BASH_ROOT,
  EMBEDDED_EXECUTION_LIMITS,
  JUST_BASH_SPILL_DIR,
  type JustBashExecutionLimits,
  type JustBashWorkspaceOptions,
  trackWorkspaceChanges,
} from './just-bash-workspace.ts';
export {
  type LockManagerLike,
  MAX_PERSIST_KEY_LENGTH,
  type PersistOptions,
  type PersistStatus,
} from './persistence.ts';
export {
  createJustBashWorkerWorkspace,
  type JustBashWorkerWorkspaceOptions,
  WORKER_GRACE_MS,
  type WorkerLike,
} from './worker-workspace.ts';
export {
  DEFAULT_IMPORT_MAX_BYTES,
  DEFAULT_IMPORT_MAX_FILE_BYTES,
  DEFAULT_IMPORT_MAX_FILES,
  EXPORT_ZIP_MTIME,
  exportZip,
  filesFromDirectoryHandle,
  filesFromDrop,
  type ImportOptions,
  type ImportSource,
  type ImportSummary,
  importFiles,
  importZip,
  type SkippedEntry,
} from './workspace-transfer.ts';
