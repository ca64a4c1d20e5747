/**
 * A full-text index over catalog-form tool specs, built on one MiniSearch instance. It owns the text
 * analysis (identifier splitting, capitalised compounds such as `JavaScript` kept whole as well,
 * stop words, a light stemmer, abbreviations replaced in tools and queries, query-side synonyms) and
 * the ranking, which configures MiniSearch rather than replacing it: field boosts, each field's words
 * counted once, very common words looked up in names only, prefix and fuzzy matching only for words
 * no tool has, synonyms only for rare words the best match lacks (the last three on catalogs of 1,000
 * tools or more), a bonus for tools whose name the query spells out (a synonym counting half a word),
 * ties in registration order. Updates are incremental. May import `../core/types.ts`, `../core/errors.ts`, `./synonyms.ts` and `minisearch`.
 */

import MiniSearch, { type Query, type SearchOptions, type SearchResult } from 'minisearch';
import { UsageError } from '../core/errors.ts';
import type { ToolSpec } from '../core/types.ts';
import {
  createSynonymExpander,
  EQUIVALENT_TERMS,
  SYNONYM_GROUPS,
  type SynonymExpander,
  type SynonymExpansion,
} from './synonyms.ts';

/** Query terms considered per search; the rest of an over-long query is ignored. */
export const MAX_QUERY_TERMS = 32;

/** Characters of a query that are analyzed; the rest is ignored, so any query runs in bounded time. */
export const MAX_QUERY_CHARS = 4096;

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
 * A query word that more than this share of the tools have in their description (or parameters),
 * and more than {@link COMMON_TERM_MIN_TOOLS} of them, is not looked up in that field: it tells
 * tools apart too little there to be worth scoring (names are always searched). This is what keeps
 * queries on a 10,000-tool catalog fast; catalogs under 1,000 tools are never affected.
 */
const COMMON_TERM_SHARE = 0.1;
const COMMON_TERM_MIN_TOOLS = 100;

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

/** Weight of a synonym added to the query, relative to the words the caller wrote. */
const SYNONYM_WEIGHT = 0.35;
/** Longest query term looked up; longer "words" cannot name a tool. */
const MAX_TERM_LENGTH = 64;
/** Distinct synonym terms looked up per search, at most. */
const MAX_SYNONYM_TERMS = 32;
/** Distinct words whose analysis an index remembers before starting over. */
const MAX_CACHED_TERMS = 50_000;
/** Schema nesting followed when collecting parameter text. */
const MAX_SCHEMA_DEPTH = 12;
/** Prefix matching for query terms of at least this length. */
const MIN_PREFIX_LENGTH = 3;
/** Fuzzy matching (edit distance 20% of the length, at most 2) for plain terms within these lengths. */
const MIN_FUZZY_LENGTH = 5;
const MAX_FUZZY_LENGTH = 32;
const FUZZINESS = 0.2;
const MAX_FUZZY_DISTANCE = 2;

/** Whether a score (with its tie order) ranks before another. */
function outranks(score: number, order: number, other: { score: number; order: number }): boolean {
  return score > other.score || (score === other.score && order < other.order);
}

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

const STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'about',
  'all',
  'an',
  'and',
  'any',
  'are',
  'as',
  'at',
  'be',
  'been',
  'by',
  'can',
  'could',
  'do',
  'does',
  'for',
  'from',
  'give',
  'has',
  'have',
  'how',
  'i',
  'in',
  'into',
  'is',
  'it',
  'its',
  'let',
  'like',
  'me',
  'my',
  'need',
  'of',
  'on',
  'or',
  'our',
  'please',
  'should',
  'so',
  'some',
  'that',
  'the',
  'their',
  'them',
  'then',
  'there',
  'these',
  'this',
  'those',
  'to',
  'want',
  'was',
  'we',
  'were',
  'what',
  'when',
  'where',
  'which',
  'who',
  'will',
  'with',
  'would',
  'yet',
  'you',
  'your',
]);

const NON_WORD = /[^\p{L}\p{N}]+/u;
const LOWER_ASCII_WORD = /^[a-z0-9]+$/;
const NON_ASCII = /[^ -~\t\n\r]/;
const ASCII_NON_WORD = /[^A-Za-z0-9]+/;
const URL = /\b[a-z][a-z0-9+.-]*:\/\/[^\s<>()[\]"'`]+/gi;
const LOWER_OR_DIGIT_THEN_UPPER = /([\p{Ll}\p{N}])(\p{Lu})/gu;
/** An acronym followed by a capitalised word (`HTTPServer`), but not a plural acronym (`URLs`, `IDs`). */
const ACRONYM_THEN_WORD = /(\p{Lu})(?=\p{Lu}\p{Ll})(?!\p{Lu}s(?:\P{Ll}|$))/gu;
const IDENTIFIER = /^[\p{L}\p{N}]+(?:[_\-./:]+[\p{L}\p{N}]+)*$/u;
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
const PLAIN_WORD = /^[a-z]+$/;
/** A word of letters only that starts with a capital and has another one later: `JavaScript`, `GitHub`. */
const CAPITALISED_COMPOUND = /^\p{Lu}\p{L}*\p{Lu}\p{L}*$/u;
const PLAIN_TERM = /^[\p{L}\p{N}]+$/u;
const VOWEL = /[aeiouy]/;
const DOUBLE_CONSONANT = /([b-df-hj-km-np-rtv-y])\1$/;

/**
 * Splits text into lowercase words at non-alphanumerics and at camelCase and acronym boundaries:
 * `github.pulls_create` → `github pulls create`, `createPullRequest` → `create pull request`,
 * `parseHTTPResponse` → `parse http response`. No stop words are removed and nothing is stemmed.
 */
export function splitWords(text: string): string[] {
  return collectWords(text, false);
}

/**
 * The words of {@link splitWords}; with `compounds`, a capitalised compound of letters
 * (`JavaScript`, `GitHub`, `PostgreSQL`) is also kept whole, lowercased, before its parts: it is
 * usually one name, and callers write it as one word (`javascript`) as often as in parts.
 */
function collectWords(text: string, compounds: boolean): string[] {
  const words: string[] = [];
  for (const chunk of text.split(NON_ASCII.test(text) ? NON_WORD : ASCII_NON_WORD)) {
    if (chunk === '') continue;
    // Most words are plain lowercase ASCII: nothing to split or lowercase.
    if (LOWER_ASCII_WORD.test(chunk)) {
      words.push(chunk);
      continue;
    }
    const split = chunk
      .replace(LOWER_OR_DIGIT_THEN_UPPER, '$1 $2')
      .replace(ACRONYM_THEN_WORD, '$1 ')
      .toLowerCase()
      .split(NON_WORD);
    if (compounds && split.length > 1 && CAPITALISED_COMPOUND.test(chunk)) words.push(chunk.toLowerCase());
    for (const word of split) if (word !== '') words.push(word);
  }
  return words;
}

/**
 * Reduces a lowercase word to a crude stem so that forms of one word meet: plurals (`issues`,
 * `queries`, `branches`), `-ing` and `-ed` (`creating`, `created`) and a final `e` (`create`) all
 * fall away. Words with anything but `a`–`z` are returned unchanged.
 */
export function stemWord(word: string): string {
  if (!PLAIN_WORD.test(word)) return word;
  let stem = word;
  if (stem.length > 4 && stem.endsWith('ies')) {
    stem = `${stem.slice(0, -3)}y`;
  } else if (stem.length > 4 && /(?:ch|sh|ss|x|z)es$/.test(stem)) {
    stem = stem.slice(0, -2);
  } else if (stem.length >= 3 && stem.endsWith('s') && !/(?:ss|us|is)$/.test(stem)) {
    stem = stem.slice(0, -1);
  }
  if (stem.endsWith('ing')) {
    stem = stripSuffix(stem, 3);
  } else if (stem.endsWith('ed') && !stem.endsWith('eed')) {
    stem = stripSuffix(stem, 2);
  }
  if (stem.length >= 4 && stem.endsWith('e') && !stem.endsWith('ee')) {
    stem = stem.slice(0, -1);
  }
  return stem;
}

/** Drops a verb suffix when a real stem (three letters or more, with a vowel) remains. */
function stripSuffix(word: string, suffixLength: number): string {
  const rest = word.slice(0, -suffixLength);
  if (rest.length < 3 || !VOWEL.test(rest)) return word;
  return rest.length > 3 && DOUBLE_CONSONANT.test(rest) ? rest.slice(0, -1) : rest;
}

/** Lowercases, drops stop words, stems. Returns `null` for a term that should not be indexed. */
function normalizeTerm(term: string): string | null {
  const lower = term.toLowerCase();
  if (lower === '' || STOP_WORDS.has(lower)) return null;
  return stemWord(lower);
}

/** Stem of an abbreviation or variant → the stems of the word it stands for. */
type Equivalences = ReadonlyMap<string, readonly string[]>;

/** The analysis of words alone, without equivalences. */
function plainTerms(text: string): string[] {
  const terms: string[] = [];
  for (const word of splitWords(text)) {
    const term = normalizeTerm(word);
    if (term !== null) terms.push(term);
  }
  return terms;
}

/** Maps each one-word variant of a group to the analyzed first phrase of the group. */
function buildEquivalences(groups: readonly (readonly string[])[]): Equivalences {
  const map = new Map<string, readonly string[]>();
  for (const [canonical, ...variants] of groups) {
    if (canonical === undefined) continue;
    const target = plainTerms(canonical);
    if (target.length === 0) continue;
    for (const variant of variants) {
      const [key, ...rest] = plainTerms(variant);
      if (key !== undefined && rest.length === 0 && !(target.length === 1 && target[0] === key)) {
        map.set(key, target);
      }
    }
  }
  return map;
}

let defaultEquivalences: Equivalences | undefined;

/** The equivalences of `EQUIVALENT_TERMS`, built on first use. */
function defaultEquivalenceMap(): Equivalences {
  if (defaultEquivalences === undefined) defaultEquivalences = buildEquivalences(EQUIVALENT_TERMS);
  return defaultEquivalences;
}

/** Normalizes one word and replaces it by what it stands for; `[]` for a stop word. */
function termsOf(word: string, equivalences: Equivalences): readonly string[] {
  const term = normalizeTerm(word);
  if (term === null) return [];
  return equivalences.get(term) ?? [term];
}

function analyzeWith(text: string, equivalences: Equivalences): string[] {
  const terms: string[] = [];
  for (const word of splitWords(text)) terms.push(...termsOf(word, equivalences));
  return terms;
}

/**
 * Turns text into index terms: words split as {@link splitWords} does, stop words dropped, stems
 * taken with {@link stemWord}, and abbreviations replaced by the words they stand for
 * (`EQUIVALENT_TERMS`: `repo` → `repository`, `PR` → `pull request`). The same analysis runs on
 * documents and queries.
 */
export function analyzeText(text: string): string[] {
  return analyzeWith(text, defaultEquivalenceMap());
}

/** Words of a name-like text, preceded by each compound identifier as written (lowercased). */
function identifierTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const chunk of text.split(/\s+/)) {
    const bare = chunk.replace(EDGE_PUNCTUATION, '');
    const words = splitWords(bare);
    if (words.length > 1 && bare.length <= MAX_TERM_LENGTH && IDENTIFIER.test(bare)) {
      tokens.push(bare.toLowerCase());
    }
    tokens.push(...words);
  }
  return tokens;
}

/** Query terms: identifiers as written plus their words, normalized, unique, capped. */
function analyzeQuery(query: string, maxTerms: number, equivalences: Equivalences): string[] {
  const terms: string[] = [];
  const seen = new Set<string>();
  for (const token of identifierTokens(query.slice(0, MAX_QUERY_CHARS))) {
    for (const term of termsOf(token, equivalences)) {
      if (term.length > MAX_TERM_LENGTH || seen.has(term)) continue;
      seen.add(term);
      terms.push(term);
      if (terms.length >= maxTerms) return terms;
    }
  }
  return terms;
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

/** One indexed document. */
interface IndexDocument {
  id: string;
  name: string;
  description: string;
  parameters: string;
}

interface IndexEntry {
  document: IndexDocument;
  order: number;
  /** The analyzed words of the name (not the name as written), for the name-coverage bonus. */
  nameTerms: readonly string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parameter names and descriptions, recursing through properties, items and anyOf/oneOf/allOf. */
function collectSchemaText(schema: unknown, out: string[], depth: number): void {
  if (depth > MAX_SCHEMA_DEPTH || !isRecord(schema)) return;
  if (depth > 0 && typeof schema.description === 'string') out.push(schema.description);
  if (isRecord(schema.properties)) {
    for (const [name, child] of Object.entries(schema.properties)) {
      out.push(name);
      collectSchemaText(child, out, depth + 1);
    }
  }
  const children: unknown[] = [];
  if (Array.isArray(schema.items)) children.push(...schema.items);
  else children.push(schema.items);
  for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
    const branches = schema[keyword];
    if (Array.isArray(branches)) children.push(...branches);
  }
  for (const child of children) collectSchemaText(child, out, depth + 1);
}

/** Web addresses are dropped from tool text: their parts (`docs`, `com`, `rest`) are not words a caller uses. */
function withoutUrls(text: string): string {
  return text.includes('://') ? text.replace(URL, ' ') : text;
}

function toDocument(spec: ToolSpec): IndexDocument {
  const parameterText: string[] = [];
  collectSchemaText(spec.parameters, parameterText, 0);
  const description = typeof spec.description === 'string' ? spec.description : '';
  return {
    id: spec.name,
    name: spec.name,
    description: withoutUrls(spec.title ? `${spec.title}\n${description}` : description),
    parameters: withoutUrls(parameterText.join('\n')),
  };
}

/**
 * Creates an empty tool index. Add specs with `add`, keep it current with `replace` and `remove`
 * (each touches one document; nothing is rebuilt), and rank with `search`.
 */
export function createToolIndex(options: ToolIndexOptions = {}): ToolIndex {
  const boost: ToolIndexFieldBoost = { ...DEFAULT_FIELD_BOOST, ...options.boost };
  const maxQueryTerms = Math.max(1, Math.floor(options.maxQueryTerms ?? MAX_QUERY_TERMS));
  const equivalences =
    options.equivalents === undefined ? defaultEquivalenceMap() : buildEquivalences(options.equivalents);
  const analyze = (text: string): string[] => analyzeWith(text, equivalences);
  /** Words repeat across a catalog: their analysis is remembered (bounded). */
  const termCache = new Map<string, string | string[] | null>();
  const processTerm = (word: string): string | string[] | null => {
    let processed = termCache.get(word);
    if (processed === undefined) {
      const terms = termsOf(word, equivalences);
      processed = terms.length === 0 ? null : terms.length === 1 ? (terms[0] as string) : [...terms];
      if (termCache.size >= MAX_CACHED_TERMS) termCache.clear();
      termCache.set(word, processed);
    }
    return processed;
  };
  const synonymGroups = options.synonyms ?? SYNONYM_GROUPS;
  const expand: SynonymExpander | null =
    synonymGroups.length > 0 ? createSynonymExpander(synonymGroups, analyze) : null;

  /** How many tools have each term in each field, kept by `add` and `remove`. */
  const nameCounts = new Map<string, number>();
  const descriptionCounts = new Map<string, number>();
  const parameterCounts = new Map<string, number>();
  /** +1 while a document is being added, -1 while one is being removed. */
  let counting: 1 | -1 | 0 = 0;
  /**
   * A field's terms, analyzed and each once: a word's presence counts, not its repetitions, so a
   * long description that repeats a word does not outrank a short one that states it once.
   */
  const tokenizeField = (text: string, fieldName?: string): string[] => {
    const terms = new Set<string>();
    for (const word of fieldName === 'name' ? identifierTokens(text) : collectWords(text, true)) {
      const processed = processTerm(word);
      if (typeof processed === 'string') terms.add(processed);
      else if (processed !== null) for (const term of processed) terms.add(term);
    }
    if (counting !== 0) {
      const counts =
        fieldName === 'name' ? nameCounts : fieldName === 'description' ? descriptionCounts : parameterCounts;
      for (const term of terms) {
        const count = (counts.get(term) ?? 0) + counting;
        if (count > 0) counts.set(term, count);
        else counts.delete(term);
      }
    }
    return [...terms];
  };
  const engine = new MiniSearch<IndexDocument>({
    idField: 'id',
    fields: ['name', 'description', 'parameters'],
    storeFields: [],
    tokenize: tokenizeField,
    processTerm: (term) => term,
    autoVacuum: false,
  });
  const queryOptions: SearchOptions = {
    boost: { ...boost },
    tokenize: (text) => [text],
    processTerm: (text) => text,
    maxFuzzy: MAX_FUZZY_DISTANCE,
  };
  const entries = new Map<string, IndexEntry>();
  let nextOrder = 0;

  function add(spec: ToolSpec, addOptions: ToolIndexAddOptions = {}): void {
    if (entries.has(spec.name)) {
      throw new UsageError(`tool index: "${spec.name}" is already indexed. Use replace() to update it.`);
    }
    const order = addOptions.order ?? nextOrder;
    nextOrder = Math.max(nextOrder, order + 1);
    const document = toDocument(spec);
    counting = 1;
    try {
      engine.add(document);
    } finally {
      counting = 0;
    }
    entries.set(spec.name, { document, order, nameTerms: [...new Set(analyze(spec.name))] });
  }

  function remove(name: string): boolean {
    const entry = entries.get(name);
    if (entry === undefined) return false;
    counting = -1;
    try {
      engine.remove(entry.document);
    } finally {
      counting = 0;
    }
    entries.delete(name);
    return true;
  }

  function replace(spec: ToolSpec): void {
    const previous = entries.get(spec.name);
    remove(spec.name);
    add(spec, previous === undefined ? {} : { order: previous.order });
  }

  /**
   * The lookup of one query term: in every field, except fields where the term is so common (in
   * more than a set share of the tools) that it tells them apart too little to be worth scoring.
   * Names are always searched.
   */
  function exactQuery(term: string): Query {
    const common = Math.max(COMMON_TERM_MIN_TOOLS, COMMON_TERM_SHARE * entries.size);
    const fields = ['name'];
    if ((descriptionCounts.get(term) ?? 0) <= common) fields.push('description');
    if ((parameterCounts.get(term) ?? 0) <= common) fields.push('parameters');
    return fields.length === 3 ? term : { queries: [term], fields };
  }

  /** A query term matched by prefix and, when long enough, fuzzily. */
  function looseQuery(term: string): Query {
    return {
      queries: [term],
      prefix: term.length >= MIN_PREFIX_LENGTH,
      fuzzy:
        term.length >= MIN_FUZZY_LENGTH && term.length <= MAX_FUZZY_LENGTH && PLAIN_TERM.test(term)
          ? FUZZINESS
          : false,
    };
  }

  /**
   * Ranks with the query's own words (one MiniSearch OR query), then, only where needed: words no
   * tool contains are looked up again by prefix and fuzzily, and phrases of the query that the
   * best-covered tool lacks are looked up through their synonyms (on a catalog below
   * BROAD_MATCHING_MAX_TOOLS, every word and phrase, at once). MiniSearch scores an OR query as
   * the summed term scores times the number of query terms matched, and reports each result's
   * score that way, so dividing by its matched-term count gives back the sum: the extra lookups are
   * merged into it, a synonym at a discount and counting as the phrase it stands for, never on top of
   * the caller's own words. Each tool's score is finally multiplied by its name bonus.
   */
  function rank(terms: readonly string[], alternatives: Set<string>): Map<string, number> | SearchResult[] {
    // A catalog of fewer than BROAD_MATCHING_MAX_TOOLS tools is cheap to search broadly: every word
    // by prefix and fuzzily, every phrase through its synonyms.
    if (entries.size < BROAD_MATCHING_MAX_TOOLS) {
      const own = engine.search({ combineWith: 'OR', queries: terms.map(looseQuery) }, queryOptions);
      const expansions = expand === null ? [] : capExpansions(expand(terms));
      noteAlternatives(expansions, alternatives);
      if (expansions.length === 0) return own;
      return terms.length <= 32
        ? merge(terms, own, [], expansions, SMALL_MASKS)
        : merge(terms, own, [], expansions, LARGE_MASKS);
    }

    const own = engine.search({ combineWith: 'OR', queries: terms.map(exactQuery) }, queryOptions);
    // How many tools use a word, in the field that uses it most (a lower bound of the total).
    const toolsUsing = (term: string): number =>
      Math.max(nameCounts.get(term) ?? 0, descriptionCounts.get(term) ?? 0, parameterCounts.get(term) ?? 0);
    const unknown = terms.filter(
      (term) => term.length >= MIN_PREFIX_LENGTH && PLAIN_TERM.test(term) && toolsUsing(term) === 0,
    );
    // A phrase is looked up through its synonyms when the catalog rarely uses its words (so the
    // caller may have said it differently) and the best-covered tool lacks them.
    const rare = Math.max(SYNONYM_RARE_MIN_TOOLS, SYNONYM_RARE_SHARE * entries.size);
    let best: SearchResult | undefined;
    for (const result of own) {
      if (best === undefined || result.queryTerms.length > best.queryTerms.length) best = result;
    }
    const bestTerms = new Set(best?.queryTerms ?? []);
    const wanting = (term: string): boolean =>
      PLAIN_TERM.test(term) && !bestTerms.has(term) && toolsUsing(term) < rare;
    const expansions =
      expand === null || !terms.some(wanting)
        ? []
        : capExpansions(
            expand(terms).filter((expansion) =>
              terms.slice(expansion.start, expansion.start + expansion.length).every(wanting),
            ),
          );
    noteAlternatives(expansions, alternatives);
    if (unknown.length === 0 && expansions.length === 0) return own;

    return terms.length <= 32
      ? merge(terms, own, unknown, expansions, SMALL_MASKS)
      : merge(terms, own, unknown, expansions, LARGE_MASKS);
  }

  function merge<M>(
    terms: readonly string[],
    own: readonly SearchResult[],
    unknown: readonly string[],
    expansions: readonly SynonymExpansion[],
    ops: MaskOps<M>,
  ): Map<string, number> {
    // Per tool: summed term scores, and the query terms it matched as a bit set.
    const bit = new Map<string, M>(terms.map((term, i) => [term, ops.bit(i)]));
    const sums = new Map<string, number>();
    const masks = new Map<string, M>();
    const mergeIn = (
      results: readonly SearchResult[],
      weigh: (result: SearchResult) => [number, M],
    ): void => {
      for (const result of results) {
        const [sum, mask] = weigh(result);
        if (ops.empty(mask)) continue;
        const name = String(result.id);
        sums.set(name, (sums.get(name) ?? 0) + sum);
        masks.set(name, ops.or(masks.get(name) ?? ops.none, mask));
      }
    };
    const maskOf = (queryTerms: readonly string[]): M => {
      let mask = ops.none;
      for (const term of queryTerms) mask = ops.or(mask, bit.get(term) ?? ops.none);
      return mask;
    };
    const plain = (result: SearchResult): [number, M] => [
      result.score / result.queryTerms.length,
      maskOf(result.queryTerms),
    ];
    mergeIn(own, plain);
    if (unknown.length > 0) {
      mergeIn(engine.search({ combineWith: 'OR', queries: unknown.map(looseQuery) }, queryOptions), plain);
    }
    if (expansions.length > 0) {
      // Each alternative term stands for the bits of the phrases it can replace.
      const standsFor = new Map<string, M>();
      for (const expansion of expansions) {
        const phrase = maskOf(terms.slice(expansion.start, expansion.start + expansion.length));
        for (const alternative of expansion.alternatives) {
          for (const term of alternative)
            standsFor.set(term, ops.or(standsFor.get(term) ?? ops.none, phrase));
        }
      }
      const alternatives = engine.search({ combineWith: 'OR', queries: [...standsFor.keys()] }, queryOptions);
      mergeIn(alternatives, (result) => {
        const matched = masks.get(String(result.id)) ?? ops.none;
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
        return [(SYNONYM_WEIGHT * (result.score / count) * useful) / count, covered];
      });
    }
    const scores = new Map<string, number>();
    for (const [name, sum] of sums) scores.set(name, sum * ops.count(masks.get(name) ?? ops.none));
    return scores;
  }

  function search(query: string, searchOptions: ToolIndexSearchOptions): ToolIndexMatch[] {
    const { limit, filter } = searchOptions;
    if (typeof query !== 'string' || !(limit >= 1) || entries.size === 0) return [];
    const terms = analyzeQuery(query, maxQueryTerms, equivalences);
    if (terms.length === 0) return [];

    const cut = Math.floor(limit);
    const asked = new Set(terms);
    // The best `cut` so far, best first; equal scores keep the order the tools were added in.
    const top: { name: string; score: number; order: number }[] = [];
    const keep = (name: string, raw: number): void => {
      const entry = entries.get(name);
      if (entry === undefined) return;
      const score = raw * nameBonus(entry.nameTerms, asked, alternatives);
      const last = top[top.length - 1];
      if (top.length === cut && last !== undefined && !outranks(score, entry.order, last)) return;
      if (filter !== undefined && !filter(name)) return;
      let at = top.length;
      while (at > 0 && outranks(score, entry.order, top[at - 1] as { score: number; order: number })) at -= 1;
      top.splice(at, 0, { name, score, order: entry.order });
      if (top.length > cut) top.pop();
    };
    const alternatives = new Set<string>();
    const scores = rank(terms, alternatives);
    if (scores instanceof Map) {
      for (const [name, score] of scores) keep(name, score);
    } else {
      // Results come best first, and the name bonus multiplies a score by at most
      // 1 + NAME_COVERAGE_BONUS: once a result falls below the lowest kept score divided by that,
      // no later result can enter.
      for (const result of scores) {
        const last = top[top.length - 1];
        if (top.length === cut && last !== undefined && result.score * (1 + NAME_COVERAGE_BONUS) < last.score)
          break;
        keep(String(result.id), result.score);
      }
    }
    return top.map(({ name, score }) => ({ name, score }));
  }

  return {
    add,
    remove,
    replace,
    has: (name) => entries.has(name),
    search,
    get size(): number {
      return entries.size;
    },
  };
}
