/**
 * Size formatting shared by the engine (inside the Worker) and the tool (on the host). Pure. Bytes are
 * counted with the shared `utf8Length`, so codemode's caps and the output budget measure text the same
 * way.
 */

/** Formats a byte count the way every codemode message does: `256 KB`, `1 MB`, `64 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} B`;
}
