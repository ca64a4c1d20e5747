/**
 * Options and one-line forms that GNU tools accept and just-bash reads otherwise, respelled in the
 * arguments a command is given as it runs, so a form just-bash runs as GNU does reaches it. Two kinds:
 *
 * - **Silently wrong.** `grep -e a -e b` kept only the last pattern, `awk -v OFS=,` (or `FS`, `ORS`,
 *   ...) left the variable at its default, `awk '{print length}'` read `length` as an empty variable,
 *   and `sed '1i\text'` printed the backslash: all answered, wrongly, with exit 0. GNU grep reads
 *   patterns given one per line as several, so the patterns become one, joined by newlines; a special
 *   variable given with `-v` (or as an operand, `awk '…' OFS=, file`) is set by a `BEGIN` rule put
 *   first in the program, from a `-v` variable of another name, so the value keeps `-v`'s escapes
 *   (`'\t'`); a bare `length` becomes `length()`; `1i\text` becomes `1i text`; awk's elements named
 *   alone as statements are created, and the length of an array refused (awk-arrays.ts).
 * - **Refused.** `xargs -n1`, `-I{}`, `-P4`, `-d'\n'` and the long forms (`--max-args=1`) were "invalid
 *   option"; they become `-n 1` and so on. `paste -sd+` with no file read nothing; it gets `-`, stdin,
 *   as GNU assumes. `grep --color=auto` (or `never`) is dropped: the output is never a terminal.
 *
 * The commands are wrapped in each call's command table, so the respelling reaches every way a command
 * runs: written in the script, in `eval` and `source`, built from a variable or an array
 * (`"${args[@]}"`), or run by `xargs`, `find -exec` and `bash -c`. Only the words that need it change.
 * Imports just-bash's types, grep-bre.ts and awk-arrays.ts.
 */
import type { Command } from 'just-bash';
import { AWK_LITERALS, arrayLengthRefusal, lengthOfArray, withElementsCreated } from './awk-arrays.ts';
import { readGrepLine } from './grep-bre.ts';

type Result = Awaited<ReturnType<Command['execute']>>;

/** The arguments a command runs with instead, or the answer it gives without running. */
type Respelled = string[] | Result;

/**
 * `command` given its arguments respelled by `respell` first. A command whose arguments need nothing
 * gets the very array it was given.
 */
function withRespelledArguments(command: Command, respell: (args: string[]) => Respelled): Command {
  return {
    ...command,
    execute(args, context) {
      const respelled = respell(args);
      return Array.isArray(respelled) ? command.execute(respelled, context) : Promise.resolve(respelled);
    },
  };
}

/** `commands` with grep, xargs, paste, awk and sed reading GNU's spellings. Changes the table given. */
export function withGnuSpellings(commands: Map<string, Command>): Map<string, Command> {
  const respellers: Readonly<Record<string, (args: string[]) => Respelled>> = {
    grep: grepArguments,
    egrep: grepArguments,
    fgrep: grepArguments,
    xargs: xargsArguments,
    paste: pasteArguments,
    awk: awkArguments,
    sed: sedArguments,
  };
  for (const [name, respell] of Object.entries(respellers)) {
    const command = commands.get(name);
    if (command) commands.set(name, withRespelledArguments(command, respell));
  }
  return commands;
}

/**
 * The most patterns one grep may be given. just-bash's grep takes time that grows with the square of
 * their number (10,000 take 0.8 s, 40,000 take 26 s, holding the thread), so more are refused.
 */
const MAX_GREP_PATTERNS = 10_000;

/** What grep answers, without running, when given more than {@link MAX_GREP_PATTERNS} patterns. */
function tooManyPatterns(count: number): Result {
  const given = count.toLocaleString('en-US');
  const limit = MAX_GREP_PATTERNS.toLocaleString('en-US');
  return {
    stdout: '',
    stderr: `grep: ${given} patterns in one command, over the limit of ${limit} in this shell, whose grep takes time that grows with the square of their number; grep did not run. Split them over several greps of at most ${limit} patterns.\n`,
    exitCode: 126,
  };
}

/** Color options that change nothing when the output is not a terminal; just-bash refuses them. */
const GREP_NO_COLOR = /^--colou?r(=(never|auto))?$/;

/**
 * grep with every pattern given with `-e` or `--regexp` given as one `-e`, the patterns one per line (as
 * GNU reads several), and without `--color=never` or `=auto`.
 */
function grepArguments(given: string[]): Respelled {
  const args = withoutColor(given);
  const line = readGrepLine(args);
  // Even one pattern: just-bash's grep reads neither `--regexp` nor a pattern joined to its `-e`.
  if (line.patterns.length === 0 || !line.patternGiven) return args;
  if (line.patterns.length > MAX_GREP_PATTERNS) return tooManyPatterns(line.patterns.length);
  const words: (string | undefined)[] = [...args];
  const texts: string[] = [];
  for (const { at, prefix } of line.patterns) {
    texts.push((args[at] as string).slice(prefix.length));
    // The word of the option: the pattern's own (`-ieTODO`, `--regexp=x`) or the one before it.
    const option = prefix === '' ? at - 1 : at;
    // Flags before the `e` stay (`-ie x` keeps `-i`); `-e` and `--regexp` go whole, with the pattern.
    const flags = (prefix || (args[option] as string)).replace(/^(?:--regexp=?|-([^-]*)e)$/, '$1');
    words[option] = flags === '' ? undefined : `-${flags}`;
    if (prefix === '') words[at] = undefined;
  }
  const [first] = line.patterns as [{ at: number; prefix: string }];
  words.splice(first.prefix === '' ? first.at : first.at + 1, 0, '-e', texts.join('\n'));
  return words.filter((word): word is string => word !== undefined);
}

/** grep's arguments without the color options, which are never a pattern or an operand after `--`. */
function withoutColor(args: string[]): string[] {
  if (!args.some((arg) => GREP_NO_COLOR.test(arg))) return args;
  const line = readGrepLine(args);
  const end = args.indexOf('--');
  const values = new Set([...line.patterns.map(({ at }) => at), ...line.operands]);
  const kept = args.filter((arg, at) => values.has(at) || (end >= 0 && at > end) || !GREP_NO_COLOR.test(arg));
  return kept.length === args.length ? args : kept;
}

/** The long names of xargs's options with a value, and their letters. */
const XARGS_LONG_OPTIONS: Readonly<Record<string, string>> = {
  '--max-args': '-n',
  '--replace': '-I',
  '--max-procs': '-P',
  '--delimiter': '-d',
};
/** Flags, then an option that takes a value, attached or not: `-n1`, `-0n1`, `-I{}`, `-d'\n'`, `-n`. */
const XARGS_ATTACHED = /^-([0rt]*)([nIPd])(.*)$/s;

/** xargs with each option's value a word of its own; the command it runs is left as given. */
function xargsArguments(args: string[]): Respelled {
  const out: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const word = args[index] as string;
    // just-bash's xargs reads no `--`: the command after it is given as the first operand.
    if (word === '--') return [...out, ...args.slice(index + 1)];
    if (!word.startsWith('-') || word === '-') return [...out, ...args.slice(index)];
    const spelled = xargsOption(word);
    out.push(...spelled.words);
    if (spelled.takesNext && index + 1 < args.length) out.push(args[++index] as string);
  }
  return out;
}

/** One xargs option as words just-bash reads, and whether the next word is its value. */
function xargsOption(word: string): { words: string[]; takesNext: boolean } {
  if (word === '-i' || word === '--replace') return { words: ['-I', '{}'], takesNext: false };
  const [long = '', value] = word.split(/=(.*)/s, 2);
  const short = XARGS_LONG_OPTIONS[long];
  if (short && value !== undefined) return { words: [short, value], takesNext: false };
  if (short) return { words: [short], takesNext: true };
  const match = XARGS_ATTACHED.exec(word);
  if (!match) return { words: [word], takesNext: false };
  const [, flags = '', letter = '', attached = ''] = match;
  const words = [...(flags ? [`-${flags}`] : []), `-${letter}`, ...(attached ? [attached] : [])];
  return { words, takesNext: attached === '' };
}

/** paste with `-` (stdin) when it names no file: just-bash otherwise prints its usage and reads nothing. */
function pasteArguments(args: string[]): Respelled {
  for (let index = 0; index < args.length; index++) {
    const text = args[index] as string;
    if (text === '-' || !text.startsWith('-')) return args;
    if (text === '--') return index + 1 < args.length ? args : [...args, '-'];
    // `-d` or `-sd` alone, or `--delimiters`, takes the next word as the delimiters.
    if (/^-s?d$|^--delimiters$/.test(text)) index++;
  }
  return [...args, '-'];
}

/** awk's variables that `-v` did not set in just-bash. */
const AWK_SPECIAL_VARIABLES = new Set(['FS', 'OFS', 'ORS', 'SUBSEP', 'OFMT', 'CONVFMT']);
/** What a special variable is passed as, so `-v` sets it and the BEGIN rule copies it over. */
const AWK_CARRIER_PREFIX = '__respelled_';
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=/;

/**
 * awk with its special variables set by a BEGIN rule put first in the program, the assignments that
 * precede its files (`awk '…' OFS=, file`) made `-v` options, a bare `length` called, and an element
 * alone as a statement created (awk-arrays.ts); refused when it takes the length of an array. Left as
 * given when the program comes from a file (`-f`).
 */
function awkArguments(args: string[]): Respelled {
  const options: string[] = [];
  let index = 0;
  for (; index < args.length; index++) {
    const word = args[index] as string;
    if (word === '--' || !word.startsWith('-') || word === '-') break;
    if (word.startsWith('-f') || word.startsWith('--file')) return args;
    if (word.startsWith('-v') && word.length > 2) options.push('-v', word.slice(2));
    else options.push(word);
    if ((word === '-F' || word === '-v') && index + 1 < args.length) options.push(args[++index] as string);
  }
  const programAt = args[index] === '--' ? index + 1 : index;
  const program = args[programAt];
  if (program === undefined) return args;
  const operands = args.slice(programAt + 1);
  const leading = operands.findIndex((word) => !ASSIGNMENT.test(word));
  const assignments = leading < 0 ? operands : operands.slice(0, leading);
  for (const assignment of assignments) options.push('-v', assignment);
  const files = operands.slice(assignments.length);
  const array = lengthOfArray(program);
  if (array !== undefined) return { stdout: '', stderr: `${arrayLengthRefusal(array)}\n`, exitCode: 2 };
  const lengthCalled = withLengthCalled(program) ?? program;
  const respelled =
    withElementsCreated(lengthCalled) ?? (lengthCalled === program ? undefined : lengthCalled);
  const special = withSpecialVariables(options, respelled ?? program, files);
  if (special) return special;
  return assignments.length > 0 || respelled !== undefined
    ? [...options, respelled ?? program, ...files]
    : args;
}

/** `length` not followed by `(`, outside the program's strings, regular expressions and comments. */
const BARE_LENGTH = new RegExp(`${AWK_LITERALS}|\\blength\\b(?!\\s*\\()`, 'g');

/**
 * The program with each bare `length` (the length of the line, `awk 'length > 80'`) written
 * `length()`, which just-bash reads the same way; it read a bare `length` as an empty variable.
 * `undefined` when there is no bare `length`.
 */
function withLengthCalled(program: string): string | undefined {
  if (!program.includes('length')) return undefined;
  let changed = false;
  const called = program.replace(BARE_LENGTH, (match, string?: string, regex?: string, comment?: string) => {
    if (string !== undefined || regex !== undefined || comment !== undefined) return match;
    changed = true;
    return 'length()';
  });
  return changed ? called : undefined;
}

/**
 * The options with each special variable carried under another name, the program then setting it;
 * `undefined` when no option sets a special variable.
 */
function withSpecialVariables(options: string[], program: string, files: string[]): string[] | undefined {
  const names: string[] = [];
  const carried = options.map((word, index) => {
    const name = options[index - 1] === '-v' ? ASSIGNMENT.exec(word)?.[1] : undefined;
    if (!name || !AWK_SPECIAL_VARIABLES.has(name)) return word;
    names.push(name);
    return `${AWK_CARRIER_PREFIX}${word}`;
  });
  if (names.length === 0) return undefined;
  const copies = names.map((name) => `${name} = ${AWK_CARRIER_PREFIX}${name}`).join('; ');
  return [...carried, `BEGIN { ${copies} }\n${program}`, ...files];
}

/** A sed address: a line, the last line, or a regular expression; a range of two; `!` after it. */
const SED_ADDRESS = String.raw`(?:\d+|\$|/(?:[^/\\\n]|\\.)*/)`;
/**
 * A whole script that is one `a`, `i` or `c` command written GNU's one-line way, `2a\text`: just-bash
 * printed the backslash. Its other one-line form, `2a text`, it reads as GNU does. Text that starts with
 * a blank (`a\  indented`, whose blanks GNU keeps) is left alone.
 */
const SED_ONE_LINE_TEXT = new RegExp(
  // Each run of blanks is followed by a token of its own (an address, `!`, the command), so a script
  // of many blanks cannot make the engine try every way of sharing them out between runs.
  String.raw`^(\s*(?:${SED_ADDRESS}(?:\s*,\s*(?:${SED_ADDRESS}|[+~]\d+))?\s*)?(?:!\s*)?[aic])\\(?=[^\s\\])([^\n]*)$`,
);

/** sed with each script of one `a\text`, `i\text` or `c\text` command written `a text`. */
function sedArguments(args: string[]): Respelled {
  const scripts = sedScriptPositions(args);
  let changed = false;
  const out = args.map((word, index) => {
    const match = scripts.includes(index) ? SED_ONE_LINE_TEXT.exec(word) : null;
    if (!match) return word;
    changed = true;
    return `${match[1]} ${match[2]}`;
  });
  return changed ? out : args;
}

/** Where sed's scripts are: the values of `-e` and `--expression`, else its first operand. */
function sedScriptPositions(args: string[]): number[] {
  const positions: number[] = [];
  let firstOperand = -1;
  for (let index = 0; index < args.length; index++) {
    const text = args[index] as string;
    if (text === '-' || !text.startsWith('-')) {
      if (firstOperand < 0) firstOperand = index;
      continue;
    }
    if (text === '--') {
      if (firstOperand < 0 && index + 1 < args.length) firstOperand = index + 1;
      break;
    }
    // A script from a file (-f) cannot be respelled, and then the first operand is a file.
    if (text === '-f' || text.startsWith('--file')) return positions;
    if (text === '-e' || text === '--expression') positions.push(++index);
  }
  return positions.length > 0 ? positions : firstOperand < 0 ? [] : [firstOperand];
}
