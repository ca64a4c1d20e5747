/**
 * What the index learns from a call: when a request found a tool and the model then called it, the
 * request's words that the tool's own text lacks are the caller's words for that tool ("split this
 * task into smaller steps" for `create_subtask`), and the index adds them to the tool's description
 * as it scores it (never as the model reads it). Pure: words in, words out.
 * May import `./text-analysis.ts`.
 */

import { MAX_QUERY_CHARS, MAX_TERM_LENGTH, splitWords, withoutValues } from './text-analysis.ts';

/** The most words a tool keeps from the requests it was called for; the oldest go first. */
export const MAX_LEARNED_WORDS = 32;

const DIGITS = /^\p{N}+$/u;

/**
 * The tool's learned words after a request that led to a call of it: `learned`, then each word of
 * the request (values it quotes or names left out, see `withoutValues`) that is not a number, not
 * already learned and not `known` (in the tool's own text, or a stop word), newest last, the oldest
 * dropped beyond {@link MAX_LEARNED_WORDS}. Returns `learned` itself when nothing is new.
 */
export function learnedWords(
  query: string,
  known: (word: string) => boolean,
  learned: readonly string[],
): readonly string[] {
  // A search reads the first MAX_QUERY_CHARS; a word cut there is not one the caller said.
  const read = query.length > MAX_QUERY_CHARS ? query.slice(0, MAX_QUERY_CHARS).replace(/\S+$/u, '') : query;
  const seen = new Set(learned);
  const fresh: string[] = [];
  for (const word of splitWords(withoutValues(read))) {
    if (word.length > MAX_TERM_LENGTH || DIGITS.test(word) || seen.has(word) || known(word)) continue;
    seen.add(word);
    fresh.push(word);
  }
  if (fresh.length === 0) return learned;
  return [...learned, ...fresh].slice(-MAX_LEARNED_WORDS);
}
