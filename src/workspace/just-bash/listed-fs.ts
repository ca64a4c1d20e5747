/**
 * just-bash's `InMemoryFs` with directory listings that cost the directory's size.
 *
 * Why: `InMemoryFs` keeps every file, directory and symlink in one flat map from path to entry, and
 * lists a directory by going through the whole map for the paths under it. Every command that walks a
 * tree lists each of its directories, so a walk costs directories × entries of the workspace: in a
 * tree of 10,000 files in 510 directories `find . -type f` took 1.8 s, `cp -r` 4 s, and `rm -rf` of
 * one directory 2,000 levels deep (a few KB of `mkdir -p`) a minute, since each listing also compares
 * paths thousands of characters long.
 *
 * Here the map also keeps, for each directory, the names of its entries: it is the map `InMemoryFs`
 * stores into, so every change to the tree (a write, `mkdir`, `rm`, `mv`, a parent directory made on
 * the way) updates the names as it updates the entries, and a listing reads them. What a listing
 * returns (the names sorted as just-bash sorts them, the types, every error) is just-bash's: a path
 * that is no directory goes to just-bash's own listing, which throws its error.
 *
 * A recursive `mkdir` of many new levels was quadratic in the same way (see
 * {@link ListedInMemoryFs.mkdirSync}).
 *
 * `InMemoryFs` declares the map private (`data`); {@link ListedInMemoryFs} puts its own in place at
 * construction and fails loudly if a new version of just-bash no longer has one. The change is written
 * to be offered to just-bash: a children index inside `InMemoryFs`.
 * Imports just-bash and workspace.ts.
 */
import { InMemoryFs } from 'just-bash';
import { normalizePosix, parentOf } from '../workspace.ts';

/** What a listing needs of an `InMemoryFs` entry, and the directory entry `mkdir` stores. */
interface Entry {
  readonly type: 'file' | 'directory' | 'symlink';
  readonly target?: string;
  readonly mode?: number;
  readonly mtime?: Date;
}

type MkdirOptions = Parameters<InMemoryFs['mkdirSync']>[1];
type RmOptions = Parameters<InMemoryFs['rm']>[1];

/** A path as just-bash normalizes it already: absolute, no empty, `.` or `..` name, no trailing `/`. */
const NORMALIZED = /^(?:\/(?!\.\.?(?:\/|$))[^/]+)+$/;

/** `normalizePosix`, skipped for a path that is normalized (a walk's paths are, at every level). */
function normalized(path: string): string {
  return NORMALIZED.test(path) ? path : normalizePosix(path);
}

type Listing = Awaited<ReturnType<InMemoryFs['readdirWithFileTypes']>>;

/** The name of a normalized path in its parent; `undefined` for the root. */
function nameOf(path: string): string | undefined {
  return path === '/' ? undefined : path.slice(path.lastIndexOf('/') + 1);
}

/**
 * A map from normalized path to entry that also keeps the names in each directory. Build it empty and
 * `set` the entries: a `Map` built from entries calls `set` before this class's fields exist.
 */
class EntriesWithChildren<V extends Entry> extends Map<string, V> {
  private readonly names = new Map<string, Set<string>>();

  /** How many entries are symlinks: with none, no path has a symlink to resolve. */
  symlinks = 0;

  override set(path: string, entry: V): this {
    return this.setBelow(path === '/' ? undefined : parentOf(path), path, entry);
  }

  /**
   * `set` for a path whose parent directory the caller holds (`undefined` for the root). A chain of
   * new directories passes each path as the parent of the next, so no parent is cut from its path and
   * hashed again: a map keyed by whole paths hashes each level's path once.
   */
  setBelow(parent: string | undefined, path: string, entry: V): this {
    const before = super.get(path);
    if (before?.type === 'symlink') this.symlinks -= 1;
    if (entry.type === 'symlink') this.symlinks += 1;
    if (parent !== undefined && before === undefined) {
      const name = path.slice(parent === '/' ? 1 : parent.length + 1);
      const names = this.names.get(parent);
      if (names === undefined) this.names.set(parent, new Set([name]));
      else names.add(name);
    }
    return super.set(path, entry);
  }

  override delete(path: string): boolean {
    const before = super.get(path);
    if (!super.delete(path)) return false;
    if (before?.type === 'symlink') this.symlinks -= 1;
    const name = nameOf(path);
    if (name !== undefined) {
      const parent = parentOf(path);
      const names = this.names.get(parent);
      names?.delete(name);
      if (names?.size === 0) this.names.delete(parent);
    }
    return true;
  }

  override clear(): void {
    super.clear();
    this.names.clear();
    this.symlinks = 0;
  }

  /** The names in `directory` (a normalized path), in no particular order. */
  namesIn(directory: string): Iterable<string> {
    return this.names.get(directory) ?? [];
  }
}

/** `InMemoryFs` whose listings read the directory's names instead of scanning every path. */
export class ListedInMemoryFs extends InMemoryFs {
  private readonly entries: EntriesWithChildren<Entry>;

  constructor(...args: ConstructorParameters<typeof InMemoryFs>) {
    super(...args);
    const holder = this as unknown as { data?: unknown };
    if (!(holder.data instanceof Map)) {
      throw new Error('just-bash InMemoryFs keeps no `data` map: listed-fs.ts needs updating');
    }
    this.entries = new EntriesWithChildren<Entry>();
    for (const [path, entry] of holder.data as Map<string, Entry>) this.entries.set(path, entry);
    holder.data = this.entries;
    this.resolveDirectlyWithoutSymlinks();
  }

  /**
   * just-bash resolves a path's symlinks one prefix at a time, looking up `/a`, `/a/b`, … on every
   * read, write and stat: each prefix is a new string hashed whole, so a path n levels deep costs
   * n² characters (2,000 levels: 4 million a call). A filesystem that holds no symlink resolves every
   * normalized path to itself, which is what just-bash's walk returns then; with a symlink anywhere,
   * or a path to normalize, just-bash's own resolution runs.
   */
  private resolveDirectlyWithoutSymlinks(): void {
    const holder = this as unknown as Record<string, unknown>;
    for (const method of ['resolvePathWithSymlinks', 'resolveIntermediateSymlinks']) {
      const resolve = holder[method];
      if (typeof resolve !== 'function') {
        throw new Error(`just-bash InMemoryFs has no ${method}: listed-fs.ts needs updating`);
      }
      holder[method] = (path: string): string =>
        this.entries.symlinks === 0 && NORMALIZED.test(path) ? path : resolve.call(this, path);
    }
  }

  override async mkdir(path: string, options?: MkdirOptions): Promise<void> {
    this.mkdirSync(path, options);
  }

  /**
   * just-bash makes each missing parent of a recursive `mkdir` by calling itself on the parent, which
   * checks and normalizes the whole path again: a chain of 2,000 new directories cost 0.4 s. Here
   * the top-most missing directory is made by just-bash (its checks, its errors) and those below it
   * are stored as just-bash stores a directory, each once.
   */
  override mkdirSync(path: string, options?: MkdirOptions): void {
    if (!options?.recursive || path.includes('\0')) {
      super.mkdirSync(path, options);
      return;
    }
    const missing: string[] = [];
    for (let at = normalizePosix(path); at !== '/' && !this.entries.has(at); at = parentOf(at)) {
      missing.push(at);
    }
    // Nothing missing: just-bash's answer for an existing path (nothing, or EEXIST for a file).
    let parent = missing.pop();
    super.mkdirSync(parent ?? path, options);
    for (const directory of missing.reverse()) {
      this.entries.setBelow(parent, directory, { type: 'directory', mode: 0o755, mtime: new Date() });
      parent = directory;
    }
  }

  /**
   * just-bash removes a tree by calling itself on each entry, which checks and normalizes the entry's
   * whole path again: quadratic in the depth (2,000 levels: 0.7 s). Here the tree is walked once
   * through the names; its files and symlinks are removed by just-bash (which accounts for their
   * bytes), its directories, which hold no bytes, are taken out of the map, deepest first.
   */
  override async rm(path: string, options?: RmOptions): Promise<void> {
    const target = options?.recursive && !path.includes('\0') ? normalized(path) : undefined;
    if (target === undefined || target === '/' || this.entries.get(target)?.type !== 'directory') {
      return super.rm(path, options);
    }
    const directories = [target];
    for (let index = 0; index < directories.length; index++) {
      const directory = directories[index] as string;
      for (const name of [...this.entries.namesIn(directory)]) {
        const child = `${directory}/${name}`;
        if (this.entries.get(child)?.type === 'directory') directories.push(child);
        else await super.rm(child);
      }
    }
    for (const directory of directories.reverse()) this.entries.delete(directory);
  }

  override async readdirWithFileTypes(path: string): Promise<Listing> {
    const directory = this.directoryListed(path);
    // No directory there (missing, a file, a symlink loop, a NUL byte): just-bash throws its own error.
    if (directory === undefined) return super.readdirWithFileTypes(path);
    const listing: Listing = [];
    for (const name of this.entries.namesIn(directory)) {
      const type = this.entries.get(directory === '/' ? `/${name}` : `${directory}/${name}`)?.type;
      listing.push({
        name,
        isFile: type === 'file',
        isDirectory: type === 'directory',
        isSymbolicLink: type === 'symlink',
      });
    }
    // As just-bash sorts: by UTF-16 code units.
    return listing.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** The directory a listing of `path` reads, its symlinks followed as just-bash follows them. */
  private directoryListed(path: string): string | undefined {
    if (path.includes('\0')) return undefined;
    let current = normalized(path);
    const seen = new Set<string>();
    for (let entry = this.entries.get(current); entry !== undefined; entry = this.entries.get(current)) {
      if (entry.type === 'directory') return current;
      if (entry.type !== 'symlink' || entry.target === undefined || seen.has(current)) return undefined;
      seen.add(current);
      const target = entry.target;
      current = normalizePosix(target.startsWith('/') ? target : `${parentOf(current)}/${target}`);
    }
    return undefined;
  }
}
