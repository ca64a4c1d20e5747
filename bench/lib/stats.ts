/**
 * Statistics and formatting shared by the benchmark sections. Node only (bench code).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** The value at quantile `q` (0..1) of `values`, nearest rank on the sorted copy. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? upper) + upper) / 2;
}

export function p95(values: readonly number[]): number {
  return quantile(values, 0.95);
}

/** Milliseconds taken by `run`, with `performance.now()`. */
export function timeMs(run: () => void): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

/** Fixed-point number, or "n/a". */
export function fixed(value: number, digits = 2): string {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}

/** A ratio such as `3.2×`. */
export function ratio(value: number, base: number, digits = 1): string {
  return Number.isFinite(value) && Number.isFinite(base) && base > 0
    ? `${(value / base).toFixed(digits)}×`
    : 'n/a';
}

/** A share as a percentage: `97.3 %`. */
export function percent(share: number, digits = 1): string {
  return Number.isFinite(share) ? `${(share * 100).toFixed(digits)} %` : 'n/a';
}

/** A Markdown table. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const cellText = (cell: string): string => cell.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return [
    `| ${header.map(cellText).join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.map(cellText).join(' | ')} |`),
  ].join('\n');
}

/** "met" or "NOT met", for target lines. */
export function verdict(met: boolean): string {
  return met ? '**met**' : '**NOT met**';
}

/** A deterministic pseudo-random generator (mulberry32), so samples are the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` items of `items` picked without replacement by a seeded generator, in their original order. */
export function sample<T>(items: readonly T[], count: number, seed: number): T[] {
  if (count >= items.length) return [...items];
  const random = seededRandom(seed);
  const indices = items.map((_, i) => i);
  for (let i = indices.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const swap = indices[i] as number;
    indices[i] = indices[j] as number;
    indices[j] = swap;
  }
  return indices
    .slice(0, count)
    .sort((a, b) => a - b)
    .map((i) => items[i] as T);
}

let gc: (() => void) | undefined;

/**
 * Runs a full garbage collection (through V8's `gc`, exposed at run time), so that a timed build
 * does not pay for the garbage an earlier measurement left behind.
 */
export function collectGarbage(): void {
  if (gc === undefined) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}
