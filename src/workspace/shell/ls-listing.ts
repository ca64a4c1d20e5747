/**
 * `ls` over several files, printed as one listing as GNU prints it. just-bash's ls lists each operand
 * on its own with a blank line between them, files too, so `ls src/*.ts` came back with blank lines
 * and `ls *.txt | wc -l` counted them. When no operand is a directory, or `-d` lists directories by
 * name, the blank lines between the listings are dropped. Operands that include a directory to list
 * keep just-bash's output, whose blank lines then separate the directories as GNU's do (GNU would also
 * put the files first). Operands keep the order they were given in, which for a glob is sorted.
 * Imports only just-bash's types.
 */
import type { Command } from 'just-bash';

type Context = Parameters<Command['execute']>[1];

/** `ls` with its listings of several files joined; other commands as they are. */
export function withFileListingsJoined(ls: Command): Command {
  return {
    ...ls,
    async execute(args, context) {
      const result = await ls.execute(args, context);
      if (typeof result.stdout !== 'string' || !(await listsNamesOnly(args, context))) return result;
      return { ...result, stdout: result.stdout.replaceAll('\n\n', '\n') };
    },
  };
}

/** Whether ls is given two operands or more and lists none of them as a directory's contents. */
async function listsNamesOnly(args: readonly string[], context: Context): Promise<boolean> {
  const { options, operands } = splitArguments(args);
  if (operands.length < 2) return false;
  if (options.some((option) => option === '--directory' || /^-[^-]*d/.test(option))) return true;
  for (const operand of operands) {
    if (await isDirectory(context, operand)) return false;
  }
  return true;
}

function splitArguments(args: readonly string[]): { options: string[]; operands: string[] } {
  const end = args.indexOf('--');
  const before = end < 0 ? args : args.slice(0, end);
  const after = end < 0 ? [] : args.slice(end + 1);
  const isOption = (arg: string): boolean => arg.startsWith('-') && arg !== '-';
  return {
    options: before.filter(isOption),
    operands: [...before.filter((arg) => !isOption(arg)), ...after],
  };
}

/** Whether `operand` names a directory (through a symlink too); a missing one is not. */
async function isDirectory(context: Context, operand: string): Promise<boolean> {
  try {
    return (await context.fs.stat(context.fs.resolvePath(context.cwd, operand))).isDirectory;
  } catch {
    return false;
  }
}
