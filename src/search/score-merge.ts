/**
 * Merging several MiniSearch lookups of one search into one score per tool: the summed term scores
 * of every lookup (a synonym at a discount, and only for phrases the tool does not already match with
 * the caller's own words), times the number of query terms the tool matched, as MiniSearch itself
 * ranks one OR query. The query's own words come either as MiniSearch results or, on a large
 * catalog, as term scores the index computed for each tool a lookup met. May import `./minisearch-score.ts`, `./synonyms.ts` and `minisearch` (types).
 */

import type { SearchResult } from 'minisearch';
import { summedTermScore } from './minisearch-score.ts';
import type { SynonymExpansion } from './synonyms.ts';

/** Weight of a synonym added to the query, relative to the words the caller wrote. */
const SYNONYM_WEIGHT = 0.35;

/** Sets of query-term positions as bit masks: numbers up to 32 terms, bigints beyond. */
interface MaskOps<M> {
  none: M;
  bit(position: number): M;
  or(a: M, b: M): M;
  overlaps(a: M, b: M): boolean;
  empty(mask: M): boolean;
  count(mask: M): number;
  /** A table of `size` empty masks, indexed by slot. */
  table(size: number): { [slot: number]: M };
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
  table: (size) => new Uint32Array(size),
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
  table: (size) => new Array<bigint>(size).fill(0n),
};

/** Maps a MiniSearch result id (a tool name) to the tool's slot: a small number, dense over the index. */
export interface SlotResolver {
  /** The slot of the tool a result names, or -1. */
  slotOf(result: SearchResult): number;
  /** One more than the highest slot in use. */
  readonly capacity: number;
}

/** The lookups merged after the query's own words, in the order they are merged. */
export interface Lookups {
  /** Words no tool has, looked up again by prefix and fuzzily (empty when there are none). */
  loose: readonly SearchResult[];
  /** Phrases of the query and their synonyms. */
  expansions: readonly SynonymExpansion[];
  /** Runs one OR query over the given synonym terms. */
  searchTerms(terms: string[]): SearchResult[];
  /**
   * Query words too common in some field to be looked up there: their score in that field is added,
   * as one of the caller's own words, to each tool the other lookups found. `visit` calls `found`
   * with the place in the query's terms of each such word the tool in `slot` has in those fields, and
   * its score.
   */
  common?: {
    terms: readonly string[];
    visit(slot: number, found: (position: number, score: number) => void): void;
  };
}

/** The merged scores: `scores[slot]` for each slot of `slots` (the tools found, once each). */
export interface MergedScores {
  slots: readonly number[];
  scores: Float64Array;
}

/**
 * Per-slot arrays an index lends every search's merge, all zero between searches: allocating (and
 * zeroing) two arrays the size of the catalog per search would cost more than the merge itself on
 * a large catalog, and the garbage adds collections to searches that find few tools.
 */
export interface MergeScratch {
  sums: Float64Array;
  masks: Uint32Array;
}

export function createMergeScratch(): MergeScratch {
  return { sums: new Float64Array(0), masks: new Uint32Array(0) };
}

/** Zeroes what a merge left in its scratch, once its scores are read: the next search needs zeros. */
export function releaseMerged(merged: MergedScores): void {
  const { scores } = merged;
  for (const slot of merged.slots) scores[slot] = 0;
}

/**
 * Merges the lookups of one search into one score per tool: first the query's own words
 * ({@link Merger.add}, {@link Merger.addResults}), then the rest ({@link Merger.finish}).
 */
export interface Merger {
  /** Adds a term score of the query word at `position` to the tool in `slot`. */
  add(slot: number, position: number, score: number): void;
  /** Adds a MiniSearch OR lookup of the query's own words (each tool listed once). */
  addResults(results: readonly SearchResult[]): void;
  /**
   * The own words the best-covered tool matched: the tool matching most of them, the best scored
   * among those (the first of a MiniSearch lookup of them all).
   */
  bestCovered(): ReadonlySet<string>;
  /** Merges the other lookups; the merged scores live in the scratch until `releaseMerged`. */
  finish(lookups: Lookups): MergedScores;
}

/**
 * Starts merging for the query `terms`. Per-tool sums and masks live in arrays indexed by slot: a
 * common query word finds thousands of tools on a large catalog, and one array write per tool is
 * what keeps merging them cheap.
 */
export function startMerge(terms: readonly string[], slots: SlotResolver, scratch: MergeScratch): Merger {
  if (scratch.sums.length < slots.capacity) {
    scratch.sums = new Float64Array(slots.capacity * 2);
    scratch.masks = new Uint32Array(slots.capacity * 2);
  }
  if (terms.length > 32) return merger(terms, slots, LARGE_MASKS, { sums: scratch.sums });
  return merger(terms, slots, SMALL_MASKS, scratch);
}

/** Per tool slot: summed term scores, and the query terms it matched as a bit set. */
interface Tally<M> {
  slots: SlotResolver;
  /** The slots with a non-empty mask, in the order first found. */
  found: number[];
  sums: Float64Array;
  masks: { [slot: number]: M };
}

function addTo<M>(tally: Tally<M>, ops: MaskOps<M>, slot: number, sum: number, mask: M): void {
  const before = tally.masks[slot] as M;
  if (ops.empty(before)) tally.found.push(slot);
  tally.sums[slot] = (tally.sums[slot] as number) + sum;
  tally.masks[slot] = ops.or(before, mask);
}

function mergePlain<M>(
  tally: Tally<M>,
  ops: MaskOps<M>,
  results: readonly SearchResult[],
  maskOf: (queryTerms: readonly string[]) => M,
): void {
  for (const result of results) {
    const mask = maskOf(result.queryTerms);
    const slot = tally.slots.slotOf(result);
    if (ops.empty(mask) || slot < 0) continue;
    addTo(tally, ops, slot, summedTermScore(result), mask);
  }
}

function merger<M>(
  terms: readonly string[],
  slots: SlotResolver,
  ops: MaskOps<M>,
  scratch: { sums: Float64Array; masks?: { [slot: number]: M } },
): Merger {
  const bits = terms.map((_, position) => ops.bit(position));
  const bit = new Map<string, M>(terms.map((term, i) => [term, bits[i] as M]));
  const tally: Tally<M> = {
    slots,
    found: [],
    sums: scratch.sums,
    masks: scratch.masks ?? ops.table(slots.capacity),
  };
  const maskOf = (queryTerms: readonly string[]): M => {
    let mask = ops.none;
    for (const term of queryTerms) mask = ops.or(mask, bit.get(term) ?? ops.none);
    return mask;
  };
  return {
    add: (slot, position, score) => addTo(tally, ops, slot, score, bits[position] as M),
    addResults: (results) => mergePlain(tally, ops, results, maskOf),
    bestCovered: () => bestCoveredTerms(tally, ops, terms),
    finish(lookups) {
      if (lookups.loose.length > 0) mergePlain(tally, ops, lookups.loose, maskOf);
      if (lookups.common !== undefined) mergeCommon(tally, ops, lookups.common, bits);
      if (lookups.expansions.length > 0) mergeSynonyms(tally, ops, terms, lookups, maskOf);
      const { sums, masks } = tally;
      for (const slot of tally.found) {
        const mask = masks[slot] as M;
        sums[slot] = (sums[slot] as number) * ops.count(mask);
        // The masks are the index's scratch (small masks): zero again for the next search.
        masks[slot] = ops.none;
      }
      return { slots: tally.found, scores: sums };
    },
  };
}

/** {@link Merger.bestCovered}: ties (same words, same score) go to the tool found first. */
function bestCoveredTerms<M>(tally: Tally<M>, ops: MaskOps<M>, terms: readonly string[]): Set<string> {
  let best = ops.none;
  let bestCount = 0;
  let bestScore = 0;
  for (const slot of tally.found) {
    const mask = tally.masks[slot] as M;
    const count = ops.count(mask);
    const score = (tally.sums[slot] as number) * count;
    if (count > bestCount || (count === bestCount && score > bestScore)) {
      [best, bestCount, bestScore] = [mask, count, score];
    }
  }
  return new Set(terms.filter((_, position) => ops.overlaps(best, ops.bit(position))));
}

/** Adds the score of each common query word to every tool found so far that has it. */
function mergeCommon<M>(
  tally: Tally<M>,
  ops: MaskOps<M>,
  common: NonNullable<Lookups['common']>,
  bits: readonly M[],
): void {
  let added = 0;
  let mask = ops.none;
  const found = (position: number, score: number): void => {
    added += score;
    mask = ops.or(mask, bits[position] as M);
  };
  const { sums, masks } = tally;
  for (const slot of tally.found) {
    added = 0;
    mask = ops.none;
    common.visit(slot, found);
    if (added === 0) continue;
    sums[slot] = (sums[slot] as number) + added;
    masks[slot] = ops.or(masks[slot] as M, mask);
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
  // MiniSearch lists each tool once, so `matched` is the tool's mask before any synonym was added.
  for (const result of lookups.searchTerms([...standsFor.keys()])) {
    const slot = tally.slots.slotOf(result);
    if (slot < 0) continue;
    const matched = tally.masks[slot] as M;
    let covered = ops.none;
    let useful = 0;
    for (const term of result.queryTerms) {
      // Phrases the tool already matches with the caller's own words gain nothing.
      const phrase = standsFor.get(term) ?? ops.none;
      if (ops.empty(phrase) || ops.overlaps(phrase, matched)) continue;
      useful += 1;
      covered = ops.or(covered, phrase);
    }
    if (ops.empty(covered)) continue;
    const sum = (SYNONYM_WEIGHT * summedTermScore(result) * useful) / result.queryTerms.length;
    addTo(tally, ops, slot, sum, covered);
  }
}
