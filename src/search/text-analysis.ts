/**
 * The text analysis of the tool index, shared by documents and queries: identifier splitting
 * (separators, camelCase, acronyms; capitalised compounds such as `JavaScript` kept whole as well),
 * stop words, a light stemmer, and abbreviations replaced by the words they stand for
 * (`EQUIVALENT_TERMS`). Pure functions of their input. May import `./synonyms.ts`.
 */

import { EQUIVALENT_TERMS } from './synonyms.ts';

/** Characters of a query that are analyzed; the rest is ignored, so any query runs in bounded time. */
export const MAX_QUERY_CHARS = 4096;

/** Longest query term looked up; longer "words" cannot name a tool. */
export const MAX_TERM_LENGTH = 64;

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
const LOWER_OR_DIGIT_THEN_UPPER = /([\p{Ll}\p{N}])(\p{Lu})/gu;
/** An acronym followed by a capitalised word (`HTTPServer`), but not a plural acronym (`URLs`, `IDs`). */
const ACRONYM_THEN_WORD = /(\p{Lu})(?=\p{Lu}\p{Ll})(?!\p{Lu}s(?:\P{Ll}|$))/gu;
const IDENTIFIER = /^[\p{L}\p{N}]+(?:[_\-./:]+[\p{L}\p{N}]+)*$/u;
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
const PLAIN_WORD = /^[a-z]+$/;
/** A word of letters only that starts with a capital and has another one later: `JavaScript`, `GitHub`. */
const CAPITALISED_COMPOUND = /^\p{Lu}\p{L}*\p{Lu}\p{L}*$/u;
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
 * The runs of letters and digits of a text (some may be `''`), before identifiers are split: the
 * words of a chunk do not depend on the text around it, so an index can remember them per chunk.
 */
export function wordChunks(text: string): string[] {
  return text.split(NON_ASCII.test(text) ? NON_WORD : ASCII_NON_WORD);
}

/**
 * The words of {@link splitWords}; with `compounds`, a capitalised compound of letters
 * (`JavaScript`, `GitHub`, `PostgreSQL`) is also kept whole, lowercased, before its parts: it is
 * usually one name, and callers write it as one word (`javascript`) as often as in parts.
 */
export function collectWords(text: string, compounds: boolean): string[] {
  const words: string[] = [];
  for (const chunk of wordChunks(text)) {
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
export function normalizeTerm(term: string): string | null {
  const lower = term.toLowerCase();
  if (lower === '' || STOP_WORDS.has(lower)) return null;
  return stemWord(lower);
}

/** Stem of an abbreviation or variant → the stems of the word it stands for. */
export type Equivalences = ReadonlyMap<string, readonly string[]>;

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
export function buildEquivalences(groups: readonly (readonly string[])[]): Equivalences {
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
export function defaultEquivalenceMap(): Equivalences {
  if (defaultEquivalences === undefined) defaultEquivalences = buildEquivalences(EQUIVALENT_TERMS);
  return defaultEquivalences;
}

/** Normalizes one word and replaces it by what it stands for; `[]` for a stop word. */
export function termsOf(word: string, equivalences: Equivalences): readonly string[] {
  const term = normalizeTerm(word);
  if (term === null) return [];
  return equivalences.get(term) ?? [term];
}

export function analyzeWith(text: string, equivalences: Equivalences): string[] {
  const terms: string[] = [];
  for (const word of splitWords(text)) for (const term of termsOf(word, equivalences)) terms.push(term);
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

/** The text's runs of non-space characters, without the punctuation around each (`"notes.txt",` → `notes.txt`). */
export function bareTokens(text: string): string[] {
  return text.split(/\s+/).map((token) => token.replace(EDGE_PUNCTUATION, ''));
}

/** Words of a name-like text, preceded by each compound identifier as written (lowercased). */
export function identifierTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const bare of bareTokens(text)) {
    const words = splitWords(bare);
    if (words.length > 1 && bare.length <= MAX_TERM_LENGTH && IDENTIFIER.test(bare)) {
      tokens.push(bare.toLowerCase());
    }
    // One by one: a spread of a long name's thousands of words would overflow the call stack.
    for (const word of words) tokens.push(word);
  }
  return tokens;
}

/**
 * Text the query quotes ("wait until \"Order confirmed\" shows", `run \`npm test\``) and the word
 * after called, named or titled: values the tool is to work with, not words for what it does.
 * Straight quotes count only around whole words, so "what's" and "companies' founders" stay. No
 * quoted run holds a quote of its own kind, so an opening quote without its close is given up at
 * the next quote: linear in the query, however many quotes it holds.
 */
const QUOTED =
  /(^|[\s(])(?:"[^"\n]*"|'[^'\n]*'|`[^`\n]*`)(?=$|[\s.,;:!?)])|“[^“”\n]*”|‘[^‘’\n]*’|«[^«»\n]*»/gu;
const NAMED_VALUE = /\b(called|named|titled)\s+\S+/giu;

/**
 * The query without the values it names (see `QUOTED`): the words left say what the caller wants
 * done. A query that is nothing but values is kept whole.
 */
export function withoutValues(query: string): string {
  const rest = query.replace(QUOTED, '$1 ').replace(NAMED_VALUE, '$1 ');
  return /[\p{L}\p{N}]/u.test(rest) ? rest : query;
}

/** Extensions common enough that a query word ending in one names a file. */
const FILE_EXTENSIONS: ReadonlySet<string> = new Set([
  ...['txt', 'md', 'json', 'yaml', 'yml', 'toml', 'ini', 'env', 'lock', 'csv', 'tsv', 'xml', 'log'],
  ...['html', 'htm', 'css', 'js', 'mjs', 'cjs', 'ts', 'tsx', 'jsx', 'py', 'rb', 'go', 'rs', 'java'],
  ...['c', 'h', 'cpp', 'sh', 'sql', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'png', 'jpg'],
  ...['jpeg', 'gif', 'svg', 'webp', 'mp3', 'mp4', 'wav', 'zip', 'tar', 'gz'],
]);

/** A name with an extension, perhaps behind a path: `notes.txt`, `~/drafts/plan.md`. */
const FILE_NAME = /^[\p{L}\p{N}_./-]*[\p{L}\p{N}_-]\.([a-z0-9]{1,5})$/iu;

/**
 * Words a query implies without saying them: `file` when it names one ("open notes.txt", "rename
 * report.docx"), as the tools that act on files say `file` and seldom an extension.
 */
function impliedWords(query: string): string[] {
  for (const token of bareTokens(query)) {
    const extension = FILE_NAME.exec(token)?.[1];
    if (extension !== undefined && FILE_EXTENSIONS.has(extension.toLowerCase())) return ['file'];
  }
  return [];
}

/**
 * Query terms: identifiers as written plus their words, then the words the query implies
 * (`impliedWords`), normalized, unique, capped.
 */
export function analyzeQuery(query: string, maxTerms: number, equivalences: Equivalences): string[] {
  const terms: string[] = [];
  const seen = new Set<string>();
  const cut = query.slice(0, MAX_QUERY_CHARS);
  for (const token of [...identifierTokens(cut), ...impliedWords(cut)]) {
    for (const term of termsOf(token, equivalences)) {
      if (term.length > MAX_TERM_LENGTH || seen.has(term)) continue;
      seen.add(term);
      terms.push(term);
      if (terms.length >= maxTerms) return terms;
    }
  }
  return terms;
}
