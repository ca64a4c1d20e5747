/**
 * The two kinds of error. `ToolError` is for the model: a tool throws it and the execute boundary turns
 * it into an `is_error` result whose text is the message. `UsageError` is for the host (a bad spec, a
 * bad option): it is thrown to the host and never reaches a model.
 */

/** Stable codes carried in `structured_output.error.code` of error results. */
export const ERROR_CODES = {
  UNKNOWN_TOOL: 'UNKNOWN_TOOL',
  NOT_CALLABLE: 'NOT_CALLABLE',
  NOT_ACTIVATED: 'NOT_ACTIVATED',
  INVALID_ARGUMENTS: 'INVALID_ARGUMENTS',
  INVALID_CALL: 'INVALID_CALL',
  NOT_IMPLEMENTED: 'NOT_IMPLEMENTED',
  DENIED: 'DENIED',
  NOT_APPROVED: 'NOT_APPROVED',
  SESSION_ENDED: 'SESSION_ENDED',
  ABORTED: 'ABORTED',
  TOOL_FAILED: 'TOOL_FAILED',
  INVALID_RESULT: 'INVALID_RESULT',
  NO_WORKSPACE: 'NO_WORKSPACE',
} as const;

/** A stable error code. Tools may use their own codes too. */
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES] | (string & {});

/** Options of a {@link ToolError}. */
export interface ToolErrorOptions {
  /** Stable code for programs. Default: `TOOL_FAILED`. */
  code?: ErrorCode;
  /** Extra typed data merged into `structured_output.error`. */
  data?: Record<string, unknown>;
  /** Extra fields merged into `details` (for the UI). */
  details?: Record<string, unknown>;
  /** Output to keep in front of the message (a failed command's output, say). */
  output?: string;
}

/**
 * A failure the model should read. The message is shown as is, so write it as
 * "<what happened>. <what to do next>".
 */
export class ToolError extends Error {
  readonly code: ErrorCode;
  readonly data: Record<string, unknown> | undefined;
  readonly details: Record<string, unknown> | undefined;
  readonly output: string | undefined;

  constructor(message: string, options: ToolErrorOptions = {}) {
    super(message);
    this.name = 'ToolError';
    this.code = options.code ?? ERROR_CODES.TOOL_FAILED;
    this.data = options.data;
    this.details = options.details;
    this.output = options.output;
  }
}

/** A mistake of the host (a malformed spec, an unknown mode). Thrown to the host, never to the model. */
export class UsageError extends Error {
  constructor(message: string) {
    super(`browser-agent-tools: ${message}`);
    this.name = 'UsageError';
  }
}
