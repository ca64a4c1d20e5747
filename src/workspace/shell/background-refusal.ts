/**
 * Background jobs (`cmd &`). just-bash runs a statement ended with `&` in the foreground, to its end,
 * before the next statement starts, and in the script's own shell rather than a subshell:
 * `(sleep 0.2; echo late) & echo early; wait` printed `late` before `early`, `$!` was 0, a server
 * started with `&` held the call until its timeout, and `{ …; exit 3; } &` ended the script. The exit
 * status was 0 and nothing said so.
 *
 * Jobs that are waited for at once run, one after another: a statement ended with `&` followed in its
 * list only by other such statements before a `wait` with no arguments (`a & b & wait`), or ending the
 * body of a loop that is itself waited for at once (`for f in *; do work "$f" & done; wait`). Nothing
 * of the script runs between the jobs and the wait, so running them in turn is one of the orders bash
 * could give. Each such job is respelled to `( job ) || :` before the script runs: a subshell, as
 * bash runs it, whose status neither sets `$?` nor stops a `set -e` script, as a job's does not.
 *
 * Any other `&` is refused: the script is replaced by one that says why on stderr and exits 2 (as for
 * a script bash cannot read), and the model drops the `&`, which gives the same result in the order it
 * is written. So is a script with jobs that reads `$!` or waits for one job (`wait $!`): their PIDs and
 * statuses are not kept.
 *
 * On the WebContainer backend a program ended with `&` (`npm run dev &`) is started in the background
 * before the script gets here (webcontainer/shell-jobs.ts) and is no longer a background statement; any
 * other `&` is handled as here. A script run with `bash -c` is handled in its own shell.
 * Imports script-tree.ts; the caller hands over each freshly parsed script and parses the replacement.
 */
import type { ScriptTreeNode } from './script-tree.ts';

/** The refusal of a script with `&`. Model-facing: tests pin every word. */
export const BACKGROUND_REFUSAL =
  'bash: background jobs (&) are not supported in this shell: a command ended with & would run to its end before the next command starts, so the output would come in another order than in bash; nothing ran. Drop the & (and the wait): the commands then run one after another.';

interface Statement {
  type: 'Statement';
  background?: boolean;
  pipelines?: { commands?: ScriptTreeNode[] }[];
}

/** Loops whose body's last job is waited for when the loop is. */
const LOOPS = new Set(['For', 'CStyleFor', 'While', 'Until']);

/**
 * Respells, in place, each job of the tree that is waited for at once (see the file comment), and
 * returns the script to run instead when another `&` remains. `parse` parses text as just-bash does.
 */
export function backgroundRefusal(ast: unknown, parse: (text: string) => unknown): string | undefined {
  const jobs: Statement[] = [];
  if (!collectJobs(ast, false, jobs)) return `echo '${BACKGROUND_REFUSAL}' >&2; exit 2`;
  if (jobs.length > 0 && JSON.stringify(ast).includes('"parameter":"!"'))
    return `echo '${BACKGROUND_REFUSAL}' >&2; exit 2`;
  for (const job of jobs) runInSubshell(job, parse);
  return undefined;
}

/**
 * Walks `node`, adding to `jobs` the background statements that are waited for at once; `false` when
 * one is not. `waitedAtEnd`: whether a job that ends the list `node` holds is waited for.
 */
function collectJobs(node: unknown, waitedAtEnd: boolean, jobs: Statement[]): boolean {
  if (typeof node !== 'object' || node === null) return true;
  if (Array.isArray(node) && node.every(isStatement)) return collectInList(node, waitedAtEnd, jobs);
  const record = node as ScriptTreeNode;
  const inherits = LOOPS.has(String(record.type)) && waitedAtEnd;
  return Object.entries(record).every(([key, value]) => collectJobs(value, inherits && key === 'body', jobs));
}

/** {@link collectJobs} over a list of statements. */
function collectInList(list: readonly Statement[], waitedAtEnd: boolean, jobs: Statement[]): boolean {
  return list.every((statement, at) => {
    const waited = waitedFrom(list, at + 1, waitedAtEnd);
    if (statement.background) {
      if (!waited) return false;
      jobs.push(statement);
    }
    // A loop's body inherits whether what follows the loop waits.
    return (statement.pipelines ?? []).every((pipeline) =>
      (pipeline.commands ?? []).every((command) => collectJobs(command, waited, jobs)),
    );
  });
}

/** Whether, from `from` on, the list holds only jobs or loops of jobs before a `wait` with no arguments. */
function waitedFrom(list: readonly Statement[], from: number, waitedAtEnd: boolean): boolean {
  for (const statement of list.slice(from)) {
    if (statement.background) continue;
    const [pipeline, ...others] = statement.pipelines ?? [];
    const [command, ...rest] = pipeline?.commands ?? [];
    if (others.length > 0 || rest.length > 0 || !command) return false;
    if (LOOPS.has(String(command.type))) continue;
    return isWaitForAll(command);
  }
  return waitedAtEnd;
}

function isWaitForAll(command: ScriptTreeNode): boolean {
  const name = command.name as { parts?: { type?: string; value?: unknown }[] } | null | undefined;
  const [part, ...others] = name?.parts ?? [];
  const args = command.args as unknown[] | undefined;
  return command.type === 'SimpleCommand' && others.length === 0 && part?.value === 'wait' && !args?.length;
}

function isStatement(node: unknown): node is Statement {
  return (node as { type?: unknown } | null)?.type === 'Statement';
}

/** `job &` becomes `( job ) || :`: a subshell whose status neither sets `$?` nor stops `set -e`. */
function runInSubshell(job: Statement, parse: (text: string) => unknown): void {
  const replacement = (parse('( : ) || :') as { statements: Statement[] }).statements[0] as Statement;
  const subshell = replacement.pipelines?.[0]?.commands?.[0] as { body?: unknown[] } | undefined;
  if (!subshell?.body) throw new Error('No subshell in the replacement of a background job.');
  // The job inside, without its text: `set -v` prints the statement's text once, for the statement.
  const { sourceText: _text, ...inner } = job as Statement & { sourceText?: unknown };
  subshell.body = [{ ...inner, background: false }];
  // In place, keeping the text the job was written as (`set -v` prints it).
  const { sourceText } = job as { sourceText?: unknown };
  Object.assign(job, replacement, sourceText === undefined ? {} : { sourceText });
}
