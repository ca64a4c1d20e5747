/**
 * just-bash's commands, wrapped where they answer otherwise than GNU's (sed in `sed-fixes.ts`, sort in
 * `sort-order.ts`, wc in `wc-widths.ts`, head's counts from the end in `head-from-end.ts`, diff replaced by
 * `diff-commands.ts`):
 *
 * - **`ls` over several files** is printed as one listing. just-bash lists each operand on its own
 *   with a blank line between them, files too, so `ls src/*.ts` came back with blank lines and
 *   `ls *.txt | wc -l` counted them. When no operand is a directory, or `-d` lists directories by
 *   name, the blank lines between the listings are dropped. Operands that include a directory to list
 *   keep just-bash's output, whose blank lines then separate the directories as GNU's do (GNU would
 *   also put the files first). Operands keep the order they were given in, which for a glob is sorted.
 * - **`find … -exec cmd {} \;`** exits 0 when `cmd` failed for some file, as GNU's find does: there the
 *   failure only makes the `-exec` test false. just-bash's find exited with `cmd`'s code, so the bash
 *   tool reported an error for `find . -name '*.ts' -exec grep -l TODO {} \;` that found what it
 *   sought. A failure of find's own (a start path that does not exist) keeps its code: its message
 *   starts with `find:`. An expression after such an `-exec … ;` (`-exec test -s {} \; -print`) is
 *   refused: just-bash runs `-exec` as an action, not as a test whose result the rest reads, so the
 *   `-print` printed every file.
 * - **`cut -f` on a line without the delimiter** prints the line whole, as GNU's cut does unless `-s`.
 *   just-bash's printed the fields it found of the one field there is: the line for a list with field
 *   1, an empty line for `cut -d, -f2`. Its output then has an empty line where the input line has no
 *   delimiter, and only then the input is read again (with just-bash's `cat`, which reads files and
 *   stdin as `cut` does) to put those lines back.
 * - **`uniq -c`** pads its counts to 7 columns, as GNU's does (`%7d `). just-bash's padded them to 4,
 *   so `sort | uniq -c` printed other text than GNU's, and a script that cut the line at a fixed
 *   column, or compared it with what GNU printed, got another answer with exit 0.
 * - **`date` given an operand without `+`** (`date %Y`, `date 0101`) fails as GNU's does: such an
 *   operand is a date to set the clock to, which is refused. just-bash's ignored it and printed the
 *   current date, exit 0, so `x=$(date %Y)` held a whole date where GNU's fails.
 * - **`tail -c +N`** prints from the Nth byte on, as GNU's does. just-bash's printed the last N bytes,
 *   so `tail -c +2 f` gave the last two. The input is read with just-bash's `cat` (files and stdin alike)
 *   and cut at that byte; several files get GNU's `==> name <==` headers, unless `-q`.
 * - **`bash` and `sh`** take options before their script (`bash -e -c`, `sh -eu file`, `bash -lc`):
 *   see `shell-options.ts`.
 * - **GNU's spellings of options** just-bash reads otherwise (`grep -e a -e b`, `awk -v OFS=,`,
 *   `xargs -n1`): see `option-spellings.ts`.
 * - **`grep -r`**: see `grep-fixes.ts` (no file operand, `.`, a trailing slash); **`wc`**'s columns:
 *   see `wc-widths.ts`; **`od`**'s formats and addresses: see `od-fixes.ts`; **`printf`**'s integers
 *   past 2^53 and negative ones under `%o`, `%u`, `%x`, `%X`: see `printf-integers.ts`; the bytes
 *   **`printf`**'s and **`echo -e`**'s escapes of 0x80 and more name: see `escaped-bytes.ts`;
 *   **`head -n -N`** and **`head -c -N`**: see `head-from-end.ts`; **`xargs -L N`**: see `xargs-lines.ts`;
 *   **`xargs`** on empty input: see `xargs-empty-input.ts`.
 *
 * Imports just-bash's types, the files named above and cut-inputs.ts (head's and tail's printing).
 */
import type { Command } from 'just-bash';
import { printCutInputs } from './cut-inputs.ts';
import { diffCommand } from './diff-commands.ts';
import { withEchoEscapedBytes, withPrintfEscapedBytes } from './escaped-bytes.ts';
import { withGrepOperandsFixed } from './grep-fixes.ts';
import { withCountsFromEnd } from './head-from-end.ts';
import { withGnuOd } from './od-fixes.ts';
import { withGnuSpellings } from './option-spellings.ts';
import { withExactIntegers } from './printf-integers.ts';
import { withSedFixed } from './sed-fixes.ts';
import { withShellOptions } from './shell-options.ts';
import { withCOrder } from './sort-order.ts';
import { withGnuCountWidths } from './wc-widths.ts';
import { withEmptyInputRun } from './xargs-empty-input.ts';
import { withLinesPerCommand } from './xargs-lines.ts';

type Context = Parameters<Command['execute']>[1];

/**
 * `commands` with ls, find, cut, head, tail, xargs, grep, sed, sort, uniq, wc, date, od, printf, echo, bash and sh wrapped, diff
 * replaced, and GNU's option spellings respelled (`option-spellings.ts`). A new table: the shell's own
 * is left as it is.
 */
export function withFixedCommands(commands: Map<string, Command>): Map<string, Command> {
  const fixed = new Map(commands);
  const ls = commands.get('ls');
  if (ls) fixed.set('ls', withFileListingsJoined(ls));
  const find = commands.get('find');
  if (find) fixed.set('find', withExecFailuresIgnored(find));
  const cut = commands.get('cut');
  const cat = commands.get('cat');
  if (cut && cat) fixed.set('cut', withUndelimitedLinesWhole(cut, cat));
  const grep = commands.get('grep');
  if (grep) fixed.set('grep', withGrepOperandsFixed(grep));
  const sed = commands.get('sed');
  if (sed) fixed.set('sed', withSedFixed(sed));
  const sort = commands.get('sort');
  if (sort) fixed.set('sort', withCOrder(sort));
  const head = commands.get('head');
  if (head && cat) fixed.set('head', withCountsFromEnd(head, cat));
  const tail = commands.get('tail');
  if (tail && cat) fixed.set('tail', withBytesFromStart(tail, cat));
  const xargs = commands.get('xargs');
  if (xargs) fixed.set('xargs', withLinesPerCommand(withEmptyInputRun(xargs)));
  const uniq = commands.get('uniq');
  if (uniq) fixed.set('uniq', withCountsPadded(uniq));
  const date = commands.get('date');
  if (date) fixed.set('date', withClockSettingRefused(date));
  const wc = commands.get('wc');
  if (wc) fixed.set('wc', withGnuCountWidths(wc));
  const od = commands.get('od');
  if (od) fixed.set('od', withGnuOd(od));
  const printf = commands.get('printf');
  if (printf) fixed.set('printf', withPrintfEscapedBytes(withExactIntegers(printf)));
  const echo = commands.get('echo');
  if (echo) fixed.set('echo', withEchoEscapedBytes(echo));
  for (const name of ['bash', 'sh']) {
    const shell = commands.get(name);
    if (shell) fixed.set(name, withShellOptions(shell));
  }
  fixed.set('diff', diffCommand);
  // Outermost: the wrappers above read GNU's spellings once respelled (grep's joined patterns).
  return withGnuSpellings(fixed);
}

function withFileListingsJoined(ls: Command): Command {
  return {
    ...ls,
    async execute(args, context) {
      const result = await ls.execute(args, context);
      if (typeof result.stdout !== 'string' || !(await listsNamesOnly(args, context))) return result;
      return { ...result, stdout: result.stdout.replaceAll('\n\n', '\n') };
    },
  };
}

function withCountsPadded(uniq: Command): Command {
  return {
    ...uniq,
    async execute(args, context) {
      const result = await uniq.execute(args, context);
      if (result.exitCode !== 0 || typeof result.stdout !== 'string' || !countsLines(args)) return result;
      return {
        ...result,
        stdout: result.stdout.replace(/^ *(\d+) /gm, (_, count: string) => `${count.padStart(7)} `),
      };
    },
  };
}

/** Whether uniq's options ask for counts (`-c`, `--count`, `-c` in a group such as `-cd`). */
function countsLines(args: readonly string[]): boolean {
  return splitArguments(args).options.some((option) => option === '--count' || /^-[a-zA-Z]*c/.test(option));
}

/** date's options that take the next word as their value when not written with it. */
const DATE_VALUE_OPTIONS = new Set(['-d', '--date', '-f', '--file', '-r', '--reference', '-s', '--set']);

/** date's operands: what is neither an option nor an option's value. */
function dateOperands(args: readonly string[]): string[] {
  const operands: string[] = [];
  for (let at = 0; at < args.length; at++) {
    const arg = args[at] as string;
    if (arg === '--') return [...operands, ...args.slice(at + 1)];
    if (DATE_VALUE_OPTIONS.has(arg)) at++;
    else if (!(arg.startsWith('-') && arg !== '-')) operands.push(arg);
  }
  return operands;
}

/** GNU's `[MMDDhhmm[[CC]YY][.ss]]`, the one operand that names a date to set. */
const CLOCK_SETTING = /^\d{8}(?:\d{2}){0,2}(?:\.\d{2})?$/;

/** GNU date's refusal of these operands, or `undefined` when it prints a date. */
function dateRefusal(operands: readonly string[]): string | undefined {
  const [first, second] = operands;
  if (first === undefined) return undefined;
  // One `+FORMAT`, or a date to set followed at most by one: anything more is extra.
  const formatAt = first.startsWith('+') ? 0 : 1;
  const extra =
    formatAt === 1 && second !== undefined && !second.startsWith('+') ? second : operands[formatAt + 1];
  if (extra !== undefined) return `date: extra operand '${extra}'\nTry 'date --help' for more information.\n`;
  if (first.startsWith('+')) return undefined;
  return CLOCK_SETTING.test(first)
    ? 'date: cannot set date: Operation not permitted\n'
    : `date: invalid date '${first}'\n`;
}

function withClockSettingRefused(date: Command): Command {
  return {
    ...date,
    execute(args, context) {
      const stderr = dateRefusal(dateOperands(args));
      return stderr === undefined
        ? date.execute(args, context)
        : Promise.resolve({ stdout: '', stderr, exitCode: 1 });
    },
  };
}

/** Whether ls is given two operands or more and lists none of them as a directory's contents. */
async function listsNamesOnly(args: readonly string[], context: Context): Promise<boolean> {
  const { options, operands } = splitArguments(args);
  if (operands.length < 2) return false;
  if (options.some((option) => option === '--directory' || /^-[^-]*d/.test(option))) return true;
  for (const operand of operands) {
    if (await isDirectory(context, operand)) return false;
  }
  return true;
}

function splitArguments(args: readonly string[]): { options: string[]; operands: string[] } {
  const end = args.indexOf('--');
  const before = end < 0 ? args : args.slice(0, end);
  const after = end < 0 ? [] : args.slice(end + 1);
  const isOption = (arg: string): boolean => arg.startsWith('-') && arg !== '-';
  return {
    options: before.filter(isOption),
    operands: [...before.filter((arg) => !isOption(arg)), ...after],
  };
}

/** Whether `operand` names a directory (through a symlink too); a missing one is not. */
async function isDirectory(context: Context, operand: string): Promise<boolean> {
  try {
    return (await context.fs.stat(context.fs.resolvePath(context.cwd, operand))).isDirectory;
  } catch {
    return false;
  }
}

/** The actions that run a command once per file; `;` ends them, where `+` ends the batched form. */
const PER_FILE_ACTIONS = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/** What find says when an expression follows a per-file `-exec … ;` (exit 1, nothing ran). Model-facing. */
export const FIND_EXEC_TEST_REFUSAL =
  'find: an expression after -exec ... \\; (such as -print) is not supported by this shell\'s find, which runs -exec as an action and not as a test, so the rest would apply to every file; nothing ran. Put -exec last, or do the test in the command itself: -exec sh -c \'test -s "$1" && echo "$1"\' _ {} \\;';

/** Whether an expression follows a per-file `-exec … ;` (a parenthesis closing a group does not count). */
function followsPerFileExec(args: readonly string[]): boolean {
  for (let index = 0; index < args.length; index++) {
    if (!PER_FILE_ACTIONS.has(args[index] as string)) continue;
    let end = index + 1;
    while (end < args.length && args[end] !== ';' && args[end] !== '+') end++;
    if (args[end] === ';' && args.slice(end + 1).some((arg) => arg !== ')')) return true;
    index = end;
  }
  return false;
}

function withExecFailuresIgnored(find: Command): Command {
  return {
    ...find,
    async execute(args, context) {
      if (followsPerFileExec(args)) return { stdout: '', stderr: `${FIND_EXEC_TEST_REFUSAL}\n`, exitCode: 1 };
      const result = await find.execute(args, context);
      if (result.exitCode === 0 || !runsPerFile(args) || /(^|\n)find: /.test(result.stderr)) return result;
      return { ...result, exitCode: 0 };
    },
  };
}

/** Whether find's arguments hold only per-file commands (`-exec … ;`), and at least one. */
function runsPerFile(args: readonly string[]): boolean {
  let perFile = false;
  for (let index = 0; index < args.length; index++) {
    if (!PER_FILE_ACTIONS.has(args[index] as string)) continue;
    let end = index + 1;
    while (end < args.length && args[end] !== ';' && args[end] !== '+') end++;
    // The batched form (`{} +`) fails as GNU's does: its code stands.
    if (args[end] !== ';') return false;
    perFile = true;
    index = end;
  }
  return perFile;
}

/** What cut is asked for, when it selects fields of lines that may lack the delimiter. */
interface FieldCut {
  delimiter: string;
  files: string[];
}

/** The fields cut selects and where from, or `undefined` when it cuts characters or has `-s`. */
function fieldCut(args: readonly string[]): FieldCut | undefined {
  let delimiter = '\t';
  let fields = false;
  const files: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    if (arg === '-d') delimiter = args[++index] || '\t';
    else if (arg.startsWith('-d')) delimiter = arg.slice(2);
    else if (arg === '-f') fields = args[++index] !== undefined;
    else if (arg.startsWith('-f')) fields = true;
    else if (arg === '-' || !arg.startsWith('-')) files.push(arg);
    // -c, -s and anything else: just-bash's output stands.
    else return undefined;
  }
  return fields ? { delimiter, files } : undefined;
}

function withUndelimitedLinesWhole(cut: Command, cat: Command): Command {
  return {
    ...cut,
    async execute(args, context) {
      const result = await cut.execute(args, context);
      const asked = fieldCut(args);
      const output = result.stdout;
      if (result.exitCode !== 0 || !asked || typeof output !== 'string') return result;
      if (!output.startsWith('\n') && !output.includes('\n\n')) return result;
      const input = await cat.execute(asked.files, context);
      if (input.exitCode !== 0 || typeof input.stdout !== 'string') return result;
      // cut ends an unterminated last line with a newline; cat leaves it as it is.
      const text = input.stdout === '' || input.stdout.endsWith('\n') ? input.stdout : `${input.stdout}\n`;
      const lines = text.split('\n');
      const cuts = output.split('\n');
      if (lines.length !== cuts.length) return result;
      const whole = cuts.map((line, index) => {
        const source = lines[index] as string;
        return line === '' && !source.includes(asked.delimiter) ? source : line;
      });
      return { ...result, stdout: whole.join('\n') };
    },
  };
}

/** What `tail -c +N` asks for: the byte to start at and the inputs, or `undefined` for anything else. */
interface BytesFromStart {
  start: number;
  files: string[];
  headers: boolean | undefined;
}

/** tail's options read for `-c +N` (`-c+N`, `--bytes=+N`); `undefined` when it is not asked for. */
function bytesFromStart(args: readonly string[]): BytesFromStart | undefined {
  let start: number | undefined;
  let headers: boolean | undefined;
  const files: string[] = [];
  for (let at = 0; at < args.length; at++) {
    const arg = args[at] as string;
    const value = arg === '-c' || arg === '--bytes' ? args[++at] : /^(?:-c|--bytes=)(.*)$/.exec(arg)?.[1];
    if (value !== undefined) start = /^\+\d+$/.test(value) ? Number(value.slice(1)) : undefined;
    else if (arg === '-q' || arg === '--quiet' || arg === '--silent') headers = false;
    else if (arg === '-v' || arg === '--verbose') headers = true;
    else if (arg === '-' || !arg.startsWith('-')) files.push(arg);
    // -n, -f and anything else: just-bash's own tail answers.
    else return undefined;
  }
  return start === undefined ? undefined : { start, files, headers };
}

function withBytesFromStart(tail: Command, cat: Command): Command {
  return {
    ...tail,
    async execute(args, context) {
      const asked = bytesFromStart(args);
      if (!asked) return tail.execute(args, context);
      const { files, headers, start } = asked;
      const cut = (text: string): string => text.slice(Math.max(start - 1, 0));
      return printCutInputs({ name: 'tail', files, headers, cut }, cat, context);
    },
  };
}
