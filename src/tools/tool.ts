/**
 * The shape of a built-in tool: its catalog-form spec and an implementation over the Workspace seam.
 */
import type { ToolImplementation, ToolSpec } from '../core/index.ts';
import type { Workspace } from '../workspace/workspace.ts';

/** A built-in tool, ready to register. */
export interface BuiltinTool {
  spec: ToolSpec;
  implementation: ToolImplementation<Workspace>;
}
