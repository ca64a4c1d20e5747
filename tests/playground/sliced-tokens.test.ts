/**
 * Token counts of long outputs, counted in slices: never more than SLICE_CHARS characters at once, no
 * surrogate pair cut, an abort honoured.
 * Reaches inside: the playground app's state modules (src/playground/state/) have no public entry:
 * browser-agent-tools/playground exports the component, createPlaygroundStore and the approval prompt only,
 * so they are tested as the app uses them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  countInSlices,
  nextCut,
  SLICE_CHARS,
  TOKENS_PER_FORCED_CUT,
} from '../../src/playground/state/sliced-tokens.ts';
import { countTokens } from '../../src/providers/index.ts';

const source = [
  'src/core/pipeline/run.ts',
  'src/tools/read.ts',
  'src/playground/state/scenario.ts',
  'docs/concepts.md',
]
  .map((path) => readFileSync(path, 'utf8'))
  .join('\n');
const seq = Array.from({ length: 20_000 }, (_, index) => String(index + 1)).join('\n');
const prose = Array.from(
  { length: 1_500 },
  (_, index) => `The cart sums item ${index} at its price, rounded.`,
).join(' ');
const indented = Array.from(
  { length: 2_000 },
  (_, index) => `    if (x) {\n      // note ${index}\n    }\n`,
).join('');
const commented = Array.from({ length: 2_000 }, (_, index) => `total += ${index};\n// added ${index}\n`).join(
  '',
);

/** Characters that look like nothing the tokenizer knows as a word: a base64 run of 12,000. */
function base64Run(length: number): string {
  let state = 7;
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let text = '';
  for (let index = 0; index < length; index++) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    text += alphabet[state % 64];
  }
  return text;
}
const minifiedJson = JSON.stringify(
  Array.from({ length: 600 }, (_, index) => ({ id: index, sku: `A-${index}`, qty: index % 7, ok: true })),
);

describe('token counts of outputs in slices', () => {
  it.each([
    ['source files and docs', source],
    ['seq 1 20000', seq],
    ['one line of prose, 75,000 characters', prose],
    ['indented code with comment lines', indented],
    ['lines of code, each followed by a comment line at the margin', commented],
  ])('are exact where every cut falls between two pieces of the tokenizer: %s', async (_, text) => {
    const counted = await countInSlices(text, countTokens);
    expect(text.length).toBeGreaterThan(10 * SLICE_CHARS);
    expect(counted).toEqual({ tokens: countTokens(text), exact: true, error: 0 });
  });

  it.each([
    ['one word of 12,000 letters', 'x'.repeat(12_000)],
    ['base64 of 12,000 characters', base64Run(12_000)],
    ['minified JSON on one line', minifiedJson],
  ])('are estimates within their stated error where a run had to be cut: %s', async (_, text) => {
    const counted = await countInSlices(text, countTokens);
    const cuts = Math.ceil(text.length / SLICE_CHARS) - 1;
    expect(counted.exact).toBe(false);
    expect(counted.error).toBe(cuts * TOKENS_PER_FORCED_CUT);
    expect(Math.abs(counted.tokens - countTokens(text))).toBeLessThanOrEqual(counted.error);
  });

  it('never counts more than SLICE_CHARS characters at once, nor cuts a surrogate pair', async () => {
    const text = `${'a'.repeat(SLICE_CHARS - 1)}😀${'b'.repeat(10)}`;
    expect(nextCut(text, 0)).toEqual({ end: SLICE_CHARS + 1, forced: true });
    const slices: number[] = [];
    await countInSlices(prose + seq, (slice) => {
      slices.push(slice.length);
      return 0;
    });
    expect(Math.max(...slices)).toBeLessThanOrEqual(SLICE_CHARS);
  });

  it('stops with the reason of an aborted signal', async () => {
    const controller = new AbortController();
    controller.abort(new Error('a newer output'));
    const slow = (slice: string) => {
      const until = performance.now() + 20;
      while (performance.now() < until);
      return slice.length;
    };
    await expect(countInSlices(seq, slow, controller.signal)).rejects.toThrow('a newer output');
  });
});
