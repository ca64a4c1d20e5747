/**
 * The stored form of a persisted workspace: one byte string per workspace, made of records.
 *
 * The first record is the whole tree: the 4 bytes `BAW1`, a little-endian uint32 header length, a
 * UTF-8 JSON header listing every entry under the root (relative path, type, mode, size or symlink
 * target), then the files' bytes in header order. Directories (empty ones included), modes and
 * symlinks survive; a zip could not carry modes and symlinks through fflate's reader. A save of the
 * whole tree replaces everything stored (storage writes it atomically), so a failed save leaves the
 * previous one intact; a save from before records existed is exactly this one record.
 *
 * Each later record is what one save changed, appended (when the storage can append): `BAWD`, the
 * header length, a JSON header with the removed paths and the entries written (as above), then their
 * bytes. Reading applies them in order over the tree. Imports snapshot.ts and workspace.ts only.
 */
import { normalizePosix } from '../workspace.ts';
import type { Snapshot, SnapshotEntry } from './snapshot.ts';

const MAGIC = 'BAW1';
const CHANGES_MAGIC = 'BAWD';

/** One entry of the header. Paths are relative to the root, so a workspace may move. */
type HeaderEntry =
  | { path: string; type: 'directory'; mode: number }
  | { path: string; type: 'file'; mode: number; size: number }
  | { path: string; type: 'symlink'; target: string };

interface Header {
  entries: HeaderEntry[];
  /** In a record of changes: the relative paths removed, applied before `entries`. */
  removed?: string[];
}

const encoder = new TextEncoder();

/** `snapshot` (a tree under `root`) as stored bytes: a whole-tree record. Strings are encoded as UTF-8. */
export function encodeTree(snapshot: Snapshot, root: string): Uint8Array {
  return encodeRecord(MAGIC, snapshot, [], root);
}

/**
 * A record of changes: `written` (entries as they are now, under `root`) and `removed` (absolute
 * paths), to append after what is stored. Paths are written parent first when `written` is.
 */
export function encodeChanges(written: Snapshot, removed: readonly string[], root: string): Uint8Array {
  return encodeRecord(CHANGES_MAGIC, written, removed, root);
}

function encodeRecord(magic: string, tree: Snapshot, removed: readonly string[], root: string): Uint8Array {
  const entries: HeaderEntry[] = [];
  const contents: Uint8Array[] = [];
  const prefix = root === '/' ? '/' : `${root}/`;
  for (const [path, entry] of tree) {
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
  const header: Header = { entries };
  if (magic === CHANGES_MAGIC) header.removed = removed.map((path) => path.slice(prefix.length));
  const headerBytes = encoder.encode(JSON.stringify(header));
  const total = 8 + headerBytes.length + contents.reduce((sum, bytes) => sum + bytes.length, 0);
  const out = new Uint8Array(total);
  out.set(encoder.encode(magic), 0);
  new DataView(out.buffer).setUint32(4, headerBytes.length, true);
  out.set(headerBytes, 8);
  let offset = 8 + headerBytes.length;
  for (const bytes of contents) {
    out.set(bytes, offset);
    offset += bytes.length;
  }
  return out;
}

/**
 * Stored bytes back as a snapshot under `root` (parents before children), or an `Error` saying why
 * they cannot be read: the whole-tree record, then every record of changes over it. Contents are views
 * into `bytes`: nothing is copied. Paths that would leave the root are refused, so damaged data cannot
 * write outside it.
 */
export function decodeTree(bytes: Uint8Array, root: string): Snapshot {
  if (magicAt(bytes, 0) !== MAGIC) {
    throw new Error('the stored data is not a saved workspace (unknown format).');
  }
  const snapshot: Snapshot = new Map([[root, { type: 'directory', mode: 0o755 }]]);
  let offset = decodeRecord(bytes, 0, root, snapshot);
  while (offset < bytes.length) {
    if (magicAt(bytes, offset) !== CHANGES_MAGIC) throw new Error('the stored data has an unknown record.');
    offset = decodeRecord(bytes, offset, root, snapshot);
  }
  return snapshot;
}

function magicAt(bytes: Uint8Array, offset: number): string | undefined {
  return bytes.length >= offset + 8
    ? new TextDecoder().decode(bytes.subarray(offset, offset + 4))
    : undefined;
}

/** Applies the record at `offset` to `snapshot`; returns where the next record starts. */
function decodeRecord(bytes: Uint8Array, offset: number, root: string, snapshot: Snapshot): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = view.getUint32(offset + 4, true);
  const start = offset + 8;
  if (start + headerLength > bytes.length) throw new Error('the stored data is truncated.');
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(start, start + headerLength))) as Header;
  if (!Array.isArray(header?.entries)) throw new Error('the stored data has no entry list.');
  for (const removed of header.removed ?? []) snapshot.delete(insideRoot(root, String(removed)));
  let position = start + headerLength;
  for (const entry of header.entries) {
    const path = insideRoot(root, entry.path);
    let value: SnapshotEntry;
    if (entry.type === 'directory') value = { type: 'directory', mode: entry.mode };
    else if (entry.type === 'symlink') value = { type: 'symlink', target: String(entry.target) };
    else {
      if (position + entry.size > bytes.length) throw new Error('the stored data is truncated.');
      value = { type: 'file', mode: entry.mode, content: bytes.subarray(position, position + entry.size) };
      position += entry.size;
    }
    snapshot.set(path, value);
  }
  return position;
}

/** The absolute path of a stored relative one; refuses one that would leave the root. */
function insideRoot(root: string, relative: string): string {
  const path = normalizePosix(`${root}/${relative}`);
  if (path === root || !path.startsWith(root === '/' ? '/' : `${root}/`)) {
    throw new Error(`the stored entry ${JSON.stringify(relative)} is outside the workspace.`);
  }
  return path;
}
