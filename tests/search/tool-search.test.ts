/**
 * enableToolSearch: tool_search over the catalog, what a search activates, the rerank hook, and learning from
 * calls.
 * Reaches inside: ToolSearchRerank and RerankCandidate, the rerank hook's types, are exported by no entry
 * (only inside ToolSearchOptions), nor are RERANK_DEPTH and TOOL_SEARCH_DESCRIPTION, which the test pins.
 */
import { describe, expect, it } from 'vitest';
import {
  type CatalogEvent,
  createToolSuite,
  DEFAULT_SEARCH_LIMIT,
  type ExposureMode,
  enableToolSearch,
  MAX_SEARCH_LIMIT,
  type PartialToolResult,
  type RegisteredTool,
  TOOL_SEARCH_NAME,
  ToolError,
  type ToolSession,
  type ToolSpec,
  type ToolSuite,
} from '../../src/index.ts';
import {
  RERANK_DEPTH,
  type RerankCandidate,
  TOOL_SEARCH_DESCRIPTION,
  type ToolSearchRerank,
} from '../../src/search/tool-search.ts';

/**
 * A catalog just big enough to drive `enableToolSearch`: register, unregister, setMode, get, list and
 * subscribe over an array, emitting the same events as the real suite. Everything else throws.
 */
function createFakeSuite(): ToolSuite {
  const tools: RegisteredTool[] = [];
  const listeners = new Set<(event: CatalogEvent) => void>();
  const emit = (event: CatalogEvent): void => {
    for (const listener of [...listeners]) listener(event);
  };
  const position = (name: string): number => tools.findIndex((tool) => tool.spec.name === name);
  const unused = (): never => {
    throw new Error('not part of the fake suite');
  };
  const suite: ToolSuite = {
    register(spec, mode, implementation, options) {
      const tool: RegisteredTool = { spec: spec as ToolSpec, mode, implementation };
      const at = position(tool.spec.name);
      const previous = tools[at];
      if (previous === undefined) {
        tools.push(tool);
        emit({ type: 'registered', tool });
      } else {
        if (options?.replace !== true) throw new Error(`duplicate tool ${tool.spec.name}`);
        tools[at] = tool;
        emit({ type: 'replaced', tool, previous });
      }
      return tool;
    },
    unregister(name) {
      const at = position(name);
      const tool = tools[at];
      if (tool === undefined) return false;
      tools.splice(at, 1);
      emit({ type: 'unregistered', tool });
      return true;
    },
    setMode(name, mode) {
      const at = position(name);
      const previous = tools[at];
      if (previous === undefined) throw new Error(`unknown tool ${name}`);
      const tool: RegisteredTool = { ...previous, mode };
      tools[at] = tool;
      emit({ type: 'mode_changed', tool, previous });
      return tool;
    },
    get: (name) => tools.find((tool) => tool.spec.name === name),
    list: () => [...tools],
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    declarations: unused,
    isCallable: unused,
    effects: unused,
    approval: unused,
    execute: unused,
    executeCall: unused,
    createSession: unused,
    getWorkspace: unused,
    // Plugins are only installed and removed here, as the real suite's `use` does: the fake suite
    // answers no call itself.
    use(plugin) {
      plugin.install?.(suite);
      return () => plugin.dispose?.();
    },
  };
  return suite;
}

function createFakeSession(active: string[]): ToolSession {
  return {
    id: 'session-1',
    activeTools: () => [...active],
    isActive: (name) => active.includes(name),
    activate: () => [],
    terminated: null,
    handoff: null,
    subscribe: () => () => {},
  };
}

function spec(name: string, description: string, properties: Record<string, unknown> = {}): ToolSpec {
  return { name, description, parameters: { type: 'object', properties } };
}

/** Calls the registered `tool_search` implementation the way execute would. */
async function search(
  suite: ToolSuite,
  args: Record<string, unknown>,
  session?: ToolSession,
): Promise<PartialToolResult> {
  const implementation = suite.get(TOOL_SEARCH_NAME)?.implementation;
  if (implementation === undefined) throw new Error('tool_search is not registered');
  const result = await implementation(args, {
    workspace: () => Promise.reject(new Error('no workspace in these tests')),
    signal: new AbortController().signal,
    session,
    suite,
    caller: 'model',
    toolName: TOOL_SEARCH_NAME,
  });
  return typeof result === 'string' ? { output: result } : result;
}

/** Names of the specs in `control.add_tools` (typed loosely by core: any spec format is accepted there). */
function addedNames(result: PartialToolResult): string[] {
  return (result.control?.add_tools ?? []).map((tool) => (tool as ToolSpec).name);
}

async function found(suite: ToolSuite, query: string, session?: ToolSession): Promise<string[]> {
  const result = await search(suite, { query, limit: MAX_SEARCH_LIMIT }, session);
  const matches = result.structured_output?.matches;
  return Array.isArray(matches) ? matches.map((match) => String((match as { name: unknown }).name)) : [];
}

const GITHUB_CREATE_ISSUE = spec(
  'github_create_issue',
  'Create a new issue.\nIt goes to the given repository.',
  {
    owner: { type: 'string' },
    repo: { type: 'string' },
    title: { type: 'string' },
  },
);
const JIRA_CREATE_TICKET = spec('jira_create_ticket', 'Create a Jira ticket.');
const SLACK_SEND_MESSAGE = spec('slack_send_message', 'Send a Slack message.');
const READ = spec('read', 'Read a file.');

/** Deferred and direct tools plus look-alikes in every mode tool_search must not find. */
function createCatalog(): ToolSuite {
  const suite = createFakeSuite();
  suite.register(GITHUB_CREATE_ISSUE, 'deferred');
  suite.register(spec('linear_create_issue', 'Create a Linear issue.'), 'model_only');
  suite.register(JIRA_CREATE_TICKET, 'deferred');
  suite.register(spec('gitlab_create_issue', 'Create a GitLab issue.'), 'codemode');
  suite.register(SLACK_SEND_MESSAGE, 'deferred');
  suite.register(spec('asana_create_issue', 'Create an Asana issue.'), 'hidden');
  suite.register(READ, 'direct');
  return suite;
}

const NO_MATCH_HINT = 'Try different words, for example the service or the action you need.';

describe('enableToolSearch', () => {
  it('registers tool_search as model_only with a fixed spec', () => {
    const suite = createCatalog();
    enableToolSearch(suite);
    const registered = suite.get(TOOL_SEARCH_NAME);
    expect(registered?.mode).toBe('model_only');
    expect(registered?.spec).toEqual({
      name: 'tool_search',
      description: TOOL_SEARCH_DESCRIPTION,
      parameters: {
        type: 'object',
        properties: {
          query: {
            type: 'string',
            minLength: 1,
            maxLength: 4096,
            description:
              'The capability you need, in plain words: the action and the service or object, for example "send a Slack message".',
          },
          limit: {
            type: 'integer',
            minimum: 1,
            maximum: 20,
            default: 5,
            description: 'How many tools to return at most. Default: 5.',
          },
        },
        required: ['query'],
        additionalProperties: false,
      },
      effects: ['read'],
    });
    expect(TOOL_SEARCH_DESCRIPTION).toBe(
      'Search the tools that are not loaded yet, by name, description and parameters. ' +
        'Matching tools become callable from your next call. ' +
        'Describe the capability you need in plain words, for example "create a GitHub issue" or "query a Postgres database".',
    );
    expect(DEFAULT_SEARCH_LIMIT).toBe(5);
    expect(MAX_SEARCH_LIMIT).toBe(20);
  });

  it('keeps the description constant whatever the catalog holds', () => {
    const empty = createFakeSuite();
    enableToolSearch(empty);
    const full = createCatalog();
    enableToolSearch(full);
    full.register(spec('stripe_refund', 'Refund a payment.'), 'deferred');
    full.setMode('linear_create_issue', 'deferred');
    full.unregister('read');
    const described = [empty, full].map((suite) => suite.get(TOOL_SEARCH_NAME)?.spec);
    expect(described[0]).toEqual(described[1]);
    expect(described[1]?.description).toBe(TOOL_SEARCH_DESCRIPTION);
    for (const tool of full.list()) {
      if (tool.spec.name !== TOOL_SEARCH_NAME) expect(TOOL_SEARCH_DESCRIPTION).not.toContain(tool.spec.name);
    }
  });

  it('indexes deferred and direct tools only, never tool_search itself', () => {
    const suite = createCatalog();
    const { index } = enableToolSearch(suite);
    expect(index.size).toBe(4);
    for (const name of ['github_create_issue', 'jira_create_ticket', 'slack_send_message', 'read']) {
      expect(index.has(name), name).toBe(true);
    }
    for (const name of [
      'linear_create_issue',
      'gitlab_create_issue',
      'asana_create_issue',
      TOOL_SEARCH_NAME,
    ]) {
      expect(index.has(name), name).toBe(false);
    }
  });

  it('returns the three channels for a match, activating the deferred tools', async () => {
    const suite = createCatalog();
    const { index } = enableToolSearch(suite);
    const result = await search(suite, { query: 'create issue' });
    const scores = index
      .search('create issue', { limit: 5 })
      .map((match) => Math.round(match.score * 1000) / 1000);
    expect(scores).toHaveLength(2);
    expect(result).toEqual({
      output:
        'Found 2 tools for "create issue". They are available from your next call:\n' +
        '- github_create_issue: Create a new issue.\n' +
        '- jira_create_ticket: Create a Jira ticket.',
      structured_output: {
        query: 'create issue',
        matches: [
          {
            name: 'github_create_issue',
            description: 'Create a new issue.\nIt goes to the given repository.',
            score: scores[0],
            already_available: false,
            activated: true,
          },
          {
            name: 'jira_create_ticket',
            description: 'Create a Jira ticket.',
            score: scores[1],
            already_available: false,
            activated: true,
          },
        ],
      },
      details: { match_count: 2, index_size: 4 },
      control: { add_tools: [GITHUB_CREATE_ISSUE, JIRA_CREATE_TICKET] },
    });
  });

  it('uses the singular for one match', async () => {
    const suite = createCatalog();
    enableToolSearch(suite);
    const result = await search(suite, { query: '  slack\n' });
    expect(result.output).toBe(
      'Found 1 tool for "slack". It is available from your next call:\n- slack_send_message: Send a Slack message.',
    );
    expect(result.structured_output?.query).toBe('slack');
    expect(result.control).toEqual({ add_tools: [SLACK_SEND_MESSAGE] });
  });

  it('finds direct tools but names them as already available, outside add_tools', async () => {
    const suite = createCatalog();
    enableToolSearch(suite);
    const result = await search(suite, { query: 'read a file' });
    expect(result.output).toBe('No new tools for "read a file". Already available: read.');
    expect(result.structured_output?.matches).toEqual([
      {
        name: 'read',
        description: 'Read a file.',
        score: expect.any(Number),
        already_available: true,
        activated: false,
      },
    ]);
    expect(result).not.toHaveProperty('control');
  });

  it('says so, with a hint, when nothing matches', async () => {
    const suite = createCatalog();
    const { index } = enableToolSearch(suite);
    const result = await search(suite, { query: 'xyz' });
    expect(result).toEqual({
      output: `No tools matched "xyz". ${NO_MATCH_HINT}`,
      structured_output: { query: 'xyz', matches: [] },
      details: { match_count: 0, index_size: index.size },
    });
  });

  it('names tools the session already activated as available instead of activating them again', async () => {
    const suite = createCatalog();
    enableToolSearch(suite);
    const session = createFakeSession(['github_create_issue']);
    const result = await search(suite, { query: 'create issue' }, session);
    expect(result.output).toBe(
      'Found 1 tool for "create issue". It is available from your next call:\n- jira_create_ticket: Create a Jira ticket.\nAlready available: github_create_issue.',
    );
    expect(result.control).toEqual({ add_tools: [JIRA_CREATE_TICKET] });
    const again = await search(
      suite,
      { query: 'create issue' },
      createFakeSession(['github_create_issue', 'jira_create_ticket']),
    );
    expect(again.output).toBe(
      'No new tools for "create issue". Already available: github_create_issue, jira_create_ticket.',
    );
    expect(again).not.toHaveProperty('control');
  });

  it('rejects an empty or blank query with an actionable error', async () => {
    const suite = createCatalog();
    enableToolSearch(suite);
    for (const query of ['', '   \n\t', undefined]) {
      const failure = search(suite, query === undefined ? {} : { query });
      await expect(failure).rejects.toBeInstanceOf(ToolError);
      await expect(search(suite, { query })).rejects.toMatchObject({
        code: 'INVALID_ARGUMENTS',
        message:
          'query must not be empty. Describe the capability you need, for example "create a GitHub issue".',
      });
    }
  });

  it('refuses a query over 4,096 characters, the most a search reads, without repeating it back', async () => {
    const suite = createToolSuite({ builtins: ['tool_search'] });
    const longest = await suite.execute('tool_search', { query: 'x'.repeat(4096) });
    expect(longest.is_error).toBe(false);
    const query = `create a Jira ticket ${'x'.repeat(1_000_000)}`;
    const result = await suite.execute('tool_search', { query });
    expect(result.is_error).toBe(true);
    expect(result.output).toBe(
      [
        'Invalid arguments for tool_search:',
        `- query: must be at most 4096 characters long, got string "create a Jira ticket ${'x'.repeat(38)}….`,
        `Received: {"query":"create a Jira ticket ${'x'.repeat(569)}… (1000033 characters)`,
        'Fix the arguments and call tool_search again.',
      ].join('\n'),
    );
    expect(JSON.stringify(result.structured_output).length).toBeLessThan(2_000);
  });

  it('returns 5 matches by default and at most 20', async () => {
    const suite = createFakeSuite();
    for (let i = 0; i < 25; i++) suite.register(spec(`widget_tool_${i}`, 'Reads a widget.'), 'deferred');
    enableToolSearch(suite, { maxActivations: 5 });
    const byDefault = await search(suite, { query: 'widget' });
    expect(byDefault.details).toEqual({ match_count: 5, index_size: 25 });
    expect(addedNames(byDefault)).toEqual([
      'widget_tool_0',
      'widget_tool_1',
      'widget_tool_2',
      'widget_tool_3',
      'widget_tool_4',
    ]);
    expect((await search(suite, { query: 'widget', limit: 20 })).details).toEqual({
      match_count: 20,
      index_size: 25,
    });
    for (const limit of [0, 21, 2.5, '3']) {
      await expect(search(suite, { query: 'widget', limit })).rejects.toMatchObject({
        code: 'INVALID_ARGUMENTS',
        message: 'limit must be an integer from 1 to 20. Omit it to get up to 5 results.',
      });
    }
  });

  it('honours defaultLimit and maxLimit options, and rejects bad ones', async () => {
    const suite = createFakeSuite();
    for (let i = 0; i < 10; i++) suite.register(spec(`widget_tool_${i}`, 'Reads a widget.'), 'deferred');
    enableToolSearch(suite, { defaultLimit: 2, maxLimit: 3 });
    expect((await search(suite, { query: 'widget' })).details).toEqual({ match_count: 2, index_size: 10 });
    await expect(search(suite, { query: 'widget', limit: 4 })).rejects.toThrow(
      'limit must be an integer from 1 to 3. Omit it to get up to 2 results.',
    );
    expect(() => enableToolSearch(createFakeSuite(), { defaultLimit: 9, maxLimit: 3 })).toThrow(
      'browser-agent-tools: enableToolSearch: defaultLimit must be an integer from 1 to 3, got 9.',
    );
  });

  it('bounds hostile queries and echoes them short', async () => {
    const suite = createCatalog();
    enableToolSearch(suite);
    const long = await search(suite, { query: 'q'.repeat(10 * 1024) });
    expect(long.output).toBe(`No tools matched "${'q'.repeat(80)}…". ${NO_MATCH_HINT}`);
    const regex = await search(suite, { query: '(a+)+$[' });
    expect(regex.output).toBe(`No tools matched "(a+)+$[". ${NO_MATCH_HINT}`);
    const multiline = await search(suite, { query: 'send\n\n  slack   message' });
    expect(multiline.output.split('\n')[0]).toBe(
      'Found 1 tool for "send slack message". It is available from your next call:',
    );
  });
});

describe('tool_search follows the catalog', () => {
  it('finds a tool registered after enabling, and forgets an unregistered one', async () => {
    const suite = createCatalog();
    const { index } = enableToolSearch(suite);
    suite.register(spec('stripe_refund_payment', 'Refund a payment in Stripe.'), 'deferred');
    expect(await found(suite, 'refund a payment')).toEqual(['stripe_refund_payment']);
    suite.register(spec('notes_write', 'Write a note.'), 'hidden');
    expect(await found(suite, 'note')).toEqual([]);
    suite.unregister('stripe_refund_payment');
    expect(await found(suite, 'refund a payment')).toEqual([]);
    expect(index.size).toBe(4);
  });

  it('follows mode changes, keeping registration order among ties', async () => {
    const suite = createFakeSuite();
    enableToolSearch(suite);
    for (const name of ['widget_a', 'widget_b', 'widget_c'])
      suite.register(spec(name, 'Reads a gadget.'), 'deferred');
    suite.setMode('widget_a', 'hidden');
    expect(await found(suite, 'gadget')).toEqual(['widget_b', 'widget_c']);
    suite.setMode('widget_a', 'deferred');
    expect(await found(suite, 'gadget')).toEqual(['widget_a', 'widget_b', 'widget_c']);
    for (const mode of ['model_only', 'codemode'] satisfies ExposureMode[]) {
      suite.setMode('widget_b', mode);
      expect(await found(suite, 'gadget')).toEqual(['widget_a', 'widget_c']);
    }
    suite.setMode('widget_b', 'direct');
    const result = await search(suite, { query: 'gadget' });
    expect(addedNames(result)).toEqual(['widget_a', 'widget_c']);
    expect(await found(suite, 'gadget')).toEqual(['widget_a', 'widget_b', 'widget_c']);
  });

  it('picks up a replaced description', async () => {
    const suite = createCatalog();
    enableToolSearch(suite);
    expect(await found(suite, 'owner title')).toEqual(['github_create_issue']);
    const replacement = spec('github_create_issue', 'File a bug report on GitHub.');
    suite.register(replacement, 'deferred', undefined, { replace: true });
    expect(await found(suite, 'owner title')).toEqual([]);
    const result = await search(suite, { query: 'report' });
    expect(result.output).toBe(
      'Found 1 tool for "report". It is available from your next call:\n- github_create_issue: File a bug report on GitHub.',
    );
    expect(result.control).toEqual({ add_tools: [replacement] });
  });

  it('dispose stops following the catalog and removes tool_search', () => {
    const suite = createCatalog();
    const handle = enableToolSearch(suite);
    handle.dispose();
    handle.dispose();
    expect(suite.get(TOOL_SEARCH_NAME)).toBeUndefined();
    suite.register(spec('stripe_refund_payment', 'Refund a payment.'), 'deferred');
    expect(handle.index.has('stripe_refund_payment')).toBe(false);
    expect(() => enableToolSearch(suite)).not.toThrow();
  });
});

describe('what a search activates', () => {
  function widgets(): ToolSuite {
    const suite = createFakeSuite();
    suite.register(spec('widget_read', 'Reads a widget.'), 'deferred');
    suite.register(spec('widget_copy', 'Copies a widget.'), 'deferred');
    suite.register(spec('widget_move', 'Moves a widget.'), 'deferred');
    suite.register(spec('widget_sort', 'Sorts a widget.'), 'deferred');
    suite.register(spec('gadget_widget_list_audit', 'Audits the list of gadgets and a widget.'), 'deferred');
    return suite;
  }

  it('activates at most maxActivations matches and lists the others by name', async () => {
    const suite = widgets();
    enableToolSearch(suite, { maxActivations: 2 });
    const result = await search(suite, { query: 'widget' });
    expect(result.output).toBe(
      'Found 2 tools for "widget". They are available from your next call:\n' +
        '- widget_read: Reads a widget.\n' +
        '- widget_copy: Copies a widget.\n' +
        'Also matched, not loaded: widget_move, widget_sort, gadget_widget_list_audit. To load one, search for its exact name.',
    );
    expect(addedNames(result)).toEqual(['widget_read', 'widget_copy']);
    const matches = (result.structured_output?.matches ?? []) as { activated: boolean }[];
    const activated = matches.map((match) => match.activated);
    expect(activated).toEqual([true, true, false, false, false]);
  });

  it('activates a listed tool when the model searches for its exact name', async () => {
    const suite = widgets();
    enableToolSearch(suite, { maxActivations: 1 });
    const result = await search(suite, { query: 'widget_sort' });
    expect(addedNames(result)).toEqual(['widget_sort']);
    expect(result.output.split('\n')[0]).toBe(
      'Found 1 tool for "widget_sort". It is available from your next call:',
    );
  });

  it('does not activate matches scoring far below the best one', async () => {
    const suite = widgets();
    enableToolSearch(suite, { maxActivations: 5, activationRatio: 0.9 });
    const result = await search(suite, { query: 'read widget' });
    expect(addedNames(result)).toEqual(['widget_read']);
    expect(result.output).toBe(
      'Found 1 tool for "read widget". It is available from your next call:\n' +
        '- widget_read: Reads a widget.\n' +
        // widget_move changes a widget, which a request to read contradicts: it falls behind widget_sort.
        'Also matched, not loaded: widget_copy, widget_sort, widget_move, gadget_widget_list_audit. To load one, search for its exact name.',
    );
  });

  it('says which matches are listed when none is new enough to activate', async () => {
    const suite = widgets();
    enableToolSearch(suite, { maxActivations: 1 });
    const result = await search(suite, { query: 'widget', limit: 2 }, createFakeSession(['widget_read']));
    expect(result.output).toBe(
      'Found 1 tool for "widget". It is available from your next call:\n' +
        '- widget_copy: Copies a widget.\n' +
        'Already available: widget_read.',
    );
  });

  it('rejects activation options out of range', () => {
    expect(() => enableToolSearch(widgets(), { maxActivations: 0 })).toThrow(
      'enableToolSearch: maxActivations must be an integer from 1 to 9007199254740991, got 0.',
    );
    expect(() => enableToolSearch(widgets(), { activationRatio: 1.5 })).toThrow(
      'enableToolSearch: activationRatio must be from 0 to 1, got 1.5.',
    );
  });
});

describe('the rerank hook', () => {
  /** A deterministic stand-in for a semantic model: scores a candidate by the concepts it shares with the query. */
  const CONCEPTS: Record<string, string[]> = { shuffle: ['moves'] };
  const standIn: ToolSearchRerank = (query, candidates) =>
    candidates.map((candidate) => {
      const wanted = query.split(' ').flatMap((word) => CONCEPTS[word] ?? []);
      return wanted.some((word) => candidate.description.toLowerCase().includes(word)) ? 1 : 0;
    });

  it('reorders the index’s best matches and activates by the new order', async () => {
    const suite = createFakeSuite();
    suite.register(spec('widget_read', 'Reads a widget.'), 'deferred');
    suite.register(spec('widget_copy', 'Copies a widget.'), 'deferred');
    suite.register(spec('widget_move', 'Moves a widget.'), 'deferred');
    const seen: RerankCandidate[][] = [];
    enableToolSearch(suite, {
      maxActivations: 1,
      rerank: (query, candidates) => {
        seen.push([...candidates]);
        return standIn(query, candidates);
      },
    });
    const result = await search(suite, { query: 'shuffle widget', limit: 2 });
    expect(addedNames(result)).toEqual(['widget_move']);
    expect(seen[0]?.map((candidate) => candidate.name)).toEqual([
      'widget_read',
      'widget_copy',
      'widget_move',
    ]);
    expect(seen[0]?.[1]).toEqual({
      name: 'widget_copy',
      description: 'Copies a widget.',
      score: expect.any(Number),
    });
    expect(result.structured_output?.matches).toHaveLength(2);
  });

  it('hands it at most RERANK_DEPTH candidates', async () => {
    const suite = createFakeSuite();
    for (let i = 0; i < RERANK_DEPTH + 10; i++)
      suite.register(spec(`widget_${i}`, 'Reads a widget.'), 'deferred');
    let count = 0;
    enableToolSearch(suite, {
      rerank: (_query, candidates) => {
        count = candidates.length;
        return candidates.map(() => 0);
      },
    });
    await search(suite, { query: 'widget' });
    expect(count).toBe(RERANK_DEPTH);
  });

  it('keeps the lexical order when the hook throws, rejects or returns the wrong shape', async () => {
    const hooks: ToolSearchRerank[] = [
      () => {
        throw new Error('model down');
      },
      () => Promise.reject(new Error('timeout')),
      () => [1],
      (_query, candidates) => candidates.map(() => Number.NaN),
    ];
    for (const rerank of hooks) {
      const suite = createFakeSuite();
      suite.register(spec('widget_read', 'Reads a widget.'), 'deferred');
      suite.register(spec('widget_copy', 'Copies a widget.'), 'deferred');
      enableToolSearch(suite, { maxActivations: 1, rerank });
      const result = await search(suite, { query: 'read widget' });
      expect(result.is_error).toBeUndefined();
      expect(addedNames(result)).toEqual(['widget_read']);
    }
  });
});

describe('tool_search learns from calls (learnFromCalls)', () => {
  const TASK = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;
  /** A suite with two Asana tools, the subtask one failing for id "bad"; tool_search as configured. */
  function asanaSuite(learnFromCalls: boolean | 'shared') {
    const suite = createToolSuite({ builtins: [] });
    suite.register(
      { name: 'asana_create_task', description: 'Create a task in an Asana project.', parameters: TASK },
      'deferred',
      () => 'created',
    );
    suite.register(
      {
        name: 'asana_create_subtask',
        description: 'Create a subtask under an Asana task.',
        parameters: TASK,
      },
      'deferred',
      (args) => {
        if (args.id === 'bad') throw new Error('no such task');
        return 'created';
      },
    );
    const handle = enableToolSearch(suite, { learnFromCalls });
    return { suite, index: handle.index, handle };
  }
  const REQUEST = 'break the asana task into smaller steps';

  it('learns the words of the search that found the tool the session then called, for that session only', async () => {
    const { suite, index, handle } = asanaSuite(true);
    const session = suite.createSession();
    const found = await suite.execute('tool_search', { query: REQUEST }, { session });
    expect(found.output.split('\n')[2]).toBe(
      'Also matched, not loaded: asana_create_subtask. To load one, search for its exact name.',
    );
    await suite.execute('tool_search', { query: 'asana_create_subtask' }, { session });
    expect(handle.sessionLearned(session)).toEqual([]);
    expect((await suite.execute('asana_create_subtask', { id: '7' }, { session })).is_error).toBe(false);
    expect(handle.sessionLearned(session)).toEqual([
      { name: 'asana_create_subtask', words: ['break', 'smaller', 'steps'] },
    ]);
    expect(index.learned()).toEqual([]);
    const again = await suite.execute('tool_search', { query: REQUEST, limit: 2 }, { session });
    expect(again.structured_output.matches).toMatchObject([
      { name: 'asana_create_subtask' },
      { name: 'asana_create_task' },
    ]);
    const other = suite.createSession();
    const elsewhere = await suite.execute('tool_search', { query: REQUEST, limit: 2 }, { session: other });
    expect(elsewhere.structured_output.matches).toMatchObject([
      { name: 'asana_create_task' },
      { name: 'asana_create_subtask' },
    ]);
    expect(handle.sessionLearned(other)).toEqual([]);
  });

  it('"wire funds to an account" never activates delete_repo, learned per session or shared', async () => {
    for (const learnFromCalls of [true, 'shared'] as const) {
      const suite = createToolSuite({ builtins: [] });
      suite.register(
        {
          name: 'bank_transfer',
          description: 'Transfer money from one bank account to another.',
          parameters: TASK,
        },
        'deferred',
        () => 'sent',
      );
      suite.register(
        { name: 'delete_repo', description: 'Delete a repository for good.', parameters: TASK },
        'deferred',
        () => 'deleted',
      );
      const handle = enableToolSearch(suite, { learnFromCalls });
      const first = suite.createSession();
      for (let round = 0; round < 3; round += 1) {
        await suite.execute(
          'tool_search',
          { query: 'wire funds to an account, then delete the repo' },
          { session: first },
        );
        expect((await suite.execute('delete_repo', { id: String(round) }, { session: first })).is_error).toBe(
          false,
        );
      }
      const learned = learnFromCalls === 'shared' ? handle.index.learned() : handle.sessionLearned(first);
      expect(learned.map(({ name }) => name)).toEqual(['delete_repo']);
      expect(learned[0]?.words).toEqual(expect.arrayContaining(['wire', 'funds', 'account']));
      for (const session of [suite.createSession(), first]) {
        const result = await suite.execute('tool_search', { query: 'wire funds to an account' }, { session });
        expect(result.control?.add_tools?.map((tool) => tool.name) ?? []).not.toContain('delete_repo');
        expect((result.structured_output.matches as { name: string }[]).map((match) => match.name)).toEqual([
          'bank_transfer',
        ]);
      }
    }
  });

  it('learns nothing from a failed call, a tool the search did not find, or with the option off', async () => {
    const { suite, index } = asanaSuite('shared');
    const session = suite.createSession();
    await suite.execute('tool_search', { query: REQUEST }, { session });
    await suite.execute('tool_search', { query: 'asana_create_subtask' }, { session });
    expect((await suite.execute('asana_create_subtask', { id: 'bad' }, { session })).is_error).toBe(true);
    expect(index.learned()).toEqual([]);
    const other = suite.createSession();
    await suite.execute('tool_search', { query: 'zebra' }, { session: other });
    suite.register(
      { name: 'notes_write', description: 'Write a note.', parameters: TASK },
      'direct',
      () => 'ok',
    );
    await suite.execute('notes_write', { id: '1' }, { session: other });
    expect(index.learned()).toEqual([]);

    const off = asanaSuite(false);
    const offSession = off.suite.createSession();
    await off.suite.execute('tool_search', { query: REQUEST }, { session: offSession });
    await off.suite.execute('tool_search', { query: 'asana_create_subtask' }, { session: offSession });
    expect(
      (await off.suite.execute('asana_create_subtask', { id: '7' }, { session: offSession })).is_error,
    ).toBe(false);
    expect(off.index.learned()).toEqual([]);
  });

  it("learns from each session's own last three searches, once per tool each found", async () => {
    const { suite, index } = asanaSuite('shared');
    const first = suite.createSession();
    const second = suite.createSession();
    await suite.execute('tool_search', { query: 'an old asana request about reminders' }, { session: first });
    await suite.execute('tool_search', { query: 'asana task for the plumber call' }, { session: first });
    await suite.execute('tool_search', { query: 'zebra' }, { session: first });
    await suite.execute('tool_search', { query: 'zebra stripes' }, { session: first });
    await suite.execute('tool_search', { query: REQUEST }, { session: second });
    await suite.execute('tool_search', { query: 'asana_create_subtask' }, { session: second });
    await suite.execute('asana_create_task', { id: '1' }, { session: first });
    await suite.execute('asana_create_task', { id: '2' }, { session: first });
    await suite.execute('asana_create_subtask', { id: '3' }, { session: second });
    expect(index.learned()).toEqual([
      { name: 'asana_create_task', words: ['plumber', 'call'] },
      { name: 'asana_create_subtask', words: ['break', 'smaller', 'steps'] },
    ]);
  });
});
