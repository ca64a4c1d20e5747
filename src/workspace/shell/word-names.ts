/**
 * Commands whose name expands to several words: `"$@"` and `"${args[@]}"` (a wrapper function's
 * `run() { echo "+ $*"; "$@"; }`), and an unquoted variable (`$cmd` holding `grep -n`). bash runs the
 * first word with the others as its arguments. just-bash joined the words into one name and failed:
 * `bash: grep -n TODO: command not found`, 127, a message that blames a command that exists.
 *
 * A name of `"$@"` alone, the common case, is respelled to `"${1-:}" "${@:2}"`: the first argument as
 * the name (`:`, which does nothing, when there is none), the others after it (a script run by its
 * path from there is run by just-bash: see path-scripts.ts). Any other such command is respelled, before
 * the script runs, to `eval "$(/bin/__quote_words "$?" WORDS…)"`:
 * the shell expands the words as it expands any command's arguments (splitting, globbing, `"$@"` into
 * its words), `__quote_words` (runtime-respelling.ts) prints them quoted one by one, respelled as the
 * command they make would be in a script (a script run by its path), and eval runs them in the
 * caller's shell, where a function, a builtin or a command is looked up as bash would. When the words
 * expand to nothing, nothing runs and the status is 0, as in bash.
 *
 * The words are expanded inside a command substitution, a subshell, so an expansion with a side effect
 * in the caller's shell (`$((n++))`, `${x:=default}`) would be lost: such a command is left to
 * just-bash. A substitution and an eval cost about 2 ms a command in Node (with just-bash's
 * defense-in-depth), against under 1 ms for the form of `"$@"`. Imports script-tree.ts.
 */
import { parsedCommand, respellToEvalOf, type ScriptTreeNode, visitNodes } from './script-tree.ts';

/** The command that prints its words quoted for eval (runtime-respelling.ts). */
export const QUOTE_WORDS_NAME = '__quote_words';

interface Part {
  type: string;
  parameter?: string;
  parts?: Part[];
  operation?: { type?: string; star?: boolean } | null;
}

/** Whether a part inside double quotes expands to several words (`"$@"`, `"${a[@]}"`, `"${!a[@]}"`). */
function quotedSplits(part: Part): boolean {
  if (part.type !== 'ParameterExpansion') return false;
  if (part.parameter === '@' || /\[@\]$/.test(part.parameter ?? '')) return part.operation?.type !== 'Length';
  const operation = part.operation?.type;
  return (operation === 'ArrayKeys' || operation === 'VarNamePrefix') && part.operation?.star === false;
}

/**
 * Whether a command name may expand to several words. A name with a command substitution is left
 * alone: when it expands to nothing, bash's status is the substitution's (`$(false)` gives 1), which the
 * respelled command, whose own words come from a substitution, cannot give.
 */
function mayBeSeveralWords(name: { parts?: Part[] } | null | undefined): boolean {
  const parts = name?.parts ?? [];
  const splits = parts.some((part) =>
    part.type === 'DoubleQuoted' ? (part.parts ?? []).some(quotedSplits) : part.type === 'ParameterExpansion',
  );
  return splits && !JSON.stringify(parts).includes('"CommandSubstitution"');
}

/** Whether expanding the node changes the caller's shell: an arithmetic assignment, `${x:=y}`. */
export function changesTheShell(node: unknown): boolean {
  let changes = false;
  visitNodes(node, (child) => {
    const operator = typeof child.operator === 'string' ? child.operator : '';
    changes =
      child.type === 'AssignDefault' ||
      child.type === 'ArithAssignment' ||
      (child.type === 'ArithUnary' && (operator === '++' || operator === '--'));
    return changes;
  });
  return changes;
}

/** What a name of `"$@"` alone is respelled to: its first word as the name, then the others. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
const ALL_ARGUMENTS = '"${1-:}" "${@:2}"';

/** Whether a name is `"$@"` alone. */
function isAllArguments(name: { parts?: Part[] } | null | undefined): boolean {
  const [part, ...others] = name?.parts ?? [];
  const [inner, ...rest] = part?.type === 'DoubleQuoted' ? (part.parts ?? []) : [];
  return others.length === 0 && rest.length === 0 && inner?.parameter === '@' && !inner.operation;
}

/**
 * Respells, in place, each command whose name may expand to several words (see the file comment).
 * `directory` is where the shell keeps its commands' files (`/bin/`), or `''`.
 */
export function runWordNames(ast: unknown, parse: (text: string) => unknown, directory: string): undefined {
  visitNodes(ast, (node: ScriptTreeNode) => {
    if (node.type !== 'SimpleCommand') return undefined;
    const command = node as { name?: { parts?: Part[] } | null; args: unknown[] };
    if (!mayBeSeveralWords(command.name)) return undefined;
    if (isAllArguments(command.name)) {
      // The common case, without a substitution or an eval: `"${1-:}" "${@:2}"`, `:` when no words.
      const replacement = parsedCommand(parse, ALL_ARGUMENTS) as unknown as typeof command;
      command.name = replacement.name;
      command.args = [...replacement.args, ...command.args];
      return undefined;
    }
    if (changesTheShell([command.name, command.args])) return undefined;
    respellToEvalOf(parse, node, directory + QUOTE_WORDS_NAME, [command.name, ...command.args]);
    return undefined;
  });
  return undefined;
}
