/**
 * The tool index's per-field term table (src/search/field-terms.ts): membership, counts, sorting and
 * compaction.
 * Reaches inside: createFieldTerms is part of the tool_search index and exported by no entry (the root
 * exports enableToolSearch); its slots and compaction are checked on the table itself, which no search shows.
 */
import { describe, expect, it } from 'vitest';
import { createFieldTerms } from '../../src/search/field-terms.ts';

describe('createFieldTerms', () => {
  it('answers membership and counts per slot and field', () => {
    const terms = createFieldTerms();
    terms.store(0, 0, Int32Array.from([2, 5, 9]));
    terms.store(0, 2, Int32Array.from([1]));
    terms.store(3, 1, Int32Array.from([5, 7]));
    expect([terms.has(0, 0, 5), terms.has(0, 0, 6), terms.has(0, 1, 5), terms.has(3, 1, 7)]).toEqual([
      true,
      false,
      false,
      true,
    ]);
    expect([
      terms.count(0, 0),
      terms.count(0, 1),
      terms.count(0, 2),
      terms.count(3, 1),
      terms.count(9, 0),
    ]).toEqual([3, 0, 1, 2, 0]);
    expect(terms.has(9, 0, 5)).toBe(false);
  });

  it('sorts the term numbers it is given, in the order a tool lists its words', () => {
    const terms = createFieldTerms();
    const ids = [40, 3, 17, 1024, 8];
    terms.store(0, 1, ids);
    expect(ids).toEqual([40, 3, 17, 1024, 8]);
    expect([40, 3, 17, 1024, 8, 9, 41].map((id) => terms.has(0, 1, id))).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('forgets a freed slot and keeps the others through compaction', () => {
    const terms = createFieldTerms();
    // Far more terms than the first array holds, most of them freed again: compaction must run.
    for (let slot = 0; slot < 400; slot++) {
      terms.store(
        slot,
        1,
        Int32Array.from({ length: 50 }, (_, at) => slot + at * 1000),
      );
      if (slot % 4 !== 0) terms.free(slot);
    }
    for (let slot = 0; slot < 400; slot++) {
      expect(terms.has(slot, 1, slot + 49_000)).toBe(slot % 4 === 0);
      expect(terms.count(slot, 1)).toBe(slot % 4 === 0 ? 50 : 0);
    }
    // Storing again replaces what a slot had.
    terms.store(4, 1, Int32Array.from([3]));
    expect([terms.has(4, 1, 3), terms.has(4, 1, 4), terms.count(4, 1)]).toEqual([true, false, 1]);
  });
});
