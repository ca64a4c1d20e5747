/**
 * The tools room: the built-in tools over the Workspace seam and their registration on a suite. Tools
 * see the workspace only through the `Workspace` type; they never import a backend.
 */
import type { ToolSuite } from '../core/index.ts';
import type { Workspace } from '../workspace/workspace.ts';
import { createBashTool } from './bash.ts';
import { createEditTool } from './edit.ts';
import { createFindTool } from './find.ts';
import { createGrepTool } from './grep.ts';
import { createLsTool } from './ls.ts';
import { createReadTool } from './read.ts';
import { BUILTIN_SPECS, BUILTIN_TOOL_NAMES, type BuiltinToolName } from './specs.ts';
import type { BuiltinTool } from './tool.ts';
import { createWriteTool } from './write.ts';

export { BUILTIN_SPECS, BUILTIN_TOOL_NAMES, type BuiltinToolName } from './specs.ts';
export type { BuiltinTool } from './tool.ts';

/** Factories of the built-in tools that have an implementation. One line per tool. */
const FACTORIES: Partial<Record<BuiltinToolName, () => BuiltinTool>> = {
  read: createReadTool,
  write: createWriteTool,
  edit: createEditTool,
  bash: createBashTool,
  grep: createGrepTool,
  find: createFindTool,
  ls: createLsTool,
};

/**
 * Registers the built-in workspace tools as `direct` tools, in declaration order. A tool without an
 * implementation yet is registered with its spec only, so a call returns the not-implemented result.
 */
export function registerBuiltinTools(
  suite: ToolSuite<Workspace>,
  names: readonly BuiltinToolName[] = BUILTIN_TOOL_NAMES,
): void {
  for (const name of BUILTIN_TOOL_NAMES) {
    if (!names.includes(name)) continue;
    const tool = FACTORIES[name]?.();
    suite.register(tool?.spec ?? BUILTIN_SPECS[name], 'direct', tool?.implementation);
  }
}
