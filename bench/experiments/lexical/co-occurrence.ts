/**
 * `npx tsx bench/experiments/lexical/co-occurrence.ts [--alpha=0,0.1,0.2,0.3] [--parameters]`: vocabulary mined
 * from the catalog itself. Two terms are alike as much as the same tools use them (the cosine of the
 * sets of tools whose name or description, and with `--parameters` the names of its parameters, holds
 * each), so a request word that the right tool lacks
 * can still meet the words it keeps company with elsewhere in the catalog. Each request term is
 * matched to its most alike term of the tool, weighted by its rarity; the blend is
 * (1 − alpha) × lexical / best lexical + alpha × that soft match rescaled to 0–1 over the best 50.
 */
import type { ToolSpec } from '../../../src/core/types.ts';
import { analyzeText } from '../../../src/search/text-analysis.ts';
import { bareName, developmentCatalogs, measure, option } from './measure.ts';

const alphas = option('alpha', '0,0.1,0.2,0.3').split(',').map(Number);
const withParameters = process.argv.includes('--parameters');

/** Names of a tool's top-level parameters, read with `--parameters` as part of its text. */
function parameterNames(tool: ToolSpec): string {
  const properties = (tool.parameters as { properties?: Record<string, unknown> } | undefined)?.properties;
  return withParameters && properties !== undefined ? Object.keys(properties).join(' ') : '';
}

/** For each term, the tools (by number) whose name or description holds it. */
function postings(texts: readonly ReadonlySet<string>[]): Map<string, Set<number>> {
  const tools = new Map<string, Set<number>>();
  texts.forEach((terms, tool) => {
    for (const term of terms) {
      const holders = tools.get(term) ?? new Set<number>();
      holders.add(tool);
      tools.set(term, holders);
    }
  });
  return tools;
}

function alike(holders: Map<string, Set<number>>, a: string, b: string): number {
  if (a === b) return 1;
  const [first, second] = [holders.get(a), holders.get(b)];
  if (first === undefined || second === undefined) return 0;
  let both = 0;
  for (const tool of first) if (second.has(tool)) both += 1;
  return both / Math.sqrt(first.size * second.size);
}

const catalogs = await developmentCatalogs();
for (const alpha of alphas) {
  const line: string[] = [];
  for (const [label, catalog] of catalogs) {
    const texts = catalog.tools.map(
      (tool) => new Set(analyzeText(`${bareName(tool.name)} ${tool.description} ${parameterNames(tool)}`)),
    );
    const textOf = new Map(catalog.tools.map((tool, at) => [tool.name, texts[at] as Set<string>]));
    const holders = postings(texts);
    const rarity = (term: string): number =>
      Math.log(1 + catalog.tools.length / (holders.get(term)?.size ?? catalog.tools.length));
    const figures = await measure(catalog, (query, hits) => {
      const request = [...new Set(analyzeText(query))];
      const total = request.reduce((sum, term) => sum + rarity(term), 0) || 1;
      const soft = hits.map((hit) => {
        const terms = [...(textOf.get(hit.name) ?? [])];
        const matched = request.map((term) => Math.max(0, ...terms.map((own) => alike(holders, term, own))));
        return matched.reduce((sum, value, at) => sum + rarity(request[at] as string) * value, 0) / total;
      });
      const low = Math.min(...soft);
      const span = Math.max(...soft) - low || 1;
      const best = hits[0]?.score ?? 1;
      return hits.map(
        (hit, at) => (1 - alpha) * (hit.score / best) + alpha * (((soft[at] as number) - low) / span),
      );
    });
    line.push(`${label} ${figures}`);
  }
  console.log(`alpha ${alpha}: ${line.join('  ')}`);
}
