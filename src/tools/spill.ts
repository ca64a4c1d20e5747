/**
 * Spilling: when a tool cuts its output, the full text goes to a file in the workspace's spill
 * directory so the model can page through it with `read`. The directory belongs to the tools and is
 * capped: after each spill only the newest files are kept (by count and by total size), older ones are
 * deleted. Imports workspace.ts (the type) only.
 */
import { pathExists, type Workspace } from '../workspace/workspace.ts';

/** Spill files kept after each spill, the new one included. */
export const SPILL_MAX_FILES: number = 20;
/** Bytes of spill files kept after each spill; the newest file is always kept, whatever its size. */
export const SPILL_MAX_BYTES: number = 50 * 1024 * 1024;

/** Options of {@link spillOutput}. */
export interface SpillOptions {
  /** Spill files kept, the new one included. Default: {@link SPILL_MAX_FILES}. */
  maxFiles?: number;
  /** Total bytes kept; the newest file always stays. Default: {@link SPILL_MAX_BYTES}. */
  maxBytes?: number;
  /** Clock used in file names. Default: `Date.now`. */
  now?: () => number;
}

let sequence = 0;

/**
 * Writes `text` to a new file `<prefix>-<timestamp>-<n>.log` in `workspace.spillDir` (created if
 * missing), prunes the directory to its caps and returns the new file's absolute path. Throws the
 * backend's error when the file cannot be written; pruning failures are ignored.
 */
export async function spillOutput(
  workspace: Workspace,
  prefix: string,
  text: string,
  options: SpillOptions = {},
): Promise<string> {
  const dir = workspace.spillDir;
  const now = options.now ?? Date.now;
  await workspace.mkdir(dir, { recursive: true });
  let path: string;
  do {
    sequence += 1;
    path = `${dir === '/' ? '' : dir}/${prefix}-${now()}-${sequence}.log`;
  } while (await pathExists(workspace, path));
  await workspace.writeFile(path, text);
  await pruneSpillDir(workspace, path, options);
  return path;
}

/**
 * Deletes the oldest files of the spill directory until at most `maxFiles` files and `maxBytes` bytes
 * remain; `keep` (the file just written) is never deleted. Age is the modification time when the
 * backend knows it, else the name (names carry a timestamp). Best effort: never throws.
 */
export async function pruneSpillDir(
  workspace: Workspace,
  keep: string,
  options: Pick<SpillOptions, 'maxFiles' | 'maxBytes'> = {},
): Promise<void> {
  const maxFiles = options.maxFiles ?? SPILL_MAX_FILES;
  const maxBytes = options.maxBytes ?? SPILL_MAX_BYTES;
  const dir = workspace.spillDir;
  try {
    const entries = (await workspace.readdir(dir)).filter((entry) => entry.type === 'file');
    const files = await Promise.all(
      entries.map(async ({ name }) => {
        const path = `${dir === '/' ? '' : dir}/${name}`;
        const stat = await workspace.stat(path).catch(() => undefined);
        return { path, name, size: stat?.size ?? 0, mtime: stat?.mtimeMs ?? 0 };
      }),
    );
    files.sort(
      (a, b) => (a.path === keep ? -1 : b.path === keep ? 1 : 0) || b.mtime - a.mtime || compareNames(b, a),
    );
    let count = 0;
    let bytes = 0;
    const doomed: string[] = [];
    for (const file of files) {
      count += 1;
      bytes += file.size;
      if (file.path !== keep && (count > maxFiles || bytes > maxBytes)) doomed.push(file.path);
    }
    await Promise.all(doomed.map((path) => workspace.rm(path, { force: true }).catch(() => undefined)));
  } catch {
    // Pruning is housekeeping: a failure must not fail the call that spilled.
  }
}

/** Names are `<prefix>-<ms>-<n>.log`: compare the numbers, so that `-10` sorts after `-9`. */
function compareNames(a: { name: string }, b: { name: string }): number {
  const numbers = (name: string): number[] => (name.match(/\d+/g) ?? []).map(Number);
  const left = numbers(a.name);
  const right = numbers(b.name);
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const difference = (left[index] ?? -1) - (right[index] ?? -1);
    if (difference !== 0) return difference;
  }
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
