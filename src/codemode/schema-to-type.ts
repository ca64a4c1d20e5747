/**
 * JSON Schema → TypeScript type text, for the declarations codemode shows the model. Pure string work:
 * no validation (the execute path validates), no imports outside `../core/` and this room.
 *
 * The output is documentation that must also compile: every construct it cannot express precisely
 * (a `$ref` it cannot resolve, a cycle, nesting deeper than {@link MAX_TYPE_DEPTH}) becomes `unknown`,
 * never invalid syntax.
 */
import { isPlainObject } from '../core/index.ts';
import { firstSentence } from './summary.ts';

/** Nesting depth after which a schema is rendered as `unknown`. */
const MAX_TYPE_DEPTH = 8;

/** Enums with more values than this are widened to their base types in the brief form. */
const MAX_BRIEF_ENUM_VALUES = 4;

/**
 * Which property descriptions become JSDoc comments: `all` (whole, at every depth), `top` (the first
 * sentence, for the properties of the outermost object only) or `none`.
 */
type SchemaDocs = 'all' | 'top' | 'none';

/** Options of {@link schemaToType}. */
export interface SchemaToTypeOptions {
  /** Property descriptions as comments. Default: `'all'`. */
  docs?: SchemaDocs;
  /**
   * The one-line form: every object type is `object` and enums of more than
   * {@link MAX_BRIEF_ENUM_VALUES} values are widened to their base types (`string`). Implies no docs.
   * Default: `false`.
   */
  brief?: boolean;
  /** Indentation of the line the type starts on. Default: `''`. */
  indent?: string;
}

/** A property key as TypeScript accepts it: bare when it is an identifier name, quoted otherwise. */
export function propertyKey(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : JSON.stringify(key);
}

/** A JSDoc block for `text` at `indent`, or `''` for empty text. `*\/` inside the text is defused. */
export function jsDoc(text: string, indent: string): string {
  const lines = text
    .trim()
    .replace(/\*\//g, '*\\/')
    .split('\n')
    .map((line) => line.trimEnd());
  if (lines.length === 0 || lines[0] === '') return '';
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((line) => (line === '' ? `${indent} *` : `${indent} * ${line}`)).join('\n')}\n${indent} */\n`;
}

/**
 * The TypeScript type of values valid under `schema`. `root` resolves local `$ref`s
 * (`#/$defs/...`, `#/definitions/...`); it defaults to `schema` itself.
 */
export function schemaToType(schema: unknown, options: SchemaToTypeOptions = {}, root?: unknown): string {
  const brief = options.brief ?? false;
  return render(schema, {
    docs: brief ? 'none' : (options.docs ?? 'all'),
    brief,
    indent: options.indent ?? '',
    root: root ?? schema,
    depth: 0,
    objects: 0,
    refs: [],
  });
}

interface RenderState {
  docs: SchemaDocs;
  brief: boolean;
  indent: string;
  root: unknown;
  depth: number;
  /** Objects entered through a property on the current path: 0 for the outermost object's properties. */
  objects: number;
  /** `$ref`s being expanded on the current path, to stop cycles. */
  refs: string[];
}

function render(schema: unknown, state: RenderState): string {
  if (schema === true || schema === undefined) return 'unknown';
  if (schema === false) return 'never';
  if (!isPlainObject(schema) || state.depth > MAX_TYPE_DEPTH) return 'unknown';
  const next: RenderState = { ...state, depth: state.depth + 1 };

  if (typeof schema.$ref === 'string') return renderRef(schema.$ref, next);
  if ('const' in schema) return literal(schema.const);
  if (Array.isArray(schema.enum)) {
    if (schema.enum.length === 0) return 'never';
    if (state.brief && schema.enum.length > MAX_BRIEF_ENUM_VALUES) return union(schema.enum.map(widen));
    return union(schema.enum.map(literal));
  }
  const variants = Array.isArray(schema.anyOf)
    ? schema.anyOf
    : Array.isArray(schema.oneOf)
      ? schema.oneOf
      : null;
  if (variants) {
    const siblings = withoutKeys(schema, ['anyOf', 'oneOf']);
    const base = hasTypeKeywords(siblings) ? render(siblings, next) : null;
    const alternatives = union(variants.map((variant) => render(variant, next)));
    return base ? `${paren(base)} & (${alternatives})` : alternatives;
  }
  if (Array.isArray(schema.allOf)) {
    const siblings = withoutKeys(schema, ['allOf']);
    const parts = schema.allOf.map((part) => paren(render(part, next)));
    if (hasTypeKeywords(siblings)) parts.unshift(paren(render(siblings, next)));
    return parts.length === 0 ? 'unknown' : parts.join(' & ');
  }

  const types = typesOf(schema);
  const rendered = types.map((type) => renderType(type, schema, next));
  if (schema.nullable === true && !types.includes('null')) rendered.push('null');
  return rendered.length === 0 ? 'unknown' : union(rendered);
}

function renderRef(ref: string, state: RenderState): string {
  const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
  if (!match || state.refs.includes(ref) || !isPlainObject(state.root)) return 'unknown';
  const defs = state.root[match[1] ?? ''];
  const name = (match[2] ?? '').replace(/~1/g, '/').replace(/~0/g, '~');
  if (!isPlainObject(defs) || !Object.hasOwn(defs, name)) return 'unknown';
  return render(defs[name], { ...state, refs: [...state.refs, ref] });
}

/** The JSON types a schema allows: its `type`, or what its keywords imply. */
function typesOf(schema: Record<string, unknown>): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type))
    return schema.type.filter((type): type is string => typeof type === 'string');
  if (isPlainObject(schema.properties) || isPlainObject(schema.additionalProperties)) return ['object'];
  if (schema.items !== undefined || Array.isArray(schema.prefixItems)) return ['array'];
  return [];
}

function renderType(type: string, schema: Record<string, unknown>, state: RenderState): string {
  switch (type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return renderArray(schema, state);
    case 'object':
      return renderObject(schema, state);
    default:
      return 'unknown';
  }
}

function renderArray(schema: Record<string, unknown>, state: RenderState): string {
  const tuple = Array.isArray(schema.prefixItems)
    ? schema.prefixItems
    : Array.isArray(schema.items)
      ? schema.items
      : null;
  if (tuple) {
    const items = tuple.map((item) => render(item, state));
    const rest = Array.isArray(schema.items) ? schema.additionalItems : schema.items;
    if (rest !== undefined && rest !== false) items.push(`...${paren(render(rest, state))}[]`);
    return `[${items.join(', ')}]`;
  }
  return `${paren(render(schema.items, state))}[]`;
}

function renderObject(schema: Record<string, unknown>, state: RenderState): string {
  if (state.brief) return 'object';
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((key) => typeof key === 'string') : [],
  );
  const inner = `${state.indent}  `;
  const lines: string[] = [];
  const nested: RenderState = { ...state, indent: inner, objects: state.objects + 1 };
  for (const [key, value] of Object.entries(properties)) {
    const doc = propertyDoc(value, state);
    if (doc !== '') lines.push(jsDoc(doc, inner).trimEnd());
    const optional = required.has(key) ? '' : '?';
    lines.push(`${inner}${propertyKey(key)}${optional}: ${render(value, nested)};`);
  }
  const extra = schema.additionalProperties;
  const hasPatterns =
    isPlainObject(schema.patternProperties) && Object.keys(schema.patternProperties).length > 0;
  if (isPlainObject(extra) || hasPatterns) {
    // Known properties must be assignable to the index signature, so it widens to `unknown` beside them.
    const value = lines.length > 0 || hasPatterns ? 'unknown' : render(extra, nested);
    lines.push(`${inner}[key: string]: ${value};`);
  } else if (lines.length === 0) {
    return extra === false ? '{}' : 'Record<string, unknown>';
  }
  return `{\n${lines.join('\n')}\n${state.indent}}`;
}

/** The comment of one property under `state.docs`: whole, its first sentence, or none. */
function propertyDoc(value: unknown, state: RenderState): string {
  if (state.docs === 'none' || !isPlainObject(value) || typeof value.description !== 'string') return '';
  if (state.docs === 'all') return value.description;
  return state.objects === 0 ? firstSentence(value.description) : '';
}

function hasTypeKeywords(schema: Record<string, unknown>): boolean {
  return ['type', 'properties', 'items', 'prefixItems', 'enum', 'const', '$ref', 'additionalProperties'].some(
    (key) => key in schema,
  );
}

function withoutKeys(schema: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !keys.includes(key)));
}

/** A JSON value as a TypeScript literal type; objects and arrays (rare in enums) widen to `unknown`. */
function literal(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return typeof value === 'number' && !Number.isFinite(value) ? 'number' : JSON.stringify(value);
  }
  return 'unknown';
}

/** The base type of an enum value, for the brief form. */
function widen(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  return 'unknown';
}

function union(types: readonly string[]): string {
  const unique = [...new Set(types)];
  if (unique.includes('unknown')) return 'unknown';
  return unique.length === 0 ? 'never' : unique.join(' | ');
}

/** Wraps unions and intersections so they can be followed by `[]` or joined with `&`. */
function paren(type: string): string {
  return isCompound(type) ? `(${type})` : type;
}

/**
 * Whether `type` has a `|` or `&` outside every bracket, string literal and comment: a union or an
 * intersection that binds looser than `[]` and `&`.
 */
function isCompound(type: string): boolean {
  let depth = 0;
  for (let index = 0; index < type.length; index += 1) {
    const char = type[index];
    if (char === '"') {
      index += 1;
      while (index < type.length && type[index] !== '"') index += type[index] === '\\' ? 2 : 1;
    } else if (char === '/' && type[index + 1] === '*') {
      const end = type.indexOf('*/', index + 2);
      index = end === -1 ? type.length : end + 1;
    } else if (char === '{' || char === '[' || char === '(' || char === '<') {
      depth += 1;
    } else if (char === '}' || char === ']' || char === ')' || char === '>') {
      depth -= 1;
    } else if ((char === '|' || char === '&') && depth === 0) {
      return true;
    }
  }
  return false;
}
