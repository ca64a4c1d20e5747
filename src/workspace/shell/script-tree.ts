/**
 * What the transform plugins share over a script parsed by just-bash: a walk of its tree, and the
 * script that runs instead of one the shell refuses. Imports nothing.
 */

/** A node of the parsed script: only the shape walked here matters. */
export type ScriptTreeNode = { readonly [key: string]: unknown };

/**
 * Calls `visit` on every node of the tree, depth first, until it returns `true`. Walks with a stack of
 * its own, so a deeply nested script cannot overflow the call stack. `visit` may replace a node's
 * children (a command's words): the walk reads them after the visit.
 */
export function visitNodes(ast: unknown, visit: (node: ScriptTreeNode) => boolean | undefined): void {
  const stack: unknown[] = [ast];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    const node = value as ScriptTreeNode;
    if (visit(node)) return;
    pushChildren(stack, node);
  }
}

/**
 * Pushes the children of `node` (its values that are objects) on `stack`. An indexed loop over
 * `Object.keys`, not `for…in` or `for…of`: once just-bash's defense-in-depth has run a command in the
 * process (docs/backends.md), V8 walks the prototype chain for every `for…in` and leaves its fast path
 * for array iterators, and a walk of a small script took ten times as long (216 µs against 22).
 */
function pushChildren(stack: unknown[], node: ScriptTreeNode): void {
  const keys = Object.keys(node);
  for (let index = 0; index < keys.length; index++) {
    const child = node[keys[index] as string];
    if (typeof child === 'object' && child !== null) stack.push(child);
  }
}

/**
 * The script that runs instead of a refused one: `message` on stderr, then exit 126, the code of a stop
 * by one of the shell's limits, so the call fails and the bash tool names the limit. `message` holds no
 * apostrophe: it goes between single quotes.
 */
export function refusalScript(message: string): string {
  return `echo '${message}' >&2; exit 126`;
}

/**
 * Turns `command` (a simple command of the tree), in place, into `eval "$(PROGRAM "$?" WORDS…)"`:
 * `PROGRAM` (a command of this library's, by the path the shell finds it at) gets the exit status
 * before the command and the command's words, expanded as the shell expands arguments, and prints
 * the text to run; eval runs it in the caller's shell. The command's assignments and redirections
 * stay on the eval. `PROGRAM` ends with the status it was given, so `$?` in the text is what it was.
 */
export function respellToEvalOf(
  parse: (text: string) => unknown,
  command: ScriptTreeNode,
  program: string,
  words: readonly unknown[],
): void {
  const template = parsedCommand(parse, `eval "$(${program} "$?")"`) as {
    name: unknown;
    args: { parts: { parts: { body: unknown }[] }[] }[];
  };
  const substitution = template.args[0]?.parts[0]?.parts[0]?.body as FirstCommandOf;
  const inner = substitution.statements[0]?.pipelines[0]?.commands[0] as { args: unknown[] } | undefined;
  if (!inner) throw new Error(`No command in the substitution of: eval "$(${program})"`);
  inner.args.push(...words);
  const mutable = command as { name: unknown; args: unknown[] };
  mutable.name = template.name;
  mutable.args = template.args;
}

/** `text` quoted for the shell: between single quotes, each quote closed, escaped and reopened. */
export function shellQuoted(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/** A parsed script, as far as its first command. */
interface FirstCommandOf {
  statements: { pipelines: { commands: ScriptTreeNode[] }[] }[];
}

/**
 * The first command of `text` as just-bash parses it (`parse`), to stand in the tree for a command
 * that is replaced: a group (`{ …; }`) keeps its place in a pipeline or an `&&` list.
 */
export function parsedCommand(parse: (text: string) => unknown, text: string): ScriptTreeNode {
  const script = parse(text) as FirstCommandOf;
  const command = script.statements[0]?.pipelines[0]?.commands[0];
  if (!command) throw new Error(`No command in the replacement script: ${text}`);
  return command;
}
