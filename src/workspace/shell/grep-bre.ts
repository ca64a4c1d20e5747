/**
 * grep's basic regular expressions with GNU's `\+` and `\?`.
 *
 * GNU grep reads `\+` (one or more) and `\?` (zero or one) in a basic expression, and agents write them
 * that way (`grep -o '[0-9]\+'`, `grep '\w\+'`). just-bash's grep turns a basic expression into an
 * extended one and keeps those two escaped, so they matched a literal `+` or `?`: `grep -c '[0-9]\+'`
 * counted 0 with exit 1 where GNU counts the lines with a digit.
 *
 * A command line in basic mode (no `-E`, `-F`, `-P`) whose patterns use either is rewritten to `-E`,
 * each pattern turned into the extended expression GNU reads it as (below); every other command line
 * is left to just-bash, whose own translation handles the rest of the basic syntax. The command line
 * is read here once, for both grep wrappers ({@link readGrepLine}; grep-fixes.ts reads it too).
 * Imports nothing.
 */

/** Short options of GNU grep that take a value, in the same word (`-m1`) or the next one. */
const SHORT_WITH_VALUE: ReadonlySet<string> = new Set(['e', 'f', 'm', 'A', 'B', 'C', 'd', 'D']);
/** Long options that take the next word as their value when written without `=`. */
const LONG_WITH_VALUE: ReadonlySet<string> = new Set([
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

/** Where a pattern is written: the word, and the text before the pattern in it (`-e`, `--regexp=`). */
interface PatternAt {
  at: number;
  prefix: string;
}

/** What the grep wrappers read of a command line. */
export interface GrepLine {
  basic: boolean;
  fromFile: boolean;
  recursive: boolean;
  noFilename: boolean;
  /** A pattern given with `-e`/`-f`: then no operand is the pattern. */
  patternGiven: boolean;
  patterns: PatternAt[];
  /** Indexes in the arguments of the words that are neither options nor their values. */
  operands: number[];
}

/** Reads a short option group; returns how many words it used. */
function readShortGroup(args: readonly string[], at: number, line: GrepLine): number {
  const word = args[at] as string;
  for (let index = 1; index < word.length; index++) {
    const letter = word[index] as string;
    if (letter === 'E' || letter === 'F' || letter === 'P') line.basic = false;
    if (letter === 'G') line.basic = true;
    if (letter === 'r' || letter === 'R') line.recursive = true;
    if (letter === 'h') line.noFilename = true;
    if (!SHORT_WITH_VALUE.has(letter)) continue;
    if (letter === 'f') line.fromFile = true;
    const inline = index < word.length - 1;
    if (letter === 'e')
      line.patterns.push(inline ? { at, prefix: word.slice(0, index + 1) } : { at: at + 1, prefix: '' });
    return inline ? 1 : 2;
  }
  return 1;
}

/** Reads a long option; returns how many words it used. */
function readLong(args: readonly string[], at: number, line: GrepLine): number {
  const word = args[at] as string;
  const name = word.split('=', 1)[0] as string;
  if (name === '--extended-regexp' || name === '--fixed-strings' || name === '--perl-regexp')
    line.basic = false;
  if (name === '--basic-regexp') line.basic = true;
  if (name === '--recursive' || name === '--dereference-recursive') line.recursive = true;
  if (name === '--no-filename') line.noFilename = true;
  if (name === '--file') line.fromFile = true;
  const inline = word.includes('=');
  if (name === '--regexp')
    line.patterns.push(inline ? { at, prefix: `${name}=` } : { at: at + 1, prefix: '' });
  return !inline && LONG_WITH_VALUE.has(name) ? 2 : 1;
}

/** grep's command line as GNU reads it: options anywhere, `--` ends them. */
export function readGrepLine(args: readonly string[]): GrepLine {
  const line: GrepLine = {
    basic: true,
    fromFile: false,
    recursive: false,
    noFilename: false,
    patternGiven: false,
    patterns: [],
    operands: [],
  };
  for (let at = 0; at < args.length; ) {
    const word = args[at] as string;
    if (word === '--') {
      for (let rest = at + 1; rest < args.length; rest++) line.operands.push(rest);
      break;
    }
    if (word.startsWith('--')) at += readLong(args, at, line);
    else if (word.startsWith('-') && word !== '-') at += readShortGroup(args, at, line);
    else line.operands.push(at++);
  }
  line.patternGiven = line.patterns.length > 0 || line.fromFile;
  const first = line.operands[0];
  if (line.patterns.length === 0 && !line.fromFile && first !== undefined)
    line.patterns.push({ at: first, prefix: '' });
  return line;
}

/**
 * Where `:]`, `.]` and `=]` next close a class, a collating symbol or an equivalence class, from a
 * position on: each searched once per pattern, so a pattern full of unclosed `[:` stays linear.
 */
type Closers = Map<string, number>;

function nextClose(pattern: string, kind: string, from: number, closers: Closers): number {
  const known = closers.get(kind);
  if (known !== undefined && (known === -1 || known >= from)) return known;
  const found = pattern.indexOf(`${kind}]`, from);
  closers.set(kind, found);
  return found;
}

/** The end of the bracket expression that opens at `start` (the index after its `]`). */
function bracketEnd(pattern: string, start: number, closers: Closers): number {
  let at = start + 1;
  if (pattern[at] === '^') at++;
  if (pattern[at] === ']') at++;
  while (at < pattern.length && pattern[at] !== ']') {
    const kind = pattern[at + 1] ?? '';
    const close =
      pattern[at] === '[' && ':.='.includes(kind) ? nextClose(pattern, kind, at + 2, closers) : -1;
    at = close === -1 ? at + 1 : close + 2;
  }
  return Math.min(at + 1, pattern.length);
}

/** Whether a basic expression uses `\+` or `\?` outside its bracket expressions. */
function usesGnuRepeats(pattern: string): boolean {
  const closers: Closers = new Map();
  for (let at = 0; at < pattern.length; at++) {
    if (pattern[at] === '[') at = bracketEnd(pattern, at, closers) - 1;
    else if (pattern[at] === '\\') {
      if (pattern[at + 1] === '+' || pattern[at + 1] === '?') return true;
      at++;
    }
  }
  return false;
}

const BRE_OPERATORS: Readonly<Record<string, string>> = {
  '(': '(',
  ')': ')',
  '{': '{',
  '}': '}',
  '|': '|',
  '+': '+',
  '?': '?',
};

/** The extended expression GNU reads a basic one as. */
function ereOfBre(pattern: string): string {
  const closers: Closers = new Map();
  let ere = '';
  // Where `*` is literal and `^` an anchor: at the start, after `\(` or `\|`.
  let atStart = true;
  for (let at = 0; at < pattern.length; ) {
    const char = pattern[at] as string;
    const next = pattern[at + 1];
    if (char === '[') {
      const end = bracketEnd(pattern, at, closers);
      [ere, at, atStart] = [ere + pattern.slice(at, end), end, false];
    } else if (char === '\\' && next !== undefined) {
      ere += BRE_OPERATORS[next] ?? `\\${next}`;
      [at, atStart] = [at + 2, next === '(' || next === '|'];
    } else {
      const endsHere =
        at === pattern.length - 1 || pattern.startsWith('\\)', at + 1) || pattern.startsWith('\\|', at + 1);
      if (char === '^') ere += atStart ? '^' : '\\^';
      else if (char === '$') ere += endsHere ? '$' : '\\$';
      else if (char === '*') ere += atStart ? '\\*' : '*';
      else ere += '(){}|+?'.includes(char) ? `\\${char}` : char;
      [at, atStart] = [at + 1, atStart && char === '^'];
    }
  }
  return ere;
}

/** The command line with its basic patterns turned extended when they use `\+` or `\?`; else `undefined`. */
export function withGnuRepeats(args: readonly string[]): string[] | undefined {
  const line = readGrepLine(args);
  const texts = line.patterns.map(({ at, prefix }) => (args[at] ?? '').slice(prefix.length));
  if (!line.basic || line.fromFile || !texts.some(usesGnuRepeats)) return undefined;
  const rewritten = [...args];
  line.patterns.forEach(({ at, prefix }, index) => {
    rewritten[at] = `${prefix}${ereOfBre(texts[index] as string)}`;
  });
  return ['-E', ...rewritten];
}
