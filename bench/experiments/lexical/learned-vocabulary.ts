/**
 * `npx tsx bench/experiments/lexical/learned-vocabulary.ts [--alpha=0,0.1,0.2,0.3,0.5] [--min=2]`:
 * vocabulary learned from other catalogs' requests, the way a catalog held out from tuning (B) would
 * meet it. From each request of the training catalogs and the tool it wants, every request term the
 * tool's name and description lack is paired with the terms of the tool's name; P(name term |
 * request term) is kept for pairs seen at least `min` times. A tool then gains alpha × the best
 * such P for each request term it lacks and has a partner of. Trained on C and measured on D and D's
 * rephrased requests; trained on D and its rephrased requests and measured on C (so no catalog is
 * measured with its own servers' words).
 */
import type { ToolSpec } from '../../../src/core/types.ts';
import { analyzeText } from '../../../src/search/text-analysis.ts';
import type { Catalog } from '../../catalogs/catalog-a.ts';
import { bareName, developmentCatalogs, measure, option } from './measure.ts';

const alphas = option('alpha', '0,0.1,0.2,0.3,0.5').split(',').map(Number);
const least = Number(option('min', '2'));

type Vocabulary = Map<string, Map<string, number>>;

const textOf = (tool: ToolSpec): Set<string> =>
  new Set(analyzeText(`${bareName(tool.name)} ${tool.description}`));

/** Counts of (request term, name term) over the requests of `catalogs`, and of each request term. */
function countPairs(catalogs: readonly Catalog[]): { pairs: Vocabulary; terms: Map<string, number> } {
  const pairs: Vocabulary = new Map();
  const terms = new Map<string, number>();
  for (const catalog of catalogs) {
    const tools = new Map(catalog.tools.map((tool) => [tool.name, tool]));
    for (const { query, expected } of catalog.queries) {
      const tool = tools.get(expected[0] as string);
      if (tool === undefined) continue;
      const has = textOf(tool);
      const named = new Set(analyzeText(bareName(tool.name)));
      for (const term of new Set(analyzeText(query))) {
        if (has.has(term)) continue;
        terms.set(term, (terms.get(term) ?? 0) + 1);
        const partners = pairs.get(term) ?? new Map<string, number>();
        for (const own of named) partners.set(own, (partners.get(own) ?? 0) + 1);
        pairs.set(term, partners);
      }
    }
  }
  return { pairs, terms };
}

function learn(catalogs: readonly Catalog[]): Vocabulary {
  const { pairs, terms } = countPairs(catalogs);
  const vocabulary: Vocabulary = new Map();
  for (const [term, partners] of pairs) {
    const kept = [...partners].filter(([, count]) => count >= least);
    if (kept.length === 0) continue;
    const seen = terms.get(term) ?? 1;
    vocabulary.set(term, new Map(kept.map(([own, count]) => [own, count / seen])));
  }
  return vocabulary;
}

function measureWith(catalog: Catalog, vocabulary: Vocabulary, alpha: number): Promise<string> {
  const texts = new Map(catalog.tools.map((tool) => [tool.name, textOf(tool)]));
  return measure(catalog, (query, hits) => {
    const request = [...new Set(analyzeText(query))];
    const best = hits[0]?.score ?? 1;
    return hits.map((hit) => {
      const has = texts.get(hit.name) ?? new Set<string>();
      let gain = 0;
      for (const term of request) {
        if (has.has(term)) continue;
        const partners = [...(vocabulary.get(term) ?? [])].filter(([own]) => has.has(own));
        gain += Math.max(0, ...partners.map(([, chance]) => chance));
      }
      return hit.score / best + alpha * gain;
    });
  });
}

const catalogs = await developmentCatalogs();
const [c, d, rephrased] = ['C', 'D', 'Dr'].map((label) => catalogs.get(label) as Catalog) as [
  Catalog,
  Catalog,
  Catalog,
];
const fromC = learn([c]);
const fromD = learn([d, rephrased]);
console.log(`learned: ${fromC.size} request terms from C, ${fromD.size} from D and its rephrased requests`);
for (const alpha of alphas) {
  console.log(
    `alpha ${alpha}: C ${await measureWith(c, fromD, alpha)}  D ${await measureWith(d, fromC, alpha)}  Dr ${await measureWith(rephrased, fromC, alpha)}`,
  );
}
