/**
 * What the arguments form needs from a JSON Schema: which control a property gets, and immutable
 * updates of the arguments at a path. A view helper, not a validator: the tool validates the call.
 */

/** The path of a value inside the arguments: property names and array indexes. */
export type FormPath = readonly (string | number)[];

/** The control a schema gets. `json` is for schemas the form does not model (anyOf, no type, ...). */
export type FieldKind = 'enum' | 'string' | 'number' | 'boolean' | 'array' | 'object' | 'json';

/** The parts of a schema the form reads. */
export interface FieldSchema {
  type?: string | string[];
  enum?: unknown[];
  description?: string;
  properties?: Record<string, FieldSchema>;
  required?: string[];
  items?: FieldSchema;
}

/** A schema as the form reads it; anything that is not an object is the empty schema. */
export function asFieldSchema(schema: unknown): FieldSchema {
  return typeof schema === 'object' && schema !== null && !Array.isArray(schema)
    ? (schema as FieldSchema)
    : {};
}

export function fieldKind(schema: FieldSchema): FieldKind {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return 'enum';
  const type = Array.isArray(schema.type) ? schema.type.find((name) => name !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return 'array';
    case 'object':
      return 'object';
    default:
      return schema.properties ? 'object' : 'json';
  }
}

/** The arguments text as an object the form can show, or `null` when it is not a JSON object. */
export function parseArgumentsObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = text.trim() === '' ? {} : JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** `root` with the value at `path` replaced by `next`; `undefined` removes a property. Never mutates. */
export function setAtPath(root: unknown, path: FormPath, next: unknown): unknown {
  if (path.length === 0) return next;
  const [key, ...rest] = path as [string | number, ...(string | number)[]];
  if (typeof key === 'number') {
    const list = Array.isArray(root) ? [...root] : [];
    list[key] = setAtPath(list[key], rest, next);
    return list;
  }
  const record =
    typeof root === 'object' && root !== null && !Array.isArray(root)
      ? { ...(root as Record<string, unknown>) }
      : {};
  const value = setAtPath(record[key], rest, next);
  if (value === undefined) delete record[key];
  else record[key] = value;
  return record;
}

/** `list` without the item at `index`. */
export function removeAt(list: unknown, index: number): unknown[] {
  return Array.isArray(list) ? list.filter((_, position) => position !== index) : [];
}
