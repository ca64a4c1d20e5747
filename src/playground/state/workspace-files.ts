/**
 * Whole-tree operations over the Workspace seam, for the file tree, permalinks and backend switches:
 * list every entry under the root, read every file, replace the root's content. Paths handed out are
 * relative to the root.
 */
import { fileBytes, type ScenarioFile, toBase64Url } from './scenario.ts';
import type { Workspace } from './types.ts';

/** One entry of the tree, depth-first, directories before files, names in a case-insensitive order. */
export interface TreeEntry {
  /** Relative to the root, `/`-separated. */
  path: string;
  name: string;
  type: 'file' | 'directory' | 'symlink' | 'other';
  depth: number;
}

/** The most entries a listing returns. */
const MAX_TREE_ENTRIES = 3_000;

const byName = (a: { name: string }, b: { name: string }): number =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

/** Lists the tree under the root (depth-first), at most `max` entries; `hidden` counts the rest. */
export async function listTree(
  workspace: Workspace,
  max = MAX_TREE_ENTRIES,
): Promise<{ entries: TreeEntry[]; hidden: number }> {
  const entries: TreeEntry[] = [];
  let hidden = 0;
  const visit = async (dir: string, relative: string, depth: number): Promise<void> => {
    const children = await workspace.readdir(dir);
    const sorted = [
      ...children.filter((child) => child.type === 'directory').sort(byName),
      ...children.filter((child) => child.type !== 'directory').sort(byName),
    ];
    for (const child of sorted) {
      if (entries.length >= max) {
        hidden++;
        continue;
      }
      const path = relative === '' ? child.name : `${relative}/${child.name}`;
      entries.push({ path, name: child.name, type: child.type, depth });
      if (child.type === 'directory') await visit(`${dir === '/' ? '' : dir}/${child.name}`, path, depth + 1);
    }
  };
  await visit(workspace.root, '', 0);
  return { entries, hidden };
}

/** Whether `bytes` look like text: valid UTF-8 without NUL in the first 8 KB. */
export function isText(bytes: Uint8Array): boolean {
  if (bytes.subarray(0, 8192).includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Every file under the root: text as a string, anything else as base64. */
export async function readAllFiles(workspace: Workspace): Promise<Record<string, ScenarioFile>> {
  const { entries } = await listTree(workspace, Number.POSITIVE_INFINITY);
  const files: [string, ScenarioFile][] = [];
  for (const entry of entries) {
    if (entry.type !== 'file') continue;
    const bytes = await workspace.readFile(`${workspace.root}/${entry.path}`);
    files.push([
      entry.path,
      isText(bytes) ? new TextDecoder().decode(bytes) : { base64: toBase64Url(bytes) },
    ]);
  }
  return Object.fromEntries(files);
}

/** Empties the root, then writes `files` (creating their directories). */
export async function replaceFiles(workspace: Workspace, files: Record<string, ScenarioFile>): Promise<void> {
  for (const entry of await workspace.readdir(workspace.root)) {
    await workspace.rm(`${workspace.root}/${entry.name}`, { recursive: true, force: true });
  }
  await writeFiles(workspace, files);
}

/** Writes `files` under the root, creating their directories. */
export async function writeFiles(workspace: Workspace, files: Record<string, ScenarioFile>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    const absolute = `${workspace.root}/${path}`;
    const parent = absolute.slice(0, absolute.lastIndexOf('/'));
    if (parent !== workspace.root) await workspace.mkdir(parent, { recursive: true });
    await workspace.writeFile(absolute, fileBytes(content));
  }
}

/** Scenario files as the embedded backend's `files` option takes them. */
export function toInitialFiles(files: Record<string, ScenarioFile>): Record<string, string | Uint8Array> {
  return Object.fromEntries(Object.entries(files).map(([path, content]) => [path, fileBytes(content)]));
}
