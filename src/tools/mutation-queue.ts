/**
 * One queue per file for the tools that change files (write, edit): calls on the same path run one
 * after another, each seeing the previous one's result, so two concurrent calls never lose a change.
 * Keyed by workspace (weakly) and by the confined absolute path. Imports the Workspace type only.
 */
import type { Workspace } from '../workspace/workspace.ts';

const queues = new WeakMap<Workspace, Map<string, Promise<unknown>>>();

/**
 * Runs `mutate` once every earlier mutation of `path` in `workspace` has settled, and returns its
 * result. A failing mutation does not block the ones queued after it. `path` must be the confined,
 * symlink-resolved absolute path, so two spellings of one file share a queue.
 */
export function withFileMutation<T>(
  workspace: Workspace,
  path: string,
  mutate: () => Promise<T>,
): Promise<T> {
  let paths = queues.get(workspace);
  if (!paths) {
    paths = new Map();
    queues.set(workspace, paths);
  }
  const previous = paths.get(path) ?? Promise.resolve();
  const run = previous.then(mutate, mutate);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  paths.set(path, tail);
  const done = (): void => {
    if (paths.get(path) === tail) paths.delete(path);
  };
  tail.then(done);
  return run;
}

/**
 * Runs `mutate` holding the queues of every path in `paths` (a patch that changes several files):
 * taken one after another in sorted order, so two such calls can never wait for each other.
 */
export function withFileMutations<T>(
  workspace: Workspace,
  paths: readonly string[],
  mutate: () => Promise<T>,
): Promise<T> {
  const sorted = [...new Set(paths)].sort();
  const hold = (index: number): Promise<T> => {
    const path = sorted[index];
    return path === undefined ? mutate() : withFileMutation(workspace, path, () => hold(index + 1));
  };
  return hold(0);
}
