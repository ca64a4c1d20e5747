/**
 * A small table of words that name the same capability in tool catalogs, and the query expansion
 * built on it. Query side only: documents are indexed as written. Imports nothing.
 */

/**
 * Groups of interchangeable words or two-word phrases, written in plain English. The index runs them
 * through its own analyzer (lowercase, stop words, stemming), so plurals and verb forms need no entry.
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['folder', 'directory', 'dir'],
  ['pr', 'pull request', 'merge request'],
  ['ticket', 'issue', 'bug'],
  ['delete', 'remove', 'erase', 'destroy'],
  ['find', 'search', 'lookup', 'query'],
  ['create', 'new', 'add', 'make'],
  ['list', 'enumerate', 'show all'],
  ['get', 'fetch', 'retrieve', 'read'],
  ['update', 'edit', 'modify', 'change'],
  ['send', 'post'],
  ['message', 'chat'],
  ['run', 'execute', 'exec'],
  ['command', 'shell'],
  ['repository', 'repo'],
  ['database', 'db', 'sql'],
  ['web page', 'webpage', 'website', 'url'],
  ['browser', 'tab'],
  ['click', 'press', 'tap'],
  ['screenshot', 'capture'],
  ['email', 'mail'],
  ['document', 'doc'],
  ['file', 'document'],
  ['calendar', 'schedule'],
  ['event', 'meeting', 'appointment'],
  ['user', 'member', 'account'],
  ['comment', 'reply'],
  ['close', 'resolve'],
  ['download', 'fetch'],
];

/** Turns free text into index terms; the expander uses the index's analyzer so forms line up. */
export type TermAnalyzer = (text: string) => string[];

/** One place where a query says something the table knows other words for. */
export interface SynonymExpansion {
  /** Position of the matched phrase's first term in the query terms. */
  start: number;
  /** How many query terms the matched phrase spans (1 or 2). */
  length: number;
  /** The other phrases of the group, analyzed; none made only of the query's own terms. */
  alternatives: string[][];
}

/** Finds the phrases of the table in analyzed query terms. */
export type SynonymExpander = (terms: readonly string[]) => SynonymExpansion[];

/**
 * Builds an expander over `groups`. A phrase matches where its analyzed terms stand next to each
 * other in the query; each match yields the group's other phrases as alternatives for that span.
 * Matches are reported in query order; a span is reported once even when several groups hold it.
 */
export function createSynonymExpander(
  groups: readonly (readonly string[])[],
  analyze: TermAnalyzer,
): SynonymExpander {
  const phrases: { terms: string[]; group: number }[] = [];
  const analyzedGroups: string[][][] = [];
  groups.forEach((group, groupIndex) => {
    const analyzed: string[][] = [];
    for (const phrase of group) {
      const terms = analyze(phrase);
      if (terms.length === 0) continue;
      analyzed.push(terms);
      phrases.push({ terms, group: groupIndex });
    }
    analyzedGroups.push(analyzed);
  });

  return (queryTerms) => {
    const own = new Set(queryTerms);
    const bySpan = new Map<string, SynonymExpansion>();
    for (const phrase of phrases) {
      for (const start of findRuns(queryTerms, phrase.terms)) {
        const key = `${start}:${phrase.terms.length}`;
        let expansion = bySpan.get(key);
        if (expansion === undefined) {
          expansion = { start, length: phrase.terms.length, alternatives: [] };
          bySpan.set(key, expansion);
        }
        for (const other of analyzedGroups[phrase.group] ?? []) {
          if (other.every((term) => own.has(term))) continue;
          if (expansion.alternatives.some((known) => sameTerms(known, other))) continue;
          expansion.alternatives.push(other);
        }
      }
    }
    return [...bySpan.values()]
      .filter((expansion) => expansion.alternatives.length > 0)
      .sort((a, b) => a.start - b.start || b.length - a.length);
  };
}

function sameTerms(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((term, i) => term === b[i]);
}

/** Start positions where `run` occurs in `haystack`. */
function findRuns(haystack: readonly string[], run: readonly string[]): number[] {
  const starts: number[] = [];
  const last = haystack.length - run.length;
  for (let start = 0; start <= last; start++) {
    if (run.every((term, offset) => haystack[start + offset] === term)) starts.push(start);
  }
  return starts;
}
