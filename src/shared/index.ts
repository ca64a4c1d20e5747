/**
 * Small helpers every room needs the same way: UTF-8 sizes of JavaScript strings, cuts by bytes that
 * never split a character, the one wording of a size (the built-in tools' own, which every room and
 * the playground print too), the message of anything thrown, byte arrays joined, and a turn of the
 * event loop for long work done in slices.
 * Every room may import this module and it imports nothing, so no room has to write these again (and
 * two rooms cannot measure or word the same thing differently). Pure functions, but for `nextTask`.
 */

/**
 * UTF-8 length of `text.slice(start, end)`: what `TextEncoder` writes, a lone surrogate counting as
 * U+FFFD. Counted from the character codes, never by encoding: `TextEncoder` would first copy the
 * whole text into a new buffer (5 MB of one command's output held the page over 200 ms in it).
 */
export function utf8Length(text: string, start: number = 0, end: number = text.length): number {
  return utf8LengthUpTo(text, Number.POSITIVE_INFINITY, start, end);
}

/**
 * {@link utf8Length} of `text.slice(start, end)` when it is at most `limit`; otherwise a number over
 * `limit`, found at the first character past it. A budget check needs no more: a 5 MB line against a
 * 50 KB budget is read to its first 50 KB.
 */
export function utf8LengthUpTo(
  text: string,
  limit: number,
  start: number = 0,
  end: number = text.length,
): number {
  let bytes = 0;
  for (let index = start; index < end && bytes <= limit; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (isHighSurrogate(code) && index + 1 < end && isLowSurrogate(text.charCodeAt(index + 1))) {
      bytes += 4;
      index += 1;
    } else bytes += 3;
  }
  return bytes;
}

/** The longest prefix of `text` of at most `maxBytes` UTF-8 bytes, never splitting a character. */
export function headBytes(text: string, maxBytes: number): string {
  let bytes = 0;
  let index = 0;
  while (index < text.length) {
    const width =
      isHighSurrogate(text.charCodeAt(index)) && isLowSurrogate(text.charCodeAt(index + 1)) ? 2 : 1;
    const size = utf8Length(text, index, index + width);
    if (bytes + size > maxBytes) break;
    bytes += size;
    index += width;
  }
  return text.slice(0, index);
}

/** The longest suffix of `text` of at most `maxBytes` UTF-8 bytes, never splitting a character. */
export function tailBytes(text: string, maxBytes: number): string {
  let bytes = 0;
  let start = text.length;
  while (start > 0) {
    const width =
      isLowSurrogate(text.charCodeAt(start - 1)) && isHighSurrogate(text.charCodeAt(start - 2)) ? 2 : 1;
    const size = utf8Length(text, start - width, start);
    if (bytes + size > maxBytes) break;
    bytes += size;
    start -= width;
  }
  return text.slice(start);
}

/**
 * `512B`, `50.0KB`, `3.2MB`: the sizes the built-in tools print, which tests pin, so every other
 * message (codemode, the edge worker, imports, persistence) and the playground print these words too.
 */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)}KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)}MB`;
}

/** The message of anything thrown: an Error's own message, anything else as a string. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** `parts` joined in order into one array. */
export function joinBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Gives the thread back until a new task, so long work split by it never holds a page or a worker in
 * one task. A message on a fresh channel (browsers throttle nested timers, not messages, and a 0 ms
 * timer costs 1 ms in Node); a timer where there is no `MessageChannel`.
 */
export function nextTask(): Promise<void> {
  if (typeof MessageChannel !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
