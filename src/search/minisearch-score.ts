/**
 * The one assumption the tool index makes about how MiniSearch scores. MiniSearch scores a combined
 * OR query as the sum of the matched terms' own scores (BM25 over the fields, times the field
 * boosts), multiplied by the number of distinct query terms the result matched (its `queryTerms`),
 * so results matching more of the query come first. The index merges several lookups of one search
 * into that sum, so it needs the sum back. tests/search/minisearch-score.test.ts fails if MiniSearch
 * changes this formula. May import `minisearch` (types only).
 */

import type { SearchResult } from 'minisearch';

/** A result's summed term scores: its MiniSearch score without the matched-term multiplier. */
export function summedTermScore(result: Pick<SearchResult, 'score' | 'queryTerms'>): number {
  return result.score / result.queryTerms.length;
}
