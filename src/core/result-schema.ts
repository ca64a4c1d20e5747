/**
 * The schema of a tool's successful `structured_output` that the suite knows but does not declare to
 * models. A spec's own `outputSchema` is declared (Gemini and MCP render it), and MCP clients then
 * check every result against it, error results too; a tool whose error results carry another shape
 * (`{ error }`) brings its schema as `resultSchema` instead (a field of `defineTool`'s definition), and
 * codemode still types its results with it.
 */
import type { RegisteredTool, ToolSpec } from './types.ts';

/**
 * The spec of `tool` with the schema of its results: its declared `outputSchema`, else the one the
 * suite knows without declaring it. What codemode generates result types from.
 */
export function specWithOutputSchema(tool: RegisteredTool<unknown>): ToolSpec {
  if (tool.spec.outputSchema !== undefined || tool.outputSchema === undefined) return tool.spec;
  return { ...tool.spec, outputSchema: tool.outputSchema };
}
