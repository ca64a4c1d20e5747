/**
 * Byte counting and size formatting shared by the engine (inside the Worker) and the tool (on the
 * host). Pure functions. The byte count is the core's, so codemode's caps and the output budget measure
 * text the same way.
 */
import { utf8Length } from '../core/budget.ts';

export { utf8Length };

/** Formats a byte count the way every codemode message does: `256 KB`, `1 MB`, `64 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} B`;
}

/** The longest prefix of `text` of at most `maxBytes` UTF-8 bytes, never splitting a character. */
export function headBytes(text: string, maxBytes: number): string {
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    const size = utf8Length(char);
    if (bytes + size > maxBytes) break;
    bytes += size;
    end += char.length;
  }
  return text.slice(0, end);
}
