/**
 * Lists the tools of published MCP servers offline, for the benchmark catalogs built from them. Each
 * server is started over stdio with placeholder credentials (none of them touches the network before a
 * tool call), asked for its tools through the MCP SDK's client, and stopped. Tools are renamed
 * `mcp__<server>__<tool>` (the MCP naming convention of agent hosts), since servers share tool names.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { normalizeSpec } from '../../src/core/normalize.ts';
import type { ToolSpec } from '../../src/core/types.ts';

export interface ServerEntry {
  /** Namespace in tool names. */
  id: string;
  /** npm package. */
  pkg: string;
  /** Entry file inside the package. */
  entry: string;
  args?: (scratch: string) => string[];
  env?: (scratch: string) => Record<string, string>;
}

export interface ListedServer {
  id: string;
  package: string;
  version: string;
  tools: ToolSpec[];
}

const LIST_TIMEOUT_MS = 30_000;

/** The folder of an installed package, found without resolving its `exports`. */
function packageDir(pkg: string): string {
  const require = createRequire(import.meta.url);
  for (const base of require.resolve.paths(pkg) ?? []) {
    const dir = join(base, pkg);
    if (existsSync(join(dir, 'package.json'))) return dir;
  }
  throw new Error(`${pkg}: not installed (run npm install in bench/catalog-sources)`);
}

/** The installed version of a package. */
export function packageVersion(pkg: string): string {
  return (JSON.parse(readFileSync(join(packageDir(pkg), 'package.json'), 'utf8')) as { version: string })
    .version;
}

/** Starts one server, lists its tools (renamed `mcp__<id>__<tool>`, every page) and stops it. */
async function listServer(server: ServerEntry, scratch: string): Promise<ToolSpec[]> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(packageDir(server.pkg), server.entry), ...(server.args?.(scratch) ?? [])],
    env: { ...(process.env as Record<string, string>), ...server.env?.(scratch) },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'browser-agent-tools-catalog-sources', version: '0.0.0' });
  try {
    await client.connect(transport, { timeout: LIST_TIMEOUT_MS });
    const raw: unknown[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {}, { timeout: LIST_TIMEOUT_MS });
      raw.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor);
    return raw.map((tool) => {
      const spec = normalizeSpec(tool as object);
      return { ...spec, name: `mcp__${server.id}__${spec.name}` };
    });
  } finally {
    await client.close();
  }
}

/** Starts each server in turn and collects its tools, in server order. A server that fails throws. */
export async function listServers(servers: readonly ServerEntry[]): Promise<ListedServer[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'bat-catalog-sources-'));
  const listed: ListedServer[] = [];
  try {
    for (const server of servers) {
      const tools = await listServer(server, scratch);
      listed.push({ id: server.id, package: server.pkg, version: packageVersion(server.pkg), tools });
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return listed;
}
