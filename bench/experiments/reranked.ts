/**
 * How every experiment here measures a reordering: the project's index finds each query's best 50
 * (`RERANK_DEPTH`), `rescore` scores them as a host's `rerank` hook would, and the reordered lists are
 * evaluated like any ranker of the bench. Catalog B is loaded only by an experiment's `--held-out`.
 */
import { createToolIndex } from '../../src/search/index.ts';
import type { ToolIndexMatch } from '../../src/search/tool-index.ts';
import { RERANK_DEPTH, reorderByScores } from '../../src/search/tool-search.ts';
import type { Catalog } from '../catalogs/catalog-a.ts';
import { type QualityFigures, searchFigures } from '../sections/quality.ts';

/** New scores for a query's hits, in the hits' order; higher is better. */
export type Rescore = (
  query: string,
  hits: readonly ToolIndexMatch[],
) => readonly number[] | Promise<readonly number[]>;

export async function rerankedFigures(catalog: Catalog, rescore: Rescore): Promise<QualityFigures> {
  const index = createToolIndex();
  for (const tool of catalog.tools) index.add(tool);
  const ranked = new Map<string, string[]>();
  for (const query of new Set(catalog.queries.map((entry) => entry.query))) {
    const hits = index.search(query, { limit: RERANK_DEPTH });
    const scores = await rescore(query, hits);
    ranked.set(
      query,
      reorderByScores(hits, scores).map((hit) => hit.name),
    );
  }
  return searchFigures((query, limit) => (ranked.get(query) ?? []).slice(0, limit), catalog.queries);
}
