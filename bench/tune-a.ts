/**
 * `npx tsx bench/tune-a.ts [--misses=N]`: the tuning loop. Evaluates catalog A ONLY (queries = the
 * operations' summaries) with every ranker and prints the project's worst misses to learn from.
 * Catalog B's queries are held out: nothing here loads them.
 */
import { loadCatalogA } from './catalogs/catalog-a.ts';
import { RANKERS } from './lib/rankers.ts';
import { percent, timeMs } from './lib/stats.ts';
import { evaluate, figures } from './sections/quality.ts';

const missArg = process.argv.find((arg) => arg.startsWith('--misses='));
const showMisses = missArg === undefined ? 0 : Number(missArg.slice('--misses='.length));
const catalog = loadCatalogA();
for (const kind of RANKERS) {
  const ranker = kind.create();
  const buildMs = timeMs(() => {
    for (const tool of catalog.tools) ranker.add(tool);
  });
  let outcomes: ReturnType<typeof evaluate> = [];
  const queryMs = timeMs(() => {
    outcomes = evaluate(ranker, catalog.queries, 50);
  });
  const value = figures(outcomes.map((outcome) => outcome.rank));
  console.log(
    `${kind.label.padEnd(32)} r@1 ${percent(value.recall1)}  r@5 ${percent(value.recall5)}  r@10 ${percent(value.recall10)}  MRR ${value.mrr10.toFixed(3)}  build ${buildMs.toFixed(0)} ms  queries ${queryMs.toFixed(0)} ms`,
  );
  if (kind.id !== 'project' || showMisses <= 0) continue;
  const seen = new Set<string>();
  const misses = outcomes
    .filter((outcome) => outcome.rank > 1 && !seen.has(outcome.query.query) && seen.add(outcome.query.query))
    .sort((a, b) => b.rank - a.rank)
    .slice(0, showMisses);
  for (const miss of misses) {
    console.log(
      `  [${miss.rank}] ${miss.query.query}  =>  want ${miss.query.expected.join('|')}  got ${miss.returned.slice(0, 3).join(', ')}`,
    );
  }
}
