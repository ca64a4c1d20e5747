/**
 * Bringing a project into a workspace and taking it out: import a folder (files from a drop or from
 * the File System Access API) or a zip, export the workspace as a zip. Works on any `Workspace`.
 * Zips are inflated by fflate in small slices against their declared sizes and CRC-32s
 * (`./zip-reader.ts`) and written by fflate; `.gitignore` files are applied by `ignore` when asked.
 * Every import is planned and staged whole (paths, count, sizes, the workspace's own tree) before the
 * first file is written, then committed all or nothing (`./import-plan.ts`); every entry it leaves out
 * is named in the result with its reason. One pacer counts the work of a whole import, every step and
 * entry, and gives the thread back every few ms of it (`./import-pacer.ts`). Imports workspace.ts, the
 * shared helpers, fflate, crc-32 and (lazily) ignore.
 */

import { zipSync } from 'fflate';
import type { Ignore } from 'ignore';
import { formatSize } from '../../shared/index.ts';
import { lexicalPath, type Workspace } from '../workspace.ts';
import { createImportPacer, ENTRY_UNITS, type ImportPacer } from './import-pacer.ts';
import {
  checkAgainstWorkspace,
  commitImport,
  type KeptEntry,
  type PlannedEntry,
  planEntries,
  type SkippedEntry,
  type StagedFile,
} from './import-plan.ts';
import { BudgetExceeded, inflateEntry, readZipDirectory, type ZipEntry, ZipReadError } from './zip-reader.ts';

export type { SkippedEntry } from './import-plan.ts';

/** One file to import: a path relative to the target directory, its size, and its bytes on demand. */
export interface ImportSource {
  path: string;
  size: number;
  bytes(): Promise<Uint8Array>;
}

/** Options of the imports. */
export interface ImportOptions {
  /** Directory to import into, relative to the root (created when missing). Default: the root. */
  dir?: string;
  /** Leave out what the imported `.gitignore` files ignore (and `.git/`). Default: `false`. */
  gitignore?: boolean;
  /** Most files one import may hold. Default: {@link DEFAULT_IMPORT_MAX_FILES}. */
  maxFiles?: number;
  /** Most bytes (uncompressed) one import may hold. Default: {@link DEFAULT_IMPORT_MAX_BYTES}. */
  maxBytes?: number;
  /** A larger file is left out (and named in `skipped`). Default: {@link DEFAULT_IMPORT_MAX_FILE_BYTES}. */
  maxFileBytes?: number;
}

/** What an import did. */
export interface ImportSummary {
  files: number;
  bytes: number;
  /** Files left out by `.gitignore` rules. */
  ignored: number;
  /** Every other entry that was not imported, with the reason, in the import's order. */
  skipped: SkippedEntry[];
}

export const DEFAULT_IMPORT_MAX_FILES = 10_000;
export const DEFAULT_IMPORT_MAX_BYTES: number = 64 * 1024 * 1024;
// The same size as the whole import by default, spelled apart so the two can be tuned apart.
export const DEFAULT_IMPORT_MAX_FILE_BYTES: number = 64 * 1024 * 1024;

interface Rules {
  base: string;
  matcher: Ignore;
}

const isGitignore = (path: string): boolean => path === '.gitignore' || path.endsWith('/.gitignore');

/** The `.gitignore` rules among `sources`, each applying below its own directory. */
async function gitignoreRules(
  sources: readonly { path: string; bytes(): Promise<Uint8Array> }[],
): Promise<Rules[]> {
  const found = sources.filter((source) => isGitignore(source.path));
  if (found.length === 0) return [];
  const { default: ignore } = await import('ignore');
  const rules: Rules[] = [];
  for (const source of [...found].sort((a, b) => a.path.length - b.path.length)) {
    const text = new TextDecoder().decode(await source.bytes()).replace(/^\uFEFF/, '');
    rules.push({
      base: source.path.slice(0, -'.gitignore'.length),
      matcher: ignore({ ignorecase: false }).add(text),
    });
  }
  return rules;
}

/** The items whose path `.gitignore` rules leave in, each counted on `pacer` (per rule that applies). */
async function notIgnored<T>(
  rules: readonly Rules[],
  items: readonly T[],
  pathOf: (item: T) => string,
  pacer: ImportPacer,
): Promise<T[]> {
  const kept: T[] = [];
  for (const item of items) {
    const path = pathOf(item);
    await pacer.spend(ENTRY_UNITS * (1 + rules.length) + path.length);
    if (!ignoredBy(rules, path)) kept.push(item);
  }
  return kept;
}

/** Whether `path` or one of its directories is ignored, as git decides (deeper rules last). */
function ignoredBy(rules: readonly Rules[], path: string): boolean {
  const names = path.split('/');
  if (names.includes('.git')) return true;
  if (rules.length === 0) return false;
  // Each directory's path is the previous one plus a name: built once, not sliced again per depth.
  let candidate = '';
  for (let depth = 1; depth <= names.length; depth++) {
    candidate = depth === 1 ? (names[0] as string) : `${candidate}/${names[depth - 1] as string}`;
    const tested = depth < names.length ? `${candidate}/` : candidate;
    let ignored = false;
    for (const { base, matcher } of rules) {
      if (!tested.startsWith(base) || tested === base) continue;
      const result = matcher.test(tested.slice(base.length));
      if (result.ignored) ignored = true;
      else if (result.unignored) ignored = false;
    }
    if (ignored) return true;
  }
  return false;
}

interface Limits {
  maxFiles: number;
  maxBytes: number;
  maxFileBytes: number;
  gitignore: boolean;
}

const limitsOf = (options: ImportOptions): Limits => ({
  maxFiles: options.maxFiles ?? DEFAULT_IMPORT_MAX_FILES,
  maxBytes: options.maxBytes ?? DEFAULT_IMPORT_MAX_BYTES,
  maxFileBytes: options.maxFileBytes ?? DEFAULT_IMPORT_MAX_FILE_BYTES,
  gitignore: options.gitignore === true,
});

/** Throws when `count` files of `bytes` in all exceed the import's limits. */
function checkLimits(count: number, bytes: number, limits: Limits): void {
  if (count > limits.maxFiles) {
    throw new Error(
      `The import holds ${count} files; the limit is ${limits.maxFiles}. Nothing was imported. Import a smaller folder${limits.gitignore ? '' : ' (or honour .gitignore)'}, or raise maxFiles.`,
    );
  }
  if (bytes > limits.maxBytes) throw overBudget(formatSize(bytes), limits);
}

function overBudget(held: string, limits: Limits): Error {
  return new Error(
    `The import holds ${held} of files; the limit is ${formatSize(limits.maxBytes)}. Nothing was imported. Import a smaller folder, or raise maxBytes.`,
  );
}

/** Entries over `maxFileBytes` go to `skipped`; the others are returned. */
function withinFileSize<E extends PlannedEntry & { size: number }>(
  kept: readonly KeptEntry<E>[],
  limits: Limits,
  skipped: SkippedEntry[],
): KeptEntry<E>[] {
  return kept.filter(({ entry }) => {
    if (entry.directory || entry.size <= limits.maxFileBytes) return true;
    skipped.push({
      path: entry.path,
      reason: `it is ${formatSize(entry.size)}, more than the ${formatSize(limits.maxFileBytes)} one file may have (maxFileBytes)`,
    });
    return false;
  });
}

/** Plans, checks and stages entries, then commits them: the steps both imports share. */
async function runImport<E extends PlannedEntry & { size: number }>(
  workspace: Workspace,
  dir: string,
  entries: readonly E[],
  limits: Limits,
  stage: (entry: E) => Promise<Uint8Array>,
  pacer: ImportPacer,
): Promise<{ files: number; bytes: number; skipped: SkippedEntry[] }> {
  const planned = await planEntries(dir, entries, pacer);
  const skipped = planned.skipped;
  const kept = withinFileSize(planned.kept, limits, skipped);
  const fileCount = kept.filter(({ entry }) => !entry.directory).length;
  checkLimits(
    fileCount,
    kept.reduce((sum, { entry }) => sum + entry.size, 0),
    limits,
  );
  const checked = await checkAgainstWorkspace(workspace, dir, kept, skipped, pacer);
  const files: StagedFile[] = [];
  let bytes = 0;
  for (const { entry, target, overwrites } of checked) {
    if (entry.directory) continue;
    const staged = await stage(entry);
    bytes += staged.length;
    // A file read now may hold more than it said (it changed since it was listed).
    if (bytes > limits.maxBytes) throw overBudget(formatSize(bytes), limits);
    files.push({ target, bytes: staged, overwrites });
  }
  const directories = checked.filter(({ entry }) => entry.directory).map(({ target }) => target);
  await commitImport(workspace, dir, directories, files, pacer);
  return { files: files.length, bytes, skipped: skipped.sort(byOrder(entries)) };
}

/** Orders skipped entries as the import listed them. */
function byOrder(entries: readonly PlannedEntry[]): (a: SkippedEntry, b: SkippedEntry) => number {
  const order = new Map<string, number>();
  entries.forEach((entry, index) => {
    if (!order.has(entry.path)) order.set(entry.path, index);
  });
  return (a, b) => (order.get(a.path) ?? 0) - (order.get(b.path) ?? 0);
}

/**
 * Writes `sources` under `options.dir`, creating directories. Refuses the whole import, writing
 * nothing, when a path would leave the directory or the files exceed `maxFiles` or `maxBytes`; leaves
 * out, and names in `skipped`, what cannot be imported (see {@link ImportSummary}).
 */
export async function importFiles(
  workspace: Workspace,
  sources: readonly ImportSource[],
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const dir = lexicalPath(workspace.root, options.dir ?? '.');
  const limits = limitsOf(options);
  const pacer = createImportPacer();
  const rules = limits.gitignore ? await gitignoreRules(sources) : [];
  const kept = limits.gitignore
    ? await notIgnored(rules, sources, (source) => source.path, pacer)
    : [...sources];
  const entries = kept.map((source) => ({ path: source.path, directory: false, size: source.size, source }));
  const stage = (entry: (typeof entries)[number]): Promise<Uint8Array> => entry.source.bytes();
  const done = await runImport(workspace, dir, entries, limits, stage, pacer);
  return { ...done, ignored: sources.length - kept.length };
}

/** A zip entry as the import plans it. */
interface ZipPlanned extends PlannedEntry {
  size: number;
  zip: ZipEntry;
}

const notAZip = (reason: string): Error =>
  new Error(`The file is not a zip that can be read (${reason}); nothing was imported.`);

/** Entries the import cannot read at all: links, encrypted ones, other compression methods. */
function unreadable(entry: ZipEntry): string | undefined {
  if (entry.symlink) return 'it is a symbolic link; imports hold files and directories only';
  if (entry.encrypted) return 'it is encrypted';
  if (!entry.directory && entry.method !== 0 && entry.method !== 8) {
    return `it is compressed with method ${entry.method}, which imports do not read (only stored and deflated)`;
  }
  return undefined;
}

/**
 * Imports the files (and empty directories) of a zip. The count and the sizes its directory declares
 * are checked against the limits before anything is inflated, so a zip bomb is refused unread; an
 * entry that inflates past its declared size, or whose CRC-32 does not match, refuses the whole zip.
 */
export async function importZip(
  workspace: Workspace,
  zip: Uint8Array,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const dir = lexicalPath(workspace.root, options.dir ?? '.');
  const limits = limitsOf(options);
  const pacer = createImportPacer();
  let listed: ZipEntry[];
  try {
    listed = await readZipDirectory(zip, pacer);
  } catch (error) {
    if (error instanceof ZipReadError) throw notAZip(error.message);
    throw error;
  }
  const budget = { remaining: limits.maxBytes };
  const inflate = (entry: ZipEntry): Promise<Uint8Array> => inflated(zip, entry, budget, limits, pacer);
  const skipped: SkippedEntry[] = [];
  const readable = listed.filter((entry) => {
    const reason = unreadable(entry);
    if (reason !== undefined) skipped.push({ path: entry.name, reason });
    return reason === undefined;
  });
  const rules = limits.gitignore
    ? await gitignoreRules(
        readable
          .filter((entry) => !entry.directory && isGitignore(entry.name) && entry.size <= limits.maxFileBytes)
          .map((entry) => ({ path: entry.name, bytes: () => inflate(entry) })),
      )
    : [];
  const kept = limits.gitignore
    ? await notIgnored(rules, readable, (entry) => entry.name.replace(/\/$/, ''), pacer)
    : readable;
  const entries: ZipPlanned[] = kept.map((entry) => ({
    path: entry.directory ? entry.name.replace(/\/+$/, '') : entry.name,
    directory: entry.directory,
    size: entry.directory ? 0 : entry.size,
    zip: entry,
  }));
  // The .gitignore files were inflated once already: the budget counts what is written.
  budget.remaining = limits.maxBytes;
  const done = await runImport(workspace, dir, entries, limits, (entry) => inflate(entry.zip), pacer);
  return {
    files: done.files,
    bytes: done.bytes,
    ignored: readable.length - kept.length,
    skipped: [...skipped, ...done.skipped],
  };
}

/** An entry's bytes, with what went wrong said as the import says it. */
async function inflated(
  zip: Uint8Array,
  entry: ZipEntry,
  budget: { remaining: number },
  limits: Limits,
  pacer: ImportPacer,
): Promise<Uint8Array> {
  try {
    return await inflateEntry(zip, entry, budget, pacer);
  } catch (error) {
    if (error instanceof BudgetExceeded) throw overBudget(`more than ${formatSize(limits.maxBytes)}`, limits);
    if (error instanceof ZipReadError) {
      throw new Error(`The zip cannot be imported: ${error.message}. Nothing was imported.`);
    }
    throw error;
  }
}

/**
 * The date every exported entry carries (the earliest a zip can hold), so the same tree always gives the
 * same bytes: a zip made the same way (sorted entries, deflate level 6, this date) comes back identical.
 */
export const EXPORT_ZIP_MTIME: Date = new Date(1980, 0, 1);

/**
 * The files under `options.dir` (default: the root) as a zip, paths relative to it, sorted and dated
 * {@link EXPORT_ZIP_MTIME}, so the same tree gives the same bytes. Symlinks are left out (a zip has no
 * portable form for them).
 */
export async function exportZip(workspace: Workspace, options: { dir?: string } = {}): Promise<Uint8Array> {
  const dir = lexicalPath(workspace.root, options.dir ?? '.');
  const files: Record<string, Uint8Array | [Uint8Array, { mtime: number }]> = {};
  const visit = async (path: string, relative: string): Promise<void> => {
    const entries = await workspace.readdir(path);
    if (entries.length === 0 && relative !== '') files[`${relative}/`] = new Uint8Array();
    for (const entry of [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const child = `${path === '/' ? '' : path}/${entry.name}`;
      const name = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.type === 'directory') await visit(child, name);
      else if (entry.type === 'file') files[name] = await workspace.readFile(child);
    }
  };
  await visit(dir, '');
  return zipSync(files, { level: 6, mtime: EXPORT_ZIP_MTIME });
}

// The browser's File System Access and drag-and-drop types, by the shape read here, so that the
// declarations type-check in a project without the DOM lib. The DOM's own objects have all of it.

/** A file whose bytes are imported (a DOM `File` or `Blob`). */
interface ReadableFile {
  readonly size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** A file of an `<input type="file" webkitdirectory>`'s `FileList` (a DOM `File`). */
interface PickedFile extends ReadableFile {
  readonly name: string;
  readonly webkitRelativePath: string;
}

/**
 * A folder from `showDirectoryPicker()` (a DOM `FileSystemDirectoryHandle`). Its entries are read with
 * `values()`, which browsers have even where the DOM typings lack it.
 */
interface PickedDirectoryHandle {
  readonly kind: 'directory';
  readonly name: string;
}

/** A drop's data (a DOM `DataTransfer`): its items, read as file system entries. */
interface DroppedData {
  readonly items: ArrayLike<{ webkitGetAsEntry(): unknown }>;
}

/** An entry of a picked folder (a DOM `FileSystemFileHandle` or `FileSystemDirectoryHandle`). */
interface HandleEntry {
  readonly kind: 'file' | 'directory';
  readonly name: string;
  getFile(): Promise<ReadableFile>;
  values(): AsyncIterable<HandleEntry>;
}

/** An entry of a drop (a DOM `FileSystemFileEntry` or `FileSystemDirectoryEntry`). */
interface DroppedEntry {
  readonly name: string;
  readonly isFile: boolean;
  file(found: (file: ReadableFile) => void, failed: (error: unknown) => void): void;
  createReader(): {
    readEntries(found: (entries: DroppedEntry[]) => void, failed: (error: unknown) => void): void;
  };
}

const fromFile = (path: string, file: ReadableFile): ImportSource => ({
  path,
  size: file.size,
  bytes: async () => new Uint8Array(await file.arrayBuffer()),
});

/**
 * The files of a folder picked with the File System Access API (`showDirectoryPicker()`), paths
 * relative to it. Directories named in `skip` (default `.git`) are not entered.
 */
export async function filesFromDirectoryHandle(
  handle: PickedDirectoryHandle,
  skip: readonly string[] = ['.git'],
): Promise<ImportSource[]> {
  const sources: ImportSource[] = [];
  const visit = async (directory: HandleEntry, prefix: string): Promise<void> => {
    for await (const entry of directory.values()) {
      const path = `${prefix}${entry.name}`;
      if (entry.kind === 'file') sources.push(fromFile(path, await entry.getFile()));
      else if (!skip.includes(entry.name)) await visit(entry, `${path}/`);
    }
  };
  await visit(handle as HandleEntry, '');
  return sources;
}

/**
 * The files of a drop (folders entered, paths relative to the dropped items' parent), or of an
 * `<input type="file" webkitdirectory>` (paths from `webkitRelativePath`). Directories named in `skip`
 * (default `.git`) are not entered.
 */
export async function filesFromDrop(
  data: DroppedData | ArrayLike<PickedFile>,
  skip: readonly string[] = ['.git'],
): Promise<ImportSource[]> {
  if (!('items' in data)) {
    return Array.from(data)
      .filter((file) => !file.webkitRelativePath.split('/').some((name) => skip.includes(name)))
      .map((file) => fromFile(file.webkitRelativePath || file.name, file));
  }
  const sources: ImportSource[] = [];
  const visit = async (entry: DroppedEntry, prefix: string): Promise<void> => {
    const path = `${prefix}${entry.name}`;
    if (entry.isFile) {
      const file = await new Promise<ReadableFile>((resolve, reject) => entry.file(resolve, reject));
      sources.push(fromFile(path, file));
      return;
    }
    if (skip.includes(entry.name)) return;
    const reader = entry.createReader();
    // readEntries answers in batches; an empty batch means the directory is done.
    for (;;) {
      const batch = await new Promise<DroppedEntry[]>((resolve, reject) =>
        reader.readEntries(resolve, reject),
      );
      if (batch.length === 0) break;
      for (const child of batch) await visit(child, `${path}/`);
    }
  };
  const roots = Array.from(data.items, (item) => item.webkitGetAsEntry() as DroppedEntry | null).filter(
    (entry) => entry !== null,
  );
  for (const entry of roots) await visit(entry, '');
  return sources;
}
