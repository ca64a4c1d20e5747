/**
 * The MiniSearch score formulas the tool index relies on, checked against MiniSearch itself.
 * Reaches inside: BM25_PARAMS, fieldTermScore and summedTermScore (src/search/minisearch-score.ts) are
 * exported by no entry, and comparing them with MiniSearch's own scores is what this file is for.
 */
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { BM25_PARAMS, fieldTermScore, summedTermScore } from '../../src/search/minisearch-score.ts';

/** A MiniSearch set up the way the tool index uses it: pre-analyzed words, three boosted fields. */
function engine(): MiniSearch {
  const index = new MiniSearch({
    fields: ['name', 'description', 'parameters'],
    tokenize: (text) => text.split(' '),
    processTerm: (term) => term,
  });
  index.addAll([
    { id: 'a', name: 'issue create', description: 'open new issue repository', parameters: 'title body' },
    { id: 'b', name: 'issue list', description: 'list issue repository', parameters: 'state label' },
    { id: 'c', name: 'branch delete', description: 'remove branch repository', parameters: 'branch name' },
    { id: 'd', name: 'label add', description: 'add label issue', parameters: 'label name color' },
  ]);
  return index;
}

const OPTIONS = { boost: { name: 3, description: 1.5, parameters: 1 }, tokenize: (text: string) => [text] };

describe('the MiniSearch score formula the index relies on', () => {
  it('scores an OR query as the summed single-term scores times the matched-term count', () => {
    const index = engine();
    const terms = ['issue', 'label', 'repository', 'remove'];
    const alone = new Map<string, Map<string, number>>();
    for (const term of terms) {
      for (const result of index.search(term, OPTIONS)) {
        const id = String(result.id);
        if (!alone.has(id)) alone.set(id, new Map());
        alone.get(id)?.set(term, result.score);
      }
    }
    const combined = index.search({ combineWith: 'OR', queries: terms }, OPTIONS);
    expect(combined.map((result) => result.id).sort()).toEqual(['a', 'b', 'c', 'd']);
    for (const result of combined) {
      const own = alone.get(String(result.id)) ?? new Map<string, number>();
      const sum = [...own.values()].reduce((total, score) => total + score, 0);
      expect([...result.queryTerms].sort()).toEqual([...own.keys()].sort());
      expect(summedTermScore(result)).toBeCloseTo(sum, 10);
      expect(result.score).toBeCloseTo(sum * own.size, 10);
    }
  });

  it('lists results best first, which lets the index stop at the first score below its floor', () => {
    const scores = engine()
      .search({ combineWith: 'OR', queries: ['issue', 'label', 'repository', 'remove', 'name'] }, OPTIONS)
      .map((result) => result.score);
    expect(scores.length).toBe(4);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('matches a result with one term to that term alone', () => {
    const index = engine();
    const [only] = index.search({ combineWith: 'OR', queries: ['color', 'nothing'] }, OPTIONS);
    const [alone] = index.search('color', OPTIONS);
    expect(only?.id).toBe('d');
    expect(only?.queryTerms).toEqual(['color']);
    expect(summedTermScore(only as NonNullable<typeof only>)).toBe(alone?.score);
  });
});

describe('the per-field score the index computes for a word common in a field', () => {
  it("equals MiniSearch's score for that word looked up in that field alone", () => {
    const index = engine();
    // Field lengths in distinct words: name a 2, b 2, c 2, d 2; parameters a 2, b 2, c 2, d 3.
    const average = { name: 2, parameters: 9 / 4 };
    for (const [id, length] of [
      ['a', 2],
      ['b', 2],
    ] as const) {
      const [hit] = index
        .search({ queries: ['issue'], fields: ['name'] }, { ...OPTIONS, bm25: BM25_PARAMS })
        .filter((result) => result.id === id);
      expect(hit?.score).toBeCloseTo(fieldTermScore(2, 4, length, average.name, 3), 12);
    }
    const [named] = index
      .search({ queries: ['label'], fields: ['parameters'] }, { ...OPTIONS, bm25: BM25_PARAMS })
      .filter((result) => result.id === 'd');
    expect(named?.score).toBeCloseTo(fieldTermScore(2, 4, 3, average.parameters, 1), 12);
  });
});
