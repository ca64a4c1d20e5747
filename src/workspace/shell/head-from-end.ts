/**
 * `head -n -N` and `head -c -N`: all but the last N lines or bytes, GNU's way to drop a trailer
 * (`head -n -1` before a summary line, `head -c -1` to cut a final newline). just-bash's head refused
 * the negative count with "invalid number of lines" (exit 1), so a script stopped there. Here the input
 * is read whole and cut (cut-inputs.ts: GNU's headers for several inputs, and its complaint for one that
 * cannot be read). Any other head is just-bash's own. Imports cut-inputs.ts.
 */
import type { Command } from 'just-bash';
import { printCutInputs } from './cut-inputs.ts';

/** What `head` was asked for, when it is a count from the end. */
interface FromEnd {
  unit: 'lines' | 'bytes';
  count: number;
  files: string[];
  headers: boolean | undefined;
}

/** The value of `-n`/`-c` in `arg` (or the next argument), with its unit; `undefined` for another option. */
function countOption(
  args: readonly string[],
  at: number,
): { unit: FromEnd['unit']; value: string | undefined; used: number } | undefined {
  const arg = args[at] as string;
  for (const [unit, short, long] of [
    ['lines', '-n', '--lines'],
    ['bytes', '-c', '--bytes'],
  ] as const) {
    if (arg === short || arg === long) return { unit, value: args[at + 1], used: 2 };
    if (arg.startsWith(short)) return { unit, value: arg.slice(short.length), used: 1 };
    if (arg.startsWith(`${long}=`)) return { unit, value: arg.slice(long.length + 1), used: 1 };
  }
  return undefined;
}

/** `head`'s arguments read as a count from the end, or `undefined` for any other head. */
function fromEnd(args: readonly string[]): FromEnd | undefined {
  let asked: Pick<FromEnd, 'unit' | 'count'> | undefined;
  let headers: boolean | undefined;
  const files: string[] = [];
  for (let at = 0; at < args.length; ) {
    const arg = args[at] as string;
    const option = arg === '-' || !arg.startsWith('-') ? undefined : countOption(args, at);
    if (option) {
      // A later count wins, as in GNU's head; only a negative one is this file's.
      asked = /^-\d+$/.test(option.value ?? '')
        ? { unit: option.unit, count: -Number(option.value) }
        : undefined;
      at += option.used;
      continue;
    }
    if (arg === '-q' || arg === '--quiet' || arg === '--silent') headers = false;
    else if (arg === '-v' || arg === '--verbose') headers = true;
    else if (arg === '-' || !arg.startsWith('-')) files.push(arg);
    else return undefined;
    at++;
  }
  return asked && { ...asked, files, headers };
}

/** `text` without its last `count` lines (a last line without its newline counts as one) or bytes. */
function allButTheLast(text: string, { unit, count }: Pick<FromEnd, 'unit' | 'count'>): string {
  if (unit === 'bytes') return text.slice(0, Math.max(text.length - count, 0));
  let end = text.length;
  // The last line ends at the text's end, with or without a newline.
  if (text.endsWith('\n')) end -= 1;
  for (let dropped = 0; dropped < count && end >= 0; dropped++) end = text.lastIndexOf('\n', end - 1);
  return end < 0 ? '' : text.slice(0, end + 1);
}

/** `head` wrapped: see the file comment. */
export function withCountsFromEnd(head: Command, cat: Command): Command {
  return {
    ...head,
    async execute(args, context) {
      const asked = fromEnd(args);
      if (!asked) return head.execute(args, context);
      const { files, headers } = asked;
      return printCutInputs(
        { name: 'head', files, headers, cut: (text) => allButTheLast(text, asked) },
        cat,
        context,
      );
    },
  };
}
