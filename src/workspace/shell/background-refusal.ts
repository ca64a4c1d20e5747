/**
 * Background jobs (`cmd &`), refused. just-bash runs a statement ended with `&` in the foreground, to
 * its end, before the next statement starts: `(sleep 0.2; echo late) & echo early; wait` printed
 * `late` before `early`, `$!` was 0, and a server started with `&` held the call until its timeout.
 * The exit status was 0 and nothing said so, so a script that uses `&` is not run: it is replaced by
 * one that says why on stderr and exits 2 (as for a script bash cannot read), and the model drops the
 * `&`, which gives the same result in the order it is written. Accepting `&` with a notice was the
 * other choice; it would still print in another order than bash and wait where bash does not.
 *
 * On the WebContainer backend a program ended with `&` (`npm run dev &`) is started in the background
 * before the script gets here (webcontainer/shell-jobs.ts) and is no longer a background statement; any
 * other `&` is refused as here. A script run with `bash -c` is refused in its own shell.
 * Imports script-tree.ts; the caller hands over each freshly parsed script and parses the replacement.
 */
import { visitNodes } from './script-tree.ts';

/** The refusal of a script with `&`. Model-facing: tests pin every word. */
export const BACKGROUND_REFUSAL =
  'bash: background jobs (&) are not supported in this shell: a command ended with & would run to its end before the next command starts, so the output would come in another order than in bash; nothing ran. Drop the & (and the wait): the commands then run one after another.';

/** The script that runs instead of `ast` when it puts a command in the background, or `undefined`. */
export function backgroundRefusal(ast: unknown): string | undefined {
  let found = false;
  visitNodes(ast, (node) => {
    found = node.type === 'Statement' && node.background === true;
    return found;
  });
  return found ? `echo '${BACKGROUND_REFUSAL}' >&2; exit 2` : undefined;
}
