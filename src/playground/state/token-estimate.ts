/**
 * A quick token estimate, shown until the o200k tokenizer (about 1 MB gzipped, in the providers entry)
 * has loaded: the length of the compact JSON divided by the characters per token of tool declarations.
 */

/**
 * Characters per o200k token in compact JSON tool declarations: from 4.42 to 4.48 for the built-ins,
 * 4.12 to 4.14 with codemode (the page's first list: its description holds TypeScript), 4.07 to 4.12
 * with the whole demo catalog declared, in catalog form and in every provider's format. 4.27 keeps each
 * of them within 5 % (checked by tests/playground/token-estimate.test.ts against the tokenizer).
 */
const CHARS_PER_TOKEN = 4.27;

/** About how many o200k tokens `value` costs as compact JSON. */
export function estimateTokens(value: unknown): number {
  const text = JSON.stringify(value);
  return typeof text === 'string' ? Math.round(text.length / CHARS_PER_TOKEN) : 0;
}
