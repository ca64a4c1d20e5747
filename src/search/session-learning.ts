/**
 * Learning per session: the words a session's requests taught a tool (see `./learning.ts`) stay with
 * that session, bounded, and only reorder that session's results among the tools its request already
 * found by their own words. So a call in one session never changes what another session is shown, and
 * a learned word never makes a tool appear for a request that shares none of its words. Sharing with
 * every session is the host's choice: `learnFromCalls: 'shared'`, or merging a session's words into
 * the index with `ToolIndex.learn`. May import `./learning.ts` and `./text-analysis.ts`.
 */
import { learnedWords } from './learning.ts';
import { analyzeText, MAX_QUERY_CHARS, withoutValues } from './text-analysis.ts';

/** Tools one session keeps learned words for; the tool that learned least recently goes first. */
export const MAX_SESSION_LEARNED_TOOLS = 64;

/**
 * How much a session's learned words raise a found tool's score: times 1 + this times the share of
 * the request's words the tool learned in the session. The same caller called this tool for these
 * words, which is strong evidence: a request sharing three of its five words with what a tool learned
 * (×3.4) overtakes a tool scored three times higher on the words alone.
 */
const SESSION_LEARNED_BONUS = 4;

/** One session's learned words, by tool, least recently taught first. */
export type SessionWords = Map<string, readonly string[]>;

/** Adds what `query` teaches `tool` to `words`, dropping the least recently taught tool past the cap. */
export function teachSession(
  words: SessionWords,
  query: string,
  tool: string,
  known: (word: string) => boolean,
): void {
  const before = words.get(tool) ?? [];
  const after = learnedWords(query, known, before);
  if (after.length === 0) return;
  words.delete(tool);
  words.set(tool, after);
  while (words.size > MAX_SESSION_LEARNED_TOOLS) {
    const oldest = words.keys().next().value as string;
    words.delete(oldest);
  }
}

/** The analyzed terms of `words` (stemmed, stop words out), as the index compares them. */
const termsOfWords = (words: readonly string[]): Set<string> =>
  new Set(words.flatMap((word) => analyzeText(word)));

/** Whether a word is in a tool's own name or description (or is a stop word): such a word is not learned. */
export function ownWordsOf(name: string, description: string): (word: string) => boolean {
  const own = new Set([...analyzeText(name.replace(/[_.:-]+/g, ' ')), ...analyzeText(description)]);
  return (word) => analyzeText(word).every((term) => own.has(term));
}

/**
 * `hits` (found by the tools' own words) reordered by the session's learned words: each hit's score
 * times 1 + {@link SESSION_LEARNED_BONUS} times the share of the request's words it learned; ties keep
 * the index's order. Hits of tools without learned words keep their score.
 */
export function withSessionWords<H extends { name: string; score: number }>(
  hits: readonly H[],
  query: string,
  words: SessionWords | undefined,
): H[] {
  if (words === undefined || words.size === 0) return [...hits];
  const asked = new Set(analyzeText(withoutValues(query.slice(0, MAX_QUERY_CHARS))));
  if (asked.size === 0) return [...hits];
  const scored = hits.map((hit, order) => {
    const learned = words.get(hit.name);
    if (learned === undefined) return { hit, order, score: hit.score };
    const taught = termsOfWords(learned);
    let shared = 0;
    for (const term of asked) if (taught.has(term)) shared += 1;
    return { hit, order, score: hit.score * (1 + (SESSION_LEARNED_BONUS * shared) / asked.size) };
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.map(({ hit, score }) => ({ ...hit, score }));
}
