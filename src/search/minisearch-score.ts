/**
 * The assumptions the tool index makes about how MiniSearch scores. MiniSearch scores a combined OR
 * query as the sum of the matched terms' own scores (BM25 over the fields, times the field boosts),
 * multiplied by the number of distinct query terms the result matched (its `queryTerms`), so results
 * matching more of the query come first. The index merges several lookups of one search into that
 * sum, so it needs the sum back; and on a large catalog it scores a very common name word itself,
 * for the tools the other words found, with MiniSearch's own per-field formula rather than have
 * MiniSearch list thousands of tools for it. It also relies on MiniSearch listing results best first,
 * to stop reading them once no later one can enter the top list. tests/search/minisearch-score.test.ts
 * fails if MiniSearch changes either formula or that order. May import `minisearch` (types only).
 */

import type { SearchResult } from 'minisearch';

/**
 * The BM25 parameters the index passes to MiniSearch: MiniSearch's defaults, stated here so that
 * {@link fieldTermScore} and MiniSearch compute the same thing.
 */
export const BM25_PARAMS: Readonly<{ k: number; b: number; d: number }> = { k: 1.2, b: 0.7, d: 0.5 };

/** A result's summed term scores: its MiniSearch score without the matched-term multiplier. */
export function summedTermScore(result: Pick<SearchResult, 'score' | 'queryTerms'>): number {
  return result.score / result.queryTerms.length;
}

/**
 * MiniSearch's score for a term a document has once in a field (the index counts each word of a
 * field once): BM25 with {@link BM25_PARAMS}, where `matching` documents of `documentCount` have the
 * term in that field, times the field's boost.
 */
export function fieldTermScore(
  matching: number,
  documentCount: number,
  fieldLength: number,
  averageFieldLength: number,
  boost: number,
): number {
  return fieldTermScorer(matching, documentCount, averageFieldLength, boost)(fieldLength);
}

/**
 * {@link fieldTermScore} with everything but the document's field length fixed: what depends on the
 * term alone is worked out once.
 */
export function fieldTermScorer(
  matching: number,
  documentCount: number,
  averageFieldLength: number,
  boost: number,
): (fieldLength: number) => number {
  const { k, b, d } = BM25_PARAMS;
  const weight = boost * Math.log(1 + (documentCount - matching + 0.5) / (matching + 0.5));
  return (fieldLength) => weight * (d + (k + 1) / (1 + k * (1 - b + (b * fieldLength) / averageFieldLength)));
}
