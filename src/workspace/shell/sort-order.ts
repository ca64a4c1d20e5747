/**
 * `sort` in the C locale's order, the order GNU's sort has in the containers agents run in. just-bash's
 * sort compares lines with `localeCompare`, the runtime's locale: in Node's, `_x .y a A B`; in a
 * browser, whatever the user's language sorts; GNU's in the C locale, by bytes: `.y A B _x a`. So
 * `sort | uniq -c | sort -rn | head` put ties in another order than GNU, and what `comm` and `join`
 * read as sorted was not. Nothing said so.
 *
 * When the order is the whole line's (no `-k`, `-t`, and none of `-f`, `-d`, `-b`, `-h`, `-V`, `-M`,
 * `-c`), just-bash's sort still reads the input and applies `-u`, and its lines are then put in byte
 * order (by code point, which is UTF-8's byte order): with `-n`, lines of equal value as just-bash reads
 * numbers, by bytes unless `-s`; `-r` reverses both. A keyed or folded sort is left to just-bash's
 * order, which docs/backends.md lists among the gaps. Imports only just-bash's types.
 */
import type { Command } from 'just-bash';

type Context = Parameters<Command['execute']>[1];

/** What the wrapper needs to know of a sort's options, or `undefined` when the order is not its own. */
interface WholeLineSort {
  numeric: boolean;
  reverse: boolean;
  stable: boolean;
  /** The file of `-o FILE`, written here after the reordering, and the arguments without it. */
  output: string | undefined;
  args: string[];
}

/** Letters of a short option group that keep the order the whole line's. */
const WHOLE_LINE_LETTERS = /^-[nrsu]+$/;
const LONG_OPTIONS: Record<string, string> = {
  '--numeric-sort': 'n',
  '--reverse': 'r',
  '--stable': 's',
  '--unique': 'u',
};

/** The sort's options, when it orders whole lines; `undefined` for any other sort. */
function wholeLineSort(args: readonly string[]): WholeLineSort | undefined {
  const sort: WholeLineSort = { numeric: false, reverse: false, stable: false, output: undefined, args: [] };
  for (let at = 0; at < args.length; at++) {
    const arg = args[at] ?? '';
    if (arg === '-o' || arg === '--output') {
      sort.output = args[++at];
      if (sort.output === undefined) return undefined;
    } else if (arg.startsWith('--output=')) sort.output = arg.slice('--output='.length);
    else if (arg.startsWith('-o') && !arg.startsWith('--')) sort.output = arg.slice(2);
    else if (arg === '--') return undefined;
    else if (arg.startsWith('-') && arg !== '-') {
      const letters = WHOLE_LINE_LETTERS.test(arg) ? arg.slice(1) : LONG_OPTIONS[arg];
      if (letters === undefined) return undefined;
      sort.numeric ||= letters.includes('n');
      sort.reverse ||= letters.includes('r');
      sort.stable ||= letters.includes('s');
      sort.args.push(arg);
    } else sort.args.push(arg);
  }
  return sort.output === '' ? undefined : sort;
}

/** Compares by code point: the order of the strings' UTF-8 bytes. */
function compareBytes(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let at = 0; at < length; at++) {
    const x = a.charCodeAt(at);
    const y = b.charCodeAt(at);
    if (x === y) continue;
    // A surrogate (0xD800–0xDFFF) starts a character above U+FFFF: it sorts after all of the BMP.
    const surrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdfff;
    if (surrogate(x) !== surrogate(y)) return surrogate(x) ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/** The comparison GNU's sort makes in the C locale for `sort`'s whole-line options. */
function cOrder(sort: WholeLineSort): (a: string, b: string) => number {
  // How just-bash's -n reads a line's number, so only the order of lines it counts equal changes.
  const value = (line: string): number => Number.parseFloat(line) || 0;
  const sign = sort.reverse ? -1 : 1;
  return (a, b) => {
    const primary = sort.numeric ? value(a) - value(b) : 0;
    if (primary !== 0) return sign * primary;
    return sort.stable && sort.numeric ? 0 : sign * compareBytes(a, b);
  };
}

/** `sort` wrapped: see the file comment. */
export function withCOrder(sortCommand: Command): Command {
  return {
    ...sortCommand,
    async execute(args, context) {
      const sort = wholeLineSort(args);
      if (!sort) return sortCommand.execute(args, context);
      const result = await sortCommand.execute(sort.args, context);
      if (result.exitCode !== 0 || typeof result.stdout !== 'string' || result.stdout === '') return result;
      const lines = result.stdout.slice(0, -1).split('\n').sort(cOrder(sort));
      const stdout = `${lines.join('\n')}\n`;
      if (sort.output === undefined) return { ...result, stdout };
      return writeOutput(context, sort.output, stdout);
    },
  };
}

/** `-o FILE`: the sorted text written to the file, as just-bash's sort writes it. */
async function writeOutput(
  context: Context,
  file: string,
  text: string,
): Promise<{
  stdout: string;
  stderr: string;
  exitCode: number;
}> {
  try {
    await context.fs.writeFile(context.fs.resolvePath(context.cwd, file), text);
    return { stdout: '', stderr: '', exitCode: 0 };
  } catch (caught) {
    const reason = caught instanceof Error ? caught.message : String(caught);
    return { stdout: '', stderr: `sort: cannot create ${file}: ${reason}\n`, exitCode: 2 };
  }
}
