/** Text helpers, the diff reader and the JSON tree helpers: what the page draws from untrusted text. */
import { describe, expect, it } from 'vitest';
import { parseUnifiedDiff } from '../../src/playground/state/diff-rows.ts';
import {
  autoExpandDepth,
  childEntries,
  containerSummary,
  countNodes,
  expandDepth,
  nestingDepth,
} from '../../src/playground/state/json-view.ts';
import { byteLength, splitLines, visibleRuns } from '../../src/playground/state/text.ts';

describe('visible text', () => {
  it('replaces control, bidi and zero-width characters and lone surrogates with stand-ins that name them', () => {
    expect(visibleRuns('a\u0000b\u001b[1m\u202Ec\u200B\ud800 \t😀')).toEqual([
      { text: 'a' },
      { control: '␀', code: 'U+0000' },
      { text: 'b' },
      { control: '␛', code: 'U+001B' },
      { text: '[1m' },
      { control: '⟨U+202E⟩', code: 'U+202E' },
      { text: 'c' },
      { control: '⟨U+200B⟩', code: 'U+200B' },
      { control: '⟨U+D800⟩', code: 'U+D800' },
      { text: ' \t😀' },
    ]);
    expect(visibleRuns('<script>alert(1)</script>')).toEqual([{ text: '<script>alert(1)</script>' }]);
  });

  it('sizes and lines', () => {
    expect(byteLength('aä😀')).toBe(1 + 2 + 4);
    expect(byteLength('\ud800')).toBe(3);
    expect(splitLines('a\r\nb\rc\n')).toEqual(['a', 'b\rc', '']);
  });
});

describe('unified diff rows', () => {
  it('numbers old and new lines and keeps headers as text', () => {
    const patch = [
      'Index: <b>x</b>.txt',
      '===================================================================',
      '--- <b>x</b>.txt',
      '+++ <b>x</b>.txt',
      '@@ -2,3 +2,3 @@ <img src=x>',
      ' keep',
      '-old',
      '+new',
      ' end',
      '\\ No newline at end of file',
      '',
    ].join('\n');
    const { rows, added, removed } = parseUnifiedDiff(patch);
    expect({ added, removed }).toEqual({ added: 1, removed: 1 });
    expect(rows).toEqual([
      { kind: 'meta', text: 'Index: <b>x</b>.txt' },
      { kind: 'meta', text: '===================================================================' },
      { kind: 'old-file', text: '--- <b>x</b>.txt' },
      { kind: 'new-file', text: '+++ <b>x</b>.txt' },
      { kind: 'hunk', text: '@@ -2,3 +2,3 @@ <img src=x>' },
      { kind: 'context', text: 'keep', oldLine: 2, newLine: 2 },
      { kind: 'removed', text: 'old', oldLine: 3 },
      { kind: 'added', text: 'new', newLine: 3 },
      { kind: 'context', text: 'end', oldLine: 4, newLine: 4 },
      { kind: 'note', text: '\\ No newline at end of file' },
    ]);
  });
});

describe('JSON tree helpers', () => {
  it('measure a 10,000-level nesting without recursion', () => {
    let deep: unknown = 'bottom';
    for (let level = 0; level < 10_000; level++) deep = { a: deep };
    expect(nestingDepth(deep)).toBe(10_000);
    expect(countNodes(deep)).toBe(10_001);
    expect(autoExpandDepth(deep)).toBe(8);
  });

  it('pages children and reads own keys only, "__proto__" included', () => {
    const value = JSON.parse('{"__proto__": {"x": 1}, "b": [1, 2, 3]}');
    expect(childEntries(value, 0, 10)).toEqual([
      ['__proto__', { x: 1 }],
      ['b', [1, 2, 3]],
    ]);
    expect(
      childEntries(
        Array.from({ length: 250 }, (_, index) => index),
        200,
        100,
      ),
    ).toHaveLength(50);
    expect(containerSummary(new Array(10_000).fill(0))).toBe('[…] 10,000 items');
    expect(containerSummary({ a: 1 })).toBe('{…} 1 key');
    expect(autoExpandDepth({ a: new Array(500).fill({ b: 1 }) })).toBe(1);
  });

  it('expand as many levels as stay under a number of drawn nodes, pages of 100 each', () => {
    // 40 × 40 × 40: two levels draw 1 + 40 + 1,600 nodes; a third would draw 64,000 more.
    const cube = Array.from({ length: 40 }, () => Array.from({ length: 40 }, () => new Array(40).fill(0)));
    expect(expandDepth(cube, 2_000, 12)).toBe(2);
    expect(expandDepth(cube, 100_000, 12)).toBe(3);
    let deep: unknown = 'bottom';
    for (let level = 0; level < 100; level++) deep = { a: deep };
    expect(expandDepth(deep, 2_000, 12)).toBe(12);
    // Only a first page of each container counts: 10,000 items draw 100.
    expect(expandDepth(new Array(10_000).fill([1]), 2_000, 12)).toBe(2);
    expect(expandDepth(1, 2_000, 12)).toBe(1);
  });
});
