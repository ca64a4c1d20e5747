/**
 * The shape of a built-in tool: a tool made with `defineTool` over the Workspace seam, whose `run`
 * receives the validated, typed input. Each built-in's file owns its spec (the model-facing text and its
 * effects), its input and output types and schemas, its error codes and its repairs; this file holds
 * what they share.
 */
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
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

/**
 * A built-in's spec: a catalog-form spec whose `parameters` are declared `as const`, so the type of
 * what `run` receives is derived from them.
 */
export type BuiltinSpec<Parameters extends JSONSchema> = Omit<ToolSpec, 'parameters'> & {
  parameters: Parameters;
};

/**
 * Calls a peer translation builds for a built-in itself (Codex's parsed patch for edit): the schema of
 * their arguments, which `run` receives besides what the tool's parameters declare, and of what it
 * returns for them.
 */
interface TranslatedCalls {
  parameters: JSONSchema;
  outputSchema: JSONSchema;
}

/** What a built-in brings besides its spec and `run`. */
export interface BuiltinParts<
  Codes extends Readonly<Record<string, string>>,
  OutputSchema extends JSONSchema,
  Translated extends TranslatedCalls,
> {
  /** The codes its errors carry, as an `as const` table. */
  errorCodes: Codes;
  /** The names and argument shapes other agents use for it. */
  repairs: ToolRepairs;
  /**
   * The schema of its `structured_output` on success, declared `as const`: what `run` returns on
   * success is typed from it. Known to the suite (codemode types results with it) but not declared:
   * MCP clients check every result against a declared one, and a built-in's error results carry
   * `{ error }` instead.
   */
  outputSchema: OutputSchema;
  /** Calls a peer translation builds for this tool itself, which `run` takes too. */
  translated?: Translated;
}

/** The type of what passes `Schema`. */
type Derived<Schema> = Schema extends JSONSchema ? FromSchema<Schema> : never;

/**
 * A built-in tool from its spec (name, description, parameters, effects), its parts and its `run`.
 * The input and output types come from the schemas given, so a schema change the code does not follow
 * fails the typecheck. Built-ins cut their own output with notices that fit them, so the suite's output
 * budget is not put on top.
 */
export function defineBuiltin<
  Parameters extends JSONSchema,
  OutputSchema extends JSONSchema,
  const Codes extends Readonly<Record<string, string>>,
  Translated extends TranslatedCalls = { parameters: false; outputSchema: false },
>(
  spec: BuiltinSpec<Parameters>,
  parts: BuiltinParts<Codes, OutputSchema, Translated>,
  run: (
    input: Derived<Parameters> | Derived<Translated['parameters']>,
    context: ToolContext<Workspace>,
  ) => Promise<ToolReturn<Derived<OutputSchema> | Derived<Translated['outputSchema']>>>,
): BuiltinTool<
  Derived<Parameters> | Derived<Translated['parameters']>,
  Derived<OutputSchema> | Derived<Translated['outputSchema']>,
  Codes
> {
  const tool = defineTool<
    Derived<Parameters> | Derived<Translated['parameters']>,
    Derived<OutputSchema> | Derived<Translated['outputSchema']>,
    Workspace,
    Codes
  >({
    name: spec.name,
    description: spec.description,
    inputSchema: spec.parameters as JsonSchema,
    ...(spec.effects ? { effects: spec.effects } : {}),
    errorCodes: parts.errorCodes,
    repairs: parts.repairs,
    ownOutputBudget: true,
    resultSchema: parts.outputSchema as JsonSchema,
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
