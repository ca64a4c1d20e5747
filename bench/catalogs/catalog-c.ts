/**
 * Catalog C: the development set. The tools of eight published MCP servers other than catalog B's, read
 * from the committed fixture `fixtures/catalog-c.json` (listed offline by `bench/catalog-sources`), with
 * queries in `catalog-c-queries.ts` written before any change to `src/search/` that they informed.
 * Tuning looks at catalogs A and C; catalog B stays held out.
 */
import { type Catalog, catalogWithQueries, readFixture } from './catalog-a.ts';
import { CATALOG_C_QUERIES } from './catalog-c-queries.ts';

let cached: Catalog | undefined;

/** Loads catalog C. Cached after the first call. */
export async function loadCatalogC(): Promise<Catalog> {
  cached ??= catalogWithQueries('catalog C', readFixture('catalog-c.json'), CATALOG_C_QUERIES);
  return cached;
}
