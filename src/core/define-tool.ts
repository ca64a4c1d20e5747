/**
 * `defineTool`: one object per tool that owns everything the suite needs to know about it (name,
 * description, input schema and its TypeScript type, output schema and type, effects, error codes) and
 * a `run` that receives the validated, typed input. Register it with `suite.register(tool, mode)`.
 */
import type {
  Effect,
  JsonSchema,
  PartialToolResult,
  ToolAnnotations,
  ToolContext,
  ToolImplementation,
  ToolRepairs,
  ToolSpec,
} from './types.ts';

/**
 * What `run` returns: a string (taken as `output`), a partial result whose `structured_output` is an
 * `Output`, or any partial result (an error result, or one built by a shared helper).
 */
export type ToolReturn<Output> =
  | string
  | PartialToolResult
  | (Omit<PartialToolResult, 'structured_output'> & { structured_output?: Output });

/** A tool as its author writes it. `Input` is the type of what `inputSchema` accepts. */
export interface ToolDefinition<Input, Output, W, Codes extends Readonly<Record<string, string>>> {
  name: string;
  description: string;
  /** JSON Schema (`type: "object"`) of the input; `run` only sees input that passed it. */
  inputSchema: JsonSchema;
  /** JSON Schema of `structured_output` on success. */
  outputSchema?: JsonSchema;
  /** What calling it can do; policies decide on these. Absent: unknown, unless the host declares them. */
  effects?: readonly Effect[];
  /** The codes its `ToolError`s carry, as an `as const` table, so callers can match them. */
  errorCodes?: Codes;
  /** The names and argument shapes of other agents it answers to (aliases, renamed parameters). */
  repairs?: ToolRepairs;
  annotations?: ToolAnnotations;
  title?: string;
  /** `true` when `run` cuts its own output with its own notice: the suite's output budget is not applied. */
  ownOutputBudget?: boolean;
  /**
   * The schema of `structured_output` on success when it is not declared to models (`outputSchema` is:
   * Gemini and MCP render it, and MCP clients check error results against it too). Codemode types the
   * tool's results with it. The built-ins bring theirs so.
   */
  resultSchema?: JsonSchema;
  run(input: Input, context: ToolContext<W>): ToolReturn<Output> | Promise<ToolReturn<Output>>;
}

const DEFINED: unique symbol = Symbol.for('browser-agent-tools.defined-tool');

/** A tool made by {@link defineTool}, ready for `suite.register(tool, mode)`. */
export interface DefinedTool<
  Input = unknown,
  Output = unknown,
  W = unknown,
  Codes extends Readonly<Record<string, string>> = Readonly<Record<string, string>>,
> {
  readonly [DEFINED]: true;
  /** Its catalog-form spec. */
  readonly spec: ToolSpec;
  /** What the suite calls: `run` with the validated arguments as `Input`. */
  readonly implementation: ToolImplementation<W>;
  readonly errorCodes: Codes;
  /** Its aliases and argument repairs, registered with it. */
  readonly repairs?: ToolRepairs;
  /** `false` when the tool cuts its own output (`ownOutputBudget`): registered without the suite's budget. */
  readonly outputBudget?: false;
  /** The schema of its successful results that is not declared to models (`resultSchema`). */
  readonly resultSchema?: JsonSchema;
  /** The typed `run` itself, for calling the tool outside a suite (its input is not validated there). */
  run(input: Input, context: ToolContext<W>): ToolReturn<Output> | Promise<ToolReturn<Output>>;
}

/** Makes a tool from its definition. The spec is built once; a malformed one throws when registered. */
export function defineTool<
  Input,
  Output = unknown,
  W = unknown,
  const Codes extends Readonly<Record<string, string>> = Readonly<Record<string, string>>,
>(definition: ToolDefinition<Input, Output, W, Codes>): DefinedTool<Input, Output, W, Codes> {
  const spec: ToolSpec = {
    name: definition.name,
    description: definition.description,
    parameters: definition.inputSchema,
    ...(definition.outputSchema ? { outputSchema: definition.outputSchema } : {}),
    ...(definition.effects ? { effects: definition.effects } : {}),
    ...(definition.annotations ? { annotations: definition.annotations } : {}),
    ...(definition.title ? { title: definition.title } : {}),
  };
  const run = definition.run.bind(definition);
  // The pipeline validated the arguments against `inputSchema` before this runs: they are an `Input`.
  const implementation: ToolImplementation<W> = (args, context) =>
    run(args as Input, context) as ReturnType<ToolImplementation<W>>;
  return Object.freeze({
    [DEFINED]: true as const,
    spec,
    implementation,
    errorCodes: definition.errorCodes ?? ({} as Codes),
    ...(definition.repairs ? { repairs: definition.repairs } : {}),
    ...(definition.ownOutputBudget ? { outputBudget: false as const } : {}),
    ...(definition.resultSchema ? { resultSchema: definition.resultSchema } : {}),
    run,
  });
}

/** Whether `value` was made by {@link defineTool}. */
export function isDefinedTool(value: unknown): value is DefinedTool<unknown, unknown, unknown> {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[DEFINED] === true;
}
