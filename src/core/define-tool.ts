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
 * What `run` returns. A tool with a typed `Output`: a success whose `structured_output` is an
 * `Output` (so a change of the output schema its type comes from fails the typecheck where results are
 * built), or a result that says it failed (`is_error: true`), whose `structured_output` is its own. A
 * tool without one (`Output` left `unknown`): a string (taken as `output`) or any partial result.
 */
export type ToolReturn<Output> = unknown extends Output
  ? string | PartialToolResult
  : ToolSuccess<Output> | ToolFailure;

/** A successful result of a tool whose `structured_output` has the type `Output`. */
type ToolSuccess<Output> = Omit<PartialToolResult, 'structured_output' | 'is_error'> & {
  is_error?: false;
  structured_output: Output;
};

/** A result that says the tool did not do its job. */
type ToolFailure = PartialToolResult & { is_error: true };

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
  /**
   * The typed `run` itself, for calling the tool outside a suite (its input is not validated there).
   * Its definition's return type was checked against `Output`; from outside it is any result a `run`
   * may give, so a typed tool is still a `DefinedTool` of unknown output.
   */
  run(input: Input, context: ToolContext<W>): MadeReturn<Output> | Promise<MadeReturn<Output>>;
}

/** What the `run` of a made tool returns: a success with an `Output`, or any other result `run` may give. */
type MadeReturn<Output> = string | PartialToolResult | ToolSuccess<Output>;

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
