/**
 * The input and output types of the built-in tools: what `run` receives once the arguments passed the
 * tool's schema (src/tools/specs.ts), and the `structured_output` of a successful result. Public API.
 */
import type { ParsedPatch } from '../core/index.ts';

export interface ReadInput {
  path: string;
  offset?: number;
  limit?: number;
}
export type ReadOutput =
  | {
      path: string;
      content: string;
      start_line: number;
      end_line: number;
      total_lines: number;
      truncated: boolean;
    }
  | { path: string; mime_type: string; data_base64: string; bytes: number };

export interface WriteInput {
  path: string;
  content: string;
  overwrite?: boolean;
}
export interface WriteOutput {
  path: string;
  bytes_written: number;
  created: boolean;
}

export interface EditReplacement {
  oldText: string;
  newText: string;
  replaceAll?: boolean;
}
/** The arguments a model sends: one replacement, or several in `edits`. */
export interface EditInput {
  path: string;
  oldText?: string;
  newText?: string;
  replaceAll?: boolean;
  edits?: EditReplacement[];
  dryRun?: boolean;
}
/** A parsed patch, which a peer agent's `apply_patch` call is redirected to `edit` as. */
export interface EditPatchInput {
  patch: ParsedPatch;
}
export interface EditOutput {
  path: string;
  replacements: number;
  first_changed_line: number;
  dry_run?: boolean;
}

export interface BashInput {
  command: string;
  timeout?: number;
  cwd?: string;
}
export interface BashOutput {
  command: string;
  exit_code: number;
  output: string;
  truncated: boolean;
  timed_out: boolean;
}

export interface GrepInput {
  pattern: string;
  path?: string;
  glob?: string;
  ignoreCase?: boolean;
  literal?: boolean;
  context?: number;
  limit?: number;
  outputMode?: 'content' | 'files_with_matches' | 'count';
}
export interface GrepOutput {
  matches?: { path: string; line: number; text: string }[];
  files?: string[];
  counts?: { path: string; count: number }[];
  match_count?: number;
  file_count?: number;
  truncated: boolean;
}

export interface FindInput {
  pattern: string;
  path?: string;
  limit?: number;
  ignore?: string[];
}
export interface FindOutput {
  paths: string[];
  truncated: boolean;
}

export interface LsInput {
  path?: string;
  limit?: number;
  ignore?: string[];
}
export interface LsOutput {
  path: string;
  entries: {
    name: string;
    type: 'file' | 'directory' | 'symlink' | 'other';
    size: number | null;
    target?: string;
  }[];
  truncated: boolean;
  /**
   * Present (true) when the backend cannot give a file's size without reading the whole file (it has
   * no stat call, like WebContainer's fs): every file's `size` is then null rather than read.
   */
  sizes_unknown?: true;
}
