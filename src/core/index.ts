/**
 * The core room's surface for the other rooms (search, tools, codemode, providers, backends). The
 * package's public surface is `src/index.ts`, which picks from here.
 */
export { MAX_ARGUMENT_KEYS } from './arguments.ts';
export { DEFAULT_OUTPUT_BUDGET } from './budget.ts';
export {
  type DefinedTool,
  defineTool,
  type ToolDefinition,
  type ToolReturn,
} from './define-tool.ts';
export { effectVocabulary } from './effects.ts';
export { ERROR_CODES, type ErrorCode, ToolError, type ToolErrorOptions, UsageError } from './errors.ts';
export { normalizeSpec, normalizeSpecs } from './normalize.ts';
export {
  type ParsedPatch,
  type PatchChunk,
  type PatchHunk,
  type PatchLine,
  PatchSyntaxError,
  parsePatch,
} from './patch.ts';
export { evaluatePolicy, type PolicyVerdict } from './policy.ts';
export {
  type ParsedToolCall,
  parseToolCall,
  type ResponsesCallOutput,
  responsesCallOutput,
  type ToolCallFormat,
} from './raw-call.ts';
export {
  errorResult,
  isPlainObject,
  MAX_ERROR_DATA_CHARS,
  MAX_ERROR_DATA_ITEMS,
  MAX_ERROR_MESSAGE_CHARS,
  notImplementedResult,
  successResult,
  toJsonObject,
} from './results.ts';
export { type CoreSuiteOptions, createCoreSuite } from './suite.ts';
export * from './types.ts';
