import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOG_B_QUERIES } from '../../bench/catalogs/catalog-b-queries.ts';

/** Lowercase words of a text, split at non-alphanumerics and camelCase, reduced to a rough stem. */
function stems(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => word.replace(/(ies|es|s|ing|ed)$/, '').replace(/e$/, ''));
}

/** Words too common to name anything (`API-retrieve-a-block` has an "a"). */
const STOP_WORDS = new Set(['a', 'an', 'the', 'to', 'of', 'with', 'for', 'in', 'on']);

/** The words of a tool's published name: `mcp__github__create_issue` → create, issue. */
function nameStems(tool: string): string[] {
  return stems(tool.replace(/^mcp__[^_]+__/, '')).filter((stem) => !STOP_WORDS.has(stem));
}

/**
 * Queries that do use a word of their tool's name. This check was written after the set was frozen;
 * the two slips it found are left as written, so the held-out set stays exactly as it was before
 * any tuning, and are listed here instead.
 */
const KNOWN_SLIPS = [
  'who approved or requested changes on PR #14', // get_pull_request_reviews: "request"
  'drag a local image from outside onto the drop zone', // browser_drop: "drop"
];

describe('catalog B held-out queries', () => {
  it('declares itself held out and written before tuning', () => {
    const header = readFileSync(
      new URL('../../bench/catalogs/catalog-b-queries.ts', import.meta.url),
      'utf8',
    );
    expect(header).toMatch(/HELD-OUT QUERIES FOR CATALOG B\. Written before any tuning/);
  });

  it('has at least 100 queries, each with an expected tool', () => {
    expect(CATALOG_B_QUERIES.length).toBeGreaterThanOrEqual(100);
    for (const { query, expected } of CATALOG_B_QUERIES) {
      expect(query.trim(), query).not.toBe('');
      expect(expected.length, query).toBeGreaterThan(0);
    }
    expect(new Set(CATALOG_B_QUERIES.map((entry) => entry.query)).size).toBe(CATALOG_B_QUERIES.length);
  });

  it('avoids the words of the expected tool name', () => {
    const offenders = CATALOG_B_QUERIES.filter(({ query, expected }) => {
      const words = new Set(stems(query));
      return expected.some((tool) => nameStems(tool).some((stem) => words.has(stem)));
    }).map(({ query }) => query);
    expect(offenders).toEqual(KNOWN_SLIPS);
  });
});
