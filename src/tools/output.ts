/**
 * Output budgets and truncation shared by every built-in tool: one place for the line and byte limits
 * and the helpers that cut text without splitting a UTF-8 character or a surrogate pair (the byte
 * counting and cutting itself is the shared module's).
 */
import { tailBytes, utf8Length, utf8LengthUpTo } from '../shared/index.ts';

/** Lines a tool shows the model at most. */
export const DEFAULT_MAX_LINES: number = 2000;
/** Bytes (UTF-8) a tool shows the model at most. */
export const DEFAULT_MAX_BYTES: number = 50 * 1024;
/** Characters of one grep line shown before it is clipped. */
export const GREP_MAX_LINE_CHARS: number = 500;

/** Budgets of one truncation. */
export interface TruncationLimits {
  /** Default: {@link DEFAULT_MAX_LINES}. */
  maxLines?: number;
  /** Default: {@link DEFAULT_MAX_BYTES}. */
  maxBytes?: number;
}

/** What a truncation kept and dropped. Line numbers are 1-based. */
export interface Truncation {
  content: string;
  truncated: boolean;
  /** Which limit cut the text, if any. */
  truncatedBy: 'lines' | 'bytes' | null;
  totalLines: number;
  totalBytes: number;
  outputLines: number;
  outputBytes: number;
  /** Tail truncation only: the first kept line is the end of a longer line. */
  lastLinePartial: boolean;
  /** Head truncation only: the first line alone is over the byte budget, so nothing was kept. */
  firstLineExceedsLimit: boolean;
}

/** Splits text into lines; a final newline does not make an extra empty line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Keeps whole lines from the start until a limit is reached (read, grep, find, ls). */
export function truncateHead(text: string, limits: TruncationLimits = {}): Truncation {
  return truncateLines(text, limits, 'head');
}

/** Keeps whole lines from the end until a limit is reached (bash); a huge last line keeps its tail. */
export function truncateTail(text: string, limits: TruncationLimits = {}): Truncation {
  return truncateLines(text, limits, 'tail');
}

/**
 * Keeps whole lines from one end while both budgets hold. From the head, a first line over the byte
 * budget keeps nothing (`firstLineExceedsLimit`); from the tail, a last line over it keeps its end
 * (`lastLinePartial`), because the end of a command's output is what says how it finished.
 * The text is counted once, without encoding it (its size is in the notice), and never split into
 * lines: the kept lines are found from one end and counted only as far as the budget left, so
 * `seq 1 200000` makes no 200,000 strings and a 5 MB line is read once, plus its last 50 KB.
 */
function truncateLines(text: string, limits: TruncationLimits, from: 'head' | 'tail'): Truncation {
  const maxLines = limits.maxLines ?? DEFAULT_MAX_LINES;
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_BYTES;
  const totalLines = countLines(text);
  const totalBytes = utf8Length(text);
  const base = { totalLines, totalBytes, lastLinePartial: false, firstLineExceedsLimit: false };
  if (totalLines <= maxLines && totalBytes <= maxBytes) {
    return {
      ...base,
      content: text,
      truncated: false,
      truncatedBy: null,
      outputLines: totalLines,
      outputBytes: totalBytes,
    };
  }
  const budget = { lines: totalLines, maxLines, maxBytes };
  const kept = from === 'head' ? keepHead(text, budget) : keepTail(text, budget);
  return {
    ...base,
    content: kept.content,
    truncated: true,
    truncatedBy: kept.truncatedBy,
    outputLines: kept.lines,
    outputBytes: kept.bytes,
    lastLinePartial: kept.lastLinePartial,
    firstLineExceedsLimit: from === 'head' && kept.lines === 0 && totalLines > 0,
  };
}

/** {@link splitLines}' count of `text`'s lines, without making them. */
function countLines(text: string): number {
  if (text === '') return 0;
  let newlines = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) newlines += 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

/** The lines of the text and the budgets of one cut. */
interface LineBudget {
  lines: number;
  maxLines: number;
  maxBytes: number;
}

/** What one end of the text kept: its lines joined by newlines, their count and UTF-8 size. */
interface Kept {
  content: string;
  lines: number;
  bytes: number;
  truncatedBy: 'lines' | 'bytes';
  lastLinePartial: boolean;
}

/** Where the text's last line ends: before a final newline, which ends a line but starts none. */
function textEnd(text: string): number {
  return text.endsWith('\n') ? text.length - 1 : text.length;
}

/** Whole lines from the start of `text` within both budgets, the text being over one of them. */
function keepHead(text: string, budget: LineBudget): Kept {
  const end = textEnd(text);
  const kept = (lines: number, bytes: number, cut: number, truncatedBy: Kept['truncatedBy']): Kept => ({
    content: text.slice(0, cut),
    lines,
    bytes,
    truncatedBy,
    lastLinePartial: false,
  });
  let bytes = 0;
  let cut = 0;
  for (let lines = 0, start = 0; lines < budget.lines; lines += 1) {
    if (lines >= budget.maxLines) return kept(lines, bytes, cut, 'lines');
    const newline = text.indexOf('\n', start);
    const lineEnd = newline === -1 ? end : newline;
    const separator = lines > 0 ? 1 : 0;
    // Counted only as far as the budget left: past it, the line's exact size changes nothing.
    const size = utf8LengthUpTo(text, budget.maxBytes - bytes - separator, start, lineEnd);
    if (bytes + separator + size > budget.maxBytes) return kept(lines, bytes, cut, 'bytes');
    bytes += separator + size;
    cut = lineEnd;
    start = lineEnd + 1;
  }
  // Every line fit: only the text's final newline, which is no line, put it over the byte budget.
  return kept(budget.lines, bytes, cut, 'lines');
}

/** Whole lines from the end of `text` within both budgets, or the end of a last line over the bytes. */
function keepTail(text: string, budget: LineBudget): Kept {
  const end = textEnd(text);
  const kept = (lines: number, bytes: number, cut: number, truncatedBy: Kept['truncatedBy']): Kept => ({
    content: text.slice(cut, end),
    lines,
    bytes,
    truncatedBy,
    lastLinePartial: false,
  });
  let bytes = 0;
  let cut = end;
  for (let lines = 0, lineEnd = end; lines < budget.lines; lines += 1) {
    if (lines >= budget.maxLines) return kept(lines, bytes, cut, 'lines');
    const lineStart = lineEnd === 0 ? 0 : text.lastIndexOf('\n', lineEnd - 1) + 1;
    const separator = lines > 0 ? 1 : 0;
    const size = utf8LengthUpTo(text, budget.maxBytes - bytes - separator, lineStart, lineEnd);
    if (bytes + separator + size > budget.maxBytes) {
      if (lines > 0) return kept(lines, bytes, cut, 'bytes');
      const content = tailBytes(text.slice(lineStart, lineEnd), budget.maxBytes);
      return { content, lines: 1, bytes: utf8Length(content), truncatedBy: 'bytes', lastLinePartial: true };
    }
    bytes += separator + size;
    cut = lineStart;
    lineEnd = lineStart - 1;
  }
  return kept(budget.lines, bytes, cut, 'lines');
}

/** Clips one line to `maxChars` characters (code points), with a marker when clipped. */
export function clipLine(
  line: string,
  maxChars: number = GREP_MAX_LINE_CHARS,
): { text: string; clipped: boolean } {
  const chars = Array.from(line);
  if (chars.length <= maxChars) return { text: line, clipped: false };
  return { text: `${chars.slice(0, maxChars).join('')}... [truncated]`, clipped: true };
}

/**
 * Makes text safe to send to a provider and to store: lone surrogates become U+FFFD, NUL and other C0
 * controls except tab, newline and carriage return become `\u{…}` escapes that a reader can see.
 */
export function sanitizeText(text: string): string {
  return text
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .replace(
      // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g,
      (char) => `\\u{${char.charCodeAt(0).toString(16)}}`,
    );
}
