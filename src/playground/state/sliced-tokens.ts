/**
 * Token counts of tool outputs that never hold the page: the text is counted in slices of at most
 * {@link SLICE_CHARS} characters, a few slices per task, yielding to the page in between. The o200k
 * tokenizer's time grows faster than the length of one unbroken run of characters (a 50 KB line of
 * one word took 6 s in one task), so no slice is longer than that.
 *
 * o200k splits text into pieces before it merges bytes, and no piece crosses the two kinds of cut used
 * here, so the sum of the slices' counts is the exact count: after a line break followed by a
 * character that is neither white space nor `/`, and before a space that follows a non-space and precedes an
 * ASCII letter (the space starts the word's piece). A line with neither within a slice (minified JSON,
 * base64, one long word) is cut where the slice ends; such a count is an estimate, each of those cuts
 * moving it by at most {@link TOKENS_PER_FORCED_CUT} (checked by tests/playground/sliced-tokens.test.ts
 * against the whole count). Framework-free.
 */

import { nextTask } from '../../shared/index.ts';

/** The most characters counted in one call of the tokenizer. */
export const SLICE_CHARS = 2_000;
/** The most a cut inside an unbroken run moves the count, in tokens. */
export const TOKENS_PER_FORCED_CUT = 2;
/** Milliseconds of counting per task before the page gets the thread back. */
const TASK_BUDGET_MS = 12;

/** A token count and how it was reached. */
export interface SlicedCount {
  readonly tokens: number;
  /** The sum is the exact count: every cut fell between two of the tokenizer's pieces. */
  readonly exact: boolean;
  /** The most the count may be off by (0 when exact). */
  readonly error: number;
}

const isSpace = (char: string | undefined): boolean => char === undefined || /\s/.test(char);
const isAsciiLetter = (char: string | undefined): boolean => char !== undefined && /[A-Za-z]/.test(char);

/**
 * The last line break in `(start, end)` followed by a character that is neither a space nor `/` (a
 * piece of punctuation takes the line breaks and slashes after it: `;\n//`), as the cut after it; -1 if
 * none.
 */
function lineCut(text: string, start: number, end: number): number {
  for (let at = text.lastIndexOf('\n', end - 1); at > start; at = text.lastIndexOf('\n', at - 1)) {
    const next = text[at + 1];
    if (!isSpace(next) && next !== '/') return at + 1;
  }
  return -1;
}

/** The last space in `(start, end)` between a non-space and an ASCII letter, as the cut before it; -1 if none. */
function wordCut(text: string, start: number, end: number): number {
  for (let at = text.lastIndexOf(' ', end - 1); at > start; at = text.lastIndexOf(' ', at - 1)) {
    if (!isSpace(text[at - 1]) && isAsciiLetter(text[at + 1])) return at;
  }
  return -1;
}

/** Where the slice starting at `start` ends, and whether that cut is inside an unbroken run. */
export function nextCut(text: string, start: number): { end: number; forced: boolean } {
  const limit = start + SLICE_CHARS;
  if (limit >= text.length) return { end: text.length, forced: false };
  const line = lineCut(text, start, limit);
  if (line > 0) return { end: line, forced: false };
  const word = wordCut(text, start, limit);
  if (word > 0) return { end: word, forced: false };
  // Never between the two halves of a surrogate pair.
  const code = text.charCodeAt(limit - 1);
  return { end: code >= 0xd800 && code <= 0xdbff ? limit + 1 : limit, forced: true };
}

/**
 * Counts `text` with `count` (the tokenizer) slice by slice, yielding to the page after about
 * {@link TASK_BUDGET_MS} of work. Rejects with the signal's reason when `signal` aborts.
 */
export async function countInSlices(
  text: string,
  count: (slice: string) => number,
  signal?: AbortSignal,
): Promise<SlicedCount> {
  let tokens = 0;
  let forcedCuts = 0;
  let start = 0;
  let taskStarted = performance.now();
  while (start < text.length) {
    if (performance.now() - taskStarted > TASK_BUDGET_MS) {
      await nextTask();
      signal?.throwIfAborted();
      taskStarted = performance.now();
    }
    const { end, forced } = nextCut(text, start);
    tokens += count(text.slice(start, end));
    if (forced) forcedCuts++;
    start = end;
  }
  return { tokens, exact: forcedCuts === 0, error: forcedCuts * TOKENS_PER_FORCED_CUT };
}
