/**
 * The stored form of a persisted workspace: one byte string per workspace, so a save replaces the
 * previous one whole (storage writes it atomically) and a failed save leaves the previous one intact.
 *
 * Layout: the 4 bytes `BAW1`, a little-endian uint32 header length, a UTF-8 JSON header listing every
 * entry under the root (relative path, type, mode, size or symlink target), then the files' bytes in
 * header order. Directories (empty ones included), modes and symlinks survive; a zip could not carry
 * modes and symlinks through fflate's reader. Imports snapshot.ts and workspace.ts only.
 */
import { normalizePosix } from '../workspace.ts';
import type { Snapshot, SnapshotEntry } from './snapshot.ts';

const MAGIC = 'BAW1';

/** One entry of the header. Paths are relative to the root, so a workspace may move. */
type HeaderEntry =
  | { path: string; type: 'directory'; mode: number }
  | { path: string; type: 'file'; mode: number; size: number }
  | { path: string; type: 'symlink'; target: string };

interface Header {
  entries: HeaderEntry[];
}

const encoder = new TextEncoder();

/** `snapshot` (a tree under `root`) as stored bytes. String contents are encoded as UTF-8. */
export function encodeTree(snapshot: Snapshot, root: string): Uint8Array {
  const entries: HeaderEntry[] = [];
  const contents: Uint8Array[] = [];
  const prefix = root === '/' ? '/' : `${root}/`;
  for (const [path, entry] of snapshot) {
    if (path === root) continue;
    const relative = path.slice(prefix.length);
    if (entry.type === 'directory') entries.push({ path: relative, type: 'directory', mode: entry.mode });
    else if (entry.type === 'symlink')
      entries.push({ path: relative, type: 'symlink', target: entry.target });
    else {
      const bytes = typeof entry.content === 'string' ? encoder.encode(entry.content) : entry.content;
      entries.push({ path: relative, type: 'file', mode: entry.mode, size: bytes.length });
      contents.push(bytes);
    }
  }
  const header = encoder.encode(JSON.stringify({ entries } satisfies Header));
  const total = 8 + header.length + contents.reduce((sum, bytes) => sum + bytes.length, 0);
  const out = new Uint8Array(total);
  out.set(encoder.encode(MAGIC), 0);
  new DataView(out.buffer).setUint32(4, header.length, true);
  out.set(header, 8);
  let offset = 8 + header.length;
  for (const bytes of contents) {
    out.set(bytes, offset);
    offset += bytes.length;
  }
  return out;
}

/**
 * Stored bytes back as a snapshot under `root` (parents before children), or an `Error` saying why
 * they cannot be read. Contents are views into `bytes`: nothing is copied. Paths that would leave the
 * root are refused, so damaged data cannot write outside it.
 */
export function decodeTree(bytes: Uint8Array, root: string): Snapshot {
  if (bytes.length < 8 || new TextDecoder().decode(bytes.subarray(0, 4)) !== MAGIC) {
    throw new Error('the stored data is not a saved workspace (unknown format).');
  }
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true);
  if (8 + headerLength > bytes.length) throw new Error('the stored data is truncated.');
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + headerLength))) as Header;
  if (!Array.isArray(header?.entries)) throw new Error('the stored data has no entry list.');
  const snapshot: Snapshot = new Map([[root, { type: 'directory', mode: 0o755 }]]);
  let offset = 8 + headerLength;
  for (const entry of header.entries) {
    const path = normalizePosix(`${root}/${entry.path}`);
    if (path === root || !path.startsWith(root === '/' ? '/' : `${root}/`)) {
      throw new Error(`the stored entry ${JSON.stringify(entry.path)} is outside the workspace.`);
    }
    let value: SnapshotEntry;
    if (entry.type === 'directory') value = { type: 'directory', mode: entry.mode };
    else if (entry.type === 'symlink') value = { type: 'symlink', target: String(entry.target) };
    else {
      if (offset + entry.size > bytes.length) throw new Error('the stored data is truncated.');
      value = { type: 'file', mode: entry.mode, content: bytes.subarray(offset, offset + entry.size) };
      offset += entry.size;
    }
    snapshot.set(path, value);
  }
  return snapshot;
}
