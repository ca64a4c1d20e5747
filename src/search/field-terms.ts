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

/** Every field's store, and by place (`slot * FIELDS + field`) where a tool's terms start and how many. */
interface Layout {
  stores: FieldStore[];
  starts: Int32Array;
  counts: Int32Array;
}

/** Re-packs the live terms of a field, in slot order; `extra` more must fit after them. */
function compact(layout: Layout, field: number, extra: number): void {
  const { starts, counts } = layout;
  const store = layout.stores[field] as FieldStore;
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
}

/** Makes room for `extra` more terms at the end of a field's array: compacting, else growing it. */
function reserve(layout: Layout, field: number, extra: number): FieldStore {
  const store = layout.stores[field] as FieldStore;
  if (store.used + extra > store.data.length && store.garbage * 2 > store.used) compact(layout, field, extra);
  if (store.used + extra > store.data.length) store.data = grown(store.data, store.used + extra);
  return store;
}

/** Turns the terms in `place` into garbage. */
function release(layout: Layout, place: number): void {
  (layout.stores[place % FIELDS] as FieldStore).garbage += layout.counts[place] as number;
  layout.counts[place] = 0;
}

export function createFieldTerms(): FieldTerms {
  const layout: Layout = {
    stores: Array.from({ length: FIELDS }, () => ({ data: new Int32Array(1024), used: 0, garbage: 0 })),
    starts: new Int32Array(1024 * FIELDS),
    counts: new Int32Array(1024 * FIELDS),
  };
  return {
    store(slot, field, ids) {
      const place = slot * FIELDS + field;
      if (place >= layout.starts.length) {
        layout.starts = grown(layout.starts, place + 1);
        layout.counts = grown(layout.counts, place + 1);
      }
      release(layout, place);
      const store = reserve(layout, field, ids.length);
      const start = store.used;
      store.data.set(ids, start);
      // Sorted in place, so that `has` can binary-search them.
      store.data.subarray(start, start + ids.length).sort();
      layout.starts[place] = start;
      layout.counts[place] = ids.length;
      store.used += ids.length;
    },
    free(slot) {
      for (let field = 0; field < FIELDS; field++) {
        const place = slot * FIELDS + field;
        if (place < layout.counts.length) release(layout, place);
      }
    },
    has(slot, field, id) {
      const place = slot * FIELDS + field;
      const data = (layout.stores[field] as FieldStore).data;
      let low = layout.starts[place] as number;
      let high = low + (layout.counts[place] as number) - 1;
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
      return (layout.counts[slot * FIELDS + field] as number | undefined) ?? 0;
    },
  };
}
