/**
 * `xargs` on empty input runs its command once, without arguments, as GNU's xargs does unless `-r`:
 * just-bash's xargs ran nothing and exited 0, so `find . -name '*.tmp' | xargs rm` with nothing found
 * passed silently where GNU's says `rm: missing operand` and exits 123, and `… | xargs echo done` printed
 * nothing. The run goes through the shell's `exec`, as just-bash's xargs runs each command, and its status
 * is GNU's (xargs-lines.ts). With `-I` (a command per input line, none without one) or `-d` it is left to
 * just-bash. Imports xargs-lines.ts.
 */
import type { Command } from 'just-bash';
import { afterCommand } from './xargs-lines.ts';

type Context = Parameters<Command['execute']>[1];
type Result = Awaited<ReturnType<Command['execute']>>;

/** The command xargs would run (default `echo`), or `undefined` when this file leaves xargs alone. */
function commandOnEmptyInput(args: readonly string[]): { words: string[]; nul: boolean } | undefined {
  let nul = false;
  for (let at = 0; at < args.length; at++) {
    const arg = args[at] as string;
    if (arg === '-n' || arg === '-P') at++;
    else if (arg === '-I' || arg === '-d' || arg === '--no-run-if-empty') return undefined;
    else if (/^-[0rt]+$/.test(arg)) {
      if (arg.includes('r')) return undefined;
      nul ||= arg.includes('0');
    } else if (arg === '--null') nul = true;
    else if (arg.startsWith('-') && arg !== '-') return undefined;
    else return { words: args.slice(at), nul };
  }
  return { words: ['echo'], nul };
}

/** Whether `input` holds no item: only blanks, or (with `-0`) only NULs. */
function holdsNoItem(input: string, nul: boolean): boolean {
  return nul ? /^\0*$/.test(input) : /^\s*$/.test(input);
}

/** `name` as one shell word, whatever it holds. */
const quoted = (name: string): string => `'${name.replaceAll("'", "'\\''")}'`;

async function runOnce(words: string[], context: Context): Promise<Result | undefined> {
  if (!context.exec) return undefined;
  const [name = 'echo', ...rest] = words;
  const result = await context.exec(quoted(name), { cwd: context.cwd, signal: context.signal, args: rest });
  const { status, notice } = afterCommand(result.exitCode, name);
  return { stdout: result.stdout, stderr: result.stderr + notice, exitCode: status };
}

/** `xargs` wrapped: see the file comment. */
export function withEmptyInputRun(xargs: Command): Command {
  return {
    ...xargs,
    async execute(args, context) {
      const command = commandOnEmptyInput(args);
      if (!command || !holdsNoItem(String(context.stdin ?? ''), command.nul))
        return xargs.execute(args, context);
      return (await runOnce(command.words, context)) ?? xargs.execute(args, context);
    },
  };
}
