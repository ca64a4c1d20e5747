/**
 * `mountMcpServer`: every tool of an MCP server registered on a suite, proxied with `tools/call`, kept
 * in step with the server's `notifications/tools/list_changed`, and removed again by `unmount`.
 */

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Effect, ExposureMode, ToolAnnotations, ToolImplementation, ToolSuite } from '../index.ts';
import { errorMessage } from '../shared/index.ts';
import { connect, type McpSource } from './connect.ts';
import { effectsOfRemoteTool, looksLikeFilesystem, type RemoteTool } from './effects.ts';
import {
  DEFAULT_MAX_DESCRIPTION_CHARS,
  DEFAULT_MAX_LIST_PAGES,
  DEFAULT_MAX_SCHEMA_CHARS,
  DEFAULT_MAX_TOOLS,
  type ListingCaps,
  listTools,
} from './listing.ts';
import { type OutputCheck, outputChecker } from './output-schema.ts';
import { fromCallToolResult, type RemoteCallOrigin, remoteCallError } from './results.ts';

/** How long a remote call may take before it is abandoned, by default: the SDK's own default. */
export const DEFAULT_MCP_TIMEOUT_MS = 60_000;

/** Options of {@link mountMcpServer}. */
export interface MountMcpServerOptions {
  /** Exposure mode of every mounted tool. Default: `'deferred'` (found and activated by `tool_search`). */
  mode?: ExposureMode;
  /** Put in front of every remote name (`'fs_'` → `fs_read_file`), for two servers with the same tool names. */
  prefix?: string;
  /**
   * Effects to use instead of the ones derived from annotations: by remote tool name, or a function
   * (returning `undefined` keeps the derived effects, `null` makes them unknown).
   */
  effects?: Record<string, readonly Effect[]> | ((tool: RemoteTool) => readonly Effect[] | null | undefined);
  /**
   * Whether the server acts on a filesystem, so its writing tools get `fs_write`. Default: guessed from
   * the server's name (`filesystem`, `fs`, `files`) and its tools' parameters (`path`, `*_path`, …).
   */
  filesystem?: boolean;
  /** The server's name in messages. Default: its `serverInfo.name`. */
  name?: string;
  /** Milliseconds a call may take before it is an error result. Default: {@link DEFAULT_MCP_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** Bytes of a result's text the model gets before it is cut with a notice. Default: 50 KB. */
  maxOutputBytes?: number;
  /** Hears failures of the refresh a `list_changed` notification starts (no caller awaits that one). */
  onError?: (error: unknown) => void;
  /**
   * Pages of `tools/list` followed at most; a server with more fails the listing (`McpListingError`),
   * as does one that sends a cursor twice. Default: {@link DEFAULT_MAX_LIST_PAGES} (100).
   */
  maxPages?: number;
  /** Tools listed at most (skipped ones count); more fail the listing. Default: {@link DEFAULT_MAX_TOOLS} (10,000). */
  maxTools?: number;
  /**
   * A tool whose description, title or annotation text (`annotations.title`) is longer is skipped.
   * Default: {@link DEFAULT_MAX_DESCRIPTION_CHARS} (16,384).
   */
  maxDescriptionChars?: number;
  /**
   * A tool whose `inputSchema` or `outputSchema` is longer as JSON is skipped. Default:
   * {@link DEFAULT_MAX_SCHEMA_CHARS} (65,536).
   */
  maxSchemaChars?: number;
}

/** A tool the server listed that could not be mounted, and why. */
export interface SkippedTool {
  name: string;
  reason: string;
}

/** What {@link mountMcpServer} returns. */
export interface McpMount {
  /** The server's name, as messages use it. */
  readonly server: string;
  /** The connected client (closed by `unmount` when the mount created it). */
  readonly client: Client;
  /** Names of the tools this mount registered, as the suite knows them (with the prefix). */
  tools(): string[];
  /** Tools the server listed that were not registered (a name taken by another tool, a bad schema). */
  skipped(): SkippedTool[];
  /** Lists the server's tools again, registers new ones, replaces changed ones, removes gone ones. */
  refresh(): Promise<string[]>;
  /** Removes every tool this mount registered and stops listening; closes the client if the mount made it. */
  unmount(): Promise<void>;
}

/**
 * Registers every tool of an MCP server on `suite`. `source` is a connected `Client` from
 * `@modelcontextprotocol/sdk`, a Streamable HTTP URL (`'https://…/mcp'` or `{ url, headers }`), or in
 * Node a stdio command (`{ command, args }`, whose transport is imported only then). Each tool keeps
 * its schema, title, `outputSchema` and annotations, and gets effects from them (see
 * `effectsOfRemoteTool`). Throws to the host when the server cannot be reached or listed.
 */
export async function mountMcpServer(
  suite: ToolSuite<unknown>,
  source: McpSource,
  options: MountMcpServerOptions = {},
): Promise<McpMount> {
  const connection = await connect(source, 'browser-agent-tools');
  const { client } = connection;
  const server = options.name ?? client.getServerVersion()?.name ?? connection.fallbackLabel;
  const mounted = new Map<string, { remote: string; fingerprint: string }>();
  const caps = listingCaps(options);
  let skipped: SkippedTool[] = [];
  let unmounted = false;

  const sync = async (): Promise<string[]> => {
    if (unmounted) return [];
    const listing = await listTools(client, server, caps);
    if (unmounted) return [];
    const prefix = options.prefix ?? '';
    skipped = [
      ...listing.skipped.map((tool) => ({ name: `${prefix}${tool.name}`, reason: tool.reason })),
      ...syncCatalog(suite, listing.tools, mounted, { ...options, server, client }),
    ];
    return [...mounted.keys()];
  };
  const refresh = coalesced(sync);

  try {
    await refresh();
  } catch (error) {
    if (connection.owned) await client.close().catch(() => undefined);
    throw error;
  }
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    refresh().catch((error: unknown) => options.onError?.(error));
  });

  return {
    server,
    client,
    tools: () => [...mounted.keys()],
    skipped: () => skipped.map((tool) => ({ ...tool })),
    refresh,
    async unmount() {
      if (unmounted) return;
      unmounted = true;
      client.removeNotificationHandler('notifications/tools/list_changed');
      for (const name of mounted.keys()) suite.unregister(name);
      mounted.clear();
      if (connection.owned) await client.close();
    },
  };
}

/** The caps of a listing: the options, or their defaults. */
function listingCaps(options: MountMcpServerOptions): ListingCaps {
  return {
    maxPages: options.maxPages ?? DEFAULT_MAX_LIST_PAGES,
    maxTools: options.maxTools ?? DEFAULT_MAX_TOOLS,
    maxDescriptionChars: options.maxDescriptionChars ?? DEFAULT_MAX_DESCRIPTION_CHARS,
    maxSchemaChars: options.maxSchemaChars ?? DEFAULT_MAX_SCHEMA_CHARS,
  };
}

/**
 * `run` made safe to call in bursts: at most one run in flight and one queued. A call while one runs
 * and none is queued queues one (it will see every change made before it starts); a call while one is
 * queued joins that one. 5,000 `list_changed` notifications in a row so cost two listings, not 5,000.
 */
function coalesced<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let queued: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const current = run().finally(() => {
      if (running === current) running = undefined;
    });
    running = current;
    return current;
  };
  return () => {
    if (queued) return queued;
    if (!running) return start();
    const next = running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return start();
      });
    queued = next;
    return next;
  };
}

interface SyncContext extends MountMcpServerOptions {
  server: string;
  client: Client;
}

/** Brings the catalog in line with `remoteTools`; returns what could not be registered. */
function syncCatalog(
  suite: ToolSuite<unknown>,
  remoteTools: readonly RemoteTool[],
  mounted: Map<string, { remote: string; fingerprint: string }>,
  context: SyncContext,
): SkippedTool[] {
  const filesystem = context.filesystem ?? looksLikeFilesystem(context.server, remoteTools);
  const skipped: SkippedTool[] = [];
  const listed = new Set<string>();
  for (const remote of remoteTools) {
    const name = `${context.prefix ?? ''}${remote.name}`;
    listed.add(name);
    const spec = specOf(name, remote, effectsFor(remote, filesystem, context.effects));
    const fingerprint = JSON.stringify(spec);
    if (mounted.get(name)?.fingerprint === fingerprint) continue;
    if (!mounted.has(name) && suite.get(name) !== undefined) {
      skipped.push({
        name,
        reason: `a tool named "${name}" is already registered; mount this server with a prefix`,
      });
      continue;
    }
    try {
      const check = outputChecker(remote.outputSchema);
      const origin = { server: context.server, tool: remote.name };
      const implementation = proxy(context.client, origin, context, check);
      suite.register(spec, context.mode ?? 'deferred', implementation, { replace: mounted.has(name) });
      mounted.set(name, { remote: remote.name, fingerprint });
    } catch (error) {
      skipped.push({ name, reason: errorMessage(error) });
    }
  }
  for (const name of [...mounted.keys()]) {
    if (listed.has(name)) continue;
    suite.unregister(name);
    mounted.delete(name);
  }
  return skipped;
}

function effectsFor(
  remote: RemoteTool,
  filesystem: boolean,
  override: MountMcpServerOptions['effects'],
): readonly Effect[] | null {
  const chosen = typeof override === 'function' ? override(remote) : override?.[remote.name];
  if (chosen !== undefined) return chosen;
  return effectsOfRemoteTool(remote.annotations, filesystem);
}

function specOf(
  name: string,
  remote: RemoteTool,
  effects: readonly Effect[] | null,
): Record<string, unknown> {
  const spec: Record<string, unknown> = {
    name,
    description: remote.description ?? '',
    inputSchema: remote.inputSchema ?? { type: 'object', properties: {} },
  };
  if (remote.title !== undefined) spec.title = remote.title;
  if (remote.outputSchema !== undefined) spec.outputSchema = remote.outputSchema;
  // Without known effects the annotations must not be read again by the catalog's own (looser) mapping.
  const annotations: ToolAnnotations | undefined = remote.annotations;
  if (annotations !== undefined) {
    spec.annotations = effects === null ? withoutReadOnlyHint(annotations) : annotations;
  }
  if (effects !== null) spec.effects = [...effects];
  return spec;
}

function withoutReadOnlyHint(annotations: ToolAnnotations): ToolAnnotations {
  const { readOnlyHint: _dropped, ...rest } = annotations;
  return rest;
}

/** The implementation of one mounted tool: `tools/call` with the caller's abort signal and the timeout. */
function proxy(
  client: Client,
  origin: RemoteCallOrigin,
  options: MountMcpServerOptions,
  check: OutputCheck | undefined,
): ToolImplementation {
  const timeout = options.timeoutMs ?? DEFAULT_MCP_TIMEOUT_MS;
  return async (args, context) => {
    let result: Awaited<ReturnType<Client['callTool']>>;
    try {
      // The SDK sends `notifications/cancelled` to the server when the signal aborts.
      result = await client.callTool({ name: origin.tool, arguments: args }, undefined, {
        signal: context.signal,
        timeout,
      });
    } catch (error) {
      if (context.signal.aborted) throw error; // the suite reports an aborted call itself
      throw remoteCallError(error, origin, timeout);
    }
    check?.(result, origin);
    return fromCallToolResult(result, origin, options.maxOutputBytes);
  };
}
