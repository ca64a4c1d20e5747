/**
 * Options and one-line forms that GNU tools accept and just-bash reads otherwise, respelled in the
 * parsed script to a form just-bash runs as GNU does. Two kinds:
 *
 * - **Silently wrong.** `grep -e a -e b` kept only the last pattern, `awk -v OFS=,` (or `FS`, `ORS`,
 *   ...) left the variable at its default, `awk '{print length}'` read `length` as an empty variable,
 *   and `sed '1i\text'` printed the backslash: all answered, wrongly, with exit 0. GNU grep reads
 *   patterns given one per line as several, so the patterns become one, joined by newlines; a special
 *   variable given with `-v` (or as an operand, `awk '…' OFS=, file`) is set by a `BEGIN` rule put
 *   first in the program, from a `-v` variable of another name, so the value keeps `-v`'s escapes
 *   (`'\t'`); a bare `length` becomes `length()`; `1i\text` becomes `1i text`.
 * - **Refused.** `xargs -n1`, `-I{}`, `-P4`, `-d'\n'` and the long forms (`--max-args=1`) were "invalid
 *   option"; they become `-n 1` and so on. `paste -sd+` with no file read nothing; it gets `-`, stdin,
 *   as GNU assumes. `grep --color=auto` (or `never`) is dropped: the output is never a terminal. A
 *   command that `xargs` runs is respelled too.
 *
 * Only those words change (options, an awk program, a one-command sed script); quoting and expansions
 * in option values are kept as the script wrote them.
 * Imports just-bash's types and script-tree.ts; the caller hands over each freshly parsed script.
 */
import type { SimpleCommandNode, WordNode } from 'just-bash';
import { refusalScript, visitNodes } from './script-tree.ts';

type Part = WordNode['parts'][number];

/** The text a word stands for when it expands nothing (literals and quotes only), else `undefined`. */
function staticText(word: WordNode | null | undefined): string | undefined {
  if (!word) return undefined;
  let text = '';
  for (const part of word.parts) {
    if (part.type === 'Literal' || part.type === 'SingleQuoted' || part.type === 'Escaped') {
      text += part.value;
    } else if (part.type === 'DoubleQuoted') {
      const inner = staticText({ type: 'Word', parts: part.parts });
      if (inner === undefined) return undefined;
      text += inner;
    } else {
      return undefined;
    }
  }
  return text;
}

/** The unquoted text a word starts with: where an option's letters are. */
function leadingLiteral(word: WordNode): string {
  const first = word.parts[0];
  return first?.type === 'Literal' ? first.value : '';
}

function quoted(text: string): WordNode {
  return { type: 'Word', parts: [{ type: 'SingleQuoted', value: text }] };
}

/**
 * `word` without its first `length` characters, which are unquoted (see `leadingLiteral`); `undefined`
 * when nothing is left. `-d'\n'` after 2 is `'\n'`, still quoted.
 */
function withoutPrefix(word: WordNode, length: number): WordNode | undefined {
  const [first, ...rest] = word.parts;
  if (first?.type !== 'Literal') return undefined;
  const left = first.value.slice(length);
  const parts: Part[] = left === '' ? rest : [{ ...first, value: left }, ...rest];
  return parts.length === 0 ? undefined : { type: 'Word', parts };
}

/** `word` with `text` put before it, quoted. */
function prefixed(text: string, word: WordNode): WordNode {
  return { type: 'Word', parts: [{ type: 'SingleQuoted', value: text }, ...word.parts] };
}

/**
 * The most patterns one grep may be given. just-bash's grep takes time that grows with the square of
 * their number (10,000 take 0.8 s, 40,000 take 26 s, holding the thread), so more are refused.
 */
const MAX_GREP_PATTERNS = 10_000;

/** Thrown out of the walk when a grep has more than {@link MAX_GREP_PATTERNS} patterns. */
class TooManyPatterns {
  constructor(readonly count: number) {}
}

/**
 * Respells the options of every simple command of a freshly parsed script, in command substitutions,
 * function bodies and nested blocks too. Changes the tree in place: just-bash parses each script anew,
 * so nothing else holds it. Returns the script to run instead when a command cannot run here (a grep
 * of too many patterns).
 */
export function respellOptions(ast: unknown): string | undefined {
  try {
    visitNodes(ast, (node) => {
      if (node.type === 'SimpleCommand') respellCommand(node as unknown as SimpleCommandNode);
      return false;
    });
  } catch (caught) {
    if (!(caught instanceof TooManyPatterns)) throw caught;
    return tooManyPatternsScript(caught.count);
  }
  return undefined;
}

function tooManyPatternsScript(count: number): string {
  const given = count.toLocaleString('en-US');
  const limit = MAX_GREP_PATTERNS.toLocaleString('en-US');
  return refusalScript(
    `grep: ${given} patterns in one command, over the limit of ${limit} in this shell, whose grep takes time that grows with the square of their number; nothing ran. Split them over several greps of at most ${limit} patterns.`,
  );
}

function respellCommand(command: SimpleCommandNode): void {
  const name = staticText(command.name);
  if (name !== undefined) command.args = respellArguments(name, command.args);
}

/** How many commands deep `xargs xargs …` is respelled; a longer chain is left as written. */
const MAX_XARGS_NESTING = 8;

/**
 * The arguments of command `name`, respelled where just-bash would read them otherwise. `nesting`
 * counts the xargs this command runs under.
 */
function respellArguments(name: string, args: WordNode[], nesting = 0): WordNode[] {
  switch (name) {
    case 'grep':
    case 'egrep':
    case 'fgrep':
      return grepArguments(args);
    case 'xargs':
      return nesting < MAX_XARGS_NESTING ? xargsArguments(args, nesting) : args;
    case 'paste':
      return pasteArguments(args);
    case 'awk':
      return awkArguments(args);
    case 'sed':
      return sedArguments(args);
    default:
      return args;
  }
}

/** Color options that change nothing when the output is not a terminal; just-bash refuses them. */
const GREP_NO_COLOR = /^--colou?r(=(never|auto))?$/;
/** grep's options that take the next word as their value. */
const GREP_VALUE_OPTIONS = new Set(['-A', '-B', '-C', '-m', '-f', '-d', '-D']);
/** `-e` alone, after flags (`-ie`), or with its pattern attached (`-eTODO`, `-ne'x'`). */
const GREP_PATTERN_OPTION = /^-([abcHhIiLlnoqRrsUvwxzZEFGP]*)e/;

/**
 * grep with every pattern (`-e`, `--regexp`) given as one `-e`, the patterns one per line, and without
 * `--color=never` or `=auto`.
 */
function grepArguments(args: WordNode[]): WordNode[] {
  const kept: WordNode[] = [];
  const patterns: WordNode[] = [];
  let patternsAt = -1;
  for (let index = 0; index < args.length; index++) {
    const word = args[index] as WordNode;
    const lead = leadingLiteral(word);
    if (lead === '--') {
      kept.push(...args.slice(index));
      break;
    }
    if (GREP_NO_COLOR.test(staticText(word) ?? '')) continue;
    const found = grepPattern(word, lead, args[index + 1]);
    // `-e` as the last word has no pattern: left for grep to refuse.
    if (!found?.pattern) {
      kept.push(word);
      if (GREP_VALUE_OPTIONS.has(staticText(word) ?? '') && index + 1 < args.length) {
        kept.push(args[++index] as WordNode);
      }
      continue;
    }
    if (found.flags) kept.push(found.flags);
    if (patternsAt < 0) patternsAt = kept.length;
    patterns.push(found.pattern);
    if (found.tookNext) index++;
  }
  if (patternsAt < 0) return kept.length === args.length ? args : kept;
  if (patterns.length > MAX_GREP_PATTERNS) throw new TooManyPatterns(patterns.length);
  kept.splice(
    patternsAt,
    0,
    { type: 'Word', parts: [{ type: 'Literal', value: '-e' }] },
    joinLines(patterns),
  );
  return kept;
}

interface GrepPattern {
  flags?: WordNode;
  pattern?: WordNode;
  tookNext: boolean;
}

/** The pattern `word` gives (with `next` when it is given apart), or `undefined` for another word. */
function grepPattern(word: WordNode, lead: string, next: WordNode | undefined): GrepPattern | undefined {
  if (lead === '--regexp' && word.parts.length === 1) return { pattern: next, tookNext: true };
  if (lead.startsWith('--regexp=')) return { pattern: withoutPrefix(word, 9) ?? quoted(''), tookNext: false };
  const match = GREP_PATTERN_OPTION.exec(lead);
  if (!match) return undefined;
  const flags = match[1] ? quoted(`-${match[1]}`) : undefined;
  const attached = withoutPrefix(word, match[0].length);
  return attached ? { flags, pattern: attached, tookNext: false } : { flags, pattern: next, tookNext: true };
}

/** The words as one, a newline between each: GNU grep's reading of several patterns. */
function joinLines(words: readonly WordNode[]): WordNode {
  const parts: Part[] = [];
  words.forEach((word, index) => {
    if (index > 0) parts.push({ type: 'SingleQuoted', value: '\n' });
    parts.push(...word.parts);
  });
  return { type: 'Word', parts: parts.length > 0 ? parts : [{ type: 'SingleQuoted', value: '' }] };
}

/** The long names of xargs's options with a value, and their letters. */
const XARGS_LONG_OPTIONS: Readonly<Record<string, string>> = {
  '--max-args': '-n',
  '--replace': '-I',
  '--max-procs': '-P',
  '--delimiter': '-d',
};
/** Flags, then an option that takes a value, attached or not: `-n1`, `-0n1`, `-I{}`, `-d'\n'`, `-n`. */
const XARGS_ATTACHED = /^-([0rt]*)([nIPd])/;

/** xargs with each option's value a word of its own, and the command it runs respelled. */
function xargsArguments(args: WordNode[], nesting: number): WordNode[] {
  const out: WordNode[] = [];
  for (let index = 0; index < args.length; index++) {
    const word = args[index] as WordNode;
    const lead = leadingLiteral(word);
    if (lead === '--' && word.parts.length === 1)
      return [...out, ...xargsCommand(args.slice(index + 1), nesting)];
    if (!lead.startsWith('-') || lead === '-') return [...out, ...xargsCommand(args.slice(index), nesting)];
    const spelled = xargsOption(word, lead);
    out.push(...spelled.words);
    if (spelled.takesNext && index + 1 < args.length) out.push(args[++index] as WordNode);
  }
  return out;
}

/** One xargs option as words just-bash reads, and whether the next word is its value. */
function xargsOption(word: WordNode, lead: string): { words: WordNode[]; takesNext: boolean } {
  const text = staticText(word);
  if (text === '-i' || text === '--replace') return { words: [quoted('-I'), quoted('{}')], takesNext: false };
  const [long = '', value] = lead.split('=', 2);
  const short = XARGS_LONG_OPTIONS[long];
  if (short && value !== undefined) {
    return { words: [quoted(short), withoutPrefix(word, long.length + 1) ?? quoted('')], takesNext: false };
  }
  if (short && text === long) return { words: [quoted(short)], takesNext: true };
  const match = XARGS_ATTACHED.exec(lead);
  if (!match) return { words: [word], takesNext: false };
  const flags = match[1] ? [quoted(`-${match[1]}`)] : [];
  const attached = withoutPrefix(word, match[0].length);
  return { words: [...flags, quoted(`-${match[2]}`), ...(attached ? [attached] : [])], takesNext: !attached };
}

/** The command xargs runs, its own options respelled. */
function xargsCommand(words: WordNode[], nesting: number): WordNode[] {
  const [name, ...rest] = words;
  const text = staticText(name);
  return name && text !== undefined ? [name, ...respellArguments(text, rest, nesting + 1)] : words;
}

/** paste with `-` (stdin) when it names no file: just-bash otherwise prints its usage and reads nothing. */
function pasteArguments(args: WordNode[]): WordNode[] {
  for (let index = 0; index < args.length; index++) {
    const text = staticText(args[index] as WordNode);
    if (text === undefined || text === '-' || !text.startsWith('-')) return args;
    if (text === '--') return index + 1 < args.length ? args : [...args, quoted('-')];
    // `-d` or `-sd` alone, or `--delimiters`, takes the next word as the delimiters.
    if (/^-s?d$|^--delimiters$/.test(text)) index++;
  }
  return [...args, quoted('-')];
}

/** awk's variables that `-v` did not set in just-bash. */
const AWK_SPECIAL_VARIABLES = new Set(['FS', 'OFS', 'ORS', 'SUBSEP', 'OFMT', 'CONVFMT']);
/** What a special variable is passed as, so `-v` sets it and the BEGIN rule copies it over. */
const AWK_CARRIER_PREFIX = '__respelled_';
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=/;

/**
 * awk with its special variables set by a BEGIN rule put first in the program, the assignments that
 * precede its files (`awk '…' OFS=, file`) made `-v` options, and a bare `length` called. Left as
 * written when the program comes from a file (`-f`).
 */
function awkArguments(args: WordNode[]): WordNode[] {
  const options: WordNode[] = [];
  let index = 0;
  for (; index < args.length; index++) {
    const word = args[index] as WordNode;
    const text = staticText(word) ?? '';
    if (text === '--' || !text.startsWith('-') || text === '-') break;
    if (text.startsWith('-f') || text.startsWith('--file')) return args;
    const attached = text.startsWith('-v') ? withoutPrefix(word, 2) : undefined;
    if (attached) options.push(quoted('-v'), attached);
    else options.push(word);
    if ((text === '-F' || text === '-v') && index + 1 < args.length) options.push(args[++index] as WordNode);
  }
  const program = args[staticText(args[index]) === '--' ? index + 1 : index];
  if (!program) return args;
  const operands = args.slice(args.indexOf(program) + 1);
  const leading = operands.findIndex((word) => !ASSIGNMENT.test(leadingLiteral(word)));
  const assignments = leading < 0 ? operands : operands.slice(0, leading);
  for (const assignment of assignments) options.push(quoted('-v'), assignment);
  const files = operands.slice(assignments.length);
  const called = withLengthCalled(program);
  const respelled = withSpecialVariables(options, called ?? program, files);
  if (respelled) return respelled;
  return assignments.length > 0 || called ? [...options, called ?? program, ...files] : args;
}

/**
 * `length` not followed by `(`, outside the program's strings, regular expressions and comments, which
 * the first three groups keep as they are. A `/` starts a regular expression where an operand may start
 * (at the start, after `(`, `,`, `{`, `;`, `!`, `~`, `&&`, `||`, a comparison, `?`, `:` or a line end);
 * elsewhere it divides. Without the regular expressions, `awk '/"/{} {s="length"}'` read the quote in
 * `/"/` as the start of a string and respelled the string's `length`.
 */
// The character before a regular expression is matched, not looked behind for: a lookbehind over
// `\s*` scanned the whole run of blanks again at every position (40,000 blanks: 4.5 s).
const BARE_LENGTH =
  /("(?:[^"\\\n]|\\.)*")|((?:^|[(,{};!~&|=<>?:\n])\s*\/(?:[^/\\\n[]|\\.|\[(?:[^\]\\\n]|\\.)*\])*\/)|(#[^\n]*)|\blength\b(?!\s*\()/g;

/**
 * The program with each bare `length` (the length of the line, `awk 'length > 80'`) written
 * `length()`, which just-bash reads the same way; it read a bare `length` as an empty variable.
 * `undefined` when there is no bare `length`.
 */
function withLengthCalled(program: WordNode): WordNode | undefined {
  let changed = false;
  const call = (text: string): string =>
    text.replace(BARE_LENGTH, (match, string?: string, regex?: string, comment?: string) => {
      if (string !== undefined || regex !== undefined || comment !== undefined) return match;
      changed = true;
      return 'length()';
    });
  const parts = program.parts.map((part) => {
    if (part.type === 'SingleQuoted' || part.type === 'Literal') return { ...part, value: call(part.value) };
    if (part.type !== 'DoubleQuoted') return part;
    const inner = part.parts.map((piece) =>
      piece.type === 'Literal' ? { ...piece, value: call(piece.value) } : piece,
    );
    return { ...part, parts: inner };
  });
  return changed ? { ...program, parts } : undefined;
}

/**
 * The options with each special variable carried under another name, the program then setting it;
 * `undefined` when no option sets a special variable.
 */
function withSpecialVariables(
  options: WordNode[],
  program: WordNode,
  files: WordNode[],
): WordNode[] | undefined {
  const names: string[] = [];
  const carried = options.map((word, index) => {
    const assigned = index > 0 ? assignedSpecial(options[index - 1] as WordNode, word) : undefined;
    if (!assigned) return word;
    names.push(assigned);
    return prefixed(AWK_CARRIER_PREFIX, word);
  });
  if (names.length === 0) return undefined;
  const copies = names.map((name) => `${name} = ${AWK_CARRIER_PREFIX}${name}`).join('; ');
  return [...carried, prefixed(`BEGIN { ${copies} }\n`, program), ...files];
}

/** The special variable `word` assigns when it is the value of `-v` (`option`), else `undefined`. */
function assignedSpecial(option: WordNode, word: WordNode): string | undefined {
  if (staticText(option) !== '-v') return undefined;
  const name = ASSIGNMENT.exec(leadingLiteral(word))?.[1];
  return name && AWK_SPECIAL_VARIABLES.has(name) ? name : undefined;
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
function sedArguments(args: WordNode[]): WordNode[] {
  const scripts = sedScriptPositions(args);
  if (scripts.length === 0) return args;
  let changed = false;
  const out = args.map((word, index) => {
    if (!scripts.includes(index)) return word;
    const match = SED_ONE_LINE_TEXT.exec(staticText(word) ?? '');
    if (!match) return word;
    changed = true;
    return quoted(`${match[1]} ${match[2]}`);
  });
  return changed ? out : args;
}

/** Where sed's scripts are: the values of `-e` and `--expression`, else its first operand. */
function sedScriptPositions(args: WordNode[]): number[] {
  const positions: number[] = [];
  let firstOperand = -1;
  for (let index = 0; index < args.length; index++) {
    const text = staticText(args[index] as WordNode);
    if (text === undefined || text === '-' || !text.startsWith('-')) {
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
