/**
 * The distinct terms of each field of each indexed tool, as sorted term numbers: what query planning
 * checks a tool's fields against ("does this tool have this common word in its description?") for
 * thousands of tools per search. Each field's terms live in one Int32Array of their own, filled in
 * the order the tools were added (MiniSearch lists a term's tools in that order too): a search that
 * checks the names of thousands of tools reads one compact array (the names' terms are a small
 * share of all terms) instead of skipping over every tool's description and parameters. A removed
 * tool's terms become garbage, reclaimed by compacting a field's array once garbage outweighs its
 * live terms, so `add` and `remove` stay cheap on average. Imports nothing.
 */

/** Fields per tool. */
const FIELDS = 3;

export interface FieldTerms {
  /** Stores the term numbers of field `field` (0–2) of the tool in `slot` (sorted here), replacing any. */
  store(slot: number, field: number, ids: ArrayLike<number>): void;
  /** Forgets the tool in `slot`. */
  free(slot: number): void;
  /** Whether field `field` of the tool in `slot` has term `id` (a binary search). */
  has(slot: number, field: number, id: number): boolean;
  /** How many distinct terms field `field` of the tool in `slot` has. */
  count(slot: number, field: number): number;
}

function grown(array: Int32Array, size: number): Int32Array {
  const copy = new Int32Array(Math.max(size, array.length * 2));
  copy.set(array);
  return copy;
}

/** One field's terms of every tool, back to back. */
interface FieldStore {
  data: Int32Array;
  used: number;
  garbage: number;
}

export function createFieldTerms(): FieldTerms {
  const stores: FieldStore[] = Array.from({ length: FIELDS }, () => ({
    data: new Int32Array(1024),
    used: 0,
    garbage: 0,
  }));
  // By place (`slot * FIELDS + field`): where the terms start in their field's array, and how many.
  let starts: Int32Array = new Int32Array(1024 * FIELDS);
  let counts: Int32Array = new Int32Array(1024 * FIELDS);

  /** Re-packs the live terms of a field, in slot order; `extra` more must fit after them. */
  const compact = (field: number, extra: number): void => {
    const store = stores[field] as FieldStore;
    const packed = new Int32Array(Math.max(1024, 2 * (store.used - store.garbage + extra)));
    let at = 0;
    for (let place = field; place < starts.length; place += FIELDS) {
      const length = counts[place] as number;
      if (length === 0) continue;
      const start = starts[place] as number;
      packed.set(store.data.subarray(start, start + length), at);
      starts[place] = at;
      at += length;
    }
    store.data = packed;
    store.used = at;
    store.garbage = 0;
  };

  const release = (place: number): void => {
    (stores[place % FIELDS] as FieldStore).garbage += counts[place] as number;
    counts[place] = 0;
  };

  return {
    store(slot, field, ids) {
      const place = slot * FIELDS + field;
      if (place >= starts.length) {
        starts = grown(starts, place + 1);
        counts = grown(counts, place + 1);
      }
      release(place);
      const store = stores[field] as FieldStore;
      if (store.used + ids.length > store.data.length) {
        if (store.garbage * 2 > store.used) compact(field, ids.length);
        if (store.used + ids.length > store.data.length) {
          store.data = grown(store.data, store.used + ids.length);
        }
      }
      const start = store.used;
      store.data.set(ids, start);
      // Sorted in place, so that `has` can binary-search them.
      store.data.subarray(start, start + ids.length).sort();
      starts[place] = start;
      counts[place] = ids.length;
      store.used += ids.length;
    },
    free(slot) {
      for (let field = 0; field < FIELDS; field++) {
        const place = slot * FIELDS + field;
        if (place < counts.length) release(place);
      }
    },
    has(slot, field, id) {
      const place = slot * FIELDS + field;
      const data = (stores[field] as FieldStore).data;
      let low = starts[place] as number;
      let high = low + (counts[place] as number) - 1;
      while (low <= high) {
        const middle = (low + high) >>> 1;
        const candidate = data[middle] as number;
        if (candidate === id) return true;
        if (candidate < id) low = middle + 1;
        else high = middle - 1;
      }
      return false;
    },
    count(slot, field) {
      return (counts[slot * FIELDS + field] as number | undefined) ?? 0;
    },
  };
}
