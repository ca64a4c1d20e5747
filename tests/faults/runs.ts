/**
 * How many cases each fuzzer runs: a fixed number in `npm test`, the `FUZZ_RUNS` environment variable
 * under `npm run fuzz`. A plain module, not a test file.
 */

/** `FUZZ_RUNS` when it is a positive integer, else `fallback`. */
export function fuzzRuns(fallback: number): number {
  const value = Number(process.env.FUZZ_RUNS);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}
