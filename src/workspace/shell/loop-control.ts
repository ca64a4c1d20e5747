/**
 * `break` and `continue` where GNU bash has no loop for them. just-bash let them act on a loop the
 * script reads around them at run time:
 *
 * - in `( … )` (`for f in *; do (cd "$f" || break; make); done`): it left the subshell, so the rest of
 *   it was skipped; GNU's subshell has no loop of its own, prints "only meaningful in a loop" and goes
 *   on with the next command;
 * - in a function called from a loop: it ended the caller's loop; GNU's (5.2) says the same and goes on;
 * - in `$( … )` inside a loop (`x=$(continue; echo sub)`): it went on with the loop's next iteration,
 *   so the assignment and the rest of the body never ran; GNU's ends the substitution there.
 *
 * Each exit was 0 and nothing was printed. Before the script runs, a `break` or `continue` whose nearest
 * enclosing construct is a subshell, a function or the script itself is replaced by GNU's message on
 * stderr (status 0, as GNU's), and one in a command substitution inside a loop by `exit 0`, which ends
 * the substitution as GNU's does. Redirections written on the command stay on its replacement. Imports
 * script-tree.ts.
 */
import { parsedCommand } from './script-tree.ts';

/** GNU bash's message for a `break` or `continue` outside a loop, word for word. */
export function outsideLoopMessage(command: 'break' | 'continue'): string {
  return `bash: ${command}: only meaningful in a \`for', \`while', or \`until' loop`;
}

/** Where a command sits: in a loop's body, in a `$( … )` inside one, or with no loop around it. */
type Place = 'loop' | 'substitution' | 'none';

const LOOPS = new Set(['For', 'CStyleFor', 'While', 'Until']);

/** The place of a node's children, given the node and its own place. */
function placeOfChildren(type: unknown, place: Place): Place {
  if (typeof type !== 'string') return place;
  if (LOOPS.has(type)) return 'loop';
  if (type === 'Subshell' || type === 'FunctionDef') return 'none';
  if (type === 'CommandSubstitution' || type === 'ProcessSubstitution')
    return place === 'none' ? 'none' : 'substitution';
  return place;
}

type Node = { [key: string]: unknown };

/** The loop control command a node is (`break` or `continue`, as a plain word), or `undefined`. */
function loopControl(node: Node): 'break' | 'continue' | undefined {
  if (node.type !== 'SimpleCommand') return undefined;
  const parts = (node.name as { parts?: { type: string; value?: unknown }[] } | null)?.parts;
  const only = parts?.length === 1 ? parts[0] : undefined;
  if (only?.type !== 'Literal') return undefined;
  return only.value === 'break' || only.value === 'continue' ? only.value : undefined;
}

/** What runs instead of `command` at `place`, as shell text, or `undefined` to keep it. */
function replacement(command: 'break' | 'continue', place: Place): string | undefined {
  if (place === 'loop') return undefined;
  if (place === 'substitution') return '{ exit 0; }';
  return `{ echo "${outsideLoopMessage(command).replaceAll('`', '\\`')}" >&2; }`;
}

/**
 * Replaces, in place, each `break` and `continue` that has no loop of its own (see the file comment).
 * `parse` parses shell text (just-bash's parser). Returns nothing: the script runs.
 */
export function keepLoopControlInItsLoop(ast: unknown, parse: (text: string) => unknown): undefined {
  const stack: [unknown, Place][] = [[ast, 'none']];
  while (stack.length > 0) {
    const [value, place] = stack.pop() as [unknown, Place];
    if (typeof value !== 'object' || value === null) continue;
    const node = value as Node;
    if (node.type === 'Pipeline' && Array.isArray(node.commands))
      node.commands = node.commands.map((command) => replaced(command as Node, place, parse));
    const inner = placeOfChildren(node.type, place);
    // Not `for…in`, which is ten times slower once just-bash's defense-in-depth ran (script-tree.ts).
    const keys = Object.keys(node);
    for (let index = 0; index < keys.length; index++) {
      const child = node[keys[index] as string];
      if (typeof child === 'object' && child !== null) stack.push([child, inner]);
    }
  }
  return undefined;
}

function replaced(command: Node, place: Place, parse: (text: string) => unknown): Node {
  const control = loopControl(command);
  const text = control === undefined ? undefined : replacement(control, place);
  if (text === undefined) return command;
  return { ...parsedCommand(parse, text), redirections: command.redirections };
}
