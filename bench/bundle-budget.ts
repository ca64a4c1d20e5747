/**
 * The playground's bundle budget, run by `npm run build:playground` right after `vite build`: fails the
 * build (exit 1) when the playground's initial JavaScript and CSS, gzip level 9, is above
 * {@link INITIAL_BUDGET_BYTES}. A unit test could not do this: `vitest run` comes before the build in
 * `npm test`.
 *
 * `tsx bench/bundle-budget.ts [--dir=dist/playground] [--budget-kib=150]`; the options exist to check
 * another build and to show the failure with a lowered budget.
 */
import { resolve } from 'node:path';
import { budgetError, GZIP_LEVEL, INITIAL_BUDGET_BYTES, kib, measureInitial } from './lib/bundle.ts';

const args = process.argv.slice(2);
const option = (name: string): string | undefined =>
  args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const unknown = args.filter((arg) => !/^--(dir|budget-kib)=/.test(arg));
const budgetKib = option('budget-kib');
const budget = budgetKib === undefined ? INITIAL_BUDGET_BYTES : Math.round(Number(budgetKib) * 1024);
if (unknown.length > 0 || !Number.isFinite(budget) || budget <= 0) {
  console.error('usage: tsx bench/bundle-budget.ts [--dir=dist/playground] [--budget-kib=150]');
  process.exit(2);
}
const dir = resolve(option('dir') ?? 'dist/playground');

let initial: ReturnType<typeof measureInitial>;
try {
  initial = measureInitial(dir);
} catch (error) {
  console.error(`bundle budget: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const error = budgetError(initial, budget);
if (error !== undefined) {
  console.error(`bundle budget exceeded.\n${error}`);
  process.exit(1);
}
console.log(
  `bundle budget: initial JavaScript + CSS ${kib(initial.gzipBytes)} gzip (level ${GZIP_LEVEL}; ${initial.files.length} files) ≤ ${kib(budget)}.`,
);
