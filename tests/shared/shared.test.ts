/**
 * The shared helpers (src/shared/): UTF-8 lengths, cuts by bytes, sizes as the tools print them, error
 * messages.
 * Reaches inside: src/shared/ holds the helpers every room imports and is exported by no entry; each helper
 * is checked alone against TextEncoder and fast-check, on characters a tool result shows only in part.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  errorMessage,
  formatSize,
  headBytes,
  tailBytes,
  utf8Length,
  utf8LengthUpTo,
} from '../../src/shared/index.ts';

const encoded = (text: string): number => new TextEncoder().encode(text).length;

describe('the shared helpers', () => {
  it('utf8Length counts what TextEncoder writes, lone surrogates as U+FFFD, and a slice of the text', () => {
    for (const text of ['', 'abc', 'é', '€', '😀', 'a😀b', 'x\uD800y', '\uDC00', 'end\uD83D']) {
      expect(utf8Length(text)).toBe(encoded(text));
    }
    // A long string and a slice of it, counted the same way.
    const long = `${'é😀x\uD800'.repeat(2000)}\uDC00`;
    expect(utf8Length(long)).toBe(encoded(long));
    expect(utf8Length(long, 0, long.length - 1)).toBe(encoded(long.slice(0, -1)));
    expect(utf8Length('a😀b', 1, 3)).toBe(4);
    // A pair cut by the slice's end counts its first half alone, as U+FFFD.
    expect(utf8Length('a😀b', 0, 2)).toBe(4);
  });

  it('utf8Length counts 1-, 2-, 3- and 4-byte characters, pairs and lone surrogates at every position', () => {
    expect(
      ['a', '\u007f', '\u0080', 'é', '\u07ff', '\u0800', '€', '\uffff'].map((text) => utf8Length(text)),
    ).toEqual([1, 1, 2, 2, 2, 3, 3, 3]);
    // A pair is one 4-byte character; either half alone is U+FFFD, 3 bytes, wherever it stands.
    expect(utf8Length('😀')).toBe(4);
    expect(utf8Length('\u{10ffff}')).toBe(4);
    expect(
      ['\uD83D', '\uDE00', '\uD83Da', 'a\uDE00', '\uDE00\uD83D', '\uD83D\uD83D\uDE00'].map((text) =>
        utf8Length(text),
      ),
    ).toEqual([3, 3, 4, 4, 6, 7]);
  });

  it('utf8Length equals what TextEncoder writes for any string, whole or sliced', () => {
    // Code points of every width, and single UTF-16 units, so lone and reversed surrogates come up.
    const unit = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 1 }),
      fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
      fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 200 }), fc.nat(), fc.nat(), (text, a, b) => {
        expect(utf8Length(text)).toBe(encoded(text));
        const start = text.length === 0 ? 0 : a % (text.length + 1);
        const end = start + (text.length === 0 ? 0 : b % (text.length - start + 1));
        expect(utf8Length(text, start, end)).toBe(encoded(text.slice(start, end)));
      }),
      { numRuns: 500 },
    );
  });

  it('utf8Length of a long output counts without TextEncoder, which would copy it whole first', () => {
    const encode = vi.spyOn(TextEncoder.prototype, 'encode');
    try {
      const text = `${'x'.repeat(100_000)}é😀`;
      expect(utf8Length(text)).toBe(100_006);
      expect(encode).not.toHaveBeenCalled();
    } finally {
      encode.mockRestore();
    }
  });

  it('utf8LengthUpTo is exact within the limit, over it otherwise, and reads no further than past the limit', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 100 }),
        fc.integer({ min: -1, max: 400 }),
        (text, limit) => {
          const exact = encoded(text);
          const counted = utf8LengthUpTo(text, limit);
          if (exact <= limit) expect(counted).toBe(exact);
          else expect(counted).toBeGreaterThan(limit);
        },
      ),
      { numRuns: 500 },
    );
    expect(utf8LengthUpTo('a😀b', 4, 1, 3)).toBe(4);
    // A 5-million-character text with a 10-byte budget: 11 characters are read, the one past the limit.
    let reads = 0;
    const charCodeAt = (): number => {
      reads += 1;
      return 0x78;
    };
    const huge = { length: 5_000_000, charCodeAt } as unknown as string;
    expect(utf8LengthUpTo(huge, 10)).toBe(11);
    expect(reads).toBe(11);
  });

  it('cuts by bytes never split a character or a surrogate pair', () => {
    expect(headBytes('a😀b', 3)).toBe('a');
    expect(headBytes('a😀b', 5)).toBe('a😀');
    expect(headBytes('a😀b', 100)).toBe('a😀b');
    expect(tailBytes('a😀b', 4)).toBe('b');
    expect(tailBytes('a😀b', 5)).toBe('😀b');
    expect(tailBytes('a😀b', 0)).toBe('');
    expect(headBytes('x\uD800y', 4)).toBe('x\uD800');
    expect(tailBytes('x\uDC00y', 4)).toBe('\uDC00y');
  });

  it('formatSize prints the sizes the built-in tools show', () => {
    expect([formatSize(512), formatSize(51_200), formatSize(3 * 1024 * 1024)]).toEqual([
      '512B',
      '50.0KB',
      '3.0MB',
    ]);
  });

  // The sizes codemode, the edge worker, imports and the playground once worded their own way: they
  // print formatSize's words now, so these pin them where the one formatter lives.
  it('formatSize words every size of every room the same way', () => {
    const sizes = [1, 1000, 1023, 1024, 64 * 1024, 2.5 * 1024 * 1024, 16 * 1024 * 1024, 5 * 1024 * 1024 + 1];
    expect(sizes.map(formatSize)).toEqual([
      '1B',
      '1000B',
      '1023B',
      '1.0KB',
      '64.0KB',
      '2.5MB',
      '16.0MB',
      '5.0MB',
    ]);
  });

  it("errorMessage is an Error's own message, anything else as a string", () => {
    expect(errorMessage(new TypeError('bad input'))).toBe('bad input');
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage(42)).toBe('42');
    expect(errorMessage(undefined)).toBe('undefined');
  });
});
