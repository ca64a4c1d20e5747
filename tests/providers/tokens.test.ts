import { describe, expect, it } from 'vitest';
import { countTokens } from '../../src/providers/index.ts';

describe('countTokens', () => {
  it('counts a string with the o200k encoding', () => {
    expect(countTokens('hello world')).toBe(2);
    expect(countTokens('')).toBe(0);
  });

  it('counts a longer string as more tokens', () => {
    const short = countTokens('hello world');
    const long = countTokens('hello world, this sentence is much longer than the first one');
    expect(long).toBeGreaterThan(short);
  });

  it('counts anything other than a string as its JSON', () => {
    const value = { a: 1, b: 'hello world' };
    expect(countTokens(value)).toBe(countTokens(JSON.stringify(value)));
    expect(countTokens(value)).toBe(10);
    expect(countTokens([1, 2, 3])).toBe(countTokens('[1,2,3]'));
    expect(countTokens(42)).toBe(countTokens('42'));
    expect(countTokens(null)).toBe(countTokens('null'));
  });

  it('counts a value JSON cannot represent as 0', () => {
    expect(countTokens(undefined)).toBe(0);
  });

  it('counts special-token text as plain text instead of throwing', () => {
    expect(countTokens('<|endoftext|>')).toBe(7);
  });
});
