/**
 * The input and output types of the built-in tools: what `run` receives once the arguments passed the
 * tool's schema, and the `structured_output` of a successful result. Each is declared in its tool's
 * file, next to the schemas it describes; gathered here. Public API.
 */
export type { BashInput, BashOutput } from './bash.ts';
export type { EditInput, EditOutput, EditReplacement } from './edit.ts';
export type { FindInput, FindOutput } from './find.ts';
export type { GrepInput, GrepOutput } from './grep.ts';
export type { LsInput, LsOutput } from './ls.ts';
export type { EditPatchInput } from './patch-call.ts';
export type { ReadInput, ReadOutput } from './read.ts';
export type { WriteInput, WriteOutput } from './write.ts';
