/**
 * The tool index's text analysis (src/search/text-analysis.ts): identifiers, stems, stop words,
 * abbreviations, and the values a query quotes.
 * Reaches inside: the analysis functions are exported by no entry; each is checked as words in, terms out,
 * which a search shows only through its results.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  analyzeQuery,
  analyzeText,
  buildEquivalences,
  collectWords,
  defaultEquivalenceMap,
  identifierTokens,
  MAX_QUERY_CHARS,
  normalizeTerm,
  splitWords,
  stemWord,
  withoutValues,
} from '../../src/search/text-analysis.ts';

describe('text analysis (a pure module: words in, terms out)', () => {
  it('splits identifiers at separators, camelCase and acronyms, and keeps non-ASCII letters', () => {
    expect(splitWords('github.pulls_create')).toEqual(['github', 'pulls', 'create']);
    expect(splitWords('createPullRequest')).toEqual(['create', 'pull', 'request']);
    expect(splitWords('parseHTTPResponse')).toEqual(['parse', 'http', 'response']);
    expect(splitWords('Ünïcode wörds-here')).toEqual(['ünïcode', 'wörds', 'here']);
  });

  it('keeps a capitalised compound whole before its parts only when asked', () => {
    expect(collectWords('JavaScript GitHub PostgreSQL', true)).toEqual([
      'javascript',
      'java',
      'script',
      'github',
      'git',
      'hub',
      'postgresql',
      'postgre',
      'sql',
    ]);
    expect(collectWords('JavaScript', false)).toEqual(['java', 'script']);
  });

  it('stems plurals, -ing, -ed and a final e so that forms of one word meet', () => {
    const words = ['issues', 'queries', 'branches', 'creating', 'created', 'create', 'running'];
    expect(words.map(stemWord)).toEqual(['issu', 'query', 'branch', 'creat', 'creat', 'creat', 'run']);
    expect(['status', 'analysis', 'agreed', 'free'].map(stemWord)).toEqual([
      'status',
      'analysis',
      'agreed',
      'free',
    ]);
  });

  it('drops stop words and replaces abbreviations by the words they stand for', () => {
    expect(normalizeTerm('The')).toBeNull();
    expect(normalizeTerm('Repos')).toBe('repo');
    expect(analyzeText('List the open PRs of a repo')).toEqual([
      'list',
      'open',
      'pull',
      'request',
      'repository',
    ]);
    expect([
      ...buildEquivalences([
        ['pull request', 'PR', 'pull'],
        ['repository', 'repo', 'repository'],
      ]).entries(),
    ]).toEqual([
      ['pr', ['pull', 'request']],
      ['pull', ['pull', 'request']],
      ['repo', ['repository']],
    ]);
  });

  it('reads a query as identifiers as written plus their words, unique and capped', () => {
    expect(identifierTokens('call github.pulls_create, please')).toEqual([
      'call',
      'github.pulls_create',
      'github',
      'pulls',
      'create',
      'please',
    ]);
    const equivalences = defaultEquivalenceMap();
    expect(analyzeQuery('create a GitHub PR for the repo', 10, equivalences)).toEqual([
      'creat',
      'github',
      'git',
      'hub',
      'pull',
      'request',
      'repository',
    ]);
    expect(analyzeQuery('create a GitHub PR for the repo', 3, equivalences)).toEqual([
      'creat',
      'github',
      'git',
    ]);
    // Only the first MAX_QUERY_CHARS characters are read, and a "word" that long names no tool.
    expect(analyzeQuery(`${'x'.repeat(MAX_QUERY_CHARS)} tail`, 10, new Map())).toEqual([]);
  });

  it('adds the word file to a query that names one by its extension, path or not', () => {
    const equivalences = defaultEquivalenceMap();
    expect(analyzeQuery('open notes.txt', 10, equivalences)).toEqual([
      'open',
      'notes.txt',
      'not',
      'txt',
      'fil',
    ]);
    expect(analyzeQuery('rename "src/App.test.TSX" please', 10, equivalences).at(-1)).toBe('fil');
    expect(analyzeQuery('show the notes file', 10, equivalences)).toEqual(['show', 'not', 'fil']);
    // A domain, a version or a sentence's full stop names no file.
    expect(analyzeQuery('scrape example.com', 10, equivalences)).not.toContain('fil');
    expect(analyzeQuery('upgrade to node 20.1', 10, equivalences)).not.toContain('fil');
    expect(analyzeQuery('list the notes.', 10, equivalences)).not.toContain('fil');
    // The first MAX_QUERY_CHARS characters are read for it too.
    expect(analyzeQuery(`${'word '.repeat(MAX_QUERY_CHARS)}notes.txt`, 100, equivalences)).not.toContain(
      'fil',
    );
  });

  it('leaves out the values a query quotes or names, not its apostrophes', () => {
    expect(withoutValues('pause until the text "Order confirmed" shows up')).toBe(
      'pause until the text   shows up',
    );
    expect(withoutValues("send 'hello there' to the channel")).toBe('send   to the channel');
    expect(withoutValues('run `npm test`, then report')).toBe('run  , then report');
    expect(withoutValues('post “Release shipped” now')).toBe('post   now');
    expect(withoutValues('new label in asana called blocked')).toBe('new label in asana called ');
    expect(withoutValues('open the file Named notes.txt')).toBe('open the file Named ');
    expect(withoutValues("what's in companies' founders' notes")).toBe(
      "what's in companies' founders' notes",
    );
    expect(withoutValues('an "unclosed quote stays')).toBe('an "unclosed quote stays');
    // Nothing but values: the query is all there is to search with.
    expect(withoutValues('"create issue"')).toBe('"create issue"');
  });

  it('imports nothing but its synonym table: no index, no engine, no state of a search', () => {
    const source = readFileSync(new URL('../../src/search/text-analysis.ts', import.meta.url), 'utf8');
    expect([...source.matchAll(/^import .* from '([^']+)';$/gm)].map((match) => match[1])).toEqual([
      './synonyms.ts',
    ]);
  });
});
