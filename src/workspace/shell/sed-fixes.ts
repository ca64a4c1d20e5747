/**
 * just-bash's `sed`, wrapped where it answered otherwise than GNU's and exited 0:
 *
 * - **`sed -i.bak`** (`-iSUFFIX`, `--in-place=SUFFIX`, `-ni.bak`) edited the file and made no backup:
 *   just-bash reads any word that starts with `-i` as `-i` and drops the rest, and refused the long
 *   form. Now each file operand that exists is copied to its backup name before sed edits it, as GNU
 *   does (GNU renames the original; the copy holds the same bytes). The name is GNU's: the suffix added
 *   to the operand as given (`app/a.txt.bak`), or, when the suffix holds `*`, the suffix with each `*`
 *   replaced by the operand as given (GNU 4.9 puts the operand's whole path there, not only its base
 *   name: `-i'old_*' app/a.txt` names `old_app/a.txt`, and fails when that directory does not exist).
 *   An empty suffix and `*` alone make no backup, as in GNU. A script that does not parse makes no
 *   backup either: it is tried first on empty input, so the error comes before anything is copied.
 *   The edited file keeps its mode, as in GNU (just-bash's wrote it anew: a script lost its `x` bit).
 * - **Case conversion in a replacement** (`s/x/\U&/`, `\L`, `\u`, `\l`, `\E`) printed the letter
 *   (`Uhello` for GNU's `HELLO`). A wrapper cannot convert case without being a sed of its own, so a
 *   script with one of them is refused before it runs (exit 1), with what to use instead.
 * - **`c` on an address range** (`2,3c\X`) printed the text once for every line of the range; GNU prints
 *   it once, at the end. Refused likewise. A `c` on one address, negated (`2,3!c`), or inside a block
 *   (`2,3{c X}`: GNU then prints the text for every line too) runs as it is.
 * - **A backslash in a replacement** (`s/"/\\"/g`, `s/a/x\\y/`) was dropped: just-bash unescapes a
 *   replacement twice. Each escaped backslash of a replacement given with `-e` or as the script is
 *   doubled before sed reads it, so it comes out as the one backslash GNU prints (see
 *   `respelledScripts`); one in a script file (`-f`) is left as it is.
 *
 * The scripts are read by a scanner of sed's syntax that only finds where commands, their addresses
 * and the parts of `s` start and end: an escape in a regular expression or a bracket expression
 * (`s/[\U]/x/`), in a text of `a`, `i` or `c`, or in `y` is no replacement and is left alone. A script
 * the scanner cannot read is left to sed, which reports its error.
 * Imports only just-bash's types.
 */
import type { Command } from 'just-bash';

type Context = Parameters<Command['execute']>[1];
type Result = Awaited<ReturnType<Command['execute']>>;

/** sed's answer to a replacement with case conversion. Model-facing: tests pin every word. */
export const SED_CASE_CONVERSION_REFUSAL =
  "sed: \\U, \\L, \\u, \\l and \\E in a replacement are not supported by this shell's sed, which would insert the letters themselves; nothing ran. Convert case with tr '[:lower:]' '[:upper:]' (or the reverse), or with awk's toupper() and tolower().";

/** sed's answer to `c` on an address range. Model-facing: tests pin every word. */
export const SED_RANGE_CHANGE_REFUSAL =
  "sed: c on an address range is not supported by this shell's sed, which would print the text once for every line of the range where GNU sed prints it once, at its end; nothing ran. Delete the range and insert the text before its first line instead: for 2,5c, sed -e '2i TEXT' -e '2,5d'.";

/** `sed` that makes GNU's backups for `-iSUFFIX` and refuses what it would print otherwise than GNU. */
export function withSedFixed(sed: Command): Command {
  return {
    ...sed,
    async execute(args, context) {
      const call = readSedCall(args);
      const scripts = call.scriptAt.map((index) => call.args[index] as string);
      const scan = scanSedScript([...scripts, ...(await scriptFiles(call, context))].join('\n'));
      if (scan.refusal) return { stdout: '', stderr: `${scan.refusal}\n`, exitCode: 1 };
      // A script file is read by sed itself: its backslashes stay as they are (see respelledScripts).
      if (call.scriptFiles.length === 0) {
        respelledScripts(scripts, scan.replacements).forEach((script, at) => {
          call.args[call.scriptAt[at] as number] = script;
        });
      }
      if (!call.inPlace) return sed.execute(call.args, context);
      return keepingModes(call, context, () =>
        makesBackups(call.suffix) ? editWithBackups(sed, call, context) : sed.execute(call.args, context),
      );
    },
  };
}

/** What a sed command line asks for, read as just-bash's sed reads it. */
interface SedCall {
  /** The arguments with the in-place option as just-bash takes it (`-i`, `-ni`). */
  args: string[];
  /** Where in `args` the scripts are: the values of `-e`, or the first operand. */
  scriptAt: number[];
  scriptFiles: string[];
  /** Where in `args` the file operands are. */
  operands: number[];
  /** Where in `args` the in-place option is, and the flags it carries (`-ni`: `n`). */
  inPlaceAt: number;
  inPlaceFlags: string;
  inPlace: boolean;
  /** The backup suffix of `-iSUFFIX` or `--in-place=SUFFIX`; empty for none. */
  suffix: string;
}

/** Flags that may come before `i` in one word (`-ni.bak`): the ones just-bash's sed also takes. */
const IN_PLACE_GROUP = /^-([nEr]*)i(.*)$/s;

function readSedCall(args: readonly string[]): SedCall {
  const call: SedCall = {
    args: [],
    scriptAt: [],
    scriptFiles: [],
    operands: [],
    inPlaceAt: -1,
    inPlaceFlags: '',
    inPlace: false,
    suffix: '',
  };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    const group = IN_PLACE_GROUP.exec(arg);
    if (arg === '--in-place' || arg.startsWith('--in-place=') || group) {
      call.inPlace = true;
      call.suffix = group ? (group[2] as string) : arg.slice('--in-place='.length);
      call.inPlaceFlags = group?.[1] ?? '';
      call.inPlaceAt = call.args.push(call.inPlaceFlags ? `-${call.inPlaceFlags}i` : '-i') - 1;
      continue;
    }
    call.args.push(arg);
    const taken = takesValue(arg);
    if (taken && index + 1 < args.length) {
      const at = call.args.push(args[++index] as string) - 1;
      if (taken === 'script') call.scriptAt.push(at);
      else call.scriptFiles.push(call.args[at] as string);
    } else if (arg === '-' || !arg.startsWith('-')) {
      // just-bash's rule: the first operand is the script until a -e or -f has given one.
      const isScript = arg !== '-' && call.scriptAt.length === 0 && call.scriptFiles.length === 0;
      (isScript ? call.scriptAt : call.operands).push(call.args.length - 1);
    }
  }
  return call;
}

/** Whether `arg` takes the next word as a script or a script file, as just-bash's sed decides it. */
function takesValue(arg: string): 'script' | 'file' | undefined {
  if (arg === '-e') return 'script';
  if (arg === '-f') return 'file';
  if (!/^-[nefiEr]+$/.test(arg)) return undefined;
  if (arg.includes('e') && !arg.includes('n') && !arg.includes('i')) return 'script';
  if (arg.includes('f') && !arg.includes('e')) return 'file';
  return undefined;
}

/** The call's arguments for a try of its script on no input: no in-place option, no files. */
function trialArguments(call: SedCall): string[] {
  const operands = new Set(call.operands);
  const trial: string[] = [];
  call.args.forEach((arg, index) => {
    if (index === call.inPlaceAt) {
      if (call.inPlaceFlags) trial.push(`-${call.inPlaceFlags}`);
    } else if (!operands.has(index)) {
      trial.push(arg);
    }
  });
  return trial;
}

/** GNU makes no backup for an empty suffix, nor for `*` alone (the backup would be the file itself). */
function makesBackups(suffix: string): boolean {
  return suffix !== '' && suffix !== '*';
}

/** The texts of the call's script files; one sed cannot read is left out (sed itself reports it). */
async function scriptFiles(call: SedCall, context: Context): Promise<string[]> {
  const texts: string[] = [];
  for (const file of call.scriptFiles) {
    try {
      texts.push(await context.fs.readFile(context.fs.resolvePath(context.cwd, file)));
    } catch {
      // Reported by sed.
    }
  }
  return texts;
}

/**
 * The scripts with each `\\` of a replacement written `\\\\`. just-bash's sed unescapes a replacement
 * twice: when it reads the script (`\\` becomes `\`) and when it substitutes (`\y` becomes `y`), so
 * `s/a/x\\y/` printed `xy` and `s/"/\\"/g` printed the quote alone, where GNU prints one backslash.
 * Doubled, the pair comes out of both as the one backslash GNU prints. `replacements` are the spans of
 * the replacements in the scripts joined by newlines, as {@link scanSedScript} gives them.
 */
function respelledScripts(scripts: readonly string[], replacements: readonly Span[]): string[] {
  let offset = 0;
  return scripts.map((script) => {
    const start = offset;
    offset += script.length + 1;
    let respelled = script;
    // From the last, so the spans before it keep their places.
    for (const [from, to] of [...replacements].reverse()) {
      if (from < start || to > start + script.length) continue;
      const part = respelled
        .slice(from - start, to - start)
        .replace(/\\[\s\S]/g, (pair) => (pair === '\\\\' ? '\\\\\\\\' : pair));
      respelled = respelled.slice(0, from - start) + part + respelled.slice(to - start);
    }
    return respelled;
  });
}

/**
 * Runs `edit` (a `sed -i`), then gives each file operand back the mode it had: just-bash's sed writes
 * the edited file anew, with the default mode, so `sed -i … run.sh` made the script lose its
 * executable bit; GNU's sed gives the new file the original's mode.
 */
async function keepingModes(call: SedCall, context: Context, edit: () => Promise<Result>): Promise<Result> {
  const { fs } = context;
  const modes = new Map<string, number>();
  for (const index of call.operands) {
    const path = fs.resolvePath(context.cwd, call.args[index] as string);
    const stat = await fs.stat(path).catch(() => undefined);
    if (stat?.isFile) modes.set(path, stat.mode & 0o7777);
  }
  const result = await edit();
  for (const [path, mode] of modes) {
    const stat = await fs.stat(path).catch(() => undefined);
    if (stat?.isFile && (stat.mode & 0o7777) !== mode) await fs.chmod(path, mode).catch(() => undefined);
  }
  return result;
}

/** GNU's name for the backup of `operand`. */
function backupName(operand: string, suffix: string): string {
  return suffix.includes('*') ? suffix.replaceAll('*', operand) : `${operand}${suffix}`;
}

/**
 * `sed -i` with a backup of each file before it is edited. A backup that cannot be made (its directory
 * is missing) stops sed at that file with GNU's message and exit code 4, the files before it edited.
 */
async function editWithBackups(sed: Command, call: SedCall, context: Context): Promise<Result> {
  const trial = await sed.execute(trialArguments(call), {
    ...context,
    stdin: '' as unknown as Context['stdin'],
  });
  if (trial.exitCode !== 0) return sed.execute(call.args, context);
  for (const [position, index] of call.operands.entries()) {
    const operand = call.args[index] as string;
    const failure = await backUp(context, operand, backupName(operand, call.suffix));
    if (failure === undefined) continue;
    const message = `sed: cannot rename ${operand}: ${failure}\n`;
    if (position === 0) return { stdout: '', stderr: message, exitCode: 4 };
    const unreached = new Set(call.operands.slice(position));
    const result = await sed.execute(
      call.args.filter((_, at) => !unreached.has(at)),
      context,
    );
    return { ...result, stderr: `${result.stderr}${message}`, exitCode: 4 };
  }
  return sed.execute(call.args, context);
}

/** Copies `operand` to `backup`; the reason when it cannot, `undefined` when done or nothing to copy. */
async function backUp(context: Context, operand: string, backup: string): Promise<string | undefined> {
  const { fs } = context;
  const source = fs.resolvePath(context.cwd, operand);
  const stat = await fs.stat(source).catch(() => undefined);
  // A missing file or a directory: sed says so and goes on, with no backup.
  if (!stat?.isFile) return undefined;
  const target = fs.resolvePath(context.cwd, backup);
  const parent = target.slice(0, Math.max(1, target.lastIndexOf('/')));
  const directory = await fs.stat(parent).catch(() => undefined);
  if (!directory?.isDirectory) return 'No such file or directory';
  if ((await fs.stat(target).catch(() => undefined))?.isDirectory) return 'Is a directory';
  await fs.writeFile(target, await fs.readFileBuffer(source));
  // GNU's backup is the original file itself, so it keeps its mode (a script stays executable).
  await fs.chmod(target, stat.mode & 0o7777).catch(() => undefined);
  return undefined;
}

/** A position in a sed script being scanned, and the spans of the replacements found so far. */
interface Scan {
  readonly text: string;
  at: number;
  readonly replacements: Span[];
}

/** Where a part of a script starts and ends (exclusive). */
type Span = readonly [number, number];

/** What {@link scanSedScript} finds in a script. */
export interface SedScan {
  /** Why this sed would run the script otherwise than GNU's (see the file comment), if it would. */
  refusal?: string;
  /** Where the replacements of the script's `s` commands are. */
  replacements: Span[];
}

/**
 * Reads a sed script command by command, for the refusals and the replacements (see the file comment).
 * Stops where it cannot read on, refusing nothing more; sed then reports what it cannot read.
 */
export function scanSedScript(script: string): SedScan {
  const scan: Scan = { text: script, at: 0, replacements: [] };
  const found = (refusal?: string): SedScan => ({ refusal, replacements: scan.replacements });
  while (skipSeparators(scan)) {
    const addresses = readAddresses(scan);
    if (addresses === undefined) return found();
    skipBlanks(scan);
    let negated = false;
    while (scan.text[scan.at] === '!') {
      negated = true;
      scan.at++;
      skipBlanks(scan);
    }
    const command = scan.text[scan.at++] ?? '';
    if (command === 'c' && addresses === 2 && !negated) return found(SED_RANGE_CHANGE_REFUSAL);
    const outcome = skipCommand(scan, command);
    if (outcome !== 'read') return found(outcome === 'case' ? SED_CASE_CONVERSION_REFUSAL : undefined);
  }
  return found();
}

/** Commands without arguments, and the block's braces. */
const BARE_COMMANDS = new Set([
  '=',
  'd',
  'D',
  'g',
  'G',
  'h',
  'H',
  'n',
  'N',
  'p',
  'P',
  'x',
  'z',
  'F',
  '{',
  '}',
]);

/**
 * Moves past the arguments of `command`: `'read'` when done, `'case'` when it is an `s` whose
 * replacement converts case, `'unknown'` for what the scanner cannot read.
 */
function skipCommand(scan: Scan, command: string): 'read' | 'case' | 'unknown' {
  if (BARE_COMMANDS.has(command)) return 'read';
  switch (command) {
    case 's':
      return skipSubstitution(scan);
    case 'y': {
      const delimiter = scan.text[scan.at++] ?? '';
      const ok = delimiter !== '\n' && delimiter !== '\\' && delimiter !== '';
      return ok &&
        readPart(scan, delimiter, false) !== undefined &&
        readPart(scan, delimiter, false) !== undefined
        ? 'read'
        : 'unknown';
    }
    case 'a':
    case 'i':
    case 'c':
      skipText(scan);
      return 'read';
    case '#':
    case 'r':
    case 'R':
    case 'w':
    case 'W':
    case 'e':
      skipTo(scan, '\n');
      return 'read';
    case ':':
    case 'b':
    case 't':
    case 'T':
    case 'v':
      skipTo(scan, ';\n');
      return 'read';
    case 'l':
    case 'L':
    case 'q':
    case 'Q':
      while (/[ \t0-9]/.test(scan.text[scan.at] ?? '')) scan.at++;
      return 'read';
    default:
      return 'unknown';
  }
}

/** Moves past `s/regex/replacement/flags`; `'case'` when the replacement converts case. */
function skipSubstitution(scan: Scan): 'read' | 'case' | 'unknown' {
  const delimiter = scan.text[scan.at++] ?? '';
  if (delimiter === '' || delimiter === '\n' || delimiter === '\\') return 'unknown';
  if (readPart(scan, delimiter, true) === undefined) return 'unknown';
  const start = scan.at;
  const replacement = readPart(scan, delimiter, false);
  if (replacement === undefined) return 'unknown';
  if (convertsCase(replacement, delimiter)) return 'case';
  scan.replacements.push([start, start + replacement.length]);
  // The flags: `w FILE` takes the rest of the line; `}` and `;` end the command.
  while (scan.at < scan.text.length && !';\n}'.includes(scan.text[scan.at] as string)) {
    if (scan.text[scan.at] === 'w') {
      skipTo(scan, '\n');
      break;
    }
    scan.at++;
  }
  return 'read';
}

/** Whether a replacement holds `\U`, `\L`, `\u`, `\l` or `\E` (unless that letter is the delimiter). */
function convertsCase(replacement: string, delimiter: string): boolean {
  for (let index = 0; index < replacement.length; index++) {
    if (replacement[index] !== '\\') continue;
    const next = replacement[++index] ?? '';
    if ('ULulE'.includes(next) && next !== '' && next !== delimiter) return true;
  }
  return false;
}

/**
 * The text up to the next unescaped `delimiter`, and the scan moved past it; `undefined` when it is not
 * closed on its line. In a regular expression a bracket expression may hold the delimiter (`[/]`).
 */
function readPart(scan: Scan, delimiter: string, regex: boolean): string | undefined {
  const { text } = scan;
  const start = scan.at;
  while (scan.at < text.length) {
    const character = text[scan.at];
    if (character === '\\') scan.at += 2;
    else if (character === delimiter) return text.slice(start, scan.at++);
    else if (character === '\n') return undefined;
    else if (regex && character === '[') scan.at = bracketEnd(text, scan.at);
    else scan.at++;
  }
  return undefined;
}

/**
 * Where the bracket expression that opens at `start` ends (`[]x]`, `[^/]`, `[[:alpha:]/]`); a
 * backslash is no escape inside one. Just past the `[` when it is not closed on its line.
 */
function bracketEnd(text: string, start: number): number {
  let at = start + 1;
  if (text[at] === '^') at++;
  if (text[at] === ']') at++;
  while (at < text.length && text[at] !== '\n') {
    const next = text[at + 1] ?? '';
    if (text[at] === '[' && ':.='.includes(next) && next !== '') {
      const close = text.indexOf(`${next}]`, at + 2);
      if (close < 0) return start + 1;
      at = close + 2;
    } else if (text[at] === ']') {
      return at + 1;
    } else {
      at++;
    }
  }
  return start + 1;
}

/** Moves past blanks, newlines and `;` between commands; whether a command follows. */
function skipSeparators(scan: Scan): boolean {
  while (scan.at < scan.text.length && /[\s;]/.test(scan.text[scan.at] as string)) scan.at++;
  return scan.at < scan.text.length;
}

function skipBlanks(scan: Scan): void {
  while (scan.text[scan.at] === ' ' || scan.text[scan.at] === '\t') scan.at++;
}

/** Moves to the first of `ends` (not past it), or to the end. */
function skipTo(scan: Scan, ends: string): void {
  while (scan.at < scan.text.length && !ends.includes(scan.text[scan.at] as string)) scan.at++;
}

/** Moves past the text of `a`, `i` or `c`: to the end of a line that does not end with a backslash. */
function skipText(scan: Scan): void {
  const { text } = scan;
  while (scan.at < text.length) {
    const end = text.indexOf('\n', scan.at);
    if (end < 0) {
      scan.at = text.length;
      return;
    }
    let backslashes = 0;
    while (text[end - 1 - backslashes] === '\\') backslashes++;
    scan.at = end + 1;
    if (backslashes % 2 === 0) return;
  }
}

/** How many addresses the command has (0, 1 or 2) and the scan moved past them; `undefined` if malformed. */
function readAddresses(scan: Scan): number | undefined {
  const first = readAddress(scan);
  if (first !== 'address') return first === 'none' ? 0 : undefined;
  skipBlanks(scan);
  if (scan.text[scan.at] !== ',') return 1;
  scan.at++;
  skipBlanks(scan);
  // `addr,+N` and `addr,~N` end the range by a count.
  if (scan.text[scan.at] === '+' || scan.text[scan.at] === '~') {
    scan.at++;
    while (/[0-9]/.test(scan.text[scan.at] ?? '')) scan.at++;
    return 2;
  }
  return readAddress(scan) === 'address' ? 2 : undefined;
}

/** Reads one address: a line (`3`, `first~step`), `$`, or a regular expression (`/x/I`, `\,x,`). */
function readAddress(scan: Scan): 'address' | 'none' | 'malformed' {
  const { text } = scan;
  const character = text[scan.at] ?? '';
  if (/[0-9]/.test(character)) {
    while (/[0-9~]/.test(text[scan.at] ?? '')) scan.at++;
    return 'address';
  }
  if (character === '$') {
    scan.at++;
    return 'address';
  }
  if (character !== '/' && character !== '\\') return 'none';
  const delimiter = character === '/' ? '/' : (text[scan.at + 1] ?? '');
  scan.at += character === '/' ? 1 : 2;
  if (delimiter === '' || readPart(scan, delimiter, true) === undefined) return 'malformed';
  while (text[scan.at] === 'I' || text[scan.at] === 'M') scan.at++;
  return 'address';
}
