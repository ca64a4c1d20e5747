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

/**
 * A one-line summary of a JSON value: `{"path":"a.txt"}` with runs of white space made one space, cut
 * to `max` characters. Only as much of the value is read and written as the summary shows, so a
 * history row of a call with 900 KB of arguments costs what one of 60 characters does.
 */
export function shortJson(value: unknown, max = 80): string {
  const text =
    typeof value === 'string' ? collapsedStart(value, max + 1, (chunk) => chunk) : jsonStart(value, max);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const WHITE_SPACE = /\s+/g;

/**
 * The start of `text` with runs of white space made one space: at least `wanted` characters of it,
 * or all of it. Read in pieces of about `wanted` characters (never between the halves of a surrogate
 * pair), each written by `write`; a run of spaces across two pieces still becomes one.
 */
function collapsedStart(text: string, wanted: number, write: (piece: string) => string): string {
  if (text.length <= wanted * 2) return write(text).replace(WHITE_SPACE, ' ');
  let head = '';
  for (let start = 0; start < text.length && head.length < wanted; ) {
    let end = Math.min(text.length, start + wanted + 16);
    const last = text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff && end < text.length) end += 1;
    head = (head + write(text.slice(start, end))).replace(WHITE_SPACE, ' ');
    start = end;
  }
  return head;
}

/** A value {@link jsonStart} leaves to `JSON.stringify`: not plain JSON, or holding itself. */
const NOT_PLAIN = Symbol('not plain JSON');

/**
 * `JSON.stringify(value)` with runs of white space made one space (which only strings hold), or at
 * least its first `max + 1` characters, walked only that far. Anything but plain JSON (a `toJSON`, a
 * class instance, a cycle, a bigint) is left to `JSON.stringify`, or `String` when that throws.
 */
function jsonStart(value: unknown, max: number): string {
  let out = '';
  const open = new Set<object>();
  const string = (text: string): string =>
    `"${collapsedStart(text, max + 1 - out.length, (piece) => JSON.stringify(piece).slice(1, -1))}"`;
  /** Writes `item`, or its start once `out` is past `max`; a member JSON leaves out is `undefined`. */
  const write = (item: unknown): void => {
    if (item === null || typeof item === 'boolean' || typeof item === 'number') out += JSON.stringify(item);
    else if (typeof item === 'string') out += string(item);
    else if (!isPlainContainer(item) || open.has(item)) throw NOT_PLAIN;
    else {
      open.add(item);
      if (Array.isArray(item)) writeArray(item);
      else writeObject(item as Record<string, unknown>);
      open.delete(item);
    }
  };
  const writeArray = (items: unknown[]): void => {
    out += '[';
    for (let index = 0; index < items.length; index += 1) {
      if (out.length > max) return;
      if (index > 0) out += ',';
      const item = items[index];
      if (isLeftOut(item)) out += 'null';
      else write(item);
    }
    out += ']';
  };
  const writeObject = (object: Record<string, unknown>): void => {
    out += '{';
    let first = true;
    for (const key of Object.keys(object)) {
      if (out.length > max) return;
      const item = object[key];
      if (isLeftOut(item)) continue;
      out += `${first ? '' : ','}${string(key)}:`;
      first = false;
      write(item);
    }
    out += '}';
  };
  try {
    write(value);
    return out;
  } catch (error) {
    if (error !== NOT_PLAIN) throw error;
    let text: string;
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
    return text.replace(WHITE_SPACE, ' ');
  }
}

/** A member `JSON.stringify` writes as `null` in an array and leaves out of an object. */
function isLeftOut(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/** An array or an object of `Object`'s own kind (or none), with no `toJSON` of its own. */
function isPlainContainer(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  const prototype = Object.getPrototypeOf(value);
  return Array.isArray(value) || prototype === Object.prototype || prototype === null;
}

/** JSON text with two-space indentation; a value JSON cannot hold becomes `null`. */
export function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? 'null';
  } catch (error) {
    return `/* not serialisable: ${errorMessage(error)} */`;
  }
}
