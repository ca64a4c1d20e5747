/**
 * `npx tsx bench/experiments/lexical/proximity.ts [--gamma=0,0.2,0.4,0.8] [--window=1,2,3]`: a bonus
 * for tools whose text holds the request's words next to each other. Each pair of neighbouring
 * request terms (stop words dropped, stemmed as the index does) counts when both terms stand within
 * `window` terms of each other, in either order, in the tool's name or description; the tool's score
 * is multiplied by 1 + gamma × the share of pairs that count ("page change watchers" meets a
 * description that says "page changes").
 */
import { analyzeText } from '../../../src/search/text-analysis.ts';
import { bareName, developmentCatalogs, measure, option } from './measure.ts';

const gammas = option('gamma', '0,0.2,0.4,0.8').split(',').map(Number);
const windows = option('window', '1,2,3').split(',').map(Number);

/** Whether `a` and `b` stand within `window` terms of each other in `terms`. */
function near(terms: readonly string[], a: string, b: string, window: number): boolean {
  for (let at = 0; at < terms.length; at++) {
    const other = terms[at] === a ? b : terms[at] === b ? a : undefined;
    if (other === undefined) continue;
    for (let step = 1; step <= window && at + step < terms.length; step++) {
      if (terms[at + step] === other) return true;
    }
  }
  return false;
}

/** The share of the request's neighbouring term pairs that stand near each other in one of `texts`. */
function pairShare(
  request: readonly string[],
  texts: readonly (readonly string[])[],
  window: number,
): number {
  if (request.length < 2) return 0;
  let found = 0;
  for (let at = 0; at + 1 < request.length; at++) {
    const [a, b] = [request[at] as string, request[at + 1] as string];
    if (texts.some((terms) => near(terms, a, b, window))) found += 1;
  }
  return found / (request.length - 1);
}

const catalogs = await developmentCatalogs();
for (const window of windows) {
  for (const gamma of gammas) {
    const line: string[] = [];
    for (const [label, catalog] of catalogs) {
      const tools = new Map(catalog.tools.map((tool) => [tool.name, tool]));
      const figures = await measure(catalog, (query, hits) => {
        const request = analyzeText(query);
        return hits.map((hit) => {
          const spec = tools.get(hit.name);
          const texts =
            spec === undefined ? [] : [analyzeText(bareName(spec.name)), analyzeText(spec.description)];
          return hit.score * (1 + gamma * pairShare(request, texts, window));
        });
      });
      line.push(`${label} ${figures}`);
    }
    console.log(`window ${window}, gamma ${gamma}: ${line.join('  ')}`);
  }
}
