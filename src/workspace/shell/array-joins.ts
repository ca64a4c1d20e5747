/**
 * `"${a[*]}"` outside a command's arguments. bash joins the elements with the first character of `IFS`
 * wherever the expansion is quoted, so `IFS=,; csv="${fields[*]}"` is the usual way to join an array.
 * just-bash joined them with a space in assignments (`local`, `export`, `declare` and `readonly`
 * included), here-strings, `[[ ]]` and `case` words (as an argument it joined them right), so `csv` held
 * `a b c`, `IFS=$'\n'; sort <<<"${a[*]}"` sorted one line and `[[ "${a[*]}" == a,b ]]` was false, exit 0.
 *
 * Each such expansion there is respelled, before the script runs, to `$(printf '%s' "${a[*]}")`: the
 * same expansion as an argument, which just-bash joins as bash does, its text taken back by the
 * substitution. A substitution drops trailing newlines, so a last element that ends with one loses it;
 * an expansion that changes the shell (`${a[*]:-${x:=y}}`) is left as it is. Imports script-tree.ts and
 * word-names.ts.
 */
import { parsedCommand, type ScriptTreeNode, visitNodes } from './script-tree.ts';
import { changesTheShell } from './word-names.ts';

interface Part {
  type: string;
  parameter?: string;
  operation?: { type?: string } | null;
  parts?: Part[];
}

/** A quoted part that joins an array's elements: `${a[*]}`, `${a[*]:1}`, `${a[*]/x/y}`; not its length. */
function joinsElements(part: Part): boolean {
  return (
    part.type === 'ParameterExpansion' &&
    /\[\*\]$/.test(part.parameter ?? '') &&
    part.operation?.type !== 'Length' &&
    !changesTheShell(part)
  );
}

type Substitution = Part & {
  body: { statements: { pipelines: { commands: { args: { parts: Part[] }[] }[] }[] }[] };
};

/** `$(printf '%s' "${joined[*]}")`, parsed: the substitution every join is given a copy of. */
function substitutionTemplate(parse: (text: string) => unknown): Substitution {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
  const command = parsedCommand(parse, 'x="$(printf \'%s\' "${joined[*]}")"') as {
    assignments: { value: { parts: Part[] } }[];
  };
  const substitution = command.assignments[0]?.value.parts[0]?.parts?.[0] as Substitution | undefined;
  if (!quotedArgument(substitution)) throw new Error('The join template did not parse as expected');
  return substitution as Substitution;
}

/** The quoted argument of the template's `printf`, where the join goes. */
function quotedArgument(substitution: Substitution | undefined): Part | undefined {
  return substitution?.body.statements[0]?.pipelines[0]?.commands[0]?.args[1]?.parts[0];
}

/** The command substitution `$(printf '%s' "PART")`, PART the expansion given. */
function joinedBySubstitution(part: Part, template: Substitution): Part {
  // A copy of one parse, not a parse per join: a word may hold thousands of joins, and a script given
  // to eval is respelled while it runs, where no timeout can stop the respelling.
  const substitution = structuredClone(template);
  (quotedArgument(substitution) as Part).parts = [part];
  return substitution;
}

/** The word with each quoted array join respelled (see the file's header). */
function respellJoins(word: { parts?: Part[] } | null | undefined, template: () => Substitution): void {
  for (const part of word?.parts ?? []) {
    if (part.type !== 'DoubleQuoted' || !part.parts?.some(joinsElements)) continue;
    part.parts = part.parts.map((inner) =>
      joinsElements(inner) ? joinedBySubstitution(inner, template()) : inner,
    );
  }
}

/** The declaration commands, whose arguments just-bash reads as assignments. */
const DECLARATIONS = new Set(['local', 'export', 'declare', 'typeset', 'readonly']);

/** The words of `node` that just-bash expands otherwise than a command's arguments. */
function wordsJoinedOtherwise(node: ScriptTreeNode): unknown[] {
  switch (node.type) {
    case 'Assignment':
      return [node.value];
    case 'Redirection':
      return node.operator === '<<<' ? [node.target] : [];
    case 'CondBinary':
      return [node.left, node.right];
    case 'CondUnary':
      return [node.operand];
    case 'Case':
      return [node.word];
    case 'SimpleCommand': {
      const name = (node.name as { parts?: { type: string; value?: string }[] } | null)?.parts;
      const declares =
        name?.length === 1 && name[0]?.type === 'Literal' && DECLARATIONS.has(name[0].value ?? '');
      return declares ? (node.args as unknown[]) : [];
    }
    default:
      return [];
  }
}

/**
 * Respells, in place, the array joins of the script's assignments (declarations included),
 * here-strings, `[[ ]]` operands and `case` words.
 */
export function joinArraysAsArguments(ast: unknown, parse: (text: string) => unknown): undefined {
  let parsed: Substitution | undefined;
  const template = (): Substitution => {
    parsed ??= substitutionTemplate(parse);
    return parsed;
  };
  visitNodes(ast, (node: ScriptTreeNode) => {
    for (const word of wordsJoinedOtherwise(node)) respellJoins(word as { parts?: Part[] } | null, template);
    return undefined;
  });
  return undefined;
}
