/**
 * Two small tables of words that name the same thing in tool catalogs. `EQUIVALENT_TERMS` holds
 * abbreviations and variants, replaced in tools and queries alike by the analyzer. `SYNONYM_GROUPS`
 * holds words that often mean the same capability; they expand queries only, at a discount, and the
 * query expansion built on them lives here. Imports nothing.
 */

/**
 * Abbreviations and spelling variants, each group led by the word it stands for. The index replaces
 * every later entry of a group (a single word) by the first, in tool text and queries alike, so
 * `repos_get` and "get a repository" meet. Only unambiguous pairs belong here; words that merely
 * overlap in meaning go to {@link SYNONYM_GROUPS}.
 */
export const EQUIVALENT_TERMS: readonly (readonly string[])[] = [
  ['repository', 'repo'],
  ['organization', 'org', 'organisation'],
  ['pull request', 'pr'],
  ['directory', 'folder', 'dir'],
  ['database', 'db'],
  ['configuration', 'config', 'cfg'],
  ['environment', 'env'],
  ['information', 'info'],
  ['message', 'msg'],
  ['image', 'img'],
  ['document', 'doc'],
  ['administrator', 'admin'],
  ['parameter', 'param'],
  ['argument', 'arg'],
  ['reference', 'ref'],
  ['maximum', 'max'],
  ['minimum', 'min'],
  ['javascript', 'js'],
  ['kubernetes', 'k8s'],
  ['direct message', 'dm'],
  ['postgresql', 'postgres'],
  ['production', 'prod'],
  ['development', 'dev'],
  ['variable', 'var'],
  ['description', 'desc'],
  ['application', 'app'],
  ['statistics', 'stats'],
  ['authentication', 'auth'],
  ['command', 'cmd'],
  ['package', 'pkg'],
  ['library', 'lib'],
  ['temporary', 'temp', 'tmp'],
  ['specification', 'spec'],
  ['attribute', 'attr'],
];

/**
 * Groups of words or two-word phrases that often name the same capability, written in plain English
 * from the general vocabulary of agents and developer tools (not from any benchmark catalog). A word
 * may sit in several groups; a query word expands to the other phrases of every group that holds it.
 * The index runs them through its own analyzer (lowercase, stop words, stemming, `EQUIVALENT_TERMS`),
 * so plurals, verb forms and abbreviations need no entry.
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  // Actions.
  ['delete', 'remove', 'erase', 'destroy', 'drop', 'purge', 'get rid', 'wipe'],
  ['uninstall', 'remove'],
  ['find', 'search', 'lookup', 'look up', 'query', 'locate'],
  ['create', 'new', 'add', 'make', 'set up', 'spin up'],
  ['list', 'enumerate', 'show all'],
  ['get', 'fetch', 'retrieve', 'read'],
  ['show', 'display', 'view', 'see', 'read', 'get'],
  ['details', 'describe', 'inspect', 'info'],
  ['update', 'edit', 'modify', 'change', 'alter'],
  ['close', 'shut'],
  ['stop', 'end', 'halt', 'terminate', 'kill', 'cancel', 'abort'],
  ['start', 'begin', 'launch', 'trigger', 'kick off'],
  ['send', 'post'],
  ['run', 'execute', 'exec', 'evaluate', 'eval', 'invoke'],
  ['deploy', 'ship', 'release', 'roll out'],
  ['install', 'set up'],
  ['upgrade', 'update', 'bump'],
  ['restart', 'reboot', 'reload'],
  ['reload', 'refresh'],
  ['undo', 'revert', 'roll back', 'rollback'],
  ['resume', 'restore', 'unpause'],
  ['pause', 'suspend'],
  ['move', 'rename', 'relocate'],
  ['copy', 'duplicate', 'clone'],
  ['upload', 'attach'],
  ['download', 'fetch'],
  ['write', 'save', 'store'],
  ['navigate', 'go to', 'visit', 'browse'],
  ['type', 'enter', 'input'],
  ['click', 'press', 'tap'],
  ['hover', 'mouse over'],
  ['select', 'choose', 'pick', 'switch'],
  ['count', 'how many', 'number'],
  ['monitor', 'watch', 'track', 'observe'],
  ['reply', 'respond', 'answer'],
  ['comment', 'reply'],
  ['approve', 'accept'],
  ['reject', 'decline', 'dismiss'],
  ['compress', 'zip', 'archive'],
  ['convert', 'transform'],
  ['resize', 'scale'],
  ['clean up', 'cleanup', 'tear down'],
  ['close', 'resolve'],
  ['verify', 'validate', 'check'],
  ['summarize', 'summary', 'overview'],
  ['compare', 'diff', 'difference'],
  ['scrape', 'crawl', 'extract'],
  ['remember', 'memorize', 'save'],
  // Things.
  ['pull request', 'merge request'],
  ['ticket', 'issue', 'bug'],
  ['task', 'todo', 'to do'],
  ['message', 'chat'],
  ['channel', 'room', 'chat'],
  ['thread', 'conversation'],
  ['command', 'shell'],
  ['database', 'sql'],
  ['migration', 'schema change'],
  ['postgresql', 'database'],
  ['web page', 'webpage', 'website', 'url', 'site'],
  ['link', 'url', 'hyperlink'],
  ['internet', 'web', 'online'],
  ['browser', 'tab'],
  ['tab', 'page', 'window'],
  ['log', 'console'],
  ['output', 'stdout', 'stderr', 'log'],
  ['picture', 'image', 'screenshot', 'photo'],
  ['screenshot', 'capture'],
  ['video', 'recording', 'screencast'],
  ['email', 'mail', 'inbox'],
  ['file', 'document'],
  ['calendar', 'schedule'],
  ['event', 'meeting', 'appointment'],
  ['user', 'member', 'account', 'person', 'people'],
  ['team', 'group'],
  ['comment', 'note'],
  ['tag', 'label'],
  ['notification', 'alert'],
  ['dialog', 'popup', 'alert', 'modal', 'prompt'],
  ['keyboard', 'key', 'keystroke', 'shortcut'],
  ['mouse', 'cursor', 'pointer'],
  ['network request', 'http request', 'xhr'],
  ['script', 'code', 'snippet'],
  ['serverless function', 'lambda', 'edge function'],
  ['container', 'docker'],
  ['machine', 'node', 'host', 'server'],
  ['port forward', 'tunnel'],
  ['ping', 'health check', 'heartbeat', 'alive'],
  ['status', 'state', 'progress'],
  ['history', 'log', 'past'],
  ['version', 'revision', 'release'],
  ['cost', 'price', 'pricing', 'billing', 'charge'],
  ['usage', 'consumption', 'quota'],
  ['error', 'exception', 'crash', 'failure'],
  ['key', 'token', 'credential'],
  ['secret', 'password', 'credential'],
  ['setting', 'configuration', 'option', 'preference'],
  ['environment variable', 'env var'],
  ['location', 'place', 'address'],
  ['route', 'directions'],
  ['relation', 'relationship', 'connection'],
  // Records, work items and operations, in the general words of trackers, tables and consoles.
  ['column', 'field', 'attribute', 'property'],
  ['row', 'record', 'entry'],
  ['table', 'sheet', 'spreadsheet'],
  ['section', 'column', 'lane'],
  ['subtask', 'child', 'sub task'],
  ['dependency', 'blocked', 'blocker', 'depends'],
  ['downtime', 'maintenance window', 'maintenance', 'outage'],
  ['workflow', 'automation', 'pipeline'],
  ['process', 'program'],
  ['feedback', 'complain', 'complaint', 'suggestion'],
  ['authentication', 'login', 'log in', 'sign in'],
  ['follow', 'watch', 'subscribe'],
  ['allowlist', 'whitelist', 'access list'],
  ['documentation', 'docs', 'knowledge base', 'manual'],
  ['sample', 'example', 'demo'],
  ['insert', 'put', 'add'],
  ['contact', 'lead', 'customer'],
  ['schema', 'structure', 'object type'],
  ['size', 'disk space', 'storage'],
  ['article', 'paper', 'publication', 'study'],
  ['citation', 'cite', 'reference'],
  ['size', 'dimension'],
  ['screen', 'viewport'],
  ['phone', 'mobile', 'device'],
  ['limit', 'maximum', 'cap'],
  ['subscription', 'plan'],
  ['documentation', 'docs', 'manual'],
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
  // Phrases by their first term, each list in table order: a query is matched by looking up its
  // own terms, not by scanning the whole table for every search.
  const byFirstTerm = new Map<string, { terms: string[]; group: number }[]>();
  const analyzedGroups: string[][][] = [];
  groups.forEach((group, groupIndex) => {
    const analyzed: string[][] = [];
    for (const phrase of group) {
      const terms = analyze(phrase);
      if (terms.length === 0) continue;
      analyzed.push(terms);
      const first = terms[0] as string;
      const list = byFirstTerm.get(first) ?? [];
      list.push({ terms, group: groupIndex });
      byFirstTerm.set(first, list);
    }
    analyzedGroups.push(analyzed);
  });

  return (queryTerms) => {
    const own = new Set(queryTerms);
    const bySpan = new Map<string, SynonymExpansion>();
    queryTerms.forEach((first, start) => {
      for (const phrase of byFirstTerm.get(first) ?? []) {
        if (!startsAt(queryTerms, phrase.terms, start)) continue;
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
    });
    return [...bySpan.values()]
      .filter((expansion) => expansion.alternatives.length > 0)
      .sort((a, b) => a.start - b.start || b.length - a.length);
  };
}

function sameTerms(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((term, i) => term === b[i]);
}

/** Whether `run` occurs in `haystack` from position `start`. */
function startsAt(haystack: readonly string[], run: readonly string[], start: number): boolean {
  if (start + run.length > haystack.length) return false;
  return run.every((term, offset) => haystack[start + offset] === term);
}
