/**
 * What the three experiments of this folder share: the development catalogs (A, C, D and D's
 * rephrased requests; B is held out and never loaded here) and the figures they print.
 */
import { type Catalog, loadCatalogA } from '../../catalogs/catalog-a.ts';
import { loadCatalogC } from '../../catalogs/catalog-c.ts';
import { loadCatalogD } from '../../catalogs/catalog-d.ts';
import { CATALOG_D_REPHRASED } from '../../catalogs/catalog-d-rephrased.ts';
import { percent } from '../../lib/stats.ts';
import { type Rescore, rerankedFigures } from '../reranked.ts';

/** The value of `--name=…` on the command line, else `fallback`. */
export function option(name: string, fallback: string): string {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length) ?? fallback;
}

/** The development catalogs by label; `Dr` is catalog D's tools with the rephrased requests. */
export async function developmentCatalogs(): Promise<Map<string, Catalog>> {
  const d = await loadCatalogD();
  return new Map<string, Catalog>([
    ['A', await loadCatalogA()],
    ['C', await loadCatalogC()],
    ['D', d],
    ['Dr', { ...d, queries: CATALOG_D_REPHRASED }],
  ]);
}

/** recall@1 / recall@5 of the project's index on `catalog`, its best 50 reordered by `rescore`. */
export async function measure(catalog: Catalog, rescore: Rescore): Promise<string> {
  const value = await rerankedFigures(catalog, rescore);
  return `${percent(value.recall1)} / ${percent(value.recall5)}`;
}

/** A tool's name without its server prefix (`mcp__asana__asana_get_task` → `asana_get_task`). */
export function bareName(name: string): string {
  return name.replace(/^mcp__[^_]+__/, '');
}
