/**
 * What `head` and `tail` print when their wrappers answer instead of just-bash's (a count from the end,
 * bytes from the start): each input read whole through just-bash's `cat` and cut, under GNU's
 * `==> name <==` headers, with GNU's complaint for an input that cannot be read. Imports only just-bash's
 * types.
 */
import type { Command } from 'just-bash';

type Context = Parameters<Command['execute']>[1];
type Result = Awaited<ReturnType<Command['execute']>>;

/** How the inputs are printed: the command's name for its complaints, whether headers are wanted. */
export interface CutInputs {
  name: 'head' | 'tail';
  /** The operands; none reads standard input. */
  files: readonly string[];
  /** `-v` (true), `-q` (false), or neither: headers when there are several inputs. */
  headers: boolean | undefined;
  /** The part of an input's text that is printed. */
  cut: (text: string) => string;
}

/** Each input of `asked` read with `cat` and cut, as GNU's head and tail print them. */
export async function printCutInputs(asked: CutInputs, cat: Command, context: Context): Promise<Result> {
  const inputs = asked.files.length > 0 ? asked.files : ['-'];
  const headers = asked.headers ?? inputs.length > 1;
  let stdout = '';
  let stderr = '';
  for (const input of inputs) {
    const read = await cat.execute([input], context);
    if (read.exitCode !== 0) {
      const reason = /: ([^:\n]+)\n?$/.exec(read.stderr)?.[1] ?? 'No such file or directory';
      stderr += `${asked.name}: cannot open '${input}' for reading: ${reason}\n`;
      continue;
    }
    const name = input === '-' ? 'standard input' : input;
    // GNU puts a blank line between the files it printed, not before the first.
    if (headers) stdout += `${stdout === '' ? '' : '\n'}==> ${name} <==\n`;
    stdout += asked.cut(String(read.stdout));
  }
  return { stdout, stderr, exitCode: stderr === '' ? 0 : 1, stdoutKind: 'bytes' };
}
