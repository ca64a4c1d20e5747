import { describe, expect, it } from 'vitest';
import { clipLine, sanitizeText, truncateHead, truncateTail } from '../../src/tools/output.ts';

const numbered = (count: number): string =>
  Array.from({ length: count }, (_, i) => `line ${i + 1}`).join('\n');

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

  it('clipLine clips to a number of characters and says so', () => {
    expect(clipLine('x'.repeat(12), 10)).toEqual({ text: `${'x'.repeat(10)}... [truncated]`, clipped: true });
    expect(clipLine('short', 10)).toEqual({ text: 'short', clipped: false });
  });

  it('sanitizeText makes NUL, control characters and lone surrogates visible and safe', () => {
    expect(sanitizeText('a\u0000b\u001bc\td\ne\r')).toBe('a\\u{0}b\\u{1b}c\td\ne\r');
    expect(sanitizeText('x\uD800y\uDC00z😀')).toBe('x\uFFFDy\uFFFDz😀');
  });
});
