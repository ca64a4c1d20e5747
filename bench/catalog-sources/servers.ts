/**
 * The published MCP servers whose tool lists make catalogs B (held out) and C (development set).
 * Credentials are placeholders: listing tools needs none.
 */
import { join } from 'node:path';
import type { ServerEntry } from './mcp-servers.ts';

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

/**
 * The servers of catalog D, the second development set (none of B's or C's). Credentials are
 * placeholders: listing tools needs none. MongoDB's telemetry is off and Desktop Commander keeps its
 * configuration in the scratch folder (it writes one under HOME).
 */
export const CATALOG_D_SERVERS: readonly ServerEntry[] = [
  {
    id: 'mongodb',
    pkg: 'mongodb-mcp-server',
    entry: 'dist/esm/index.js',
    env: () => ({
      MDB_MCP_TELEMETRY: 'disabled',
      MDB_MCP_API_CLIENT_ID: 'placeholder',
      MDB_MCP_API_CLIENT_SECRET: 'placeholder',
    }),
  },
  {
    id: 'circleci',
    pkg: '@circleci/mcp-server-circleci',
    entry: 'dist/index.js',
    env: () => ({ CIRCLECI_TOKEN: 'placeholder' }),
  },
  {
    id: 'datadog',
    pkg: '@winor30/mcp-server-datadog',
    entry: 'build/index.js',
    env: () => ({ DATADOG_API_KEY: 'placeholder', DATADOG_APP_KEY: 'placeholder' }),
  },
  {
    id: 'airtable',
    pkg: 'airtable-mcp-server',
    entry: 'dist/main.js',
    env: () => ({ AIRTABLE_API_KEY: 'patplaceholder.placeholder' }),
  },
  {
    id: 'asana',
    pkg: '@roychri/mcp-server-asana',
    entry: 'dist/index.js',
    env: () => ({ ASANA_ACCESS_TOKEN: 'placeholder' }),
  },
  {
    id: 'desktop',
    pkg: '@wonderwhy-er/desktop-commander',
    entry: 'dist/index.js',
    env: (scratch) => ({ HOME: scratch }),
  },
  {
    id: 'hubspot',
    pkg: '@hubspot/mcp-server',
    entry: 'dist/index.js',
    env: () => ({ PRIVATE_APP_ACCESS_TOKEN: 'placeholder' }),
  },
  {
    id: 'linear',
    pkg: 'linear-mcp',
    entry: 'build/index.js',
    env: () => ({ LINEAR_ACCESS_TOKEN: 'lin_api_placeholder' }),
  },
];
