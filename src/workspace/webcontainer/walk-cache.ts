/**
 * Walks of the interpreter that cost what they read: within one script, once a walk is seen to go
 * down a tree, the tree is fetched whole with `exportTree` (one container call) and the walk's
 * listings, types, sizes and file reads are answered from it. Without this, `grep -r` and `find` in
 * the interpreter made one container call per directory and per file (4,000 files: 4,406 calls).
 * Imports workspace.ts only.
 *
 * When a tree is fetched: a listing of a directory whose parent was listed earlier in the same script
 * (the walk went down), or the third read of a file in a directory listed earlier (a flat directory
 * read file by file) fetches the tree of that parent directory. Anything that changes a file through
 * the interpreter, and every container program the script runs, drops what was fetched: the next
 * walk fetches again. A path at or below a symlink goes to the backend, which follows it.
 */
import {
  type DirEntry,
  type EntryType,
  type FileStat,
  isInside,
  normalizePosix,
  parentOf,
  type TreeEntry,
  type Workspace,
  WorkspaceError,
} from '../workspace.ts';

/** Reads of files in one listed directory before its tree is fetched. */
const READS_BEFORE_FETCH = 3;

/** A workspace whose walks are answered from fetched trees, and the way to drop them. */
export interface WalkCache {
  workspace: Workspace;
  /** Drops every fetched tree (something outside the interpreter may have changed files). */
  forget(): void;
}

/** What one fetched tree holds, by absolute path. */
interface Fetched {
  root: string;
  directories: Map<string, DirEntry[]>;
  files: Map<string, Uint8Array>;
  symlinks: Set<string>;
}

type Exporter = (path: string) => Promise<Map<string, TreeEntry>>;

/** `workspace` with its walks answered from trees `exportTree` fetches, for the length of one script. */
export function cacheWalks(workspace: Workspace, exportTree: Exporter): WalkCache {
  const trees: Fetched[] = [];
  const listed = new Set<string>();
  const reads = new Map<string, number>();
  /** Fetches in flight, by directory: a walk lists sibling directories at once, and one export serves all. */
  const fetching = new Map<string, Promise<void>>();
  const forget = (): void => {
    trees.length = 0;
    fetching.clear();
    listed.clear();
    reads.clear();
  };
  const changing =
    <A extends unknown[], T>(run: (...args: A) => Promise<T>) =>
    (...args: A): Promise<T> => {
      forget();
      return run(...args);
    };
  const lookup = (path: string) => lookUp(trees, normalizePosix(path));
  const fetch = (dir: string): Promise<void> => {
    if (trees.some((tree) => isInside(tree.root, dir))) return Promise.resolve();
    const pending = [...fetching].find(([root]) => isInside(root, dir))?.[1];
    if (pending) return pending;
    const started = exportTree(dir)
      .then((entries) => {
        trees.push(fetchedTree(dir, entries));
      })
      .finally(() => fetching.delete(dir));
    fetching.set(dir, started);
    return started;
  };
  const cached: Workspace = {
    ...workspace,
    readdir: async (path) => {
      const absolute = normalizePosix(path);
      let found = lookup(absolute);
      if (found === undefined && absolute !== workspace.root && listed.has(parentOf(absolute))) {
        await fetch(parentOf(absolute));
        found = lookup(absolute);
      }
      if (found === undefined) {
        const entries = await workspace.readdir(absolute);
        listed.add(absolute);
        return entries;
      }
      return found.entries ?? missingOrNotDirectory(absolute, found.type);
    },
    readFile: async (path) => {
      const absolute = normalizePosix(path);
      let found = lookup(absolute);
      const parent = parentOf(absolute);
      if (found === undefined && listed.has(parent)) {
        const count = (reads.get(parent) ?? 0) + 1;
        reads.set(parent, count);
        if (count >= READS_BEFORE_FETCH) {
          await fetch(parent);
          found = lookup(absolute);
        }
      }
      if (found === undefined) return workspace.readFile(absolute);
      if (found.bytes) return found.bytes;
      throw new WorkspaceError(found.type === 'directory' ? 'EISDIR' : 'ENOENT', absolute);
    },
    ...metadataFrom(workspace, lookup),
    writeFile: changing(workspace.writeFile.bind(workspace)),
    mkdir: changing(workspace.mkdir.bind(workspace)),
    rm: changing(workspace.rm.bind(workspace)),
    rename: changing(workspace.rename.bind(workspace)),
  };
  return { workspace: cached, forget };
}

/** `stat` and `statType` from the fetched trees where they cover the path, else from the backend. */
function metadataFrom(
  workspace: Workspace,
  lookup: (path: string) => ReturnType<typeof lookUp>,
): Pick<Workspace, 'stat' | 'statType'> {
  return {
    stat: async (path): Promise<FileStat> => {
      const found = lookup(path);
      if (found === undefined) return workspace.stat(path);
      if (found.type === 'missing') throw new WorkspaceError('ENOENT', path);
      return { type: found.type, size: found.bytes?.length ?? 0 };
    },
    statType: async (path): Promise<EntryType> => {
      const found = lookup(path);
      if (found === undefined)
        return workspace.statType ? workspace.statType(path) : (await workspace.stat(path)).type;
      if (found.type === 'missing') throw new WorkspaceError('ENOENT', path);
      return found.type;
    },
  };
}

/** The fetched tree of `root`, by absolute path. */
function fetchedTree(root: string, entries: Map<string, TreeEntry>): Fetched {
  const fetched: Fetched = {
    root,
    directories: new Map([[root, []]]),
    files: new Map(),
    symlinks: new Set(),
  };
  const prefix = root === '/' ? '' : root;
  for (const [relative, entry] of entries) {
    const path = `${prefix}/${relative}`;
    const listing = fetched.directories.get(parentOf(path));
    const name = path.slice(path.lastIndexOf('/') + 1);
    // A symlink is neither a file nor a directory in a listing, as the backend's readdir shows it.
    listing?.push({ name, type: entry.type === 'symlink' ? 'other' : entry.type });
    if (entry.type === 'directory') fetched.directories.set(path, []);
    else if (entry.type === 'file') fetched.files.set(path, entry.bytes);
    else fetched.symlinks.add(path);
  }
  return fetched;
}

/** What a fetched tree says of a path, or `undefined` when no tree covers it (go to the backend). */
function lookUp(
  trees: readonly Fetched[],
  path: string,
): { type: 'file' | 'directory' | 'missing'; entries?: DirEntry[]; bytes?: Uint8Array } | undefined {
  const tree = trees.find((candidate) => isInside(candidate.root, path));
  if (!tree) return undefined;
  for (let at = path; at !== tree.root && at !== '/'; at = parentOf(at)) {
    if (tree.symlinks.has(at)) return undefined;
  }
  const entries = tree.directories.get(path);
  if (entries) return { type: 'directory', entries };
  const bytes = tree.files.get(path);
  if (bytes) return { type: 'file', bytes };
  return { type: 'missing' };
}

function missingOrNotDirectory(path: string, type: 'file' | 'directory' | 'missing'): never {
  throw new WorkspaceError(type === 'file' ? 'ENOTDIR' : 'ENOENT', path);
}
