/**
 * Two things just-bash's awk got wrong about arrays, each with exit 0:
 *
 * - **A statement that is an element alone created nothing.** awk creates an element it refers to, so
 *   the two-file join `awk 'NR==FNR {a[$1]; next} $1 in a' keys data` prints the lines of `data` whose
 *   first field is a key; just-bash read `a[$1]`, created nothing, and printed no line. Such a statement
 *   is written `a[$1] = a[$1]`, which creates the element with the value it reads (an empty one, or its
 *   own). Only an element whose subscript has no call, assignment or increment is respelled, since the
 *   subscript is then read twice; others keep just-bash's reading.
 * - **`length` of an array was 0**, however many elements it held (`n = split(s, p, ":"); length(p)`).
 *   A program that takes the length of a name it uses as an array is refused with a message, as
 *   just-bash cannot count them any other way: a function given an array sees none of its elements.
 *
 * The program's strings, regular expressions and comments are left out of both. Used by
 * option-spellings.ts, which respells awk's arguments.
 */

/**
 * The parts of an awk program read as they are, in three groups: a string, a regular expression (with
 * the character before it: a `/` starts one where an operand may start, at the start, after `(`, `,`,
 * `{`, `;`, `!`, `~`, `&&`, `||`, a comparison, `?`, `:`, a line end, or after `print`, `printf` and
 * `return`; elsewhere it divides), a comment. Without the regular expressions, `awk '/"/{} {s="x"}'`
 * read the quote in `/"/` as the start of a string. The character before a regular expression is
 * matched, not looked behind for: a lookbehind over `\s*` scanned the whole run of blanks again at
 * every position (40,000 blanks: 4.5 s).
 */
export const AWK_LITERALS: string = String.raw`("(?:[^"\\\n]|\\.)*")|((?:^|[(,{};!~&|=<>?:\n]|\b(?:printf?|return))\s*\/(?:[^/\\\n[]|\\.|\[(?:[^\]\\\n]|\\.)*\])*\/)|(#[^\n]*)`;

/** An element alone as a statement, its subscript free of calls, assignments and increments. */
const BARE_ELEMENT = new RegExp(
  `${AWK_LITERALS}|((?:^|[{;\\n])\\s*)([A-Za-z_]\\w*\\[[^[\\]\\n;{}()=+\\-]*\\])(?=\\s*(?:[;}\\n]|$))`,
  'g',
);

/**
 * The program with each element that stands alone as a statement assigned to itself (see the file's
 * header); `undefined` when there is none.
 */
export function withElementsCreated(program: string): string | undefined {
  if (!program.includes('[')) return undefined;
  let changed = false;
  const created = program.replace(BARE_ELEMENT, (match, ...groups: (string | undefined)[]) => {
    const [string, regex, comment, before, element] = groups;
    if (string !== undefined || regex !== undefined || comment !== undefined) return match;
    changed = true;
    return `${before}${element} = ${element}`;
  });
  return changed ? created : undefined;
}

const LITERALS = new RegExp(AWK_LITERALS, 'g');
/** Where a name is used as an array: subscripted, after `in`, after `delete`, or split's second argument. */
const ARRAY_USES =
  /(?<![$\w])([A-Za-z_]\w*)\s*\[|\b(?:in|delete)\s+([A-Za-z_]\w*)|\bsplit\s*\([^,()]*,\s*([A-Za-z_]\w*)/g;
const LENGTH_OF_NAME = /\blength\s*\(\s*([A-Za-z_]\w*)\s*\)/g;

/** The array whose length the program takes, if any. */
export function lengthOfArray(program: string): string | undefined {
  if (!program.includes('length')) return undefined;
  // The literals blanked out, so a name in a string or a regular expression is not read as code.
  const code = program.replace(LITERALS, (match) => ' '.repeat(match.length));
  const arrays = new Set<string>();
  for (const match of code.matchAll(ARRAY_USES)) {
    const name = match[1] ?? match[2] ?? match[3];
    if (name !== undefined) arrays.add(name);
  }
  for (const match of code.matchAll(LENGTH_OF_NAME)) {
    if (arrays.has(match[1] as string)) return match[1];
  }
  return undefined;
}

/** The refusal of `length` of an array. Model-facing: tests pin it. */
export function arrayLengthRefusal(name: string): string {
  return `awk: length(${name}) of an array is not supported by this shell's awk, which gives 0 for any array; nothing ran. Count its elements in a loop (n = 0; for (k in ${name}) n++), or keep the count split() returns.`;
}
