/**
 * Catalog D: the second development set. The tools of eight published MCP servers other than catalog
 * B's and C's, read from the committed fixture `fixtures/catalog-d.json` (listed offline by
 * `bench/catalog-sources`), with queries in `catalog-d-queries.ts` written before any change to
 * `src/search/` that they informed. Tuning looks at catalogs A, C and D; catalog B stays held out.
 */
import { type Catalog, catalogWithQueries, readFixture } from './catalog-a.ts';
import { CATALOG_D_QUERIES } from './catalog-d-queries.ts';

let cached: Catalog | undefined;

/** Loads catalog D. Cached after the first call. */
export async function loadCatalogD(): Promise<Catalog> {
  cached ??= catalogWithQueries('catalog D', readFixture('catalog-d.json'), CATALOG_D_QUERIES);
  return cached;
}
