/**
 * `bash` and `sh` given options before their script: `bash -e -c '…'`, `sh -eu build.sh`, `bash -o
 * pipefail -c '…'`, `bash -O nullglob -c '…'`, `bash --norc -c '…'`, and the `bash -lc '…'` other
 * agents send every command as. just-bash's `bash` takes `-c` only as its first word and reads any
 * other first word as the name of a script file, so each of these failed with "-e: No such file or
 * directory" (127) and `bash -euo pipefail -c` never ran.
 *
 * The options are read here as GNU bash reads them, and the script is handed to just-bash's own `bash
 * -c` with their `shopt -s`/`set` commands put before it on its first line, so its line numbers stay
 * (`$LINENO`, error messages). A login shell (`-l`, `--login`) first sources the profile files bash
 * reads, when there are any. What the embedded shell cannot be is refused with status 2 and a message
 * that says so: an interactive (`-i`) or restricted (`-r`) shell, and the few `set` letters it lacks.
 * A script file is read here with or without options: just-bash's `bash` dropped its `#!` line, so
 * `$LINENO` and the line in each error were one less than the file's. `bash -c '…'` without options
 * goes to just-bash's `bash` unchanged. Imports just-bash's types.
 */
import type { Command } from 'just-bash';

type Context = Parameters<Command['execute']>[1];
type Result = Awaited<ReturnType<Command['execute']>>;

/** The `set` letters GNU bash takes on its command line that the embedded shell's `set` accepts. */
const SET_LETTERS = new Set('abefhmnpuvxBCEHPT');

/** Letters GNU bash knows that the embedded shell has no counterpart for. */
const UNSUPPORTED_LETTERS: Readonly<Record<string, string>> = {
  i: 'an interactive shell is not supported here; run the commands with -c, or put them in a script file',
  r: 'a restricted shell is not supported here; run the script without -r',
  k: 'this option is not supported here; run the script without it',
  t: 'this option is not supported here; run the script without it',
  D: 'this option is not supported here; run the script without it',
};

const INVALID_OPTION =
  'invalid option; this shell takes the letters of set (-e, -u, -x, …), -o NAME, -O NAME, -c, -s, -l, --login, --posix, --verbose, --norc, --noprofile and --rcfile FILE';

/** Long options that change nothing for a shell that is not interactive (it reads no rc file). */
const IGNORED_LONG = new Set(['--norc', '--noprofile', '--noediting']);

/** What the words before the script asked for. */
interface Invocation {
  /** Words for one `set` (`-e`, `+o`, `pipefail`, …), quoted for the shell. */
  set: string[];
  /** Words for `shopt -s` and for `shopt -u`. */
  shoptOn: string[];
  shoptOff: string[];
  login: boolean;
  /** The script is the first word after the options (`-c`). */
  command: boolean;
  /** The script is read from stdin (`-s`, or no word after the options). */
  stdin: boolean;
  /** The words after the options. */
  rest: string[];
}

const refusal = (shell: string, word: string, why: string): Result => ({
  stdout: '',
  stderr: `${shell}: ${word}: ${why}\n`,
  exitCode: 2,
});

/** Reads one option word (and the name it takes); returns how many words it used, or a refusal. */
function readOption(shell: string, words: string[], at: number, into: Invocation): number | Result {
  const word = words[at] ?? '';
  if (word.startsWith('--')) return readLongOption(shell, words, at, into);
  const sign = word[0] === '+' ? '+' : '-';
  let used = 1;
  for (const letter of word.slice(1)) {
    if (letter === 'o' || letter === 'O') {
      const name = words[at + used];
      if (name === undefined) return refusal(shell, `${sign}${letter}`, 'option requires an argument');
      used += 1;
      if (letter === 'o') into.set.push(`${sign}o`, quoted(name));
      else (sign === '-' ? into.shoptOn : into.shoptOff).push(quoted(name));
    } else if (letter === 'c') into.command = true;
    else if (letter === 's') into.stdin = true;
    else if (letter === 'l') into.login = true;
    else if (SET_LETTERS.has(letter)) into.set.push(`${sign}${letter}`);
    else return refusal(shell, `${sign}${letter}`, UNSUPPORTED_LETTERS[letter] ?? INVALID_OPTION);
  }
  return used;
}

function readLongOption(shell: string, words: string[], at: number, into: Invocation): number | Result {
  const word = words[at] ?? '';
  if (IGNORED_LONG.has(word)) return 1;
  if (word === '--rcfile' || word === '--init-file') {
    return words[at + 1] === undefined ? refusal(shell, word, 'option requires an argument') : 2;
  }
  if (word === '--login') into.login = true;
  else if (word === '--posix') into.set.push('-o', 'posix');
  else if (word === '--verbose') into.set.push('-v');
  else if (word === '--restricted') return refusal(shell, word, 'a restricted shell is not supported here');
  else return refusal(shell, word, INVALID_OPTION);
  return 1;
}

/** The options before the script, read as GNU bash reads them; `undefined` when there are none. */
function readInvocation(shell: string, words: string[]): Invocation | Result | undefined {
  const into: Invocation = {
    set: [],
    shoptOn: [],
    shoptOff: [],
    login: false,
    command: false,
    stdin: false,
    rest: [],
  };
  let at = 0;
  while (at < words.length) {
    const word = words[at] ?? '';
    if (word === '--' || word === '-') {
      at += 1;
      break;
    }
    if (!/^[-+]./.test(word) || word === '--help') break;
    const used = readOption(shell, words, at, into);
    if (typeof used !== 'number') return used;
    at += used;
  }
  // `-c` and its script, stdin, or `--help`: just-bash's own `bash` reads them as GNU's does. A script
  // file is read here even without options: just-bash's drops its `#!` line, and the line numbers with it.
  const scriptFile = at === 0 && words.length > 0 && !/^[-+]/.test(words[0] ?? '');
  if ((at === 0 && !scriptFile) || (at === 1 && words[0] === '-c' && words.length > 1)) return undefined;
  into.rest = words.slice(at);
  if (!into.command && into.rest.length === 0) into.stdin = true;
  return into;
}

/**
 * stdin as UTF-8 text. just-bash carries it as bytes, one char each; its own decoder is not in its
 * browser build.
 */
function textOfStdin(context: Context): string {
  const bytes = String(context.stdin ?? '');
  return new TextDecoder().decode(Uint8Array.from(bytes, (char) => char.charCodeAt(0)));
}

function quoted(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/** The profile files a login shell sources, as bash (or sh) picks them, among those that exist. */
async function profileCommands(shell: string, context: Context): Promise<string[]> {
  const home = context.env.get('HOME') ?? '/';
  const exists = async (path: string) => context.fs.exists(context.fs.resolvePath(context.cwd, path));
  const sourced = (await exists('/etc/profile')) ? ['. /etc/profile'] : [];
  const personal = shell === 'sh' ? ['.profile'] : ['.bash_profile', '.bash_login', '.profile'];
  for (const name of personal) {
    const path = `${home.replace(/\/+$/, '')}/${name}`;
    if (await exists(path)) return [...sourced, `. ${quoted(path)}`];
  }
  return sourced;
}

/** The script, `$0` and the arguments the invocation names, or why it cannot run. */
async function scriptOf(
  shell: string,
  invocation: Invocation,
  context: Context,
): Promise<{ script: string; name: string; args: string[] } | Result> {
  const { rest } = invocation;
  if (invocation.command) {
    const [script, name = shell, ...args] = rest;
    if (script === undefined) return refusal(shell, '-c', 'option requires an argument');
    return { script, name, args };
  }
  if (invocation.stdin) return { script: textOfStdin(context), name: shell, args: rest };
  const [path = '', ...args] = rest;
  try {
    const text = await context.fs.readFile(context.fs.resolvePath(context.cwd, path));
    // The first line, when it names an interpreter, is dropped but its line kept: line numbers stay.
    return { script: text.startsWith('#!') ? text.replace(/^[^\n]*/, '') : text, name: path, args };
  } catch {
    return { stdout: '', stderr: `${shell}: ${path}: No such file or directory\n`, exitCode: 127 };
  }
}

/**
 * What runs before the script, all on its first line: the `shopt`s, then one `set` (so `-x` traces
 * none of it), each of which must hold, as GNU bash refuses a bad name before it starts; then the
 * profile files of a login shell, traced and stopped by the options as bash's are.
 */
function headOf(invocation: Invocation, profile: string[]): string {
  const { set, shoptOn, shoptOff } = invocation;
  const commands = [
    ...(shoptOn.length > 0 ? [`shopt -s ${shoptOn.join(' ')} || exit 2`] : []),
    ...(shoptOff.length > 0 ? [`shopt -u ${shoptOff.join(' ')} || exit 2`] : []),
    ...(set.length > 0 ? [`set ${set.join(' ')} || exit 2`] : []),
    ...profile,
  ];
  return commands.map((command) => `${command}; `).join('');
}

/** `shell` (just-bash's `bash` or `sh`) taking the options GNU bash takes before its script. */
export function withShellOptions(shell: Command): Command {
  return {
    ...shell,
    async execute(words, context) {
      const invocation = readInvocation(shell.name, words);
      if (invocation === undefined) return shell.execute(words, context);
      if ('exitCode' in invocation) return invocation;
      const found = await scriptOf(shell.name, invocation, context);
      if ('exitCode' in found) return found;
      const profile = invocation.login ? await profileCommands(shell.name, context) : [];
      const script = headOf(invocation, profile) + found.script;
      return shell.execute(['-c', script, found.name, ...found.args], context);
    },
  };
}
