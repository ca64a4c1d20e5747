/**
 * `npx tsx bench/tune.ts [--misses=N] [--catalogs=a,c,d]`: the tuning loop. Evaluates catalog A
 * (GitHub REST, queries = the operations' summaries) and catalogs C and D (the development sets of
 * MCP servers) with every ranker, and prints the project's worst misses on each to learn from.
 * `--save=FILE` writes the project's rank of every query; `--compare=FILE` lists the queries whose
 * rank changed since such a file was saved.
 * Catalog B's queries are held out: nothing here loads them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Catalog } from './catalogs/catalog-a.ts';
import { loadCatalogA } from './catalogs/catalog-a.ts';
import { loadCatalogC } from './catalogs/catalog-c.ts';
import { loadCatalogD } from './catalogs/catalog-d.ts';
import { RANKERS } from './lib/rankers.ts';
import { percent, timeMs } from './lib/stats.ts';
import { evaluate, figures } from './sections/quality.ts';

const args = process.argv.slice(2);
const missArg = args.find((arg) => arg.startsWith('--misses='));
const showMisses = missArg === undefined ? 0 : Number(missArg.slice('--misses='.length));
const saveArg = args.find((arg) => arg.startsWith('--save='))?.slice('--save='.length);
const compareArg = args.find((arg) => arg.startsWith('--compare='))?.slice('--compare='.length);
const previous: Record<string, number | null> =
  compareArg === undefined
    ? {}
    : (JSON.parse(readFileSync(compareArg, 'utf8')) as Record<string, number | null>);
const saved: Record<string, number | null> = {};
const catalogArg = args.find((arg) => arg.startsWith('--catalogs='));
const wanted = (catalogArg?.slice('--catalogs='.length) ?? 'a,c,d').split(',').map((id) => id.trim());
const unknown = wanted.filter((id) => id !== 'a' && id !== 'c' && id !== 'd');
if (unknown.length > 0) {
  console.error(`tune: unknown catalog(s) ${unknown.join(', ')}. Catalogs: a, c, d (B is held out).`);
  process.exit(2);
}

const loaders: Record<string, { title: string; load: () => Catalog | Promise<Catalog> }> = {
  a: { title: 'Catalog A (GitHub REST, queries = summaries)', load: loadCatalogA },
  c: { title: 'Catalog C (development set: MCP servers)', load: loadCatalogC },
  d: { title: 'Catalog D (second development set: MCP servers)', load: loadCatalogD },
};

for (const id of wanted) {
  const { title, load } = loaders[id] as (typeof loaders)[string];
  const catalog = await load();
  console.log(`\n${title}: ${catalog.tools.length} tools, ${catalog.queries.length} queries`);
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
    if (kind.id !== 'project') continue;
    const changes: string[] = [];
    for (const outcome of outcomes) {
      const key = `${id}:${outcome.query.query}:${outcome.query.expected.join('|')}`;
      const rank = Number.isFinite(outcome.rank) ? outcome.rank : null;
      saved[key] = rank;
      if (compareArg === undefined || !(key in previous) || previous[key] === rank) continue;
      changes.push(
        `  ${String(previous[key] ?? '-')} -> ${String(rank ?? '-')}  ${outcome.query.query}  (got ${outcome.returned.slice(0, 3).join(', ')})`,
      );
    }
    if (changes.length > 0) console.log(`  changed ranks (${changes.length}):\n${changes.join('\n')}`);
    if (showMisses <= 0) continue;
    const seen = new Set<string>();
    const misses = outcomes
      .filter(
        (outcome) => outcome.rank > 1 && !seen.has(outcome.query.query) && seen.add(outcome.query.query),
      )
      .sort((a, b) => b.rank - a.rank)
      .slice(0, showMisses);
    for (const miss of misses) {
      console.log(
        `  [${miss.rank}] ${miss.query.query}  =>  want ${miss.query.expected.join('|')}  got ${miss.returned.slice(0, 3).join(', ')}`,
      );
    }
  }
}

if (saveArg !== undefined) writeFileSync(saveArg, JSON.stringify(saved));
