/**
 * Defensive argument extraction: what a model sent → the validated object an implementation receives.
 * Steps: parse JSON strings, unwrap `input`/`arguments`/`args`/`parameters` envelopes, repair aliases,
 * coerce scalars the schema types differently, drop `null` optionals, refuse keys that reach prototypes,
 * then validate with `@cfworker/json-schema` (no `eval`, so it runs under a strict CSP and on edge
 * runtimes). Every object built on the way has no prototype, so a `__proto__` key a model sends stays a
 * plain key that validation sees, instead of silently becoming the prototype of the arguments.
 */
import { type OutputUnit, type Schema, Validator } from '@cfworker/json-schema';
import { copyRecord, createRecord, ownValue } from './own.ts';
import { isPlainObject } from './results.ts';
import type { JsonSchema } from './types.ts';

const ENVELOPES = ['input', 'arguments', 'args', 'parameters', 'params'];

/**
 * Keys the arguments of one call may have at the top level: far more than any tool declares, and few
 * enough that repairing, coercing and validating them stays quick. Each undeclared key costs a
 * problem line to validate and describe; 200,000 of them took 3 seconds, so more than this are
 * refused before any of that is done.
 */
export const MAX_ARGUMENT_KEYS = 1_000;

/** Why arguments could not be used; `problems` are one line each, for the model. */
export class ArgumentsError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('\n'));
    this.problems = problems;
  }
}

/**
 * Turns raw arguments into an object: a JSON string is parsed (twice at most, for double-encoded
 * payloads), `undefined`/`null`/`""` become `{}`, and a lone envelope key the schema does not declare is
 * unwrapped. Throws {@link ArgumentsError} when the result is not an object.
 */
export function extractArguments(raw: unknown, properties: Record<string, unknown>): Record<string, unknown> {
  let value = raw;
  for (let depth = 0; depth < 2 && typeof value === 'string'; depth += 1) {
    if (value.trim() === '') return {};
    try {
      value = JSON.parse(value);
    } catch (error) {
      throw new ArgumentsError([
        `the arguments are not valid JSON (${error instanceof Error ? error.message : 'parse error'}). Send one JSON object.`,
      ]);
    }
  }
  if (value === undefined || value === null) return {};
  if (!isPlainObject(value)) {
    throw new ArgumentsError([
      `the arguments must be a JSON object, got ${Array.isArray(value) ? 'an array' : typeof value}.`,
    ]);
  }
  const keys = Object.keys(value);
  if (keys.length > MAX_ARGUMENT_KEYS) throw new ArgumentsError([tooManyKeys(keys.length, properties)]);
  const [only] = keys;
  if (
    keys.length === 1 &&
    only !== undefined &&
    ENVELOPES.includes(only) &&
    !Object.hasOwn(properties, only)
  ) {
    const inner = value[only];
    if (isPlainObject(inner)) return extractArguments(inner, properties);
    if (typeof inner === 'string') {
      try {
        const parsed: unknown = JSON.parse(inner);
        if (isPlainObject(parsed)) return extractArguments(parsed, properties);
      } catch {
        // Not JSON: a plain string under that key (apply_patch's `input`, say). Keep it as sent.
      }
    }
  }
  return copyRecord(value);
}

function tooManyKeys(count: number, properties: Record<string, unknown>): string {
  const declared = Object.keys(properties);
  const advice =
    declared.length === 0
      ? 'This tool takes no parameters: send {}.'
      : `This tool's parameters are ${declared.join(', ')}: send only those.`;
  return `the arguments have ${count.toLocaleString('en-US')} keys, more than the ${MAX_ARGUMENT_KEYS.toLocaleString('en-US')} one call may have. ${advice}`;
}

/**
 * Coerces values the schema types differently: numeric strings to numbers, `"true"`/`"false"` to
 * booleans, JSON strings to arrays/objects, one string to a one-element string array; drops `null` for
 * optional properties that do not allow it. Recurses into object properties and array items.
 */
export function coerceArguments(value: unknown, schema: JsonSchema): unknown {
  const types = typesOf(schema);
  if (value === null) return value;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (
      (types.has('integer') || types.has('number')) &&
      !types.has('string') &&
      /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(trimmed)
    ) {
      return Number(trimmed);
    }
    if (types.has('boolean') && !types.has('string') && /^(true|false)$/i.test(trimmed)) {
      return trimmed.toLowerCase() === 'true';
    }
    if ((types.has('array') || types.has('object')) && !types.has('string') && /^[[{]/.test(trimmed)) {
      try {
        return coerceArguments(JSON.parse(trimmed), schema);
      } catch {
        return value;
      }
    }
    if (
      types.has('array') &&
      !types.has('string') &&
      isPlainObject(schema.items) &&
      typesOf(schema.items).has('string')
    ) {
      return [value];
    }
    return value;
  }
  if (Array.isArray(value)) {
    const items = isPlainObject(schema.items) ? schema.items : undefined;
    return items ? value.map((item) => coerceArguments(item, items)) : value;
  }
  if (isPlainObject(value) && isPlainObject(schema.properties)) {
    const properties = schema.properties;
    const required: readonly unknown[] = Array.isArray(schema.required) ? schema.required : [];
    const out = createRecord();
    for (const [key, item] of Object.entries(value)) {
      const propertySchema = ownValue(properties, key);
      if (!isPlainObject(propertySchema)) {
        out[key] = item;
        continue;
      }
      if (item === null && !required.includes(key) && !typesOf(propertySchema).has('null')) continue;
      out[key] = coerceArguments(item, propertySchema);
    }
    return out;
  }
  return value;
}

/** Each schema's types, worked out once: coercion asks for them at every value of the arguments. */
const schemaTypes = new WeakMap<Record<string, unknown>, ReadonlySet<string>>();

function typesOf(schema: Record<string, unknown>): ReadonlySet<string> {
  let types = schemaTypes.get(schema);
  if (!types) {
    types = collectTypes(schema);
    schemaTypes.set(schema, types);
  }
  return types;
}

function collectTypes(schema: Record<string, unknown>): Set<string> {
  const types = new Set<string>();
  const add = (type: unknown): void => {
    if (typeof type === 'string') types.add(type);
    if (Array.isArray(type)) for (const t of type) if (typeof t === 'string') types.add(t);
  };
  add(schema.type);
  for (const key of ['anyOf', 'oneOf']) {
    const options = schema[key];
    if (Array.isArray(options)) for (const option of options) if (isPlainObject(option)) add(option.type);
  }
  return types;
}

/** Keys that reach an object's prototype when code copies or merges arguments with plain assignment. */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * One walk over the arguments. `problems`: one line per key, at any depth, that could alter a prototype
 * when the arguments are copied or merged: `__proto__` always, `constructor` and `prototype` unless the
 * schema declares them as properties at that place (a tool may have a parameter named `constructor`).
 * `values`: how many array items and object properties the arguments hold, at any depth, which decides
 * how thoroughly they are validated ({@link MAX_FULLY_CHECKED_VALUES}). Walks arrays and ordinary
 * objects only, once per path, so host-built arguments with cycles, typed arrays or class instances are
 * safe to pass.
 */
export function inspectArguments(
  args: Record<string, unknown>,
  schema: JsonSchema,
): { problems: string[]; values: number } {
  const problems: string[] = [];
  let values = 0;
  const onPath = new Set<object>();
  // The keys from the root to the node being visited: one array, pushed and popped, not one per node.
  const location: string[] = [];
  const visit = (node: unknown, nodeSchema: unknown): void => {
    if (!isOrdinaryContainer(node) || onPath.has(node)) return;
    onPath.add(node);
    const shape = isPlainObject(nodeSchema) ? nodeSchema : {};
    if (Array.isArray(node)) {
      values += node.length;
      for (let index = 0; index < node.length; index += 1) {
        const item: unknown = node[index];
        // Most values are strings and numbers: nothing to walk, and no place to name.
        if (typeof item !== 'object' || item === null) continue;
        location.push(String(index));
        visit(item, shape.items);
        location.pop();
      }
    } else {
      const properties = isPlainObject(shape.properties) ? shape.properties : {};
      for (const [key, item] of Object.entries(node)) {
        values += 1;
        location.push(key);
        const declared = key !== '__proto__' && Object.hasOwn(properties, key);
        if (PROTOTYPE_KEYS.has(key) && !declared) {
          problems.push(
            `${formatLocation(location)}: the key "${key}" is not accepted, because it can alter object prototypes. Remove it and send each value under its own parameter name.`,
          );
        } else visit(item, ownValue(properties, key));
        location.pop();
      }
    }
    onPath.delete(node);
  };
  visit(args, schema);
  return { problems, values };
}

function isOrdinaryContainer(value: unknown): value is object {
  if (Array.isArray(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Validators are compiled once per schema object and mode (every error, or the first). */
const validators = new WeakMap<JsonSchema, Validator>();
const firstErrorValidators = new WeakMap<JsonSchema, Validator>();

function validatorFor(schema: JsonSchema, firstErrorOnly: boolean): Validator {
  const cache = firstErrorOnly ? firstErrorValidators : validators;
  let validator = cache.get(schema);
  if (!validator) {
    validator = new Validator(schema as Schema, draftOf(schema), firstErrorOnly);
    cache.set(schema, validator);
  }
  return validator;
}

/** What validation found: the first problems, one readable line each, and how many there are. */
export interface ArgumentProblems {
  described: string[];
  /**
   * Every problem found, the described ones included; `null` when only the first was looked for
   * (arguments of more than {@link MAX_FULLY_CHECKED_VALUES} values).
   */
  count: number | null;
}

/**
 * Values (array items and object properties, at any depth) above which only the first problem is looked
 * for. Gathering every problem costs about 20 µs a value in the validator and the garbage it leaves:
 * 200,000 invalid `edits` took 3 seconds, then overflowed the validator's stack. No call a model writes
 * comes near this; codemode's 1 MB payload cap lets a script send about 100,000.
 */
export const MAX_FULLY_CHECKED_VALUES = 10_000;

/**
 * The validator's error units: every one, or only the first when the arguments are too large to
 * gather every problem of (`all` false).
 */
function errorUnits(
  args: Record<string, unknown>,
  schema: JsonSchema,
  firstProblemOnly: boolean,
): { units: OutputUnit[]; all: boolean } {
  const firstOnly = (): { units: OutputUnit[]; all: boolean } => {
    const result = validatorFor(schema, true).validate(args);
    return { units: result.valid ? [] : result.errors, all: false };
  };
  if (firstProblemOnly) return firstOnly();
  try {
    const result = validatorFor(schema, false).validate(args);
    return { units: result.valid ? [] : result.errors, all: true };
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    // @cfworker/json-schema gathers a nested schema's errors with `push(...errors)`, which overflows the
    // call stack past about 100,000 errors at once (many constraints on each of many values).
    return firstOnly();
  }
}

/** Options of {@link validateArguments}. */
export interface ValidateOptions {
  /** Problems to describe; the rest are counted only (describing costs more than finding). Default: all. */
  describeAtMost?: number;
  /**
   * How many values the arguments hold ({@link inspectArguments}); above
   * {@link MAX_FULLY_CHECKED_VALUES}, only the first problem is looked for. Default: not counted.
   */
  values?: number;
}

/** Validates against the schema, counting each distinct keyword, place and error once. */
export function validateArguments(
  args: Record<string, unknown>,
  schema: JsonSchema,
  options: ValidateOptions = {},
): ArgumentProblems {
  const describeAtMost = options.describeAtMost ?? Number.POSITIVE_INFINITY;
  const { units, all } = errorUnits(args, schema, (options.values ?? 0) > MAX_FULLY_CHECKED_VALUES);
  const seen = new Set<string>();
  const described = new Set<string>();
  let repeated = 0;
  for (const unit of units) {
    if (WRAPPERS.has(unit.keyword)) continue;
    const key = `${unit.keyword}\u0000${unit.instanceLocation}\u0000${unit.error}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (described.size >= describeAtMost) continue;
    for (const line of describeProblem(unit, args, schema)) {
      if (described.has(line)) repeated += 1;
      else described.add(line);
    }
  }
  return { described: [...described], count: all ? seen.size - repeated : null };
}

function draftOf(schema: JsonSchema): '4' | '7' | '2019-09' | '2020-12' {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (declared.includes('draft-04')) return '4';
  if (declared.includes('draft-07') || declared.includes('draft-06')) return '7';
  if (declared.includes('2019-09')) return '2019-09';
  return '2020-12';
}

/** Keywords that only report that a nested schema failed; the nested failure says what is wrong. */
const WRAPPERS = new Set([
  'properties',
  'items',
  'prefixItems',
  'allOf',
  'false',
  '$ref',
  'additionalItems',
  'contains',
]);

function describeProblem(unit: OutputUnit, args: Record<string, unknown>, schema: JsonSchema): string[] {
  const location = unit.instanceLocation.replace(/^#\/?/, '').split('/').filter(Boolean).map(unescapePointer);
  const where = formatLocation(location);
  const got = valueAt(args, location);
  switch (unit.keyword) {
    case 'required': {
      const property = /"([^"]+)"/.exec(unit.error)?.[1] ?? '?';
      return [`${formatLocation([...location, property])}: required but missing.`];
    }
    case 'additionalProperties': {
      const property = /"([^"]+)"/.exec(unit.error)?.[1] ?? '?';
      const allowed = Object.keys(propertiesAt(schema, location));
      return [
        `${formatLocation([...location, property])}: not a parameter of this tool${allowed.length > 0 ? ` (parameters: ${allowed.join(', ')})` : ''}.`,
      ];
    }
    case 'type': {
      const expected = /Expected (.+)\.$/.exec(unit.error)?.[1]?.replace(/"/g, '') ?? 'another type';
      return [`${where}: expected ${expected}, got ${show(got)}.`];
    }
    case 'enum': {
      const options = /any of (\[.*\])\.$/.exec(unit.error)?.[1];
      return [`${where}: must be one of ${options ?? 'the allowed values'}, got ${show(got)}.`];
    }
    default: {
      const bound = BOUNDS[unit.keyword];
      if (bound) return [`${where}: ${bound(keywordValue(schema, unit.keywordLocation))}, got ${show(got)}.`];
      return [
        `${where}: ${unit.error.replace(/^Instance /, 'value ').replace(/\.$/, '')} (got ${show(got)}).`,
      ];
    }
  }
}

/** Readable wording for bound keywords; the bound comes from the schema. */
const BOUNDS: Readonly<Record<string, (bound: unknown) => string>> = {
  minimum: (bound) => `must be at least ${String(bound)}`,
  maximum: (bound) => `must be at most ${String(bound)}`,
  exclusiveMinimum: (bound) => `must be greater than ${String(bound)}`,
  exclusiveMaximum: (bound) => `must be less than ${String(bound)}`,
  minLength: (bound) => `must be at least ${String(bound)} characters long`,
  maxLength: (bound) => `must be at most ${String(bound)} characters long`,
  minItems: (bound) => `must have at least ${String(bound)} items`,
  maxItems: (bound) => `must have at most ${String(bound)} items`,
  pattern: (bound) => `must match the pattern ${JSON.stringify(bound)}`,
  const: (bound) => `must be ${JSON.stringify(bound)}`,
};

function keywordValue(schema: JsonSchema, pointer: string): unknown {
  const segments = pointer.replace(/^#\/?/, '').split('/').filter(Boolean).map(unescapePointer);
  return valueAt(schema, segments);
}

function unescapePointer(segment: string): string {
  return decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
}

function formatLocation(segments: readonly string[]): string {
  if (segments.length === 0) return 'arguments';
  return segments.reduce(
    (text, segment) =>
      /^\d+$/.test(segment) ? `${text}[${segment}]` : text ? `${text}.${segment}` : segment,
    '',
  );
}

function valueAt(root: unknown, segments: readonly string[]): unknown {
  let node = root;
  for (const segment of segments) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isPlainObject(node)) node = node[segment];
    else return undefined;
  }
  return node;
}

function propertiesAt(schema: JsonSchema, segments: readonly string[]): Record<string, unknown> {
  let node: unknown = schema;
  for (const segment of segments) {
    if (!isPlainObject(node)) return {};
    node = /^\d+$/.test(segment)
      ? node.items
      : isPlainObject(node.properties)
        ? node.properties[segment]
        : undefined;
  }
  return isPlainObject(node) && isPlainObject(node.properties) ? node.properties : {};
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  const shown = text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 60)}…` : text;
  return `${kind} ${shown}`;
}
