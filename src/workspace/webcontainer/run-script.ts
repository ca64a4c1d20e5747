/**
 * The WebContainer backend's shell: a script runs in just-bash's interpreter (real bash syntax, and
 * grep, sed, awk, find, xargs, ...) over the container's files, and the programs only the container
 * has (`node`, `npm`, `npx`, ...) run as container processes with the script's cwd, exported
 * variables and piped input. WebContainer's own shell, `jsh`, lacks most of those commands and much of
 * bash's syntax, so it is never used. Imports the shell room, this folder, just-bash and workspace.ts.
 */

import type { SpawnOptions, WebContainerProcess } from '@webcontainer/api';
import { Bash, defineCommand, type IFileSystem, InMemoryFs, MountableFs } from 'just-bash';
import { errorMessage } from '../../shared/index.ts';
import { runJustBashCommand } from '../shell/run-command.ts';
import { createWorkspaceFileSystem } from '../shell/workspace-file-system.ts';
import { type ExecOptions, type ExecResult, isInside, normalizePosix, type Workspace } from '../workspace.ts';
import type { BackgroundJobs } from './background-jobs.ts';
import {
  damagedOutputNotice,
  NON_INTERACTIVE_ENV,
  programEnvironment,
  runContainerProcess,
} from './container-program.ts';
import { listWorkdirPrograms } from './discover-commands.ts';
import { backgroundCommands, startInBackground } from './shell-jobs.ts';
import { cacheWalks } from './walk-cache.ts';

/** What a script needs from the workspace and its container. */
export interface ScriptContext {
  /** The workspace whose files the interpreter reads and writes (its root is the workdir). */
  workspace: Workspace;
  spawn(command: string, args: string[], options?: SpawnOptions): Promise<WebContainerProcess>;
  /** Programs run as container processes. */
  containerCommands: readonly string[];
  /** Directories of the container's `PATH` inside the workdir: their programs run as processes too. */
  workdirBins: readonly string[];
  /** Variables every command sees (over {@link NON_INTERACTIVE_ENV}). */
  env: Record<string, string>;
  /** The container's own `PATH` and `HOME`, passed to every program (when known). */
  containerEnv: Record<string, string>;
  /** The programs started in the background (`npm run dev &`). */
  jobs: BackgroundJobs;
  quietMs: number;
  graceMs: number;
  maxOutputBytes: number;
  /** Called when a killed process did not exit within `graceMs`. */
  onProcessStuck: ((command: string) => void) | undefined;
}

/** After a killed program's grace periods, time left for its output to reach the interpreter. */
const STOP_MARGIN_MS = 1_000;

/** Runs `command` as a bash script; container programs run as processes. */
export async function runScript(
  context: ScriptContext,
  command: string,
  options: ExecOptions,
): Promise<ExecResult> {
  const stop = new AbortController();
  const deadline = Date.now() + (options.timeoutMs ?? 2_147_483_647);
  const timer =
    options.timeoutMs === undefined
      ? undefined
      : globalThis.setTimeout(() => stop.abort(), Math.min(Math.max(0, options.timeoutMs), 2_147_483_647));
  const onAbort = (): void => stop.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const installed = await listWorkdirPrograms(context.workspace, context.workdirBins);
    const programs = new Set([...context.containerCommands, ...installed]);
    const bash = createShell(context, [...programs], { stop: stop.signal, deadline });
    const script = startInBackground(bash, command, (name) => programs.has(name));
    // At the stop a container program is killed, then its exit and last output are awaited (each at
    // most graceMs): the interpreter must not drop what it printed while that happens.
    return await runJustBashCommand(bash, context.workspace.root, script, options, {
      backstopMs: 2 * context.graceMs + STOP_MARGIN_MS,
    });
  } finally {
    if (timer !== undefined) globalThis.clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/** Before the call's timeout, the time a background start leaves for the rest of the script. */
const BACKGROUND_START_MARGIN_MS = 1_000;

/** A fresh interpreter for one call: the workdir mounted from the container, the rest in memory. */
function createShell(
  context: ScriptContext,
  programs: readonly string[],
  call: { stop: AbortSignal; deadline: number },
): Bash {
  const root = context.workspace.root;
  const exportTree = context.workspace.exportTree?.bind(context.workspace);
  // A walk of the interpreter fetches the tree it goes down in one call (walk-cache.ts); a program
  // may change any file, so each one the script runs drops what was fetched.
  const walks = exportTree ? cacheWalks(context.workspace, exportTree) : undefined;
  const forget = (): void => walks?.forget();
  const fs = new TypedMountableFs(
    root,
    createWorkspaceFileSystem(walks?.workspace ?? context.workspace, { modesOf: context.workspace }),
  );
  const background = backgroundCommands({
    jobs: context.jobs,
    directory: (ctx, name) => programDirectory(root, ctx.cwd, name),
    environment: (ctx) => programEnvironment(context.containerEnv, context.env, ctx.exportedEnv),
    deadline: () => Math.max(Date.now(), call.deadline - BACKGROUND_START_MARGIN_MS),
    stop: call.stop,
    forget,
  });
  return new Bash({
    fs,
    cwd: root,
    env: { HOME: root, ...NON_INTERACTIVE_ENV, ...context.env },
    customCommands: [
      ...programs.map((name) => containerCommand(context, name, { stop: call.stop, forget })),
      ...background,
    ],
  });
}

/**
 * Where a program runs: the command's directory relative to the workdir (undefined for the workdir
 * itself), or the refusal for a directory that exists only in the interpreter (`/tmp`).
 */
function programDirectory(
  root: string,
  directory: string,
  name: string,
): { cwd: string | undefined; absolute: string } | string {
  const cwd = normalizePosix(directory);
  if (!isInside(root, cwd)) {
    return `${name}: the directory ${cwd} exists only in the shell, not in the WebContainer; run ${name} inside the workspace (${root}).\n`;
  }
  return { cwd: cwd === root ? undefined : cwd.slice(root === '/' ? 1 : root.length + 1), absolute: cwd };
}

type TypedEntry = Awaited<ReturnType<NonNullable<IFileSystem['readdirWithFileTypes']>>>[number];

/**
 * The workdir mounted over an in-memory root, listing directories with their entry types. just-bash's
 * `MountableFs` has no `readdirWithFileTypes`, so `find`, `grep -r` and globs would `lstat` every entry
 * instead, and on the WebContainer a file's stat reads the whole file: this lists a workdir directory
 * in one call.
 */
class TypedMountableFs extends MountableFs {
  readonly #root: string;
  readonly #workdir: IFileSystem;

  constructor(root: string, workdir: IFileSystem) {
    super({ base: new InMemoryFs(), mounts: [{ mountPoint: root, filesystem: workdir }] });
    this.#root = root;
    this.#workdir = workdir;
  }

  async readdirWithFileTypes(path: string): Promise<TypedEntry[]> {
    const absolute = normalizePosix(path);
    if (isInside(this.#root, absolute) && this.#workdir.readdirWithFileTypes) {
      return this.#workdir.readdirWithFileTypes(
        absolute.slice(this.#root === '/' ? 0 : this.#root.length) || '/',
      );
    }
    // Outside the workdir only in-memory entries (and the mount point itself) are listed.
    const names = await this.readdir(absolute);
    return Promise.all(
      names.map(async (name): Promise<TypedEntry> => {
        const found = await this.lstat(absolute === '/' ? `/${name}` : `${absolute}/${name}`);
        return {
          name,
          isFile: found.isFile,
          isDirectory: found.isDirectory,
          isSymbolicLink: found.isSymbolicLink,
        };
      }),
    );
  }
}

/** A command of the interpreter that runs `name` in the container, as a container program. */
function containerCommand(
  context: ScriptContext,
  name: string,
  call: { stop: AbortSignal; forget: () => void },
) {
  const { stop } = call;
  return defineCommand(name, async (args, ctx) => {
    const where = programDirectory(context.workspace.root, ctx.cwd, name);
    if (typeof where === 'string') return { stdout: '', stderr: where, exitCode: 126 };
    const outcome = await runContainerProcess(context, {
      command: name,
      args,
      cwd: where.cwd,
      env: programEnvironment(context.containerEnv, context.env, ctx.exportedEnv),
      stdin: stdinText(ctx.stdin),
      stop,
      quietMs: context.quietMs,
      graceMs: context.graceMs,
      maxOutputBytes: context.maxOutputBytes,
    }).catch((error: unknown) => ({
      output: `${name}: the WebContainer could not start it: ${errorMessage(error)}\n`,
      exitCode: 127,
      stuck: false,
    }));
    call.forget();
    if (outcome.stuck) context.onProcessStuck?.(`${name} ${args.join(' ')}`.trim());
    // A terminal merges the process's stdout and stderr; both arrive here as stdout. The notice goes to
    // stderr, so it never flows down a pipe into the next command.
    const damaged = outcome.output.includes('\uFFFD') ? damagedOutputNotice(name) : '';
    return { stdout: outcome.output, stderr: damaged, exitCode: outcome.exitCode };
  });
}

/** What the pipe holds, as text: just-bash carries stdin as a byte string (one char per byte). */
function stdinText(stdin: unknown): string {
  const bytes = typeof stdin === 'string' ? stdin : String(stdin ?? '');
  if (bytes === '') return '';
  return new TextDecoder().decode(Uint8Array.from(bytes, (char) => char.charCodeAt(0) & 0xff));
}
