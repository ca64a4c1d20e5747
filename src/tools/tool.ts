/**
 * The shape of a built-in tool: a tool made with `defineTool` over the Workspace seam, whose `run`
 * receives the validated, typed input. Each built-in's file owns its spec (the model-facing text and its
 * effects), its input and output types and schemas, its error codes and its repairs; this file holds
 * what they share.
 */
import {
  type DefinedTool,
  defineTool,
  type JsonSchema,
  type ToolContext,
  type ToolRepairs,
  type ToolReturn,
  type ToolSpec,
} from '../core/index.ts';
import type { Workspace } from '../workspace/workspace.ts';

/** A built-in tool, ready to register: `suite.register(tool, 'direct')`. */
export type BuiltinTool<
  Input = unknown,
  Output = unknown,
  Codes extends Readonly<Record<string, string>> = Readonly<Record<string, string>>,
> = DefinedTool<Input, Output, Workspace, Codes>;

/** What a built-in brings besides its spec and `run`. */
export interface BuiltinParts<Codes extends Readonly<Record<string, string>>> {
  /** The codes its errors carry, as an `as const` table. */
  errorCodes: Codes;
  /** The names and argument shapes other agents use for it. */
  repairs: ToolRepairs;
  /**
   * The schema of its `structured_output` on success. Known to the suite (codemode types results with
   * it) but not declared: MCP clients check every result against a declared one, and a built-in's
   * error results carry `{ error }` instead.
   */
  outputSchema: JsonSchema;
}

/**
 * A built-in tool from its spec (name, description, parameters, output schema, effects), its parts and
 * its `run`. Built-ins cut their own output with notices that fit them, so the suite's output budget is
 * not put on top.
 */
export function defineBuiltin<Input, Output, const Codes extends Readonly<Record<string, string>>>(
  spec: ToolSpec,
  parts: BuiltinParts<Codes>,
  run: (input: Input, context: ToolContext<Workspace>) => Promise<ToolReturn<Output>>,
): BuiltinTool<Input, Output, Codes> {
  const tool = defineTool<Input, Output, Workspace, Codes>({
    name: spec.name,
    description: spec.description,
    inputSchema: spec.parameters,
    ...(spec.effects ? { effects: spec.effects } : {}),
    errorCodes: parts.errorCodes,
    repairs: parts.repairs,
    ownOutputBudget: true,
    resultSchema: parts.outputSchema,
    run,
  });
  return tool;
}

/** The schema of a path parameter, as schemas declared `as const` take it. */
export type PathParameter = { readonly type: 'string'; readonly description: string };

/**
 * The schema of a path parameter; `fallback` is said as its default. A schema declared `as const` calls
 * it as `pathParameter(…) as PathParameter`: `isolatedDeclarations` infers a declaration's type from
 * literals and assertions only, not from a call.
 */
export function pathParameter(what: string, fallback?: string): PathParameter {
  return {
    type: 'string',
    description: `${what}, relative to the workspace root or absolute inside it.${fallback ? ` Default: ${fallback}.` : ''}`,
  };
}

/** The names other agents give a path parameter. */
export const PATH_ALIASES: readonly string[] = [
  'file_path',
  'filePath',
  'absolute_path',
  'target_file',
  'targetFile',
  'notebook_path',
  'dir_path',
  'dirPath',
  'directory',
  'relative_workspace_path',
  'file',
];

/** Whether another agent's flag is set: `true`, `"true"` or `1`. */
export function truthy(value: unknown): boolean {
  return value === true || value === 'true' || value === 1;
}
