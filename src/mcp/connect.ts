/**
 * The three ways to reach an MCP server: a `Client` the host connected itself, a Streamable HTTP URL, or
 * (Node only) a command started over stdio. The stdio transport imports `node:child_process`, so it is
 * loaded only when a command is given, through an import bundlers do not follow: browser and worker
 * bundles of this entry never contain it.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import { UsageError } from '../index.ts';
import { type McpWireListener, withWireLog } from './wire-log.ts';

/** A Streamable HTTP endpoint, with the headers each request carries (an `Authorization`, say). */
export interface McpHttpSource {
  url: string | URL;
  headers?: Record<string, string>;
  /** The `fetch` to send requests with. Default: the global `fetch`. */
  fetch?: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** Hears every JSON-RPC message sent and received, and each transport error (see `withWireLog`). */
  onWire?: McpWireListener;
}

/** A server started as a child process speaking MCP over stdio. Node only. */
export interface McpStdioSource {
  command: string;
  args?: string[];
  /** The child's environment. Default: the SDK's safe subset of the parent's (`PATH`, `HOME`, …). */
  env?: Record<string, string>;
  cwd?: string;
  /** The child's stderr. Default: `'inherit'`. */
  stderr?: 'inherit' | 'ignore' | 'pipe';
  /** Hears every JSON-RPC message sent and received, and each transport error (see `withWireLog`). */
  onWire?: McpWireListener;
}

/** What `mountMcpServer` accepts as a server. */
export type McpSource = Client | string | URL | McpHttpSource | McpStdioSource;

/** A connected client, and whether the bridge owns it (and so closes it on unmount). */
export interface Connection {
  client: Client;
  owned: boolean;
  /** What to call the server when its `serverInfo` has no name. */
  fallbackLabel: string;
}

/** The specifier of the stdio transport, kept in a variable so that bundlers leave it out. */
const STDIO_MODULE = '@modelcontextprotocol/sdk/client/stdio.js';

/** The part of the stdio module the bridge uses. */
interface StdioModule {
  StdioClientTransport: new (params: McpStdioSource) => Transport;
}

/** Connects to `source`, or takes a client the host connected. Throws `UsageError` for a bad source. */
export async function connect(source: McpSource, clientName: string): Promise<Connection> {
  if (isClient(source)) return { client: source, owned: false, fallbackLabel: 'mcp' };
  const client = new Client(
    { name: clientName, version: '1.0.0' },
    // The SDK's default validator (Ajv) compiles with `new Function`, which workers and strict CSPs forbid.
    { jsonSchemaValidator: new CfWorkerJsonSchemaValidator() },
  );
  if (typeof source === 'string' || source instanceof URL || 'url' in source) {
    const http: McpHttpSource =
      typeof source === 'string' || source instanceof URL ? { url: source } : source;
    const url = new URL(http.url);
    const transport = new StreamableHTTPClientTransport(url, {
      requestInit: { headers: http.headers ?? {} },
      ...(http.fetch ? { fetch: http.fetch } : {}),
    });
    await client.connect(logged(transport, http.onWire));
    return { client, owned: true, fallbackLabel: url.host };
  }
  if (typeof source === 'object' && typeof source.command === 'string') {
    const { StdioClientTransport }: StdioModule = await import(
      /* @vite-ignore */ /* webpackIgnore: true */ STDIO_MODULE
    );
    const transport = new StdioClientTransport({
      command: source.command,
      ...(source.args ? { args: source.args } : {}),
      ...(source.env ? { env: source.env } : {}),
      ...(source.cwd ? { cwd: source.cwd } : {}),
      stderr: source.stderr ?? 'inherit',
    });
    await client.connect(logged(transport, source.onWire));
    return { client, owned: true, fallbackLabel: source.command };
  }
  throw new UsageError(
    'mountMcpServer needs a connected MCP Client, a Streamable HTTP URL ({ url, headers }) or a stdio command ({ command, args }).',
  );
}

function logged(transport: Transport, listener: McpWireListener | undefined): Transport {
  return listener ? withWireLog(transport, listener) : transport;
}

function isClient(source: unknown): source is Client {
  if (source instanceof Client) return true;
  // A Client from another copy of the SDK fails `instanceof`; its methods are what counts.
  const candidate = source as Partial<Client> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.callTool === 'function' &&
    typeof candidate.listTools === 'function' &&
    typeof candidate.setNotificationHandler === 'function'
  );
}
