/**
 * The checks a request passes before it reaches a session, as hono middleware, in this order: its
 * origin (403), CORS for allowed browser origins (preflights answered 204), the bearer token (hono's
 * `bearerAuth`, 401), the method (405), and its body: read whole within `bodyTimeoutMs` (408) and no
 * larger than 4 MiB (hono's `bodyLimit`, 413). Every refusal is a JSON-RPC error object with the text
 * clients have always read (tests pin them word for word). Imports hono, the edge defaults and texts.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { MAX_REQUEST_BODY_BYTES } from './defaults.ts';
import type { OriginPolicy } from './handler-options.ts';
import { formatDuration, jsonRpcError } from './responses.ts';

/** 403 for a browser origin the policy refuses; requests without `Origin` (not from a browser) pass. */
export function originGuard(origins: OriginPolicy): MiddlewareHandler {
  return async (context, next) => {
    const origin = context.req.raw.headers.get('origin');
    if (origin !== null && !origins.allows(origin)) {
      return jsonRpcError(403, -32000, origins.refusal(origin));
    }
    return next();
  };
}

/** The headers a page of an allowed origin may read on every answer. */
const EXPOSED_HEADERS = ['Mcp-Session-Id', 'Mcp-Protocol-Version', 'WWW-Authenticate', 'Retry-After'];

/**
 * CORS for the origins {@link originGuard} let through: each answer names the calling origin and exposes
 * the session headers, and a preflight gets 204 before the bearer check (preflights carry no
 * credentials). Requests without `Origin` get no CORS headers and no preflight answer.
 */
export function browserCors(methods: readonly string[]): MiddlewareHandler {
  const middleware = cors({
    origin: (origin) => origin,
    allowMethods: [...methods],
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  });
  return (context, next) => (context.req.raw.headers.has('origin') ? middleware(context, next) : next());
}

/** The `Authorization` value of a client that meant to send a bearer token. */
const BEARER_SHAPE = /^Bearer[ ]+\S+\s*$/i;
const MISSING_TOKEN =
  'Unauthorized: this server requires a bearer token. Send it in an "Authorization: Bearer <token>" header.';
const WRONG_TOKEN =
  'Unauthorized: the bearer token is not valid for this server. Send the token it was configured with.';
const CHALLENGE = 'Bearer realm="mcp"';
const INVALID_CHALLENGE = 'Bearer realm="mcp", error="invalid_token"';

/**
 * hono's `bearerAuth` (constant-time comparison of hashes) with this server's 401s: one for a request
 * without a bearer token, one for a wrong token. A header hono finds malformed is answered as one of
 * the two, by whether it has the `Bearer <token>` shape, so a client learns which to fix.
 */
export function bearerGuard(token: string): MiddlewareHandler {
  const malformedIsWrongToken = (context: Context) =>
    BEARER_SHAPE.test(context.req.header('authorization') ?? '');
  return bearerAuth({
    token,
    realm: 'mcp',
    noAuthenticationHeader: {
      wwwAuthenticateHeader: CHALLENGE,
      message: () => jsonRpcError(401, -32000, MISSING_TOKEN),
    },
    invalidAuthenticationHeader: {
      wwwAuthenticateHeader: (context) => (malformedIsWrongToken(context) ? INVALID_CHALLENGE : CHALLENGE),
      message: (context) =>
        jsonRpcError(401, -32000, malformedIsWrongToken(context) ? WRONG_TOKEN : MISSING_TOKEN),
    },
    invalidToken: {
      wwwAuthenticateHeader: INVALID_CHALLENGE,
      message: () => jsonRpcError(401, -32000, WRONG_TOKEN),
    },
  });
}

/** 405 for a method the endpoint does not serve, naming the ones it does. */
export function methodGuard(methods: readonly string[], refusal: string): MiddlewareHandler {
  return async (context, next) => {
    if (!methods.includes(context.req.method)) {
      return jsonRpcError(405, -32000, refusal, { Allow: methods.join(', ') });
    }
    return next();
  };
}

/**
 * The body rules: the whole body must arrive within `timeoutMs` (else 408, and the connection is let
 * go), and be at most {@link MAX_REQUEST_BODY_BYTES} (hono's `bodyLimit`: 413). The body is read here,
 * once, so no later step waits on a client that trickles it; at most one byte over the limit is read,
 * enough for `bodyLimit` to see it is too large.
 */
export function bodyGuards(timeoutMs: number): MiddlewareHandler[] {
  const deadline: MiddlewareHandler = async (context, next) => {
    const body = context.req.raw.body;
    if (body === null) return next();
    const bytes = await readWithin(body, timeoutMs, MAX_REQUEST_BODY_BYTES + 1);
    if (bytes === undefined) {
      return jsonRpcError(
        408,
        -32000,
        `Request Timeout: the request body did not arrive in full within ${formatDuration(timeoutMs)}, so the server stopped reading it. Send the whole JSON-RPC message at once and retry.`,
        { Connection: 'close' },
      );
    }
    context.req.raw = new Request(context.req.raw, { body: bytes });
    return next();
  };
  const limit = bodyLimit({
    maxSize: MAX_REQUEST_BODY_BYTES,
    onError: () =>
      jsonRpcError(
        413,
        -32000,
        `Payload Too Large: Request body must not exceed ${MAX_REQUEST_BODY_BYTES} bytes`,
      ),
  });
  return [deadline, limit];
}

/**
 * Up to `maxBytes` of `body`, or `undefined` when the body had not ended (or reached `maxBytes`) within
 * `timeoutMs`; the rest of the body is cancelled either way.
 */
async function readWithin(
  body: ReadableStream<Uint8Array>,
  timeoutMs: number,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const reader = body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<'expired'>((resolve) => {
    timer = setTimeout(() => resolve('expired'), timeoutMs);
  });
  const parts: Uint8Array[] = [];
  let received = 0;
  try {
    while (received < maxBytes) {
      const next = await Promise.race([reader.read(), expired]);
      if (next === 'expired') return undefined;
      if (next.done) break;
      parts.push(next.value);
      received += next.value.byteLength;
    }
    return concatenate(parts, Math.min(received, maxBytes));
  } finally {
    clearTimeout(timer);
    reader.cancel().catch(() => undefined);
  }
}

/** The first `length` bytes of `parts`, in one array. */
function concatenate(parts: readonly Uint8Array[], length: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    if (offset >= length) break;
    const piece = part.subarray(0, length - offset);
    out.set(piece, offset);
    offset += piece.byteLength;
  }
  return out;
}
