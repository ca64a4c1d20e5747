/**
 * Pure helpers for showing untrusted text: control characters made visible, sizes, lines. Text is
 * only ever rendered as React text nodes; these helpers decide what those nodes contain.
 */
import { errorMessage, utf8Length } from '../../shared/index.ts';

/** A piece of text to show: plain, or one invisible or dangerous character shown as a label. */
export type TextRun = { text: string } | { control: string; code: string };

/**
 * C0 and C1 controls (except tab), DEL, zero-width and bidirectional formatting characters, the BOM,
 * and lone surrogates. Line feeds are handled by the caller (lines are split first).
 */
const CONTROL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200B-\u200F\u2028\u2029\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const NAMED: Readonly<Record<number, string>> = {
  0: '␀',
  7: '␇',
  8: '␈',
  11: '␋',
  12: '␌',
  13: '␍',
  27: '␛',
  127: '␡',
};

/** `U+202E`, upper-case hex, at least four digits. */
function codePointLabel(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Splits `text` into plain runs and visible stand-ins for control characters: `␀` for NUL, `␛` for
 * ESC, `⟨U+202E⟩` for the rest. Never drops a character; the stand-in says what was there.
 */
export function visibleRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  let last = 0;
  for (const match of text.matchAll(CONTROL)) {
    const index = match.index;
    if (index > last) runs.push({ text: text.slice(last, index) });
    const code = match[0].charCodeAt(0);
    runs.push({ control: NAMED[code] ?? `⟨${codePointLabel(code)}⟩`, code: codePointLabel(code) });
    last = index + match[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last) });
  return runs;
}

/** UTF-8 size of `text` in bytes. */
export const byteLength = (text: string): number => utf8Length(text);

/** `1,234` in the page's number style (en). */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/** `1 line`, `2 lines`. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** Lines of `text`: split on LF (a CR before it stays visible as `␍` only when not part of CRLF). */
export function splitLines(text: string): string[] {
  if (text === '') return [''];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (line?.endsWith('\r')) lines[index] = line.slice(0, -1);
  }
  return lines;
}

/** `text` cut to `max` characters, and how many were left out. */
export function clip(text: string, max: number): { text: string; hidden: number } {
  if (text.length <= max) return { text, hidden: 0 };
  return { text: text.slice(0, max), hidden: text.length - max };
}

/** A one-line summary of a JSON value: `{"path":"a.txt"}` cut to `max` characters. */
export function shortJson(value: unknown, max = 80): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  text = text.replace(/\s+/g, ' ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** JSON text with two-space indentation; a value JSON cannot hold becomes `null`. */
export function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? 'null';
  } catch (error) {
    return `/* not serialisable: ${errorMessage(error)} */`;
  }
}
