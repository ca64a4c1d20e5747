/**
 * The built-in tools' specs, gathered from their files: names, descriptions and parameter schemas the
 * model sees, with each tool's effects, and the schemas of their results. Model-facing text: each
 * tool's file holds its words, and tests pin them.
 */
import type { Effect, JsonSchema, ToolSpec } from '../core/index.ts';
import { BASH_OUTPUT_SCHEMA, BASH_SPEC } from './bash.ts';
import { EDIT_OUTPUT_SCHEMA, EDIT_SPEC } from './edit.ts';
import { FIND_OUTPUT_SCHEMA, FIND_SPEC } from './find.ts';
import { GREP_OUTPUT_SCHEMA, GREP_SPEC } from './grep.ts';
import { LS_OUTPUT_SCHEMA, LS_SPEC } from './ls.ts';
import { READ_OUTPUT_SCHEMA, READ_SPEC } from './read.ts';
import { WRITE_OUTPUT_SCHEMA, WRITE_SPEC } from './write.ts';

/** Names of the seven built-in workspace tools, in declaration order. */
export const BUILTIN_TOOL_NAMES: readonly BuiltinToolName[] = [
  'read',
  'write',
  'edit',
  'bash',
  'grep',
  'find',
  'ls',
];

/** A built-in workspace tool. */
export type BuiltinToolName = 'read' | 'write' | 'edit' | 'bash' | 'grep' | 'find' | 'ls';

/** The catalog-form spec of each built-in tool. */
export const BUILTIN_SPECS: Readonly<Record<BuiltinToolName, ToolSpec>> = {
  read: READ_SPEC,
  write: WRITE_SPEC,
  edit: EDIT_SPEC,
  bash: BASH_SPEC,
  grep: GREP_SPEC,
  find: FIND_SPEC,
  ls: LS_SPEC,
};

/** The effects each built-in tool declares in its spec, by name. */
export const BUILTIN_EFFECTS: Readonly<Record<BuiltinToolName, readonly Effect[]>> = Object.fromEntries(
  BUILTIN_TOOL_NAMES.map((name) => [name, BUILTIN_SPECS[name].effects ?? []]),
) as Record<BuiltinToolName, readonly Effect[]>;

/** The schema of each built-in tool's successful `structured_output`, by name. */
export const BUILTIN_OUTPUT_SCHEMAS: Readonly<Record<BuiltinToolName, JsonSchema>> = {
  read: READ_OUTPUT_SCHEMA,
  write: WRITE_OUTPUT_SCHEMA,
  edit: EDIT_OUTPUT_SCHEMA,
  bash: BASH_OUTPUT_SCHEMA,
  grep: GREP_OUTPUT_SCHEMA,
  find: FIND_OUTPUT_SCHEMA,
  ls: LS_OUTPUT_SCHEMA,
};
