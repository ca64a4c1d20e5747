/**
 * The names other agents give our built-in tools and their parameters (pi, Claude Code, Codex, Gemini
 * CLI, OpenCode, Cline, Cursor, Anthropic's text-editor tool), and the argument repairs each needs.
 * Pure data and pure functions; `execute` applies them before validation.
 */

import { copyRecord, ownValue } from './own.ts';
import { type ParsedPatch, type PatchHunk, PatchSyntaxError, parsePatch, patchFromCommand } from './patch.ts';
import { isPlainObject } from './results.ts';
import type { JsonSchema } from './types.ts';

/** Tool-name aliases: what a model may call → the canonical built-in name. */
export const TOOL_ALIASES: Readonly<Record<string, string>> = {
  Read: 'read',
  read_file: 'read',
  read_text_file: 'read',
  read_multiple_files: 'read',
  view: 'read',
  Write: 'write',
  write_file: 'write',
  write_to_file: 'write',
  create_file: 'write',
  create: 'write',
  Edit: 'edit',
  edit_file: 'edit',
  replace: 'edit',
  str_replace: 'edit',
  str_replace_editor: 'edit',
  str_replace_based_edit_tool: 'edit',
  replace_in_file: 'edit',
  MultiEdit: 'edit',
  multiedit: 'edit',
  multi_edit: 'edit',
  apply_patch: 'edit',
  Bash: 'bash',
  shell: 'bash',
  shell_command: 'bash',
  exec_command: 'bash',
  run_shell_command: 'bash',
  execute_command: 'bash',
  run_terminal_cmd: 'bash',
  Grep: 'grep',
  grep_search: 'grep',
  search_file_content: 'grep',
  grep_files: 'grep',
  Glob: 'find',
  search_files: 'find',
  directory_tree: 'find',
  glob: 'find',
  file_search: 'find',
  LS: 'ls',
  list_directory: 'ls',
  list_dir: 'ls',
  list_files: 'ls',
  list: 'ls',
  ToolSearch: 'tool_search',
  tool_search_tool_regex: 'tool_search',
  tool_search_tool_bm25: 'tool_search',
  search_tool_bm25: 'tool_search',
  search_tools: 'tool_search',
  search_available_tools: 'tool_search',
};

const PATH_ALIASES = [
  'file_path',
  'filePath',
  'absolute_path',
  'target_file',
  'targetFile',
  'notebook_path',
  'dir_path',
  'dirPath',
  'directory',
  'relative_workspace_path',
  'file',
];

/** Parameter aliases per canonical tool: canonical parameter → names seen in the wild. */
export const PARAMETER_ALIASES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  read: {
    path: PATH_ALIASES,
    offset: ['start_line', 'startLine', 'start_line_one_indexed'],
    limit: ['line_limit', 'head'],
  },
  write: { path: PATH_ALIASES, content: ['file_text', 'text', 'contents'] },
  edit: {
    path: PATH_ALIASES,
    oldText: ['old_string', 'oldString', 'old_str', 'old_text', 'search'],
    newText: ['new_string', 'newString', 'new_str', 'new_text', 'replace', 'replacement'],
    replaceAll: ['replace_all', 'allow_multiple'],
  },
  bash: { command: ['cmd', 'script'], cwd: ['workdir', 'directory', 'dir_path', 'working_directory'] },
  grep: {
    pattern: ['regex', 'query'],
    path: PATH_ALIASES,
    glob: ['include', 'include_pattern', 'file_pattern', 'files'],
    ignoreCase: ['-i', 'ignore_case', 'case_insensitive'],
    literal: ['fixed_strings', 'fixedStrings'],
    context: ['-C', 'context_lines'],
    limit: ['head_limit', 'total_max_matches', 'max_matches_per_file', 'max_results', 'maxResults'],
    outputMode: ['output_mode'],
  },
  find: {
    pattern: ['query', 'glob', 'name'],
    path: PATH_ALIASES,
    limit: ['max_results', 'maxResults'],
    ignore: ['excludePatterns', 'exclude_patterns', 'exclude'],
  },
  ls: { path: PATH_ALIASES },
  tool_search: { query: ['pattern', 'q', 'search'], limit: ['maxResults', 'max_results'] },
};

/** Parameters other agents send that carry nothing our tools need; dropped when falsy or always. */
const DROPPED: Readonly<Record<string, { always: readonly string[]; whenFalsy: readonly string[] }>> = {
  read: { always: ['mode', 'indentation', 'should_read_entire_file'], whenFalsy: [] },
  write: { always: [], whenFalsy: [] },
  edit: { always: ['instruction', 'explanation'], whenFalsy: [] },
  bash: {
    always: [
      'description',
      'justification',
      'sandbox_permissions',
      'login',
      'explanation',
      'restart',
      'shell',
    ],
    whenFalsy: ['run_in_background', 'is_background', 'background'],
  },
  grep: { always: ['-n', 'explanation'], whenFalsy: ['multiline'] },
  find: { always: ['respect_git_ignore', 'explanation'], whenFalsy: [] },
  ls: { always: ['explanation'], whenFalsy: [] },
  tool_search: { always: [], whenFalsy: [] },
};

/** How a called name resolved. */
export interface ResolvedName {
  /** The registered tool to run. */
  name: string;
  /** The alias the model used, when it used one. */
  alias?: string;
}

/**
 * Resolves a called name against the registered names: exact, then the alias table, then a
 * case-insensitive match. Returns `undefined` when nothing fits. An alias never shadows a tool that is
 * registered under that exact name. Tables are read by own keys only, so a tool named `toString` or
 * `constructor` is looked up, never the member `Object.prototype` has under that name.
 */
export function resolveToolName(
  called: string,
  isRegistered: (name: string) => boolean,
): ResolvedName | undefined {
  if (isRegistered(called)) return { name: called };
  const aliased = ownValue(TOOL_ALIASES, called);
  if (aliased && isRegistered(aliased)) return { name: aliased, alias: called };
  const lower = called.toLowerCase();
  if (lower !== called) {
    if (isRegistered(lower)) return { name: lower, alias: called };
    const lowerAliased = Object.entries(TOOL_ALIASES).find(([alias]) => alias.toLowerCase() === lower)?.[1];
    if (lowerAliased && isRegistered(lowerAliased)) return { name: lowerAliased, alias: called };
  }
  return undefined;
}

/** A repair that cannot produce arguments for the tool; the message is shown to the model. */
export class AliasRepairError extends Error {}

/** The tool a call's payload sends it to, with the arguments for that tool. */
export interface PayloadRedirect {
  name: string;
  args: Record<string, unknown>;
  /**
   * The schema `args` are checked against instead of the tool's declared one, for arguments the
   * redirect built itself (a parsed patch); the tool's own repairs are then skipped.
   */
  parameters?: JsonSchema;
  /** The name error texts start with, when it is not the tool's: the name the model called. */
  reportAs?: string;
}

/**
 * Redirects calls whose payload decides the tool: Codex's `apply_patch`, and a shell call whose command
 * is `apply_patch` (Codex sends the patch that way too: no workspace shell has that command). Returns the
 * tool to run and its arguments. (Anthropic's text-editor commands are carried out by peer-tools.ts.)
 */
export function redirectByPayload(resolved: ResolvedName, args: Record<string, unknown>): PayloadRedirect {
  const alias = resolved.alias;
  if (alias === 'apply_patch') return patchToCall(args);
  if (resolved.name === 'bash') {
    const patch = shellPatchCall(args);
    if (patch) return patch;
  }
  return { name: resolved.name, args };
}

/**
 * Renames aliased parameters to the canonical ones the tool's schema declares, derives values other
 * agents express differently (end lines, millisecond timeouts, argv arrays, SEARCH/REPLACE blocks),
 * and drops parameters that carry nothing. `properties` is the tool's schema `properties`.
 */
export function repairArguments(
  tool: string,
  args: Record<string, unknown>,
  properties: Record<string, unknown>,
  alias?: string,
): Record<string, unknown> {
  const out = copyRecord(args);
  const has = (key: string): boolean => Object.hasOwn(properties, key);

  const aliases = ownValue(PARAMETER_ALIASES, tool) ?? {};
  for (const [canonical, names] of Object.entries(aliases)) {
    if (!has(canonical)) continue;
    for (const name of names) {
      if (name === canonical || has(name) || !(name in out)) continue;
      if (out[canonical] === undefined) out[canonical] = out[name];
      delete out[name];
    }
  }
  renameBySpelling(out, properties);

  const dropped = ownValue(DROPPED, tool);
  if (dropped) {
    for (const key of dropped.always) if (!has(key)) delete out[key];
    for (const key of dropped.whenFalsy) if (!has(key) && !out[key]) delete out[key];
  }

  if (tool === 'read') repairRead(out, has);
  if (tool === 'bash') repairBash(out, has, alias);
  if (tool === 'grep') repairGrep(out, has);
  if (tool === 'edit') repairEdit(out, has);
  if (
    tool === 'find' &&
    alias === 'file_search' &&
    typeof out.pattern === 'string' &&
    !/[*?[{]/.test(out.pattern)
  ) {
    out.pattern = `**/*${out.pattern}*`;
  }
  return out;
}

/** `ignore_case` → `ignoreCase`, `Path` → `path`: any key that differs from a declared one only in case, `_` or `-`. */
function renameBySpelling(out: Record<string, unknown>, properties: Record<string, unknown>): void {
  const bySpelling = new Map(Object.keys(properties).map((key) => [spelling(key), key]));
  for (const key of Object.keys(out)) {
    if (Object.hasOwn(properties, key)) continue;
    const target = bySpelling.get(spelling(key));
    if (target && out[target] === undefined) {
      out[target] = out[key];
      delete out[key];
    }
  }
}

function spelling(key: string): string {
  return key.toLowerCase().replace(/[_-]/g, '');
}

function repairRead(out: Record<string, unknown>, has: (key: string) => boolean): void {
  if (!has('offset') || !has('limit')) return;
  const range = out.view_range;
  if (Array.isArray(range) && !has('view_range')) {
    const [start, end] = range.map(Number);
    delete out.view_range;
    if (start !== undefined && Number.isFinite(start)) out.offset ??= start;
    if (start !== undefined && end !== undefined && end >= start) out.limit ??= end - start + 1;
  }
  for (const key of ['end_line', 'endLine', 'end_line_one_indexed_inclusive']) {
    if (!(key in out) || has(key)) continue;
    const end = Number(out[key]);
    delete out[key];
    const start = out.offset === undefined ? 1 : Number(out.offset);
    if (Number.isFinite(end) && Number.isFinite(start) && end >= start) out.limit ??= end - start + 1;
  }
}

function repairBash(out: Record<string, unknown>, has: (key: string) => boolean, alias?: string): void {
  if (has('timeout')) {
    if ('timeout_ms' in out && !has('timeout_ms')) {
      const ms = Number(out.timeout_ms);
      delete out.timeout_ms;
      if (out.timeout === undefined && Number.isFinite(ms)) out.timeout = ms / 1000;
    } else if (alias === 'Bash' && out.timeout !== undefined) {
      // Claude Code's Bash tool takes milliseconds.
      const ms = Number(out.timeout);
      if (Number.isFinite(ms)) out.timeout = ms / 1000;
    }
  }
  if (Array.isArray(out.command) && out.command.every((part) => typeof part === 'string')) {
    out.command = argvToCommand(out.command);
  }
}

/**
 * Turns an argv array into one shell command: `["bash", "-lc", "ls -la"]` → `ls -la`; otherwise every
 * argument is quoted where the shell would split or expand it.
 */
export function argvToCommand(argv: readonly string[]): string {
  const [program, flag, script] = argv;
  if (
    argv.length === 3 &&
    program !== undefined &&
    /^(?:\/(?:usr\/)?bin\/)?(?:ba|z|da)?sh$/.test(program) &&
    (flag === '-c' || flag === '-lc' || flag === '-lic' || flag === '-ic') &&
    script !== undefined
  ) {
    return script;
  }
  return argv
    .map((arg) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`))
    .join(' ');
}

function repairGrep(out: Record<string, unknown>, has: (key: string) => boolean): void {
  if (has('ignoreCase') && 'case_sensitive' in out && !has('case_sensitive')) {
    if (out.ignoreCase === undefined) out.ignoreCase = !truthy(out.case_sensitive);
    delete out.case_sensitive;
  }
  if (has('context')) {
    for (const key of ['-A', '-B', 'before', 'after', 'before_context', 'after_context']) {
      if (!(key in out) || has(key)) continue;
      const lines = Number(out[key]);
      delete out[key];
      if (Number.isFinite(lines)) out.context = Math.max(Number(out.context ?? 0) || 0, lines);
    }
  }
  if (has('outputMode') && 'names_only' in out && !has('names_only')) {
    if (truthy(out.names_only) && out.outputMode === undefined) out.outputMode = 'files_with_matches';
    delete out.names_only;
  }
  if (has('glob') && typeof out.type === 'string' && !has('type')) {
    if (out.glob === undefined) out.glob = `*.${out.type}`;
    delete out.type;
  }
}

function repairEdit(out: Record<string, unknown>, has: (key: string) => boolean): void {
  if (has('replaceAll') && 'expected_replacements' in out && !has('expected_replacements')) {
    const expected = Number(out.expected_replacements);
    delete out.expected_replacements;
    if (expected > 1 && out.replaceAll === undefined) out.replaceAll = true;
  }
  if (has('edits') && typeof out.diff === 'string' && !has('diff')) {
    const edits = parseSearchReplaceBlocks(out.diff);
    if (edits.length > 0) {
      delete out.diff;
      out.edits ??= edits;
    }
  }
  if (has('edits') && Array.isArray(out.edits)) {
    const itemProperties = { oldText: true, newText: true, replaceAll: true };
    out.edits = out.edits.map((edit) =>
      isPlainObject(edit) ? repairArguments('edit', edit, itemProperties) : edit,
    );
  }
}

/** Cline's `replace_in_file` sends `<<<<<<< SEARCH … ======= … >>>>>>> REPLACE` blocks. */
function parseSearchReplaceBlocks(diff: string): { oldText: string; newText: string }[] {
  const blocks = /<{3,} SEARCH\r?\n([\s\S]*?)\r?\n?={3,}\r?\n([\s\S]*?)\r?\n?>{3,} REPLACE/g;
  return [...diff.matchAll(blocks)].map((match) => ({ oldText: match[1] ?? '', newText: match[2] ?? '' }));
}

/**
 * Raw arguments as `execute` should extract them: Codex's freeform `apply_patch` sends the patch itself,
 * not JSON, so a patch string becomes `{ input: patch }`. Everything else is left as sent.
 */
export function rawPayload(resolved: ResolvedName, raw: unknown): unknown {
  if (resolved.alias !== 'apply_patch' || typeof raw !== 'string') return raw;
  const start = raw.trimStart();
  return start.startsWith('*** Begin Patch') || start.startsWith('<<') ? { input: raw } : raw;
}

/** The arguments schema of a patch redirected to edit: the parsed sections, never seen by a model. */
export const PATCH_PARAMETERS: JsonSchema = {
  type: 'object',
  properties: { patch: { type: 'object' } },
  required: ['patch'],
  additionalProperties: false,
};

/**
 * Codex `apply_patch` (`input` or `patch` holds the patch text): the whole patch goes to edit, which
 * applies every section or none. A patch that cannot be read is answered here, before anything runs.
 */
function patchToCall(args: Record<string, unknown>): PayloadRedirect {
  const patch =
    typeof args.input === 'string' ? args.input : typeof args.patch === 'string' ? args.patch : undefined;
  if (patch === undefined) {
    throw new AliasRepairError(
      'apply_patch needs the patch text in "input". Or call edit with path, oldText and newText.',
    );
  }
  return patchCall(patch, undefined);
}

/** A shell call whose command is Codex's `apply_patch` (argv or heredoc) becomes the same patch call. */
function shellPatchCall(args: Record<string, unknown>): PayloadRedirect | undefined {
  const found = patchFromCommand(args.command ?? args.cmd);
  if (!found) return undefined;
  const workdir = ['cwd', ...(PARAMETER_ALIASES.bash?.cwd ?? [])]
    .map((key) => args[key])
    .find((value): value is string => typeof value === 'string' && value !== '');
  const cwd = found.cwd === undefined ? workdir : joinDir(workdir, found.cwd);
  return patchCall(found.patch, cwd);
}

function joinDir(base: string | undefined, dir: string): string {
  return base === undefined || dir.startsWith('/') ? dir : `${base.replace(/\/+$/, '')}/${dir}`;
}

function patchCall(text: string, cwd: string | undefined): PayloadRedirect {
  let hunks: PatchHunk[];
  try {
    hunks = parsePatch(text);
  } catch (error) {
    if (error instanceof PatchSyntaxError) throw new AliasRepairError(`apply_patch: ${error.message}`);
    throw error;
  }
  const parsed: ParsedPatch = cwd === undefined ? { hunks } : { hunks, cwd };
  return {
    name: 'edit',
    args: { patch: parsed as unknown as Record<string, unknown> },
    parameters: PATCH_PARAMETERS,
    reportAs: 'apply_patch',
  };
}

function truthy(value: unknown): boolean {
  return value === true || value === 'true' || value === 1;
}
