/**
 * Bringing a project into a workspace and taking it out: import a folder (files from a drop or from
 * the File System Access API) or a zip, export the workspace as a zip. Works on any `Workspace`.
 * Zips are read and written by fflate; `.gitignore` files are applied by `ignore` when asked. Every
 * import is checked whole (paths, count, size) before the first file is written, so a refused import
 * changes nothing. Imports workspace.ts, fflate and (lazily) ignore.
 */

import { unzipSync, zipSync } from 'fflate';
import type { Ignore } from 'ignore';
import { errorMessage } from '../../shared/index.ts';
import { lexicalPath, normalizePosix, parentOf, type Workspace } from '../workspace.ts';

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
}

/** What an import did. */
export interface ImportSummary {
  files: number;
  bytes: number;
  /** Files left out by `.gitignore` rules. */
  ignored: number;
}

export const DEFAULT_IMPORT_MAX_FILES = 10_000;
export const DEFAULT_IMPORT_MAX_BYTES: number = 64 * 1024 * 1024;

const megabytes = (bytes: number): string =>
  bytes < 1024 * 1024 ? `${bytes} bytes` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

interface Rules {
  base: string;
  matcher: Ignore;
}

/** The `.gitignore` rules among `sources`, each applying below its own directory. */
async function gitignoreRules(sources: readonly ImportSource[]): Promise<Rules[]> {
  const found = sources.filter(
    (source) => source.path === '.gitignore' || source.path.endsWith('/.gitignore'),
  );
  if (found.length === 0) return [];
  const { default: ignore } = await import('ignore');
  const rules: Rules[] = [];
  for (const source of found.sort((a, b) => a.path.length - b.path.length)) {
    const text = new TextDecoder().decode(await source.bytes()).replace(/^\uFEFF/, '');
    rules.push({
      base: source.path.slice(0, -'.gitignore'.length),
      matcher: ignore({ ignorecase: false }).add(text),
    });
  }
  return rules;
}

/** Whether `path` or one of its directories is ignored, as git decides (deeper rules last). */
function ignoredBy(rules: readonly Rules[], path: string): boolean {
  const names = path.split('/');
  if (names.includes('.git')) return true;
  for (let depth = 1; depth <= names.length; depth++) {
    const candidate = names.slice(0, depth).join('/') + (depth < names.length ? '/' : '');
    let ignored = false;
    for (const { base, matcher } of rules) {
      if (!candidate.startsWith(base) || candidate === base) continue;
      const result = matcher.test(candidate.slice(base.length));
      if (result.ignored) ignored = true;
      else if (result.unignored) ignored = false;
    }
    if (ignored) return true;
  }
  return false;
}

/** The target of `relative` under `dir`, refused when it would leave it. */
function targetOf(dir: string, relative: string): string {
  const path = normalizePosix(`${dir}/${relative}`);
  if (relative.startsWith('/') || relative.includes('\\') || !path.startsWith(`${dir}/`)) {
    throw new Error(
      `The entry ${JSON.stringify(relative)} would land outside the import directory; nothing was imported.`,
    );
  }
  return path;
}

/** Throws when `count` files of `bytes` in all exceed the import's limits. */
function checkLimits(count: number, bytes: number, options: ImportOptions): void {
  const maxFiles = options.maxFiles ?? DEFAULT_IMPORT_MAX_FILES;
  const maxBytes = options.maxBytes ?? DEFAULT_IMPORT_MAX_BYTES;
  if (count > maxFiles) {
    throw new Error(
      `The import holds ${count} files; the limit is ${maxFiles}. Nothing was imported. Import a smaller folder${options.gitignore ? '' : ' (or honour .gitignore)'}, or raise maxFiles.`,
    );
  }
  if (bytes > maxBytes) {
    throw new Error(
      `The import holds ${megabytes(bytes)} of files; the limit is ${megabytes(maxBytes)}. Nothing was imported. Import a smaller folder, or raise maxBytes.`,
    );
  }
}

/** Writes checked sources under `dir`, creating directories. */
async function writeSources(
  workspace: Workspace,
  dir: string,
  sources: readonly ImportSource[],
): Promise<void> {
  const targets = sources.map((source) => targetOf(dir, source.path));
  await workspace.mkdir(dir, { recursive: true });
  for (const [index, source] of sources.entries()) {
    const target = targets[index] as string;
    await workspace.mkdir(parentOf(target), { recursive: true });
    await workspace.writeFile(target, await source.bytes());
  }
}

/**
 * Writes `sources` under `options.dir`, creating directories. Refuses the whole import, writing
 * nothing, when a path would leave the directory or the files exceed `maxFiles` or `maxBytes`.
 */
export async function importFiles(
  workspace: Workspace,
  sources: readonly ImportSource[],
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const dir = lexicalPath(workspace.root, options.dir ?? '.');
  const rules = options.gitignore ? await gitignoreRules(sources) : [];
  const kept = options.gitignore ? sources.filter((source) => !ignoredBy(rules, source.path)) : [...sources];
  const bytes = kept.reduce((sum, source) => sum + source.size, 0);
  checkLimits(kept.length, bytes, options);
  await writeSources(workspace, dir, kept);
  return { files: kept.length, bytes, ignored: sources.length - kept.length };
}

const unzip = (
  zip: Uint8Array,
  filter: (name: string, size: number) => boolean,
): Record<string, Uint8Array> => {
  try {
    return unzipSync(zip, {
      filter: (file) => !file.name.endsWith('/') && filter(file.name, file.originalSize),
    });
  } catch (error) {
    throw new Error(`The file is not a zip that can be read (${errorMessage(error)}); nothing was imported.`);
  }
};

/**
 * Imports the files of a zip. The sizes its directory declares are checked against the limits before
 * anything is inflated, so a zip bomb is refused unread.
 */
export async function importZip(
  workspace: Workspace,
  zip: Uint8Array,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const dir = lexicalPath(workspace.root, options.dir ?? '.');
  const maxFiles = options.maxFiles ?? DEFAULT_IMPORT_MAX_FILES;
  const maxBytes = options.maxBytes ?? DEFAULT_IMPORT_MAX_BYTES;
  const gitignores = options.gitignore
    ? unzip(zip, (name) => name === '.gitignore' || name.endsWith('/.gitignore'))
    : {};
  const rules = await gitignoreRules(
    Object.entries(gitignores).map(([path, bytes]) => ({
      path,
      size: bytes.length,
      bytes: async () => bytes,
    })),
  );
  let count = 0;
  let declared = 0;
  let ignored = 0;
  const entries = unzip(zip, (name, size) => {
    if (options.gitignore && ignoredBy(rules, name)) {
      ignored += 1;
      return false;
    }
    count += 1;
    declared += size;
    // Past a limit nothing more is inflated; the check below names the limit.
    return count <= maxFiles && declared <= maxBytes;
  });
  checkLimits(count, declared, options);
  const sources = Object.entries(entries).map(([path, bytes]) => ({
    path,
    size: bytes.length,
    bytes: async () => bytes,
  }));
  const bytes = sources.reduce((sum, source) => sum + source.size, 0);
  checkLimits(sources.length, bytes, options);
  await writeSources(workspace, dir, sources);
  return { files: sources.length, bytes, ignored };
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
export interface PickedFile extends ReadableFile {
  readonly name: string;
  readonly webkitRelativePath: string;
}

/**
 * A folder from `showDirectoryPicker()` (a DOM `FileSystemDirectoryHandle`). Its entries are read with
 * `values()`, which browsers have even where the DOM typings lack it.
 */
export interface PickedDirectoryHandle {
  readonly kind: 'directory';
  readonly name: string;
}

/** A drop's data (a DOM `DataTransfer`): its items, read as file system entries. */
export interface DroppedData {
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
