/**
 * Regenerates the committed benchmark catalogs from the packages they are listed from:
 *
 *   cd bench/catalog-sources && npm install && npm run generate [-- a c ...]
 *
 * Writes bench/catalogs/fixtures/catalog-{a,b,c,d}.json (or only the catalogs named), each with its provenance (package and version
 * of every source). The benchmarks read only those files, so the repository's own install carries none
 * of these packages. Rerun after bumping a version here, then rerun `npm run bench` and commit both.
 */
import { writeFileSync } from 'node:fs';
import { readGithubCatalog } from './github-openapi.ts';
import { listServers, type ServerEntry } from './mcp-servers.ts';
import { CATALOG_B_SERVERS, CATALOG_C_SERVERS, CATALOG_D_SERVERS } from './servers.ts';

const FIXTURES = new URL('../catalogs/fixtures/', import.meta.url);

function write(file: string, value: unknown): void {
  writeFileSync(new URL(file, FIXTURES), `${JSON.stringify(value, null, 1)}\n`);
  console.log(`wrote bench/catalogs/fixtures/${file}`);
}

async function serverCatalog(file: string, servers: readonly ServerEntry[]): Promise<void> {
  const listed = await listServers(servers);
  write(file, {
    generated: new Date().toISOString().slice(0, 10),
    sources: listed.map(({ id, package: pkg, version, tools }) => ({
      id,
      package: pkg,
      version,
      tools: tools.length,
    })),
    tools: listed.flatMap((server) => server.tools),
  });
}

const named = process.argv.slice(2);
const wanted = (id: string): boolean => named.length === 0 || named.includes(id);

if (wanted('a')) {
  const github = readGithubCatalog();
  write('catalog-a.json', {
    generated: new Date().toISOString().slice(0, 10),
    sources: Object.entries(github.versions).map(([pkg, version]) => ({
      package: pkg,
      version,
      file: 'generated/api.github.com.json',
    })),
    tools: github.tools,
    queries: github.queries,
  });
}
if (wanted('b')) await serverCatalog('catalog-b.json', CATALOG_B_SERVERS);
if (wanted('c')) await serverCatalog('catalog-c.json', CATALOG_C_SERVERS);
if (wanted('d')) await serverCatalog('catalog-d.json', CATALOG_D_SERVERS);
