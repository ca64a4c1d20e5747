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

/** `wc` whose counts are padded as GNU's are. */
export function withGnuCountWidths(wc: Command): Command {
  return {
    ...wc,
    async execute(args, context) {
      const result = await wc.execute(args, context);
      const words = wcWords(args);
      if (typeof result.stdout !== 'string' || result.stdout === '' || words === undefined) return result;
      const width = await countWidth(words.columns, words.inputs, context);
      return { ...result, stdout: repad(result.stdout, words.columns, width) };
    },
  };
}
