/**
 * `normalizeSpec`: any supported tool-spec format in, catalog form out. The single place that knows
 * the provider shapes on the way in (their shapes on the way out live in `src/providers/`).
 */
import { effectsFromAnnotations, isEffect } from './effects.ts';
import { UsageError } from './errors.ts';
import { isPlainObject } from './results.ts';
import type { AnyToolSpec, Effect, JsonSchema, ToolAnnotations, ToolSpec } from './types.ts';

/** The longest tool name `register` accepts. */
export const MAX_TOOL_NAME_LENGTH = 128;

/** Names every provider accepts: a letter, digit or `_`, then up to 127 of those plus `.`, `:` and `-`. */
const NAME_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_.:-]{0,127}$/;

/**
 * Whether `name` has the shape of a tool name `register` accepts (the length is checked first, so a
 * huge string costs nothing). `execute` refuses other names before any lookup or similarity search.
 */
export function isToolName(name: string): boolean {
  return name.length <= MAX_TOOL_NAME_LENGTH && NAME_PATTERN.test(name);
}

/** Keys that may hold the parameter schema, in lookup order. */
const SCHEMA_KEYS = [
  'parameters',
  'input_schema',
  'inputSchema',
  'parametersJsonSchema',
  'parameters_json_schema',
  'schema',
  'args_schema',
] as const;

/** Keys that may hold the output schema, in lookup order. */
const OUTPUT_SCHEMA_KEYS = [
  'outputSchema',
  'output_schema',
  'responseJsonSchema',
  'response_json_schema',
  'response',
];

/**
 * Turns a spec in any supported format into catalog form: OpenAI chat (`{type:'function', function}`),
 * OpenAI responses (flat), Anthropic (`input_schema`), MCP (`inputSchema`, `outputSchema`,
 * `annotations`), Gemini function declarations (`parameters` with upper-case OpenAPI types, or
 * `parametersJsonSchema`), Vercel AI SDK (`inputSchema`, also wrapped by `jsonSchema()`), LangChain
 * (`schema` / `args_schema`), Standard JSON Schema objects (zod 4, ArkType, Valibot) and pi (`parameters`).
 *
 * Returns a new object; the input is not modified. Throws {@link UsageError} when the spec has no usable
 * name or its schema is not an object schema.
 */
export function normalizeSpec(spec: AnyToolSpec): ToolSpec {
  if (!isPlainObject(spec))
    throw new UsageError(`a tool spec must be an object, got ${describeValue(spec)}.`);
  const source = isPlainObject(spec.function) ? { ...spec, ...spec.function } : spec;
  const name = source.name;
  if (typeof name !== 'string' || name.trim() === '') {
    throw new UsageError(
      `a tool spec needs a non-empty string "name" (got ${describeValue(name)}). For a Vercel AI SDK ToolSet, use normalizeSpecs(toolSet) so the record keys become names.`,
    );
  }
  if (!NAME_PATTERN.test(name)) {
    throw new UsageError(
      `tool name "${name}" is not usable: names are 1-128 characters of letters, digits, "_", ".", ":" and "-", starting with a letter, digit or "_".`,
    );
  }

  const parameters = parameterSchema(source, name);
  const normalized: ToolSpec = {
    name,
    description: typeof source.description === 'string' ? source.description : '',
    parameters,
  };
  const outputSchema = outputSchemaOf(source, name);
  if (outputSchema) normalized.outputSchema = outputSchema;
  const annotations = annotationsOf(source.annotations);
  if (annotations) normalized.annotations = annotations;
  const effects = effectsOf(source.effects, name) ?? effectsFromAnnotations(annotations);
  if (effects) normalized.effects = effects;
  const title = typeof source.title === 'string' ? source.title : annotations?.title;
  if (title) normalized.title = title;
  return normalized;
}

/**
 * Like {@link normalizeSpec} for collections: an array of specs, a Gemini tool
 * (`{ functionDeclarations: [...] }`), or a Vercel AI SDK ToolSet (a record of tools keyed by name).
 */
export function normalizeSpecs(specs: unknown): ToolSpec[] {
  if (Array.isArray(specs)) return specs.flatMap((spec) => normalizeSpecs(spec));
  if (!isPlainObject(specs))
    throw new UsageError(`tool specs must be an object or an array, got ${describeValue(specs)}.`);
  const declarations = specs.functionDeclarations ?? specs.function_declarations;
  if (Array.isArray(declarations)) return declarations.map((declaration) => normalizeSpec(declaration));
  if (isToolSet(specs)) {
    return Object.entries(specs).map(([name, tool]) => normalizeSpec({ ...(tool as object), name }));
  }
  return [normalizeSpec(specs)];
}

function isToolSet(value: Record<string, unknown>): boolean {
  if ('name' in value || 'function' in value) return false;
  const entries = Object.values(value);
  return (
    entries.length > 0 &&
    entries.every(
      (tool) => isPlainObject(tool) && SCHEMA_KEYS.some((key) => key in tool) && !('name' in tool),
    )
  );
}

function parameterSchema(source: Record<string, unknown>, name: string): JsonSchema {
  const key = SCHEMA_KEYS.find((candidate) => source[candidate] !== undefined && source[candidate] !== null);
  if (!key) return { type: 'object', properties: {} };
  const schema = toJsonSchema(source[key], name, key);
  if (schema.type === undefined && (isPlainObject(schema.properties) || Object.keys(schema).length === 0)) {
    return { type: 'object', properties: {}, ...schema };
  }
  if (schema.type !== 'object') {
    throw new UsageError(
      `tool "${name}": "${key}" must be a JSON Schema of type "object" (got type ${JSON.stringify(schema.type)}). Wrap single values in an object property.`,
    );
  }
  return schema;
}

function outputSchemaOf(source: Record<string, unknown>, name: string): JsonSchema | undefined {
  const key = OUTPUT_SCHEMA_KEYS.find((candidate) => isPlainObject(source[candidate]));
  return key ? toJsonSchema(source[key], name, key) : undefined;
}

/** Unwraps schema containers (AI SDK `jsonSchema()`, Standard JSON Schema) and lower-cases OpenAPI types. */
function toJsonSchema(value: unknown, name: string, key: string): JsonSchema {
  if (!isPlainObject(value)) {
    throw new UsageError(
      `tool "${name}": "${key}" must be a JSON Schema object, got ${describeValue(value)}.`,
    );
  }
  const standard = value['~standard'];
  if (isPlainObject(standard)) {
    const converter = isPlainObject(standard.jsonSchema) ? standard.jsonSchema.input : undefined;
    if (typeof converter !== 'function') {
      throw new UsageError(
        `tool "${name}": "${key}" is a validator schema without Standard JSON Schema support (vendor ${JSON.stringify(standard.vendor)}). Convert it to JSON Schema first, for example with z.toJSONSchema(schema) for zod.`,
      );
    }
    return cleanSchema(converter({ target: 'draft-2020-12' }), name, key);
  }
  if ('jsonSchema' in value && !('type' in value) && !('properties' in value)) {
    const inner = typeof value.jsonSchema === 'function' ? value.jsonSchema() : value.jsonSchema;
    return cleanSchema(inner, name, key);
  }
  return cleanSchema(value, name, key);
}

function cleanSchema(value: unknown, name: string, key: string): JsonSchema {
  if (!isPlainObject(value)) {
    throw new UsageError(
      `tool "${name}": "${key}" did not produce a JSON Schema object (got ${describeValue(value)}).`,
    );
  }
  let copy: unknown;
  try {
    copy = JSON.parse(JSON.stringify(value));
  } catch {
    throw new UsageError(`tool "${name}": "${key}" is not plain JSON (it has a cycle or a BigInt).`);
  }
  return lowerCaseTypes(copy) as JsonSchema;
}

/** Gemini's OpenAPI subset spells types in upper case and marks nulls with `nullable`. */
function lowerCaseTypes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(lowerCaseTypes);
  if (!isPlainObject(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' && typeof value === 'string') out.type = value.toLowerCase();
    else if (key === 'type' && Array.isArray(value))
      out.type = value.map((t) => (typeof t === 'string' ? t.toLowerCase() : t));
    else if (key === 'properties' && isPlainObject(value)) {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([prop, schema]) => [prop, lowerCaseTypes(schema)]),
      );
    } else out[key] = lowerCaseTypes(value);
  }
  if (out.nullable === true && typeof out.type === 'string') {
    out.type = [out.type, 'null'];
    delete out.nullable;
  }
  return out;
}

function annotationsOf(value: unknown): ToolAnnotations | undefined {
  if (!isPlainObject(value)) return undefined;
  const annotations: ToolAnnotations = {};
  if (typeof value.title === 'string') annotations.title = value.title;
  for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
    const flag = value[hint];
    if (typeof flag === 'boolean') annotations[hint] = flag;
  }
  return Object.keys(annotations).length > 0 ? annotations : undefined;
}

function effectsOf(value: unknown, name: string): Effect[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || !value.every(isEffect)) {
    throw new UsageError(
      `tool "${name}": "effects" must be an array of read, fs_write, exec, net_read, net_write, state_write (got ${describeValue(value)}).`,
    );
  }
  return [...new Set(value)];
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return typeof value;
}
