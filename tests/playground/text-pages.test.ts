/**
 * Text pages: a long output split into pages by lines or by characters, which join back to the text.
 * Reaches inside: the playground app's state modules (src/playground/state/) have no public entry:
 * browser-agent-tools/playground exports the component, createPlaygroundStore and the approval prompt only,
 * so they are tested as the app uses them.
 */
import { describe, expect, it } from 'vitest';
import { pageStarts, pageText } from '../../src/playground/state/text-pages.ts';

/** Every page's text, in order. */
const pages = (text: string, lines: number, chars: number) => {
  const starts = pageStarts(text, lines, chars);
  return starts.map((_, index) => pageText(text, starts, index));
};

describe('text pages', () => {
  it('a short text is one page; an empty text is one empty page', () => {
    expect(pages('a\nb\n', 10, 100)).toEqual(['a\nb\n']);
    expect(pages('', 10, 100)).toEqual(['']);
  });

  it('a page ends after its lines, or after its characters, whichever comes first; the pages join to the text', () => {
    expect(pages('1\n2\n3\n4\n5', 2, 100)).toEqual(['1\n2\n', '3\n4\n', '5']);
    expect(pages('aaaa\nbb\ncc\n', 10, 6)).toEqual(['aaaa\n', 'bb\ncc\n']);
    // A line longer than a page is cut across pages.
    expect(pages('x'.repeat(10), 10, 4)).toEqual(['xxxx', 'xxxx', 'xx']);
    expect(pages('ab\ncdefghij\nk', 10, 4)).toEqual(['ab\n', 'cdef', 'ghij', '\nk']);
  });

  it('5 MB on one line and 5 MB of 100,000 lines become pages of the set size that join to the whole', () => {
    const oneLine = 'x'.repeat(5 * 1024 * 1024);
    const oneLinePages = pages(oneLine, 1000, 100_000);
    expect(oneLinePages).toHaveLength(53);
    expect(oneLinePages.join('')).toBe(oneLine);
    const lines = Array.from({ length: 100_000 }, (_, index) => `line ${index + 1}`).join('\n');
    const linePages = pages(lines, 1000, 100_000);
    expect(linePages).toHaveLength(100);
    expect(linePages[1]?.startsWith('line 1001\n')).toBe(true);
    expect(linePages.join('')).toBe(lines);
  });
});
