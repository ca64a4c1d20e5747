/**
 * Text helpers, the diff reader and the JSON tree helpers: what the page draws from untrusted text.
 * Reaches inside: the playground app's state modules (src/playground/state/) have no public entry:
 * browser-agent-tools/playground exports the component, createPlaygroundStore and the approval prompt only,
 * so they are tested as the app uses them.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { parseUnifiedDiff } from '../../src/playground/state/diff-rows.ts';
import {
  autoExpandDepth,
  childEntries,
  containerSummary,
  expandDepth,
  treeSize,
} from '../../src/playground/state/json-view.ts';
import { byteLength, shortJson, splitLines, visibleRuns } from '../../src/playground/state/text.ts';

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
    expect(treeSize(deep)).toEqual({ nodes: 10_001, depth: 10_000 });
    expect(autoExpandDepth(deep)).toBe(8);
    // Past the cap, the depth is that of the nodes counted: the root, the last pair and its two items,
    // then the pair before it.
    expect(
      treeSize(
        Array.from({ length: 10 }, () => [1, 2]),
        5,
      ),
    ).toEqual({ nodes: 5, depth: 2 });
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

/** The summary written out whole, then cut: what {@link shortJson} must equal, however far it reads. */
function wholeSummary(value: unknown, max: number): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  text = text.replace(/\s+/g, ' ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** JSON.stringify writes it without throwing (no bigint, no cycle anywhere in it). */
function writable(value: unknown): boolean {
  try {
    JSON.stringify(value);
    return true;
  } catch {
    return false;
  }
}

describe('one-line JSON summaries', () => {
  it('equal the whole value written out, white space collapsed and cut, for any value JSON can write', () => {
    const text = fc.string({
      unit: fc.oneof(
        fc.constantFrom(' ', '  ', '\n', '\t', '\u00a0', '"', '\\', '😀', '\uD800'),
        fc.string({ maxLength: 1 }),
      ),
      maxLength: 400,
    });
    const value = fc.oneof(
      text,
      fc.jsonValue({ maxDepth: 4 }),
      fc.anything({
        maxDepth: 3,
        withBoxedValues: true,
        withDate: true,
        withMap: true,
        withSparseArray: true,
        withBigInt: true,
        withNullPrototype: true,
        withObjectString: true,
        withTypedArray: true,
      }),
      fc.dictionary(text, fc.oneof(text, fc.array(text, { maxLength: 5 }))),
    );
    fc.assert(
      fc.property(value.filter(writable), fc.integer({ min: 1, max: 120 }), (item, max) => {
        expect(shortJson(item, max)).toBe(wholeSummary(item, max));
      }),
      { numRuns: 2000 },
    );
  });

  it('summarise values JSON.stringify writes its own way, or cannot write, as their whole summary', () => {
    // What JSON.stringify cannot write is summarised by String when the summary reaches it.
    const cycle: Record<string, unknown> = { name: 'loop' };
    cycle.self = cycle;
    const sparse = [1];
    sparse[2] = 3;
    class Point {
      x = 1;
    }
    const values: unknown[] = [
      undefined,
      () => 1,
      10n,
      cycle,
      new Date(0),
      new Point(),
      { a: undefined, b: () => 1, c: Symbol('c'), d: [undefined, () => 1, Symbol('e')] },
      sparse,
      { toJSON: () => 'custom' },
      Number.NaN,
    ];
    for (const value of values) expect(shortJson(value, 60)).toBe(wholeSummary(value, 60));
    // Spaces that collapse to one bring an emoji read in two pieces into the summary: still one.
    // (A piece of a 12-character summary inside "[" is 28 characters: the pair stands at 27 and 28.)
    expect(shortJson([`${' '.repeat(27)}😀${'b'.repeat(100)}`], 12)).toBe('[" 😀bbbbbb…');
    expect(values.slice(0, 5).map((value) => shortJson(value, 60))).toEqual([
      'undefined',
      '() => 1',
      '10',
      '[object Object]',
      '"1970-01-01T00:00:00.000Z"',
    ]);
  });

  it('read no more of a 900 KB value than the summary shows', () => {
    const big = {
      note: `${' '.repeat(100_000)}spaced out`,
      items: Array.from({ length: 30_000 }, (_, id) => ({ id, name: `item ${id}` })),
    };
    const lines = `${'\n'.repeat(100_000)}a b`;
    const expected = [wholeSummary(big, 60), wholeSummary(lines, 60)];
    expect(expected).toEqual(['{"note":" spaced out","items":[{"id":0,"name":"item 0"},{"i…', ' a b']);
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      expect([shortJson(big, 60), shortJson(lines, 60)]).toEqual(expected);
      // Each piece written is a number or a string of about the summary's length, never the value.
      const written = stringify.mock.calls.map(([piece]) => (typeof piece === 'string' ? piece.length : 0));
      expect(Math.max(...written)).toBeLessThanOrEqual(61 + 16 + 1);
    } finally {
      stringify.mockRestore();
    }
  });
});
