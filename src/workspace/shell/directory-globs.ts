/**
 * Globs that end with `/` (`ls -d *\/`, `du -sh src/*\/`). In bash such a pattern matches directories
 * only, each with its `/`. just-bash matched files as well and dropped the `/`: `ls -d *\/` listed every
 * file of the directory, exit 0.
 *
 * A command with such a word among its arguments is respelled, before the script runs, to
 * `eval "$(/bin/__directory_glob_words "$?" WORDS…)"` (as word-names.ts respells a name of several
 * words), each such word given as three: a marker that names it, the word with its pattern characters
 * quoted (what bash prints when nothing matches), and the word without its last `/` (the pattern the
 * shell expands, to files and directories alike), then a marker that ends it. `__directory_glob_words`
 * (runtime-respelling.ts) keeps the directories the pattern matched, each with its `/`, or the quoted word
 * when there is none, and prints the words quoted for eval. A command whose words change the shell as
 * they expand (`$((n++))`), or hold a command substitution, is left to just-bash. A `for` loop over
 * such a pattern goes over an array set just before it from the same words (`respellLoops`). Imports
 * script-tree.ts and word-names.ts.
 */
import { parsedCommand, respellToEvalOf, type ScriptTreeNode, visitNodes } from './script-tree.ts';
import { changesTheShell } from './word-names.ts';

/** The command that keeps the directories of each pattern (runtime-respelling.ts). */
export const DIRECTORY_GLOB_WORDS_NAME = '__directory_glob_words';
/** The markers around a pattern among that command's words. */
export const PATTERN_STARTS = '\u0001directory-glob\u0001';
export const PATTERN_ENDS = '\u0001end-of-directory-glob\u0001';

interface Part {
  type: string;
  value?: string;
  pattern?: string;
}

interface Word {
  type: 'Word';
  parts: Part[];
}

/** A word with a glob part that ends in a literal `/` after it: `*\/`, `src/*\/`, `"$d"/*\/`. */
function isDirectoryGlob(word: unknown): word is Word {
  const parts = (word as Word | undefined)?.parts;
  if (!Array.isArray(parts) || parts.length < 2) return false;
  const last = parts.at(-1);
  const globAt = parts.findIndex((part) => part.type === 'Glob');
  return (
    last?.type === 'Literal' && (last.value ?? '').endsWith('/') && globAt >= 0 && globAt < parts.length - 1
  );
}

const quoted = (text: string): Part => ({ type: 'SingleQuoted', value: text });
const marker = (text: string): Word => ({ type: 'Word', parts: [quoted(text)] });

/** The words that stand for one directory glob among the command's words (see the file's header). */
function patternWords(word: Word): Word[] {
  const asText: Part[] = word.parts.map((part) => (part.type === 'Glob' ? quoted(part.pattern ?? '') : part));
  const last = word.parts.at(-1) as Part;
  const stripped = (last.value ?? '').replace(/\/+$/, '');
  const expanded = [...word.parts.slice(0, -1), ...(stripped === '' ? [] : [{ ...last, value: stripped }])];
  return [
    marker(PATTERN_STARTS),
    { type: 'Word', parts: asText },
    { type: 'Word', parts: expanded },
    marker(PATTERN_ENDS),
  ];
}

/** Whether expanding the node changes the caller's shell, or runs a command substitution. */
const expandsWithEffects = (node: unknown): boolean =>
  changesTheShell(node) || JSON.stringify(node).includes('"CommandSubstitution"');

/**
 * Respells, in place, each command and each `for` loop with a directory glob among its words (see the
 * file's header). `directory` is where the shell keeps its commands' files (`/bin/`), or `''`.
 */
export function runDirectoryGlobs(
  ast: unknown,
  parse: (text: string) => unknown,
  directory: string,
): undefined {
  const program = directory + DIRECTORY_GLOB_WORDS_NAME;
  visitNodes(ast, (node: ScriptTreeNode) => {
    if (node.type === 'Pipeline') respellLoops(node as { commands: unknown[] }, parse, program);
    if (node.type !== 'SimpleCommand') return undefined;
    const command = node as { name?: unknown; args: unknown[] };
    if (!command.args.some(isDirectoryGlob) || expandsWithEffects([command.name, command.args]))
      return undefined;
    respellToEvalOf(parse, node, program, [command.name, ...withPatternWords(command.args)]);
    return undefined;
  });
  return undefined;
}

const withPatternWords = (words: readonly unknown[]): unknown[] =>
  words.flatMap((word) => (isDirectoryGlob(word) ? patternWords(word) : [word]));

/** The array a respelled loop goes over, set just before it. */
const LOOP_WORDS = '__respelled_directories';

interface ForLoop {
  type: 'For';
  words?: unknown[] | null;
}

/**
 * Each `for` loop of the pipeline over a directory glob, replaced by a group that sets an array to its
 * words, the directories picked out (`eval "ARRAY=($(PROGRAM "$?" --words WORDS…))"`), then runs the
 * loop over the array. `--words` prints the words quoted, not respelled as a command.
 */
function respellLoops(
  pipeline: { commands: unknown[] },
  parse: (text: string) => unknown,
  program: string,
): void {
  pipeline.commands.forEach((command, index) => {
    const loop = command as ForLoop;
    if (loop.type !== 'For' || !loop.words?.some(isDirectoryGlob) || expandsWithEffects(loop.words)) return;
    const group = parsedCommand(
      parse,
      `{ eval "${LOOP_WORDS}=($(${program} "$?" --words))"; for x in "\${${LOOP_WORDS}[@]}"; do :; done; }`,
    ) as unknown as Group;
    const [setting, looping] = group.body;
    const eval_ = setting?.pipelines[0]?.commands[0] as { args: EvalWord[] } | undefined;
    const substitution = eval_?.args[0]?.parts[0]?.parts[1]?.body;
    const inner = substitution?.statements[0]?.pipelines[0]?.commands[0] as { args: unknown[] } | undefined;
    const loopPipeline = looping?.pipelines[0];
    const templateLoop = loopPipeline?.commands[0] as ForLoop | undefined;
    if (!inner || !loopPipeline || !templateLoop)
      throw new Error('The loop template did not parse as expected');
    inner.args.push(...withPatternWords(loop.words));
    loop.words = templateLoop.words ?? [];
    loopPipeline.commands = [loop];
    pipeline.commands[index] = group;
  });
}

interface GroupStatement {
  pipelines: { commands: unknown[] }[];
}
interface Group {
  body: GroupStatement[];
}
/** The word eval is given in the template: `"ARRAY=(` then the command substitution. */
interface EvalWord {
  parts: { parts: { body?: { statements: GroupStatement[] } }[] }[];
}
