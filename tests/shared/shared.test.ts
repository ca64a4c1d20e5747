import { describe, expect, it } from 'vitest';
import { errorMessage, formatSize, headBytes, tailBytes, utf8Length } from '../../src/shared/index.ts';

const encoded = (text: string): number => new TextEncoder().encode(text).length;

describe('the shared helpers', () => {
  it('utf8Length counts what TextEncoder writes, lone surrogates as U+FFFD, and a slice of the text', () => {
    for (const text of ['', 'abc', 'é', '€', '😀', 'a😀b', 'x\uD800y', '\uDC00', 'end\uD83D']) {
      expect(utf8Length(text)).toBe(encoded(text));
    }
    // A long string is measured by encoding it, a slice by counting: both agree.
    const long = `${'é😀x\uD800'.repeat(2000)}\uDC00`;
    expect(utf8Length(long)).toBe(encoded(long));
    expect(utf8Length(long, 0, long.length - 1)).toBe(encoded(long.slice(0, -1)));
    expect(utf8Length('a😀b', 1, 3)).toBe(4);
    // A pair cut by the slice's end counts its first half alone, as U+FFFD.
    expect(utf8Length('a😀b', 0, 2)).toBe(4);
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
