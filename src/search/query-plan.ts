/**
 * How a query's own words are looked up on a large catalog (1,000 tools or more). A word is looked
 * up with MiniSearch in each field where few tools have it: those lookups find the candidate tools.
 * In a field where it is common, MiniSearch would list thousands of tools for it, most of which the
 * rest of the query rules out: there its score is computed instead, with MiniSearch's own formula
 * (`./minisearch-score.ts`), for the candidates only. In a description or parameter field where it
 * is very common it is not scored at all: it tells tools apart too little there. May import
 * `./minisearch-score.ts`, `./score-merge.ts` (types) and `minisearch` (types).
 */

import type { Query } from 'minisearch';
import { fieldTermScorer } from './minisearch-score.ts';
import type { Lookups } from './score-merge.ts';

export type FieldName = 'name' | 'description' | 'parameters';
export const FIELD_NAMES: readonly FieldName[] = ['name', 'description', 'parameters'];

/**
 * A word more than this share of the tools have in their description (or parameters), and more than
 * {@link COMMON_MIN_TOOLS} of them, is not scored in that field. (Names always count.)
 */
const VERY_COMMON_SHARE = 0.1;
/**
 * A word more than this share of the tools have in a field, and more than {@link COMMON_MIN_TOOLS},
 * is not looked up in that field but scored for the candidates.
 */
const COMMON_SHARE = 0.01;
const COMMON_MIN_TOOLS = 100;

/** What the plan needs to know of an index. */
export interface FieldStatistics {
  documentCount: number;
  /** How many tools have each term in each field. */
  counts: Readonly<Record<FieldName, ReadonlyMap<string, number>>>;
  /** The sum over the tools of each field's number of distinct terms. */
  lengthTotals: Readonly<Record<FieldName, number>>;
  boosts: Readonly<Record<FieldName, number>>;
  /**
   * The numbers ({@link termId}) of the distinct terms each field of the tool in a slot was indexed
   * with, sorted, or `undefined` for an empty slot.
   */
  fieldTerms(slot: number): Readonly<Record<FieldName, Int32Array>> | undefined;
  /** The number of an indexed term, or `undefined` for a term never indexed. */
  termId(term: string): number | undefined;
}

export interface OwnWordsPlan {
  /** One MiniSearch query per word with a field where it is looked up. */
  queries: Query[];
  /** The words scored for the candidates in some field instead, with that score. */
  computed: Lookups['common'];
}

interface FieldPart {
  term: string;
  /** The term's place in the query's terms. */
  position: number;
  field: FieldName;
  tools: number;
}

/** Splits each word's fields into looked up, computed for the candidates, and not scored. */
export function planOwnWords(stats: FieldStatistics, terms: readonly string[]): OwnWordsPlan {
  const common = Math.max(COMMON_MIN_TOOLS, COMMON_SHARE * stats.documentCount);
  const veryCommon = Math.max(COMMON_MIN_TOOLS, VERY_COMMON_SHARE * stats.documentCount);
  const parts: FieldPart[] = [];
  terms.forEach((term, position) => {
    for (const field of FIELD_NAMES) {
      const tools = stats.counts[field].get(term) ?? 0;
      if (tools > 0 && (field === 'name' || tools <= veryCommon))
        parts.push({ term, position, field, tools });
    }
  });
  // The word fewest tools have is looked up in every field where it counts, however common: the
  // tools it finds are the candidates even when no word is rare (a tool is rarely the answer
  // without the query's most telling word).
  const rarest = rarestWord(parts);
  const lookedUp = (part: FieldPart): boolean => part.term === rarest || part.tools <= common;
  const queries: Query[] = [];
  for (const term of terms) {
    const fields = parts.filter((part) => part.term === term && lookedUp(part)).map((part) => part.field);
    if (fields.length > 0) queries.push(fields.length === 3 ? term : { queries: [term], fields });
  }
  const computed = parts.filter((part) => !lookedUp(part));
  return { queries, computed: computed.length === 0 ? undefined : computedScores(stats, computed) };
}

function rarestWord(parts: readonly FieldPart[]): string | undefined {
  const totals = new Map<string, number>();
  for (const { term, tools } of parts) totals.set(term, (totals.get(term) ?? 0) + tools);
  let rarest: string | undefined;
  let fewest = Number.POSITIVE_INFINITY;
  for (const [term, total] of totals) {
    if (total < fewest) [rarest, fewest] = [term, total];
  }
  return rarest;
}

/**
 * A tool's scores for the computed words: MiniSearch's score in each computed field whose terms
 * include the word. What does not depend on the tool is worked out once per query; the visit, run
 * for thousands of candidates on a large catalog, only searches the tool's terms and adds.
 */
function computedScores(stats: FieldStatistics, parts: readonly FieldPart[]): Lookups['common'] {
  const { documentCount } = stats;
  const prepared = parts.map(({ term, position, field, tools }) => ({
    position,
    id: stats.termId(term) ?? -1,
    field,
    score: fieldTermScorer(
      tools,
      documentCount,
      stats.lengthTotals[field] / documentCount,
      stats.boosts[field],
    ),
  }));
  return {
    terms: [...new Set(parts.map((part) => part.term))],
    visit(slot, found) {
      const fieldTerms = stats.fieldTerms(slot);
      if (fieldTerms === undefined) return;
      for (let at = 0; at < prepared.length; at++) {
        const part = prepared[at] as (typeof prepared)[number];
        const indexed = fieldTerms[part.field];
        if (includesSorted(indexed, part.id)) found(part.position, part.score(indexed.length));
      }
    },
  };
}

/** Whether a sorted array holds `term`: a binary search, parameter texts having hundreds of terms. */
export function includesSorted(sorted: Int32Array, term: number): boolean {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const candidate = sorted[middle] as number;
    if (candidate === term) return true;
    if (candidate < term) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}
