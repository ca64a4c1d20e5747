/**
 * just-bash's `grep -r`, wrapped where it named files otherwise than GNU's grep or searched nothing:
 *
 * - **No file operand**: `grep -rn TODO` read its standard input, empty in a script, and exited 1 with
 *   no output, as if nothing matched; GNU's searches the working directory and names files without a
 *   leading `./` (`app/a.ts:3:TODO`). The wrapper gives it `.`, for which just-bash prints those names.
 * - **`.` as the only operand**: GNU names files `./app/a.ts`, just-bash `app/a.ts`; the wrapper puts the
 *   `./` back on each line (not on `--` separators, and not with `-h`).
 * - **A directory operand with a trailing slash** (`grep -r X app/`): just-bash joined the operand and
 *   the name with another slash (`app//a.ts`), so `grep -rn TODO app/ | cut -d: -f1` named files that
 *   compare unequal to every other listing; the slashes are removed from such an operand.
 *
 * - **Lines of context from several files** (`-A`, `-B`, `-C`) are separated by `--` between files too,
 *   as GNU's are; just-bash separated only the groups of one file.
 * - **`\+` and `\?` in a basic expression** mean what GNU's mean (`grep-bre.ts`).
 * - **`-o` with a pattern that matches the empty string** (`grep -o '[0-9]*'`): just-bash's grep
 *   fails on the first such match, with "start index out of bounds" or, reading a file, "No such file
 *   or directory" (exit 2) for a file that exists. GNU's prints the non-empty matches. The failure is
 *   replaced by {@link GREP_EMPTY_MATCH_REFUSAL}, which says what to write instead.
 *
 * Imports just-bash's types and grep-bre.ts.
 */
import type { Command } from 'just-bash';
import { readGrepLine, withGnuRepeats } from './grep-bre.ts';

type Context = Parameters<Command['execute']>[1];
type Result = Awaited<ReturnType<Command['execute']>>;

/** What `grep -o` says for a pattern that can match the empty string (exit 2). */
export const GREP_EMPTY_MATCH_REFUSAL =
  "grep: -o with a pattern that can match an empty string is not supported by this shell's grep, which fails on such a match; nothing was printed. Write a pattern that matches at least one character: for [0-9]*, [0-9][0-9]* (or -E '[0-9]+').";

/**
 * Standard input of one one-character line. just-bash carries input as a byte string (one char per
 * byte), a string at run time; its browser bundle exports no helper to make one, and ASCII needs none.
 */
const ONE_CHARACTER_LINE = 'x\n' as unknown as Context['stdin'];

/** Whether grep's options ask for the matching parts only (`-o`, `--only-matching`). */
function onlyMatching(args: readonly string[]): boolean {
  return args.some((arg) => arg === '--only-matching' || /^-[a-zA-Z]*o/.test(arg));
}

/**
 * Whether the command line's patterns make just-bash's `grep -o` fail on an empty line: they match
 * the empty string. Run on standard input, without the file operands.
 */
async function failsOnEmptyMatch(grep: Command, args: readonly string[], context: Context): Promise<boolean> {
  const words = readGrepLine(args);
  const files = words.patternGiven ? words.operands : words.operands.slice(1);
  const probe = args.filter((_, at) => !files.includes(at));
  // A one-character line: a pattern that can match the empty string matches it at the line's end,
  // where just-bash's grep throws (reading standard input) or reports the input missing (a file).
  const outOfBounds = (text: unknown) => String(text).includes('start index out of bounds');
  try {
    const result = await grep.execute(probe, { ...context, stdin: ONE_CHARACTER_LINE });
    return result.exitCode !== 0 && outOfBounds(result.stderr);
  } catch (error) {
    return outOfBounds(error instanceof Error ? error.message : error);
  }
}

/** `grep` wrapped: see the file comment. */
export function withGrepOperandsFixed(grep: Command): Command {
  return {
    ...grep,
    async execute(given, context) {
      const args = withGnuRepeats(given) ?? given;
      // Reading standard input, just-bash's grep throws on an empty match; reading a file, it fails.
      const result = await withOperandsFixed(grep, args, context).catch((error: unknown) => error);
      const failed = result instanceof Error || (result as Result).exitCode !== 0;
      if (failed && onlyMatching(args) && (await failsOnEmptyMatch(grep, args, context))) {
        return { stdout: '', stderr: `${GREP_EMPTY_MATCH_REFUSAL}\n`, exitCode: 2 };
      }
      if (result instanceof Error) throw result;
      return withFileSeparators(grep, args, context, result as Result);
    },
  };
}

/** Options that print lines of context: `-A 2`, `-B2`, `-C 1`, `-3`, `--context=1`, `-nA1`. */
const CONTEXT_OPTION = /^(?:-[a-zA-Z]*[ABC]|-\d+$|--(?:after-|before-)?context)/;
/** Options whose output has no lines of context to separate (counts, names, silence, only matches). */
const NO_CONTEXT_OUTPUT = /^(?:-[a-zA-Z]*[clLqoZz]|--(?:count|files-with|quiet|silent|only-matching|null))/;

/**
 * The output with GNU's `--` between the context groups of two files. just-bash puts it between the
 * groups of one file only, so `grep -rn -A1 TODO src` ran the last line of one file's group into the
 * first of the next. The files are known in order from a run with `-l`; a line is the next file's when
 * it starts with that file's name and `:` or `-`.
 */
async function withFileSeparators(
  grep: Command,
  args: string[],
  context: Context,
  result: Result,
): Promise<Result> {
  const line = readGrepLine(args);
  const options = args.filter((_, at) => !line.operands.includes(at));
  const files = line.patternGiven ? line.operands.length : line.operands.length - 1;
  if (result.exitCode !== 0 || line.noFilename || !(line.recursive || files > 1)) return result;
  if (!options.some((arg) => CONTEXT_OPTION.test(arg)) || options.some((arg) => NO_CONTEXT_OUTPUT.test(arg)))
    return result;
  const listed = await withOperandsFixed(grep, ['-l', ...args], context);
  const names = String(listed.stdout)
    .split('\n')
    .filter((name) => name !== '');
  return { ...result, stdout: separated(String(result.stdout), names) };
}

/** `stdout` with `--` before the first line of each file after the first, unless one is there. */
function separated(stdout: string, names: readonly string[]): string {
  const lines = stdout.split('\n');
  const out: string[] = [];
  let current = 0;
  for (const text of lines) {
    const next = names[current + 1];
    if (next !== undefined && (text.startsWith(`${next}:`) || text.startsWith(`${next}-`))) {
      current++;
      if (out.length > 0 && out.at(-1) !== '--') out.push('--');
    }
    out.push(text);
  }
  return out.join('\n');
}

/** Runs grep with `-r`'s operands fixed: see the file comment. */
async function withOperandsFixed(grep: Command, args: string[], context: Context): Promise<Result> {
  const words = readGrepLine(args);
  if (!words.recursive) return grep.execute(args, context);
  const files = words.patternGiven ? words.operands : words.operands.slice(1);
  if (!words.patternGiven && words.operands.length === 0) return grep.execute(args, context);
  if (files.length === 0) return grep.execute([...args, '.'], context);
  const fixed = await unslashedDirectories(args, files, context);
  const only = files.length === 1 ? args[files[0] ?? -1] : undefined;
  const result = await grep.execute(fixed, context);
  if ((only !== '.' && only !== './') || words.noFilename || typeof result.stdout !== 'string') return result;
  return { ...result, stdout: withDotSlash(result.stdout) };
}

/** The arguments with each directory operand's trailing slashes removed. */
async function unslashedDirectories(
  args: readonly string[],
  files: readonly number[],
  context: Context,
): Promise<string[]> {
  const fixed = [...args];
  for (const at of files) {
    const arg = args[at] ?? '';
    const trimmed = arg.replace(/\/+$/, '');
    if (trimmed !== '' && trimmed !== arg && (await isDirectory(context, arg))) fixed[at] = trimmed;
  }
  return fixed;
}

/** Each output line that starts with a file's name, with `./` before it. */
function withDotSlash(stdout: string): string {
  return stdout.replace(/^(?!--$|\.\/)(?=.)/gm, './');
}

/** Whether `operand` names a directory (through a symlink too); a missing one is not. */
async function isDirectory(context: Context, operand: string): Promise<boolean> {
  try {
    return (await context.fs.stat(context.fs.resolvePath(context.cwd, operand))).isDirectory;
  } catch {
    return false;
  }
}
