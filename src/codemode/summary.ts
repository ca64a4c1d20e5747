/**
 * Shortened descriptions for the declarations codemode shows the model: the summary paragraph of a
 * tool's description and the first sentence of any description. Pure string work; imports nothing.
 */

/** Characters of a first sentence kept at most; a longer one is cut at a word and ends with `…`. */
export const MAX_SENTENCE_CHARS = 160;

/** Words that end with a period without ending the sentence (compared lower-case, without the dot). */
const ABBREVIATIONS = new Set(['e.g', 'i.e', 'etc', 'vs', 'cf', 'approx', 'incl']);

/** The paragraphs of `description`, trimmed, empty ones dropped. */
function paragraphs(description: string): string[] {
  return description
    .trim()
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

/** Whether a paragraph is a Markdown block quote (an aside such as GitHub's `> [!NOTE]`). */
function isQuote(paragraph: string): boolean {
  return paragraph.startsWith('>');
}

/** A block quote without its `>` markers and its `[!NOTE]`-style label. */
function unquote(paragraph: string): string {
  return paragraph
    .split('\n')
    .map((line) => line.replace(/^\s*>\s?/, ''))
    .join('\n')
    .replace(/^\s*\[![A-Za-z]+\]\s*/, '')
    .trim();
}

/** Markdown links and images reduced to their text: `[List installations](https://…)` → `List installations`. */
function withoutLinkTargets(text: string): string {
  return text.replace(/!?\[([^\]\n]*)\]\([^)\s]*\)/g, '$1');
}

/**
 * What a description is about: its first paragraph that is not a block quote (asides such as
 * `> [!NOTE] This endpoint is in preview` come first in some catalogs), else its first paragraph
 * without the quote markers; Markdown links reduced to their text. Empty for an empty description.
 */
export function summaryParagraph(description: string): string {
  const all = paragraphs(description);
  const plain = all.find((paragraph) => !isQuote(paragraph));
  const summary = plain ?? (all[0] === undefined ? '' : unquote(all[0]));
  return withoutLinkTargets(summary);
}

/**
 * The first sentence of a description's {@link summaryParagraph}, on one line: runs of white space
 * (line breaks included) reduced to one space, and cut at a word after
 * {@link MAX_SENTENCE_CHARS} characters. A sentence ends at `.`, `!` or `?` followed by white space or
 * the end, outside backticks and not after a common abbreviation (`e.g.`, `etc.`).
 */
export function firstSentence(description: string): string {
  const flat = summaryParagraph(description).replace(/\s+/g, ' ').trim();
  let end = flat.length;
  let inCode = false;
  for (let index = 0; index < flat.length; index += 1) {
    const char = flat[index];
    if (char === '`') inCode = !inCode;
    if (inCode || (char !== '.' && char !== '!' && char !== '?')) continue;
    const next = flat[index + 1];
    if (next !== undefined && next !== ' ') continue;
    if (char === '.' && ABBREVIATIONS.has(wordBefore(flat, index))) continue;
    end = index + 1;
    break;
  }
  return cut(flat.slice(0, end));
}

/** The word that ends at `index` (exclusive), lower-case. */
function wordBefore(text: string, index: number): string {
  const start = text.lastIndexOf(' ', index - 1) + 1;
  return text
    .slice(start, index)
    .replace(/^[("'`]+/, '')
    .toLowerCase();
}

function cut(sentence: string): string {
  if (sentence.length <= MAX_SENTENCE_CHARS) return sentence;
  const space = sentence.lastIndexOf(' ', MAX_SENTENCE_CHARS - 1);
  const head = sentence.slice(0, space > MAX_SENTENCE_CHARS / 2 ? space : MAX_SENTENCE_CHARS - 1);
  return `${head.replace(/[\s,;:]+$/, '')}…`;
}
