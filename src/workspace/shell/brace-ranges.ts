/**
 * Brace ranges longer than just-bash expands. Its interpreter stops a range (`{1..20000}`) at 10,000
 * words and drops the rest without a word: a constant of its own, not one of its execution limits, so
 * `for i in {1..20000}; do …; done` would run 10,000 times and succeed. A script holding a longer range
 * is therefore not run: it is replaced by one that says why on stderr and exits 126, the code of a stop
 * by one of the shell's limits, so the call fails and the model reads what to write instead (`seq`).
 * Imports script-tree.ts; the caller gives the parsed script and parses the replacement.
 */
import { refusalScript, type ScriptTreeNode, visitNodes } from './script-tree.ts';

/** The most words just-bash makes of one brace range. */
const MAX_BRACE_RANGE_WORDS = 10_000;

/** A numeric range of the script, as the parser gives it (`{1..20000..2}`, `{001..100}`). */
interface RangeNode {
  type: 'Range';
  start: number;
  end: number;
  step?: number;
  startStr?: string;
  endStr?: string;
}

function isNumericRange(node: ScriptTreeNode): node is ScriptTreeNode & RangeNode {
  return node.type === 'Range' && typeof node.start === 'number' && typeof node.end === 'number';
}

/** The distance between the range's words; a step of 0 counts as 1, as in bash. */
function stepOf(range: RangeNode): number {
  return Math.abs(range.step ?? 1) || 1;
}

/** How many words the range stands for. */
function wordCount(range: RangeNode): number {
  return Math.floor(Math.abs(range.end - range.start) / stepOf(range)) + 1;
}

/** The first numeric brace range of the script longer than {@link MAX_BRACE_RANGE_WORDS} words. */
function firstOversizeRange(ast: unknown): RangeNode | undefined {
  let found: RangeNode | undefined;
  visitNodes(ast, (node) => {
    if (isNumericRange(node) && wordCount(node) > MAX_BRACE_RANGE_WORDS) found = node;
    return found !== undefined;
  });
  return found;
}

/** A bound as the script wrote it (`007`) when that is a plain integer, else the parsed number. */
function asWritten(text: string | undefined, value: number): string {
  return text !== undefined && /^-?\d+$/.test(text) ? text : String(value);
}

/** The range as written, and the `seq` command that prints the same words. */
function spelled(range: RangeNode): { braces: string; seq: string } {
  const start = asWritten(range.startStr, range.start);
  const end = asWritten(range.endStr, range.end);
  const step = stepOf(range);
  const braces = range.step === undefined ? `{${start}..${end}}` : `{${start}..${end}..${range.step}}`;
  // A range written with leading zeros pads every word to one width: seq -w does the same.
  const padded = /^-?0\d/.test(start) || /^-?0\d/.test(end) ? ' -w' : '';
  const signedStep = range.start <= range.end ? step : -step;
  const seq =
    signedStep === 1 ? `seq${padded} ${start} ${end}` : `seq${padded} ${start} ${signedStep} ${end}`;
  return { braces, seq };
}

/**
 * The script that runs instead of `ast` when it holds a brace range longer than just-bash expands, or
 * `undefined`. Only integers and the step reach the quoted message (see `asWritten`), so the quoting
 * holds.
 */
export function oversizeRangeRefusal(ast: unknown): string | undefined {
  const range = firstOversizeRange(ast);
  if (!range) return undefined;
  const { braces, seq } = spelled(range);
  const words = wordCount(range).toLocaleString('en-US');
  const limit = MAX_BRACE_RANGE_WORDS.toLocaleString('en-US');
  return refusalScript(
    `bash: brace expansion: ${braces} stands for ${words} words, over the limit of ${limit} per range in this shell, which would drop the rest without a word; nothing ran. Use $(${seq}) instead.`,
  );
}
