/**
 * The `tool_search` tool: finds catalog tools the model has not been given yet and activates the
 * deferred ones through `control.add_tools`. Its index follows the catalog through change events.
 * May import `../core/types.ts`, `../core/errors.ts` and `./tool-index.ts`.
 */

import { ERROR_CODES, ToolError, UsageError } from '../core/errors.ts';
import type {
  CatalogEvent,
  JsonObject,
  PartialToolResult,
  RegisteredTool,
  ToolImplementation,
  ToolSession,
  ToolSpec,
  ToolSuite,
} from '../core/types.ts';
import { createToolIndex, type ToolIndex, type ToolIndexMatch, type ToolIndexOptions } from './tool-index.ts';

/** The model-visible name of the tool. */
export const TOOL_SEARCH_NAME = 'tool_search';

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
}

/** What {@link enableToolSearch} returns. */
export interface ToolSearchHandle {
  /** The live index: deferred and direct tools of the suite, except `tool_search` itself. */
  readonly index: ToolIndex;
  /** Stops following the catalog and unregisters `tool_search` (if it is still ours). Idempotent. */
  dispose(): void;
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

/** The result of one search: the matches, the text the model reads, the tools to activate. */
function searchResult<W>(
  suite: ToolSuite<W>,
  index: ToolIndex,
  query: string,
  hits: readonly ToolIndexMatch[],
  session: ToolSession | undefined,
): PartialToolResult {
  const matches: JsonObject[] = [];
  const newLines: string[] = [];
  const loaded: string[] = [];
  const addTools: ToolSpec[] = [];
  for (const hit of hits) {
    const tool = suite.get(hit.name);
    if (tool === undefined) continue;
    const name = tool.spec.name;
    const description = tool.spec.description;
    const activates = tool.mode === 'deferred' && session?.isActive(name) !== true;
    matches.push({ name, description, score: roundScore(hit.score), already_available: !activates });
    if (activates) {
      const summary = summarize(description);
      newLines.push(summary === '' ? `- ${name}` : `- ${name}: ${summary}`);
      addTools.push(tool.spec);
    } else {
      loaded.push(name);
    }
  }

  const echoed = echoQuery(query);
  const already = loaded.length > 0 ? `Already available: ${loaded.join(', ')}.` : '';
  const output =
    matches.length === 0
      ? `No tools matched "${echoed}". Try different words, for example the service or the action you need.`
      : newLines.length === 0
        ? `No new tools for "${echoed}". ${already}`
        : [
            newLines.length === 1
              ? `Found 1 tool for "${echoed}". It is available from your next call:`
              : `Found ${newLines.length} tools for "${echoed}". They are available from your next call:`,
            ...newLines,
            ...(already ? [already] : []),
          ].join('\n');

  const result: PartialToolResult = {
    output,
    structured_output: { query, matches },
    details: { match_count: matches.length, index_size: index.size },
  };
  if (addTools.length > 0) result.control = { add_tools: addTools };
  return result;
}

/** The spec of `tool_search`, constant for given limits. */
function toolSearchSpec(maxLimit: number, defaultLimit: number): ToolSpec {
  return {
    name: TOOL_SEARCH_NAME,
    description: TOOL_SEARCH_DESCRIPTION,
    parameters: {
      type: 'object',
      properties: {
        query: {
          type: 'string',
          minLength: 1,
          description:
            'The capability you need, in plain words: the action and the service or object, for example "send a Slack message".',
        },
        limit: {
          type: 'integer',
          minimum: 1,
          maximum: maxLimit,
          default: defaultLimit,
          description: `How many tools to return at most. Default: ${defaultLimit}.`,
        },
      },
      required: ['query'],
      additionalProperties: false,
    },
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

  const emptyQueryMessage =
    'query must not be empty. Describe the capability you need, for example "create a GitHub issue".';
  const badLimitMessage = `limit must be an integer from 1 to ${maxLimit}. Omit it to get up to ${defaultLimit} results.`;

  const index = createToolIndex(options.index);
  const unsubscribe = followCatalog(suite, index);

  const implementation: ToolImplementation<W> = (args, context) => {
    const query = typeof args.query === 'string' ? args.query.trim() : '';
    if (query === '') {
      throw new ToolError(emptyQueryMessage, { code: ERROR_CODES.INVALID_ARGUMENTS });
    }
    const limit = args.limit ?? defaultLimit;
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > maxLimit) {
      throw new ToolError(badLimitMessage, { code: ERROR_CODES.INVALID_ARGUMENTS });
    }
    return searchResult(suite, index, query, index.search(query, { limit }), context.session);
  };

  try {
    suite.register(toolSearchSpec(maxLimit, defaultLimit), 'model_only', implementation);
  } catch (error) {
    unsubscribe();
    throw error;
  }

  let disposed = false;
  return {
    index,
    dispose(): void {
      if (disposed) return;
      disposed = true;
      unsubscribe();
      if (suite.get(TOOL_SEARCH_NAME)?.implementation === implementation) suite.unregister(TOOL_SEARCH_NAME);
    },
  };
}
