/**
 * The edge server's defaults and the two shapes every edge module shares: the Durable Object namespace
 * the router talks to and what `createSuite` gets for a session. Its own module so the handler, the
 * router and the session objects import them without importing each other.
 */
import type { Workspace } from '../index.ts';
import type { ServerInfo } from './mcp-server.ts';

/** Where the MCP endpoint lives unless `path` says otherwise. */
export const DEFAULT_MCP_PATH = '/mcp';
/** Live MCP sessions at most in one isolate, unless `maxSessions` says otherwise (in-isolate mode only). */
export const DEFAULT_MAX_SESSIONS: number = 100;
/** A session without requests for this long (15 minutes) is dropped, unless `idleTimeoutMs` says otherwise. */
export const DEFAULT_IDLE_TIMEOUT_MS: number = 15 * 60_000;
/** What the server reports in `initialize`, unless `serverInfo` says otherwise. */
export const DEFAULT_SERVER_INFO: Readonly<ServerInfo> = { name: 'browser-agent-tools', version: '0.1.0' };
/** Largest request body read (4 MiB), the same bound the SDK's transport applies. */
export const MAX_REQUEST_BODY_BYTES: number = 4 * 1024 * 1024;
/**
 * The whole request body must have arrived within this (30 seconds), unless `bodyTimeoutMs` says
 * otherwise: a client that trickles its body (slow-loris) is answered 408 and its connection let go.
 * 4 MiB, the largest body, takes 30 seconds at about 1.1 Mbit/s.
 */
export const DEFAULT_BODY_TIMEOUT_MS: number = 30_000;
/** Bytes one session's workspace may hold (16 MiB), unless `workspaceBytes` says otherwise. */
export const DEFAULT_WORKSPACE_BYTES: number = 16 * 1024 * 1024;
/**
 * Bytes the workspaces of all live sessions may hold together (64 MiB), unless `workspaceBudgetBytes`
 * says otherwise: half of the 128 MB a Cloudflare Workers isolate gets, the rest being the code, the
 * sessions' other state and the copies a write makes while it runs.
 */
export const DEFAULT_WORKSPACE_BUDGET_BYTES: number = 64 * 1024 * 1024;

/** The part of a Durable Object namespace binding the routing uses (Cloudflare's `DurableObjectNamespace`). */
export interface SessionObjectNamespace {
  /** A fresh, unguessable object ID: every session's object gets one, and its string is the session ID. */
  newUniqueId(): { toString(): string };
  /** The ID a string names; throws for a string this namespace never issued (the ID carries a check). */
  idFromString(id: string): unknown;
  /** The ID of a named object: only the router's own counter shards are reached this way. */
  idFromName(name: string): unknown;
  get(id: never): { fetch(request: Request): Promise<Response> };
}

/** What `createSuite` gets for the session it builds a suite for. */
export interface SuiteContext {
  /**
   * The most this session's workspace may hold, in bytes (`workspaceBytes`). It is reserved from
   * `workspaceBudgetBytes` for as long as the session lives.
   */
  readonly workspaceBytes: number;
  /**
   * Creates the session's embedded (just-bash) workspace, limited to `workspaceBytes`: pass it on as
   * `createToolSuite({ workspace })`. A write beyond the limit fails with an error naming it.
   */
  readonly workspace: () => Promise<Workspace>;
}
