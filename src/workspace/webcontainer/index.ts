/**
 * `browser-agent-tools/workspace/webcontainer`: the WebContainer workspace backend (browser only; the
 * page must be cross-origin isolated and StackBlitz reachable). Explicit named exports only: adding a
 * name here makes it public API. `@webcontainer/api` itself loads lazily, inside
 * `bootWebContainerWorkspace`.
 */
export {
  type BootWebContainerWorkspaceOptions,
  bootTimeoutReason,
  bootWebContainerWorkspace,
  DEFAULT_BOOT_TIMEOUT_MS,
  NOT_ISOLATED_REASON,
  SECOND_BOOT_REASON,
  STILL_PENDING_REASON,
  type WebContainerBootResult,
} from './boot-webcontainer-workspace.ts';
export { stripTerminalOutput } from './terminal-output.ts';
export {
  createWebContainerWorkspace,
  DEFAULT_EXEC_TIMEOUT_MS,
  DEFAULT_GRACE_MS,
  DEFAULT_MAX_OUTPUT_BYTES,
  DEFAULT_SPILL_DIR_NAME,
  type WebContainerFileSystem,
  type WebContainerLike,
  type WebContainerWorkspaceOptions,
} from './webcontainer-workspace.ts';
