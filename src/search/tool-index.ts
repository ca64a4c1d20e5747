/**
 * A full-text index over catalog-form tool specs, built on one MiniSearch instance. The text analysis
 * lives in `./text-analysis.ts`; this file holds the ranking, which configures MiniSearch rather than
 * replacing it: field boosts, each field's words counted once, prefix and fuzzy matching only for
 * words no tool has, synonyms only for rare words the best match lacks, common words scored for the
 * tools the rarer words found rather than looked up (`./query-plan.ts`) (the last three on catalogs
 * of 1,000 tools or more), a bonus for tools whose name the query spells out (a synonym counting half
 * a word), ties in registration order. Updates are incremental. May import `../core/types.ts`,
 * `../core/errors.ts`, the other files of `./` and `minisearch`. */

import MiniSearch, { type Query, type SearchOptions, type SearchResult } from 'minisearch';
import { UsageError } from '../core/errors.ts';
import type { ToolSpec } from '../core/types.ts';
import { BM25_PARAMS } from './minisearch-score.ts';
import { FIELD_NAMES, type FieldName, type FieldStatistics, planOwnWords } from './query-plan.ts';
import { type MergedScores, mergeLookups, type SlotResolver } from './score-merge.ts';
import {
  createSynonymExpander,
  SYNONYM_GROUPS,
  type SynonymExpander,
  type SynonymExpansion,
} from './synonyms.ts';
import {
  analyzeQuery,
  analyzeWith,
  buildEquivalences,
  collectWords,
  defaultEquivalenceMap,
  type Equivalences,
  identifierTokens,
  termsOf,
} from './text-analysis.ts';
import { type IndexDocument, toDocument } from './tool-documents.ts';

export { analyzeText, splitWords, stemWord } from './text-analysis.ts';

/** Query terms considered per search; the rest of an over-long query is ignored. */
export const MAX_QUERY_TERMS = 32;

/** Relative weight of each indexed field. */
export interface ToolIndexFieldBoost {
  /** The tool name, split into words, plus the name as written. */
  name: number;
  /** The description (and the title, when the spec has one). */
  description: number;
  /** Parameter names and parameter descriptions, at every depth. */
  parameters: number;
}

/** Default field weights: a hit in the name counts most, then the description, then the parameters. */
export const DEFAULT_FIELD_BOOST: Readonly<ToolIndexFieldBoost> = {
  name: 3,
  description: 1.5,
  parameters: 1,
};

/** Options of {@link createToolIndex}. */
export interface ToolIndexOptions {
  /** Groups of interchangeable words used to expand queries; `[]` turns expansion off. Default: `SYNONYM_GROUPS`. */
  synonyms?: readonly (readonly string[])[];
  /**
   * Abbreviations and variants replaced, in tools and queries alike, by the first phrase of their
   * group; `[]` turns this off. Default: `EQUIVALENT_TERMS`.
   */
  equivalents?: readonly (readonly string[])[];
  /** Field weights, merged over the defaults. Default: `DEFAULT_FIELD_BOOST`. */
  boost?: Partial<ToolIndexFieldBoost>;
  /** Query terms considered per search (at least 1). Default: `MAX_QUERY_TERMS` (32). */
  maxQueryTerms?: number;
}

/** Options of {@link ToolIndex.add}. */
export interface ToolIndexAddOptions {
  /** Sort key among equal scores; lower comes first. Default: after every tool added so far. */
  order?: number;
}

/** Options of {@link ToolIndex.search}. */
export interface ToolIndexSearchOptions {
  /** Most matches to return. A value below 1 (or not a number) returns none. */
  limit: number;
  /** Keeps only the tools for which it returns `true`; applied before `limit`. Default: keep all. */
  filter?: (name: string) => boolean;
}

/** One search hit. */
export interface ToolIndexMatch {
  name: string;
  /** Relevance; higher is better. Only comparable within one search. */
  score: number;
}

/** A searchable set of tool specs, keyed by name. */
export interface ToolIndex {
  /** Indexes a spec. Throws `UsageError` when a tool of that name is already indexed. */
  add(spec: ToolSpec, options?: ToolIndexAddOptions): void;
  /** Drops a tool; returns whether it was indexed. */
  remove(name: string): boolean;
  /** Re-indexes a spec in place (keeping its tie order), or adds it when absent. */
  replace(spec: ToolSpec): void;
  /** Whether a tool of that name is indexed. */
  has(name: string): boolean;
  /**
   * Ranks the indexed tools against a free-text query, best first; equal scores keep the order the
   * tools were added in. An empty or stop-word-only query returns `[]`. Never throws on query text.
   */
  search(query: string, options: ToolIndexSearchOptions): ToolIndexMatch[];
  /** How many tools are indexed. */
  readonly size: number;
}

/**
 * Below this many tools, every query word is also matched by prefix and fuzzily and every phrase of
 * the query through its synonyms. From this size on, those broader lookups are kept for words no
 * tool has (prefix, fuzzy) and for rare words the best match lacks (synonyms): they are what costs
 * time on a large catalog.
 */
const BROAD_MATCHING_MAX_TOOLS = 1000;

/**
 * On a catalog of {@link BROAD_MATCHING_MAX_TOOLS} tools or more, a query word used by fewer tools
 * than this share of the catalog or {@link SYNONYM_RARE_MIN_TOOLS}, whichever is more, counts as
 * rare: the caller may have said it differently from the catalog, so its synonyms are looked up.
 */
const SYNONYM_RARE_SHARE = 0.02;
const SYNONYM_RARE_MIN_TOOLS = 5;

/**
 * Bonus for a tool whose name the query spells out: its score is multiplied by 1 + this times the
 * square of the share of the name's words that the query contains, so a full match counts most.
 */
const NAME_COVERAGE_BONUS = 0.5;

/** What a name word the query says only through a synonym counts for, in the name bonus. */
const NAME_SYNONYM_SHARE = 0.5;

/** Distinct synonym terms looked up per search, at most. */
const MAX_SYNONYM_TERMS = 32;
/** Distinct words whose analysis an index remembers before starting over. */
const MAX_CACHED_TERMS = 50_000;
/**
 * How a word is matched loosely: by prefix from `minPrefixLength` letters; fuzzily (an edit distance
 * of `fuzziness` times its length, at most `maxFuzzyDistance`) when it is a plain word of
 * `minFuzzyLength` to `maxFuzzyLength` letters.
 */
const LOOSE_MATCHING = {
  minPrefixLength: 3,
  minFuzzyLength: 5,
  maxFuzzyLength: 32,
  fuzziness: 0.2,
  maxFuzzyDistance: 2,
} as const;

const PLAIN_TERM = /^[\p{L}\p{N}]+$/u;

/** Whether a score (with its tie order) ranks before another. */
function outranks(score: number, order: number, other: { score: number; order: number }): boolean {
  return score > other.score || (score === other.score && order < other.order);
}

/**
 * The multiplier of {@link NAME_COVERAGE_BONUS} for a name and the query's terms; a name word the
 * query says only through a synonym (`alternatives`) counts {@link NAME_SYNONYM_SHARE} of a word.
 */
function nameBonus(
  nameTerms: readonly string[],
  asked: ReadonlySet<string>,
  alternatives: ReadonlySet<string>,
): number {
  if (nameTerms.length === 0) return 1;
  let covered = 0;
  for (const term of nameTerms) {
    if (asked.has(term)) covered += 1;
    else if (alternatives.has(term)) covered += NAME_SYNONYM_SHARE;
  }
  const share = covered / nameTerms.length;
  return 1 + NAME_COVERAGE_BONUS * share * share;
}

/** Keeps the synonym alternatives of a query within {@link MAX_SYNONYM_TERMS} distinct terms. */
function capExpansions(expansions: SynonymExpansion[]): SynonymExpansion[] {
  const seen = new Set<string>();
  const kept: SynonymExpansion[] = [];
  for (const expansion of expansions) {
    const alternatives: string[][] = [];
    for (const phrase of expansion.alternatives) {
      const fresh = phrase.filter((term) => !seen.has(term));
      if (seen.size + fresh.length > MAX_SYNONYM_TERMS) break;
      for (const term of fresh) seen.add(term);
      alternatives.push(phrase);
    }
    if (alternatives.length > 0) kept.push({ ...expansion, alternatives });
  }
  return kept;
}

/** Adds the terms of every alternative of `expansions` to `out`. */
function noteAlternatives(expansions: readonly SynonymExpansion[], out: Set<string>): void {
  for (const expansion of expansions) {
    for (const alternative of expansion.alternatives) for (const term of alternative) out.add(term);
  }
}

interface IndexEntry {
  name: string;
  document: IndexDocument;
  order: number;
  /** The entry's place in `IndexState.slots`, reused after a removal. */
  slot: number;
  /** The analyzed words of the name (not the name as written), for the name-coverage bonus. */
  nameTerms: readonly string[];
  /** The terms MiniSearch indexed for each field, each once (what a word common in a field is checked against). */
  fieldTerms: Record<FieldName, Int32Array>;
}

/** Everything one index holds. */
interface IndexState {
  engine: MiniSearch<IndexDocument>;
  queryOptions: SearchOptions;
  entries: Map<string, IndexEntry>;
  /** The entries by slot (`undefined` where a tool was removed), for the merge's per-slot arrays. */
  slots: (IndexEntry | undefined)[];
  /** Slots freed by `remove`, reused by `add`. */
  freeSlots: number[];
  resolver: SlotResolver;
  /** How many tools have each term in each field, kept by `add` and `remove`. */
  counts: Record<FieldName, Map<string, number>>;
  /** +1 while a document is being added, -1 while one is being removed. */
  counting: 1 | -1 | 0;
  /** The terms of each field of the document last tokenized. */
  lastTerms: Record<FieldName, Int32Array>;
  /**
   * A number per term ever indexed, so that a tool's terms are kept as a sorted Int32Array (compact,
   * and quick to search). Grows with the distinct words of the tools added; never shrinks.
   */
  termIds: Map<string, number>;
  /** What query planning reads: term counts, field lengths, boosts, each tool's terms. */
  statistics: FieldStatistics & { lengthTotals: Record<FieldName, number> };
  equivalences: Equivalences;
  expand: SynonymExpander | null;
  maxQueryTerms: number;
  nextOrder: number;
}

/** The sorted numbers of `terms`, numbering the terms not seen before. */
function termIdsOf(termIds: Map<string, number>, terms: readonly string[]): Int32Array {
  const ids = new Int32Array(terms.length);
  terms.forEach((term, at) => {
    let id = termIds.get(term);
    if (id === undefined) {
      id = termIds.size;
      termIds.set(term, id);
    }
    ids[at] = id;
  });
  return ids.sort();
}

/** The analysis of one word, remembered (bounded): words repeat across a catalog. */
function cachedTermProcessor(equivalences: Equivalences): (word: string) => string | string[] | null {
  const termCache = new Map<string, string | string[] | null>();
  return (word) => {
    let processed = termCache.get(word);
    if (processed === undefined) {
      const terms = termsOf(word, equivalences);
      processed = terms.length === 0 ? null : terms.length === 1 ? (terms[0] as string) : [...terms];
      if (termCache.size >= MAX_CACHED_TERMS) termCache.clear();
      termCache.set(word, processed);
    }
    return processed;
  };
}

/**
 * A field's terms, analyzed and each once: a word's presence counts, not its repetitions, so a long
 * description that repeats a word does not outrank a short one that states it once. While a tool is
 * added or removed, the field's term counts follow.
 */
function fieldTokenizer(state: IndexState): (text: string, fieldName?: string) => string[] {
  const processTerm = cachedTermProcessor(state.equivalences);
  return (text, fieldName) => {
    const terms = new Set<string>();
    for (const word of fieldName === 'name' ? identifierTokens(text) : collectWords(text, true)) {
      const processed = processTerm(word);
      if (typeof processed === 'string') terms.add(processed);
      else if (processed !== null) for (const term of processed) terms.add(term);
    }
    const tokens = [...terms];
    const field: FieldName = fieldName === 'name' || fieldName === 'description' ? fieldName : 'parameters';
    // Sorted, so that query planning can look a word up in them quickly (MiniSearch ignores order).
    if (state.counting === 1) state.lastTerms[field] = termIdsOf(state.termIds, tokens);
    if (state.counting !== 0) {
      const counts = state.counts[field];
      for (const term of terms) {
        const count = (counts.get(term) ?? 0) + state.counting;
        if (count > 0) counts.set(term, count);
        else counts.delete(term);
      }
    }
    return tokens;
  };
}

function createState(options: ToolIndexOptions): IndexState {
  const boost: ToolIndexFieldBoost = { ...DEFAULT_FIELD_BOOST, ...options.boost };
  const equivalences =
    options.equivalents === undefined ? defaultEquivalenceMap() : buildEquivalences(options.equivalents);
  const analyze = (text: string): string[] => analyzeWith(text, equivalences);
  const synonymGroups = options.synonyms ?? SYNONYM_GROUPS;
  const state: IndexState = {
    engine: undefined as unknown as MiniSearch<IndexDocument>,
    queryOptions: {
      boost: { ...boost },
      tokenize: (text) => [text],
      processTerm: (text) => text,
      maxFuzzy: LOOSE_MATCHING.maxFuzzyDistance,
      bm25: { ...BM25_PARAMS },
    },
    entries: new Map(),
    slots: [],
    freeSlots: [],
    resolver: undefined as unknown as SlotResolver,
    counts: { name: new Map(), description: new Map(), parameters: new Map() },
    counting: 0,
    lastTerms: { name: new Int32Array(0), description: new Int32Array(0), parameters: new Int32Array(0) },
    termIds: new Map(),
    statistics: undefined as unknown as IndexState['statistics'],
    equivalences,
    expand: synonymGroups.length > 0 ? createSynonymExpander(synonymGroups, analyze) : null,
    maxQueryTerms: Math.max(1, Math.floor(options.maxQueryTerms ?? MAX_QUERY_TERMS)),
    nextOrder: 0,
  };
  state.engine = new MiniSearch<IndexDocument>({
    idField: 'id',
    fields: ['name', 'description', 'parameters'],
    storeFields: [],
    tokenize: fieldTokenizer(state),
    processTerm: (term) => term,
    autoVacuum: false,
  });
  state.statistics = {
    get documentCount() {
      return state.entries.size;
    },
    counts: state.counts,
    lengthTotals: { name: 0, description: 0, parameters: 0 },
    boosts: { ...boost },
    fieldTerms: (slot) => state.slots[slot]?.fieldTerms,
    termId: (term) => state.termIds.get(term),
  };
  state.resolver = {
    slotOf: (name) => state.entries.get(name)?.slot ?? -1,
    get capacity() {
      return state.slots.length;
    },
  };
  return state;
}

function addTool(state: IndexState, spec: ToolSpec, addOptions: ToolIndexAddOptions): void {
  if (state.entries.has(spec.name)) {
    throw new UsageError(`tool index: "${spec.name}" is already indexed. Use replace() to update it.`);
  }
  const order = addOptions.order ?? state.nextOrder;
  state.nextOrder = Math.max(state.nextOrder, order + 1);
  const document = toDocument(spec);
  state.counting = 1;
  try {
    state.engine.add(document);
  } finally {
    state.counting = 0;
  }
  const nameTerms = [...new Set(analyzeWith(spec.name, state.equivalences))];
  const fieldTerms = { ...state.lastTerms };
  for (const field of FIELD_NAMES) state.statistics.lengthTotals[field] += fieldTerms[field].length;
  const slot = state.freeSlots.pop() ?? state.slots.length;
  const entry: IndexEntry = { name: spec.name, document, order, slot, nameTerms, fieldTerms };
  state.slots[slot] = entry;
  state.entries.set(spec.name, entry);
}

function removeTool(state: IndexState, name: string): boolean {
  const entry = state.entries.get(name);
  if (entry === undefined) return false;
  state.counting = -1;
  try {
    state.engine.remove(entry.document);
  } finally {
    state.counting = 0;
  }
  for (const field of FIELD_NAMES) state.statistics.lengthTotals[field] -= entry.fieldTerms[field].length;
  state.entries.delete(name);
  state.slots[entry.slot] = undefined;
  state.freeSlots.push(entry.slot);
  return true;
}

/** A query term matched by prefix and, when long enough, fuzzily. */
function looseQuery(term: string): Query {
  return {
    queries: [term],
    prefix: term.length >= LOOSE_MATCHING.minPrefixLength,
    fuzzy:
      term.length >= LOOSE_MATCHING.minFuzzyLength &&
      term.length <= LOOSE_MATCHING.maxFuzzyLength &&
      PLAIN_TERM.test(term)
        ? LOOSE_MATCHING.fuzziness
        : false,
  };
}

function searchOr(state: IndexState, queries: Query[]): SearchResult[] {
  return state.engine.search({ combineWith: 'OR', queries }, state.queryOptions);
}

/**
 * Ranks with the query's own words (one MiniSearch OR query), then, only where needed: words no tool
 * contains are looked up again by prefix and fuzzily, and phrases of the query that the best-covered
 * tool lacks are looked up through their synonyms (on a catalog below BROAD_MATCHING_MAX_TOOLS, every
 * word and phrase, at once). The extra lookups are merged into MiniSearch's summed term scores
 * (`./score-merge.ts`), a synonym at a discount and counting as the phrase it stands for, never on top
 * of the caller's own words. Each tool's score is finally multiplied by its name bonus.
 */
function rank(
  state: IndexState,
  terms: readonly string[],
  alternatives: Set<string>,
): MergedScores | SearchResult[] {
  const searchTerms = (synonyms: string[]): SearchResult[] => searchOr(state, synonyms);
  // A catalog of fewer than BROAD_MATCHING_MAX_TOOLS tools is cheap to search broadly: every word
  // by prefix and fuzzily, every phrase through its synonyms.
  if (state.entries.size < BROAD_MATCHING_MAX_TOOLS) {
    const own = searchOr(state, terms.map(looseQuery));
    const expansions = state.expand === null ? [] : capExpansions(state.expand(terms));
    noteAlternatives(expansions, alternatives);
    if (expansions.length === 0) return own;
    return mergeLookups(terms, { own, loose: [], expansions, searchTerms }, state.resolver);
  }

  const plan = planOwnWords(state.statistics, terms);
  const own = searchOr(state, plan.queries);
  const common = plan.computed;
  const unknown = terms.filter(
    (term) =>
      term.length >= LOOSE_MATCHING.minPrefixLength && PLAIN_TERM.test(term) && toolsUsing(state, term) === 0,
  );
  const expansions = rareExpansions(state, terms, own);
  noteAlternatives(expansions, alternatives);
  if (unknown.length === 0 && expansions.length === 0 && common === undefined) return own;
  const loose = unknown.length > 0 ? searchOr(state, unknown.map(looseQuery)) : [];
  return mergeLookups(terms, { own, loose, expansions, searchTerms, common }, state.resolver);
}

/** How many tools use a word, in the field that uses it most (a lower bound of the total). */
function toolsUsing(state: IndexState, term: string): number {
  const { name, description, parameters } = state.counts;
  return Math.max(name.get(term) ?? 0, description.get(term) ?? 0, parameters.get(term) ?? 0);
}

/**
 * On a large catalog, a phrase is looked up through its synonyms when the catalog rarely uses its
 * words (so the caller may have said it differently) and the best-covered tool lacks them.
 */
function rareExpansions(
  state: IndexState,
  terms: readonly string[],
  own: readonly SearchResult[],
): SynonymExpansion[] {
  const rare = Math.max(SYNONYM_RARE_MIN_TOOLS, SYNONYM_RARE_SHARE * state.entries.size);
  let best: SearchResult | undefined;
  for (const result of own) {
    if (best === undefined || result.queryTerms.length > best.queryTerms.length) best = result;
  }
  const bestTerms = new Set(best?.queryTerms ?? []);
  const wanting = (term: string): boolean =>
    PLAIN_TERM.test(term) && !bestTerms.has(term) && toolsUsing(state, term) < rare;
  if (state.expand === null || !terms.some(wanting)) return [];
  return capExpansions(
    state
      .expand(terms)
      .filter((expansion) => terms.slice(expansion.start, expansion.start + expansion.length).every(wanting)),
  );
}

/** The best `limit` tools so far, best first; equal scores keep the order the tools were added in. */
interface TopList {
  keep(entry: IndexEntry, raw: number): void;
  /** The lowest kept score once the list is full, else `undefined`. */
  floor(): number | undefined;
  matches(): ToolIndexMatch[];
}

function topList(
  limit: number,
  bonus: (entry: IndexEntry) => number,
  filter: ((name: string) => boolean) | undefined,
): TopList {
  const top: { name: string; score: number; order: number }[] = [];
  return {
    keep(entry, raw) {
      const last = top[top.length - 1];
      // The name bonus multiplies by at most 1 + NAME_COVERAGE_BONUS: skip what cannot enter anyway.
      if (top.length === limit && last !== undefined && raw * (1 + NAME_COVERAGE_BONUS) < last.score) return;
      const { name } = entry;
      const score = raw * bonus(entry);
      if (top.length === limit && last !== undefined && !outranks(score, entry.order, last)) return;
      if (filter !== undefined && !filter(name)) return;
      let at = top.length;
      while (at > 0 && outranks(score, entry.order, top[at - 1] as { score: number; order: number })) at -= 1;
      top.splice(at, 0, { name, score, order: entry.order });
      if (top.length > limit) top.pop();
    },
    floor: () => (top.length === limit ? top[top.length - 1]?.score : undefined),
    matches: () => top.map(({ name, score }) => ({ name, score })),
  };
}

function searchIndex(
  state: IndexState,
  query: string,
  searchOptions: ToolIndexSearchOptions,
): ToolIndexMatch[] {
  const { limit, filter } = searchOptions;
  if (typeof query !== 'string' || !(limit >= 1) || state.entries.size === 0) return [];
  const terms = analyzeQuery(query, state.maxQueryTerms, state.equivalences);
  if (terms.length === 0) return [];

  const asked = new Set(terms);
  const alternatives = new Set<string>();
  const top = topList(Math.floor(limit), (entry) => nameBonus(entry.nameTerms, asked, alternatives), filter);
  const scores = rank(state, terms, alternatives);
  if (!Array.isArray(scores)) {
    for (const slot of scores.slots) {
      const entry = state.slots[slot];
      if (entry !== undefined) top.keep(entry, scores.scores[slot] as number);
    }
  } else {
    // Results come best first, and the name bonus multiplies a score by at most
    // 1 + NAME_COVERAGE_BONUS: once a result falls below the lowest kept score divided by that,
    // no later result can enter.
    for (const result of scores) {
      const floor = top.floor();
      if (floor !== undefined && result.score * (1 + NAME_COVERAGE_BONUS) < floor) break;
      const entry = state.entries.get(String(result.id));
      if (entry !== undefined) top.keep(entry, result.score);
    }
  }
  return top.matches();
}

/**
 * Creates an empty tool index. Add specs with `add`, keep it current with `replace` and `remove`
 * (each touches one document; nothing is rebuilt), and rank with `search`.
 */
export function createToolIndex(options: ToolIndexOptions = {}): ToolIndex {
  const state = createState(options);
  return {
    add: (spec, addOptions = {}) => addTool(state, spec, addOptions),
    remove: (name) => removeTool(state, name),
    replace(spec) {
      const previous = state.entries.get(spec.name);
      removeTool(state, spec.name);
      addTool(state, spec, previous === undefined ? {} : { order: previous.order });
    },
    has: (name) => state.entries.has(name),
    search: (query, searchOptions) => searchIndex(state, query, searchOptions),
    get size(): number {
      return state.entries.size;
    },
  };
}
