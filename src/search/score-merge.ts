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

/** The lookups of one search, in the order they are merged. */
export interface Lookups {
  /** The query's own words. */
  own: readonly SearchResult[];
  /**
   * The tools a lookup of the query word `term` found and the index scored itself (MiniSearch's
   * formula): `sums[i]` is the word's summed term scores for the tool in `slots[i]`.
   */
  narrowed?: { term: string; slots: readonly number[]; sums: readonly number[] };
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
 * One score per tool found for the query `terms`, from every lookup. Per-tool sums and masks live in
 * arrays indexed by slot: a common query word finds thousands of tools on a large catalog, and one
 * array write per tool is what keeps merging them cheap.
 */
export function mergeLookups(
  terms: readonly string[],
  lookups: Lookups,
  slots: SlotResolver,
  scratch: MergeScratch,
): MergedScores {
  if (scratch.sums.length < slots.capacity) {
    scratch.sums = new Float64Array(slots.capacity * 2);
    scratch.masks = new Uint32Array(slots.capacity * 2);
  }
  if (terms.length > 32) return merge(terms, lookups, slots, LARGE_MASKS, { sums: scratch.sums });
  const merged = merge(terms, lookups, slots, SMALL_MASKS, scratch);
  for (const slot of merged.slots) scratch.masks[slot] = 0;
  return merged;
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

function merge<M>(
  terms: readonly string[],
  lookups: Lookups,
  slots: SlotResolver,
  ops: MaskOps<M>,
  scratch: { sums: Float64Array; masks?: { [slot: number]: M } },
): MergedScores {
  const bit = new Map<string, M>(terms.map((term, i) => [term, ops.bit(i)]));
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
  mergePlain(tally, ops, lookups.own, maskOf);
  const { narrowed } = lookups;
  if (narrowed !== undefined) {
    const mask = bit.get(narrowed.term) ?? ops.none;
    for (let at = 0; at < narrowed.slots.length; at++) {
      addTo(tally, ops, narrowed.slots[at] as number, narrowed.sums[at] as number, mask);
    }
  }
  if (lookups.loose.length > 0) mergePlain(tally, ops, lookups.loose, maskOf);
  if (lookups.common !== undefined) {
    mergeCommon(
      tally,
      ops,
      lookups.common,
      terms.map((_, position) => ops.bit(position)),
    );
  }
  if (lookups.expansions.length > 0) mergeSynonyms(tally, ops, terms, lookups, maskOf);
  const { sums, masks } = tally;
  for (const slot of tally.found) sums[slot] = (sums[slot] as number) * ops.count(masks[slot] as M);
  return { slots: tally.found, scores: sums };
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
