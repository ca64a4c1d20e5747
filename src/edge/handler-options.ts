/**
 * The options of `createFetchHandler`, and their check: every option a caller can get wrong is refused
 * with a `UsageError` naming it before a handler exists. Also the origin policy the options make (which
 * browser origins may call, and the 403 text for one that may not). Imports the root entry, the edge
 * defaults and the protocol server's types.
 */
import { createToolSuite, type ToolSuite, UsageError } from '../index.ts';
import {
  DEFAULT_BODY_TIMEOUT_MS,
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_MCP_PATH,
  DEFAULT_SERVER_INFO,
  DEFAULT_WORKSPACE_BUDGET_BYTES,
  DEFAULT_WORKSPACE_BYTES,
  type SessionObjectNamespace,
  type SuiteContext,
} from './defaults.ts';
import type { ServerInfo } from './mcp-server.ts';
import { DEFAULT_RESUME_GRACE_MS } from './resumable-session.ts';

/** Options of {@link createFetchHandler}. */
export interface FetchHandlerOptions {
  /**
   * Creates the suite of one MCP session: catalog, exposure modes, policy, workspace. Called once per
   * session, on `initialize`, so every session has its own catalog state, its own activated tools and
   * its own workspace. Must return a fresh suite each time: a suite shared between sessions shares its
   * workspace. Give it `context.workspace` (`createToolSuite({ workspace: context.workspace })`) so its
   * workspace keeps to the size the memory budget reserved for it; a workspace of your own should keep
   * to `context.workspaceBytes`, or the budget does not bound it.
   * Default: `(context) => createToolSuite({ workspace: context.workspace })` (the seven built-ins and
   * tool_search, an embedded workspace of `workspaceBytes`).
   */
  createSuite?: (context: SuiteContext) => ToolSuite;
  /** Path of the MCP endpoint. Other paths get 404. Default: `'/mcp'` ({@link DEFAULT_MCP_PATH}). */
  path?: string;
  /**
   * The bearer token every request must carry (`Authorization: Bearer <token>`); a request without it,
   * or with another, gets 401. Compared in constant time. Only the characters a client can send in that
   * header (RFC 6750: letters, digits, `-._~+/`, then `=` padding) are accepted; anything else throws
   * `UsageError`, since no request could ever match it. Default: none, every request is accepted; set
   * one whenever the server is reachable by anyone but you.
   */
  bearerToken?: string;
  /**
   * Origins a browser may call from, each spelled as browsers send it (`https://app.example`, with a
   * port when not the default; no path), or `'*'` for any. A request whose `Origin` header is not
   * allowed gets 403 (MCP asks servers to check it, against DNS rebinding); requests without `Origin`
   * (non-browser clients) pass. Default: with a `bearerToken`, any origin (the token is the check);
   * without one, only localhost origins (`http://localhost:5173`, `http://127.0.0.1`, `http://[::1]`, any
   * port, http or https).
   */
  allowedOrigins?: readonly string[];
  /**
   * Live sessions at most. In this isolate (the default mode): an `initialize` beyond it, once idle
   * sessions are swept, ends the least-recently-used session not running a call (its ID then gets 404);
   * when every session is running one, it gets 503 with a `Retry-After` header. Default: 100
   * ({@link DEFAULT_MAX_SESSIONS}). In Durable Object mode it is a cap on the stored sessions of the
   * whole deployment, off unless set: counted by a sharded counter (no one object sees every session),
   * and at the cap a new session gets 503; no live session is ever ended to make room. See docs/edge.md.
   */
  maxSessions?: number;
  /**
   * Milliseconds without a request after which a session is dropped, with its workspace; its ID then
   * gets 404. A session with a call still running is never dropped. Sessions are swept when a request
   * arrives, not by a timer. Default: 15 minutes ({@link DEFAULT_IDLE_TIMEOUT_MS}).
   */
  idleTimeoutMs?: number;
  /**
   * The most one session's workspace may hold, in bytes; a write beyond it fails with an error naming
   * the limit. Default: 16 MiB ({@link DEFAULT_WORKSPACE_BYTES}).
   */
  workspaceBytes?: number;
  /**
   * The memory the workspaces of all live sessions may hold together, in bytes. Every session reserves
   * `workspaceBytes` of it when it opens and gives it back when it ends or expires, so an `initialize`
   * that would overdraw it ends the least-recently-used idle session, like one over `maxSessions`
   * (503 with `Retry-After` when every session is running a call). Sessions at once
   * are thus at most `workspaceBudgetBytes / workspaceBytes` (4 by default): lower `workspaceBytes`
   * for more. Default: 64 MiB ({@link DEFAULT_WORKSPACE_BUDGET_BYTES}).
   */
  workspaceBudgetBytes?: number;
  /** Name and version reported in `initialize`. Default: {@link DEFAULT_SERVER_INFO}. */
  serverInfo?: ServerInfo;
  /**
   * Durable Object mode: the namespace binding of the session object class (`McpSessionObject`, or
   * one made by `createSessionObjectClass`). Every MCP session then lives in its own object, whose ID
   * (from `newUniqueId()`, unguessable) is the session's `Mcp-Session-Id`; an ID the namespace never
   * issued gets 404 before any object is reached. The object keeps its files and activated tools in its
   * storage, so it survives the isolate and the object being evicted, and deletes them itself when the
   * session has been idle for `idleTimeoutMs` (its alarm). The session options (`createSuite`,
   * `workspaceBytes`, `serverInfo`) are then the object class's; keep `idleTimeoutMs` the same in both.
   * `maxSessions`, when set, caps the deployment's stored sessions (see above); `workspaceBudgetBytes`
   * does not apply (each object has its own memory). See docs/edge.md. Default: none, sessions live in
   * this handler's memory.
   */
  sessionObjects?: SessionObjectNamespace;
  /**
   * Milliseconds within which a request's whole body must have arrived; a body still arriving then is
   * cut off and the request answered 408, so clients that trickle bodies (slow-loris) cannot hold the
   * server's connections. Default: 30 seconds ({@link DEFAULT_BODY_TIMEOUT_MS}).
   */
  bodyTimeoutMs?: number;
  /**
   * Milliseconds a client whose response stream broke mid-call has to resume it (`GET` with
   * `Last-Event-ID`, as the MCP SDK client does) before the calls on that stream are cancelled.
   * In-isolate mode only; in Durable Object mode it is the object class's option. Default: 30 seconds.
   */
  resumeGraceMs?: number;
  /** Clock for the idle timeout, in milliseconds. Default: `Date.now`. */
  now?: () => number;
  /**
   * Told about errors the handler absorbed: transport errors (mostly malformed client requests, already
   * answered), failures closing a session, and unexpected failures answered with 500. Must not throw.
   * Default: none.
   */
  onError?: (error: unknown) => void;
}

/** Which browser origins may call, and the 403 text for one that may not. */
export interface OriginPolicy {
  allows(origin: string): boolean;
  refusal(origin: string): string;
}

/** Host names of the loopback interface, as `URL.hostname` spells them. */
const LOCALHOST_NAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether `origin` is a page served from this machine over http or https. */
function isLocalhostOrigin(origin: string): boolean {
  const url = parseUrl(origin);
  return (url?.protocol === 'http:' || url?.protocol === 'https:') && LOCALHOST_NAMES.has(url.hostname);
}

/**
 * The origin policy: the listed origins (`'*'` for all) when there is a list; else any origin when a
 * bearer token guards the server (a page that does not know the token gets nowhere); else localhost
 * only, so a page a rebinding DNS name points at this server cannot use it.
 */
function originPolicy(allowedOrigins: readonly string[] | undefined, hasToken: boolean): OriginPolicy {
  if (allowedOrigins !== undefined) {
    const listed = new Set(allowedOrigins);
    return {
      allows: (origin) => listed.has('*') || listed.has(origin),
      refusal: (origin) => `Forbidden: requests from origin ${origin} are not allowed.`,
    };
  }
  if (hasToken) return { allows: () => true, refusal: () => '' };
  return {
    allows: isLocalhostOrigin,
    refusal: (origin) =>
      `Forbidden: requests from origin ${origin} are not allowed. This server has no bearer token, so it accepts browser requests from localhost origins only; its operator can allow other origins with allowedOrigins.`,
  };
}

/** The options with their defaults applied, as the handler and its middleware read them. */
export interface Settings {
  createSuite: (context: SuiteContext) => ToolSuite;
  path: string;
  bearerToken: string | undefined;
  origins: OriginPolicy;
  maxSessions: number;
  /** `maxSessions` as the operator set it: the deployment's cap in Durable Object mode, when set. */
  sessionCap: number | undefined;
  idleTimeoutMs: number;
  bodyTimeoutMs: number;
  resumeGraceMs: number;
  workspaceBytes: number;
  workspaceBudgetBytes: number;
  serverInfo: ServerInfo;
  now: () => number;
  onError: ((error: unknown) => void) | undefined;
  sessionObjects: SessionObjectNamespace | undefined;
}

export function checkOptions(options: FetchHandlerOptions): Settings {
  const fail = (message: string): never => {
    throw new UsageError(`createFetchHandler: ${message}`);
  };
  const createSuite = options.createSuite ?? ((context) => createToolSuite({ workspace: context.workspace }));
  if (typeof createSuite !== 'function') fail('createSuite must be a function that returns a suite.');
  const path = options.path ?? DEFAULT_MCP_PATH;
  if (!path.startsWith('/')) fail(`path must start with "/", got ${JSON.stringify(path)}.`);
  // The router reads `:name`, `*` and `{...}` in a path as patterns; the endpoint is one literal path.
  if (/[:*{}?#]/.test(path)) {
    fail(`path must be a literal path, without : * { } ? or #, got ${JSON.stringify(path)}.`);
  }
  const { bearerToken, allowedOrigins } = options;
  if (bearerToken !== undefined) {
    const problem = bearerTokenProblem(bearerToken);
    if (problem !== undefined) fail(problem);
  }
  if (allowedOrigins !== undefined && !Array.isArray(allowedOrigins)) {
    fail('allowedOrigins must be an array of origins.');
  }
  const badOrigin = allowedOrigins?.find((origin) => !isOriginSpelling(origin));
  if (badOrigin !== undefined) {
    fail(
      `allowedOrigins must list origins as browsers send them, such as "https://app.example" or "http://localhost:5173" (scheme, host and port; no path, no trailing slash), or "*" for any; got ${JSON.stringify(badOrigin)}.`,
    );
  }
  const settings: Settings = {
    createSuite,
    path,
    bearerToken,
    origins: originPolicy(allowedOrigins, bearerToken !== undefined),
    maxSessions: options.maxSessions ?? DEFAULT_MAX_SESSIONS,
    sessionCap: options.maxSessions,
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    bodyTimeoutMs: options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS,
    resumeGraceMs: options.resumeGraceMs ?? DEFAULT_RESUME_GRACE_MS,
    workspaceBytes: options.workspaceBytes ?? DEFAULT_WORKSPACE_BYTES,
    workspaceBudgetBytes: options.workspaceBudgetBytes ?? DEFAULT_WORKSPACE_BUDGET_BYTES,
    serverInfo: options.serverInfo ?? { ...DEFAULT_SERVER_INFO },
    now: options.now ?? Date.now,
    onError: options.onError,
    sessionObjects: options.sessionObjects,
  };
  const limitsProblem = limitsProblemOf(settings);
  if (limitsProblem !== undefined) fail(limitsProblem);
  return settings;
}

/** What is wrong with the numeric limits, or `undefined`. */
function limitsProblemOf(settings: Settings): string | undefined {
  const { maxSessions, idleTimeoutMs, bodyTimeoutMs, resumeGraceMs, workspaceBytes, workspaceBudgetBytes } =
    settings;
  if (!Number.isInteger(maxSessions) || maxSessions < 1) {
    return `maxSessions must be an integer of at least 1, got ${String(maxSessions)}.`;
  }
  if (!Number.isFinite(idleTimeoutMs) || idleTimeoutMs <= 0) {
    return `idleTimeoutMs must be a positive number of milliseconds, got ${String(idleTimeoutMs)}.`;
  }
  if (!Number.isFinite(resumeGraceMs) || resumeGraceMs < 0) {
    return `resumeGraceMs must be a number of milliseconds of at least 0, got ${String(resumeGraceMs)}.`;
  }
  if (!Number.isFinite(bodyTimeoutMs) || bodyTimeoutMs <= 0) {
    return `bodyTimeoutMs must be a positive number of milliseconds, got ${String(bodyTimeoutMs)}.`;
  }
  if (!Number.isSafeInteger(workspaceBytes) || workspaceBytes < 1) {
    return `workspaceBytes must be a positive whole number of bytes, got ${String(workspaceBytes)}.`;
  }
  if (!Number.isSafeInteger(workspaceBudgetBytes) || workspaceBudgetBytes < workspaceBytes) {
    return `workspaceBudgetBytes must be a whole number of bytes of at least workspaceBytes (${workspaceBytes}), so one session fits; got ${String(workspaceBudgetBytes)}.`;
  }
  return undefined;
}

/** One character a `b64token` may hold (RFC 6750, section 2.1), `=` padding aside. */
const TOKEN_CHARACTER = /^[A-Za-z0-9\-._~+/]$/;

/**
 * Why `token` could never match a request, or `undefined` when it can: a client sends it as
 * `Authorization: Bearer <b64token>`, so a space, a quote or a non-ASCII letter in it can never arrive
 * intact. Names the first bad character by position, never the token itself (it is a secret).
 */
function bearerTokenProblem(token: unknown): string | undefined {
  if (typeof token !== 'string' || token === '') {
    return 'bearerToken must be a non-empty string; leave it out to accept every request.';
  }
  const characters = [...token.replace(/=+$/, '')];
  const bad = characters.findIndex((character) => !TOKEN_CHARACTER.test(character));
  const problem =
    characters.length === 0
      ? 'is only "=" padding'
      : bad === -1
        ? undefined
        : `has ${describeCharacter(characters[bad] ?? '')} at character ${bad + 1}`;
  if (problem === undefined) return undefined;
  return `bearerToken ${problem}, which an "Authorization: Bearer" header cannot carry (RFC 6750), so no request could ever match it. Use only letters, digits and - . _ ~ + /, with = allowed only at the end: a random hex or base64url string works.`;
}

/** A character as an error message names it: `a space`, `"="`, `U+00E9`. */
function describeCharacter(character: string): string {
  if (character === ' ') return 'a space';
  if (/^[!-~]$/.test(character)) return JSON.stringify(character);
  return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Whether `entry` is `'*'` or an origin spelled exactly as a browser's `Origin` header would be. */
function isOriginSpelling(entry: unknown): boolean {
  if (entry === '*') return true;
  return typeof entry === 'string' && parseUrl(entry)?.origin === entry;
}

/** `new URL(text)`, or `undefined` when `text` is not a URL. */
function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
