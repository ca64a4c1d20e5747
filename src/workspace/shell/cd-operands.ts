/**
 * `cd a b`, refused as GNU bash refuses it. just-bash's `cd` changed to the first directory and
 * ignored the rest, with exit 0, so `cd build dist && rm -rf *` emptied `build`; GNU's prints "bash: cd:
 * too many arguments", stays where it was and fails, so the `&&` stops there. When the words a `cd`
 * is written with are certainly two or more directories (each is one word whatever the variables
 * hold: no unquoted expansion or glob), the command is replaced by a group that prints GNU's message
 * and fails, keeping the command's redirections (`cd a b 2>/dev/null`). A `cd $dirs` whose words are
 * known only as it runs still takes the first. Imports script-tree.ts and just-bash's types.
 */
import type { SimpleCommandNode, WordNode } from 'just-bash';
import { parsedCommand, visitNodes } from './script-tree.ts';

/** GNU bash's message, word for word. */
export const CD_TOO_MANY_ARGUMENTS = 'bash: cd: too many arguments';

/** Parts that stay one word, whatever the shell's variables hold. */
const ONE_WORD_PARTS = new Set(['SingleQuoted', 'DoubleQuoted', 'Escaped']);

/** Whether `word` is exactly one word when the command runs (no splitting, no glob, no brace). */
function isOneWord(word: WordNode): boolean {
  return word.parts.every(
    (part) => ONE_WORD_PARTS.has(part.type) || (part.type === 'Literal' && !/[*?[{]/.test(part.value)),
  );
}

/** The literal text of `word`, when it is a plain literal (an option such as `-P`), else `undefined`. */
function literal(word: WordNode): string | undefined {
  const [only, ...rest] = word.parts;
  return rest.length === 0 && only?.type === 'Literal' ? only.value : undefined;
}

/** Whether `command` is a `cd` given two or more directories, each certainly one word. */
function hasExtraOperands(command: SimpleCommandNode): boolean {
  if (command.name === null || literal(command.name) !== 'cd') return false;
  let at = 0;
  for (; at < command.args.length; at++) {
    const text = literal(command.args[at] as WordNode);
    if (text === '--') {
      at++;
      break;
    }
    if (text === undefined || !/^-[LPe@]+$/.test(text)) break;
  }
  const operands = command.args.slice(at);
  return operands.length >= 2 && operands.every(isOneWord);
}

/** A node that holds commands of a pipeline. */
type Pipeline = { type: 'Pipeline'; commands: unknown[] };

/**
 * Replaces, in place, each `cd` given too many directories by a group that prints
 * {@link CD_TOO_MANY_ARGUMENTS} and fails. `parse` parses shell text (just-bash's own parser). Returns
 * nothing: the script runs.
 */
export function refuseExtraCdOperands(ast: unknown, parse: (text: string) => unknown): undefined {
  visitNodes(ast, (node) => {
    if (node.type !== 'Pipeline') return undefined;
    const pipeline = node as unknown as Pipeline;
    pipeline.commands = pipeline.commands.map((command) => {
      const simple = command as SimpleCommandNode;
      if (simple.type !== 'SimpleCommand' || !hasExtraOperands(simple)) return command;
      const group = parsedCommand(parse, `{ echo '${CD_TOO_MANY_ARGUMENTS}' >&2; false; }`);
      return { ...group, redirections: simple.redirections };
    });
    return undefined;
  });
  return undefined;
}
