/**
 * The `tool_search` tool: finds catalog tools the model has not been given yet and activates the
 * deferred ones through `control.add_tools`. Its index follows the catalog through change events.
 * May import `../core/types.ts`, `../core/errors.ts`, `./tool-index.ts` and `./session-learning.ts`.
 */

import type { FromSchema } from 'json-schema-to-ts';
import { ERROR_CODES, ToolError, UsageError } from '../core/errors.ts';
import type {
  CatalogEvent,
  JsonObject,
  PartialToolResult,
  PluginCallContext,
  RegisteredTool,
  SuitePlugin,
  ToolContext,
  ToolImplementation,
  ToolRepairs,
  ToolResult,
  ToolSession,
  ToolSpec,
  ToolSuite,
} from '../core/types.ts';
import { ownWordsOf, type SessionWords, teachSession, withSessionWords } from './session-learning.ts';
import {
  createToolIndex,
  MAX_QUERY_CHARS,
  type ToolIndex,
  type ToolIndexMatch,
  type ToolIndexOptions,
} from './tool-index.ts';

/** The model-visible name of the tool. */
export const TOOL_SEARCH_NAME = 'tool_search';

/** The names other agents give tool_search and its parameters. */
export const TOOL_SEARCH_REPAIRS: ToolRepairs = {
  aliases: [
    'ToolSearch',
    'tool_search_tool_regex',
    'tool_search_tool_bm25',
    'search_tool_bm25',
    'search_tools',
    'search_available_tools',
  ],
  parameters: { query: ['pattern', 'q', 'search'], limit: ['maxResults', 'max_results'] },
};

/** Matches returned when the model passes no `limit`. */
export const DEFAULT_SEARCH_LIMIT = 5;

/** The largest `limit` the model may ask for. */
export const MAX_SEARCH_LIMIT = 20;

/**
 * The tool's description. Constant whatever the catalog holds, so a provider's prompt cache survives
 * tools being registered, replaced or activated.
 */
export const TOOL_SEARCH_DESCRIPTION: string =
  'Search the tools that are not loaded yet, by name, description and parameters. ' +
  'Matching tools become callable from your next call. ' +
  'Describe the capability you need in plain words, for example "create a GitHub issue" or "query a Postgres database".';

/** Deferred matches a search activates at most, by default; the other matches are listed by name. */
export const DEFAULT_MAX_ACTIVATIONS = 3;

/**
 * By default, a deferred match after the first is activated only when its score is at least this
 * share of the best match's score: a match far below the best is seldom the one the model wanted,
 * and its declaration would cost tokens on every later request.
 */
export const DEFAULT_ACTIVATION_RATIO = 0.5;

/** Candidates handed to a `rerank` hook: the lexical index's best matches, at most this many. */
export const RERANK_DEPTH = 50;

/** Characters of the query repeated back in `output`. */
const MAX_ECHOED_QUERY_CHARS = 80;
/** Characters of a description's first line shown per match in `output`. */
const MAX_SUMMARY_CHARS = 200;

/** Options of {@link enableToolSearch}. */
export interface ToolSearchOptions {
  /** Matches returned when the model passes no `limit`. Default: `DEFAULT_SEARCH_LIMIT` (5). */
  defaultLimit?: number;
  /** The largest `limit` the model may ask for (the schema's `maximum`). Default: `MAX_SEARCH_LIMIT` (20). */
  maxLimit?: number;
  /** Options of the underlying index. Default: the `createToolIndex` defaults. */
  index?: ToolIndexOptions;
  /**
   * Deferred matches one search activates at most (1 or more); the other matches are listed by name,
   * and searching for a listed name activates that tool. Default: `DEFAULT_MAX_ACTIVATIONS` (3).
   */
  maxActivations?: number;
  /**
   * A deferred match after the first is activated only when its score is at least this share (0 to
   * 1) of the best match's score. Default: `DEFAULT_ACTIVATION_RATIO` (0.5); 0 activates up to
   * `maxActivations` whatever their scores.
   */
  activationRatio?: number;
  /**
   * Reorders the index's best matches (up to `RERANK_DEPTH`) with a model the host runs, such as an
   * embedding model: it returns one score per candidate, in the candidates' order, higher is better
   * (non-negative, so that `activationRatio` keeps its meaning). When it throws, rejects or returns
   * anything but one finite number per candidate, the lexical order is kept.
   */
  rerank?: ToolSearchRerank;
  /**
   * Learn from calls: when a session calls a tool one of its last three searches found, and the call
   * succeeds, the search's words that the tool's name and description lack are learned for the tool
   * (at most 32 per tool, for at most `MAX_SESSION_LEARNED_TOOLS` tools per session). `true`: per
   * session: they reorder that session's later results among the tools its request found by their own
   * words, and no other session sees them (`handle.sessionLearned(session)` gives them to the host,
   * which may merge them with `index.learn`). `'shared'`: the index learns them (`ToolIndex.learn`), so
   * they shape every session's results; choose it only when every session is the same user's. Either
   * way a learned word never makes a tool rank for a request that shares none of its words, unless the
   * index was made with `learnedWordsAlone`. The model never reads these words. Default: false.
   */
  learnFromCalls?: boolean | 'shared';
}

/** One candidate handed to a `rerank` hook, in the index's order. */
export interface RerankCandidate {
  name: string;
  description: string;
  /** The lexical score. */
  score: number;
}

/** Scores candidates against the query; one number per candidate, in order, higher is better. */
export type ToolSearchRerank = (
  query: string,
  candidates: readonly RerankCandidate[],
) => readonly number[] | Promise<readonly number[]>;

/** What {@link enableToolSearch} returns. */
export interface ToolSearchHandle {
  /** The live index: deferred and direct tools of the suite, except `tool_search` itself. */
  readonly index: ToolIndex;
  /** Stops following the catalog and unregisters `tool_search` (if it is still ours). Idempotent. */
  dispose(): void;
  /**
   * The words a session's calls taught, by tool (with `learnFromCalls: true`), for the host to keep or
   * to share: `index.learn(words.join(' '), name)` merges them into every session's results.
   */
  sessionLearned(session: ToolSession | undefined): { name: string; words: string[] }[];
}

/** Whether `tool_search` may find a tool: deferred and direct tools only, never itself. */
function isFindable<W>(tool: RegisteredTool<W>): boolean {
  return tool.spec.name !== TOOL_SEARCH_NAME && (tool.mode === 'deferred' || tool.mode === 'direct');
}

function checkLimitOption(name: string, value: number, max: number): void {
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new UsageError(
      `enableToolSearch: ${name} must be an integer from 1 to ${max}, got ${String(value)}.`,
    );
  }
}

/** The activation options, checked. */
function activationPolicy(options: ToolSearchOptions): ActivationPolicy {
  const maxActivations = options.maxActivations ?? DEFAULT_MAX_ACTIVATIONS;
  const activationRatio = options.activationRatio ?? DEFAULT_ACTIVATION_RATIO;
  checkLimitOption('maxActivations', maxActivations, Number.MAX_SAFE_INTEGER);
  if (!(activationRatio >= 0 && activationRatio <= 1)) {
    throw new UsageError(
      `enableToolSearch: activationRatio must be from 0 to 1, got ${String(activationRatio)}.`,
    );
  }
  return { maxActivations, activationRatio };
}

/** The query as repeated to the model: one line, cut to a readable length. */
function echoQuery(query: string): string {
  const line = query.replace(/\s+/g, ' ');
  return line.length > MAX_ECHOED_QUERY_CHARS ? `${line.slice(0, MAX_ECHOED_QUERY_CHARS)}…` : line;
}

/** The first non-empty line of a description, cut to a readable length. */
function summarize(description: string): string {
  const line = description
    .split('\n')
    .map((part) => part.trim())
    .find((part) => part !== '');
  if (line === undefined) return '';
  return line.length > MAX_SUMMARY_CHARS ? `${line.slice(0, MAX_SUMMARY_CHARS)}…` : line;
}

function roundScore(score: number): number {
  return Math.round(score * 1000) / 1000;
}

/** Keeps `index` in step with the findable tools of `suite`; returns the unsubscribe function. */
function followCatalog<W>(suite: ToolSuite<W>, index: ToolIndex): () => void {
  /** Registration order of every catalog tool, so ties rank the way the catalog lists tools. */
  const catalogOrder = new Map<string, number>();
  let nextOrder = 0;

  function orderOf(name: string): number {
    let order = catalogOrder.get(name);
    if (order === undefined) {
      order = nextOrder++;
      catalogOrder.set(name, order);
    }
    return order;
  }

  function sync(tool: RegisteredTool<W>): void {
    const name = tool.spec.name;
    if (!isFindable(tool)) {
      index.remove(name);
    } else if (index.has(name)) {
      index.replace(tool.spec);
    } else {
      index.add(tool.spec, { order: orderOf(name) });
    }
  }

  function onCatalogEvent(event: CatalogEvent<W>): void {
    switch (event.type) {
      case 'registered':
        orderOf(event.tool.spec.name);
        sync(event.tool);
        break;
      case 'replaced':
      case 'mode_changed':
        if (event.previous.spec.name !== event.tool.spec.name) index.remove(event.previous.spec.name);
        sync(event.tool);
        break;
      case 'unregistered':
        index.remove(event.tool.spec.name);
        catalogOrder.delete(event.tool.spec.name);
        break;
    }
  }

  for (const tool of suite.list()) {
    orderOf(tool.spec.name);
    sync(tool);
  }
  return suite.subscribe(onCatalogEvent);
}

/** How many of a search's deferred matches are activated. */
interface ActivationPolicy {
  maxActivations: number;
  activationRatio: number;
}

/** The lines and lists the model reads about one search's matches. */
interface Outcome {
  matches: JsonObject[];
  newLines: string[];
  loaded: string[];
  listed: string[];
  addTools: ToolSpec[];
}

/**
 * Sorts each hit into activated (a new deferred match within the policy), listed (a new deferred
 * match beyond it) or already available (direct, or activated before in this session).
 */
function sortHits<W>(
  suite: ToolSuite<W>,
  hits: readonly ToolIndexMatch[],
  session: ToolSession | undefined,
  policy: ActivationPolicy,
): Outcome {
  const outcome: Outcome = { matches: [], newLines: [], loaded: [], listed: [], addTools: [] };
  let best: number | undefined;
  for (const hit of hits) {
    const tool = suite.get(hit.name);
    if (tool === undefined) continue;
    const name = tool.spec.name;
    const description = tool.spec.description;
    const isNew = tool.mode === 'deferred' && session?.isActive(name) !== true;
    best ??= hit.score;
    const likely = outcome.addTools.length === 0 || hit.score >= policy.activationRatio * best;
    const activated = isNew && likely && outcome.addTools.length < policy.maxActivations;
    outcome.matches.push({
      name,
      description,
      score: roundScore(hit.score),
      already_available: !isNew,
      activated,
    });
    if (activated) {
      const summary = summarize(description);
      outcome.newLines.push(summary === '' ? `- ${name}` : `- ${name}: ${summary}`);
      outcome.addTools.push(tool.spec);
    } else if (isNew) {
      outcome.listed.push(name);
    } else {
      outcome.loaded.push(name);
    }
  }
  return outcome;
}

/** The text the model reads about one search. */
function outputText(query: string, outcome: Outcome): string {
  const echoed = echoQuery(query);
  const { matches, newLines, loaded, listed } = outcome;
  if (matches.length === 0) {
    return `No tools matched "${echoed}". Try different words, for example the service or the action you need.`;
  }
  const already = loaded.length > 0 ? [`Already available: ${loaded.join(', ')}.`] : [];
  const more =
    listed.length > 0
      ? [`Also matched, not loaded: ${listed.join(', ')}. To load one, search for its exact name.`]
      : [];
  if (newLines.length === 0) return [`No new tools for "${echoed}".`, ...already, ...more].join(' ');
  return [
    newLines.length === 1
      ? `Found 1 tool for "${echoed}". It is available from your next call:`
      : `Found ${newLines.length} tools for "${echoed}". They are available from your next call:`,
    ...newLines,
    ...already,
    ...more,
  ].join('\n');
}

/** The result of one search: the matches, the text the model reads, the tools to activate. */
function searchResult<W>(
  suite: ToolSuite<W>,
  index: ToolIndex,
  query: string,
  hits: readonly ToolIndexMatch[],
  session: ToolSession | undefined,
  policy: ActivationPolicy,
): PartialToolResult {
  const outcome = sortHits(suite, hits, session, policy);
  const result: PartialToolResult = {
    output: outputText(query, outcome),
    structured_output: { query, matches: outcome.matches },
    details: { match_count: outcome.matches.length, index_size: index.size },
  };
  if (outcome.addTools.length > 0) result.control = { add_tools: outcome.addTools };
  return result;
}

/**
 * The best `limit` hits for a query: the index's ranking, reordered by the `rerank` hook when there is
 * one (over the index's best `RERANK_DEPTH`). A hook that fails leaves the index's order.
 */
async function rankedHits<W>(
  suite: ToolSuite<W>,
  index: ToolIndex,
  query: string,
  limit: number,
  rerank: ToolSearchRerank | undefined,
): Promise<ToolIndexMatch[]> {
  if (rerank === undefined) return index.search(query, { limit });
  const hits = index.search(query, { limit: Math.max(limit, RERANK_DEPTH) });
  if (hits.length === 0) return hits;
  const candidates = hits.map((hit) => ({
    name: hit.name,
    description: suite.get(hit.name)?.spec.description ?? '',
    score: hit.score,
  }));
  let scores: readonly number[];
  try {
    scores = await rerank(query, candidates);
  } catch {
    return hits.slice(0, limit);
  }
  if (!Array.isArray(scores) || scores.length !== hits.length || !scores.every(Number.isFinite)) {
    return hits.slice(0, limit);
  }
  return reorderByScores(hits, scores).slice(0, limit);
}

/** `hits` ordered by a hook's `scores` (one per hit), highest first; ties keep the index's order. */
export function reorderByScores(
  hits: readonly ToolIndexMatch[],
  scores: readonly number[],
): ToolIndexMatch[] {
  return hits
    .map((hit, at) => ({ name: hit.name, score: scores[at] as number, at }))
    .sort((a, b) => b.score - a.score || a.at - b.at)
    .map(({ name, score }) => ({ name, score }));
}

/**
 * The parameters of `tool_search` for given limits, declared `as const`: the type of what the
 * implementation receives ({@link ToolSearchInput}) is derived from them. The values that vary say
 * their type (`as number`): `isolatedDeclarations` infers a declaration's type from literals and
 * assertions only.
 */
function toolSearchParameters(maxLimit: number, defaultLimit: number) {
  return {
    type: 'object',
    properties: {
      query: {
        type: 'string',
        minLength: 1,
        maxLength: MAX_QUERY_CHARS as number,
        description:
          'The capability you need, in plain words: the action and the service or object, for example "send a Slack message".',
      },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: maxLimit as number,
        default: defaultLimit as number,
        description: `How many tools to return at most. Default: ${defaultLimit}.` as string,
      },
    },
    required: ['query'],
    additionalProperties: false,
  } as const;
}

/** What `tool_search` runs with, once the pipeline validated it (a `limit` left out stays out). */
export type ToolSearchInput = FromSchema<
  ReturnType<typeof toolSearchParameters>,
  { keepDefaultedPropertiesOptional: true }
>;

/** The spec of `tool_search`, constant for given limits. */
function toolSearchSpec(maxLimit: number, defaultLimit: number): ToolSpec {
  return {
    name: TOOL_SEARCH_NAME,
    description: TOOL_SEARCH_DESCRIPTION,
    parameters: toolSearchParameters(maxLimit, defaultLimit),
    effects: ['read'],
  };
}

/**
 * Registers `tool_search` (mode `model_only`) on `suite` and keeps its index current: it is built
 * from `suite.list()` once, then updated one tool at a time from catalog events. A search returns
 * matching deferred and direct tools; deferred matches the session has not activated yet are activated
 * through `control.add_tools`, the others are named as already available. Throws `UsageError` when a tool named `tool_search` is
 * already registered or an option is out of range.
 */
export function enableToolSearch<W>(suite: ToolSuite<W>, options: ToolSearchOptions = {}): ToolSearchHandle {
  const maxLimit = options.maxLimit ?? MAX_SEARCH_LIMIT;
  const defaultLimit = options.defaultLimit ?? Math.min(DEFAULT_SEARCH_LIMIT, maxLimit);
  checkLimitOption('maxLimit', maxLimit, Number.MAX_SAFE_INTEGER);
  checkLimitOption('defaultLimit', defaultLimit, maxLimit);
  const policy = activationPolicy(options);

  const emptyQueryMessage =
    'query must not be empty. Describe the capability you need, for example "create a GitHub issue".';
  const badLimitMessage = `limit must be an integer from 1 to ${maxLimit}. Omit it to get up to ${defaultLimit} results.`;

  const index = createToolIndex(options.index);
  const learner =
    options.learnFromCalls === true || options.learnFromCalls === 'shared'
      ? createCallLearner(suite, index, options.learnFromCalls === 'shared')
      : undefined;

  const search = async (input: ToolSearchInput, context: ToolContext<W>): Promise<PartialToolResult> => {
    // Typed from the schema the pipeline checks; a host calling the implementation itself is not
    // checked, so a missing query or a limit that is not a number is still refused here.
    const query = typeof input.query === 'string' ? input.query.trim() : '';
    if (query === '') {
      throw new ToolError(emptyQueryMessage, { code: ERROR_CODES.INVALID_ARGUMENTS });
    }
    const limit = input.limit ?? defaultLimit;
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > maxLimit) {
      throw new ToolError(badLimitMessage, { code: ERROR_CODES.INVALID_ARGUMENTS });
    }
    const taught = learner?.wordsOf(context.session);
    const depth = taught !== undefined && taught.size > 0 ? Math.max(limit, RERANK_DEPTH) : limit;
    const ranked = await rankedHits(suite, index, query, depth, options.rerank);
    const hits = withSessionWords(ranked, query, taught).slice(0, limit);
    learner?.searched(context.session, query, hits);
    return searchResult(suite, index, query, hits, context.session, policy);
  };
  // The pipeline checked the arguments against `toolSearchParameters` before this runs.
  const implementation: ToolImplementation<W> = (args, context) => search(args as ToolSearchInput, context);

  const remove = suite.use(
    toolSearchPlugin(suite, learner, {
      follow: () => followCatalog(suite, index),
      register: () =>
        suite.register(toolSearchSpec(maxLimit, defaultLimit), 'model_only', implementation, {
          repairs: TOOL_SEARCH_REPAIRS,
        }),
      ours: () => suite.get(TOOL_SEARCH_NAME)?.implementation === implementation,
    }),
  );
  return {
    index,
    dispose: remove,
    sessionLearned: (session) =>
      [...(learner?.wordsOf(session) ?? new Map<string, readonly string[]>())].map(([name, words]) => ({
        name,
        words: [...words],
      })),
  };
}

/** The searches of a session that a call can teach from: a tool is often loaded by a second search for its exact name. */
const REMEMBERED_SEARCHES = 3;

/** Each session's last searches and the tools each found that the session has not called since. */
interface CallLearner {
  searched(session: ToolSession | undefined, query: string, hits: readonly ToolIndexMatch[]): void;
  /** Teaches the session (or, shared, the index) when `name` succeeded and one of the session's last searches found it. */
  called(name: string, result: ToolResult, session: ToolSession | undefined): void;
  /** The words the session's calls taught (none when learning is shared: the index holds them). */
  wordsOf(session: ToolSession | undefined): SessionWords | undefined;
}

function createCallLearner<W>(suite: ToolSuite<W>, index: ToolIndex, shared: boolean): CallLearner {
  // Calls without a session share one list of searches, and one set of learned words.
  const noSession = {};
  const searches = new WeakMap<object, { query: string; found: Set<string> }[]>();
  const taught = new WeakMap<object, SessionWords>();
  const teach = (key: object, query: string, name: string): void => {
    if (shared) {
      index.learn(query, name);
      return;
    }
    const spec = suite.get(name)?.spec;
    if (spec === undefined) return;
    const words = taught.get(key) ?? new Map<string, readonly string[]>();
    teachSession(words, query, name, ownWordsOf(spec.name, spec.description ?? ''));
    taught.set(key, words);
  };
  return {
    searched(session, query, hits) {
      const key = session ?? noSession;
      const recent = searches.get(key) ?? [];
      recent.push({ query, found: new Set(hits.map((hit) => hit.name)) });
      searches.set(key, recent.slice(-REMEMBERED_SEARCHES));
    },
    called(name, result, session) {
      if (result.is_error) return;
      const key = session ?? noSession;
      // Each search teaches a tool it found once: calling it again says nothing new about the words.
      for (const search of searches.get(key) ?? []) {
        if (search.found.delete(name)) teach(key, search.query, name);
      }
    },
    wordsOf: (session) => taught.get(session ?? noSession),
  };
}

/**
 * `tool_search` as a plugin: `install` builds the index, follows the catalog and registers the tool;
 * while the model can call it, an unknown-tool error points to it and a deferred tool's refusal says how
 * to load it; `dispose` stops following the catalog and unregisters it.
 */
function toolSearchPlugin<W>(
  suite: ToolSuite<W>,
  learner: CallLearner | undefined,
  own: { follow: () => () => void; register: () => void; ours: () => boolean },
): SuitePlugin<W> {
  let unsubscribe = (): void => undefined;
  return {
    name: TOOL_SEARCH_NAME,
    // Builds the index from the catalog and follows it, then registers `tool_search`; a throw (a tool of
    // that name exists) leaves nothing behind.
    install() {
      unsubscribe = own.follow();
      try {
        own.register();
      } catch (error) {
        unsubscribe();
        throw error;
      }
    },
    dispose() {
      unsubscribe();
      if (own.ours()) suite.unregister(TOOL_SEARCH_NAME);
    },
    ...(learner && {
      afterCall: (name: string, result: ToolResult, { session }: PluginCallContext) =>
        learner.called(name, result, session),
    }),
    unknownToolHint: ({ caller, session }) =>
      suite.isCallable(TOOL_SEARCH_NAME, caller, session)
        ? 'To find other tools, call tool_search.'
        : undefined,
    refusal(tool, { session }) {
      if (tool.mode !== 'deferred' || !suite.isCallable(TOOL_SEARCH_NAME, 'model', session)) return undefined;
      const name = tool.spec.name;
      const words = name
        .replace(/[_.:-]+/g, ' ')
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase();
      return `Tool "${name}" is not loaded yet. Call tool_search with words for what you need (for example "${words}"); matching tools become callable from your next call.`;
    },
  };
}
