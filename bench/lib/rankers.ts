/**
 * The rankers the search benchmarks compare, behind one small interface:
 *
 * - the project's index (`createToolIndex` with its defaults: exactly what `tool_search` ranks with);
 * - a plain Okapi BM25 baseline written here (k1 1.2, b 0.75, identifier splitting, stop words, no
 *   stemming), as issue 6 asks; it lives in bench/ only and is never shipped;
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

/** The 21 English stop words of pi's BM25 tool search (anchors §1.8). */
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

/** Plain Okapi BM25 over one bag of words per tool. Ties keep insertion order. */
export function createBm25(k1 = 1.2, b = 0.75): Ranker {
  const postings = new Map<string, Map<number, number>>();
  const names: string[] = [];
  const lengths: number[] = [];
  let totalLength = 0;
  let scores = new Float64Array(0);

  return {
    add(spec) {
      const fields = specFields(spec);
      const tokens = bm25Tokens(`${fields.name}\n${fields.description}\n${fields.parameters}`);
      const doc = names.length;
      names.push(spec.name);
      lengths.push(tokens.length);
      totalLength += tokens.length;
      for (const token of tokens) {
        let list = postings.get(token);
        if (list === undefined) {
          list = new Map();
          postings.set(token, list);
        }
        list.set(doc, (list.get(doc) ?? 0) + 1);
      }
    },
    search(query, limit) {
      const count = names.length;
      if (count === 0) return [];
      if (scores.length < count) scores = new Float64Array(count * 2);
      const average = totalLength / count;
      const touched: number[] = [];
      for (const term of new Set(bm25Tokens(query))) {
        const list = postings.get(term);
        if (list === undefined) continue;
        const idf = Math.log(1 + (count - list.size + 0.5) / (list.size + 0.5));
        for (const [doc, tf] of list) {
          if (scores[doc] === 0) touched.push(doc);
          const norm = k1 * (1 - b + (b * (lengths[doc] as number)) / average);
          scores[doc] = (scores[doc] as number) + (idf * tf * (k1 + 1)) / (tf + norm);
        }
      }
      touched.sort((x, y) => (scores[y] as number) - (scores[x] as number) || x - y);
      const top = touched.slice(0, limit).map((doc) => names[doc] as string);
      for (const doc of touched) scores[doc] = 0;
      return top;
    },
  };
}

/** MiniSearch with default options (tokenizer, term processing, OR, no prefix, no fuzzy). */
export function createMiniSearchDefault(): Ranker {
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
export function createProjectRanker(): Ranker {
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
