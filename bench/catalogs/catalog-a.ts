/**
 * Catalog A: every operation of GitHub's REST API, one tool per operation, read from the committed
 * fixture `fixtures/catalog-a.json` (regenerated from `@octokit/openapi` by `bench/catalog-sources`,
 * which says how each tool and query is derived). Queries are the operations' summaries; a summary
 * shared by several operations counts every one of them as a correct answer.
 */
import { readFileSync } from 'node:fs';
import type { ToolSpec } from '../../src/core/types.ts';

/** One evaluation query: the text and the tool names that count as a correct answer. */
export interface CatalogQuery {
  query: string;
  expected: readonly string[];
  /** The single operation the query was taken from (for the strict figure). */
  source?: string;
}

export interface Catalog {
  tools: ToolSpec[];
  queries: CatalogQuery[];
  /** Package name → version of what the catalog was read from. */
  versions: Record<string, string>;
}

/** What a fixture file holds: the tools, and the package and version each part was listed from. */
export interface CatalogFixture {
  generated: string;
  sources: { package: string; version: string }[];
  tools: ToolSpec[];
  queries?: CatalogQuery[];
}

/** Reads `fixtures/<file>`. */
export function readFixture(file: string): CatalogFixture {
  return JSON.parse(readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8')) as CatalogFixture;
}

/** Package → version, as the bench reports provenance. */
function fixtureVersions(fixture: CatalogFixture): Record<string, string> {
  return Object.fromEntries(fixture.sources.map((source) => [source.package, source.version]));
}

/**
 * The fixture's tools with the given queries; throws when a query expects a tool the fixture does not
 * list (a regenerated fixture that renamed a tool must not silently lower recall).
 */
export function catalogWithQueries(
  label: string,
  fixture: CatalogFixture,
  queries: readonly CatalogQuery[],
): Catalog {
  const names = new Set(fixture.tools.map((tool) => tool.name));
  const unknown = queries.flatMap((query) => query.expected).filter((name) => !names.has(name));
  if (unknown.length > 0) {
    throw new Error(`${label}: queries expect tools the fixture does not list: ${unknown.join(', ')}`);
  }
  return {
    tools: fixture.tools,
    queries: queries.map((query) => ({ ...query })),
    versions: fixtureVersions(fixture),
  };
}

let cached: Catalog | undefined;

/** Loads catalog A (about 1,200 tools and as many queries). Cached after the first call. */
export function loadCatalogA(): Catalog {
  if (cached !== undefined) return cached;
  const fixture = readFixture('catalog-a.json');
  cached = catalogWithQueries('catalog A', fixture, fixture.queries ?? []);
  return cached;
}
