/**
 * Lists the tools of published MCP servers offline, for the benchmark catalogs built from them
 * (catalogs B and C). Each server is started over stdio with placeholder credentials (none of them
 * touches the network before a tool call), asked `initialize` then `tools/list`, and stopped. Tools
 * are renamed `mcp__<server>__<tool>` (the MCP naming convention of agent hosts), since servers
 * share tool names.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

export interface ListedServers {
  tools: ToolSpec[];
  /** Package name → version, for the servers that listed their tools. */
  versions: Record<string, string>;
  /** Package name → why it could not list its tools (only when `skipFailures` is set). */
  failures: Record<string, string>;
}

const LIST_TIMEOUT_MS = 30_000;

/** The folder of an installed package, found without resolving its `exports`. */
function packageDir(pkg: string): string {
  const require = createRequire(import.meta.url);
  for (const base of require.resolve.paths(pkg) ?? []) {
    const dir = join(base, pkg);
    if (existsSync(join(dir, 'package.json'))) return dir;
  }
  throw new Error(`${pkg}: not installed`);
}

/** Sends `initialize`, then `tools/list`; resolves with the raw tool objects. */
function listTools(child: ChildProcessWithoutNullStreams, label: string): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    let stderr = '';
    const timer = setTimeout(() => {
      reject(new Error(`${label}: no tools/list answer within ${LIST_TIMEOUT_MS} ms. stderr: ${stderr}`));
    }, LIST_TIMEOUT_MS);
    const send = (message: object): void => {
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    };
    child.stdin.on('error', () => {
      // The server exited before reading: reported by the 'exit' handler.
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${label}: exited with code ${String(code)} before listing tools. stderr: ${stderr}`));
    });
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        if (line === '') continue;
        let message: { id?: number; result?: { tools?: unknown[] }; error?: unknown };
        try {
          message = JSON.parse(line) as typeof message;
        } catch {
          continue;
        }
        if (message.id === 1) {
          send({ method: 'notifications/initialized' });
          send({ id: 2, method: 'tools/list', params: {} });
        } else if (message.id === 2) {
          clearTimeout(timer);
          if (Array.isArray(message.result?.tools)) resolve(message.result.tools);
          else reject(new Error(`${label}: tools/list failed: ${JSON.stringify(message.error)}`));
        }
      }
    });
    send({
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'browser-agent-tools-bench', version: '0.0.0' },
      },
    });
  });
}

/** Starts one server, lists its tools (renamed `mcp__<id>__<tool>`) and stops it. */
async function listServer(server: ServerEntry, scratch: string): Promise<ToolSpec[]> {
  const dir = packageDir(server.pkg);
  const child = spawn(process.execPath, [join(dir, server.entry), ...(server.args?.(scratch) ?? [])], {
    env: { ...process.env, ...server.env?.(scratch) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  try {
    return (await listTools(child, server.pkg)).map((raw) => {
      const spec = normalizeSpec(raw as object);
      return { ...spec, name: `mcp__${server.id}__${spec.name}` };
    });
  } finally {
    child.removeAllListeners('exit');
    child.kill();
  }
}

/** The installed version of a package. */
export function packageVersion(pkg: string): string {
  return (JSON.parse(readFileSync(join(packageDir(pkg), 'package.json'), 'utf8')) as { version: string })
    .version;
}

/**
 * Starts each server in turn and collects its tools, in server order. A server that fails throws,
 * unless `skipFailures` is set: then it is recorded in `failures` and left out.
 */
export async function listServers(
  servers: readonly ServerEntry[],
  options: { skipFailures?: boolean } = {},
): Promise<ListedServers> {
  const scratch = mkdtempSync(join(tmpdir(), 'bat-bench-mcp-'));
  const tools: ToolSpec[] = [];
  const versions: Record<string, string> = {};
  const failures: Record<string, string> = {};
  try {
    for (const server of servers) {
      try {
        tools.push(...(await listServer(server, scratch)));
        versions[server.pkg] = packageVersion(server.pkg);
      } catch (error) {
        if (options.skipFailures !== true) throw error;
        failures[server.pkg] = error instanceof Error ? error.message : String(error);
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return { tools, versions, failures };
}
