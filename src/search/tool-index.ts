/**
 * A full-text index over catalog-form tool specs, built on one MiniSearch instance. The text analysis
 * lives in `./text-analysis.ts`; this file holds the ranking, which configures MiniSearch rather than
 * replacing it: field boosts, each field's words counted once, prefix and fuzzy matching only for
 * words no tool has, synonyms only for rare words the best match lacks, common words scored for the
 * tools the rarer words found rather than looked up (`./query-plan.ts`), and, when every word is
 * common, the rarest word's lookup narrowed to the tools with most of the others (the tools it drops
 * scored after all when they could still enter the list) (the last four on catalogs of 1,000 tools or
 * more, where MiniSearch finds the tools a word is in and the index scores them with MiniSearch's
 * formula, see `lookUpOwnWords`), a bonus for tools whose name the query spells out (a synonym
 * counting half a word), a discount for tools whose name contradicts what the query asks to do
 * (`./intent.ts`), ties in registration order. Updates are incremental. May import `../core/types.ts`,
 * `../core/errors.ts`, the other files of `./` and `minisearch`. */

import MiniSearch, { type Query, type SearchOptions, type SearchResult } from 'minisearch';
import { UsageError } from '../core/errors.ts';
import type { ToolSpec } from '../core/types.ts';
import { createFieldTerms, type FieldTerms } from './field-terms.ts';
import { type Intent, intentFactor, LOWEST_INTENT_FACTOR, queryIntent, toolIntent } from './intent.ts';
import { learnedWords } from './learning.ts';
import { BM25_PARAMS } from './minisearch-score.ts';
import {
  FIELD_NAMES,
  type FieldLookup,
  type FieldName,
  type FieldStatistics,
  type Narrowing,
  planOwnWords,
} from './query-plan.ts';
import {
  createMergeScratch,
  type MergedScores,
  type Merger,
  type MergeScratch,
  releaseMerged,
  type SlotResolver,
  startMerge,
} from './score-merge.ts';
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
  MAX_QUERY_CHARS,
  termsOf,
  withoutValues,
  wordChunks,
} from './text-analysis.ts';
import { type IndexDocument, toDocument } from './tool-documents.ts';

/** Each field's number in `FieldTerms`. */
const FIELD_INDEX: Readonly<Record<FieldName, number>> = { name: 0, description: 1, parameters: 2 };

export { analyzeText, MAX_QUERY_CHARS, splitWords, stemWord } from './text-analysis.ts';

/** Query terms considered per search; the rest of an over-long query is ignored. */
const MAX_QUERY_TERMS = 32;

/** Relative weight of each indexed field. */
interface ToolIndexFieldBoost {
  /** The tool name, split into words, plus the name as written. */
  name: number;
  /** The description (and the title, when the spec has one). */
  description: number;
  /** Parameter names and parameter descriptions, at every depth. */
  parameters: number;
}

/** Default field weights: a hit in the name counts most, then the description, then the parameters. */
const DEFAULT_FIELD_BOOST: Readonly<ToolIndexFieldBoost> = {
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
  /**
   * Let learned words (see `ToolIndex.learn`) find a tool by themselves. Default: `false`: a tool that
   * learned words ranks only for a request that shares a word of its own name or description (or a
   * synonym of one), so no request can teach a tool to answer for requests about something else.
   */
  learnedWordsAlone?: boolean;
}

/** Options of {@link ToolIndex.add}. */
interface ToolIndexAddOptions {
  /** Sort key among equal scores; lower comes first. Default: after every tool added so far. */
  order?: number;
}

/** Options of {@link ToolIndex.search}. */
interface ToolIndexSearchOptions {
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
  /** Re-indexes a spec in place (keeping its tie order and learned words), or adds it when absent. */
  replace(spec: ToolSpec): void;
  /**
   * Learns from a call: `query` found the tool `name` and the model then called it, so the words of
   * the query that the tool's name and description lack are scored as part of its description from
   * now on (at most `MAX_LEARNED_WORDS`, the oldest dropped first). Returns whether the tool is
   * indexed. Never throws on query text.
   */
  learn(query: string, name: string): boolean;
  /** The words each tool has learned (see `learn`), to keep them: `learn(words.join(' '), name)` restores them. */
  learned(): { name: string; words: string[] }[];
  /** Whether a tool of that name is indexed. */
  has(name: string): boolean;
  /**
   * Ranks the indexed tools against a free-text query, best first; equal scores keep the order the
   * tools were added in. An empty or stop-word-only query returns `[]`. Never throws on query text.
   */
  search(query: string, options: ToolIndexSearchOptions): ToolIndexMatch[];
  /** How many tools are indexed. */
  readonly size: number;
  /**
   * How many distinct terms the index holds: what its memory grows with. A term no tool has any more
   * (a learned word dropped for a newer one, the words of a removed tool) is released, so this
   * follows the tools indexed and what they keep, not every word ever learned.
   */
  readonly termCount: number;
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
 * Each name word counts by how rare it is in names (`log(1 + tools / tools with it in the name)`):
 * a word every tool of a server repeats (`asana` in `asana_create_task`) says little about which
 * tool is meant.
 */
const NAME_COVERAGE_BONUS = 1;

/** What a name word the query says only through a synonym counts for, in the name bonus. */
const NAME_SYNONYM_SHARE = 0.5;

/** Up to this `limit`, merged tools that cannot enter the list are skipped before their entry is read. */
const MAX_SURE_PLACES = 32;
/** Distinct synonym terms looked up per search, at most. */
const MAX_SYNONYM_TERMS = 32;
/** Distinct words whose analysis an index remembers before starting over. */
const MAX_CACHED_TERMS = 50_000;
/**
 * Terms no tool has any more are released in batches, once they number this many or as many as the
 * terms still held, whichever is more, so that they never outnumber those. In batches because
 * releasing empties the analysis cache (its term numbers are reused): a batch costs about as much as
 * the terms it releases, and a tool that learns (re-indexed whole, its own words unheld for a moment)
 * keeps its terms' numbers between batches.
 */
const MIN_RELEASED_TERMS = 4096;
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
 * The multiplier of {@link NAME_COVERAGE_BONUS} for a name and the query's terms, each name word
 * weighted by `weight`; a name word the query says only through a synonym (`alternatives`) counts
 * {@link NAME_SYNONYM_SHARE} of its weight.
 */
function nameBonus(
  nameTerms: readonly string[],
  asked: ReadonlySet<string>,
  alternatives: ReadonlySet<string>,
  weight: (term: string) => number,
): number {
  let covered = 0;
  let total = 0;
  for (const term of nameTerms) {
    const share = weight(term);
    total += share;
    if (asked.has(term)) covered += share;
    else if (alternatives.has(term)) covered += NAME_SYNONYM_SHARE * share;
  }
  if (total === 0) return 1;
  const share = covered / total;
  return 1 + NAME_COVERAGE_BONUS * share * share;
}

/** The weight of each name word in {@link nameBonus}, remembered for one search. */
function nameWordWeights(state: IndexState): (term: string) => number {
  const weights = new Map<string, number>();
  const tools = state.entries.size;
  return (term) => {
    let weight = weights.get(term);
    if (weight === undefined) {
      weight = Math.log(1 + tools / Math.max(1, toolsWithTerm(state.terms, 'name', term)));
      weights.set(term, weight);
    }
    return weight;
  };
}

/**
 * Keeps the synonym alternatives of a query within {@link MAX_SYNONYM_TERMS} distinct terms, leaving
 * out those with a word no tool has: they could match nothing and would use up the budget.
 */
function capExpansions(state: IndexState, expansions: SynonymExpansion[]): SynonymExpansion[] {
  const seen = new Set<string>();
  const kept: SynonymExpansion[] = [];
  for (const expansion of expansions) {
    const alternatives: string[][] = [];
    for (const phrase of expansion.alternatives) {
      if (phrase.some((term) => toolsUsing(state, term) === 0)) continue;
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
  /** The document as indexed: `base` with the learned words added to its description. */
  document: IndexDocument;
  /** The document of the spec alone. */
  base: IndexDocument;
  /** Words of the requests that led to calls of the tool, oldest first (see `learnedWords`). */
  learned: readonly string[];
  order: number;
  /** The entry's place in `IndexState.slots`, reused after a removal. */
  slot: number;
  /** The analyzed words of the name (not the name as written), for the name-coverage bonus. */
  nameTerms: readonly string[];
  /** What the tool's name says it does, against which a query's intent is weighed. */
  intent: Intent;
  /** The analyzed words of its own name and description, kept only once it learned words (the gate). */
  ownTerms?: ReadonlySet<string>;
}

/** Everything one index holds. */
interface IndexState {
  engine: MiniSearch<IndexDocument>;
  queryOptions: SearchOptions;
  /**
   * The options of the own-word lookups whose tools the index scores itself: MiniSearch's scoring
   * options are left out, since it scores nothing there, and MiniSearch copies its options once or
   * more per word and field looked up.
   */
  lookupOptions: SearchOptions;
  entries: Map<string, IndexEntry>;
  /** The entries by slot (`undefined` where a tool was removed), for the merge's per-slot arrays. */
  slots: (IndexEntry | undefined)[];
  /** Slots freed by `remove`, reused by `add`. */
  freeSlots: number[];
  /** Per slot, the narrowing's verdict in the search numbered `narrowStamp` (see `narrowed`). */
  narrowMemo: Int32Array;
  narrowStamp: number;
  resolver: SlotResolver;
  /** The merge's per-slot arrays, zero between searches. */
  scratch: MergeScratch;
  /** +1 while a document is being added, -1 while one is being removed. */
  counting: 1 | -1 | 0;
  /** The terms of each field of the document last tokenized. */
  lastTerms: Record<FieldName, readonly number[]>;
  /** Each tool's terms by field, as term numbers (what query planning checks a tool against). */
  fieldTerms: FieldTerms;
  terms: TermTable;
  /** What query planning reads: term counts, field lengths, boosts, each tool's terms. */
  statistics: FieldStatistics & { lengthTotals: Record<FieldName, number> };
  equivalences: Equivalences;
  expand: SynonymExpander | null;
  maxQueryTerms: number;
  nextOrder: number;
  learnedWordsAlone: boolean;
}

/**
 * Every term a tool has gets a number, so that a tool's terms are kept as a sorted Int32Array
 * (compact, and quick to search) and per-term counts live in typed arrays. A term whose counts all
 * fall to zero (no tool has it any more) is released by {@link releaseUnheldTerms} and its number
 * reused, so the table follows the terms the tools hold: with learning shared, every request teaches
 * new words, and each tool keeps only its last `MAX_LEARNED_WORDS`.
 */
interface TermTable {
  ids: Map<string, number>;
  /** The term of each number; `''` for a released number. */
  names: string[];
  /** Per field, by term number: how many tools have the term there. Kept by `add` and `remove`. */
  counts: Record<FieldName, Int32Array>;
  /** Released numbers, reused before new ones. */
  free: number[];
  /** Numbers whose counts fell to zero since the last release (some may be held again since). */
  unheld: number[];
  /**
   * The term numbers of each run of letters and digits analyzed (bounded): runs repeat across a
   * catalog, and a number is deduplicated and counted without hashing the term again. Emptied when
   * numbers are released, since they may then stand for other terms.
   */
  analyses: Map<string, readonly number[]>;
}

function createTermTable(): TermTable {
  const empty = (): Int32Array => new Int32Array(1024);
  return {
    ids: new Map(),
    names: [],
    counts: { name: empty(), description: empty(), parameters: empty() },
    free: [],
    unheld: [],
    analyses: new Map(),
  };
}

/** The number of a term, numbering it if new (with a released number when there is one). */
function termNumber(table: TermTable, term: string): number {
  let id = table.ids.get(term);
  if (id === undefined) {
    id = table.free.pop() ?? table.names.length;
    table.ids.set(term, id);
    table.names[id] = term;
    if (id >= table.counts.name.length) {
      for (const field of FIELD_NAMES) {
        const grown = new Int32Array(table.counts[field].length * 2);
        grown.set(table.counts[field]);
        table.counts[field] = grown;
      }
    }
  }
  return id;
}

/** Whether no tool has term `id` in any field. */
function unheld(table: TermTable, id: number): boolean {
  const { name, description, parameters } = table.counts;
  return name[id] === 0 && description[id] === 0 && parameters[id] === 0;
}

/**
 * Releases the terms no tool has any more, once enough are waiting (see {@link MIN_RELEASED_TERMS}):
 * their numbers go back to `free` and the analysis cache is emptied. Called after each change of the
 * index as a whole (never while a document is being tokenized, whose terms are numbers until then).
 */
function releaseUnheldTerms(table: TermTable): void {
  // `unheld` lists every term waiting (some twice, or held again), so what is held is at least this.
  const held = table.ids.size - table.unheld.length;
  if (table.unheld.length < Math.max(MIN_RELEASED_TERMS, held)) return;
  for (const id of table.unheld) {
    const term = table.names[id] as string;
    // Listed twice (released already), or held again since its counts fell to zero.
    if (table.ids.get(term) !== id || !unheld(table, id)) continue;
    table.ids.delete(term);
    table.names[id] = '';
    table.free.push(id);
  }
  table.unheld = [];
  table.analyses.clear();
}

/** How many tools have a term in a field. */
function toolsWithTerm(table: TermTable, field: FieldName, term: string): number {
  const id = table.ids.get(term);
  return id === undefined ? 0 : (table.counts[field][id] as number);
}

/**
 * A field's terms, analyzed and each once: a word's presence counts, not its repetitions, so a long
 * description that repeats a word does not outrank a short one that states it once. While a tool is
 * added or removed, the field's term counts follow. The analysis of each run of letters and digits
 * is remembered as term numbers (`TermTable.analyses`).
 */
function fieldTokenizer(state: IndexState): (text: string, fieldName?: string) => string[] {
  const { terms: table, equivalences } = state;
  const analyze = (words: readonly string[]): number[] => {
    const ids: number[] = [];
    for (const word of words)
      for (const term of termsOf(word, equivalences)) ids.push(termNumber(table, term));
    return ids;
  };
  // `seen[id] === stamp` when term `id` is already among this field's terms.
  let seen = new Int32Array(1024);
  let stamp = 0;
  /** Appends to `ids` the terms of `found` not yet among them. */
  const note = (found: readonly number[], ids: number[]): void => {
    for (const id of found) {
      if (id >= seen.length) {
        const grown = new Int32Array(Math.max(seen.length * 2, id + 1));
        grown.set(seen);
        seen = grown;
      }
      if (seen[id] === stamp) continue;
      seen[id] = stamp;
      ids.push(id);
    }
  };
  /** The term numbers of a run of letters and digits, analyzed once and remembered. */
  const chunkIds = (chunk: string): readonly number[] => {
    let found = table.analyses.get(chunk);
    if (found === undefined) {
      found = analyze(collectWords(chunk, true));
      if (table.analyses.size >= MAX_CACHED_TERMS) table.analyses.clear();
      table.analyses.set(chunk, found);
    }
    return found;
  };
  return (text, fieldName) => {
    const field: FieldName = fieldName === 'name' || fieldName === 'description' ? fieldName : 'parameters';
    stamp += 1;
    const ids: number[] = [];
    if (field === 'name') note(analyze(identifierTokens(text)), ids);
    else for (const chunk of wordChunks(text)) if (chunk !== '') note(chunkIds(chunk), ids);
    if (state.counting !== 0) countFieldTerms(state, field, ids);
    return ids.map((id) => table.names[id] as string);
  };
}

/**
 * Follows a tool being added (`counting` 1) or removed (-1) in the per-term counts of a field; a term
 * no tool has any more waits in `unheld` to be released.
 */
function countFieldTerms(state: IndexState, field: FieldName, ids: readonly number[]): void {
  if (state.counting === 1) state.lastTerms[field] = ids;
  const table = state.terms;
  const counts = table.counts[field];
  for (const id of ids) {
    counts[id] = (counts[id] as number) + state.counting;
    if (state.counting === -1 && counts[id] === 0 && unheld(table, id)) table.unheld.push(id);
  }
}

function createState(options: ToolIndexOptions): IndexState {
  const boost: ToolIndexFieldBoost = { ...DEFAULT_FIELD_BOOST, ...options.boost };
  const equivalences =
    options.equivalents === undefined ? defaultEquivalenceMap() : buildEquivalences(options.equivalents);
  const analyze = (text: string): string[] => analyzeWith(text, equivalences);
  const synonymGroups = options.synonyms ?? SYNONYM_GROUPS;
  const state: IndexState = {
    engine: undefined as unknown as MiniSearch<IndexDocument>,
    lookupOptions: { tokenize: (text) => [text], processTerm: (text) => text },
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
    narrowMemo: new Int32Array(0),
    narrowStamp: 0,
    resolver: undefined as unknown as SlotResolver,
    scratch: createMergeScratch(),
    counting: 0,
    lastTerms: { name: [], description: [], parameters: [] },
    terms: createTermTable(),
    fieldTerms: createFieldTerms(),
    statistics: undefined as unknown as IndexState['statistics'],
    equivalences,
    expand: synonymGroups.length > 0 ? createSynonymExpander(synonymGroups, analyze) : null,
    maxQueryTerms: Math.max(1, Math.floor(options.maxQueryTerms ?? MAX_QUERY_TERMS)),
    nextOrder: 0,
    learnedWordsAlone: options.learnedWordsAlone === true,
  };
  state.engine = new MiniSearch<IndexDocument>({
    idField: 'id',
    fields: ['name', 'description', 'parameters'],
    tokenize: fieldTokenizer(state),
    processTerm: (term) => term,
    autoVacuum: false,
  });
  state.statistics = {
    get documentCount() {
      return state.entries.size;
    },
    toolsWith: (field, term) => toolsWithTerm(state.terms, field, term),
    lengthTotals: { name: 0, description: 0, parameters: 0 },
    boosts: { ...boost },
    has: (slot, field, id) => state.fieldTerms.has(slot, FIELD_INDEX[field], id),
    fieldLength: (slot, field) => state.fieldTerms.count(slot, FIELD_INDEX[field]),
    termId: (term) => state.terms.ids.get(term),
  };
  state.resolver = {
    slotOf: (result) => slotOfResult(state, result),
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
  insertDocument(state, toDocument(spec), order, []);
}

/** Indexes a tool's document, with its learned words added to the description, in a free slot. */
function insertDocument(
  state: IndexState,
  base: IndexDocument,
  order: number,
  learned: readonly string[],
): void {
  // Without learned words the document is the base itself: most tools never learn any.
  const document =
    learned.length === 0 ? base : { ...base, description: `${base.description}\n${learned.join(' ')}` };
  const slot = state.freeSlots.pop() ?? state.slots.length;
  document.id = slot;
  state.counting = 1;
  try {
    state.engine.add(document);
  } finally {
    state.counting = 0;
  }
  const nameTerms = [...new Set(analyzeWith(base.name, state.equivalences))];
  for (const field of FIELD_NAMES) {
    state.statistics.lengthTotals[field] += state.lastTerms[field].length;
    state.fieldTerms.store(slot, FIELD_INDEX[field], state.lastTerms[field]);
  }
  const entry: IndexEntry = {
    name: base.name,
    document,
    base,
    learned,
    order,
    slot,
    nameTerms,
    intent: toolIntent(base.name),
  };
  if (learned.length > 0) {
    entry.ownTerms = new Set([...nameTerms, ...analyzeWith(base.description, state.equivalences)]);
  }
  state.slots[slot] = entry;
  state.entries.set(base.name, entry);
}

/** Re-indexes a spec in the place of the tool of its name, keeping what that tool learned. */
function replaceTool(state: IndexState, spec: ToolSpec): void {
  const previous = state.entries.get(spec.name);
  if (previous === undefined) {
    addTool(state, spec, {});
    return;
  }
  removeTool(state, spec.name);
  insertDocument(state, toDocument(spec), previous.order, previous.learned);
}

/** See `ToolIndex.learn`: the query's new words join the tool's learned words, and it is indexed again. */
function learnFrom(state: IndexState, query: unknown, name: string): boolean {
  const entry = state.entries.get(name);
  if (entry === undefined) return false;
  if (typeof query !== 'string') return true;
  const { slot } = entry;
  const inOwnText = (id: number): boolean =>
    state.fieldTerms.has(slot, FIELD_INDEX.name, id) ||
    state.fieldTerms.has(slot, FIELD_INDEX.description, id);
  const known = (word: string): boolean =>
    termsOf(word, state.equivalences).every((term) => {
      const id = state.terms.ids.get(term);
      return id !== undefined && inOwnText(id);
    });
  const learned = learnedWords(query, known, entry.learned);
  if (learned === entry.learned) return true;
  removeTool(state, name);
  insertDocument(state, entry.base, entry.order, learned);
  return true;
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
  for (const field of FIELD_NAMES) {
    state.statistics.lengthTotals[field] -= state.fieldTerms.count(entry.slot, FIELD_INDEX[field]);
  }
  state.fieldTerms.free(entry.slot);
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
 * Ranks with the query's own words (one MiniSearch OR query; on a large catalog, lookups whose tools
 * the index scores itself, see `lookUpOwnWords`), then, only where needed: words no tool
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
  dropped: { value?: Narrowed },
): MergedScores | SearchResult[] {
  const searchTerms = (synonyms: string[]): SearchResult[] => searchOr(state, synonyms);
  // A catalog of fewer than BROAD_MATCHING_MAX_TOOLS tools is cheap to search broadly: every word
  // by prefix and fuzzily, every phrase through its synonyms.
  if (state.entries.size < BROAD_MATCHING_MAX_TOOLS) {
    const own = searchOr(state, terms.map(looseQuery));
    const expansions = state.expand === null ? [] : capExpansions(state, state.expand(terms));
    noteAlternatives(expansions, alternatives);
    if (expansions.length === 0) return own;
    const merger = startMerge(terms, state.resolver, state.scratch);
    return mergeSafely(merger, searchTerms, () => {
      merger.addResults(own);
      return merger.finish({ loose: [], expansions, searchTerms });
    });
  }

  const plan = planOwnWords(state.statistics, terms);
  const narrow =
    plan.narrowing === undefined ? undefined : { narrowing: plan.narrowing, slots: [], ceilings: [] };
  dropped.value = narrow;
  const merger = startMerge(terms, state.resolver, state.scratch);
  return mergeSafely(merger, searchTerms, () => {
    lookUpOwnWords(state, plan.lookups, narrow, merger);
    const unknown = terms.filter(
      (term) =>
        term.length >= LOOSE_MATCHING.minPrefixLength &&
        PLAIN_TERM.test(term) &&
        toolsUsing(state, term) === 0,
    );
    const expansions = rareExpansions(state, terms, merger.bestCovered());
    noteAlternatives(expansions, alternatives);
    const loose = unknown.length > 0 ? searchOr(state, unknown.map(looseQuery)) : [];
    return merger.finish({ loose, expansions, searchTerms, common: plan.computed });
  });
}

/**
 * Runs a merge's lookups. The merge's arrays are the index's scratch: should a lookup throw, they
 * are zeroed again before the error goes on, or the next search would start from its sums.
 */
function mergeSafely(
  merger: Merger,
  searchTerms: (terms: string[]) => SearchResult[],
  run: () => MergedScores,
): MergedScores {
  try {
    return run();
  } catch (error) {
    releaseMerged(merger.finish({ loose: [], expansions: [], searchTerms }));
    throw error;
  }
}

/** What a narrowed lookup dropped: the slots, and the ceiling of each one's score. */
interface Narrowed {
  narrowing: Narrowing;
  slots: number[];
  ceilings: number[];
}

/**
 * Looks the plan's words up with MiniSearch, one query per word and field, and scores each tool a
 * lookup meets in its `boostDocument` callback, which answers 0: MiniSearch builds no result, the
 * index adds the term's score (MiniSearch's formula, from the field's length) to its merge. On a
 * large catalog a query's words meet thousands of tools, and a MiniSearch result per tool and word
 * cost most of a search. The rarest word's lookup, when narrowed, scores only the tools that pass
 * {@link narrowingVerdict}.
 */
function lookUpOwnWords(
  state: IndexState,
  lookups: readonly FieldLookup[],
  narrow: Narrowed | undefined,
  merger: Merger,
): void {
  const verdict = narrow === undefined ? undefined : narrowingVerdict(state, narrow);
  const { fieldTerms, slots } = state;
  const queries = lookups.map((lookup): Query => {
    const field = FIELD_INDEX[lookup.field];
    const { position, score } = lookup;
    const keep = lookup.term === narrow?.narrowing.term ? verdict : undefined;
    const boostDocument = (id: unknown): number => {
      const slot = id as number;
      if (slots[slot] === undefined || (keep !== undefined && !keep(slot))) return 0;
      merger.add(slot, position, score(fieldTerms.count(slot, field)));
      return 0;
    };
    return { queries: [lookup.term], fields: [lookup.field], boostDocument };
  });
  if (queries.length > 0) state.engine.search({ combineWith: 'OR', queries }, state.lookupOptions);
}

/**
 * Whether the rarest word's lookup keeps a tool: it must have enough of the query's other scored
 * words (`Narrowing.need`); the others go to `dropped`, with the ceiling of their score.
 */
function narrowingVerdict(state: IndexState, dropped: Narrowed): (slot: number) => boolean {
  const { need, bound } = dropped.narrowing;
  const { fieldTerms } = state;
  const others = dropped.narrowing.others.map((other) => ({
    bound: other.bound,
    parts: other.parts.map((part) => ({ field: FIELD_INDEX[part.field], id: part.id })),
  }));
  state.narrowStamp += 1;
  const stamp = state.narrowStamp;
  if (state.narrowMemo.length < state.slots.length) state.narrowMemo = new Int32Array(state.slots.length * 2);
  const memo = state.narrowMemo;
  // A tool is met once per field of the word: the verdict is remembered per slot for this search.
  return (slot) => {
    const known = memo[slot] as number;
    if (known === stamp || known === -stamp) return known === stamp;
    let count = 0;
    let bounds = bound;
    let at = 0;
    // Stops once the tool has enough of the other words, or can no longer have enough.
    for (; at < others.length && count < need && count + others.length - at >= need; at++) {
      const other = others[at] as (typeof others)[number];
      for (const part of other.parts) {
        if (!fieldTerms.has(slot, part.field, part.id)) continue;
        count += 1;
        bounds += other.bound;
        break;
      }
    }
    const kept = count >= need;
    memo[slot] = kept ? stamp : -stamp;
    if (!kept) {
      // The words left unchecked may all be there: the ceiling counts them in.
      let possible = count;
      for (; at < others.length; at++) {
        bounds += (others[at] as (typeof others)[number]).bound;
        possible += 1;
      }
      dropped.slots.push(slot);
      // Summed term scores at most `bounds`, times the words matched.
      dropped.ceilings.push(bounds * (possible + 1));
    }
    return kept;
  };
}

/** The slot of a MiniSearch result (its document's id), or -1. */
function slotOfResult(state: IndexState, result: SearchResult): number {
  const slot = result.id;
  return typeof slot === 'number' && state.slots[slot] !== undefined ? slot : -1;
}

/** How many tools use a word, in the field that uses it most (a lower bound of the total). */
function toolsUsing(state: IndexState, term: string): number {
  const id = state.terms.ids.get(term);
  if (id === undefined) return 0;
  const { name, description, parameters } = state.terms.counts;
  return Math.max(name[id] as number, description[id] as number, parameters[id] as number);
}

/**
 * On a large catalog, a phrase is looked up through its synonyms when the catalog rarely uses its
 * words (so the caller may have said it differently) and the best-covered tool lacks them.
 */
function rareExpansions(
  state: IndexState,
  terms: readonly string[],
  bestTerms: ReadonlySet<string>,
): SynonymExpansion[] {
  const rare = Math.max(SYNONYM_RARE_MIN_TOOLS, SYNONYM_RARE_SHARE * state.entries.size);
  const wanting = (term: string): boolean =>
    PLAIN_TERM.test(term) && !bestTerms.has(term) && toolsUsing(state, term) < rare;
  if (state.expand === null || !terms.some(wanting)) return [];
  return capExpansions(
    state,
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
  admits: (entry: IndexEntry) => boolean = () => true,
): TopList {
  const top: { name: string; score: number; order: number }[] = [];
  return {
    keep(entry, raw) {
      if (!admits(entry)) return;
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
  const wanted = withoutValues(query.slice(0, MAX_QUERY_CHARS));
  const terms = analyzeQuery(wanted, state.maxQueryTerms, state.equivalences);
  if (terms.length === 0) return [];

  const asked = new Set(terms);
  const alternatives = new Set<string>();
  const weight = nameWordWeights(state);
  const intent = queryIntent(wanted);
  const top = topList(
    Math.floor(limit),
    (entry) => nameBonus(entry.nameTerms, asked, alternatives, weight) * intentFactor(intent, entry.intent),
    filter,
    state.learnedWordsAlone ? undefined : (entry) => sharesOwnWord(entry, asked, alternatives),
  );
  const dropped: { value?: Narrowed } = {};
  const scores = rank(state, terms, alternatives, dropped);
  // The merged scores live in the index's scratch arrays, which must be zero again for the next
  // search even when the caller's filter throws.
  try {
    keepRanked(state, top, scores, filter === undefined ? Math.floor(limit) : 0);
    if (dropped.value !== undefined) {
      rescueDropped(state, top, dropped.value, Array.isArray(scores) ? undefined : scores.scores);
    }
  } finally {
    if (!Array.isArray(scores)) releaseMerged(scores);
  }
  return top.matches();
}

/**
 * Whether a tool may rank for a request: always when it learned nothing; else only when the request
 * has a word of the tool's own name or description, or a synonym of one, so that learned words add to
 * a match and never make one.
 */
function sharesOwnWord(
  entry: IndexEntry,
  asked: ReadonlySet<string>,
  alternatives: ReadonlySet<string>,
): boolean {
  const own = entry.ownTerms;
  if (own === undefined) return true;
  for (const term of asked) if (own.has(term)) return true;
  for (const term of alternatives) if (own.has(term)) return true;
  return false;
}

/**
 * Offers the ranked tools to the top list. With merged scores and `sure` above 0 (no filter can
 * turn a tool away), tools whose score times the largest name bonus falls below the `sure`-th
 * highest score times the lowest intent factor are passed over without reading their entry: that
 * many tools score at least that much after their bonus and intent factor, so none of these can enter.
 */
function keepRanked(
  state: IndexState,
  top: TopList,
  scores: MergedScores | SearchResult[],
  sure: number,
): void {
  if (!Array.isArray(scores)) {
    // The `sure` best tools end at least at their score times the lowest intent factor, and a tool can
    // gain at most the largest name bonus: below that, a tool cannot overtake them.
    const cut = (nthHighest(scores, sure) * LOWEST_INTENT_FACTOR) / (1 + NAME_COVERAGE_BONUS);
    for (const slot of scores.slots) {
      const raw = scores.scores[slot] as number;
      if (raw < cut) continue;
      const entry = state.slots[slot];
      if (entry !== undefined) top.keep(entry, raw);
    }
    return;
  }
  // Results come best first, and the name bonus multiplies a score by at most
  // 1 + NAME_COVERAGE_BONUS: once a result falls below the lowest kept score divided by that,
  // no later result can enter.
  for (const result of scores) {
    const floor = top.floor();
    if (floor !== undefined && result.score * (1 + NAME_COVERAGE_BONUS) < floor) break;
    const entry = state.slots[slotOfResult(state, result)];
    if (entry !== undefined) top.keep(entry, result.score);
  }
}

/** The `n`-th highest merged score; 0 when fewer tools were found, or `n` is 0 or large. */
function nthHighest(scores: MergedScores, n: number): number {
  if (n < 1 || n > MAX_SURE_PLACES || scores.slots.length < n) return 0;
  // The `n` highest so far, lowest first.
  const highest = new Float64Array(n);
  for (const slot of scores.slots) {
    const raw = scores.scores[slot] as number;
    if (raw <= (highest[0] as number)) continue;
    let at = 0;
    while (at + 1 < n && raw > (highest[at + 1] as number)) {
      highest[at] = highest[at + 1] as number;
      at += 1;
    }
    highest[at] = raw;
  }
  return highest[0] as number;
}

/**
 * Scores the tools a narrowed lookup dropped whose ceiling (times the largest name bonus) could
 * still enter the list, so that narrowing changes no ranking. A dropped tool another lookup found
 * (`merged`, through a synonym) keeps the score it has there.
 */
function rescueDropped(
  state: IndexState,
  top: TopList,
  dropped: Narrowed,
  merged: Float64Array | undefined,
): void {
  const { narrowing, slots, ceilings } = dropped;
  // Thousands of tools may be dropped: the floor is read again only when the list changed.
  let floor = top.floor() ?? Number.NEGATIVE_INFINITY;
  for (let at = 0; at < slots.length; at++) {
    if ((ceilings[at] as number) * (1 + NAME_COVERAGE_BONUS) < floor) continue;
    const slot = slots[at] as number;
    const entry = state.slots[slot];
    if (entry === undefined || (merged !== undefined && (merged[slot] as number) !== 0)) continue;
    top.keep(entry, narrowing.score(slot));
    floor = top.floor() ?? Number.NEGATIVE_INFINITY;
  }
}

/**
 * Creates an empty tool index. Add specs with `add`, keep it current with `replace` and `remove`
 * (each touches one document; nothing is rebuilt), and rank with `search`.
 */
export function createToolIndex(options: ToolIndexOptions = {}): ToolIndex {
  const state = createState(options);
  // Each change ends by releasing the terms it left unheld, when enough are waiting.
  const changing = <T>(result: T): T => {
    releaseUnheldTerms(state.terms);
    return result;
  };
  return {
    add: (spec, addOptions = {}) => changing(addTool(state, spec, addOptions)),
    remove: (name) => changing(removeTool(state, name)),
    replace: (spec) => changing(replaceTool(state, spec)),
    learn: (query, name) => changing(learnFrom(state, query, name)),
    learned: () =>
      [...state.entries.values()]
        .filter((entry) => entry.learned.length > 0)
        .map((entry) => ({ name: entry.name, words: [...entry.learned] })),
    has: (name) => state.entries.has(name),
    search: (query, searchOptions) => searchIndex(state, query, searchOptions),
    get size(): number {
      return state.entries.size;
    },
    get termCount(): number {
      return state.terms.ids.size;
    },
  };
}
