/**
 * Scripts run by their path (`./build.sh a b`, `scripts/release.sh`), run as `bash` runs a script file.
 *
 * just-bash runs such a script in the caller's own shell with only `$1` to `$9` set: a script given ten
 * arguments saw `${10}` empty and `"$@"` as nine words and blanks, with `$#` right and exit 0; `$0` was
 * the resolved path, not the one written; the caller's unexported variables and functions leaked into
 * it; and it skipped the transform plugins, so none of the respellings reached it. `bash script.sh`
 * had none of these faults: just-bash's `bash` command runs the file through `exec` with every argument.
 *
 * So a command whose name is a path (a word known before the script runs, holding a `/`) is respelled
 * to run through {@link SCRIPT_BY_PATH}, which checks the file as the kernel would (it exists, is not a
 * directory, has an execute bit), then runs it as the `bash` command runs a script, with the exported
 * variables, every argument and the path as written in `$0`. The interpreter the first line names is
 * honoured: a shell's options (`#!/bin/bash -eu`) become a `set` on that line, so line numbers stay;
 * another program (`#!/usr/bin/env node`) is run with the path and arguments, and fails as that
 * program is missing where it is.
 *
 * A script found on `PATH` by its bare name (`mytool a b`, with `mytool` in a directory of `PATH`) had
 * the same faults. A bare name that is none of the shell's builtins, none of its commands and no
 * function the script defines is respelled to run through {@link SCRIPT_ON_PATH}, which looks it up on
 * `PATH` as the shell does and runs the file found the same way, with the path found as `$0`; when
 * nothing is found it hands the name back to the shell (`command NAME …`), whose error stands. A
 * script that could define functions or aliases the tree does not show (`source`, `.`, `eval`,
 * `alias`, a `command_not_found_handle`) is left to just-bash's lookup, and so is any script that
 * opens a descriptor past 2 (`3<file`, `exec 4>log`): the script run here would not see it. Unlike
 * bash, the shell keeps no table of where it found a name (`hash`): a script put earlier on `PATH`
 * after a first run is found at once. Imports script-tree.ts and just-bash's types.
 */
import type { Command } from 'just-bash';
import { type ScriptTreeNode, shellQuoted, visitNodes } from './script-tree.ts';

type Context = Parameters<Command['execute']>[1];
type Result = Awaited<ReturnType<Command['execute']>>;

/** The command a path's command is respelled to. Its name tells a reader of `set -x` what it does. */
const SCRIPT_BY_PATH_NAME = '__run_script_by_path';

/** Where just-bash keeps the files of its own commands: a path there names the command, not a script. */
const COMMAND_DIRECTORY = /^\/(?:usr\/)?bin\/[^/]+$/;

/** A word of the parsed script: its parts, of which only literal text is read here. */
interface Word {
  type: 'Word';
  parts: { type: string; value?: unknown }[];
}

/** The text of a word that holds no expansion, or `undefined`. */
function staticWord(word: unknown): string | undefined {
  const parts = (word as Word | null)?.parts;
  if (!Array.isArray(parts)) return undefined;
  let text = '';
  for (const part of parts) {
    if (!['Literal', 'SingleQuoted', 'Escaped'].includes(part.type) || typeof part.value !== 'string')
      return undefined;
    text += part.value;
  }
  return text;
}

/** The command a bare name that may be a script on `PATH` is respelled to. */
const SCRIPT_ON_PATH_NAME = '__run_script_on_path';

/** just-bash's builtins: a bare name among them never reaches a lookup on `PATH`. */
const SHELL_BUILTINS = new Set(
  (
    ': true false cd export unset exit local set break continue return eval shift getopts compgen ' +
    'complete compopt pushd popd dirs source . read mapfile readarray declare typeset readonly let ' +
    'command shopt exec test [ echo printf pwd alias unalias type hash ulimit umask trap times wait ' +
    'kill jobs fg bg disown suspend fc history help enable builtin caller'
  ).split(' '),
);

/** Commands through which a script can define a function or alias the parsed tree does not show. */
const HIDDEN_DEFINERS = new Set(['source', '.', 'eval', 'alias']);

/** Whether the script opens a file descriptor past 2 (`3<file`, `8<<EOF`, `exec 4>log`). */
function usesMoreDescriptors(ast: unknown): boolean {
  let found = false;
  visitNodes(ast, (node) => {
    found = node.type === 'Redirection' && (typeof node.fd !== 'number' ? node.fd != null : node.fd > 2);
    return found;
  });
  return found;
}

/**
 * The functions the script defines, or `undefined` when it may define others the tree does not show
 * (see {@link HIDDEN_DEFINERS}, and a `command_not_found_handle`, which bash calls for a name it
 * cannot find).
 */
function definedFunctions(ast: unknown): Set<string> | undefined {
  const functions = new Set<string>();
  let hidden = false;
  visitNodes(ast, (node) => {
    if (node.type === 'FunctionDef' && typeof node.name === 'string') functions.add(node.name);
    else if (node.type === 'SimpleCommand' && node.name) {
      const name = staticWord(node.name);
      hidden = name === undefined || HIDDEN_DEFINERS.has(name);
    }
    return hidden;
  });
  return hidden || functions.has('command_not_found_handle') ? undefined : functions;
}

/** Puts `command` first among the node's words, as its name. */
function respellTo(node: ScriptTreeNode, command: string): void {
  const mutable = node as { name: unknown; args: unknown[] };
  mutable.args = [mutable.name, ...mutable.args];
  mutable.name = { type: 'Word', parts: [{ type: 'Literal', value: command }] };
}

/** What {@link runScriptsByPath} knows of the shell it respells for. */
export interface ShellCommands {
  /** Whether `name` is one of the shell's commands. */
  isCommand(name: string): boolean;
  /**
   * Where the shell keeps its commands' files (`/bin/`), or `''` when it has none (then it finds a
   * command by its name alone). A respelled command is named by that path, so a `PATH` without /bin
   * (`PATH=tools`) still finds it.
   */
  directory: string;
}

/**
 * Respells, in place, every command whose name is a path to a script into a call of
 * {@link SCRIPT_BY_PATH} with that path first, and, given the shell's `commands`, every bare name that
 * may be a script on `PATH` into a call of {@link SCRIPT_ON_PATH}. Run as a transform plugin, so
 * `bash -c` and `eval` text reach it too. Returns nothing: no script is refused.
 */
export function runScriptsByPath(ast: unknown, commands?: ShellCommands): undefined {
  // A script run through this respelling sees its standard input, output and error only.
  if (usesMoreDescriptors(ast)) return undefined;
  const functions = commands ? definedFunctions(ast) : undefined;
  const onPath = (name: string): boolean =>
    functions !== undefined &&
    !SHELL_BUILTINS.has(name) &&
    !functions.has(name) &&
    !commands?.isCommand(name);
  const directory = commands?.directory ?? '';
  visitNodes(ast, (node: ScriptTreeNode) => {
    if (node.type !== 'SimpleCommand' || !node.name) return undefined;
    const name = staticWord(node.name);
    if (name === undefined || name === '' || COMMAND_DIRECTORY.test(name)) return undefined;
    if (name.includes('/')) respellTo(node, directory + SCRIPT_BY_PATH_NAME);
    else if (onPath(name)) respellTo(node, directory + SCRIPT_ON_PATH_NAME);
    return undefined;
  });
  return undefined;
}

/** Shells whose scripts the embedded interpreter runs itself. */
const SHELLS = new Set(['sh', 'bash', 'dash', 'ash']);

/** What the first line of a script asks for: the program and its options, or `undefined` for none. */
function shebang(text: string): { program: string; options: string[] } | undefined {
  if (!text.startsWith('#!')) return undefined;
  const end = text.indexOf('\n');
  const words = text
    .slice(2, end === -1 ? undefined : end)
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words.length === 0) return undefined;
  let [program = '', ...options] = words;
  // `#!/usr/bin/env [-S] bash -e`: the program is the first word env does not take as its own option.
  if (program.endsWith('/env')) {
    const at = options.findIndex((word) => !word.startsWith('-'));
    if (at === -1) return undefined;
    program = options[at] ?? '';
    options = options.slice(at + 1);
  }
  return { program: program.slice(program.lastIndexOf('/') + 1), options };
}

const failure = (stderr: string, exitCode: number): Result => ({ stdout: '', stderr, exitCode });

/** Why the file at `path` cannot run as a program, as bash says it (126 or 127), or `undefined`. */
async function unrunnable(context: Context, path: string, absolute: string): Promise<Result | undefined> {
  if (!(await context.fs.exists(absolute))) return failure(`bash: ${path}: No such file or directory\n`, 127);
  const stat = await context.fs.stat(absolute);
  if (stat.isDirectory) return failure(`bash: ${path}: Is a directory\n`, 126);
  if ((stat.mode & 0o111) === 0) return failure(`bash: ${path}: Permission denied\n`, 126);
  return undefined;
}

/** Runs `command` (shell text) with the caller's input, as a command of the caller runs. */
function runNested(context: Context, command: string, env: Record<string, string>): Promise<Result> {
  // Always there when the interpreter runs a command; a context made by hand may lack it.
  if (!context.execWithInheritedStdin)
    return Promise.resolve(failure('bash: cannot run a script from this command context\n', 126));
  return context.execWithInheritedStdin(command, { env, cwd: context.cwd, signal: context.signal });
}

/** The variables a script starts with: the exported ones, `$0` as written, and every argument. */
function scriptEnvironment(context: Context, path: string, args: string[]): Record<string, string> {
  const env: Record<string, string> = {
    ...(context.exportedEnv ?? {}),
    '0': path,
    '#': String(args.length),
    '@': args.join(' '),
    '*': args.join(' '),
  };
  for (const [index, arg] of args.entries()) env[String(index + 1)] = arg;
  return env;
}

/** The command a path is respelled to: see the file comment. */
export const SCRIPT_BY_PATH: Command = {
  name: SCRIPT_BY_PATH_NAME,
  async execute([path = '', ...args], context) {
    const absolute = context.fs.resolvePath(context.cwd, path);
    const env = context.exportedEnv ?? {};
    // `../bin/ls`: a path to one of the shell's own commands, whose file there is only a marker.
    const builtIn = COMMAND_DIRECTORY.test(absolute) ? absolute.slice(absolute.lastIndexOf('/') + 1) : '';
    if (builtIn !== '' && context.getRegisteredCommands?.().includes(builtIn))
      return runNested(context, [absolute, ...args].map(shellQuoted).join(' '), env);
    const refusal = await unrunnable(context, path, absolute);
    return refusal ?? runScriptFile(context, path, absolute, args);
  },
};

/**
 * Where `name` is found on `PATH` as an executable file, as the shell looks: the path as `PATH` spells
 * it (bash's `$0`: `tools/s` for `PATH=tools`) and the absolute one; or `undefined`.
 */
async function findOnPath(
  context: Context,
  name: string,
): Promise<{ shown: string; absolute: string } | undefined> {
  const path = context.env.get('PATH') ?? '/usr/bin:/bin';
  for (const directory of path.split(':')) {
    if (directory === '') continue;
    const absolute = `${context.fs.resolvePath(context.cwd, directory)}/${name}`;
    const stat = await context.fs.stat(absolute).catch(() => undefined);
    if (stat && !stat.isDirectory && (stat.mode & 0o111) !== 0)
      return { shown: `${directory.replace(/\/+$/, '')}/${name}`, absolute };
  }
  return undefined;
}

/** The command a bare name that may be a script on `PATH` is respelled to: see the file comment. */
export const SCRIPT_ON_PATH: Command = {
  name: SCRIPT_ON_PATH_NAME,
  async execute([name = '', ...args], context) {
    const found = await findOnPath(context, name);
    if (found) return runScriptFile(context, found.shown, found.absolute, args);
    // Not a script: the shell's own lookup answers (command not found, or a command it has).
    return runNested(
      context,
      ['command', name, ...args].map(shellQuoted).join(' '),
      context.exportedEnv ?? {},
    );
  },
};

/** Runs the script file at `absolute` as `bash` runs one, `$0` being `path` as written or found. */
async function runScriptFile(
  context: Context,
  path: string,
  absolute: string,
  args: string[],
): Promise<Result> {
  const text = await context.fs.readFile(absolute);
  const first = shebang(text);
  if (first && !SHELLS.has(first.program)) {
    const command = [first.program, ...first.options, path, ...args].map(shellQuoted).join(' ');
    return runNested(context, command, context.exportedEnv ?? {});
  }
  // The first line becomes the `set` of the shell's options, or blank: line numbers stay as written.
  const end = text.indexOf('\n');
  const options = first?.options.filter((option) => /^[-+][a-z]+$/.test(option)) ?? [];
  const head = options.length > 0 ? `set ${options.join(' ')}` : '';
  const body = first ? `${head}${end === -1 ? '' : text.slice(end)}` : text;
  return runNested(context, body, scriptEnvironment(context, path, args));
}
