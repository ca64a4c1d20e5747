/**
 * Which programs the WebContainer has, read from the container itself: its `PATH`, and the names in
 * each of its directories. `wc.fs` is scoped to the workdir and cannot list `/usr/local/bin`, so one
 * `node -e` process (the container's own Node, which sees the whole container) prints both, once per
 * container; a directory of `PATH` inside the workdir (`node_modules/.bin`) is listed again through the
 * workspace before each command, so programs installed later run too. Imports this folder, workspace.ts
 * and just-bash (for the names its interpreter already has). Without node, or when its answer cannot
 * be read, the caller falls back to probing a fixed list (shell-description.ts).
 */
import { getCommandNames } from 'just-bash';
import { type DirEntry, isInside, normalizePosix, type Workspace } from '../workspace.ts';
import { NON_INTERACTIVE_ENV, type ProcessSpawner, runContainerProcess } from './container-program.ts';
import { CONTAINER_COMMAND_CANDIDATES } from './shell-description.ts';

/** What the container's `PATH` offers. */
export interface ContainerPrograms {
  /** Program names, the usual tool chain first (node, npm, npx, ...), then the rest by name. */
  names: string[];
  /** Directories of `PATH` inside the workdir (absolute), listed again before each command. */
  workdirDirs: string[];
  /**
   * The container's own `PATH` and `HOME` as node saw them, which every program is given explicitly;
   * empty when they are not known.
   */
  env: Record<string, string>;
}

/** Starts each line the discovery process prints with its answer. */
const MARKER = '@@browser-agent-tools:path@@';
/** Directories of `PATH` read at most, and names kept per directory. */
const MAX_PATH_DIRS = 32;
const MAX_NAMES_PER_DIR = 2000;
/** How long the discovery process may take before node counts as unusable. */
const DISCOVERY_TIMEOUT_MS = 10_000;

/**
 * The `node -e` program: prints the marker and `{path, dirs}` as JSON, every non-ASCII character
 * escaped (the terminal decodes each chunk on its own, and would damage a split character). One
 * expression, whose promise node's event loop waits for.
 */
export const DISCOVERY_SCRIPT: string = String.raw`(async () => {
  const fs = require('fs');
  const path = process.env.PATH || '';
  const dirs = {};
  for (const dir of path.split(':').slice(0, ${MAX_PATH_DIRS})) {
    if (!dir.startsWith('/') || dir in dirs) continue;
    try {
      const entries = await fs.promises.readdir(dir, { withFileTypes: true });
      dirs[dir] = entries.filter((entry) => !entry.isDirectory()).map((entry) => entry.name).slice(0, ${MAX_NAMES_PER_DIR});
    } catch {
      dirs[dir] = [];
    }
  }
  const json = JSON.stringify({ path, home: process.env.HOME || '', dirs }).replace(/[^\x20-\x7e]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
  process.stdout.write('\n${MARKER}' + json + '\n');
})()`;

/**
 * bash's builtins, and the shells: the interpreter runs these itself (or refuses them), so a program
 * of the same name in the container is never reached and is not offered.
 */
const SHELL_NAMES: ReadonlySet<string> = new Set(
  (
    'alias bg bind break builtin caller cd command compgen complete continue declare dirs disown echo ' +
    'enable eval exec exit export false fc fg getopts hash help history jobs kill let local logout ' +
    'mapfile popd printf pushd pwd read readarray readonly return set shift shopt source suspend test ' +
    'times trap true type typeset ulimit umask unalias unset wait sh bash jsh'
  ).split(' '),
);

let interpreterNames: ReadonlySet<string> | undefined;

/** A name a script can type as a command word, and that the interpreter does not already have. */
function isContainerOnlyName(name: string): boolean {
  interpreterNames ??= new Set(getCommandNames());
  return /^[A-Za-z0-9_][A-Za-z0-9_.+-]*$/.test(name) && !SHELL_NAMES.has(name) && !interpreterNames.has(name);
}

/** Per container: its programs are read once, however many workspaces are made over it. */
const discovered = new WeakMap<object, Promise<ContainerPrograms | undefined>>();

/**
 * The programs on the container's `PATH`, read by one `node -e` process; undefined when node cannot
 * run it or its answer cannot be read. Cached per container object.
 */
export function discoverContainerPrograms(
  container: ProcessSpawner & { readonly workdir: string; readonly path?: string },
): Promise<ContainerPrograms | undefined> {
  let found = discovered.get(container);
  if (!found) {
    found = readContainerPath(container).catch(() => undefined);
    discovered.set(container, found);
  }
  return found;
}

async function readContainerPath(
  container: ProcessSpawner & { readonly workdir: string; readonly path?: string },
): Promise<ContainerPrograms | undefined> {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), DISCOVERY_TIMEOUT_MS);
  try {
    const outcome = await runContainerProcess(container, {
      command: 'node',
      args: ['-e', DISCOVERY_SCRIPT],
      cwd: undefined,
      // The container's PATH, where the client says it: spawn's env may replace the container's own.
      env: {
        ...(typeof container.path === 'string' ? { PATH: container.path } : {}),
        ...NON_INTERACTIVE_ENV,
      },
      stdin: '',
      stop: stop.signal,
      quietMs: 50,
      graceMs: 1_000,
      maxOutputBytes: 4 * 1024 * 1024,
    });
    if (outcome.exitCode !== 0) return undefined;
    const answer = parseAnswer(outcome.output);
    return answer && programsOnPath(answer, normalizePosix(container.workdir));
  } finally {
    clearTimeout(timer);
  }
}

/** What the discovery script prints: the container's `PATH` and `HOME`, and the names in each `PATH` directory. */
interface PathAnswer {
  path: string;
  /** Empty when the container has none (or an older script printed none). */
  home: string;
  dirs: Record<string, string[]>;
}

/** The `{path, home, dirs}` the script printed, or undefined when the output holds no readable answer. */
function parseAnswer(output: string): PathAnswer | undefined {
  const line = output
    .split('\n')
    .reverse()
    .find((candidate) => candidate.startsWith(MARKER));
  if (line === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(line.slice(MARKER.length));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { path, home, dirs } = value as { path?: unknown; home?: unknown; dirs?: unknown };
  if (typeof path !== 'string' || typeof dirs !== 'object' || dirs === null) return undefined;
  const lists: Record<string, string[]> = {};
  for (const [dir, names] of Object.entries(dirs)) {
    if (!Array.isArray(names)) return undefined;
    lists[dir] = names.filter((name): name is string => typeof name === 'string');
  }
  return { path, home: typeof home === 'string' ? home : '', dirs: lists };
}

/** The programs of an answer: `node` (it answered), then every container-only name on `PATH`. */
function programsOnPath(answer: PathAnswer, workdir: string): ContainerPrograms {
  const names = new Set<string>(['node']);
  const workdirDirs: string[] = [];
  for (const [dir, entries] of Object.entries(answer.dirs)) {
    const absolute = normalizePosix(dir);
    if (isInside(workdir, absolute) && !workdirDirs.includes(absolute)) workdirDirs.push(absolute);
    for (const name of entries) if (isContainerOnlyName(name)) names.add(name);
  }
  const env: Record<string, string> = {};
  if (answer.path !== '') env.PATH = answer.path;
  if (answer.home !== '') env.HOME = answer.home;
  return { names: orderPrograms(names), workdirDirs, env };
}

/** The usual tool chain first, in its usual order, then the rest by name. */
function orderPrograms(names: Iterable<string>): string[] {
  const all = [...new Set(names)];
  const known = CONTAINER_COMMAND_CANDIDATES.filter((name) => all.includes(name));
  const rest = all.filter((name) => !known.includes(name)).sort();
  return [...known, ...rest];
}

/**
 * The programs in `dirs` (PATH directories inside the workdir) now, through the workspace's listing:
 * one `readdir` per directory; one that does not exist (no `npm install` yet) adds nothing.
 */
export async function listWorkdirPrograms(workspace: Workspace, dirs: readonly string[]): Promise<string[]> {
  const listed = await Promise.all(dirs.map((dir) => workspace.readdir(dir).catch((): DirEntry[] => [])));
  return listed
    .flat()
    .filter((entry) => entry.type !== 'directory' && isContainerOnlyName(entry.name))
    .map((entry) => entry.name);
}
