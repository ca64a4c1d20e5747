/**
 * Catalog C: the development set. The tools of published MCP servers other than catalog B's
 * (devDependencies), listed offline the way catalog B is (`bench/lib/mcp-servers.ts`), with queries
 * in `catalog-c-queries.ts` written before any change to `src/search/` that they informed. Tuning
 * looks at catalogs A and C; catalog B stays held out.
 */
import { listServers, type ServerEntry } from '../lib/mcp-servers.ts';
import type { Catalog } from './catalog-a.ts';
import { CATALOG_C_QUERIES } from './catalog-c-queries.ts';

/**
 * The servers of catalog C. Credentials are placeholders: listing tools needs none. Supabase's
 * `docs` feature fetches a schema from the network to list its tool, so it is left out
 * (`--features` names every other feature).
 */
export const CATALOG_C_SERVERS: readonly ServerEntry[] = [
  {
    id: 'chrome',
    pkg: 'chrome-devtools-mcp',
    entry: 'build/src/bin/chrome-devtools-mcp.js',
    args: () => ['--no-usage-statistics'],
  },
  {
    id: 'firecrawl',
    pkg: 'firecrawl-mcp',
    entry: 'dist/index.js',
    env: () => ({ FIRECRAWL_API_KEY: 'fc-placeholder' }),
  },
  { id: 'kubernetes', pkg: 'mcp-server-kubernetes', entry: 'dist/index.js' },
  {
    id: 'supabase',
    pkg: '@supabase/mcp-server-supabase',
    entry: 'dist/cli.js',
    args: () => [
      '--access-token',
      'placeholder',
      '--features=account,database,debugging,development,functions,branching,storage',
    ],
  },
  {
    id: 'tavily',
    pkg: 'tavily-mcp',
    entry: 'build/index.js',
    env: () => ({ TAVILY_API_KEY: 'tvly-placeholder' }),
  },
  {
    id: 'everything',
    pkg: '@modelcontextprotocol/server-everything',
    entry: 'dist/index.js',
    args: () => ['stdio'],
  },
  {
    id: 'brave',
    pkg: '@modelcontextprotocol/server-brave-search',
    entry: 'dist/index.js',
    env: () => ({ BRAVE_API_KEY: 'placeholder' }),
  },
  {
    id: 'sentry',
    pkg: '@sentry/mcp-server',
    entry: 'dist/index.js',
    args: () => ['--access-token=placeholder'],
  },
];

let cached: Catalog | undefined;

/** Starts every server of catalog C in turn and collects its tools. Cached after the first call. */
export async function loadCatalogC(): Promise<Catalog> {
  if (cached !== undefined) return cached;
  const { tools, versions } = await listServers(CATALOG_C_SERVERS);
  const names = new Set(tools.map((tool) => tool.name));
  const unknown = CATALOG_C_QUERIES.flatMap((query) => query.expected).filter((name) => !names.has(name));
  if (unknown.length > 0) {
    throw new Error(`catalog C: queries expect tools the servers do not list: ${unknown.join(', ')}`);
  }
  cached = { tools, queries: CATALOG_C_QUERIES.map((query) => ({ ...query })), versions };
  return cached;
}
