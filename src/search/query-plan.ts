/**
 * How a query's own words are looked up on a large catalog (1,000 tools or more). A word is looked
 * up with MiniSearch in each field where few tools have it: those lookups find the candidate tools.
 * In a field where it is common, MiniSearch would list thousands of tools for it, most of which the
 * rest of the query rules out: there its score is computed instead, with MiniSearch's own formula
 * (`./minisearch-score.ts`), for the candidates only. In a description or parameter field where it
 * is very common it is not scored at all: it tells tools apart too little there. Each lookup
 * carries its score with MiniSearch's formula, so that the index can score the tools MiniSearch
 * meets itself rather than have MiniSearch build a result for each. May import
 * `./minisearch-score.ts` and `./score-merge.ts` (types).
 */

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
  /** How many tools have a term in a field. */
  toolsWith(field: FieldName, term: string): number;
  /** The sum over the tools of each field's number of distinct terms. */
  lengthTotals: Readonly<Record<FieldName, number>>;
  boosts: Readonly<Record<FieldName, number>>;
  /** Whether a field of the tool in a slot was indexed with the term numbered `id` ({@link termId}). */
  has(slot: number, field: FieldName, id: number): boolean;
  /** How many distinct terms a field of the tool in a slot was indexed with (0 for an empty slot). */
  fieldLength(slot: number, field: FieldName): number;
  /** The number of an indexed term, or `undefined` for a term never indexed. */
  termId(term: string): number | undefined;
}

/** A query word looked up in one field, and MiniSearch's score for it there. */
export interface FieldLookup {
  term: string;
  /** The term's place in the query's terms. */
  position: number;
  field: FieldName;
  /** MiniSearch's score for the term in that field of a tool whose field has this many terms. */
  score(fieldLength: number): number;
}

export interface OwnWordsPlan {
  /** Each word's fields where it is looked up, by word in query order, then by field. */
  lookups: FieldLookup[];
  /** The words scored for the candidates in some field instead, with that score. */
  computed: Lookups['common'];
  /**
   * When the rarest word is common (so every word of the query is) and the query has other scored
   * words: how the rarest word's lookup may skip the tools that have few of them.
   */
  narrowing?: Narrowing;
}

export interface Narrowing {
  /** The rarest word, whose lookup is narrowed. */
  term: string;
  /** The other scored words: each one's scored fields as term numbers, and the most it can add. */
  others: readonly { parts: readonly { field: FieldName; id: number }[]; bound: number }[];
  /** A tool with fewer of the other words than this is dropped from the lookup. */
  need: number;
  /** The most the rarest word can add to a tool's summed term scores. */
  bound: number;
  /** A tool's own-word score, MiniSearch's way (summed term scores times matched words). */
  score(slot: number): number;
}

/**
 * Of the other words, how many a tool must have to stay in the narrowed lookup: all of them up to
 * two, then all but a third (matching most of the query is what ranks first, through MiniSearch's
 * matched-word multiplier; the dropped tools are still scored when their ceiling could enter).
 */
function neededOthers(others: number): number {
  return others <= 2 ? others : Math.ceil((others * 2) / 3);
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
      const tools = stats.toolsWith(field, term);
      if (tools > 0 && (field === 'name' || tools <= veryCommon))
        parts.push({ term, position, field, tools });
    }
  });
  // The word fewest tools have is looked up in every field where it counts, however common: the
  // tools it finds are the candidates even when no word is rare (a tool is rarely the answer
  // without the query's most telling word).
  const rarest = rarestWord(parts);
  const lookedUp = (part: FieldPart): boolean => part.term === rarest || part.tools <= common;
  // `parts` lists the words in query order, each one's fields in field order: the order MiniSearch
  // sums a tool's term scores in.
  const lookups = parts.filter(lookedUp).map((part) => ({
    term: part.term,
    position: part.position,
    field: part.field,
    score: partScorer(stats, part),
  }));
  const computed = parts.filter((part) => !lookedUp(part));
  return {
    lookups,
    computed: computed.length === 0 ? undefined : computedScores(stats, computed),
    narrowing: narrowingOf(stats, parts, rarest, common),
  };
}

/** The {@link Narrowing} of a plan whose rarest word is common, else `undefined`. */
function narrowingOf(
  stats: FieldStatistics,
  parts: readonly FieldPart[],
  rarest: string | undefined,
  common: number,
): Narrowing | undefined {
  const own = parts.filter((part) => part.term === rarest);
  if (rarest === undefined || !own.some((part) => part.tools > common)) return undefined;
  const scored = parts.map((part) => ({
    ...part,
    id: stats.termId(part.term) ?? -1,
    score: partScorer(stats, part),
  }));
  // A field of no words is where BM25 scores a term highest: the bounds hold for any tool.
  const byTerm = new Map<string, { parts: { field: FieldName; id: number }[]; bound: number }>();
  for (const part of scored) {
    if (part.term === rarest) continue;
    const entry = byTerm.get(part.term) ?? { parts: [], bound: 0 };
    entry.parts.push({ field: part.field, id: part.id });
    entry.bound += part.score(0);
    byTerm.set(part.term, entry);
  }
  const others = [...byTerm.values()].sort((a, b) => b.bound - a.bound);
  if (others.length === 0) return undefined;
  const bound = own.reduce((sum, part) => sum + partScorer(stats, part)(0), 0);
  return {
    term: rarest,
    others,
    need: neededOthers(others.length),
    bound,
    score: (slot) => ownWordScore(stats, scored, slot),
  };
}

interface ScoredPart {
  field: FieldName;
  id: number;
  /** The term's place in the query's terms. */
  position: number;
  score: (fieldLength: number) => number;
}

/** A tool's own-word score, MiniSearch's way: summed term scores times the words matched. */
function ownWordScore(stats: FieldStatistics, parts: readonly ScoredPart[], slot: number): number {
  let sum = 0;
  let matched = 0;
  let lastPosition = -1;
  for (const part of parts) {
    if (!stats.has(slot, part.field, part.id)) continue;
    sum += part.score(stats.fieldLength(slot, part.field));
    // `parts` lists a term's fields together, so a new position is a newly matched word.
    if (part.position !== lastPosition) matched += 1;
    lastPosition = part.position;
  }
  return sum * matched;
}

function partScorer(stats: FieldStatistics, part: FieldPart): (fieldLength: number) => number {
  const average = stats.lengthTotals[part.field] / stats.documentCount;
  return fieldTermScorer(part.tools, stats.documentCount, average, stats.boosts[part.field]);
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
      for (let at = 0; at < prepared.length; at++) {
        const part = prepared[at] as (typeof prepared)[number];
        if (stats.has(slot, part.field, part.id))
          found(part.position, part.score(stats.fieldLength(slot, part.field)));
      }
    },
  };
}
