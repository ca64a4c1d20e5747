/**
 * `xargs -L N` (and `-l`, `--max-lines=N`): one command per N non-blank input lines, each line's words
 * its arguments. just-bash's xargs has no such option ("invalid option -- 'L'", exit 1), so
 * `git ls-files | xargs -L1 wc -l` stopped there. Here the input is cut into groups of N lines, as
 * GNU's xargs cuts it (a blank line is skipped; a line that ends in a blank goes on on the next), and
 * just-bash's xargs runs once per group on that group alone, reading its words and quotes as it always
 * does. GNU's status: 123 when a command failed, and a stop at the first command that exits 255, is not
 * found (127) or cannot run (126), which just-bash's xargs reports per group. With `-0`, `-I`, `-n` or `-d` the option is left to just-bash, which
 * refuses it. Imports only just-bash's types.
 */
import type { Command } from 'just-bash';

type Context = Parameters<Command['execute']>[1];
type Result = Awaited<ReturnType<Command['execute']>>;

/**
 * `text` as the input a command reads: just-bash's stdin is a byte string (one character per byte), a
 * string at run time, and a part of one cut at newlines is one too.
 */
const asInput = (text: string): Context['stdin'] => text as unknown as Context['stdin'];

/** The lines per command and the other arguments, or `undefined` when -L is not this file's. */
function linesPerCommand(args: readonly string[]): { lines: number; rest: string[] } | undefined {
  const rest: string[] = [];
  let lines: number | undefined;
  for (let at = 0; at < args.length; at++) {
    const arg = args[at] as string;
    if (!arg.startsWith('-') || arg === '-') {
      rest.push(...args.slice(at));
      break;
    }
    const value =
      arg === '-L' ? args[++at] : arg === '-l' ? '1' : /^(?:-L|-l|--max-lines=)(.+)$/.exec(arg)?.[1];
    if (value === undefined) {
      // The options whose reading of the input -L would change: just-bash's xargs answers them.
      if (/^-(?:[0rt]*[0nId]|-null|-max-args|-replace|-delimiter)/.test(arg)) return undefined;
      rest.push(arg);
    } else if (/^[1-9]\d*$/.test(value)) lines = Number(value);
    else return undefined;
  }
  return lines === undefined ? undefined : { lines, rest };
}

/** The input's non-blank lines, a line that ends in a blank joined to the next, in groups of `size`. */
function lineGroups(input: string, size: number): string[] {
  const logical: string[] = [];
  let pending = '';
  for (const line of input.split('\n')) {
    pending += line;
    if (/[ \t]$/.test(line)) continue;
    if (pending.trim() !== '') logical.push(pending);
    pending = '';
  }
  if (pending.trim() !== '') logical.push(pending);
  const groups: string[] = [];
  for (let at = 0; at < logical.length; at += size)
    groups.push(`${logical.slice(at, at + size).join('\n')}\n`);
  return groups;
}

/**
 * GNU's xargs after `command` exited with `code` (just-bash's xargs passes the command's status on):
 * 1 to 125 and 128 to 254 count as a failure, 123 at the end, and the next group runs; 126 and 127
 * (cannot run, not found) stop it with that status, 255 with 124 and GNU's notice.
 */
export function afterCommand(
  code: number,
  command: string,
): { status: number; stop: boolean; notice: string } {
  if (code === 0) return { status: 0, stop: false, notice: '' };
  if (code === 126 || code === 127) return { status: code, stop: true, notice: '' };
  if (code === 255)
    return { status: 124, stop: true, notice: `xargs: ${command}: exited with status 255; aborting\n` };
  return { status: 123, stop: false, notice: '' };
}

async function runGroups(
  xargs: Command,
  rest: string[],
  groups: string[],
  context: Context,
): Promise<Result> {
  let stdout = '';
  let stderr = '';
  let exitCode = 0;
  for (const group of groups) {
    const result = await xargs.execute(rest, { ...context, stdin: asInput(group) });
    stdout += result.stdout;
    const { status, stop, notice } = afterCommand(result.exitCode, rest[0] ?? 'echo');
    stderr += result.stderr + notice;
    if (status !== 0) exitCode = status;
    if (stop) break;
  }
  return { stdout, stderr, exitCode };
}

/** `xargs` wrapped: see the file comment. */
export function withLinesPerCommand(xargs: Command): Command {
  return {
    ...xargs,
    async execute(args, context) {
      const asked = linesPerCommand(args);
      if (!asked) return xargs.execute(args, context);
      const groups = lineGroups(String(context.stdin ?? ''), asked.lines);
      // No input: xargs's own answer (one run without arguments, none with -r).
      if (groups.length === 0) return xargs.execute(asked.rest, { ...context, stdin: asInput('') });
      return runGroups(xargs, asked.rest, groups, context);
    },
  };
}
