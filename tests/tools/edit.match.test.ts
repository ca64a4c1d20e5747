/**
 * Unit tests of edit's matching helpers: the maps from a comparison form back to the original text,
 * occurrence counting, and the closest-lines search.
 * Reaches inside: edit's matching helpers (src/tools/edit-match.ts) are exported by no entry; the maps back
 * to the original text and the closest-lines search are checked alone, which an edit's error text shows only
 * in part.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  closestLines,
  disjointOccurrences,
  fuzzyForm,
  lineEndingAt,
  lineEndingForm,
  matchStarts,
  occurrences,
  summarizeMatches,
} from '../../src/tools/edit-match.ts';

/** The original text a match of `needle` in `form` stands for. */
function matched(original: string, form: ReturnType<typeof fuzzyForm>, needle: string): string[] {
  return occurrences(form.text, needle).map((start) => {
    const [from, to] = form.span(start, start + needle.length);
    return original.slice(from, to);
  });
}

describe('lineEndingForm', () => {
  it('maps matches back over CRLF pairs, and keeps a CR outside a match that ends before it', () => {
    const original = 'a\r\nb\r\nc\nd\r\n';
    const form = lineEndingForm(original);
    expect(form.text).toBe('a\nb\nc\nd\n');
    expect(matched(original, form, 'b\nc')).toEqual(['b\r\nc']);
    expect(matched(original, form, 'b')).toEqual(['b']);
    expect(matched(original, form, '\nd\n')).toEqual(['\nd\r\n']);
  });

  it('is the identity without CRLF', () => {
    const form = lineEndingForm('x\ny');
    expect(form.text).toBe('x\ny');
    expect(form.span(1, 3)).toEqual([1, 3]);
  });
});

describe('fuzzyForm', () => {
  it('maps quotes, dashes, special spaces and NFKC forms, each back to its original characters', () => {
    const original = 'say \u201Chi\u201D \u2014 it\u2019s\u00A0\uFB01ne \uFF21';
    const form = fuzzyForm(original);
    expect(form.text).toBe('say "hi" - it\'s fine A');
    expect(matched(original, form, '"hi" -')).toEqual(['\u201Chi\u201D \u2014']);
    // A match inside the expansion of one character covers the whole character.
    expect(matched(original, form, 'i')).toEqual(['i', 'i', '\uFB01']);
  });

  it('drops blanks at line ends, so a match never takes them unless they are inside it', () => {
    const original = 'one  \r\ntwo\t\nthree \n';
    const form = fuzzyForm(original);
    expect(form.text).toBe('one\ntwo\nthree\n');
    expect(matched(original, form, 'one')).toEqual(['one']);
    expect(matched(original, form, 'one\ntwo')).toEqual(['one  \r\ntwo']);
  });

  it('keeps combining marks with their base character so NFKC can compose them', () => {
    const original = 'cafe\u0301 ok';
    const form = fuzzyForm(original);
    expect(form.text).toBe('caf\u00E9 ok');
    expect(matched(original, form, '\u00E9')).toEqual(['e\u0301']);
  });
});

describe('occurrences', () => {
  it('counts overlapping occurrences; a replace-all takes disjoint ones left to right', () => {
    expect(occurrences('aaaa', 'aa')).toEqual([0, 1, 2]);
    expect(disjointOccurrences([0, 1, 2], 2)).toEqual([0, 2]);
    expect(occurrences('abc', '')).toEqual([]);
  });
});

describe('lineEndingAt', () => {
  it("uses the next line break's style, else the previous one's, else LF", () => {
    expect(lineEndingAt('a\nb\r\nc', 2)).toBe('\r\n');
    expect(lineEndingAt('a\r\nb', 4)).toBe('\r\n');
    expect(lineEndingAt('abc', 1)).toBe('\n');
  });
});

describe('closestLines', () => {
  const file = ['alpha()', '  beta(1)', '  gamma(2)', 'delta()', '  beta(1)', '  gamma(3)', ''].join('\n');

  it('picks the candidate window that reproduces most lines, the first on ties', () => {
    expect(closestLines(file, '  beta(1)\n  gamma(3)\n  extra')).toEqual({
      firstLine: 5,
      lines: ['  beta(1)', '  gamma(3)', ''],
      score: 2,
    });
    expect(closestLines(file, '  beta(1)\n  gamma(9)')).toMatchObject({ firstLine: 2, score: 1 });
  });

  it('falls back to shorter prefixes of the first line, and gives up on blank or unknown text', () => {
    expect(closestLines(file, 'delta() with a long tail that is not in the file')).toMatchObject({
      firstLine: 4,
    });
    expect(closestLines(file, '  \n\n')).toBeUndefined();
    expect(closestLines(file, 'zzz')).toBeUndefined();
  });

  it('reports tabs against spaces only when the lines are otherwise equal', () => {
    const tabbed = 'f() {\n\tx := 1\n\ty := 2\n}\n';
    expect(closestLines(tabbed, '  x := 1\n  y := 2')?.indentation).toEqual({ line: 2, file: 'tabs' });
    expect(closestLines('a\n  x\n', '\tx')?.indentation).toEqual({ line: 2, file: 'spaces' });
    expect(closestLines(tabbed, '  x := 1\n  y := 3')?.indentation).toBeUndefined();
  });
});

describe('matchStarts', () => {
  it('finds disjoint matches for a replace-all, and only the first two (overlapping) otherwise', () => {
    expect(matchStarts('aaaa', 'aa', true)).toEqual([0, 2]);
    expect(matchStarts('aaaa', 'aa', false)).toEqual([0, 1]);
    expect(matchStarts('abcab', 'ab', false)).toEqual([0, 3]);
    expect(matchStarts('abc', 'c', false)).toEqual([2]);
    expect(matchStarts('abc', '', true)).toEqual([]);
  });
});

describe('summarizeMatches', () => {
  it('counts overlapping places and distinct lines in one pass, keeping the first lines only', () => {
    const original = 'a,,b\nc\n,\n,,,\n';
    expect(summarizeMatches(original, lineEndingForm(original), ',', 100)).toEqual({
      matches: 6,
      complete: true,
      lineCount: 3,
      lines: [1, 3, 4],
    });
    expect(summarizeMatches(original, lineEndingForm(original), ',', 2)).toMatchObject({
      lineCount: 3,
      lines: [1, 3],
    });
    expect(summarizeMatches('aaaa', lineEndingForm('aaaa'), 'aa', 10)).toMatchObject({
      matches: 3,
      lineCount: 1,
    });
  });

  it('numbers lines of the original text through a CRLF and a fuzzy form', () => {
    const crlf = 'x\r\ny x\r\n';
    expect(summarizeMatches(crlf, lineEndingForm(crlf), 'x', 10)).toMatchObject({
      matches: 2,
      lines: [1, 2],
    });
    const smart = 'it\u2019s\n\nit\u2019s\n';
    expect(summarizeMatches(smart, fuzzyForm(smart), "it's", 10)).toMatchObject({
      matches: 2,
      lines: [1, 3],
    });
  });

  it('stops counting a self-overlapping needle once it has compared 4 × the text plus 2^20 characters', () => {
    const text = 'a'.repeat(400_000);
    // 14 × 200,000 passes 4 × 400,000 + 1,048,576 characters: counting stops at the 14th match.
    expect(summarizeMatches(text, lineEndingForm(text), 'a'.repeat(200_000), 10)).toEqual({
      matches: 14,
      complete: false,
      lineCount: 1,
      lines: [1],
    });
  });
});

describe('fuzzyForm of ASCII text', () => {
  /** ASCII pieces that exercise the line map: blanks, CR alone, CRLF and LF. */
  const piece = fc.constantFrom('a', 'bc', ' ', '  ', '\t', '\r', '\n', '\r\n', 'x y');

  it('equals the general form (as seen through a non-ASCII line appended after it), span for span', () => {
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 30 }).map((pieces) => pieces.join('')),
        (text) => {
          fc.pre(!text.endsWith('\r'));
          const ascii = fuzzyForm(text);
          // The appended line is not ASCII, so this goes through the general, per-character form.
          const general = fuzzyForm(`${text}\n\u00E9`);
          expect(general.text).toBe(`${ascii.text}\n\u00E9`);
          for (let from = 0; from < ascii.text.length; from += 1) {
            for (let to = from + 1; to <= ascii.text.length; to += 1) {
              expect(ascii.span(from, to)).toEqual(general.span(from, to));
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('closestLines on a long oldText', () => {
  it('scores each of many candidate windows on its first lines only: 100,000 comparisons in all', () => {
    const file = 'same\n'.repeat(1000);
    const oldText = `${'same\n'.repeat(1000)}nope`;
    // 500 candidates (every line matches the anchor) share 100,000 comparisons: 200 lines each.
    expect(closestLines(file, oldText)).toMatchObject({ firstLine: 1, score: 200 });
    // One candidate gets them all.
    const anchored = `anchor\n${'same\n'.repeat(999)}`;
    expect(closestLines(anchored, `${anchored}nope`)).toMatchObject({ firstLine: 1, score: 1000 });
  });
});
