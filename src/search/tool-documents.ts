/**
 * What the tool index stores of a catalog spec: its name, its description (with the title) and the
 * text of its parameters, web addresses dropped. May import `../core/types.ts`.
 */

import type { ToolSpec } from '../core/types.ts';

/** Schema nesting followed when collecting parameter text. */
const MAX_SCHEMA_DEPTH = 12;
const URL = /\b[a-z][a-z0-9+.-]*:\/\/[^\s<>()[\]"'`]+/gi;

/** One indexed document. */
export interface IndexDocument {
  /**
   * The tool's place in the index's per-slot arrays, as the document's MiniSearch id: a result or a
   * `boostDocument` call names the slot itself, with no stored field to fetch for each of the
   * thousands of tools a common word's lookup meets. Set by the index before adding.
   */
  id: number;
  name: string;
  description: string;
  parameters: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parameter names and descriptions, recursing through properties, items and anyOf/oneOf/allOf. */
function collectSchemaText(schema: unknown, out: string[], depth: number): void {
  if (depth > MAX_SCHEMA_DEPTH || !isRecord(schema)) return;
  if (depth > 0 && typeof schema.description === 'string') out.push(schema.description);
  if (isRecord(schema.properties)) {
    for (const [name, child] of Object.entries(schema.properties)) {
      out.push(name);
      collectSchemaText(child, out, depth + 1);
    }
  }
  // Concatenated, not spread into push: a schema may list more branches than the call stack holds arguments.
  let children: unknown[] = Array.isArray(schema.items) ? schema.items : [schema.items];
  for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
    const branches = schema[keyword];
    if (Array.isArray(branches)) children = children.concat(branches);
  }
  for (const child of children) collectSchemaText(child, out, depth + 1);
}

/** Web addresses are dropped from tool text: their parts (`docs`, `com`, `rest`) are not words a caller uses. */
function withoutUrls(text: string): string {
  return text.includes('://') ? text.replace(URL, ' ') : text;
}

/** The document the index stores for a spec. */
export function toDocument(spec: ToolSpec): IndexDocument {
  const parameterText: string[] = [];
  collectSchemaText(spec.parameters, parameterText, 0);
  const description = typeof spec.description === 'string' ? spec.description : '';
  return {
    id: -1,
    name: spec.name,
    description: withoutUrls(spec.title ? `${spec.title}\n${description}` : description),
    parameters: withoutUrls(parameterText.join('\n')),
  };
}
