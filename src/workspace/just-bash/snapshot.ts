/**
 * Whole-tree snapshots of the embedded workspace: what persistence writes when it saves the tree whole
 * (its first save, and when the changes appended since outweigh the tree), and what it writes back at
 * start. Commands do not take them: what a command changed is recorded as it writes
 * (./change-tracking.ts). A snapshot shares file contents with the filesystem: nothing is copied.
 *
 * Imports just-bash's types and workspace.ts only.
 */
import type { FsEntry, IFileSystem } from 'just-bash';
import { isInside, parentOf, type RestoredSnapshot } from '../workspace.ts';

/** What a path held when the snapshot was taken. Contents are the filesystem's own values, shared. */
export type SnapshotEntry =
  | { type: 'directory'; mode: number }
  | { type: 'file'; mode: number; content: Uint8Array | string }
  | { type: 'symlink'; target: string };

/** Every entry under a root, parents before their children. */
export type Snapshot = Map<string, SnapshotEntry>;

/**
 * just-bash's `InMemoryFs` keeps every entry in one `Map` (its `data` field), with entries replaced
 * when a file is written (a mode or time is set on the entry itself). Reading that map is one pass over
 * memory (about a millisecond for 10,000 files); the public API costs two awaited calls per path
 * (about 65 ms). `undefined` when the filesystem keeps no such map (another just-bash version, another
 * filesystem).
 */
export function entryIndex(fs: IFileSystem): ReadonlyMap<string, FsEntry> | undefined {
  const data = (fs as unknown as { data?: unknown }).data;
  return data instanceof Map ? (data as ReadonlyMap<string, FsEntry>) : undefined;
}

/** Every entry at or below `root`. */
export async function takeSnapshot(fs: IFileSystem, root: string): Promise<Snapshot> {
  const index = entryIndex(fs);
  if (!index) return takeSnapshotThroughApi(fs, root);
  const snapshot: Snapshot = new Map();
  for (const [path, entry] of index) {
    if (!isInside(root, path)) continue;
    if (entry.type === 'directory') snapshot.set(path, { type: 'directory', mode: entry.mode });
    else if (entry.type === 'symlink') snapshot.set(path, { type: 'symlink', target: entry.target });
    else if ('content' in entry)
      snapshot.set(path, { type: 'file', mode: entry.mode, content: entry.content });
    // A lazy file (never created by this workspace) is read, which materialises it.
    else snapshot.set(path, { type: 'file', mode: entry.mode, content: await fs.readFileBuffer(path) });
  }
  return snapshot;
}

/** {@link takeSnapshot} through the public filesystem API: one `lstat` per path, then its content. */
async function takeSnapshotThroughApi(fs: IFileSystem, root: string): Promise<Snapshot> {
  const paths = fs.getAllPaths().filter((path) => isInside(root, path));
  const stats = await Promise.all(paths.map((path) => fs.lstat(path).catch(() => undefined)));
  const snapshot: Snapshot = new Map();
  for (const [position, path] of paths.entries()) {
    const stat = stats[position];
    if (!stat) continue;
    if (stat.isSymbolicLink) snapshot.set(path, { type: 'symlink', target: await fs.readlink(path) });
    else if (stat.isDirectory) snapshot.set(path, { type: 'directory', mode: stat.mode });
    else snapshot.set(path, { type: 'file', mode: stat.mode, content: await fs.readFileBuffer(path) });
  }
  return snapshot;
}

/** Replaces everything at or below `root` with `snapshot`. */
export async function restoreTree(
  fs: IFileSystem,
  root: string,
  snapshot: Snapshot,
): Promise<RestoredSnapshot> {
  await fs.rm(root, { recursive: true, force: true });
  await fs.mkdir(root, { recursive: true });
  let files = 0;
  let directories = 0;
  // Map order is insertion order, and the filesystem's index lists a directory before its contents.
  for (const [path, entry] of snapshot) {
    if (path === root) continue;
    await fs.mkdir(parentOf(path), { recursive: true });
    if (entry.type === 'directory') {
      await fs.mkdir(path, { recursive: true });
      await fs.chmod(path, entry.mode);
      directories += 1;
    } else if (entry.type === 'file') {
      await fs.writeFile(path, entry.content);
      await fs.chmod(path, entry.mode);
      files += 1;
    } else {
      await fs.symlink(entry.target, path);
      files += 1;
    }
  }
  return { files, directories };
}
