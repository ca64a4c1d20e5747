/**
 * The rankers the search benchmarks compare, behind one small interface:
 *
 * - the project's index (`createToolIndex` with its defaults: exactly what `tool_search` ranks with);
 * - a plain Okapi BM25 baseline written here (k1 1.2, b 0.75, identifier splitting, stop words, no
 *   stemming), the plain ranker the search benchmark measures against; it lives in bench/ only and is never shipped;
 * - MiniSearch with default options over the same three fields.
 *
 * Every ranker sees the same text of a spec: its name, title, description, and the names and
 * descriptions of its parameters at every depth.
 */
import MiniSearch from 'minisearch';
import type { ToolSpec } from '../../src/core/types.ts';
import { createToolIndex } from '../../src/search/index.ts';

export interface Ranker {
  add(spec: ToolSpec): void;
  /** Tool names, best first, at most `limit`. */
  search(query: string, limit: number): string[];
}

export interface RankerKind {
  id: string;
  label: string;
  create(): Ranker;
}

const MAX_SCHEMA_DEPTH = 12;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parameter names and descriptions, recursing through properties, items and anyOf/oneOf/allOf. */
export function schemaText(schema: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > MAX_SCHEMA_DEPTH || !isRecord(schema)) return out;
  if (depth > 0 && typeof schema.description === 'string') out.push(schema.description);
  if (isRecord(schema.properties)) {
    for (const [name, child] of Object.entries(schema.properties)) {
      out.push(name);
      schemaText(child, out, depth + 1);
    }
  }
  const children: unknown[] = Array.isArray(schema.items) ? [...schema.items] : [schema.items];
  for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
    const branches = schema[keyword];
    if (Array.isArray(branches)) children.push(...branches);
  }
  for (const child of children) schemaText(child, out, depth + 1);
  return out;
}

/** The three text fields every ranker indexes. */
export function specFields(spec: ToolSpec): { name: string; description: string; parameters: string } {
  return {
    name: spec.name,
    description: spec.title ? `${spec.title}\n${spec.description}` : spec.description,
    parameters: schemaText(spec.parameters).join('\n'),
  };
}

/** The 21 English stop words of pi's BM25 tool search, kept as pi lists them so the baseline ranks as pi's does. */
const BM25_STOP_WORDS: ReadonlySet<string> = new Set(
  'a an and are as at be by for from in is it of on or that the this to with'.split(' '),
);

/** Identifier splitting (camelCase, acronyms, any non-alphanumeric), lowercase, stop words dropped. */
export function bm25Tokens(text: string): string[] {
  return text
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '' && !BM25_STOP_WORDS.has(word));
}

/** One term's postings: document numbers and term frequencies in typed arrays that grow by doubling. */
interface Postings {
  docs: Int32Array;
  freqs: Float32Array;
  length: number;
}

function append(list: Postings, doc: number, tf: number): void {
  if (list.length === list.docs.length) {
    const docs = new Int32Array(list.docs.length * 2);
    docs.set(list.docs);
    const freqs = new Float32Array(list.freqs.length * 2);
    freqs.set(list.freqs);
    list.docs = docs;
    list.freqs = freqs;
  }
  list.docs[list.length] = doc;
  list.freqs[list.length] = tf;
  list.length += 1;
}

/**
 * Plain Okapi BM25 over one bag of words per tool, on typed-array postings (a term's documents and
 * frequencies in two growing arrays, scores accumulated in one Float64Array, the best `limit` kept
 * by insertion instead of sorting every match): the efficient reference the project's index is
 * timed against. `add` appends to the postings; nothing is rebuilt. Ties keep insertion order.
 */
export function createBm25(k1 = 1.2, b = 0.75): Ranker {
  const postings = new Map<string, Postings>();
  const names: string[] = [];
  let lengths = new Float64Array(1024);
  let totalLength = 0;
  let scores = new Float64Array(1024);
  const touched: number[] = [];

  return {
    add(spec) {
      const fields = specFields(spec);
      const tokens = bm25Tokens(`${fields.name}\n${fields.description}\n${fields.parameters}`);
      const doc = names.length;
      names.push(spec.name);
      if (doc >= lengths.length) {
        const grown = new Float64Array(lengths.length * 2);
        grown.set(lengths);
        lengths = grown;
        scores = new Float64Array(lengths.length);
      }
      lengths[doc] = tokens.length;
      totalLength += tokens.length;
      const counts = new Map<string, number>();
      for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
      for (const [token, tf] of counts) {
        let list = postings.get(token);
        if (list === undefined) {
          list = { docs: new Int32Array(4), freqs: new Float32Array(4), length: 0 };
          postings.set(token, list);
        }
        append(list, doc, tf);
      }
    },
    search(query, limit) {
      const count = names.length;
      if (count === 0 || limit < 1) return [];
      const average = totalLength / count;
      for (const term of new Set(bm25Tokens(query))) {
        const list = postings.get(term);
        if (list === undefined) continue;
        const idf = Math.log(1 + (count - list.length + 0.5) / (list.length + 0.5));
        const { docs, freqs } = list;
        for (let i = 0; i < list.length; i++) {
          const doc = docs[i] as number;
          const tf = freqs[i] as number;
          if (scores[doc] === 0) touched.push(doc);
          const norm = k1 * (1 - b + (b * (lengths[doc] as number)) / average);
          scores[doc] = (scores[doc] as number) + (idf * tf * (k1 + 1)) / (tf + norm);
        }
      }
      // The best `limit` by insertion: a match below the last kept one costs one comparison.
      const top: number[] = [];
      const before = (x: number, y: number): boolean =>
        (scores[x] as number) > (scores[y] as number) || (scores[x] === scores[y] && x < y);
      for (const doc of touched) {
        if (top.length === limit && !before(doc, top[limit - 1] as number)) continue;
        let at = top.length;
        while (at > 0 && before(doc, top[at - 1] as number)) at -= 1;
        top.splice(at, 0, doc);
        if (top.length > limit) top.pop();
      }
      for (const doc of touched) scores[doc] = 0;
      touched.length = 0;
      return top.map((doc) => names[doc] as string);
    },
  };
}

/** MiniSearch with default options (tokenizer, term processing, OR, no prefix, no fuzzy). */
function createMiniSearchDefault(): Ranker {
  const engine = new MiniSearch<{ id: string; name: string; description: string; parameters: string }>({
    fields: ['name', 'description', 'parameters'],
  });
  return {
    add(spec) {
      engine.add({ id: spec.name, ...specFields(spec) });
    },
    search(query, limit) {
      return engine
        .search(query)
        .slice(0, limit)
        .map((result) => String(result.id));
    },
  };
}

/** The project's index, as `tool_search` builds it. */
function createProjectRanker(): Ranker {
  const index = createToolIndex();
  return {
    add: (spec) => index.add(spec),
    search: (query, limit) => index.search(query, { limit }).map((match) => match.name),
  };
}

export const PROJECT: RankerKind = {
  id: 'project',
  label: 'tool_search (project index)',
  create: createProjectRanker,
};
export const BM25: RankerKind = {
  id: 'bm25',
  label: 'BM25 baseline (k1 1.2, b 0.75)',
  create: () => createBm25(),
};
export const MINISEARCH_DEFAULT: RankerKind = {
  id: 'minisearch',
  label: 'MiniSearch, default options',
  create: createMiniSearchDefault,
};

export const RANKERS: readonly RankerKind[] = [PROJECT, BM25, MINISEARCH_DEFAULT];
