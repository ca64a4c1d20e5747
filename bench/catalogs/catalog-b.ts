/**
 * Catalog B: the held-out set. The tools of eight published MCP servers, read from the committed fixture
 * `fixtures/catalog-b.json` (listed offline by `bench/catalog-sources`; each tool renamed
 * `mcp__<server>__<tool>`), with queries in `catalog-b-queries.ts` written before any tuning. Tuning
 * never looks at this catalog.
 */
import { type Catalog, catalogWithQueries, readFixture } from './catalog-a.ts';
import { CATALOG_B_QUERIES } from './catalog-b-queries.ts';

let cached: Catalog | undefined;

/** Loads catalog B. Cached after the first call. */
export async function loadCatalogB(): Promise<Catalog> {
  cached ??= catalogWithQueries('catalog B', readFixture('catalog-b.json'), CATALOG_B_QUERIES);
  return cached;
}
