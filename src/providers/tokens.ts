/**
 * Token estimates with OpenAI's o200k encoding. The encoding's ranks weigh about 2.4 MB, so this module
 * is reachable only through the `./providers` entry, never from the root `src/index.ts`.
 */

import { countTokens as count } from 'gpt-tokenizer/encoding/o200k_base';

/** Special tokens such as `<|endoftext|>` are counted as plain text instead of throwing. */
const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * Counts the o200k tokens of `value`: a string as it is, anything else as `JSON.stringify(value)`
 * (compact, no indentation). A value JSON cannot represent (`undefined`, a function) counts 0. Text that
 * looks like a special token counts as ordinary text. Throws what `JSON.stringify` throws (a `BigInt`,
 * a cycle). An estimate for other providers' tokenizers, exact for o200k models.
 */
export function countTokens(value: unknown): number {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  // JSON.stringify returns undefined for undefined, functions and symbols, despite its declared type.
  if (typeof text !== 'string') return 0;
  return count(text, AS_PLAIN_TEXT);
}
