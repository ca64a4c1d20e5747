/**
 * The exit status of a command that only assigns (`x=1`). bash gives it the status of the last command
 * substitution in it, or 0; just-bash left `$?` as the command before had set it, so `false; x=1; echo
 * $?` printed 1, a script ending `grep -q x f; found=no` failed with exit 1 (the bash tool reported an
 * error for a script that worked), and `false && true; x=1` stopped a `set -e` script.
 *
 * Before the script runs, each such command that holds no command substitution (whose status just-bash
 * already takes) gets a `:`, which sets the status to 0, before it: as a statement of its own, or in a
 * group with it (`{ :; x=1; }`) inside a list (`x=1 && …`). Before, so that `set -e` does not stop at
 * the assignment; after it instead when its value reads `$?` (`rc=$?`), which the `:` would change. A
 * script that turns on `set -x` is left as it is, since the added `:` would be traced. Imports
 * script-tree.ts.
 */
import { parsedCommand, type ScriptTreeNode, visitNodes } from './script-tree.ts';

interface Command {
  type: string;
  name?: unknown;
  assignments?: unknown[];
  redirections?: unknown[];
}

interface Pipeline {
  commands: Command[];
  negated?: boolean;
}

interface Statement {
  type: 'Statement';
  pipelines: Pipeline[];
  operators: unknown[];
  background?: boolean;
}

/** Whether `command` only assigns, with no command substitution or redirection: its status is 0. */
function onlyAssigns(command: Command | undefined): command is Command {
  return (
    command?.type === 'SimpleCommand' &&
    !command.name &&
    (command.assignments?.length ?? 0) > 0 &&
    (command.redirections?.length ?? 0) === 0 &&
    !JSON.stringify(command.assignments).includes('"CommandSubstitution"')
  );
}

/** A word that turns tracing on: `-x` (alone or among other letters), `-o xtrace`. */
const TRACING_WORD = /^(?:-[a-zA-Z]*x[a-zA-Z]*|xtrace)$/;

/** Whether the script turns on tracing (`set -x`, `bash -x`), which would show the added `:`. */
function traces(ast: unknown): boolean {
  let found = false;
  visitNodes(ast, (node) => {
    if (node.type !== 'SimpleCommand') return false;
    const words = [node.name, ...((node.args as unknown[]) ?? [])].map(literalOf);
    found = ['set', 'bash', 'sh'].includes(words[0] ?? '') && words.some((word) => TRACING_WORD.test(word));
    return found;
  });
  return found;
}

/** The literal text of a word, or `''` when it has more than one part or expands something. */
function literalOf(word: unknown): string {
  const parts = (word as { parts?: { type: string; value?: unknown }[] } | null)?.parts ?? [];
  const [part] = parts;
  return parts.length === 1 && part?.type === 'Literal' && typeof part.value === 'string' ? part.value : '';
}

/** Whether `node` is a list of statements (a script's, a block's, a branch's or a body's). */
function isStatementList(node: unknown): node is Statement[] {
  return Array.isArray(node) && node.length > 0 && (node[0] as { type?: unknown })?.type === 'Statement';
}

/**
 * Puts `:` after each command of the tree that only assigns (see the file comment). `parse` parses
 * text as just-bash does.
 */
export function fixAssignmentStatus(ast: unknown, parse: (text: string) => unknown): undefined {
  if (traces(ast)) return undefined;
  const lists: Statement[][] = [];
  visitNodes(ast, (node: ScriptTreeNode) => {
    for (const value of Object.values(node)) if (isStatementList(value)) lists.push(value);
    return undefined;
  });
  const noOp = (): Statement => (parse(':') as { statements: Statement[] }).statements[0] as Statement;
  for (const list of lists) {
    for (let at = list.length - 1; at >= 0; at--) {
      const statement = list[at] as Statement;
      const [pipeline, ...others] = statement.pipelines;
      const lone = others.length === 0 && !statement.background && pipeline?.commands.length === 1;
      const command = pipeline?.commands[0];
      if (lone && !pipeline.negated && onlyAssigns(command))
        list.splice(readsStatus(command) ? at + 1 : at, 0, noOp());
      else groupInLists(statement, parse);
    }
  }
  return undefined;
}

/** Whether an assignment's value reads `$?`. */
function readsStatus(command: Command): boolean {
  return JSON.stringify(command.assignments).includes('"parameter":"?"');
}

/** In a list of pipelines (`x=1 && …`), each that only assigns becomes `{ :; x=1; }` (see above). */
function groupInLists(statement: Statement, parse: (text: string) => unknown): void {
  if (statement.pipelines.length < 2) return;
  for (const pipeline of statement.pipelines) {
    const [command] = pipeline.commands;
    if (pipeline.commands.length !== 1 || !onlyAssigns(command)) continue;
    const group = parsedCommand(parse, '{ :; }') as { body: Statement[] };
    const assigning = (parse('x=') as { statements: Statement[] }).statements[0] as Statement;
    (assigning.pipelines[0] as Pipeline).commands = [command];
    if (readsStatus(command)) group.body.unshift(assigning);
    else group.body.push(assigning);
    pipeline.commands = [group as unknown as Command];
  }
}
