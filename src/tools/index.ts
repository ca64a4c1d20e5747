/**
 * The tools room: built-in tool specs and their registration on a suite. Tools see the workspace only
 * through the `Workspace` type; they never import a backend.
 */
import type { ToolSuite } from '../core/index.ts';
import { BUILTIN_SPECS, BUILTIN_TOOL_NAMES, type BuiltinToolName } from './specs.ts';

export { BUILTIN_SPECS, BUILTIN_TOOL_NAMES, type BuiltinToolName } from './specs.ts';

/**
 * Registers the built-in workspace tools as `direct` tools, in declaration order. Their
 * implementations arrive with the workspace backends; until then a call returns the not-implemented
 * result.
 */
export function registerBuiltinTools(
  suite: ToolSuite,
  names: readonly BuiltinToolName[] = BUILTIN_TOOL_NAMES,
): void {
  for (const name of BUILTIN_TOOL_NAMES) {
    if (names.includes(name)) suite.register(BUILTIN_SPECS[name], 'direct');
  }
}
