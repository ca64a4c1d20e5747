import { useEffect, useState } from 'react';
import { countInSlices, type SlicedCount } from '../state/sliced-tokens.ts';

/** What the output channel shows of an output's tokens. */
export type OutputTokens =
  | { readonly state: 'counting' }
  | { readonly state: 'counted'; readonly count: SlicedCount }
  /** Over {@link TOKENIZE_LIMIT}: counted only when asked. */
  | { readonly state: 'not-counted' };

/** Text above this size is counted only when asked (it takes seconds, even in slices). */
const TOKENIZE_LIMIT = 256 * 1024;

/** Counts of the last outputs, so a result shown again (a history entry selected) is not counted again. */
const counted = new Map<string, SlicedCount>();
const REMEMBERED = 16;

function remember(text: string, count: SlicedCount): void {
  counted.delete(text);
  counted.set(text, count);
  if (counted.size > REMEMBERED) counted.delete(counted.keys().next().value as string);
}

/**
 * The o200k tokens of `output`, counted in slices off the page's critical path (see sliced-tokens.ts);
 * `count` is the tokenizer, `null` until it has loaded. A large output waits for `asked`.
 */
export function useOutputTokens(
  output: string,
  count: ((text: string) => number) | null,
  asked: boolean,
): OutputTokens {
  const known = counted.get(output);
  const [result, setResult] = useState<{ text: string; count: SlicedCount } | null>(null);
  const wanted = count !== null && !known && (output.length <= TOKENIZE_LIMIT || asked);
  useEffect(() => {
    if (!wanted || !count) return;
    const abort = new AbortController();
    countInSlices(output, count, abort.signal).then(
      (sliced) => {
        remember(output, sliced);
        setResult({ text: output, count: sliced });
      },
      () => undefined,
    );
    return () => abort.abort();
  }, [output, count, wanted]);
  const shown = known ?? (result?.text === output ? result.count : undefined);
  if (shown) return { state: 'counted', count: shown };
  if (count !== null && output.length > TOKENIZE_LIMIT && !asked) return { state: 'not-counted' };
  return { state: 'counting' };
}
