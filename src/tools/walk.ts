/**
 * The tree walk grep and find share: a depth-first walk over the Workspace seam that honours
 * `.gitignore` files (the root's, nested ones, and those of the directories above the start), always
 * skips `.git`, `node_modules` and the spill directory, never follows symlinks, and stops after a cap on
 * visited entries. It costs one `listTree` when the backend offers it, else one `readdir` (with entry
 * types) per directory, plus one `readFile` per `.gitignore` that a listing shows: no `stat` per entry. Imports core, workspace.ts, files.ts and
 * the `ignore` package only.
 */
import type { Ignore } from 'ignore';
import { ToolError } from '../core/index.ts';
import { type DirEntry, type EntryType, type Workspace, WorkspaceError } from '../workspace/workspace.ts';
import { decodeUtf8, fsError } from './files.ts';

/** Entries a walk visits before it stops and reports itself capped. */
export const DEFAULT_MAX_WALK_ENTRIES: number = 100_000;

/** Names never entered or listed below the start of a walk, whatever their type. */
const ALWAYS_SKIPPED_NAMES: readonly string[] = ['.git', 'node_modules'];

/** One entry a walk visits. */
interface WalkEntry {
  /** Absolute path, for the backend. */
  path: string;
  /** POSIX path relative to the start of the walk, without `./` or a trailing `/`. */
  relative: string;
  name: string;
  /** From the directory listing; a symlink is reported as `symlink` and never followed. */
  type: EntryType;
}

/** Options of {@link walkTree}. */
export interface WalkOptions {
  /** Entries visited (listed, before filtering) before the walk stops. Default: {@link DEFAULT_MAX_WALK_ENTRIES}. */
  maxEntries?: number;
  /** Honour `.gitignore` files. Default: `true`. */
  gitignore?: boolean;
  /** Stops the walk (it ends quietly; the caller checks the signal). */
  signal?: AbortSignal;
  /** Entries to leave out: neither yielded nor, for a directory, entered. */
  prune?: (relative: string, name: string, isDirectory: boolean) => boolean;
}

/**
 * A walk in progress. Iterate it once: it yields the entries in path order (each directory's entries
 * sorted by name, a directory followed by its contents) in runs, each run ending at a directory, so a
 * consumer pays one await per run rather than per entry. Then read `capped`.
 */
export interface TreeWalk extends AsyncIterable<WalkEntry[]> {
  /** Whether the walk stopped at `maxEntries`, leaving entries unvisited. */
  readonly capped: boolean;
  /** Entries listed so far (including skipped and ignored ones). */
  readonly visited: number;
}

/**
 * Turns a failure to open the directory a listing starts from into model-facing text. The workspace
 * root itself can be missing (a command deleted it), which the generic "does not exist" would hide.
 */
export function startError(workspace: Workspace, absolute: string, display: string, error: unknown): never {
  if (error instanceof WorkspaceError && error.code === 'ENOENT' && absolute === workspace.root) {
    throw new ToolError(
      `The workspace root (${workspace.root}) does not exist any more: a command deleted it. Create files with write to start again.`,
      { code: 'ENOENT', data: { path: display } },
    );
  }
  return fsError(error, display);
}

/** The rules of one `.gitignore`: `base` is its directory relative to the root, `''` or ending in `/`. */
interface IgnoreRules {
  base: string;
  rules: Ignore;
}

interface Frame {
  dir: string;
  /** Relative to the start, `''` for the start. */
  relative: string;
  /** Relative to the workspace root, `''` for the root. */
  rooted: string;
  entries: DirEntry[];
  index: number;
  rules: readonly IgnoreRules[];
}

const join = (dir: string, name: string): string => (dir === '/' ? `/${name}` : `${dir}/${name}`);
const byName = (a: DirEntry, b: DirEntry): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * Walks the tree under `start` (an absolute, confined directory). The start itself is not yielded and
 * is walked even when it is ignored or skipped by name: a path the caller named explicitly is searched
 * (without the rules of the `.gitignore` files above it, when those ignore it). Unreadable directories
 * are passed over. Never throws for filesystem failures.
 */
export function walkTree(workspace: Workspace, start: string, options: WalkOptions = {}): TreeWalk {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_WALK_ENTRIES;
  const useGitignore = options.gitignore !== false;
  const signal = options.signal;
  const root = workspace.root;
  const rootedStart = start === root ? '' : start.slice(root === '/' ? 1 : root.length + 1);
  let capped = false;
  let visited = 0;

  /** The whole tree in one call, when the backend can list it so; else each directory is read in turn. */
  let tree: Map<string, DirEntry[]> | undefined;
  const open = (dir: string, relative: string, rooted: string, inherited: readonly IgnoreRules[]) =>
    openFrame(workspace, tree, useGitignore, { dir, relative, rooted, inherited });

  async function* runs(): AsyncGenerator<WalkEntry[]> {
    const rules = useGitignore ? await startRules(workspace, rootedStart) : [];
    tree = await workspace.listTree?.(start, { skip: ALWAYS_SKIPPED_NAMES }).catch(() => undefined);
    const stack: Frame[] = [await open(start, '', rootedStart, rules)];
    let run: WalkEntry[] = [];
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      if (frame === undefined) break;
      const entry = frame.entries[frame.index];
      if (entry === undefined) {
        stack.pop();
        continue;
      }
      frame.index += 1;
      visited += 1;
      if (visited > maxEntries) {
        capped = true;
        break;
      }
      const { name, type } = entry;
      if (ALWAYS_SKIPPED_NAMES.includes(name)) continue;
      const path = join(frame.dir, name);
      if (path === workspace.spillDir) continue;
      const rooted = frame.rooted === '' ? name : `${frame.rooted}/${name}`;
      const isDirectory = type === 'directory';
      if (frame.rules.length > 0 && isIgnored(frame.rules, rooted, isDirectory)) continue;
      const relative = frame.relative === '' ? name : `${frame.relative}/${name}`;
      if (options.prune?.(relative, name, isDirectory)) continue;
      run.push({ path, relative, name, type });
      if (!isDirectory) continue;
      // The run ends at a directory so that its contents, listed next, follow it in path order.
      yield run;
      run = [];
      if (signal?.aborted) return;
      stack.push(await open(path, relative, rooted, frame.rules));
    }
    if (run.length > 0) yield run;
  }

  return {
    [Symbol.asyncIterator]: () => runs(),
    get capped() {
      return capped;
    },
    get visited() {
      return visited;
    },
  };
}

/** The ignore rules the walk starts with: those of the `.gitignore` files above `rootedStart`. */
async function startRules(workspace: Workspace, rootedStart: string): Promise<readonly IgnoreRules[]> {
  if (rootedStart === '') return [];
  const rules = await ancestorRules(workspace, rootedStart);
  // A start the ancestors ignore was named on purpose: search it with its own rules only.
  return isIgnored(rules, rootedStart, true) ? [] : rules;
}

/** A directory to walk: its entries sorted by name, and the ignore rules in force inside it. */
async function openFrame(
  workspace: Workspace,
  tree: Map<string, DirEntry[]> | undefined,
  useGitignore: boolean,
  at: { dir: string; relative: string; rooted: string; inherited: readonly IgnoreRules[] },
): Promise<Frame> {
  const { dir, relative, rooted, inherited } = at;
  let entries: DirEntry[];
  try {
    entries = tree ? [...(tree.get(dir) ?? [])] : await workspace.readdir(dir);
  } catch {
    entries = [];
  }
  entries.sort(byName);
  let rules = inherited;
  if (useGitignore && entries.some((entry) => entry.name === '.gitignore' && entry.type === 'file')) {
    const own = await readRules(workspace, join(dir, '.gitignore'), rooted === '' ? '' : `${rooted}/`);
    if (own) rules = [...inherited, own];
  }
  return { dir, relative, rooted, entries, index: 0, rules };
}

/**
 * Whether `rooted` (relative to the workspace root) is ignored by `rules`, applied outermost first so
 * that a deeper `.gitignore` (a negation, say) has the last word, as in git.
 */
function isIgnored(rules: readonly IgnoreRules[], rooted: string, isDirectory: boolean): boolean {
  let ignored = false;
  for (const { base, rules: matcher } of rules) {
    if (base !== '' && !rooted.startsWith(base)) continue;
    const local = rooted.slice(base.length);
    if (local === '') continue;
    let result: { ignored: boolean; unignored: boolean };
    try {
      result = matcher.test(isDirectory ? `${local}/` : local);
    } catch {
      // `ignore` refuses names it cannot treat as relative paths; such an entry is simply not ignored.
      continue;
    }
    if (result.ignored) ignored = true;
    else if (result.unignored) ignored = false;
  }
  return ignored;
}

/** The `.gitignore` rules of the root and of every directory between it and `rootedStart` (excluded). */
async function ancestorRules(workspace: Workspace, rootedStart: string): Promise<IgnoreRules[]> {
  const names = rootedStart.split('/');
  const bases = names.map((_, index) => names.slice(0, index).join('/'));
  const found = await Promise.all(
    bases.map((base) =>
      readRules(
        workspace,
        join(base === '' ? workspace.root : join(workspace.root, base), '.gitignore'),
        base === '' ? '' : `${base}/`,
      ),
    ),
  );
  return found.filter((rules): rules is IgnoreRules => rules !== undefined);
}

async function readRules(workspace: Workspace, path: string, base: string): Promise<IgnoreRules | undefined> {
  let bytes: Uint8Array;
  try {
    bytes = await workspace.readFile(path);
  } catch {
    return undefined;
  }
  const text = decodeUtf8(bytes)?.replace(/^\uFEFF/, '');
  if (text === undefined || text.trim() === '') return undefined;
  // Loaded on the first .gitignore met, so the library's root entry stays light.
  const { default: ignore } = await import('ignore');
  // Git matches case-sensitively unless core.ignorecase is set; `ignore` defaults to the opposite.
  return { base, rules: ignore({ ignorecase: false }).add(text) };
}
