import { describe, expect, it } from 'vitest';
import { bm25Tokens, createBm25, schemaText } from '../../bench/lib/rankers.ts';
import { median, p95, quantile, sample } from '../../bench/lib/stats.ts';
import type { ToolSpec } from '../../src/core/entry.ts';

function tool(name: string, description: string, properties: Record<string, unknown> = {}): ToolSpec {
  return { name, description, parameters: { type: 'object', properties } };
}

describe('bench statistics', () => {
  it('takes medians and nearest-rank quantiles', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.95)).toBe(10);
    expect(p95(Array.from({ length: 100 }, (_, i) => i + 1))).toBe(95);
    expect(median([])).toBeNaN();
  });

  it('samples deterministically, keeping the original order', () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    const first = sample(items, 10, 6);
    expect(first).toEqual(sample(items, 10, 6));
    expect(first).toEqual([...first].sort((a, b) => a - b));
    expect(new Set(first).size).toBe(10);
  });
});

describe('BM25 baseline', () => {
  it('splits identifiers and drops stop words', () => {
    expect(bm25Tokens('createPullRequest for the HTTPServer')).toEqual([
      'create',
      'pull',
      'request',
      'http',
      'server',
    ]);
  });

  it('indexes parameter names and descriptions at every depth', () => {
    expect(
      schemaText({
        type: 'object',
        properties: {
          owner: { type: 'string', description: 'Account name.' },
          list: { items: { properties: { deep: {} } } },
        },
      }),
    ).toEqual(['owner', 'Account name.', 'list', 'deep']);
  });

  it('ranks a rare term above a common one and keeps insertion order among ties', () => {
    const bm25 = createBm25();
    bm25.add(tool('first', 'Reads a widget.'));
    bm25.add(tool('second', 'Reads a widget.'));
    bm25.add(tool('gadget_tool', 'Reads a gadget.'));
    expect(bm25.search('widget', 5)).toEqual(['first', 'second']);
    expect(bm25.search('read gadget', 5)[0]).toBe('gadget_tool');
    expect(bm25.search('nothing here', 5)).toEqual([]);
  });
});
