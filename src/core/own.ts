/**
 * Lookups and copies that ignore `Object.prototype`. Tool names and argument keys come from models and
 * hosts: a tool may be called `toString` or `constructor`, and a model may send a `__proto__` key. A plain
 * `table[name]` would find the inherited member instead of "nothing", and a plain `copy[key] = value`
 * with the key `__proto__` would replace the copy's prototype instead of adding a key.
 */

/** `table[key]` when `table` has `key` as its own property; otherwise `undefined`. */
export function ownValue<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** An empty object without a prototype: every key assigned to it becomes an own data property. */
export function createRecord<T = unknown>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** A shallow copy of the own enumerable properties of `source`, without a prototype. */
export function copyRecord<T>(source: Readonly<Record<string, T>>): Record<string, T> {
  const copy = createRecord<T>();
  for (const [key, value] of Object.entries(source)) copy[key] = value;
  return copy;
}
