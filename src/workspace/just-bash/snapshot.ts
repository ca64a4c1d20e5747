/**
 * Snapshots of the embedded workspace's tree: taken before every command, compared with the tree after
 * it, so a command that deleted files is seen whatever its script looked like (`rm`, `"r"m`, `$'\x72m'`,
 * `find -delete`, `mv` out of the root, ...). A snapshot shares file contents with the filesystem:
 * nothing is copied, and only what a command deletes stays alive in it.
 *
 * Emptying or overwriting a file (`> file`, `echo x > file`) changes it but deletes nothing: the path
 * still holds a file, so it is not counted and keeps no snapshot, as with the `write` tool. A snapshot
 * kept for a later deletion still undoes such changes, like every other change made after it.
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
 * just-bash's `InMemoryFs` keeps every entry in one `Map` (its `data` field), with entries replaced,
 * never edited, when a file is written. Reading that map is one pass over memory (about a millisecond
 * for 10,000 files); the public API costs two awaited calls per path (about 65 ms). `undefined` when
 * the filesystem keeps no such map (another just-bash version, another filesystem).
 */
function entryIndex(fs: IFileSystem): ReadonlyMap<string, FsEntry> | undefined {
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

/**
 * Files and symlinks of `before` that are gone now: their path holds nothing, or a directory. A file
 * moved to another path counts as deleted at its old path, as `rm` of it would.
 */
export async function countDeletedFiles(fs: IFileSystem, before: Snapshot): Promise<number> {
  const index = entryIndex(fs);
  const typeNow = index ? (path: string) => index.get(path)?.type : await typesThroughApi(fs, before);
  let deleted = 0;
  for (const [path, entry] of before) {
    if (entry.type === 'directory') continue;
    const now = typeNow(path);
    if (now === undefined || now === 'directory') deleted += 1;
  }
  return deleted;
}

async function typesThroughApi(
  fs: IFileSystem,
  before: Snapshot,
): Promise<(path: string) => FsEntry['type'] | undefined> {
  const present = new Set(fs.getAllPaths());
  const files = [...before.keys()].filter(
    (path) => present.has(path) && before.get(path)?.type !== 'directory',
  );
  const stats = await Promise.all(files.map((path) => fs.lstat(path).catch(() => undefined)));
  const directories = new Set(files.filter((_, position) => stats[position]?.isDirectory));
  return (path) => (!present.has(path) ? undefined : directories.has(path) ? 'directory' : 'file');
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
