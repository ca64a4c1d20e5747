/**
 * Merging several MiniSearch lookups of one search into one score per tool: the summed term scores
 * of every lookup (a synonym at a discount, and only for phrases the tool does not already match with
 * the caller's own words), times the number of query terms the tool matched, as MiniSearch itself
 * ranks one OR query. May import `./minisearch-score.ts`, `./synonyms.ts` and `minisearch` (types).
 */

import type { SearchResult } from 'minisearch';
import { summedTermScore } from './minisearch-score.ts';
import type { SynonymExpansion } from './synonyms.ts';

/** Weight of a synonym added to the query, relative to the words the caller wrote. */
export const SYNONYM_WEIGHT = 0.35;

/** Sets of query-term positions as bit masks: numbers up to 32 terms, bigints beyond. */
interface MaskOps<M> {
  none: M;
  bit(position: number): M;
  or(a: M, b: M): M;
  overlaps(a: M, b: M): boolean;
  empty(mask: M): boolean;
  count(mask: M): number;
}

const SMALL_MASKS: MaskOps<number> = {
  none: 0,
  bit: (position) => (1 << position) >>> 0,
  or: (a, b) => (a | b) >>> 0,
  overlaps: (a, b) => (a & b) !== 0,
  empty: (mask) => mask === 0,
  count(mask) {
    let count = 0;
    for (let rest = mask >>> 0; rest !== 0; rest = (rest & (rest - 1)) >>> 0) count += 1;
    return count;
  },
};

const LARGE_MASKS: MaskOps<bigint> = {
  none: 0n,
  bit: (position) => 1n << BigInt(position),
  or: (a, b) => a | b,
  overlaps: (a, b) => (a & b) !== 0n,
  empty: (mask) => mask === 0n,
  count(mask) {
    let count = 0;
    for (let rest = mask; rest !== 0n; rest &= rest - 1n) count += 1;
    return count;
  },
};

/** The lookups of one search, in the order they are merged. */
export interface Lookups {
  /** The query's own words. */
  own: readonly SearchResult[];
  /** Words no tool has, looked up again by prefix and fuzzily (empty when there are none). */
  loose: readonly SearchResult[];
  /** Phrases of the query and their synonyms. */
  expansions: readonly SynonymExpansion[];
  /** Runs one OR query over the given synonym terms. */
  searchTerms(terms: string[]): SearchResult[];
  /**
   * Query words too common in some field to be looked up there: their score in that field is added,
   * as one of the caller's own words, to each tool the other lookups found. `visit` calls `found`
   * with each such word a tool has in those fields, and its score.
   */
  common?: {
    terms: readonly string[];
    visit(name: string, found: (term: string, score: number) => void): void;
  };
}

/** One score per tool name for the query `terms`, from every lookup. */
export function mergeLookups(terms: readonly string[], lookups: Lookups): Map<string, number> {
  return terms.length <= 32 ? merge(terms, lookups, SMALL_MASKS) : merge(terms, lookups, LARGE_MASKS);
}

/** Per tool: summed term scores, and the query terms it matched as a bit set. */
interface Tally<M> {
  sums: Map<string, number>;
  masks: Map<string, M>;
}

function mergeIn<M>(
  tally: Tally<M>,
  ops: MaskOps<M>,
  results: readonly SearchResult[],
  weigh: (result: SearchResult) => [number, M],
): void {
  for (const result of results) {
    const [sum, mask] = weigh(result);
    if (ops.empty(mask)) continue;
    const name = String(result.id);
    tally.sums.set(name, (tally.sums.get(name) ?? 0) + sum);
    tally.masks.set(name, ops.or(tally.masks.get(name) ?? ops.none, mask));
  }
}

function merge<M>(terms: readonly string[], lookups: Lookups, ops: MaskOps<M>): Map<string, number> {
  const bit = new Map<string, M>(terms.map((term, i) => [term, ops.bit(i)]));
  const tally: Tally<M> = { sums: new Map(), masks: new Map() };
  const maskOf = (queryTerms: readonly string[]): M => {
    let mask = ops.none;
    for (const term of queryTerms) mask = ops.or(mask, bit.get(term) ?? ops.none);
    return mask;
  };
  const plain = (result: SearchResult): [number, M] => [summedTermScore(result), maskOf(result.queryTerms)];
  mergeIn(tally, ops, lookups.own, plain);
  if (lookups.loose.length > 0) mergeIn(tally, ops, lookups.loose, plain);
  if (lookups.common !== undefined) mergeCommon(tally, ops, lookups.common, bit);
  if (lookups.expansions.length > 0) mergeSynonyms(tally, ops, terms, lookups, maskOf);
  const scores = new Map<string, number>();
  for (const [name, sum] of tally.sums) scores.set(name, sum * ops.count(tally.masks.get(name) ?? ops.none));
  return scores;
}

/** Adds the score of each common query word to every tool found so far that has it. */
function mergeCommon<M>(
  tally: Tally<M>,
  ops: MaskOps<M>,
  common: NonNullable<Lookups['common']>,
  bit: ReadonlyMap<string, M>,
): void {
  let added = 0;
  let mask = ops.none;
  const found = (term: string, score: number): void => {
    added += score;
    mask = ops.or(mask, bit.get(term) ?? ops.none);
  };
  for (const [name, sum] of tally.sums) {
    added = 0;
    mask = ops.none;
    common.visit(name, found);
    if (added === 0) continue;
    tally.sums.set(name, sum + added);
    tally.masks.set(name, ops.or(tally.masks.get(name) ?? ops.none, mask));
  }
}

/**
 * Merges the synonym lookup: a synonym term counts at {@link SYNONYM_WEIGHT}, as the query phrases it
 * can replace, and only for phrases the tool does not already match with the caller's own words.
 */
function mergeSynonyms<M>(
  tally: Tally<M>,
  ops: MaskOps<M>,
  terms: readonly string[],
  lookups: Lookups,
  maskOf: (queryTerms: readonly string[]) => M,
): void {
  // Each alternative term stands for the bits of the phrases it can replace.
  const standsFor = new Map<string, M>();
  for (const expansion of lookups.expansions) {
    const phrase = maskOf(terms.slice(expansion.start, expansion.start + expansion.length));
    for (const alternative of expansion.alternatives) {
      for (const term of alternative) standsFor.set(term, ops.or(standsFor.get(term) ?? ops.none, phrase));
    }
  }
  mergeIn(tally, ops, lookups.searchTerms([...standsFor.keys()]), (result) => {
    const matched = tally.masks.get(String(result.id)) ?? ops.none;
    let covered = ops.none;
    let useful = 0;
    for (const term of result.queryTerms) {
      // Phrases the tool already matches with the caller's own words gain nothing.
      const phrase = standsFor.get(term) ?? ops.none;
      if (ops.empty(phrase) || ops.overlaps(phrase, matched)) continue;
      useful += 1;
      covered = ops.or(covered, phrase);
    }
    const count = result.queryTerms.length;
    return [(SYNONYM_WEIGHT * summedTermScore(result) * useful) / count, covered];
  });
}
