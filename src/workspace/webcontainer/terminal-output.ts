/**
 * What the WebContainer adapter does to a process's PTY output before the model sees it: keep a bounded
 * tail of the raw stream while it is read, then strip terminal escape sequences and carriage returns.
 * Not a terminal emulator: cursor movement is dropped, not replayed. Bytes are counted the way the
 * core's output budget counts them.
 */
import { utf8Length } from '../../core/budget.ts';

export { utf8Length };

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
 */
export function stripTerminalOutput(raw: string): string {
  return raw
    .replace(TERMINAL_SEQUENCE, '')
    .replace(/\r+\n/g, '\n')
    .replace(/[^\n]*\r[^\n]*/g, (line) => lastFrame(line.split('\r')));
}

/** The last non-empty frame of a line drawn in `\r`-separated frames. */
function lastFrame(frames: string[]): string {
  for (let index = frames.length - 1; index >= 0; index -= 1) {
    const frame = frames[index];
    if (frame !== undefined && frame !== '') return frame;
  }
  return '';
}

const isLowSurrogate = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * The last `maxBytes` (UTF-8) of a stream of text chunks. Older text is dropped from the front, never
 * inside a character, and counted in {@link OutputTail.droppedBytes}, so memory stays bounded however
 * much a process prints.
 */
export class OutputTail {
  /** Bytes dropped from the front so far. */
  droppedBytes = 0;
  private readonly maxBytes: number;
  private chunks: string[] = [];
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
    while (this.bytes > this.maxBytes) {
      const first = this.chunks[0];
      if (first === undefined) break;
      const firstBytes = utf8Length(first);
      const excess = this.bytes - this.maxBytes;
      if (firstBytes <= excess) {
        this.chunks.shift();
        this.bytes -= firstBytes;
        this.droppedBytes += firstBytes;
        continue;
      }
      const kept = tailOf(first, firstBytes - excess);
      const keptBytes = utf8Length(kept);
      this.chunks[0] = kept;
      this.bytes -= firstBytes - keptBytes;
      this.droppedBytes += firstBytes - keptBytes;
    }
  }

  /** The kept text, raw (escape sequences still in). */
  text(): string {
    return this.chunks.join('');
  }
}

/** The longest suffix of `text` whose UTF-8 length is at most `maxBytes`, cut between characters. */
function tailOf(text: string, maxBytes: number): string {
  let bytes = 0;
  let start = text.length;
  while (start > 0) {
    let next = start - 1;
    const unit = text.charCodeAt(next);
    if (isLowSurrogate(unit) && next > 0) {
      const high = text.charCodeAt(next - 1);
      if (high >= 0xd800 && high <= 0xdbff) next -= 1;
    }
    const size = utf8Length(text.slice(next, start));
    if (bytes + size > maxBytes) break;
    bytes += size;
    start = next;
  }
  return text.slice(start);
}
