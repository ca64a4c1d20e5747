/**
 * The public surface of `browser-agent-tools/codemode`: the `codemode` tool, its runners and the
 * TypeScript declarations it generates. Explicit named exports only: adding a name here makes it
 * public API. Reachable only through this subpath, never from the root entry, because it leads to
 * QuickJS (loaded lazily, on the first script).
 */

export {
  assignIdentifiers,
  BRIEF_HEADER,
  CODEMODE_PREAMBLE,
  type CodemodeToolEntry,
  type CodemodeTypes,
  type CodemodeTypesOptions,
  DEFAULT_DECLARATION_BUDGET,
  DESCRIBE_FUNCTION,
  describeCodemodeTool,
  estimateTokens,
  generateCodemodeTypes,
  renderCodemodeDescription,
  type TokenCounter,
} from './declarations.ts';
export {
  CODEMODE_TOOL_NAME,
  type CodemodeHandle,
  type CodemodeOptions,
  DEFAULT_MAX_CALLS,
  DEFAULT_MAX_CONSOLE_BYTES,
  DEFAULT_MAX_PAYLOAD_BYTES,
  DEFAULT_MAX_RESULT_BYTES,
  DEFAULT_MEMORY_BYTES,
  DEFAULT_TIMEOUT_SECONDS,
  enableCodemode,
  MAX_TIMEOUT_SECONDS,
} from './enable-codemode.ts';
export { STACK_SIZE_BYTES, WASM_MEMORY_HEADROOM_BYTES } from './engine.ts';
export { createInProcessRunner, type InProcessRunner } from './in-process-runner.ts';
export { CODEMODE_ERROR_CODES, type CodemodeFailureKind } from './messages.ts';
export type {
  BridgeReply,
  CodemodeRunner,
  SandboxLimits,
  ScriptFailureKind,
  ScriptHost,
  ScriptJob,
  ScriptOutcome,
} from './runner.ts';
export { createWorkerRunner, type WorkerRunnerOptions } from './worker-runner.ts';
