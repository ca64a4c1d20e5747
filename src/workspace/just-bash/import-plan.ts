/**
 * The plan of an import, checked whole before anything is written, then committed all or nothing.
 * Planning names every entry it leaves out and why: a duplicate, a reserved name, a path over the
 * tools' limits, an entry under a symlink or a file already in the workspace, a directory in its way.
 * Committing writes the staged bytes and, should a write fail, removes what it wrote and puts back
 * what it overwrote, so a failed import leaves the workspace as it was. Each step counts its work per
 * entry on the import's pacer, which gives the thread back between entries. Imports workspace.ts and
 * `./import-pacer.ts`.
 */
import { errorMessage } from '../../shared/index.ts';
import { MAX_NAME_BYTES, MAX_PATH_LENGTH, normalizePosix, parentOf, type Workspace } from '../workspace.ts';
import { ENTRY_UNITS, type ImportPacer } from './import-pacer.ts';

/** A file's write, beyond its bytes: a lookup and an entry of the workspace's tree (measured, 9,000 files). */
const WRITE_UNITS = 2 * ENTRY_UNITS;
/** Bytes written per unit of the pacer: copying a byte costs a fraction of inflating and checking one. */
const WRITTEN_BYTES_PER_UNIT = 8;

/** An entry of an import that was not imported, and why. */
export interface SkippedEntry {
  /** The entry's path as the import gave it. */
  path: string;
  reason: string;
}

/** One entry to import: its path as given, and whether it is a directory. */
export interface PlannedEntry {
  path: string;
  directory: boolean;
}

/** An entry that passed the checks: where it goes. */
export interface KeptEntry<E extends PlannedEntry> {
  entry: E;
  target: string;
}

/** Names no import creates: object keys that would turn into prototypes in the maps of a host. */
const RESERVED_NAMES: ReadonlySet<string> = new Set(['__proto__']);

const utf8 = new TextEncoder();
const quoted = (path: string): string => JSON.stringify(path.length > 200 ? `${path.slice(0, 200)}…` : path);

/** The target of `relative` under `dir`, or throws when it would leave it (the whole import is refused). */
function targetOf(dir: string, relative: string): string {
  const path = normalizePosix(`${dir}/${relative}`);
  if (relative.startsWith('/') || relative.includes('\\') || !path.startsWith(`${dir}/`)) {
    throw new Error(
      `The entry ${quoted(relative)} would land outside the import directory; nothing was imported.`,
    );
  }
  return path;
}

/** Why a target's path is refused by the tools' limits, or `undefined`. One pass over the path. */
function pathProblem(target: string): string | undefined {
  if (target.length > MAX_PATH_LENGTH) {
    return `its path has ${target.length.toLocaleString('en-US')} characters, more than the ${MAX_PATH_LENGTH.toLocaleString('en-US')} a path may have`;
  }
  for (const name of target.slice(1).split('/')) {
    if (RESERVED_NAMES.has(name)) return `${JSON.stringify(name)} is a reserved name`;
    if (name.length * 3 > MAX_NAME_BYTES && utf8.encode(name).length > MAX_NAME_BYTES) {
      return `a name in its path is longer than ${MAX_NAME_BYTES} bytes`;
    }
    if (name.includes('\0')) return 'its path contains a NUL byte';
  }
  return undefined;
}

/**
 * What the import has kept so far, as a tree of names: a file node holds the entry's path as given; a
 * directory node (an entry's, or one that a kept entry's path goes through) holds its children. A
 * tree of names, not a set of whole paths, so an entry n directories deep costs its n names, not n
 * paths of up to n names each.
 */
interface PlanNode {
  file?: string;
  children?: Map<string, PlanNode>;
}

/**
 * The entries to import and those left out: paths over the limits, reserved names, duplicates (the
 * first entry of a path wins), and entries that conflict within the import (a file where another
 * entry needs a directory). Throws when an entry would leave `dir`.
 */
export async function planEntries<E extends PlannedEntry>(
  dir: string,
  entries: readonly E[],
  pacer: ImportPacer,
): Promise<{ kept: KeptEntry<E>[]; skipped: SkippedEntry[] }> {
  const kept: KeptEntry<E>[] = [];
  const skipped: SkippedEntry[] = [];
  const root: PlanNode = { children: new Map() };
  for (const entry of entries) {
    await pacer.spend(ENTRY_UNITS + entry.path.length);
    const target = targetOf(dir, entry.path);
    const names = target.slice(1).split('/');
    const problem = pathProblem(target) ?? conflictOf(names, entry, root);
    if (problem !== undefined) {
      skipped.push({ path: entry.path, reason: problem });
      continue;
    }
    addToPlan(root, names, entry);
    kept.push({ entry, target });
  }
  return { kept, skipped };
}

/** How an entry at `names` clashes with the ones kept before it, or `undefined`. */
function conflictOf(names: readonly string[], entry: PlannedEntry, root: PlanNode): string | undefined {
  let node = root;
  for (const [depth, name] of names.entries()) {
    const child = node.children?.get(name);
    if (child === undefined) return undefined;
    if (depth < names.length - 1) {
      if (child.file !== undefined) return `it would be under ${quoted(child.file)}, a file of this import`;
      node = child;
      continue;
    }
    if (child.file !== undefined) {
      return entry.directory
        ? `${quoted(child.file)}, an earlier entry, is a file of that path`
        : 'a duplicate of an earlier entry with the same path';
    }
    return entry.directory
      ? 'a duplicate of an earlier entry with the same path'
      : 'an earlier entry makes a directory of that path';
  }
  return undefined;
}

/** Records a kept entry, and the directories its path goes through. */
function addToPlan(root: PlanNode, names: readonly string[], entry: PlannedEntry): void {
  let node = root;
  for (const [depth, name] of names.entries()) {
    node.children ??= new Map();
    let child = node.children.get(name);
    if (child === undefined) {
      const leafFile = depth === names.length - 1 && !entry.directory;
      child = leafFile ? { file: entry.path } : { children: new Map() };
      node.children.set(name, child);
    }
    node = child;
  }
}

/** What is at a path of the workspace, as the checks need it. */
type Found = 'missing' | 'directory' | 'file' | 'symlink' | 'other';

/** Looks paths up once each; below a missing directory everything is missing without a lookup. */
function existingTree(workspace: Workspace, dir: string): (path: string) => Promise<Found> {
  const known = new Map<string, Found>();
  const below = dir === '/' ? '/' : `${dir}/`;
  const look = async (path: string): Promise<Found> => {
    const cached = known.get(path);
    if (cached !== undefined) return cached;
    let found: Found;
    if (path !== dir && path.startsWith(below) && (await look(parentOf(path))) === 'missing')
      found = 'missing';
    else {
      const stat = await (workspace.lstat ?? workspace.stat).call(workspace, path).catch(() => undefined);
      found = stat === undefined ? 'missing' : stat.type === 'other' ? 'other' : stat.type;
    }
    known.set(path, found);
    return found;
  };
  return look;
}

/** A kept entry, what it overwrites, and the directories the commit creates for it. */
interface Checked<E extends PlannedEntry> extends KeptEntry<E> {
  overwrites: boolean;
}

/**
 * The kept entries the workspace can take, and those it cannot: under a symlink or a file, onto a
 * symlink or a directory. Each directory of the workspace is looked up once.
 */
export async function checkAgainstWorkspace<E extends PlannedEntry>(
  workspace: Workspace,
  dir: string,
  kept: readonly KeptEntry<E>[],
  skipped: SkippedEntry[],
  pacer: ImportPacer,
): Promise<Checked<E>[]> {
  const look = existingTree(workspace, dir);
  const checked: Checked<E>[] = [];
  for (const item of kept) {
    await pacer.spend(ENTRY_UNITS + item.target.length);
    const problem = await blockedBy(look, dir, item.target, item.entry.directory);
    if (typeof problem === 'string') skipped.push({ path: item.entry.path, reason: problem });
    else checked.push({ ...item, overwrites: problem.overwrites });
  }
  return checked;
}

async function blockedBy(
  look: (path: string) => Promise<Found>,
  dir: string,
  target: string,
  directory: boolean,
): Promise<string | { overwrites: boolean }> {
  const below = dir === '/' ? '/' : `${dir}/`;
  // Top down from the import directory, stopping at the first one missing: below it all is new, so a
  // deep path of a fresh import costs a lookup or two, not one per level.
  for (const ancestor of ancestorsTopDown(dir, target)) {
    const found = await look(ancestor);
    if (found === 'missing') return { overwrites: false };
    // Named as the import's paths are: relative to the import directory.
    const shown = quoted(ancestor.slice(below.length));
    if (found === 'symlink') return `it would be under ${shown}, a symbolic link in the workspace`;
    if (found !== 'directory') return `it would be under ${shown}, which is not a directory in the workspace`;
  }
  const found = await look(target);
  if (found === 'missing') return { overwrites: false };
  if (found === 'symlink') return 'a symbolic link of that path is in the workspace; it is left as it is';
  if (directory)
    return found === 'directory' ? { overwrites: false } : 'a file of that path is in the workspace';
  if (found === 'directory') return 'a directory of that path is in the workspace';
  return { overwrites: found === 'file' };
}

/** `dir`, then each directory between it and `target`, top down, made only as far as they are read. */
function* ancestorsTopDown(dir: string, target: string): Generator<string> {
  yield dir;
  for (let at = target.indexOf('/', dir.length + 1); at !== -1; at = target.indexOf('/', at + 1)) {
    yield target.slice(0, at);
  }
}

/** A file staged for the commit: where it goes, its bytes, and whether it replaces a file. */
export interface StagedFile {
  target: string;
  bytes: Uint8Array;
  overwrites: boolean;
}

/**
 * Writes `files` and creates `directories` (each leaf directory with one recursive `mkdir`). On any
 * failure it removes the files it wrote, puts back the ones it overwrote, removes the directories it
 * created, and throws a message that says so. `existing` tells which directories were there before.
 */
export async function commitImport(
  workspace: Workspace,
  dir: string,
  directories: readonly string[],
  files: readonly StagedFile[],
  pacer: ImportPacer,
): Promise<void> {
  const created: string[] = [];
  const written: { target: string; previous?: Uint8Array }[] = [];
  try {
    const look = existingTree(workspace, dir);
    for (const path of leafDirectories([
      dir,
      ...directories,
      ...files.map((file) => parentOf(file.target)),
    ])) {
      await pacer.spend(ENTRY_UNITS + path.length);
      // The top-most directory missing on the way is what the commit creates: removing it removes all below.
      for (const ancestor of ancestorsTopDown(dir, `${path}/`)) {
        if ((await look(ancestor)) !== 'missing') continue;
        created.push(ancestor);
        break;
      }
      await workspace.mkdir(path, { recursive: true });
    }
    for (const file of files) {
      await pacer.spend(WRITE_UNITS + file.bytes.length / WRITTEN_BYTES_PER_UNIT);
      const previous = file.overwrites ? await workspace.readFile(file.target) : undefined;
      written.push(previous === undefined ? { target: file.target } : { target: file.target, previous });
      await workspace.writeFile(file.target, file.bytes);
    }
  } catch (error) {
    await rollBack(workspace, written, created, pacer);
    const last = written.at(-1)?.target;
    throw new Error(
      `The import failed${last ? ` while writing ${quoted(last)}` : ''} (${errorMessage(error).split('\n')[0]}); what it had written was removed, so the workspace is as it was.`,
    );
  }
}

/** The directories of `paths` that are no other one's ancestor, each once. */
function leafDirectories(paths: readonly string[]): string[] {
  const unique = [...new Set(paths)].sort();
  // Sorted, a directory's descendants follow it directly: it is a leaf when the next path is not below it.
  return unique.filter((path, index) => !(unique[index + 1] ?? '').startsWith(`${path}/`));
}

async function rollBack(
  workspace: Workspace,
  written: readonly { target: string; previous?: Uint8Array }[],
  created: readonly string[],
  pacer: ImportPacer,
): Promise<void> {
  for (const { target, previous } of [...written].reverse()) {
    await pacer.spend(WRITE_UNITS);
    if (previous === undefined) await workspace.rm(target, { force: true }).catch(() => undefined);
    else await workspace.writeFile(target, previous).catch(() => undefined);
  }
  for (const path of [...new Set(created)].sort((a, b) => b.length - a.length)) {
    await workspace.rm(path, { recursive: true, force: true }).catch(() => undefined);
  }
}
