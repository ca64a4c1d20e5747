/**
 * `AgentModelError`, what model adapters throw, and the one function that turns an SDK's error into it.
 * Both official SDKs (`openai`, `@anthropic-ai/sdk`) share the same error classes by shape, so one
 * classifier serves both; the adapter passes in the classes of the SDK it loaded.
 * Imports nothing else in src/.
 */
import { errorMessage } from '../shared/index.ts';
import type { AgentModelErrorInfo, AgentModelErrorKind } from './types.ts';

/** Options of {@link AgentModelError}. */
export interface AgentModelErrorOptions {
  /** The HTTP status, when there was one. */
  status?: number;
  /** The original error. */
  cause?: unknown;
}

/**
 * A model endpoint failure, thrown by {@link AgentModel.complete}. The loop turns it into reason
 * `model_error` with this `kind`, `status` and `message`; a custom model may throw it too.
 */
export class AgentModelError extends Error {
  /** What went wrong. */
  readonly kind: AgentModelErrorKind;
  /** The HTTP status, when there was one. */
  readonly status: number | undefined;

  constructor(kind: AgentModelErrorKind, message: string, options: AgentModelErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AgentModelError';
    this.kind = kind;
    this.status = options.status;
  }

  /** The plain-data form recorded in steps and results. */
  toInfo(): AgentModelErrorInfo {
    return {
      kind: this.kind,
      ...(this.status === undefined ? {} : { status: this.status }),
      message: this.message,
    };
  }
}

/** A class, for `instanceof` checks against an SDK's error classes. */
type ErrorClass = abstract new (...args: never[]) => Error;

/** The error classes both SDKs export from their root, by the same names. */
export interface SdkErrorClasses {
  APIError: ErrorClass;
  APIConnectionError: ErrorClass;
  APIConnectionTimeoutError: ErrorClass;
  APIUserAbortError: ErrorClass;
}

/**
 * Turns what an SDK call threw into an {@link AgentModelError}: connection and timeout errors, HTTP
 * statuses (401/403 → `auth`, 429 → `rate_limit`, others → `http`), a body that is not JSON (a
 * `SyntaxError`) → `malformed_response`, anything else → `unknown`. Every occurrence of `secret` (the
 * API key) in the message is replaced by `***`. An abort is returned as is (the loop reports the abort
 * itself). Never throws.
 */
export function toAgentModelError(
  error: unknown,
  classes: SdkErrorClasses,
  secret: string | undefined,
): unknown {
  if (error instanceof AgentModelError) return error;
  if (error instanceof classes.APIUserAbortError) return error;
  const text = redact(errorMessage(error), secret);
  if (error instanceof classes.APIConnectionTimeoutError) {
    return new AgentModelError('timeout', text, { cause: error });
  }
  if (error instanceof classes.APIConnectionError) {
    const cause = error.cause instanceof Error ? redact(error.cause.message, secret) : '';
    const message = cause !== '' && cause !== text ? `${text.replace(/\.$/, '')} (${cause})` : text;
    return new AgentModelError('network', message, { cause: error });
  }
  if (error instanceof classes.APIError) {
    const status = (error as Error & { status?: unknown }).status;
    if (typeof status === 'number') {
      const kind = status === 401 || status === 403 ? 'auth' : status === 429 ? 'rate_limit' : 'http';
      const body = bodyMessage((error as Error & { error?: unknown }).error);
      // The SDKs start their message with the status; the loop states the status itself.
      const message =
        body !== undefined ? redact(body, secret) : text.replace(new RegExp(`^${status}\\s+`), '');
      return new AgentModelError(kind, message, { status, cause: error });
    }
  }
  if (error instanceof SyntaxError) {
    return new AgentModelError('malformed_response', `the body is not valid JSON (${text})`, {
      cause: error,
    });
  }
  return new AgentModelError('unknown', text, { cause: error });
}

/**
 * The message of an API error body: OpenAI's SDK keeps `{ message, type, code }`, Anthropic's the whole
 * `{ type: 'error', error: { type, message } }`.
 */
function bodyMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as { message?: unknown; error?: unknown };
  if (typeof record.message === 'string' && record.message !== '') return record.message;
  return bodyMessage(record.error);
}

/** `text` with every occurrence of `secret` replaced by `***` (secrets shorter than 4 characters are left). */
function redact(text: string, secret: string | undefined): string {
  if (secret === undefined || secret.length < 4) return text;
  return text.split(secret).join('***');
}

/**
 * Loads an SDK with `import()` on the first request and creates its client once. A failure is not
 * cached (the next request tries again: a chunk that failed to download, a fixed option) and becomes
 * an `unknown` `AgentModelError` whose message never holds the API key.
 */
export function lazyClient<S, C>(
  sdkName: string,
  load: () => Promise<S>,
  create: (sdk: S) => C,
  apiKey: string | undefined,
): () => Promise<{ sdk: S; client: C }> {
  let loading: Promise<{ sdk: S; client: C }> | undefined;
  return () => {
    loading ??= load()
      .then((sdk) => ({ sdk, client: create(sdk) }))
      .catch((error: unknown) => {
        loading = undefined;
        const message = redact(errorMessage(error), apiKey);
        throw new AgentModelError(
          'unknown',
          `the ${sdkName} client could not be loaded or created (${message})`,
          {
            cause: error,
          },
        );
      });
    return loading;
  };
}
