/**
 * The public surface of `browser-agent-tools`. Explicit named exports only: adding a name here makes
 * it public API. No backend, no QuickJS and no tokenizer table is reachable from this entry; those live
 * behind subpath entries (`browser-agent-tools/providers`, ...).
 */

// The core entry's names (the catalog, the execute path, defineTool, plugins), from its one list.
export * from './core/entry.ts';
export { createToolSuite, type ToolSuiteOptions } from './create-tool-suite.ts';
export { PROVIDERS, type Provider, toProviderTools } from './providers/provider-tools.ts';
export {
  DEFAULT_SEARCH_LIMIT,
  enableToolSearch,
  MAX_LEARNED_WORDS,
  MAX_SEARCH_LIMIT,
  MAX_SESSION_LEARNED_TOOLS,
  TOOL_SEARCH_NAME,
  type ToolSearchHandle,
  type ToolSearchOptions,
} from './search/index.ts';
export {
  BASH_ERRORS,
  type BashInput,
  type BashOutput,
  type BashToolOptions,
  BUILTIN_EFFECTS,
  BUILTIN_OUTPUT_SCHEMAS,
  BUILTIN_SPECS,
  BUILTIN_TOOL_NAMES,
  type BuiltinToolName,
  type BuiltinToolOptions,
  bashDescriptionFor,
  describeWorkspaceShell,
  EDIT_ERRORS,
  type EditInput,
  type EditOutput,
  type EditPatchInput,
  type EditReplacement,
  type EditToolOptions,
  FIND_ERRORS,
  type FindInput,
  type FindOutput,
  type FindToolOptions,
  GREP_ERRORS,
  type GrepInput,
  type GrepOutput,
  type GrepToolOptions,
  LS_ERRORS,
  type LsInput,
  type LsOutput,
  type LsToolOptions,
  READ_ERRORS,
  type ReadInput,
  type ReadOutput,
  type ReadToolOptions,
  WRITE_ERRORS,
  type WriteInput,
  type WriteOutput,
  type WriteToolOptions,
} from './tools/index.ts';
export {
  type BackgroundProcess,
  type ConfineOptions,
  confinePath,
  type DirEntry,
  type EntryType,
  type ExecOptions as WorkspaceExecOptions,
  type ExecResult,
  type FileStat,
  noServeMessage,
  type RestoredSnapshot,
  type ServedPort,
  type ServeOptions,
  type ServeResult,
  serveProgram,
  type Workspace,
  WorkspaceError,
  type WorkspaceErrorCode,
  type WorkspaceProcesses,
} from './workspace/workspace.ts';
