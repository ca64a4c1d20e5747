/**
 * The WebContainer's bulk calls as the seam's `exportTree` and `writeFiles`: `wc.export(path, {
 * format: 'json' })` returns a whole tree (files with their contents, directories, symlinks with their
 * targets) in one round trip, and `wc.mount(tree, { mountPoint })` writes one. Imports workspace.ts
 * and the types of `@webcontainer/api`.
 */
import type { DirectoryNode, FileNode, FileSystemTree } from '@webcontainer/api';
import { type TreeEntry, WorkspaceError } from '../workspace.ts';

/**
 * The entries of an exported tree by relative path, parents first. A file's contents arrive as bytes
 * or as text (UTF-8); `leaveOut` names a top-level entry to skip (the spill directory, at the root).
 */
export function entriesOfTree(tree: FileSystemTree, leaveOut?: string): Map<string, TreeEntry> {
  const entries = new Map<string, TreeEntry>();
  const pending: [string, FileSystemTree][] = [['', tree]];
  const encoder = new TextEncoder();
  while (pending.length > 0) {
    const [prefix, node] = pending.pop() as [string, FileSystemTree];
    for (const [name, child] of Object.entries(node)) {
      if (prefix === '' && name === leaveOut) continue;
      const path = prefix === '' ? name : `${prefix}/${name}`;
      if ('directory' in child) {
        entries.set(path, { type: 'directory' });
        pending.push([path, child.directory]);
      } else if ('symlink' in child.file) {
        entries.set(path, { type: 'symlink', target: child.file.symlink });
      } else {
        const contents = (child as FileNode).file.contents;
        entries.set(path, {
          type: 'file',
          bytes: typeof contents === 'string' ? encoder.encode(contents) : contents,
        });
      }
    }
  }
  return entries;
}

/**
 * The tree `mount` writes for `files` (relative paths), checked whole first: a refused key rejects
 * with `WorkspaceError` `EINVAL` before anything is written.
 */
export function treeOfFiles(dir: string, files: ReadonlyMap<string, Uint8Array | string>): FileSystemTree {
  const tree: FileSystemTree = {};
  for (const [key, contents] of files) {
    const names = key.split('/');
    if (
      key === '' ||
      key.startsWith('/') ||
      names.some((name) => name === '' || name === '.' || name === '..')
    ) {
      throw new WorkspaceError(
        'EINVAL',
        dir,
        `writeFiles: ${JSON.stringify(key)} is not a relative path inside ${dir}.`,
      );
    }
    let level = tree;
    for (const [index, name] of names.entries()) {
      const existing = level[name];
      if (index === names.length - 1) {
        if (existing) throw conflict(dir, key);
        level[name] = { file: { contents } };
        break;
      }
      if (existing && !('directory' in existing)) throw conflict(dir, key);
      const next: DirectoryNode = (existing as DirectoryNode | undefined) ?? { directory: {} };
      level[name] = next;
      level = next.directory;
    }
  }
  return tree;
}

const conflict = (dir: string, key: string): WorkspaceError =>
  new WorkspaceError(
    'EINVAL',
    dir,
    `writeFiles: ${JSON.stringify(key)} is a file and a directory in the same call.`,
  );
