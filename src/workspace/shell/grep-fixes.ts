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
 * - **`\+` and `\?` in a basic expression** mean what GNU's mean (`grep-bre.ts`).
 *
 * Imports just-bash's types and grep-bre.ts.
 */
import type { Command } from 'just-bash';
import { withGnuRepeats } from './grep-bre.ts';

type Context = Parameters<Command['execute']>[1];

/** Short options of GNU grep that take a value: in the same word (`-m1`) or the next one. */
const SHORT_WITH_VALUE = new Set(['e', 'f', 'm', 'A', 'B', 'C', 'd', 'D']);
/** Long options that take the next word as their value when written without `=`. */
const LONG_WITH_VALUE = new Set([
  '--regexp',
  '--file',
  '--max-count',
  '--after-context',
  '--before-context',
  '--context',
  '--include',
  '--exclude',
  '--exclude-dir',
  '--label',
  '--directories',
  '--devices',
]);

/** What the wrapper reads of grep's arguments. */
interface GrepWords {
  recursive: boolean;
  /** A pattern given with `-e`/`-f`: then no operand is the pattern. */
  patternGiven: boolean;
  noFilename: boolean;
  /** Indexes in the arguments of the words that are neither options nor their values. */
  operands: number[];
}

/** The letters of a short option group, and whether its last letter takes the next word as its value. */
function shortGroup(word: string, words: GrepWords): boolean {
  for (let at = 1; at < word.length; at++) {
    const letter = word[at] ?? '';
    if (letter === 'r' || letter === 'R') words.recursive = true;
    if (letter === 'h') words.noFilename = true;
    if (letter === 'e' || letter === 'f') words.patternGiven = true;
    if (SHORT_WITH_VALUE.has(letter)) return at === word.length - 1;
  }
  return false;
}

/** Reads grep's arguments as GNU's grep does (options may follow operands; `--` ends them). */
function grepWords(args: readonly string[]): GrepWords {
  const words: GrepWords = { recursive: false, patternGiven: false, noFilename: false, operands: [] };
  for (let at = 0; at < args.length; at++) {
    const arg = args[at] ?? '';
    if (arg === '--') {
      for (let rest = at + 1; rest < args.length; rest++) words.operands.push(rest);
      break;
    }
    if (arg.startsWith('--')) {
      const name = arg.split('=', 1)[0] ?? arg;
      if (name === '--recursive' || name === '--dereference-recursive') words.recursive = true;
      if (name === '--no-filename') words.noFilename = true;
      if (name === '--regexp' || name === '--file') words.patternGiven = true;
      if (LONG_WITH_VALUE.has(arg)) at++;
    } else if (arg.startsWith('-') && arg !== '-') {
      if (shortGroup(arg, words)) at++;
    } else words.operands.push(at);
  }
  return words;
}

/** `grep` wrapped: see the file comment. */
export function withGrepOperandsFixed(grep: Command): Command {
  return {
    ...grep,
    async execute(given, context) {
      const args = withGnuRepeats(given) ?? given;
      const words = grepWords(args);
      if (!words.recursive) return grep.execute(args, context);
      const files = words.patternGiven ? words.operands : words.operands.slice(1);
      if (!words.patternGiven && words.operands.length === 0) return grep.execute(args, context);
      if (files.length === 0) return grep.execute([...args, '.'], context);
      const fixed = await unslashedDirectories(args, files, context);
      const only = files.length === 1 ? args[files[0] ?? -1] : undefined;
      const result = await grep.execute(fixed, context);
      if ((only !== '.' && only !== './') || words.noFilename || typeof result.stdout !== 'string')
        return result;
      return { ...result, stdout: withDotSlash(result.stdout) };
    },
  };
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
