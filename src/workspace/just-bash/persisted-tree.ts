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
 * into `bytes`: nothing is copied. Every field of every entry is checked before the snapshot is
 * returned (see {@link checkedEntry}), and each record's files must end where the next record starts,
 * so damaged data is refused whole, never half restored; paths that would leave the root are refused,
 * so damaged data cannot write outside it.
 */
export function decodeTree(bytes: Uint8Array, root: string): Snapshot {
  if (magicAt(bytes, 0) !== MAGIC) {
    throw new Error('the stored data is not a saved workspace (unknown format).');
  }
  const snapshot: Snapshot = new Map([[root, { type: 'directory', mode: 0o755 }]]);
  let offset = decodeRecord(bytes, 0, root, snapshot);
  while (offset < bytes.length) {
    if (magicAt(bytes, offset) !== CHANGES_MAGIC) {
      throw new Error(`the stored data has ${bytes.length - offset} bytes after its last file.`);
    }
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
  const { entries, removed } = headerOf(bytes.subarray(start, start + headerLength));
  for (const path of removed) snapshot.delete(insideRoot(root, path));
  const seen = new Set<string>();
  let position = start + headerLength;
  for (const [index, raw] of entries.entries()) {
    const entry = checkedEntry(raw, index);
    const path = insideRoot(root, entry.path);
    if (seen.has(path)) throw new Error(`the stored entry ${JSON.stringify(entry.path)} appears twice.`);
    seen.add(path);
    let value: SnapshotEntry;
    if (entry.type === 'directory') value = { type: 'directory', mode: entry.mode };
    else if (entry.type === 'symlink') value = { type: 'symlink', target: entry.target };
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

/** A record header's entries and removed paths, or why it cannot be read. */
function headerOf(header: Uint8Array): { entries: unknown[]; removed: string[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(header));
  } catch {
    throw new Error('the stored header is not JSON.');
  }
  const { entries, removed = [] } = (parsed ?? {}) as { entries?: unknown; removed?: unknown };
  if (!Array.isArray(entries)) throw new Error('the stored data has no entry list.');
  if (!Array.isArray(removed) || !removed.every((path) => typeof path === 'string' && path !== '')) {
    throw new Error('the stored data has an invalid list of removed paths.');
  }
  return { entries, removed };
}

/** Longest stored path or symlink target, in characters: the tools' path limit. */
const MAX_STORED_PATH = 4096;

const isMode = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 0o7777;

/**
 * One header entry, each field checked: a path of 1 to 4,096 characters, a known type, a mode of 0 to
 * 0o7777, a file size that is a whole number of bytes (0 or more), a symlink target of 1 to 4,096
 * characters. Throws naming the entry and the field.
 */
function checkedEntry(raw: unknown, index: number): HeaderEntry {
  const entry = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const { path, type } = entry;
  const bad = (field: string): Error =>
    new Error(
      `the stored entry ${index + 1}${typeof path === 'string' ? ` (${JSON.stringify(path.slice(0, 200))})` : ''} has an invalid ${field}.`,
    );
  if (typeof path !== 'string' || path === '' || path.length > MAX_STORED_PATH || path.includes('\0')) {
    throw bad('path');
  }
  if (type === 'directory' || type === 'file') {
    if (!isMode(entry.mode)) throw bad('mode');
    if (type === 'directory') return { path, type, mode: entry.mode };
    const { size } = entry;
    if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) throw bad('size');
    return { path, type, mode: entry.mode, size };
  }
  if (type === 'symlink') {
    const { target } = entry;
    if (
      typeof target !== 'string' ||
      target === '' ||
      target.length > MAX_STORED_PATH ||
      target.includes('\0')
    ) {
      throw bad('symlink target');
    }
    return { path, type, target };
  }
  throw bad('type');
}
