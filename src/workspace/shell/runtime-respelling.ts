/**
 * Text the shell reads only as it runs: an `eval` of expanded text (`eval "$cmd"`, `eval "echo
 * {1..$n}"`) and a file read with `source` or `.`. just-bash parses such text when the command runs,
 * past the transform plugins that respell a script before it runs, so what they refuse or respell ran
 * as just-bash reads it: `n=20000; eval "echo {1..$n}" | wc -w` printed 10000 with exit 0 (the cut
 * the brace-range refusal exists for), and a sourced library's `retry() { "$@"; }` failed.
 *
 * Each such command is respelled, before the script runs, to `eval "$(/bin/__respell_eval "$?" …)"` (or
 * `__respell_source`), so the text passes through the same respellings when the command runs:
 *
 * - **eval**: the words are joined as eval joins them and parsed. Text the respellings leave as it
 *   is, or that does not parse (eval then says why), runs as given; a refusal runs instead of it; text
 *   they changed runs as just-bash writes the changed tree back out (`serialize`). That writing loses
 *   some forms (here-documents, some backslashes in backquotes); it is used only when writing out the
 *   unchanged text and parsing it again gives the same tree, and otherwise the eval is refused with a
 *   message that says so (exit 2).
 * - **source**: a file the respellings leave as it is is sourced as written. A changed file cannot be
 *   sourced as such (source reads the file); it runs through eval when that is the same (no arguments
 *   after the file name, no `return` outside a function, no `BASH_SOURCE`), and is refused otherwise.
 *
 * Which respellings run is the caller's (run-command.ts): those that depend on where the text runs
 * (`break` outside a loop, traps) are left out. Imports just-bash, script-tree.ts and the names of the
 * commands word-names.ts and directory-globs.ts respell to.
 */
import type { Bash, Command } from 'just-bash';
import { DIRECTORY_GLOB_WORDS_NAME, PATTERN_ENDS, PATTERN_STARTS } from './directory-globs.ts';
import type { ShellCommands } from './path-scripts.ts';
import { respellToEvalOf, type ScriptTreeNode, shellQuoted, visitNodes } from './script-tree.ts';
import { QUOTE_WORDS_NAME } from './word-names.ts';

type Context = Parameters<Command['execute']>[1];
type Result = Awaited<ReturnType<Command['execute']>>;
type ScriptNode = ReturnType<Bash['transform']>['ast'];

/**
 * Script text read and written as just-bash does: `parse` throws on a syntax error, `serialize`
 * writes a tree out as text. (Its browser build exports neither; a shell's `transform` does both.)
 */
export interface ScriptText {
  parse(text: string): ScriptNode;
  serialize(ast: ScriptNode): string;
}

/**
 * One respelling of a parsed script: changes it in place and returns nothing, or returns the script to
 * run instead. `shell` says which commands the shell has and where it keeps their files.
 */
export type Respelling = (ast: ScriptNode, shell: ShellCommands) => string | undefined;

const RESPELL_EVAL_NAME = '__respell_eval';
const RESPELL_SOURCE_NAME = '__respell_source';

/** What eval says of text it cannot respell faithfully (exit 2, nothing ran). Model-facing. */
export const EVAL_NOT_RESPELLED =
  'bash: eval: the text given to eval needs a change this shell makes before it runs a script (GNU forms it reads otherwise), and it cannot make it to this text without changing what the text means; nothing of it ran. Write the command in the script itself instead of building it for eval.';

/** What source says of a file it cannot respell faithfully (exit 2, nothing ran). Model-facing. */
export function sourceNotRespelled(file: string): string {
  return `bash: source: ${file} needs a change this shell makes before it runs a script (GNU forms it reads otherwise), which it can make only to a file sourced without arguments, with no return outside a function and no BASH_SOURCE; nothing of it ran. Run it with bash ${file}, or source it without arguments.`;
}

interface WordPart {
  type: string;
  value?: string;
  parts?: WordPart[];
}

/** The text of a word that holds only plain text, or `undefined` (it expands something). */
function plainText(word: unknown): string | undefined {
  let text = '';
  for (const part of (word as { parts?: WordPart[] } | null)?.parts ?? []) {
    const inner = part.type === 'DoubleQuoted' ? plainText(part) : undefined;
    if (inner !== undefined) text += inner;
    else if (['Literal', 'SingleQuoted', 'Escaped'].includes(part.type)) text += part.value ?? '';
    else return undefined;
  }
  return text;
}

/**
 * Respells, in place, each `eval` of expanded text and each `source` or `.` of the tree to run through
 * the commands of {@link runtimeRespellingCommands} (see the file comment). An eval of plain text only
 * is left to static-eval.ts, which puts it in the script before it runs.
 */
export function respellAtRunTime(ast: unknown, parse: ScriptText['parse'], directory: string): undefined {
  visitNodes(ast, (node: ScriptTreeNode) => {
    if (node.type !== 'SimpleCommand') return undefined;
    const args = (node.args as unknown[] | undefined) ?? [];
    const name = plainText(node.name);
    if (args.length === 0) return undefined;
    if (name === 'eval' && !args.every((word) => plainText(word) !== undefined))
      respellToEvalOf(parse, node, directory + RESPELL_EVAL_NAME, args);
    else if (name === 'source' || name === '.')
      respellToEvalOf(parse, node, directory + RESPELL_SOURCE_NAME, args);
    return undefined;
  });
  return undefined;
}

/**
 * The tree as JSON, without what writing it out does not keep: where its nodes were written, and the
 * blanks in the text of an arithmetic expansion (`$((x<<40))` is written `$((x << 40))`).
 */
function shape(ast: unknown): string {
  return JSON.stringify(ast, (key, value) => {
    if (key === 'line' || key === 'sourceText') return undefined;
    return key === 'originalText' && typeof value === 'string' ? value.replace(/\s+/g, '') : value;
  });
}

/** What the respellings make of some text. */
type Respelled =
  | { kind: 'unchanged' }
  | { kind: 'refused'; script: string }
  | { kind: 'changed'; text: string; ast: ScriptNode }
  | { kind: 'unfaithful' };

/** Puts `text` through `respellings` (see the file comment). */
function respellText(
  text: string,
  respellings: readonly Respelling[],
  shell: ShellCommands,
  { parse, serialize }: ScriptText,
): Respelled {
  let ast: ScriptNode;
  try {
    ast = parse(text);
  } catch {
    return { kind: 'unchanged' };
  }
  const before = shape(ast);
  const original = structuredClone(ast);
  for (const respelling of respellings) {
    const script = respelling(ast, shell);
    if (script !== undefined) return { kind: 'refused', script };
  }
  if (shape(ast) === before) return { kind: 'unchanged' };
  // Writing the tree out is faithful for this text when the unchanged tree comes back from its text.
  if (shape(parse(serialize(original))) !== before) return { kind: 'unfaithful' };
  return { kind: 'changed', text: serialize(ast), ast };
}

/** What a respelling needs to know of the shell, as the command running now sees it. */
async function shellOf(context: Context): Promise<ShellCommands> {
  const commands = new Set(context.getRegisteredCommands?.() ?? []);
  // The embedded shell keeps a file per command in /bin; the WebContainer's has no /bin.
  const directory = (await context.fs.exists(`/bin/${RESPELL_EVAL_NAME}`)) ? '/bin/' : '';
  return { isCommand: (name) => commands.has(name), directory };
}

const printed = (stdout: string, status: string): Result => ({
  stdout,
  stderr: '',
  exitCode: Number(status),
});

/** A script that says `message` on stderr and ends the shell with status 2, as bash does for bad syntax. */
function refusal(message: string): string {
  return `echo ${shellQuoted(message)} >&2; exit 2`;
}

/** What eval runs of `text`: it as given, respelled, or a refusal (see the file comment). */
function evalText(text: string, respelled: Respelled): string {
  if (respelled.kind === 'refused') return respelled.script;
  if (respelled.kind === 'unfaithful') return refusal(EVAL_NOT_RESPELLED);
  return respelled.kind === 'changed' ? respelled.text : text;
}

/**
 * The commands the respelled tree calls, putting text through `respellings`: eval's and source's (see
 * the file comment), word-names.ts's, which prints its words quoted for eval, respelled as the
 * command they make would be in a script, and directory-globs.ts's, which does the same once the
 * directories of its patterns are picked out.
 */
export function runtimeRespellingCommands(respellings: readonly Respelling[], script: ScriptText): Command[] {
  const respelled = async (text: string, context: Context): Promise<Respelled> =>
    respellText(text, respellings, await shellOf(context), script);
  const quoteWords: Command = {
    name: QUOTE_WORDS_NAME,
    async execute([status = '0', ...words], context) {
      const text = words.map(shellQuoted).join(' ');
      return printed(text === '' ? '' : evalText(text, await respelled(text, context)), status);
    },
  };
  const respellEval: Command = {
    name: RESPELL_EVAL_NAME,
    async execute([status = '0', ...words], context) {
      const text = words.join(' ');
      return printed(evalText(text, await respelled(text, context)), status);
    },
  };
  const respellSource: Command = {
    name: RESPELL_SOURCE_NAME,
    async execute([status = '0', file = '', ...args], context) {
      const asWritten = `source ${[file, ...args].map(shellQuoted).join(' ')}`;
      const text = await sourcedText(context, file);
      if (text === undefined) return printed(asWritten, status);
      const result = await respelled(text, context);
      if (result.kind === 'refused') return printed(result.script, status);
      if (result.kind === 'unchanged') return printed(asWritten, status);
      if (result.kind === 'changed' && args.length === 0 && evalsAsSourced(result.ast))
        return printed(result.text, status);
      return printed(refusal(sourceNotRespelled(file)), status);
    },
  };
  const directoryGlobWords: Command = {
    name: DIRECTORY_GLOB_WORDS_NAME,
    async execute([status = '0', ...words], context) {
      // `--words`: the words of a loop, quoted for an array; otherwise a command's, respelled as one.
      const loop = words[0] === '--words';
      const text = (await withDirectoriesKept(loop ? words.slice(1) : words, context))
        .map(shellQuoted)
        .join(' ');
      if (loop || text === '') return printed(text, status);
      return printed(evalText(text, await respelled(text, context)), status);
    },
  };
  return [quoteWords, respellEval, respellSource, directoryGlobWords];
}

/**
 * `words` with each pattern between its markers (directory-globs.ts) replaced by the directories it
 * matched, each with its `/`, or by the pattern as written when it matched none.
 */
async function withDirectoriesKept(words: readonly string[], context: Context): Promise<string[]> {
  const kept: string[] = [];
  for (let at = 0; at < words.length; at++) {
    if (words[at] !== PATTERN_STARTS) {
      kept.push(words[at] as string);
      continue;
    }
    const asWritten = words[at + 1] as string;
    const end = words.indexOf(PATTERN_ENDS, at + 2);
    const directories: string[] = [];
    for (const match of words.slice(at + 2, end)) {
      const stat = await context.fs.stat(context.fs.resolvePath(context.cwd, match)).catch(() => undefined);
      if (stat?.isDirectory) directories.push(`${match}/`);
    }
    kept.push(...(directories.length > 0 ? directories : [asWritten]));
    at = end;
  }
  return kept;
}

/**
 * Whether running the text with eval is running it with source: it has no `return` outside a function
 * (which would return from the caller) and reads no `BASH_SOURCE` (which would name the caller's file).
 */
function evalsAsSourced(ast: ScriptNode): boolean {
  const stack: unknown[] = [ast];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    const { type, name, parameter } = node as ScriptTreeNode;
    if (type === 'FunctionDef') continue;
    if (type === 'SimpleCommand' && plainText(name) === 'return') return false;
    if (type === 'ParameterExpansion' && String(parameter).startsWith('BASH_SOURCE')) return false;
    stack.push(...Object.values(node));
  }
  return true;
}

/** The text `source FILE` reads, found as just-bash's source finds it; `undefined` when there is none. */
async function sourcedText(context: Context, file: string): Promise<string | undefined> {
  const onPath = (context.env.get('PATH') ?? '').split(':').filter((dir) => dir !== '');
  const candidates = file.includes('/') ? [file] : [...onPath.map((dir) => `${dir}/${file}`), file];
  for (const candidate of candidates) {
    const path = context.fs.resolvePath(context.cwd, candidate);
    const stat = await context.fs.stat(path).catch(() => undefined);
    if (stat && !stat.isDirectory) return context.fs.readFile(path);
  }
  return undefined;
}
