/**
 * The `grep` tool: searches file contents over the Workspace file calls (no shell, so it behaves the
 * same on every backend), with `re2js` as the regular-expression engine (RE2 syntax, linear time: no
 * pattern can hang the page). Walks with `walk.ts` (gitignore, skipped names, no symlinks followed),
 * filters files with `picomatch`, skips binary files, reads a bounded number of files at once and keeps
 * the walk order in its output. Imports core, workspace.ts, the tools' helpers, re2js and picomatch.
 */

import type { FromSchema } from 'json-schema-to-ts';
import type { RE2JS } from 're2js';
import { type ToolContext, ToolError, type ToolRepairs, type ToolReturn } from '../core/index.ts';
import { errorMessage, formatSize } from '../shared/index.ts';
import { typeOfPath, type Workspace } from '../workspace/workspace.ts';
import { decodeUtf8, displayPath, resolvePath } from './files.ts';
import { globMatcher } from './glob.ts';
import { clipLine, DEFAULT_MAX_BYTES, GREP_MAX_LINE_CHARS, sanitizeText, truncateHead } from './output.ts';
import {
  type BuiltinSpec,
  type BuiltinTool,
  defineBuiltin,
  PATH_ALIASES,
  type PathParameter,
  pathParameter,
} from './tool.ts';
import { DEFAULT_MAX_WALK_ENTRIES, startError, walkTree } from './walk.ts';

/** The arguments `grep` takes: the `parameters` the model reads (tests pin every word). */
const GREP_PARAMETERS = {
  type: 'object',
  properties: {
    pattern: {
      type: 'string',
      minLength: 1,
      description: 'Regular expression (RE2 syntax) or, with literal, plain text.',
    },
    path: pathParameter('File or directory to search', 'the workspace root') as PathParameter,
    glob: {
      type: 'string',
      description: 'Only search files matching this glob, e.g. "*.ts" or "src/**/*.py".',
    },
    ignoreCase: { type: 'boolean', description: 'Match case-insensitively. Default: false.' },
    literal: { type: 'boolean', description: 'Treat pattern as plain text. Default: false.' },
    context: {
      type: 'integer',
      minimum: 0,
      description: 'Lines of context before and after each match. Default: 0.',
    },
    limit: {
      type: 'integer',
      minimum: 1,
      description:
        'Maximum number of matching lines, or of files with outputMode files_with_matches or count. Default: 100.',
    },
    outputMode: {
      type: 'string',
      enum: ['content', 'files_with_matches', 'count'],
      description:
        'content: matching lines (default); files_with_matches: file paths; count: matches per file.',
    },
  },
  required: ['pattern'],
  additionalProperties: false,
} as const;

export type GrepInput = FromSchema<typeof GREP_PARAMETERS>;

/** The `grep` tool's spec: the name, description and parameters the model reads, and its effects. */
export const GREP_SPEC: BuiltinSpec<typeof GREP_PARAMETERS> = {
  name: 'grep',
  description:
    'Search file contents with a regular expression, or a plain string with literal: true. Returns matching lines as path:line: text (up to limit matches, default 100), or matching files / counts with outputMode. Respects .gitignore and skips .git and node_modules.',
  parameters: GREP_PARAMETERS,
  effects: ['read'],
};

/**
 * The schema of `structured_output` when `grep` succeeds: one of matches, files or counts, by
 * `outputMode`. Not declared to models (see `BuiltinParts.outputSchema`); codemode types `grep`'s
 * results with it.
 */
export const GREP_OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    matches: {
      type: 'array',
      items: {
        type: 'object',
        properties: { path: { type: 'string' }, line: { type: 'integer' }, text: { type: 'string' } },
        required: ['path', 'line', 'text'],
        additionalProperties: false,
      },
    },
    files: { type: 'array', items: { type: 'string' } },
    counts: {
      type: 'array',
      items: {
        type: 'object',
        properties: { path: { type: 'string' }, count: { type: 'integer' } },
        required: ['path', 'count'],
        additionalProperties: false,
      },
    },
    match_count: { type: 'integer' },
    file_count: { type: 'integer' },
    truncated: { type: 'boolean' },
  },
  required: ['truncated'],
  additionalProperties: false,
} as const;

export type GrepOutput = FromSchema<typeof GREP_OUTPUT_SCHEMA>;

/**
 * The codes of grep's errors (`structured_output.error.code`); a filesystem failure carries the
 * workspace's own code.
 */
export const GREP_ERRORS = {
  INVALID_PATTERN: 'INVALID_PATTERN',
  INVALID_GLOB: 'INVALID_GLOB',
  BINARY_FILE: 'BINARY_FILE',
  ENOENT: 'ENOENT',
  ABORTED: 'ABORTED',
} as const;

/** The names other agents give grep and its parameters, and the flags they send. */
export const GREP_REPAIRS: ToolRepairs = {
  aliases: ['Grep', 'grep_search', 'search_file_content', 'grep_files'],
  parameters: {
    pattern: ['regex', 'query'],
    path: PATH_ALIASES,
    glob: ['include', 'include_pattern', 'file_pattern', 'files'],
    ignoreCase: ['-i', 'ignore_case', 'case_insensitive'],
    literal: ['fixed_strings', 'fixedStrings'],
    context: ['-C', 'context_lines'],
    limit: ['head_limit', 'total_max_matches', 'max_matches_per_file', 'max_results', 'maxResults'],
    outputMode: ['output_mode'],
  },
  drop: ['-n', 'explanation'],
  dropWhenFalsy: ['multiline'],
  convert: [
    { kind: 'negate', from: 'case_sensitive', to: 'ignoreCase' },
    { kind: 'max', from: ['-A', '-B', 'before', 'after', 'before_context', 'after_context'], to: 'context' },
    { kind: 'flag', from: 'names_only', to: 'outputMode', value: 'files_with_matches' },
    { kind: 'template', from: 'type', to: 'glob', template: '*.{}' },
  ],
};

/** Matches (content mode) or files (other modes) shown when the call gives no `limit`. */
const DEFAULT_GREP_LIMIT = 100;
/** Files read at the same time; it hides the latency of backends whose file calls are messages. */
const DEFAULT_GREP_CONCURRENCY = 16;
/** Bytes looked at for a NUL when deciding a file is binary (as in git and ripgrep). */
const BINARY_SNIFF_BYTES = 8000;

/** Options of {@link createGrepTool}. */
export interface GrepToolOptions {
  /** Default `limit`. Default: 100 (`DEFAULT_GREP_LIMIT`). */
  defaultLimit?: number;
  /** Characters of a line shown before it is clipped. Default: `GREP_MAX_LINE_CHARS` (500). */
  maxLineChars?: number;
  /** Bytes of output shown. Default: `DEFAULT_MAX_BYTES` (50 KB). */
  maxBytes?: number;
  /** Entries a search visits before it stops. Default: `DEFAULT_MAX_WALK_ENTRIES` (100,000). */
  maxEntries?: number;
  /** Files read at the same time. Default: 16 (`DEFAULT_GREP_CONCURRENCY`). */
  concurrency?: number;
}

/** How grep reports what it found. */
type GrepOutputMode = NonNullable<GrepInput['outputMode']>;

/**
 * One matching line, as in `structured_output.matches`: `line` is 1-based, `text` the line as shown
 * (control characters escaped, clipped at the line limit).
 */
type GrepMatch = NonNullable<GrepOutput['matches']>[number];

interface Matcher {
  test(text: string): boolean;
}

/** What one file gave: every matching line index (up to `cap`), and its lines when content is shown. */
interface FileHits {
  path: string;
  hits: number[];
  lines: string[];
  binary: boolean;
}

const NO_HITS: Omit<FileHits, 'path'> = { hits: [], lines: [], binary: false };

/** The options of one grep tool, with their defaults applied. */
interface GrepSettings {
  defaultLimit: number;
  maxLineChars: number;
  maxBytes: number;
  maxEntries: number;
  concurrency: number;
}

/** Creates the `grep` tool. */
export function createGrepTool(
  options: GrepToolOptions = {},
): BuiltinTool<GrepInput, GrepOutput, typeof GREP_ERRORS> {
  const settings: GrepSettings = {
    defaultLimit: options.defaultLimit ?? DEFAULT_GREP_LIMIT,
    maxLineChars: options.maxLineChars ?? GREP_MAX_LINE_CHARS,
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    maxEntries: options.maxEntries ?? DEFAULT_MAX_WALK_ENTRIES,
    concurrency: Math.max(1, options.concurrency ?? DEFAULT_GREP_CONCURRENCY),
  };
  return defineBuiltin(
    GREP_SPEC,
    { errorCodes: GREP_ERRORS, repairs: GREP_REPAIRS, outputSchema: GREP_OUTPUT_SCHEMA },
    (input, context) => runGrep(input, context, settings),
  );
}

/** One search: what to match, where, and how many results to keep. */
interface GrepSearch {
  workspace: Workspace;
  mode: GrepOutputMode;
  limit: number;
  contextLines: number;
  glob: string | undefined;
  matcher: Matcher & { whole: boolean };
  target: { absolute: string; display: string };
  isFile: boolean;
}

async function runGrep(
  input: GrepInput,
  context: ToolContext<Workspace>,
  settings: GrepSettings,
): Promise<ToolReturn<GrepOutput>> {
  const workspace = await context.workspace();
  const mode: GrepOutputMode = input.outputMode ?? 'content';
  const glob = input.glob?.trim() || undefined;
  const matcher = await compilePattern(input.pattern, input.literal === true, input.ignoreCase === true);
  const globMatch = glob === undefined ? undefined : await compileGlob(glob);
  const target = await resolvePath(workspace, input.path);
  const type = await typeOfPath(workspace, target.absolute).catch((error: unknown) =>
    startError(workspace, target.absolute, target.display, error),
  );
  const search: GrepSearch = {
    workspace,
    mode,
    limit: input.limit ?? settings.defaultLimit,
    contextLines: mode === 'content' ? (input.context ?? 0) : 0,
    glob,
    matcher,
    target,
    isFile: type !== 'directory',
  };
  const walk = search.isFile
    ? undefined
    : walkTree(workspace, target.absolute, { maxEntries: settings.maxEntries, signal: context.signal });
  const found = await collectHits(
    search,
    fileBatches(search, walk, globMatch, settings.concurrency),
    settings,
    context.signal,
  );
  if (context.signal.aborted) throw new ToolError('The search was aborted.', { code: GREP_ERRORS.ABORTED });
  const capped = walk?.capped === true;
  if (found.out.length === 0) return noMatchResult(search, input.pattern, found, capped, settings);
  return matchResult(search, found, capped, settings);
}

/** Files to search, in batches of up to `concurrency` read together; batches keep the walk's order. */
async function* fileBatches(
  search: GrepSearch,
  walk: ReturnType<typeof walkTree> | undefined,
  globMatch: Awaited<ReturnType<typeof compileGlob>> | undefined,
  concurrency: number,
): AsyncGenerator<string[]> {
  if (!walk) {
    yield [search.target.absolute];
    return;
  }
  const rootDisplay = search.target.display === '.' ? '' : `${search.target.display}/`;
  let batch: string[] = [];
  for await (const run of walk) {
    for (const entry of run) {
      if (entry.type !== 'file') continue;
      if (globMatch && !globMatch(entry.relative, entry.name, `${rootDisplay}${entry.relative}`)) continue;
      batch.push(entry.path);
      if (batch.length < concurrency) continue;
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** What a search found, as output lines and as structured data. */
interface Collected {
  out: string[];
  matches: GrepMatch[];
  files: string[];
  counts: { path: string; count: number }[];
  matchCount: number;
  /** More results exist than `limit` let through. */
  more: boolean;
  /** A shown line was clipped at `maxLineChars`. */
  clipped: boolean;
  searched: number;
  binarySkipped: number;
}

async function collectHits(
  search: GrepSearch,
  batches: AsyncGenerator<string[]>,
  settings: GrepSettings,
  signal: AbortSignal,
): Promise<Collected> {
  const { workspace, mode, limit } = search;
  const found: Collected = {
    out: [],
    matches: [],
    files: [],
    counts: [],
    matchCount: 0,
    more: false,
    clipped: false,
    searched: 0,
    binarySkipped: 0,
  };
  const show = (line: string): string => {
    const clip = clipLine(
      sanitizeText(line.endsWith('\r') ? line.slice(0, -1) : line),
      settings.maxLineChars,
    );
    if (clip.clipped) found.clipped = true;
    return clip.text;
  };
  // Content mode needs one hit past the limit to know more exist; count mode needs every hit.
  const cap = mode === 'content' ? limit + 1 : mode === 'count' ? Number.POSITIVE_INFINITY : 1;
  const searchOne = (path: string): Promise<FileHits> =>
    searchFile(workspace, path, search.matcher, cap, mode === 'content');
  for await (const paths of batches) {
    if (signal.aborted) break;
    for (const hits of await Promise.all(paths.map(searchOne))) {
      found.searched += 1;
      if (hits.binary) found.binarySkipped += 1;
      if (hits.hits.length === 0) continue;
      const display = sanitizeText(displayPath(workspace, hits.path)).replace(/[\n\r]/g, '?');
      const stop =
        mode === 'content'
          ? addMatches(search, found, hits, display, show)
          : addFile(search, found, hits, display);
      if (stop) return found;
    }
  }
  return found;
}

/** Adds a file's name (and count) in the files and count modes; `true` once the limit is passed. */
function addFile(search: GrepSearch, found: Collected, hits: FileHits, display: string): boolean {
  if (found.files.length >= search.limit) {
    found.more = true;
    return true;
  }
  found.files.push(display);
  if (search.mode === 'count') {
    found.counts.push({ path: display, count: hits.hits.length });
    found.matchCount += hits.hits.length;
    found.out.push(`${display}:${hits.hits.length}`);
  } else {
    found.out.push(display);
  }
  return false;
}

/** Adds a file's matching lines, with context, up to the limit; `true` once the limit is reached. */
function addMatches(
  search: GrepSearch,
  found: Collected,
  hits: FileHits,
  display: string,
  show: (line: string) => string,
): boolean {
  const room = search.limit - found.matchCount;
  if (room <= 0) {
    found.more = true;
    return true;
  }
  const taken = hits.hits.slice(0, room);
  if (hits.hits.length > room) found.more = true;
  found.matchCount += taken.length;
  for (const index of taken) {
    found.matches.push({ path: display, line: index + 1, text: show(hits.lines[index] ?? '') });
  }
  found.out.push(
    ...renderContent(display, hits.lines, taken, search.contextLines, show, found.out.length > 0),
  );
  return found.more;
}

/** The result of a search that found nothing: an error only for a single binary file. */
function noMatchResult(
  search: GrepSearch,
  pattern: string,
  found: Collected,
  capped: boolean,
  settings: GrepSettings,
): ToolReturn<GrepOutput> {
  const { target, glob } = search;
  if (search.isFile && found.binarySkipped > 0) {
    throw new ToolError(
      `${target.display} is a binary file, and grep searches text only. Use bash to inspect it.`,
      {
        code: GREP_ERRORS.BINARY_FILE,
        data: { path: target.display },
      },
    );
  }
  const place = target.display === '.' ? 'the workspace' : target.display;
  const where = `${place}${glob === undefined ? '' : ` (files matching "${glob}")`}`;
  const none = `No matches for "${pattern}" in ${where}.`;
  return {
    output: capped ? `${none}\n\n${cappedNotice(settings.maxEntries)}` : none,
    structured_output: emptyStructured(search.mode, capped),
    details: {
      line_count: 0,
      files_searched: found.searched,
      binary_skipped: found.binarySkipped,
      walk_capped: capped,
    },
  };
}

/** The result of a search that found something: the lines, cut to `maxBytes`, and the notices. */
function matchResult(
  search: GrepSearch,
  found: Collected,
  capped: boolean,
  settings: GrepSettings,
): ToolReturn<GrepOutput> {
  const { mode, limit } = search;
  const { maxBytes, maxLineChars } = settings;
  const truncation = truncateHead(found.out.join('\n'), { maxLines: Number.MAX_SAFE_INTEGER, maxBytes });
  const notices: string[] = [];
  if (truncation.truncated) {
    notices.push(
      `[Output cut at ${formatSize(maxBytes)}: ${truncation.outputLines} of ${truncation.totalLines} lines shown. Narrow pattern, path or glob, or use a lower limit.]`,
    );
  }
  if (found.more) {
    const unit = mode === 'content' ? (limit === 1 ? 'match' : 'matches') : limit === 1 ? 'file' : 'files';
    notices.push(
      `[${limit} ${unit} shown; more exist. Use limit=${limit * 2} for more, or narrow pattern, path or glob.]`,
    );
  }
  if (found.clipped) {
    notices.push(`[Some lines were clipped at ${maxLineChars} characters; use read to see them whole.]`);
  }
  if (capped) notices.push(cappedNotice(settings.maxEntries));
  const output = notices.length > 0 ? `${truncation.content}\n\n${notices.join('\n')}` : truncation.content;
  const truncated = found.more || truncation.truncated || capped;
  const structured: GrepOutput =
    mode === 'content'
      ? { matches: found.matches, match_count: found.matchCount, truncated }
      : mode === 'files_with_matches'
        ? { files: found.files, file_count: found.files.length, truncated }
        : { counts: found.counts, match_count: found.matchCount, truncated };
  return {
    output,
    structured_output: structured,
    details: {
      line_count: truncation.outputLines,
      files_searched: found.searched,
      binary_skipped: found.binarySkipped,
      limit_reached: found.more,
      lines_clipped: found.clipped,
      walk_capped: capped,
      ...(truncation.truncated
        ? {
            truncation: {
              truncated_by: 'bytes',
              total_lines: truncation.totalLines,
              output_lines: truncation.outputLines,
            },
          }
        : {}),
    },
  };
}

/**
 * Compiles the pattern. A file is first tested whole (one linear pass, multi-line mode so `^` and `$`
 * work at line ends), and only a file that matches is split into lines; patterns whose meaning differs
 * between the two (`\A`, `\z`, turning multi-line mode off) skip that shortcut.
 */
async function compilePattern(
  pattern: string,
  literal: boolean,
  ignoreCase: boolean,
): Promise<Matcher & { whole: boolean }> {
  if (literal && !ignoreCase) return { test: (text) => text.includes(pattern), whole: true };
  // re2js is about 250 KB; it loads on the first regex search, not with the library.
  const { RE2JS } = await import('re2js');
  const source = literal ? RE2JS.quote(pattern) : pattern;
  let regex: RE2JS;
  try {
    regex = RE2JS.compile(source, RE2JS.MULTILINE | (ignoreCase ? RE2JS.CASE_INSENSITIVE : 0));
  } catch (error) {
    throw new ToolError(
      `Invalid regular expression "${pattern}": ${syntaxReason(RE2JS, source, error)}. Patterns use RE2 syntax (no lookaround, no backreferences); to search for the text as written, call grep again with literal: true.`,
      { code: GREP_ERRORS.INVALID_PATTERN, data: { pattern } },
    );
  }
  const whole = literal || !/\\[Az]|\(\?[a-zA-Z]*-/.test(pattern);
  return { test: (text) => regex.test(text), whole };
}

/**
 * re2js's reason for refusing a pattern, without its "error parsing regexp:" prefix and quoting the
 * pattern as the model wrote it (flags passed to `compile` show up in the quote as `(?m)` otherwise).
 */
function syntaxReason(engine: typeof RE2JS, source: string, error: unknown): string {
  let reported = error;
  try {
    engine.compile(source);
  } catch (plain) {
    reported = plain;
  }
  return errorMessage(reported).replace(/^error parsing regexp: /, '');
}

/**
 * A glob filter over files: matched against the path relative to the search directory and the path
 * relative to the workspace root, and, for a glob without `/`, against the file name (as ripgrep does).
 */
async function compileGlob(
  glob: string,
): Promise<(relative: string, name: string, rooted: string) => boolean> {
  const cleaned = glob.startsWith('./') ? glob.slice(2) : glob;
  const match = await globMatcher(
    cleaned,
    (reason) => `Invalid glob "${glob}": ${reason}. Use a glob such as "*.ts" or "src/**/*.py".`,
    { glob },
  );
  const byName = !cleaned.includes('/');
  return (relative, name, rooted) => match(relative) || (byName ? match(name) : match(rooted));
}

/** Reads and searches one file. Never rejects: an unreadable file has no hits. */
async function searchFile(
  workspace: Workspace,
  path: string,
  matcher: Matcher & { whole: boolean },
  cap: number,
  keepLines: boolean,
): Promise<FileHits> {
  let bytes: Uint8Array;
  try {
    bytes = await workspace.readFile(path);
  } catch {
    return { path, ...NO_HITS };
  }
  const decoded = bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0) ? undefined : decodeUtf8(bytes);
  if (decoded === undefined) return { path, ...NO_HITS, binary: true };
  const text = decoded.charCodeAt(0) === 0xfeff ? decoded.slice(1) : decoded;
  if (matcher.whole && !matcher.test(text)) return { path, ...NO_HITS };
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const hits: number[] = [];
  for (let index = 0; index < lines.length && hits.length < cap; index += 1) {
    if (matcher.test(lines[index] ?? '')) hits.push(index);
  }
  return { path, hits, lines: keepLines ? lines : [], binary: false };
}

/**
 * Lines of one file's matches: `path:line: text` for a match, `path-line- text` for context, `--`
 * between groups whose context does not touch (and before the first group when `separate`).
 */
function renderContent(
  display: string,
  lines: readonly string[],
  hits: readonly number[],
  context: number,
  show: (line: string) => string,
  separate: boolean,
): string[] {
  const out: string[] = [];
  if (context === 0) {
    for (const index of hits) out.push(`${display}:${index + 1}: ${show(lines[index] ?? '')}`);
    return out;
  }
  const hitSet = new Set(hits);
  let end = -1;
  for (const hit of hits) {
    const from = Math.max(0, hit - context);
    const to = Math.min(lines.length - 1, hit + context);
    const startsGroup = end === -1 || from > end + 1;
    if (startsGroup && (out.length > 0 || separate)) out.push('--');
    for (let index = Math.max(from, end + 1); index <= to; index += 1) {
      const mark = hitSet.has(index) ? ':' : '-';
      out.push(`${display}${mark}${index + 1}${mark} ${show(lines[index] ?? '')}`);
    }
    end = Math.max(end, to);
  }
  return out;
}

function cappedNotice(maxEntries: number): string {
  return `[Stopped after visiting ${maxEntries} entries; some files were not searched. Search a narrower path.]`;
}

function emptyStructured(mode: GrepOutputMode, capped: boolean): GrepOutput {
  if (mode === 'files_with_matches') return { files: [], file_count: 0, truncated: capped };
  if (mode === 'count') return { counts: [], match_count: 0, truncated: capped };
  return { matches: [], match_count: 0, truncated: capped };
}
