/**
 * The distinct terms of each field of each indexed tool, as sorted term numbers in one shared
 * Int32Array: what query planning checks a tool's fields against ("does this tool have this common
 * word in its description?") for thousands of tools per search. One array, filled in the order the
 * tools were added, keeps those checks close together in memory (MiniSearch lists a term's tools in
 * that order too), where an array per tool and field would scatter them. A removed tool's terms
 * become garbage, reclaimed by compacting once garbage outweighs the live terms, so `add` and
 * `remove` stay cheap on average. Imports nothing.
 */

/** Fields per tool. */
const FIELDS = 3;

export interface FieldTerms {
  /** Stores the sorted term numbers of field `field` (0–2) of the tool in `slot`, replacing any. */
  store(slot: number, field: number, sorted: Int32Array): void;
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

export function createFieldTerms(): FieldTerms {
  let data: Int32Array = new Int32Array(4096);
  let used = 0;
  let garbage = 0;
  let starts: Int32Array = new Int32Array(1024 * FIELDS);
  let counts: Int32Array = new Int32Array(1024 * FIELDS);

  /** Re-packs the live terms, in slot order; `extra` more must fit after them. */
  const compact = (extra: number): void => {
    const live = used - garbage;
    const packed = new Int32Array(Math.max(4096, 2 * (live + extra)));
    let at = 0;
    for (let place = 0; place < starts.length; place++) {
      const length = counts[place] as number;
      if (length === 0) continue;
      const start = starts[place] as number;
      packed.set(data.subarray(start, start + length), at);
      starts[place] = at;
      at += length;
    }
    data = packed;
    used = at;
    garbage = 0;
  };

  const release = (place: number): void => {
    garbage += counts[place] as number;
    counts[place] = 0;
  };

  return {
    store(slot, field, sorted) {
      const place = slot * FIELDS + field;
      if (place >= starts.length) {
        starts = grown(starts, place + 1);
        counts = grown(counts, place + 1);
      }
      release(place);
      if (used + sorted.length > data.length) {
        if (garbage * 2 > used) compact(sorted.length);
        if (used + sorted.length > data.length) data = grown(data, used + sorted.length);
      }
      data.set(sorted, used);
      starts[place] = used;
      counts[place] = sorted.length;
      used += sorted.length;
    },
    free(slot) {
      for (let field = 0; field < FIELDS; field++) {
        const place = slot * FIELDS + field;
        if (place < counts.length) release(place);
      }
    },
    has(slot, field, id) {
      const place = slot * FIELDS + field;
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
