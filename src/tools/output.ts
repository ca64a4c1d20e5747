/**
 * Output budgets and truncation shared by every built-in tool: one place for the line and byte limits
 * and the helpers that cut text without splitting a UTF-8 character or a surrogate pair (the byte
 * counting and cutting itself is the shared module's).
 */
import { tailBytes, utf8Length } from '../shared/index.ts';

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
 */
function truncateLines(text: string, limits: TruncationLimits, from: 'head' | 'tail'): Truncation {
  const maxLines = limits.maxLines ?? DEFAULT_MAX_LINES;
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_BYTES;
  const lines = splitLines(text);
  const totalBytes = utf8Length(text);
  const base = { totalLines: lines.length, totalBytes, lastLinePartial: false, firstLineExceedsLimit: false };
  if (lines.length <= maxLines && totalBytes <= maxBytes) {
    return {
      ...base,
      content: text,
      truncated: false,
      truncatedBy: null,
      outputLines: lines.length,
      outputBytes: totalBytes,
    };
  }
  const ordered = from === 'head' ? lines : [...lines].reverse();
  const kept: string[] = [];
  let bytes = 0;
  let truncatedBy: 'lines' | 'bytes' = 'lines';
  let lastLinePartial = false;
  for (const line of ordered) {
    if (kept.length >= maxLines) {
      truncatedBy = 'lines';
      break;
    }
    const size = utf8Length(line) + (kept.length > 0 ? 1 : 0);
    if (bytes + size > maxBytes) {
      truncatedBy = 'bytes';
      if (from === 'tail' && kept.length === 0) {
        kept.push(tailBytes(line, maxBytes));
        lastLinePartial = true;
      }
      break;
    }
    kept.push(line);
    bytes += size;
  }
  if (from === 'tail') kept.reverse();
  const content = kept.join('\n');
  return {
    ...base,
    content,
    truncated: true,
    truncatedBy,
    outputLines: kept.length,
    outputBytes: utf8Length(content),
    lastLinePartial,
    firstLineExceedsLimit: from === 'head' && kept.length === 0 && lines.length > 0,
  };
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
