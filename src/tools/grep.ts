/**
 * The `grep` tool: searches file contents over the Workspace file calls (no shell, so it behaves the
 * same on every backend), with `re2js` as the regular-expression engine (RE2 syntax, linear time: no
 * pattern can hang the page). Walks with `walk.ts` (gitignore, skipped names, no symlinks followed),
 * filters files with `picomatch`, skips binary files, reads a bounded number of files at once and keeps
 * the walk order in its output. Imports core, workspace.ts, the tools' helpers, re2js and picomatch.
 */
import type { RE2JS } from 're2js';
import { type JsonObject, ToolError } from '../core/index.ts';
import { typeOfPath, type Workspace } from '../workspace/workspace.ts';
import { decodeUtf8, displayPath, resolvePath } from './files.ts';
import { globMatcher } from './glob.ts';
import {
  clipLine,
  DEFAULT_MAX_BYTES,
  formatSize,
  GREP_MAX_LINE_CHARS,
  sanitizeText,
  truncateHead,
} from './output.ts';
import { BUILTIN_SPECS } from './specs.ts';
import { type BuiltinTool, defineBuiltin } from './tool.ts';
import type { GrepInput, GrepOutput } from './types.ts';
import { DEFAULT_MAX_WALK_ENTRIES, startError, walkTree } from './walk.ts';

/** Matches (content mode) or files (other modes) shown when the call gives no `limit`. */
export const DEFAULT_GREP_LIMIT = 100;
/** Files read at the same time; it hides the latency of backends whose file calls are messages. */
export const DEFAULT_GREP_CONCURRENCY = 16;
/** Bytes looked at for a NUL when deciding a file is binary (as in git and ripgrep). */
const BINARY_SNIFF_BYTES = 8000;

/** Options of {@link createGrepTool}. */
export interface GrepToolOptions {
  /** Default `limit`. Default: {@link DEFAULT_GREP_LIMIT}. */
  defaultLimit?: number;
  /** Characters of a line shown before it is clipped. Default: `GREP_MAX_LINE_CHARS` (500). */
  maxLineChars?: number;
  /** Bytes of output shown. Default: `DEFAULT_MAX_BYTES` (50 KB). */
  maxBytes?: number;
  /** Entries a search visits before it stops. Default: `DEFAULT_MAX_WALK_ENTRIES` (100,000). */
  maxEntries?: number;
  /** Files read at the same time. Default: {@link DEFAULT_GREP_CONCURRENCY}. */
  concurrency?: number;
}

/** How grep reports what it found. */
export type GrepOutputMode = 'content' | 'files_with_matches' | 'count';

/** One matching line, as in `structured_output.matches`. */
export type GrepMatch = {
  path: string;
  /** 1-based. */
  line: number;
  /** The line as shown: control characters escaped, clipped at the line limit. */
  text: string;
};

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

/** Creates the `grep` tool. */
export function createGrepTool(options: GrepToolOptions = {}): BuiltinTool<GrepInput, GrepOutput> {
  const defaultLimit = options.defaultLimit ?? DEFAULT_GREP_LIMIT;
  const maxLineChars = options.maxLineChars ?? GREP_MAX_LINE_CHARS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_WALK_ENTRIES;
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_GREP_CONCURRENCY);

  return defineBuiltin<GrepInput, GrepOutput>(BUILTIN_SPECS.grep, async (input, context) => {
    const workspace = await context.workspace();
    const pattern = input.pattern;
    const mode: GrepOutputMode = input.outputMode ?? 'content';
    const limit = input.limit ?? defaultLimit;
    const contextLines = mode === 'content' ? (input.context ?? 0) : 0;
    const glob = input.glob?.trim() || undefined;
    const matcher = await compilePattern(pattern, input.literal === true, input.ignoreCase === true);
    const globMatch = glob === undefined ? undefined : await compileGlob(glob);

    const target = await resolvePath(workspace, input.path);
    const type = await typeOfPath(workspace, target.absolute).catch((error: unknown) =>
      startError(workspace, target.absolute, target.display, error),
    );
    const isFile = type !== 'directory';
    const signal = context.signal;

    // Content mode needs one hit past the limit to know more exist; count mode needs every hit.
    const cap = mode === 'content' ? limit + 1 : mode === 'count' ? Number.POSITIVE_INFINITY : 1;
    const search = (path: string): Promise<FileHits> =>
      searchFile(workspace, path, matcher, cap, mode === 'content');

    const walk = isFile ? undefined : walkTree(workspace, target.absolute, { maxEntries, signal });
    const rootDisplay = target.display === '.' ? '' : `${target.display}/`;
    // Files come in batches of up to `concurrency`, read together; results keep the walk's order.
    const batches = async function* (): AsyncGenerator<string[]> {
      if (!walk) {
        yield [target.absolute];
        return;
      }
      let batch: string[] = [];
      for await (const run of walk) {
        for (const entry of run) {
          if (entry.type !== 'file') continue;
          if (globMatch && !globMatch(entry.relative, entry.name, `${rootDisplay}${entry.relative}`))
            continue;
          batch.push(entry.path);
          if (batch.length < concurrency) continue;
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
    };

    const out: string[] = [];
    const matches: GrepMatch[] = [];
    const files: string[] = [];
    const counts: { path: string; count: number }[] = [];
    let matchCount = 0;
    let more = false;
    let clipped = false;
    let searched = 0;
    let binarySkipped = 0;
    const show = (line: string): string => {
      const clip = clipLine(sanitizeText(line.endsWith('\r') ? line.slice(0, -1) : line), maxLineChars);
      if (clip.clipped) clipped = true;
      return clip.text;
    };

    searching: for await (const paths of batches()) {
      if (signal.aborted) break;
      for (const found of await Promise.all(paths.map(search))) {
        searched += 1;
        if (found.binary) binarySkipped += 1;
        if (found.hits.length === 0) continue;
        const display = sanitizeText(displayPath(workspace, found.path)).replace(/[\n\r]/g, '?');
        if (mode !== 'content') {
          if (files.length >= limit) {
            more = true;
            break searching;
          }
          files.push(display);
          if (mode === 'count') {
            counts.push({ path: display, count: found.hits.length });
            matchCount += found.hits.length;
            out.push(`${display}:${found.hits.length}`);
          } else {
            out.push(display);
          }
          continue;
        }
        const room = limit - matchCount;
        if (room <= 0) {
          more = true;
          break searching;
        }
        const taken = found.hits.slice(0, room);
        if (found.hits.length > room) more = true;
        matchCount += taken.length;
        for (const index of taken) {
          matches.push({ path: display, line: index + 1, text: show(found.lines[index] ?? '') });
        }
        out.push(...renderContent(display, found.lines, taken, contextLines, show, out.length > 0));
        if (more) break searching;
      }
    }
    if (signal.aborted) throw new ToolError('The search was aborted.', { code: 'ABORTED' });

    const capped = walk?.capped === true;
    const place = target.display === '.' ? 'the workspace' : target.display;
    const where = `${place}${glob === undefined ? '' : ` (files matching "${glob}")`}`;
    if (out.length === 0) {
      if (isFile && binarySkipped > 0) {
        throw new ToolError(
          `${target.display} is a binary file, and grep searches text only. Use bash to inspect it.`,
          { code: 'BINARY_FILE', data: { path: target.display } },
        );
      }
      const none = `No matches for "${pattern}" in ${where}.`;
      const output = capped ? `${none}\n\n${cappedNotice(maxEntries)}` : none;
      return {
        output,
        structured_output: emptyStructured(mode, capped),
        details: {
          line_count: 0,
          files_searched: searched,
          binary_skipped: binarySkipped,
          walk_capped: capped,
        },
      };
    }

    const truncation = truncateHead(out.join('\n'), { maxLines: Number.MAX_SAFE_INTEGER, maxBytes });
    const notices: string[] = [];
    if (truncation.truncated) {
      notices.push(
        `[Output cut at ${formatSize(maxBytes)}: ${truncation.outputLines} of ${truncation.totalLines} lines shown. Narrow pattern, path or glob, or use a lower limit.]`,
      );
    }
    if (more) {
      const unit = mode === 'content' ? (limit === 1 ? 'match' : 'matches') : limit === 1 ? 'file' : 'files';
      notices.push(
        `[${limit} ${unit} shown; more exist. Use limit=${limit * 2} for more, or narrow pattern, path or glob.]`,
      );
    }
    if (clipped) {
      notices.push(`[Some lines were clipped at ${maxLineChars} characters; use read to see them whole.]`);
    }
    if (capped) notices.push(cappedNotice(maxEntries));
    const output = notices.length > 0 ? `${truncation.content}\n\n${notices.join('\n')}` : truncation.content;
    const truncated = more || truncation.truncated || capped;
    const structured: JsonObject =
      mode === 'content'
        ? { matches, match_count: matchCount, truncated }
        : mode === 'files_with_matches'
          ? { files, file_count: files.length, truncated }
          : { counts, match_count: matchCount, truncated };
    return {
      output,
      structured_output: structured,
      details: {
        line_count: truncation.outputLines,
        files_searched: searched,
        binary_skipped: binarySkipped,
        limit_reached: more,
        lines_clipped: clipped,
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
  });
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
      { code: 'INVALID_PATTERN', data: { pattern } },
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
  return (reported instanceof Error ? reported.message : String(reported)).replace(
    /^error parsing regexp: /,
    '',
  );
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

function emptyStructured(mode: GrepOutputMode, capped: boolean): JsonObject {
  if (mode === 'files_with_matches') return { files: [], file_count: 0, truncated: capped };
  if (mode === 'count') return { counts: [], match_count: 0, truncated: capped };
  return { matches: [], match_count: 0, truncated: capped };
}
