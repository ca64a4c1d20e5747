/**
 * `eval` of text written in the script (`eval 'echo {1..20000}'`, `eval "grep -e a -e b f"`), put in
 * the script as the group it stands for, so the other transform plugins see inside it. just-bash parses
 * an eval's text only when it runs, past every plugin, so a brace range it would cut short ran and
 * succeeded there, and the GNU forms the respelling fixes went wrong again.
 *
 * Only an eval whose every word is plain text (no expansion) and whose text parses is inlined, and only
 * when a plugin would act on it (`needsTransform`): `eval 'text'` and `{ text; }` run the same commands
 * in the same shell, with the same exit status, but the group's error messages name the script's line.
 * An eval of expanded text (`eval "$cmd"`), `source` and `.` are not seen by the plugins (a script run
 * by its path is: path-scripts.ts runs it through `bash`): docs/backends.md says so. Imports just-bash's types and script-tree.ts.
 */
import type { Bash, SimpleCommandNode, WordNode } from 'just-bash';
import { type ScriptTreeNode, visitNodes } from './script-tree.ts';

type ScriptNode = ReturnType<Bash['transform']>['ast'];

/** The text a word stands for when it holds only literals and quotes, else `undefined`. */
function plainText(word: WordNode): string | undefined {
  let text = '';
  for (const part of word.parts) {
    if (part.type === 'Literal' || part.type === 'SingleQuoted' || part.type === 'Escaped')
      text += part.value;
    else if (part.type === 'DoubleQuoted') {
      const inner = plainText({ type: 'Word', parts: part.parts });
      if (inner === undefined) return undefined;
      text += inner;
    } else return undefined;
  }
  return text;
}

/** The text `command` evals when it is `eval` of plain words only, else `undefined`. */
function evalText(command: SimpleCommandNode): string | undefined {
  if (command.name?.parts.length !== 1 || plainText(command.name) !== 'eval') return undefined;
  if (command.assignments.length > 0 || command.redirections.length > 0) return undefined;
  const words = command.args.map(plainText);
  return words.every((word) => word !== undefined) ? words.join(' ') : undefined;
}

/**
 * Replaces, in place, each static eval of the tree whose parsed text `needsTransform` accepts with a
 * group of that text's statements. `parse` parses text as just-bash does (and throws on a syntax
 * error, which leaves the eval as it is, to fail when it runs as bash's does).
 */
export function inlineStaticEvals(
  ast: unknown,
  parse: (text: string) => ScriptNode,
  needsTransform: (parsed: ScriptNode) => boolean,
): void {
  visitNodes(ast, (node: ScriptTreeNode) => {
    const commands = (node as { commands?: unknown }).commands;
    if (node.type !== 'Pipeline' || !Array.isArray(commands)) return false;
    commands.forEach((command: SimpleCommandNode, index) => {
      if (command.type !== 'SimpleCommand') return;
      const text = evalText(command);
      if (text === undefined) return;
      let parsed: ScriptNode;
      try {
        parsed = parse(text);
      } catch {
        return;
      }
      if (needsTransform(parsed))
        commands[index] = { type: 'Group', body: parsed.statements, redirections: [] };
    });
    return false;
  });
}
