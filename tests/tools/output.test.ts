/**
 * The tools' output truncation (src/tools/output.ts): line and byte budgets from either end, line clipping,
 * and sanitized text.
 * Reaches inside: truncateHead, truncateTail, clipLine, sanitizeText, splitLines and tailBytes are exported
 * by no entry; every cut is compared with a line-by-line reference over any text (fast-check).
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { tailBytes } from '../../src/shared/index.ts';
import {
  clipLine,
  sanitizeText,
  splitLines,
  type Truncation,
  truncateHead,
  truncateTail,
} from '../../src/tools/output.ts';

const numbered = (count: number): string =>
  Array.from({ length: count }, (_, i) => `line ${i + 1}`).join('\n');

const bytesOf = (text: string): number => new TextEncoder().encode(text).length;

/**
 * The cut spelled out line by line, every size from TextEncoder: what the tools' truncation must
 * equal, however it finds the lines and counts their bytes.
 */
function reference(text: string, maxLines: number, maxBytes: number, from: 'head' | 'tail'): Truncation {
  const lines = splitLines(text);
  const base = { totalLines: lines.length, totalBytes: bytesOf(text), lastLinePartial: false };
  if (lines.length <= maxLines && bytesOf(text) <= maxBytes) {
    const whole = { content: text, truncated: false, truncatedBy: null, outputLines: lines.length };
    return { ...base, ...whole, outputBytes: bytesOf(text), firstLineExceedsLimit: false };
  }
  const ordered = from === 'head' ? lines : [...lines].reverse();
  const kept: string[] = [];
  let truncatedBy: 'lines' | 'bytes' = 'lines';
  let lastLinePartial = false;
  for (const line of ordered) {
    if (kept.length >= maxLines) break;
    if (bytesOf([...kept, line].join('\n')) > maxBytes) {
      truncatedBy = 'bytes';
      lastLinePartial = from === 'tail' && kept.length === 0;
      if (lastLinePartial) kept.push(tailBytes(line, maxBytes));
      break;
    }
    kept.push(line);
  }
  if (from === 'tail') kept.reverse();
  const content = kept.join('\n');
  const firstLineExceedsLimit = from === 'head' && kept.length === 0 && lines.length > 0;
  const cut = {
    content,
    truncated: true,
    truncatedBy,
    outputLines: kept.length,
    outputBytes: bytesOf(content),
  };
  return { ...base, ...cut, lastLinePartial, firstLineExceedsLimit };
}

describe('truncation budgets', () => {
  it('text within both budgets is returned as it is', () => {
    const text = `${numbered(3)}\n`;
    expect(truncateHead(text, { maxLines: 3 })).toMatchObject({
      content: text,
      truncated: false,
      truncatedBy: null,
    });
    expect(truncateTail(text, { maxLines: 3 })).toMatchObject({
      content: text,
      truncated: false,
      totalLines: 3,
    });
  });

  it('the line budget keeps whole lines from the chosen end', () => {
    expect(truncateHead(numbered(10), { maxLines: 3 })).toMatchObject({
      content: 'line 1\nline 2\nline 3',
      truncated: true,
      truncatedBy: 'lines',
      totalLines: 10,
      outputLines: 3,
    });
    expect(truncateTail(numbered(10), { maxLines: 3 })).toMatchObject({
      content: 'line 8\nline 9\nline 10',
      truncatedBy: 'lines',
      outputLines: 3,
    });
  });

  it('the byte budget counts UTF-8 bytes and newlines', () => {
    const text = 'ééé\nabc\nxyz';
    const head = truncateHead(text, { maxBytes: 10 });
    expect(head).toMatchObject({ content: 'ééé\nabc', truncatedBy: 'bytes', outputBytes: 10 });
    expect(truncateTail(text, { maxBytes: 7 })).toMatchObject({ content: 'abc\nxyz', truncatedBy: 'bytes' });
  });

  it('a first line over the budget keeps nothing from the head, and the end of it from the tail', () => {
    const text = `${'a'.repeat(20)}😀end`;
    expect(truncateHead(text, { maxBytes: 8 })).toMatchObject({ content: '', firstLineExceedsLimit: true });
    const tail = truncateTail(text, { maxBytes: 8 });
    expect(tail).toMatchObject({ content: 'a😀end', lastLinePartial: true, outputBytes: 8 });
  });

  it('a 5 MB line is cut to its last 50 KB with its whole size, and no copy of it is encoded', () => {
    const encode = vi.spyOn(TextEncoder.prototype, 'encode');
    try {
      const text = `${'é'.repeat(2.5 * 1024 * 1024)}😀ends\n`;
      const tail = truncateTail(text);
      expect(tail).toMatchObject({
        truncated: true,
        truncatedBy: 'bytes',
        totalLines: 1,
        totalBytes: 5 * 1024 * 1024 + 9,
        outputLines: 1,
        outputBytes: 50 * 1024,
        lastLinePartial: true,
      });
      expect(tail.content).toBe(`${'é'.repeat(25_596)}😀ends`);
      expect(truncateHead(text)).toMatchObject({ content: '', outputBytes: 0, firstLineExceedsLimit: true });
      expect(encode).not.toHaveBeenCalled();
    } finally {
      encode.mockRestore();
    }
  });

  it('a cut of any text equals the cut spelled out line by line, from either end', () => {
    const unit = fc.oneof(
      fc.constantFrom('\n', '\n', 'a', 'é', '€', '😀', '\uD800', '\uDC00'),
      fc.string({ unit: 'binary', maxLength: 1 }),
    );
    fc.assert(
      fc.property(
        fc.string({ unit, maxLength: 200 }),
        fc.integer({ min: 0, max: 30 }),
        // A budget anywhere, or just under the text's size, where only its final newline may be over.
        fc.oneof(fc.integer({ min: 0, max: 300 }), fc.integer({ min: -3, max: -1 })),
        (text, maxLines, budget) => {
          const maxBytes = budget >= 0 ? budget : Math.max(0, bytesOf(text) + budget);
          expect(truncateHead(text, { maxLines, maxBytes })).toEqual(
            reference(text, maxLines, maxBytes, 'head'),
          );
          expect(truncateTail(text, { maxLines, maxBytes })).toEqual(
            reference(text, maxLines, maxBytes, 'tail'),
          );
        },
      ),
      // An empty first line, kept whole because only the final newline is over the budget.
      { numRuns: 1000, examples: [['\nabc\n', 30, -1]] },
    );
  });

  it('clipLine clips to a number of characters and says so', () => {
    expect(clipLine('x'.repeat(12), 10)).toEqual({ text: `${'x'.repeat(10)}... [truncated]`, clipped: true });
    expect(clipLine('short', 10)).toEqual({ text: 'short', clipped: false });
  });

  it('sanitizeText makes NUL, control characters and lone surrogates visible and safe', () => {
    expect(sanitizeText('a\u0000b\u001bc\td\ne\r')).toBe('a\\u{0}b\\u{1b}c\td\ne\r');
    expect(sanitizeText('x\uD800y\uDC00z😀')).toBe('x\uFFFDy\uFFFDz😀');
  });
});
