/**
 * The schema of a tool's successful `structured_output` that the suite knows but does not declare to
 * models. A spec's own `outputSchema` is declared (Gemini and MCP render it), and MCP clients then
 * check every result against it, error results too; a tool whose error results carry another shape
 * (`{ error }`) keeps its schema here instead, and codemode still types its results with it.
 */
import type { JsonSchema, RegisteredTool, ToolSpec } from './types.ts';

const undeclared = new WeakMap<object, JsonSchema>();

/**
 * Attaches `schema` to this very spec object (not a copy): registering it gives the registered tool
 * that `outputSchema` without declaring it. The built-in tools' specs carry theirs so.
 */
export function markOutputSchema(spec: object, schema: JsonSchema): void {
  undeclared.set(spec, schema);
}

/** The schema {@link markOutputSchema} attached to this spec object, if any. */
export function markedOutputSchema(spec: object): JsonSchema | undefined {
  return undeclared.get(spec);
}

/**
 * The spec of `tool` with the schema of its results: its declared `outputSchema`, else the one the
 * suite knows without declaring it. What codemode generates result types from.
 */
export function specWithOutputSchema(tool: RegisteredTool<unknown>): ToolSpec {
  if (tool.spec.outputSchema !== undefined || tool.outputSchema === undefined) return tool.spec;
  return { ...tool.spec, outputSchema: tool.outputSchema };
}
