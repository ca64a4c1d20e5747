/**
 * Catalog B: the tools of published MCP servers (devDependencies), listed offline. Each server is
 * started over stdio with dummy credentials (none of them touches the network before a tool call),
 * asked `initialize` then `tools/list`, and stopped. Tools are renamed `mcp__<server>__<tool>` (the
 * MCP naming convention of agent hosts), since GitHub's and GitLab's servers share tool names.
 *
 * The queries are the held-out set in `catalog-b-queries.ts`.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { normalizeSpec } from '../../src/core/normalize.ts';
import type { ToolSpec } from '../../src/core/types.ts';
import type { Catalog } from './catalog-a.ts';
import { CATALOG_B_QUERIES } from './catalog-b-queries.ts';

interface ServerEntry {
  /** Namespace in tool names. */
  id: string;
  /** npm package. */
  pkg: string;
  /** Entry file inside the package. */
  entry: string;
  args?: (scratch: string) => string[];
  env?: (scratch: string) => Record<string, string>;
}

/** The servers of catalog B. Credentials are placeholders: listing tools needs none. */
export const CATALOG_B_SERVERS: readonly ServerEntry[] = [
  {
    id: 'filesystem',
    pkg: '@modelcontextprotocol/server-filesystem',
    entry: 'dist/index.js',
    args: (scratch) => [scratch],
  },
  {
    id: 'memory',
    pkg: '@modelcontextprotocol/server-memory',
    entry: 'dist/index.js',
    env: (scratch) => ({ MEMORY_FILE_PATH: join(scratch, 'memory.json') }),
  },
  {
    id: 'github',
    pkg: '@modelcontextprotocol/server-github',
    entry: 'dist/index.js',
    env: () => ({ GITHUB_PERSONAL_ACCESS_TOKEN: 'placeholder' }),
  },
  {
    id: 'gitlab',
    pkg: '@modelcontextprotocol/server-gitlab',
    entry: 'dist/index.js',
    env: () => ({ GITLAB_PERSONAL_ACCESS_TOKEN: 'placeholder' }),
  },
  {
    id: 'slack',
    pkg: '@modelcontextprotocol/server-slack',
    entry: 'dist/index.js',
    env: () => ({ SLACK_BOT_TOKEN: 'placeholder', SLACK_TEAM_ID: 'T00000000' }),
  },
  {
    id: 'maps',
    pkg: '@modelcontextprotocol/server-google-maps',
    entry: 'dist/index.js',
    env: () => ({ GOOGLE_MAPS_API_KEY: 'placeholder' }),
  },
  {
    id: 'notion',
    pkg: '@notionhq/notion-mcp-server',
    entry: 'bin/cli.mjs',
    env: () => ({ NOTION_TOKEN: 'placeholder' }),
  },
  { id: 'playwright', pkg: '@playwright/mcp', entry: 'cli.js' },
];

const LIST_TIMEOUT_MS = 30_000;

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

let cached: Catalog | undefined;

/** Starts every server of catalog B in turn and collects its tools. Cached after the first call. */
export async function loadCatalogB(): Promise<Catalog> {
  if (cached !== undefined) return cached;
  const require = createRequire(import.meta.url);
  const scratch = mkdtempSync(join(tmpdir(), 'bat-bench-b-'));
  const tools: ToolSpec[] = [];
  const versions: Record<string, string> = {};
  try {
    for (const server of CATALOG_B_SERVERS) {
      const packageJson = require.resolve(`${server.pkg}/package.json`);
      versions[server.pkg] = (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
      const child = spawn(
        process.execPath,
        [join(dirname(packageJson), server.entry), ...(server.args?.(scratch) ?? [])],
        { env: { ...process.env, ...server.env?.(scratch) }, stdio: ['pipe', 'pipe', 'pipe'] },
      );
      try {
        for (const raw of await listTools(child, server.pkg)) {
          const spec = normalizeSpec(raw as object);
          tools.push({ ...spec, name: `mcp__${server.id}__${spec.name}` });
        }
      } finally {
        child.removeAllListeners('exit');
        child.kill();
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const names = new Set(tools.map((tool) => tool.name));
  const unknown = CATALOG_B_QUERIES.flatMap((query) => query.expected).filter((name) => !names.has(name));
  if (unknown.length > 0) {
    throw new Error(
      `catalog B: held-out queries expect tools the servers do not list: ${unknown.join(', ')}`,
    );
  }
  cached = { tools, queries: CATALOG_B_QUERIES.map((query) => ({ ...query })), versions };
  return cached;
}
