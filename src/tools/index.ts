/**
 * The tools room: the built-in tools over the Workspace seam and their registration on a suite. Tools
 * see the workspace only through the `Workspace` type; they never import a backend.
 */
import type { ToolSuite } from '../core/index.ts';
import type { Workspace } from '../workspace/workspace.ts';
import { type BashToolOptions, createBashTool } from './bash.ts';
import { createEditTool, type EditToolOptions } from './edit.ts';
import { createFindTool, type FindToolOptions } from './find.ts';
import { createGrepTool, type GrepToolOptions } from './grep.ts';
import { createLsTool, type LsToolOptions } from './ls.ts';
import { createReadTool, type ReadToolOptions } from './read.ts';
import { BUILTIN_TOOL_NAMES, type BuiltinToolName } from './specs.ts';
import type { BuiltinTool } from './tool.ts';
import { createWriteTool, type WriteToolOptions } from './write.ts';

export {
  BASH_ERRORS,
  BASH_REPAIRS,
  type BashToolOptions,
  bashDescriptionFor,
  describeWorkspaceShell,
} from './bash.ts';
export { EDIT_ERRORS, EDIT_REPAIRS, type EditToolOptions } from './edit.ts';
export { FIND_ERRORS, FIND_REPAIRS, type FindToolOptions } from './find.ts';
export { GREP_ERRORS, GREP_REPAIRS, type GrepToolOptions } from './grep.ts';
export { LS_ERRORS, LS_REPAIRS, type LsToolOptions } from './ls.ts';
export { READ_ERRORS, READ_REPAIRS, type ReadToolOptions } from './read.ts';
export {
  BUILTIN_EFFECTS,
  BUILTIN_OUTPUT_SCHEMAS,
  BUILTIN_SPECS,
  BUILTIN_TOOL_NAMES,
  type BuiltinToolName,
} from './specs.ts';
export type {
  BashInput,
  BashOutput,
  EditInput,
  EditOutput,
  EditPatchInput,
  EditReplacement,
  FindInput,
  FindOutput,
  GrepInput,
  GrepOutput,
  LsInput,
  LsOutput,
  ReadInput,
  ReadOutput,
  WriteInput,
  WriteOutput,
} from './types.ts';
export { WRITE_ERRORS, WRITE_REPAIRS, type WriteToolOptions } from './write.ts';

/** Options of each built-in tool, by name: limits, timeouts, checks. */
export interface BuiltinToolOptions {
  read?: ReadToolOptions;
  write?: WriteToolOptions;
  edit?: EditToolOptions;
  bash?: BashToolOptions;
  grep?: GrepToolOptions;
  find?: FindToolOptions;
  ls?: LsToolOptions;
}

/** Factories of the built-in tools. One line per tool. */
const FACTORIES: { [Name in BuiltinToolName]: (options: BuiltinToolOptions) => BuiltinTool } = {
  read: (options) => createReadTool(options.read),
  write: (options) => createWriteTool(options.write),
  edit: (options) => createEditTool(options.edit),
  bash: (options) => createBashTool(options.bash),
  grep: (options) => createGrepTool(options.grep),
  find: (options) => createFindTool(options.find),
  ls: (options) => createLsTool(options.ls),
};

/** Registers the built-in workspace tools as `direct` tools, in declaration order. */
export function registerBuiltinTools(
  suite: ToolSuite<Workspace>,
  names: readonly BuiltinToolName[] = BUILTIN_TOOL_NAMES,
  options: BuiltinToolOptions = {},
): void {
  for (const name of BUILTIN_TOOL_NAMES) {
    if (!names.includes(name)) continue;
    const tool = FACTORIES[name](options);
    suite.register(tool, 'direct');
  }
}
