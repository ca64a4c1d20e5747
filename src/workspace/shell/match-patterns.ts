/**
 * The patterns of `case` and of `[[ … == … ]]` (and `=`, `!=`) read as bash reads them. just-bash
 * turns such a pattern into a regular expression, and got two things wrong, each a wrong branch taken
 * with exit 0:
 *
 * - **`[!…]` was not negated.** A bracket expression was copied as it is, so `[!a-z]` became the set
 *   of `!` and `a` to `z`: `case $c in [!a-z]) echo other;; esac` took the branch for lowercase
 *   letters, and `[[ $x == [!0-9]* ]]` was true for a number. Each bracket expression that opens with
 *   `!` is respelled with `^`, the regular expression's negation, which bash reads the same.
 * - **Quoted parts of a `case` pattern matched as a pattern** when the word also had unquoted ones:
 *   `a"*"`, `a'*'` and `a\*` matched `ab` (GNU: only `a*`), `\[!a]` matched `a`. Such quoted parts
 *   (single quotes, a backslash, double quotes around plain text) are given to just-bash with each
 *   pattern character behind a backslash. A word quoted whole was right already.
 *
 * Only the pattern as written is reached: a pattern that comes from a variable (`case $x in $p)`), or
 * a double-quoted expansion in a pattern with unquoted parts (`a"$x"`), is known only as the script
 * runs and keeps just-bash's reading (docs/backends.md lists both). Globs that name files (`ls
 * [!a]*`) and `${x#[!a]}` were right already. Imports script-tree.ts.
 */
import { type ScriptTreeNode, visitNodes } from './script-tree.ts';

/** The `[[ ]]` operators whose right side is a pattern. */
const PATTERN_OPERATORS = new Set(['==', '=', '!=']);

/** Respells the patterns of the script's `case` items and `[[ ]]` comparisons, in place. */
export function fixMatchPatterns(ast: unknown): undefined {
  visitNodes(ast, (node) => {
    if (node.type === 'CaseItem' && Array.isArray(node.patterns)) {
      for (const word of node.patterns as ScriptTreeNode[]) {
        quoteQuotedParts(word);
        respellWord(word);
      }
    } else if (node.type === 'CondBinary' && PATTERN_OPERATORS.has(String(node.operator))) {
      respellWord(node.right as ScriptTreeNode);
    }
    return false;
  });
  return undefined;
}

type Part = { type?: unknown; pattern?: unknown; value?: unknown };

/** Unquoted pattern text: just-bash's parser cuts `[!]a]` into a glob `[!]` and a literal `a]`. */
const textOf = (part: Part): string | undefined =>
  part.type === 'Glob'
    ? (part.pattern as string)
    : part.type === 'Literal'
      ? (part.value as string)
      : undefined;

/** The text of a part quoted as written (`'a*'`, `\\*`, `"a*"` with no expansion in it). */
function quotedText(part: Part & { parts?: unknown }): string | undefined {
  if (part.type === 'SingleQuoted' || part.type === 'Escaped') return part.value as string;
  if (part.type !== 'DoubleQuoted' || !Array.isArray(part.parts)) return undefined;
  let text = '';
  for (const inner of part.parts as Part[]) {
    if (inner.type !== 'Literal' && inner.type !== 'Escaped') return undefined;
    text += inner.value as string;
  }
  return text;
}

/** What bash's patterns read specially, extended patterns' characters included. */
const PATTERN_CHARACTERS = /[\\*?[\]()|@!+]/g;

/**
 * The quoted parts of a pattern word that also has unquoted ones, as glob parts whose pattern
 * characters are behind a backslash. A word with no unquoted part is left: just-bash escapes it.
 */
function quoteQuotedParts(word: ScriptTreeNode | undefined): void {
  const parts = word?.parts;
  if (!Array.isArray(parts) || !parts.some((part) => textOf(part as Part) !== undefined)) return;
  for (let at = 0; at < parts.length; at++) {
    const text = quotedText(parts[at] as Part);
    if (text !== undefined) parts[at] = { type: 'Glob', pattern: text.replace(PATTERN_CHARACTERS, '\\$&') };
  }
}

/**
 * The word's runs of unquoted text (glob and literal parts side by side), respelled: a run whose
 * spelling changes becomes one glob part.
 */
function respellWord(word: ScriptTreeNode | undefined): void {
  const parts = word?.parts;
  if (!Array.isArray(parts)) return;
  const respelled: Part[] = [];
  for (let at = 0; at < parts.length; ) {
    let end = at;
    let text = '';
    while (end < parts.length && textOf(parts[end] as Part) !== undefined)
      text += textOf(parts[end++] as Part);
    if (end === at) {
      respelled.push(parts[at++] as Part);
      continue;
    }
    const spelled = text.includes('[') ? respellPattern(text) : text;
    if (spelled === text) respelled.push(...(parts.slice(at, end) as Part[]));
    else respelled.push({ type: 'Glob', pattern: spelled });
    at = end;
  }
  parts.splice(0, parts.length, ...respelled);
}

/**
 * `pattern` with `!` after the `[` of each bracket expression replaced by `^`, and a `]` first in a set
 * written `\]`, which just-bash's copy of the set keeps as a member. A backslash quotes the next
 * character; a `[` with no `]` to close it is a plain character, as in bash; inside a bracket
 * expression a `]` right after the opening (or after `!`) belongs to the set, and `[:alpha:]` is a
 * class name whose `]` does not close it. Linear in the pattern's length.
 */
function respellPattern(pattern: string): string {
  const out: string[] = [];
  let copied = 0;
  let at = 0;
  while (at < pattern.length) {
    const char = pattern[at];
    if (char === '\\') at += 2;
    else if (char !== '[') at++;
    else {
      const end = bracketEnd(pattern, at);
      // Nothing closes this `[`, so nothing closes a later one either: the rest is plain text. (Looking
      // again from each later `[` would make a pattern of many `[` cost its length squared.)
      if (end < 0) break;
      const negated = pattern[at + 1] === '!' || pattern[at + 1] === '^';
      const body = pattern.slice(at + (negated ? 2 : 1), end);
      // A `]` first in the set is one of its members; just-bash would end the set there.
      out.push(pattern.slice(copied, at), negated ? '[^' : '[', body.startsWith(']') ? '\\' : '', body, ']');
      at = end + 1;
      copied = at;
    }
  }
  out.push(pattern.slice(copied));
  return out.join('');
}

/** A character class's name in a set (`[:alpha:]`, `[:xdigit:]`), read where it starts. */
const CLASS_NAME = /\[:[a-z]{1,8}:\]/y;

/** Where the bracket expression opened at `start` closes, or -1 when nothing closes it. */
function bracketEnd(pattern: string, start: number): number {
  let at = start + 1;
  if (pattern[at] === '!' || pattern[at] === '^') at++;
  if (pattern[at] === ']') at++;
  while (at < pattern.length) {
    const char = pattern[at];
    if (char === ']') return at;
    if (char === '\\') at += 2;
    else if (char === '[' && pattern[at + 1] === ':') {
      CLASS_NAME.lastIndex = at;
      at = CLASS_NAME.test(pattern) ? CLASS_NAME.lastIndex : at + 1;
    } else at++;
  }
  return -1;
}
