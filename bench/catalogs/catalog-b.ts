/**
 * Catalog B: the tools of published MCP servers (devDependencies), listed offline by
 * `bench/lib/mcp-servers.ts`: each server is started over stdio with dummy credentials (none of them
 * touches the network before a tool call), asked `initialize` then `tools/list`, and stopped. Tools
 * are renamed `mcp__<server>__<tool>` (the MCP naming convention of agent hosts), since GitHub's and
 * GitLab's servers share tool names.
 *
 * The queries are the held-out set in `catalog-b-queries.ts`.
 */
import { join } from 'node:path';
import { listServers, type ServerEntry } from '../lib/mcp-servers.ts';
import type { Catalog } from './catalog-a.ts';
import { CATALOG_B_QUERIES } from './catalog-b-queries.ts';

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

let cached: Catalog | undefined;

/** Starts every server of catalog B in turn and collects its tools. Cached after the first call. */
export async function loadCatalogB(): Promise<Catalog> {
  if (cached !== undefined) return cached;
  const { tools, versions } = await listServers(CATALOG_B_SERVERS);
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
