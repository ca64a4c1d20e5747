/**
 * `wc` with its counts in GNU's columns. just-bash's wc pads counts to a width of its own (3 columns
 * and more for several files, none for standard input), so `grep x f | wc -lw` printed `1 2` where
 * GNU prints `      1       2`, `wc -l a b` printed `  1 a`, GNU `1 a`, and a script that cut the
 * line at a column or compared it with what GNU printed got another answer, exit 0.
 *
 * GNU's rule (coreutils `compute_number_width`), kept here:
 *
 * - one count of one input (`wc -l f`, `… | wc -l`): no padding;
 * - otherwise as many columns as the digits of the total size of the regular files read (one that
 *   cannot be read counts for nothing), and at least 7 when an input is not a regular file (standard
 *   input, which the embedded shell always gives as a pipe would, a directory, or a device under
 *   /dev).
 *
 * Imports only just-bash's types.
 */
import type { Command } from 'just-bash';

type Context = Parameters<Command['execute']>[1];

/** The count options, each a column of wc's output. */
const SHORT_COUNTS = new Set(['c', 'm', 'l', 'w', 'L']);
const LONG_COUNTS: Record<string, string> = {
  '--bytes': 'c',
  '--chars': 'm',
  '--lines': 'l',
  '--words': 'w',
  '--max-line-length': 'L',
};

/** How many columns of counts wc prints, and what it reads; `undefined` for options it does not know. */
function wcWords(args: readonly string[]): { columns: number; inputs: string[] } | undefined {
  const counts = new Set<string>();
  const inputs: string[] = [];
  let options = true;
  for (const arg of args) {
    if (options && arg === '--') options = false;
    else if (options && arg.startsWith('--')) {
      const count = LONG_COUNTS[arg];
      if (count === undefined) return undefined;
      counts.add(count);
    } else if (options && arg.startsWith('-') && arg !== '-') {
      for (const letter of arg.slice(1)) {
        if (!SHORT_COUNTS.has(letter)) return undefined;
        counts.add(letter);
      }
    } else inputs.push(arg);
  }
  return { columns: counts.size || 3, inputs: inputs.length > 0 ? inputs : ['-'] };
}

/** The width GNU's wc gives each count for these inputs. */
async function countWidth(columns: number, inputs: readonly string[], context: Context): Promise<number> {
  if (columns === 1 && inputs.length === 1) return 1;
  let total = 0;
  let minimum = 1;
  for (const input of inputs) {
    if (input === '-') {
      minimum = 7;
      continue;
    }
    const path = context.fs.resolvePath(context.cwd, input);
    const stat = await context.fs.stat(path).catch(() => undefined);
    // An input that cannot be read counts for nothing; just-bash keeps /dev/null and /dev/zero as
    // files, where on Linux they are devices.
    if (stat === undefined) continue;
    if (stat.isFile && !path.startsWith('/dev/')) total += stat.size;
    else minimum = 7;
  }
  return Math.max(String(total).length, minimum);
}

/** just-bash's output lines with their counts put in `width` columns; the name after them kept. */
function repad(stdout: string, columns: number, width: number): string {
  const line = new RegExp(`^ *(\\d+)${' +(\\d+)'.repeat(columns - 1)}( .*)?$`, 'gm');
  return stdout.replace(line, (...match: unknown[]) => {
    const counts = match.slice(1, columns + 1) as string[];
    const name = (match[columns + 1] as string | undefined) ?? '';
    return counts.map((count) => count.padStart(width)).join(' ') + name;
  });
}

/** The operands of `wc -l` that counts lines alone (`-l`, `--lines`), or `undefined` for any other wc. */
function linesOnly(args: readonly string[]): string[] | undefined {
  const operands: string[] = [];
  let options = true;
  for (const arg of args) {
    if (options && arg === '--') options = false;
    else if (options && (arg === '-l' || arg === '--lines')) continue;
    else if (options && arg.startsWith('-') && arg !== '-') return undefined;
    else operands.push(arg);
  }
  return args.some((arg) => arg === '-l' || arg === '--lines') ? operands : undefined;
}

/** The newlines in `text`: one `indexOf` per line, where just-bash's wc visits every character. */
function newlines(text: string | Uint8Array): number {
  let count = 0;
  // A string's indexOf takes a string, a byte array's a byte: both find "\n".
  const newline = (typeof text === 'string' ? '\n' : 10) as never;
  for (let at = text.indexOf(newline); at !== -1; at = text.indexOf(newline, at + 1)) count++;
  return count;
}

type Result = Awaited<ReturnType<Command['execute']>>;

/**
 * `wc -l`'s counts, each input's newlines counted by {@link newlines} (100,000 lines: about a tenth of
 * the time of just-bash's wc, which counts words and characters as well, one character at a time); its
 * lines as GNU prints them, a directory counted 0 with GNU's complaint and exit 1. `undefined` when an
 * input does not exist, so that just-bash's wc runs and says so.
 */
async function countedLines(operands: readonly string[], context: Context): Promise<Result | undefined> {
  const inputs = operands.length > 0 ? operands : ['-'];
  const counts: number[] = [];
  let stderr = '';
  for (const input of inputs) {
    if (input === '-') counts.push(newlines(String(context.stdin ?? '')));
    else {
      const path = context.fs.resolvePath(context.cwd, input);
      const stat = await context.fs.stat(path).catch(() => undefined);
      if (stat === undefined) return undefined;
      if (stat.isDirectory) stderr += `wc: ${input}: Is a directory\n`;
      counts.push(stat.isDirectory ? 0 : newlines(await context.fs.readFileBuffer(path)));
    }
  }
  const names = operands.length > 0 ? [...inputs] : [''];
  if (inputs.length > 1) {
    counts.push(counts.reduce((sum, count) => sum + count, 0));
    names.push('total');
  }
  const width = await countWidth(1, inputs, context);
  const stdout = counts
    .map((count, at) => `${String(count).padStart(width)}${names[at] ? ` ${names[at]}` : ''}\n`)
    .join('');
  return { stdout, stderr, exitCode: stderr === '' ? 0 : 1 };
}

/** `wc` whose counts are padded as GNU's are, and whose `wc -l` counts lines alone. */
export function withGnuCountWidths(wc: Command): Command {
  return {
    ...wc,
    async execute(args, context) {
      const operands = linesOnly(args);
      const counted = operands && (await countedLines(operands, context));
      if (counted !== undefined) return counted;
      const result = await wc.execute(args, context);
      const words = wcWords(args);
      if (typeof result.stdout !== 'string' || result.stdout === '' || words === undefined) return result;
      const width = await countWidth(words.columns, words.inputs, context);
      return { ...result, stdout: repad(result.stdout, words.columns, width) };
    },
  };
}
