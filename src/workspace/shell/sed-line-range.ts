/**
 * `sed -n 'A,Bp' FILE` (and `sed -n 'Ap' FILE`), the way models read a window of a long file, handed
 * to just-bash's own `head` and `tail`: `head -n B FILE | tail -n +A`, which print the same bytes.
 *
 * Why: just-bash's sed runs its whole cycle for every line of the file, a new state object each, with
 * nothing to stop at line B, so the window of lines 50,000 to 50,010 of a 100,000-line file took about
 * 1 s (GNU's sed: 10 ms). `head` finds line B with `indexOf` and `tail` line A in what head printed.
 *
 * Only that exact form is handed over: `-n` (or `--quiet`, `--silent`) and no other option, one script
 * that is a line number or two and `p`, and one file operand that exists and is not a directory (so
 * sed's own message still reports a missing one). Line 0 is left to sed, which refuses it as GNU's
 * does. As in GNU, a second number below the first prints line A alone. Anything else, and input
 * from a pipe, runs through sed as before. Imports only just-bash's types.
 */
import type { Command } from 'just-bash';

type Context = Parameters<Command['execute']>[1];

/** The lines a call asks for, and the file; `undefined` when the call is not that exact form. */
interface LineRange {
  first: number;
  last: number;
  file: string;
}

const QUIET = new Set(['-n', '--quiet', '--silent']);
const RANGE_SCRIPT = /^([0-9]+)(?:,([0-9]+))?p$/;

/** What `args` ask for, when they are `-n`, a range script and one file, in any order. */
export function lineRangeOf(args: readonly string[]): LineRange | undefined {
  let quiet = false;
  const operands: string[] = [];
  for (const arg of args) {
    if (QUIET.has(arg)) quiet = true;
    else if (arg.startsWith('-')) return undefined;
    else operands.push(arg);
  }
  const [script, file, extra] = operands;
  const match = script === undefined ? null : RANGE_SCRIPT.exec(script);
  if (!quiet || !match || file === undefined || extra !== undefined) return undefined;
  const first = Number(match[1]);
  const last = match[2] === undefined ? first : Math.max(first, Number(match[2]));
  if (first < 1 || !Number.isSafeInteger(last)) return undefined;
  return { first, last, file };
}

/** Whether `file` is a file sed could read: anything else is left to sed's own message. */
async function readable(context: Context, file: string): Promise<boolean> {
  try {
    return !(await context.fs.stat(context.fs.resolvePath(context.cwd, file))).isDirectory;
  } catch {
    return false;
  }
}

/**
 * `commands` (a call's own table, changed in place) with its `sed` running `sed -n 'A,Bp' FILE` as
 * `head -n B FILE | tail -n +A`.
 */
export function withSedLineRangesFast(commands: Map<string, Command>): Map<string, Command> {
  const sed = commands.get('sed');
  if (sed) commands.set('sed', withLineRangesFast(sed));
  return commands;
}

function withLineRangesFast(sed: Command): Command {
  return {
    ...sed,
    async execute(args, context) {
      const range = lineRangeOf(args);
      if (!range || !context.exec || !(await readable(context, range.file))) {
        return sed.execute(args, context);
      }
      // The file goes in as an argument of head, never through the shell's parser.
      return context.exec(`head -n ${range.last} | tail -n +${range.first}`, {
        cwd: context.cwd,
        args: [range.file],
      });
    },
  };
}
