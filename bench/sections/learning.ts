/**
 * Section 1, learning from calls: what `enableToolSearch({ learnFromCalls: 'shared' })` gains once the
 * model has called tools for one set of requests, measured on another set asking for the same tools
 * in other words. Catalog D has two: its development queries and `catalog-d-rephrased.ts`, a request
 * per tool written later from the tools' listings alone.
 *
 * Each request of the first set is searched with the default limit (5); when the tool it is for is
 * among the results, the model is taken to call it successfully and the index learns the request
 * (`ToolIndex.learn`, what the option does after such a call). The second set is then searched on
 * that index, and on a fresh one. The wiring of the option (a session's last search, the call's
 * result) is tested in tests/search/tool-search.test.ts; here the index is driven directly.
 */

import { createToolIndex, type ToolIndex } from '../../src/search/tool-index.ts';
import { DEFAULT_SEARCH_LIMIT } from '../../src/search/tool-search.ts';
import type { Catalog, CatalogQuery } from '../catalogs/catalog-a.ts';
import { loadCatalogD } from '../catalogs/catalog-d.ts';
import { CATALOG_D_REPHRASED } from '../catalogs/catalog-d-rephrased.ts';
import { percent, table, verdict } from '../lib/stats.ts';
import { type QualityFigures, searchFigures } from './quality.ts';

/** Two requests share "few words" below this Jaccard overlap of their words (3 letters or more). */
const FEW_SHARED_WORDS = 0.3;

interface Measured {
  cold: QualityFigures;
  learned: QualityFigures;
  /** Requests of the first set whose tool was among the results, so that the model could call it. */
  calls: number;
}

function indexOf(catalog: Catalog): ToolIndex {
  const index = createToolIndex();
  for (const tool of catalog.tools) index.add(tool);
  return index;
}

function figuresOn(index: ToolIndex, queries: readonly CatalogQuery[]): QualityFigures {
  return searchFigures((query, limit) => index.search(query, { limit }).map((hit) => hit.name), queries);
}

/** Learns from the calls `taught` leads to, then measures `measured`, against a fresh index. */
function measure(
  catalog: Catalog,
  taught: readonly CatalogQuery[],
  measured: readonly CatalogQuery[],
): Measured {
  const index = indexOf(catalog);
  let calls = 0;
  for (const request of taught) {
    const found = index.search(request.query, { limit: DEFAULT_SEARCH_LIMIT }).map((hit) => hit.name);
    const called = request.expected.find((name) => found.includes(name));
    if (called === undefined) continue;
    index.learn(request.query, called);
    calls += 1;
  }
  return { cold: figuresOn(indexOf(catalog), measured), learned: figuresOn(index, measured), calls };
}

const words = (text: string): Set<string> =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length > 2),
  );

/** The share of two texts' words they have in common (Jaccard). */
function overlap(a: string, b: string): number {
  const left = words(a);
  const right = words(b);
  const shared = [...left].filter((word) => right.has(word)).length;
  return shared / (left.size + right.size - shared || 1);
}

/** The rephrased requests whose tool's development query shares few of their words, and the median overlap. */
function fewSharedWords(catalog: Catalog): { queries: CatalogQuery[]; median: number } {
  const overlaps: number[] = [];
  const queries = CATALOG_D_REPHRASED.filter((request) => {
    const first = catalog.queries.find((query) =>
      query.expected.some((name) => request.expected.includes(name)),
    );
    if (first === undefined) return false;
    const shared = overlap(first.query, request.query);
    overlaps.push(shared);
    return shared < FEW_SHARED_WORDS;
  });
  overlaps.sort((a, b) => a - b);
  return { queries, median: overlaps[Math.floor(overlaps.length / 2)] ?? 0 };
}

function row(label: string, count: number, value: Measured): string[] {
  const change = (pick: (figures: QualityFigures) => number): string =>
    `${percent(pick(value.cold))} → ${percent(pick(value.learned))}`;
  return [
    label,
    String(count),
    String(value.calls),
    change((f) => f.recall1),
    change((f) => f.recall5),
    `${value.cold.mrr10.toFixed(3)} → ${value.learned.mrr10.toFixed(3)}`,
  ];
}

/** The learning table of section 1, and whether learning raised recall@1 in both directions. */
export async function reportLearning(): Promise<{ markdown: string; targetsMet: boolean }> {
  const d = await loadCatalogD();
  const forward = measure(d, d.queries, CATALOG_D_REPHRASED);
  const backward = measure(d, CATALOG_D_REPHRASED, d.queries);
  const few = fewSharedWords(d);
  const fewMeasured = measure(d, d.queries, few.queries);
  const met =
    forward.learned.recall1 > forward.cold.recall1 && backward.learned.recall1 > backward.cold.recall1;
  const markdown = [
    '### Learning from calls (catalog D, two sets of requests)',
    '',
    `\`enableToolSearch(suite, { learnFromCalls: 'shared' })\` (\`ToolIndex.learn\`, with its default gate: a learned word adds to a match of the tool's own words and never makes one): after a session calls a tool one of its last three searches found, and the call succeeds, the search's words that the tool's name and description lack are scored with the tool's description. Measured on catalog D's ${d.tools.length} tools with two sets of requests: the development queries and \`bench/catalogs/catalog-d-rephrased.ts\`, a second request per tool written from the tools' listings alone. Each request of one set is searched (limit ${DEFAULT_SEARCH_LIMIT}); when its tool is among the results, it is taken to be called and the index learns the request; the other set is then searched, cold (a fresh index) → after learning. Both sets were written by a language model, so they share more words than two people would (median overlap ${few.median.toFixed(2)}); the last row keeps only the rephrased requests sharing under ${percent(FEW_SHARED_WORDS, 0)} of their words with the request learned from.`,
    '',
    table(
      [
        'learned from → measured on',
        'requests measured',
        'calls learned from',
        'recall@1',
        'recall@5',
        'MRR@10',
      ],
      [
        row('development queries → rephrased', CATALOG_D_REPHRASED.length, forward),
        row('rephrased → development queries', d.queries.length, backward),
        row(
          `development queries → rephrased sharing < ${percent(FEW_SHARED_WORDS, 0)} of words`,
          few.queries.length,
          fewMeasured,
        ),
      ],
    ),
    '',
    'Targets:',
    '',
    `- learning raises recall@1 on the other set, both ways: ${verdict(met)}`,
  ].join('\n');
  return { markdown, targetsMet: met };
}
