/**
 * What the WebContainer adapter does to a process's PTY output before the model sees it: keep a bounded
 * tail of the raw stream while it is read, then strip terminal escape sequences and carriage returns.
 * Not a terminal emulator: cursor movement is dropped, not replayed. Bytes are counted the way the
 * core's output budget counts them.
 */
import { tailBytes, utf8Length } from '../../shared/index.ts';

/**
 * Escape sequences as ECMA-48 defines them, in the order they are tried at each ESC:
 * OSC (`ESC ]` … BEL or ST: window titles, jsh's `654` prompt/exit markers, hyperlinks); CSI
 * (`ESC [`, parameter bytes 0x30–0x3F, intermediates 0x20–0x2F, a final byte 0x40–0x7E: colours,
 * cursor, erase); DCS/SOS/PM/APC strings (`ESC P|X|^|_` … ST); any other two- or three-byte escape
 * (charset selection, keypad modes, reset); and the 8-bit CSI. An OSC, CSI or string sequence cut off
 * by the end of the output (a killed process) is removed too.
 */
const TERMINAL_SEQUENCE = new RegExp(
  [
    '\\u001b\\][^\\u0007\\u001b]*(?:\\u0007|\\u001b\\\\|$)',
    '\\u001b\\[[0-?]*[ -/]*(?:[@-~]|$)',
    '\\u001b[PX^_][^\\u001b]*(?:\\u001b\\\\|$)',
    '\\u001b[ -/]*[0-~]',
    '\\u009b[0-?]*[ -/]*[@-~]',
  ].join('|'),
  'g',
);

/**
 * Turns raw PTY output into plain text for the model: escape sequences removed, `\r\n` (and `\r\r\n`)
 * made `\n`, and a line redrawn with `\r` (a spinner, a progress bar) kept as a terminal leaves it: its
 * last non-empty frame only, so hundreds of frames do not become hundreds of lines.
 *
 * Takes time linear in the output: the lines are split once and only those holding a `\r` are cut into
 * frames. (A global pattern of any run of non-newlines, a `\r`, and any run again retries from every
 * character of a line without `\r`: that made an 80,000-character line take a minute and a 400,000-character one hold the page's thread
 * past its command's timeout.)
 */
export function stripTerminalOutput(raw: string): string {
  const text = raw.replace(TERMINAL_SEQUENCE, '');
  let carriage = text.indexOf('\r');
  if (carriage < 0) return text;
  const parts: string[] = [];
  let copied = 0;
  while (carriage >= 0) {
    // The whole line around this `\r` is redrawn at once; the search goes on after it.
    const lineStart = text.lastIndexOf('\n', carriage) + 1;
    const newline = text.indexOf('\n', carriage);
    const lineEnd = newline < 0 ? text.length : newline;
    parts.push(text.slice(copied, lineStart), lastFrame(text, lineStart, lineEnd));
    copied = lineEnd;
    carriage = newline < 0 ? -1 : text.indexOf('\r', newline);
  }
  parts.push(text.slice(copied));
  return parts.join('');
}

/**
 * The last non-empty `\r`-separated frame of `text` between `start` and `end` (a line); trailing `\r`s
 * (a `\r\n` line end) leave empty frames, which are skipped. Looks back from the end, so a line of a
 * million `\r`s costs a million steps, not a million strings.
 */
function lastFrame(text: string, start: number, end: number): string {
  let frameEnd = end;
  while (frameEnd > start) {
    const carriage = text.lastIndexOf('\r', frameEnd - 1);
    const frameStart = carriage < start ? start : carriage + 1;
    if (frameStart < frameEnd) return text.slice(frameStart, frameEnd);
    frameEnd = carriage;
  }
  return '';
}

/**
 * The last `maxBytes` (UTF-8) of a stream of text chunks. Older text is dropped from the front, never
 * inside a character, and counted in {@link OutputTail.droppedBytes}, so memory stays bounded however
 * much a process prints. Dropping moves a start index instead of shifting the array (a shift copies
 * every chunk left: with a million small chunks past the bound, each push cost a million moves).
 */
export class OutputTail {
  /** Bytes dropped from the front so far. */
  droppedBytes = 0;
  private readonly maxBytes: number;
  private chunks: string[] = [];
  /** Index of the first chunk still kept. */
  private head = 0;
  private bytes = 0;

  /** `maxBytes`: how much raw output to keep; at least 1. */
  constructor(maxBytes: number) {
    this.maxBytes = Math.max(1, Math.floor(maxBytes));
  }

  /** Appends a chunk, then drops from the front until the kept text fits. */
  push(chunk: string): void {
    if (chunk === '') return;
    this.chunks.push(chunk);
    this.bytes += utf8Length(chunk);
    while (this.bytes > this.maxBytes && this.head < this.chunks.length) {
      const first = this.chunks[this.head] as string;
      const firstBytes = utf8Length(first);
      const excess = this.bytes - this.maxBytes;
      if (firstBytes <= excess) {
        this.chunks[this.head] = '';
        this.head += 1;
        this.bytes -= firstBytes;
        this.droppedBytes += firstBytes;
        continue;
      }
      const kept = tailBytes(first, firstBytes - excess);
      const keptBytes = utf8Length(kept);
      this.chunks[this.head] = kept;
      this.bytes -= firstBytes - keptBytes;
      this.droppedBytes += firstBytes - keptBytes;
    }
    // Dropped slots are let go once they are most of the array, so memory follows what is kept.
    if (this.head > 1024 && this.head * 2 > this.chunks.length) {
      this.chunks = this.chunks.slice(this.head);
      this.head = 0;
    }
  }

  /** Forgets the kept text (what was dropped stays counted). */
  clear(): void {
    this.chunks = [];
    this.head = 0;
    this.bytes = 0;
  }

  /** The kept text, raw (escape sequences still in). */
  text(): string {
    return this.chunks.slice(this.head).join('');
  }
}
