/**
 * Catalog A's source: every operation of GitHub's REST API, from `@octokit/openapi`
 * (`generated/api.github.com.json`). One tool per operation:
 *
 * - name: the `operationId` with `/` turned into `_` (`pulls/create` → `pulls_create`);
 * - description: the operation's `description` (not its `summary`);
 * - parameters: a JSON Schema object of the path and query parameters plus the properties of the
 *   `application/json` request body, `$ref`s resolved (cycles and depth beyond
 *   {@link MAX_REF_DEPTH} cut to `{}`).
 *
 * Queries: each operation's `summary`. Some summaries are shared by several operations (the same
 * "Get an organization secret" exists for Actions, Codespaces, Dependabot, ...); such a query cannot
 * tell them apart, so every operation with that exact summary counts as a correct answer.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ToolSpec } from '../../src/core/types.ts';
import type { Catalog } from '../catalogs/catalog-a.ts';

const MAX_REF_DEPTH = 8;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows a local `#/a/b` pointer in `root`. */
function pointer(root: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const part of ref.slice(2).split('/')) {
    if (!isRecord(node)) return undefined;
    node = node[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

/** A copy of `node` with every local `$ref` inlined; cycles and deep chains become `{}`. */
function resolve(root: Json, node: unknown, seen: readonly string[] = []): unknown {
  if (Array.isArray(node)) return node.map((item) => resolve(root, item, seen));
  if (!isRecord(node)) return node;
  if (typeof node.$ref === 'string') {
    const ref = node.$ref;
    if (seen.includes(ref) || seen.length >= MAX_REF_DEPTH) return {};
    return resolve(root, pointer(root, ref), [...seen, ref]);
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    // Examples are sample payloads, not part of a tool's declared parameters.
    if (key === 'example' || key === 'examples') continue;
    out[key] = resolve(root, value, seen);
  }
  return out;
}

function parameterSchema(root: Json, pathItem: Json, operation: Json): Json {
  const properties: Json = {};
  const required: string[] = [];
  const parameters = [
    ...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []),
    ...(Array.isArray(operation.parameters) ? operation.parameters : []),
  ];
  for (const raw of parameters) {
    const parameter = resolve(root, raw);
    if (!isRecord(parameter) || typeof parameter.name !== 'string') continue;
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    const schema = isRecord(parameter.schema) ? { ...parameter.schema } : {};
    if (typeof parameter.description === 'string') schema.description = parameter.description;
    properties[parameter.name] = schema;
    if (parameter.required === true) required.push(parameter.name);
  }
  const body = resolve(root, operation.requestBody);
  const content = isRecord(body) && isRecord(body.content) ? body.content['application/json'] : undefined;
  const bodySchema = isRecord(content) && isRecord(content.schema) ? content.schema : undefined;
  if (bodySchema !== undefined) {
    if (isRecord(bodySchema.properties)) {
      for (const [name, schema] of Object.entries(bodySchema.properties)) properties[name] = schema;
      if (Array.isArray(bodySchema.required)) {
        for (const name of bodySchema.required) if (typeof name === 'string') required.push(name);
      }
    } else {
      properties.body = bodySchema;
      if (isRecord(body) && body.required === true) required.push('body');
    }
  }
  const schema: Json = { type: 'object', properties };
  if (required.length > 0) schema.required = [...new Set(required)];
  return schema;
}

/** Reads catalog A (about 1,200 tools and as many queries) from the installed package. */
export function readGithubCatalog(): Catalog {
  const require = createRequire(import.meta.url);
  const packageJson = require.resolve('@octokit/openapi/package.json');
  const version = (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
  const root = JSON.parse(
    readFileSync(packageJson.replace(/package\.json$/, 'generated/api.github.com.json'), 'utf8'),
  ) as Json;
  const tools: ToolSpec[] = [];
  const summaries: { summary: string; name: string }[] = [];
  const paths = isRecord(root.paths) ? root.paths : {};
  for (const pathItem of Object.values(paths)) {
    if (!isRecord(pathItem)) continue;
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (!isRecord(operation) || typeof operation.operationId !== 'string') continue;
      const name = operation.operationId.replace(/\//g, '_');
      tools.push({
        name,
        description: typeof operation.description === 'string' ? operation.description : '',
        parameters: parameterSchema(root, pathItem, operation),
      });
      if (typeof operation.summary === 'string' && operation.summary.trim() !== '') {
        summaries.push({ summary: operation.summary.trim(), name });
      }
    }
  }
  const bySummary = new Map<string, string[]>();
  for (const { summary, name } of summaries) {
    const names = bySummary.get(summary) ?? [];
    names.push(name);
    bySummary.set(summary, names);
  }
  const queries = summaries.map(({ summary, name }) => ({
    query: summary,
    expected: bySummary.get(summary) ?? [name],
    source: name,
  }));
  return { tools, queries, versions: { '@octokit/openapi': version } };
}
