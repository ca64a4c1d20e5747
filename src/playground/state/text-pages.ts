/**
 * Large untrusted text cut into pages, so a view draws one page and the main thread never holds a
 * whole 5 MB text's lines at once: a page ends after `maxLines` lines or `maxChars` characters,
 * whichever comes first. Finding the pages is one scan with `indexOf`. Framework-free.
 */

/** Lines of a page. */
const PAGE_LINES = 1000;
/** Characters of a page (a single long line is cut across pages). */
const PAGE_CHARS = 100_000;

/** Where each page starts in `text`; one page (at 0) for a short or empty text. */
export function pageStarts(text: string, maxLines = PAGE_LINES, maxChars = PAGE_CHARS): number[] {
  const starts = [0];
  let start = 0;
  while (text.length - start > 0) {
    let end = start;
    let lines = 0;
    // Step from line break to line break until the page is full.
    while (lines < maxLines) {
      const next = text.indexOf('\n', end);
      const lineEnd = next === -1 ? text.length : next + 1;
      if (lineEnd - start > maxChars) {
        // A page of whole lines ends at its last break; a line longer than a page is cut.
        if (lines === 0) end = start + maxChars;
        break;
      }
      end = lineEnd;
      lines++;
      if (next === -1) break;
    }
    if (end >= text.length) break;
    starts.push(end);
    start = end;
  }
  return starts;
}

/** The text of page `index` (0-based) of `text`, given its page starts. */
export function pageText(text: string, starts: readonly number[], index: number): string {
  const from = starts[index] ?? 0;
  const to = starts[index + 1] ?? text.length;
  return text.slice(from, to);
}
