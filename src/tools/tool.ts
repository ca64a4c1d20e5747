/**
 * The shape of a built-in tool: a tool made with `defineTool` over the Workspace seam, whose `run`
 * receives the validated, typed input.
 */
import {
  type DefinedTool,
  defineTool,
  type ToolContext,
  type ToolReturn,
  type ToolSpec,
} from '../core/index.ts';
import type { Workspace } from '../workspace/workspace.ts';

/** A built-in tool, ready to register: `suite.register(tool, 'direct')`. */
export type BuiltinTool<Input = unknown, Output = unknown> = DefinedTool<Input, Output, Workspace>;

/**
 * A built-in tool from its spec (src/tools/specs.ts, the model-facing text) and its `run`. Built-ins cut
 * their own output with notices that fit them, so the suite's output budget is not put on top.
 */
export function defineBuiltin<Input, Output>(
  spec: ToolSpec,
  run: (input: Input, context: ToolContext<Workspace>) => Promise<ToolReturn<Output>>,
): BuiltinTool<Input, Output> {
  return defineTool<Input, Output, Workspace>({
    name: spec.name,
    description: spec.description,
    inputSchema: spec.parameters,
    ownOutputBudget: true,
    run,
  });
}
