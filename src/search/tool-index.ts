/**
 * A full-text index over catalog-form tool specs, built on one MiniSearch instance. It owns the text
 * analysis (identifier splitting, stop words, a light stemmer, query-side synonyms) and the ranking
 * (field boosts, modest prefix and fuzzy matching, ties in registration order). Updates are
 * incremental. May import `../core/types.ts`, `../core/errors.ts`, `./synonyms.ts` and `minisearch`.
 */

import MiniSearch from 'minisearch';
import { UsageError } from '../core/errors.ts';
import type { ToolSpec } from '../core/types.ts';
import {
  createSynonymExpander,
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

/** Weight of a synonym added to the query, relative to the words the caller wrote. */
const SYNONYM_WEIGHT = 0.35;
/** Longest query term looked up; longer "words" cannot name a tool. */
const MAX_TERM_LENGTH = 64;
/** Distinct synonym terms looked up per search, at most. */
const MAX_SYNONYM_TERMS = 32;
/** Schema nesting followed when collecting parameter text. */
const MAX_SCHEMA_DEPTH = 12;
/** Prefix matching for query terms of at least this length. */
const MIN_PREFIX_LENGTH = 3;
/** Fuzzy matching (edit distance 20% of the length, at most 2) for plain terms within these lengths. */
const MIN_FUZZY_LENGTH = 5;
const MAX_FUZZY_LENGTH = 32;
const FUZZINESS = 0.2;
const MAX_FUZZY_DISTANCE = 2;

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
  'has',
  'have',
  'how',
  'i',
  'in',
  'into',
  'is',
  'it',
  'its',
  'me',
  'my',
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
  'you',
  'your',
]);

const NON_WORD = /[^\p{L}\p{N}]+/u;
const LOWER_OR_DIGIT_THEN_UPPER = /([\p{Ll}\p{N}])(\p{Lu})/gu;
/** An acronym followed by a capitalised word (`HTTPServer`), but not a plural acronym (`URLs`, `IDs`). */
const ACRONYM_THEN_WORD = /(\p{Lu})(?=\p{Lu}\p{Ll})(?!\p{Lu}s(?:\P{Ll}|$))/gu;
const IDENTIFIER = /^[\p{L}\p{N}]+(?:[_\-./:]+[\p{L}\p{N}]+)*$/u;
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
const PLAIN_WORD = /^[a-z]+$/;
const PLAIN_TERM = /^[\p{L}\p{N}]+$/u;
const VOWEL = /[aeiouy]/;
const DOUBLE_CONSONANT = /([b-df-hj-km-np-rtv-y])\1$/;

/**
 * Splits text into lowercase words at non-alphanumerics and at camelCase and acronym boundaries:
 * `github.pulls_create` → `github pulls create`, `createPullRequest` → `create pull request`,
 * `parseHTTPResponse` → `parse http response`. No stop words are removed and nothing is stemmed.
 */
export function splitWords(text: string): string[] {
  return text
    .replace(LOWER_OR_DIGIT_THEN_UPPER, '$1 $2')
    .replace(ACRONYM_THEN_WORD, '$1 ')
    .toLowerCase()
    .split(NON_WORD)
    .filter((word) => word !== '');
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

/**
 * Turns text into index terms: words split as {@link splitWords} does, stop words dropped, stems
 * taken with {@link stemWord}. The same analysis runs on documents and queries.
 */
export function analyzeText(text: string): string[] {
  const terms: string[] = [];
  for (const word of splitWords(text)) {
    const term = normalizeTerm(word);
    if (term !== null) terms.push(term);
  }
  return terms;
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
function analyzeQuery(query: string, maxTerms: number): string[] {
  const terms: string[] = [];
  const seen = new Set<string>();
  for (const token of identifierTokens(query.slice(0, MAX_QUERY_CHARS))) {
    const term = normalizeTerm(token);
    if (term === null || term.length > MAX_TERM_LENGTH || seen.has(term)) continue;
    seen.add(term);
    terms.push(term);
    if (terms.length >= maxTerms) break;
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

/**
 * Scores one document the way MiniSearch scores an OR query (the sum of the term scores times the
 * number of query terms matched), with synonyms as alternatives rather than extra terms: where the
 * query holds a phrase of the table, the best other phrase of its group (weighted down) replaces the
 * phrase's own score when it scores higher, and counts as matching the phrase. A synonym thus
 * stands in for the caller's words at a discount and is never counted on top of them.
 */
function scoreDocument(
  name: string,
  terms: readonly string[],
  expansions: readonly SynonymExpansion[],
  scoresOf: (term: string) => Map<string, number>,
): number {
  const own = terms.map((term) => scoresOf(term).get(name) ?? 0);
  const replaced = own.map(() => false);
  let total = 0;
  let matched = 0;
  for (const { start, length, alternatives } of expansions) {
    const span = own.slice(start, start + length);
    if (replaced.slice(start, start + length).some(Boolean)) continue;
    let best = 0;
    for (const phrase of alternatives) {
      let sum = 0;
      for (const term of phrase) sum += scoresOf(term).get(name) ?? 0;
      best = Math.max(best, sum);
    }
    const alternative = best * SYNONYM_WEIGHT;
    if (alternative <= span.reduce((sum, score) => sum + score, 0)) continue;
    total += alternative;
    matched += length;
    replaced.fill(true, start, start + length);
  }
  own.forEach((score, i) => {
    if (!replaced[i] && score > 0) {
      total += score;
      matched += 1;
    }
  });
  return total * matched;
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

function toDocument(spec: ToolSpec): IndexDocument {
  const parameterText: string[] = [];
  collectSchemaText(spec.parameters, parameterText, 0);
  const description = typeof spec.description === 'string' ? spec.description : '';
  return {
    id: spec.name,
    name: spec.name,
    description: spec.title ? `${spec.title}\n${description}` : description,
    parameters: parameterText.join('\n'),
  };
}

function tokenizeField(text: string, fieldName?: string): string[] {
  return fieldName === 'name' ? identifierTokens(text) : splitWords(text);
}

function processTerm(term: string): string | null {
  return normalizeTerm(term);
}

/**
 * Creates an empty tool index. Add specs with `add`, keep it current with `replace` and `remove`
 * (each touches one document; nothing is rebuilt), and rank with `search`.
 */
export function createToolIndex(options: ToolIndexOptions = {}): ToolIndex {
  const boost: ToolIndexFieldBoost = { ...DEFAULT_FIELD_BOOST, ...options.boost };
  const maxQueryTerms = Math.max(1, Math.floor(options.maxQueryTerms ?? MAX_QUERY_TERMS));
  const synonymGroups = options.synonyms ?? SYNONYM_GROUPS;
  const expand: SynonymExpander | null =
    synonymGroups.length > 0 ? createSynonymExpander(synonymGroups, analyzeText) : null;

  const engine = new MiniSearch<IndexDocument>({
    idField: 'id',
    fields: ['name', 'description', 'parameters'],
    storeFields: [],
    tokenize: tokenizeField,
    processTerm,
    autoVacuum: false,
  });
  const entries = new Map<string, IndexEntry>();
  let nextOrder = 0;

  function add(spec: ToolSpec, addOptions: ToolIndexAddOptions = {}): void {
    if (entries.has(spec.name)) {
      throw new UsageError(`tool index: "${spec.name}" is already indexed. Use replace() to update it.`);
    }
    const order = addOptions.order ?? nextOrder;
    nextOrder = Math.max(nextOrder, order + 1);
    const document = toDocument(spec);
    engine.add(document);
    entries.set(spec.name, { document, order });
  }

  function remove(name: string): boolean {
    const entry = entries.get(name);
    if (entry === undefined) return false;
    engine.remove(entry.document);
    entries.delete(name);
    return true;
  }

  function replace(spec: ToolSpec): void {
    const previous = entries.get(spec.name);
    remove(spec.name);
    add(spec, previous === undefined ? {} : { order: previous.order });
  }

  /** Per-document scores of one term (exact, plus prefix and fuzzy matches), as MiniSearch's BM25 gives them. */
  function termScores(term: string): Map<string, number> {
    const scores = new Map<string, number>();
    const results = engine.search(term, {
      tokenize: (text) => [text],
      processTerm: (text) => text,
      boost: { ...boost },
      prefix: term.length >= MIN_PREFIX_LENGTH,
      fuzzy:
        term.length >= MIN_FUZZY_LENGTH && term.length <= MAX_FUZZY_LENGTH && PLAIN_TERM.test(term)
          ? FUZZINESS
          : false,
      maxFuzzy: MAX_FUZZY_DISTANCE,
    });
    for (const result of results) scores.set(String(result.id), result.score);
    return scores;
  }

  function search(query: string, searchOptions: ToolIndexSearchOptions): ToolIndexMatch[] {
    const { limit, filter } = searchOptions;
    if (typeof query !== 'string' || !(limit >= 1) || entries.size === 0) return [];
    const terms = analyzeQuery(query, maxQueryTerms);
    if (terms.length === 0) return [];
    const expansions = expand === null ? [] : capExpansions(expand(terms));

    const cache = new Map<string, Map<string, number>>();
    const scoresOf = (term: string): Map<string, number> => {
      let scores = cache.get(term);
      if (scores === undefined) {
        scores = termScores(term);
        cache.set(term, scores);
      }
      return scores;
    };
    const candidates = new Set<string>();
    for (const term of terms) for (const name of scoresOf(term).keys()) candidates.add(name);
    for (const expansion of expansions) {
      for (const phrase of expansion.alternatives) {
        for (const term of phrase) for (const name of scoresOf(term).keys()) candidates.add(name);
      }
    }

    const ranked: { name: string; score: number; order: number }[] = [];
    for (const name of candidates) {
      const entry = entries.get(name);
      if (entry === undefined || (filter !== undefined && !filter(name))) continue;
      const score = scoreDocument(name, terms, expansions, scoresOf);
      if (score > 0) ranked.push({ name, score, order: entry.order });
    }
    ranked.sort((a, b) => b.score - a.score || a.order - b.order);
    return ranked.slice(0, Math.floor(limit)).map(({ name, score }) => ({ name, score }));
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
