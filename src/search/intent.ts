/**
 * What a request asks to do, and what a tool's name says it does: read, create, delete, update, or
 * change something another way; and whether it is one thing or many. A question ("which collections
 * exist") seldom wants the tool that creates one, "remove the unused index" seldom wants the one
 * that creates an index, and "show all my projects" seldom wants the one that gets a single
 * project, though each shares most of its words with the other. The index multiplies the score of
 * a tool whose intent contradicts the query's by a factor below 1 (`intentFactor`).
 * May import `./text-analysis.ts`.
 */

import { bareTokens, MAX_QUERY_CHARS, splitWords, stemWord } from './text-analysis.ts';

/**
 * What a request or a tool does to the things it names: looks at them, creates, deletes or updates
 * one, or changes something in another way (`change`: start, send, merge, ...).
 */
type Action = 'read' | 'create' | 'delete' | 'update' | 'change';

/** Whether a request or a tool is about one thing or many. */
type Amount = 'one' | 'many';

/** What a request asks, or what a tool's name says it does; `undefined` where the words do not tell. */
export interface Intent {
  action: Action | undefined;
  amount: Amount | undefined;
}

/** What a score is multiplied by when the tool's action contradicts the query's. */
export const ACTION_MISMATCH_FACTOR = 0.7;

/** What a score is multiplied by when the tool acts on one thing and the query asks for many, or the reverse. */
export const AMOUNT_MISMATCH_FACTOR = 0.8;

/** The smallest factor `intentFactor` returns: a tool's final score is at least its score times this. */
export const LOWEST_INTENT_FACTOR: number = ACTION_MISMATCH_FACTOR * AMOUNT_MISMATCH_FACTOR;

/** Verbs that lead tool names (`list_projects`, `drop-index`), by what the tool does. */
const TOOL_VERBS: Readonly<Record<Action, readonly string[]>> = {
  read: [
    ...['get', 'list', 'read', 'fetch', 'find', 'search', 'show', 'describe', 'view', 'count'],
    ...['inspect', 'retrieve', 'lookup', 'browse', 'query'],
  ],
  create: ['create', 'add', 'insert', 'new', 'install', 'register'],
  delete: ['delete', 'remove', 'drop', 'uninstall', 'destroy', 'purge', 'clear'],
  update: ['update', 'edit', 'set', 'rename', 'modify', 'patch', 'replace'],
  change: [
    ...['write', 'upload', 'post', 'send', 'apply', 'merge', 'rebase', 'reset', 'restore', 'pause'],
    ...['resume', 'cancel', 'schedule', 'mute', 'unmute', 'assign', 'close', 'reopen', 'resolve'],
    ...['unresolve', 'archive', 'upgrade', 'enable', 'disable', 'deploy', 'start', 'stop', 'kill'],
    ...['terminate', 'connect', 'disconnect', 'move'],
  ],
};

/** Reading verbs whose tools return a list. */
const LISTING_VERBS: ReadonlySet<string> = new Set(['list', 'search', 'find', 'query']);

/**
 * Words by which a request asks for a change, in the form a request uses them (imperative, or
 * `new`). They are not stemmed, so a description ("changes applied", "labelled bug", "status
 * updates") is not read as an order. The first kind found, in this order, wins.
 */
const CHANGE_REQUEST_WORDS: readonly (readonly [Action, ReadonlySet<string>])[] = [
  ['create', new Set([...TOOL_VERBS.create, 'make', 'provision'])],
  ['delete', new Set([...TOOL_VERBS.delete, 'wipe', 'erase', 'rid'])],
  ['update', new Set([...TOOL_VERBS.update, 'change', 'recolor'])],
  [
    'change',
    new Set([
      ...TOOL_VERBS.change,
      ...['mark', 'label', 'tag', 'link', 'attach', 'save', 'store', 'promote', 'silence', 'launch'],
      ...['import', 'publish', 'submit', 'approve', 'invite', 'fix', 'put'],
    ]),
  ],
];

/** Words by which a request asks to see something, when no word asks for a change. */
const READ_REQUEST_WORDS: ReadonlySet<string> = new Set([
  ...TOOL_VERBS.read,
  ...['what', 'which', 'who', 'whose', 'how', 'is', 'are', 'does', 'do', 'did', 'where', 'when', 'why'],
  ...['see', 'check', 'display', 'look', 'tell', 'compare', 'details', 'info', 'history', 'contents'],
]);

/** Words that speak of many things, in a request or a tool's name (`batch-read-objects`). */
const MANY_WORDS: ReadonlySet<string> = new Set([
  ...['all', 'every', 'list', 'which', 'multiple', 'several', 'many', 'bulk', 'batch'],
]);

/** Words by which a request asks for one thing. */
const ONE_WORDS: ReadonlySet<string> = new Set(['one', 'single']);

/** Words that end like a plural and name one thing. */
const NOT_PLURAL: ReadonlySet<string> = new Set([
  ...['details', 'contents', 'news', 'settings', 'analytics', 'stats', 'statistics'],
]);

/** Stem of a tool-name verb → what the tool does. */
const TOOL_VERB_ACTIONS: ReadonlyMap<string, Action> = new Map(
  (Object.keys(TOOL_VERBS) as Action[]).flatMap((action) =>
    TOOL_VERBS[action].map((verb) => [stemWord(verb), action] as const),
  ),
);

const LETTERS = /^\p{L}+$/u;

/**
 * The words of a query written as plain words, lowercased: not the parts of a file name or an
 * identifier, whose `notes` in `notes.txt` or `items` in `list_items` is no plural of the request.
 */
function plainWords(query: string): string[] {
  return bareTokens(query.slice(0, MAX_QUERY_CHARS))
    .filter((word) => LETTERS.test(word))
    .map((word) => word.toLowerCase());
}

/** A lowercase plural such as `projects` or `branches`, not a word that only ends like one (`status`, `details`). */
function isPlural(word: string): boolean {
  return word.length > 3 && word.endsWith('s') && !NOT_PLURAL.has(word) && stemWord(word) !== word;
}

/**
 * What a tool's name says it does: the action of its first verb, and, when it has one, `many` when
 * the verb lists or searches, the name says batch or bulk, or a word after the verb is a plural
 * (`get_subtasks`, `delete_issues`), else `one`.
 */
export function toolIntent(name: string): Intent {
  const words = splitWords(name);
  const at = words.findIndex((word) => TOOL_VERB_ACTIONS.has(stemWord(word)));
  const verb = words[at];
  if (verb === undefined) return { action: undefined, amount: undefined };
  // What the verb acts on follows it; the words before it name the server (`kubernetes_`).
  const many =
    LISTING_VERBS.has(verb) ||
    words.some((word) => MANY_WORDS.has(word)) ||
    words.slice(at + 1).some(isPlural);
  return { action: TOOL_VERB_ACTIONS.get(stemWord(verb)), amount: many ? 'many' : 'one' };
}

/**
 * What a request asks: the first kind of change one of its words asks for, else `read` when a word
 * asks to see; `one` when it says one thing, else `many` when it says all, every, which or a plural.
 */
export function queryIntent(query: string): Intent {
  const words = splitWords(query.slice(0, MAX_QUERY_CHARS));
  let action = CHANGE_REQUEST_WORDS.find(([, asking]) => words.some((word) => asking.has(word)))?.[0];
  if (action === undefined && words.some((word) => READ_REQUEST_WORDS.has(word))) action = 'read';
  let amount: Amount | undefined;
  if (words.some((word) => ONE_WORDS.has(word))) amount = 'one';
  else if (words.some((word) => MANY_WORDS.has(word)) || plainWords(query).some(isPlural)) amount = 'many';
  return { action, amount };
}

/**
 * What a tool's score is multiplied by for how its intent agrees with the query's: reading
 * contradicts every change; creating, deleting and updating contradict each other (a change of
 * another kind contradicts only reading); and a tool for one thing contradicts a request for many,
 * and the reverse. Never above 1, so it only ever lowers a score.
 */
export function intentFactor(query: Intent, tool: Intent): number {
  let factor = 1;
  if (contradicts(query.action, tool.action)) factor *= ACTION_MISMATCH_FACTOR;
  if (query.amount !== undefined && tool.amount !== undefined && query.amount !== tool.amount) {
    factor *= AMOUNT_MISMATCH_FACTOR;
  }
  return factor;
}

function contradicts(query: Action | undefined, tool: Action | undefined): boolean {
  if (query === undefined || tool === undefined || query === tool) return false;
  return query === 'read' || tool === 'read' || (query !== 'change' && tool !== 'change');
}
