/**
 * The public surface of `browser-agent-tools`. Explicit named exports only: adding a name here makes
 * it public API. No backend, no QuickJS and no tokenizer table is reachable from this entry; those live
 * behind subpath entries (`browser-agent-tools/providers`, ...).
 */

export {
  type AnyToolSpec,
  type ApprovalDecision,
  type ApprovalRequest,
  type Caller,
  type CatalogEvent,
  type CoreSuiteOptions,
  type Effect,
  ERROR_CODES,
  type ErrorCode,
  EXPOSURE_MODES,
  type ExecuteOptions,
  type ExposureMode,
  effectVocabulary,
  type HandoffDirective,
  type JsonObject,
  type JsonSchema,
  type JsonValue,
  normalizeSpec,
  normalizeSpecs,
  notImplementedResult,
  type ParsedToolCall,
  type PartialToolResult,
  type Policy,
  type PolicyLevel,
  parseToolCall,
  type RegisteredTool,
  type RegisterOptions,
  type SessionEvent,
  type TerminateDirective,
  type ToolAnnotations,
  type ToolCallFormat,
  type ToolContext,
  type ToolControl,
  type ToolDetails,
  ToolError,
  type ToolErrorOptions,
  type ToolImplementation,
  type ToolResult,
  type ToolSession,
  type ToolSpec,
  type ToolSuite,
  UsageError,
} from './core/index.ts';
export { createToolSuite, type ToolSuiteOptions } from './create-tool-suite.ts';
export { PROVIDERS, type Provider, toProviderTools } from './providers/provider-tools.ts';
export {
  DEFAULT_SEARCH_LIMIT,
  enableToolSearch,
  MAX_SEARCH_LIMIT,
  TOOL_SEARCH_NAME,
  type ToolSearchHandle,
  type ToolSearchOptions,
} from './search/index.ts';
export { BUILTIN_SPECS, BUILTIN_TOOL_NAMES, type BuiltinToolName } from './tools/index.ts';
export {
  type ConfineOptions,
  confinePath,
  type DirEntry,
  type EntryType,
  type ExecOptions as WorkspaceExecOptions,
  type ExecResult,
  type FileStat,
  type RestoredSnapshot,
  type Workspace,
  WorkspaceError,
  type WorkspaceErrorCode,
} from './workspace/workspace.ts';
