/**
 * The index under tool_search: text analysis, ranking, equivalent terms, large catalogs, search options,
 * updates and learning from calls.
 * Reaches inside: createToolIndex, the ToolIndex type and the analysis functions (src/search/tool-index.ts)
 * are exported by no entry (the root exports enableToolSearch); ranking, options and updates are checked on
 * the index itself.
 */
import MiniSearch from 'minisearch';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ToolSpec, UsageError } from '../../src/core/entry.ts';
import {
  analyzeText,
  createToolIndex,
  MAX_QUERY_CHARS,
  splitWords,
  stemWord,
  type ToolIndex,
} from '../../src/search/tool-index.ts';

type Params = Record<string, { type: string; description?: string; items?: unknown; enum?: string[] }>;

function tool(name: string, description: string, properties: Params = {}): ToolSpec {
  return { name, description, parameters: { type: 'object', properties } };
}

/** A realistic mixed catalog: issue trackers, chat, databases, a browser, mail, calendar, monitoring. */
const CATALOG: ToolSpec[] = [
  tool('github_create_issue', 'Create a new issue in a GitHub repository.', {
    owner: { type: 'string', description: 'Repository owner.' },
    repo: { type: 'string', description: 'Repository name.' },
    title: { type: 'string' },
    body: { type: 'string', description: 'Markdown body.' },
    labels: { type: 'array', items: { type: 'string' } },
  }),
  tool('github_list_issues', 'List issues in a GitHub repository, filtered by state and labels.', {
    owner: { type: 'string' },
    repo: { type: 'string' },
    state: { type: 'string', enum: ['open', 'closed', 'all'] },
  }),
  tool('github_create_pull_request', 'Open a pull request from a head branch into a base branch.', {
    owner: { type: 'string' },
    repo: { type: 'string' },
    head: { type: 'string', description: 'Branch with the changes.' },
    base: { type: 'string', description: 'Branch to merge into.' },
    title: { type: 'string' },
  }),
  tool('github_merge_pull_request', 'Merge an open pull request.', {
    owner: { type: 'string' },
    repo: { type: 'string' },
    pull_number: { type: 'integer' },
  }),
  tool('jira_create_ticket', 'Create a Jira ticket in a project.', {
    project_key: { type: 'string' },
    summary: { type: 'string' },
    issue_type: { type: 'string', description: 'Bug, Task or Story.' },
  }),
  tool('jira_search_issues', 'Search Jira issues with a JQL query.', {
    jql: { type: 'string' },
    max_results: { type: 'integer' },
  }),
  tool('linear_update_issue', 'Update the status, assignee or title of a Linear issue.', {
    id: { type: 'string' },
    state: { type: 'string' },
    assignee: { type: 'string' },
  }),
  tool('slack_send_message', 'Send a message to a Slack channel.', {
    channel: { type: 'string' },
    text: { type: 'string' },
    thread_ts: { type: 'string', description: 'Reply in this thread.' },
  }),
  tool('slack_list_channels', 'List the channels in the Slack workspace.', {
    limit: { type: 'integer' },
    cursor: { type: 'string' },
  }),
  tool('discord_post_message', 'Post a message to a Discord channel.', {
    channel_id: { type: 'string' },
    content: { type: 'string' },
  }),
  tool('postgres_query', 'Run a read-only SQL query against the Postgres database.', {
    sql: { type: 'string', description: 'The SQL statement.' },
  }),
  tool('postgres_list_tables', 'List the tables in a Postgres schema.', { schema: { type: 'string' } }),
  tool('mongodb_find_documents', 'Find documents in a MongoDB collection that match a filter.', {
    collection: { type: 'string' },
    filter: { type: 'object' },
  }),
  tool('redis_get', 'Get the value stored at a Redis key.', { key: { type: 'string' } }),
  tool('browser_navigate', 'Navigate the browser tab to a URL.', { url: { type: 'string' } }),
  tool('browser_click', 'Click an element on the page.', {
    selector: { type: 'string', description: 'CSS selector of the element.' },
  }),
  tool('browser_screenshot', 'Take a screenshot of the current page.', { full_page: { type: 'boolean' } }),
  tool('browser_fill_form', 'Fill form fields on the page.', {
    fields: {
      type: 'array',
      items: { type: 'object', properties: { selector: { type: 'string' }, value: { type: 'string' } } },
    },
  }),
  tool('gmail_send_email', "Send an email from the user's Gmail account.", {
    to: { type: 'string' },
    subject: { type: 'string' },
    body: { type: 'string' },
  }),
  tool('calendar_create_event', 'Create an event in Google Calendar.', {
    title: { type: 'string' },
    start: { type: 'string' },
    end: { type: 'string' },
    attendees: { type: 'array', items: { type: 'string' } },
  }),
  tool('drive_search_files', 'Search files in Google Drive by name or content.', {
    query: { type: 'string' },
  }),
  tool('sentry_list_errors', 'List recent errors reported to Sentry for a project.', {
    project: { type: 'string' },
    since: { type: 'string', description: 'ISO timestamp.' },
  }),
  tool('weather_forecast', 'Get the weather forecast for a city.', {
    city: { type: 'string' },
    days: { type: 'integer' },
  }),
];

function catalogIndex(): ToolIndex {
  const index = createToolIndex();
  for (const spec of CATALOG) index.add(spec);
  return index;
}

function names(index: ToolIndex, query: string, limit = 5): string[] {
  return index.search(query, { limit }).map((match) => match.name);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('text analysis', () => {
  it('splits identifiers at separators and camelCase boundaries', () => {
    expect(splitWords('createPullRequest')).toEqual(['create', 'pull', 'request']);
    expect(splitWords('github.pulls_create')).toEqual(['github', 'pulls', 'create']);
    expect(splitWords('mcp__github__list-repos/v2')).toEqual(['mcp', 'github', 'list', 'repos', 'v2']);
    expect(splitWords('parseHTTPResponse')).toEqual(['parse', 'http', 'response']);
    expect(splitWords('getURLs listPRsForRepo')).toEqual(['get', 'urls', 'list', 'prs', 'for', 'repo']);
    expect(splitWords('oauth2Token')).toEqual(['oauth2', 'token']);
  });

  it('drops English stop words', () => {
    expect(analyzeText('List all of the issues in the repository')).toEqual(['list', 'issu', 'repository']);
    expect(analyzeText('the and of to with')).toEqual([]);
  });

  it('stems plurals, -ing and -ed so word forms meet', () => {
    const forms = [
      ['issue', 'issues'],
      ['query', 'queries'],
      ['branch', 'branches'],
      ['create', 'creates', 'created', 'creating'],
      ['add', 'adds', 'added', 'adding'],
      ['setting', 'settings', 'set'],
      ['index', 'indexes', 'indexed'],
    ];
    for (const group of forms) {
      const stems = new Set(group.map(stemWord));
      expect(stems.size, group.join(', ')).toBe(1);
    }
    expect(stemWord('status')).toBe('status');
    expect(stemWord('string')).toBe('string');
    expect(stemWord('missing')).toBe('miss');
    expect(stemWord('v2s')).toBe('v2s');
  });

  it('indexes identifier parts, so a camelCase name is found by its words', () => {
    const index = createToolIndex();
    index.add(tool('createPullRequest', 'Opens a change for review.'));
    index.add(tool('github.pulls_create', 'Opens a change for review on GitHub.'));
    index.add(tool('listBranches', 'Lists branches.'));
    expect(names(index, 'pull request')).toEqual(['createPullRequest', 'github.pulls_create']);
    expect(names(index, 'pulls')).toEqual(['createPullRequest', 'github.pulls_create']);
    expect(names(index, 'github')).toEqual(['github.pulls_create']);
    expect(names(index, 'branch')).toEqual(['listBranches']);
  });

  it('finds a tool by its exact name first', () => {
    const index = catalogIndex();
    expect(names(index, 'github_list_issues')[0]).toBe('github_list_issues');
    expect(names(index, 'postgres_list_tables')[0]).toBe('postgres_list_tables');
  });
});

describe('ranking', () => {
  it.each([
    ['create issue', 'github_create_issue'],
    ['list issues in a repository', 'github_list_issues'],
    ['merge a pull request', 'github_merge_pull_request'],
    ['create a Jira ticket', 'jira_create_ticket'],
    ['send a message to a Slack channel', 'slack_send_message'],
    ['run a SQL query on Postgres', 'postgres_query'],
    ['list tables', 'postgres_list_tables'],
    ['take a screenshot of the page', 'browser_screenshot'],
    ['navigate to a URL', 'browser_navigate'],
    ['fill in a form', 'browser_fill_form'],
    ['send an email', 'gmail_send_email'],
    ['weather forecast for a city', 'weather_forecast'],
    ['recent errors in Sentry', 'sentry_list_errors'],
    ['value stored at a redis key', 'redis_get'],
  ])('ranks the tool first for its own words: %s', (query, expected) => {
    expect(names(catalogIndex(), query)[0]).toBe(expected);
  });

  it('matches stemmed forms', () => {
    expect(names(catalogIndex(), 'creating issues')[0]).toBe('github_create_issue');
    expect(names(catalogIndex(), 'merged pulls')[0]).toBe('github_merge_pull_request');
  });

  it('matches parameter names and descriptions, nested ones included', () => {
    expect(names(catalogIndex(), 'css selector')[0]).toBe('browser_click');
    expect(names(catalogIndex(), 'attendees')).toEqual(['calendar_create_event']);
    const index = createToolIndex();
    index.add(
      tool('deep', 'Does one thing.', {
        options: { type: 'object' },
        list: {
          type: 'array',
          items: { anyOf: [{ type: 'object', properties: { zebra_stripes: { type: 'string' } } }] },
        },
      }),
    );
    index.add(tool('shallow', 'Does another thing.'));
    expect(names(index, 'zebra stripes')).toEqual(['deep']);
  });

  it('boosts a name hit over a description hit over a parameter hit', () => {
    const index = createToolIndex({ synonyms: [] });
    index.add(tool('param_hit', 'Does work.', { widget: { type: 'string' } }));
    index.add(tool('description_hit', 'Does work on a widget.'));
    index.add(tool('widget_hit', 'Does work.'));
    expect(names(index, 'widget')).toEqual(['widget_hit', 'description_hit', 'param_hit']);
  });

  it('tolerates prefixes and small typos', () => {
    expect(names(catalogIndex(), 'screen')[0]).toBe('browser_screenshot');
    expect(names(catalogIndex(), 'screnshot')[0]).toBe('browser_screenshot');
    expect(names(catalogIndex(), 'forcast')[0]).toBe('weather_forecast');
  });

  it('expands synonyms from the table', () => {
    const index = createToolIndex();
    index.add(tool('fs_remove_directory', 'Removes a directory and everything in it.'));
    index.add(tool('fs_read_file', 'Reads a file.'));
    expect(names(index, 'delete folder')).toEqual(['fs_remove_directory']);
    expect(names(catalogIndex(), 'create a PR')[0]).toBe('github_create_pull_request');
    expect(names(catalogIndex(), 'send mail')[0]).toBe('gmail_send_email');
    expect(names(createToolIndex({ synonyms: [] }), 'delete folder')).toEqual([]);
  });

  it('spends its synonym budget on words some tool has, on a small catalog and a large one', () => {
    // 40 synonyms no tool uses come first in the group: were they counted, the 32-term budget would
    // be gone before `purge`, the one word a tool has.
    const unused = Array.from({ length: 40 }, (_, i) => `nowhere${String.fromCharCode(97 + (i % 26))}${i}`);
    const synonyms = [['obliterate', ...unused, 'purge']];
    const filler = Array.from({ length: 1_100 }, (_, i) => tool(`filler_${i}`, `Reports gauge ${i}.`));
    for (const extra of [[], filler]) {
      const index = createToolIndex({ synonyms });
      for (const spec of [...extra, tool('cache_purge', 'Empties the cache.')]) index.add(spec);
      expect(names(index, 'obliterate the cache')[0]).toBe('cache_purge');
      expect(names(index, 'obliterate')).toEqual(['cache_purge']);
    }
  });

  it('knows the everyday words agents use for browser, file and log tools', () => {
    const index = createToolIndex();
    index.add(tool('close_page', 'Closes the page by its index.'));
    index.add(tool('select_page', 'Select a page as a context for future tool calls.'));
    index.add(tool('take_screenshot', 'Take a screenshot of the page or element.'));
    index.add(tool('list_console_messages', 'List all console messages for the target page.'));
    index.add(tool('navigate_page', 'Go to a URL, or back, forward, or reload.'));
    expect(names(index, 'shut the current tab')[0]).toBe('close_page');
    expect(names(index, 'switch to another tab')[0]).toBe('select_page');
    expect(names(index, 'grab a picture of the window')[0]).toBe('take_screenshot');
    expect(names(index, 'show the logs')[0]).toBe('list_console_messages');
    expect(names(index, 'refresh')[0]).toBe('navigate_page');
  });

  it('knows the everyday words of trackers, tables and monitoring consoles', () => {
    const index = createToolIndex();
    index.add(tool('schedule_downtime', 'Schedule a downtime for a set of monitors.'));
    index.add(tool('create_field', 'Create a new field in a table.'));
    index.add(tool('add_task_dependencies', 'Set dependencies for a task.'));
    index.add(tool('list_workflows', 'Retrieve the workflows of the account.'));
    index.add(tool('list_processes', 'List all running processes.'));
    index.add(tool('create_task', 'Create a new task in a project.'));
    expect(names(index, 'plan a maintenance window tonight')[0]).toBe('schedule_downtime');
    expect(names(index, 'add a due date column')[0]).toBe('create_field');
    expect(names(index, 'this task is blocked by another one')[0]).toBe('add_task_dependencies');
    expect(names(index, 'show the automations')[0]).toBe('list_workflows');
    expect(names(index, 'show running programs')[0]).toBe('list_processes');
  });

  it('counts a name word the query says through a synonym toward the name bonus', () => {
    const index = createToolIndex();
    index.add(tool('get_project', 'Gets details for a project.'));
    index.add(tool('list_projects', 'Lists all projects of the user.'));
    index.add(tool('delete_project', 'Deletes a project.'));
    expect(names(index, 'remove a project')[0]).toBe('delete_project');
    expect(names(index, 'enumerate my projects')[0]).toBe('list_projects');
  });

  it('keeps registration order among equal scores', () => {
    const index = createToolIndex();
    for (const name of ['zeta_tool', 'alpha_tool', 'mid_tool']) index.add(tool(name, 'Reads a widget.'));
    const matches = index.search('widget', { limit: 5 });
    expect(matches.map((match) => match.name)).toEqual(['zeta_tool', 'alpha_tool', 'mid_tool']);
    expect(new Set(matches.map((match) => match.score)).size).toBe(1);
  });

  it('keeps a replaced tool in its place among ties, and honours an explicit order', () => {
    const index = createToolIndex();
    index.add(tool('first_tool', 'Reads a widget.'));
    index.add(tool('second_tool', 'Reads a widget.'));
    index.replace(tool('first_tool', 'Reads a widget.'));
    expect(names(index, 'widget')).toEqual(['first_tool', 'second_tool']);
    index.add(tool('early_tool', 'Reads a widget.'), { order: -1 });
    expect(names(index, 'widget')).toEqual(['early_tool', 'first_tool', 'second_tool']);
  });
});

describe('equivalent terms, name coverage and large catalogs', () => {
  it('replaces abbreviations in tools and queries alike', () => {
    expect(analyzeText('Open a PR in the repo of my org')).toEqual([
      'open',
      'pull',
      'request',
      'repository',
      'organization',
    ]);
    const index = createToolIndex();
    index.add(tool('repos_get', 'Returns a fork and its parent.'));
    index.add(tool('folders_list', 'Lists what a folder holds.'));
    expect(names(index, 'repository')).toEqual(['repos_get']);
    expect(names(index, 'directory')).toEqual(['folders_list']);
    const plain = createToolIndex({ equivalents: [] });
    plain.add(tool('repos_get', 'Returns a fork and its parent.'));
    expect(names(plain, 'repository')).toEqual([]);
  });

  it('keeps a capitalised compound of a description whole as well as split', () => {
    const index = createToolIndex({ synonyms: [] });
    index.add(tool('evaluate_script', 'Evaluate JavaScript inside the target page.'));
    index.add(tool('java_runtime', 'Starts a Java virtual machine.'));
    expect(names(index, 'run JS')[0]).toBe('evaluate_script');
    expect(names(index, 'javascript')[0]).toBe('evaluate_script');
    expect(names(index, 'java')).toEqual(['java_runtime', 'evaluate_script']);
    expect(splitWords('Evaluate JavaScript')).toEqual(['evaluate', 'java', 'script']);
  });

  it('ranks the tool whose name the query spells out first among equal descriptions', () => {
    const index = createToolIndex({ synonyms: [] });
    index.add(tool('branch_rules_get_all', 'Get a branch.'));
    index.add(tool('branch_get', 'Get a branch.'));
    expect(names(index, 'get a branch')).toEqual(['branch_get', 'branch_rules_get_all']);
  });

  it('ignores web addresses in descriptions', () => {
    const index = createToolIndex();
    index.add(tool('meta_get', 'Returns meta data. See https://docs.example.com/rest/meta for details.'));
    index.add(tool('docs_search', 'Searches the docs.'));
    expect(names(index, 'docs')).toEqual(['docs_search']);
    expect(names(index, 'details')).toEqual(['meta_get']);
  });

  it('keeps exact, typo and synonym matching on a catalog of more than 1,000 tools', () => {
    const index = createToolIndex();
    for (let i = 0; i < 1200; i++) {
      index.add(
        tool(`filler_${i}`, `Returns the owner of record ${i} in the repository.`, {
          owner: { type: 'string' },
        }),
      );
    }
    for (const spec of CATALOG) index.add(spec);
    expect(names(index, 'take a screenshot of the page')[0]).toBe('browser_screenshot');
    expect(names(index, 'screnshot')[0]).toBe('browser_screenshot');
    expect(names(index, 'send mail')[0]).toBe('gmail_send_email');
    expect(names(index, 'github_list_issues')[0]).toBe('github_list_issues');
    // Words in the descriptions of most tools are looked up in names (and rarer fields) only.
    expect(names(index, 'owner of the repository', 1)).toHaveLength(1);
  });

  it("on a large catalog, has MiniSearch list only the tools of the query's rarest word, yet scores the common ones", () => {
    const index = createToolIndex();
    const verbs = ['get', 'list', 'create', 'delete'];
    for (let i = 0; i < 2000; i++) {
      const verb = verbs[i % verbs.length] as string;
      index.add(tool(`${verb}_record_${i}`, `Handles record number ${i}.`));
    }
    index.add(tool('get_widget', 'Returns one widget by its identifier.'));
    index.add(tool('list_widgets', 'Lists every widget of an account.'));
    index.add(tool('widget_get_color', 'Reads the colour of a widget.'));
    // Each MiniSearch search: the words it looked up (and in which fields), and the results it built.
    const searches: string[][] = [];
    const search = MiniSearch.prototype.search;
    vi.spyOn(MiniSearch.prototype, 'search').mockImplementation(function (this: MiniSearch, ...args) {
      const results = search.apply(this, args);
      const [query] = args;
      const specs = typeof query === 'object' ? query.queries : [query];
      const looked = specs.map((spec) =>
        typeof spec === 'object' ? `${String(spec.queries[0])} in ${spec.fields?.join(', ')}` : String(spec),
      );
      searches.push([...looked, `${results.length} results`]);
      return results;
    });
    // `get` is in 503 names: it is scored for the three widget tools, not looked up. The tools the
    // lookups meet are scored by the index with MiniSearch's formula: MiniSearch builds no result.
    expect(names(index, 'get widget')).toEqual(['get_widget', 'widget_get_color', 'list_widgets']);
    expect(searches).toEqual([['widget in name', 'widget in description', '0 results']]);
    // When every word is common, the one fewest tools have (`get`, 502 names against `record`'s
    // 2,000) finds the candidates, and only the 500 that also have the other word are scored:
    // get_widget and widget_get_color are dropped.
    searches.length = 0;
    expect(names(index, 'get record', 1)).toEqual(['get_record_0']);
    expect(searches).toEqual([['get in name', '0 results']]);
    // A dropped tool is still scored when it could enter the list: here the list has room for it.
    const all = names(index, 'get record', 600);
    expect(all).toHaveLength(502);
    expect(all.slice(0, 3)).toEqual(['get_record_0', 'get_record_4', 'get_record_8']);
    expect(all.slice(-2).sort()).toEqual(['get_widget', 'widget_get_color']);
    searches.length = 0;
    // `list` is in 500 names (scored) but in one description (looked up there).
    expect(names(index, 'list widgets', 1)).toEqual(['list_widgets']);
    expect(searches).toEqual([
      ['list in description', 'widget in name', 'widget in description', '0 results'],
    ]);
  });

  it('ranks a large catalog the same without a filter, where tools that cannot enter the list are skipped early', () => {
    const index = createToolIndex();
    const verbs = ['get', 'list', 'create', 'delete'];
    for (let i = 0; i < 1500; i++) {
      const verb = verbs[i % verbs.length] as string;
      const book = i % 7 === 0 ? 'archive' : 'ledger';
      index.add(tool(`${verb}_record_${i}`, `Handles record number ${i} of the ${book}.`));
    }
    for (const query of ['get record', 'archive record', 'list the ledger records', 'delete']) {
      const unfiltered = index.search(query, { limit: 5 });
      expect(unfiltered).toHaveLength(5);
      expect(unfiltered).toEqual(index.search(query, { limit: 5, filter: () => true }));
    }
  });

  it('skips early no tool that the intent factor lets overtake the best scores of a large catalog', () => {
    const index = createToolIndex();
    for (let i = 0; i < 1200; i++) index.add(tool(`get_filler_${i}`, `Handles filler number ${i}.`));
    // Five tools that share four words of the query but create, where the query asks to see many,
    // and one that shares less text but lists what the query names.
    for (let i = 0; i < 5; i++) index.add(tool(`create_thing_${i}`, 'alpha beta gamma delta.'));
    index.add(tool('list_zetas', 'alpha.'));
    const query = 'which zetas alpha beta gamma delta';
    const unfiltered = index.search(query, { limit: 5 });
    expect(unfiltered[0]?.name).toBe('list_zetas');
    expect(unfiltered).toEqual(index.search(query, { limit: 5, filter: () => true }));
  });

  it('ranks the same after a filter threw during a search of a large catalog', () => {
    const index = createToolIndex();
    for (let i = 0; i < 1200; i++) index.add(tool(`get_record_${i}`, `Handles record number ${i}.`));
    index.add(tool('get_widget', 'Returns one widget by its identifier.'));
    const before = index.search('get widget record', { limit: 5 });
    const failing = (): never => {
      throw new Error('filter failed');
    };
    expect(() => index.search('get widget record', { limit: 5, filter: failing })).toThrow('filter failed');
    expect(index.search('get widget record', { limit: 5 })).toEqual(before);
  });

  it('forgets the words of removed tools', () => {
    const index = createToolIndex();
    for (let i = 0; i < 1000; i++) index.add(tool(`filler_${i}`, `Returns record ${i}.`));
    index.add(tool('zebra_tool', 'Counts zebras.'));
    expect(names(index, 'zebras')).toEqual(['zebra_tool']);
    index.remove('zebra_tool');
    expect(names(index, 'zebras')).toEqual([]);
    index.add(tool('zebra_tool', 'Counts zebras.'));
    expect(names(index, 'zebras')).toEqual(['zebra_tool']);
  });

  it('scores the tools added after removals exactly as an index built without the removed ones', () => {
    const verbs = ['get', 'list', 'create', 'delete'];
    const fillers = Array.from({ length: 2000 }, (_, i) =>
      tool(`${verbs[i % verbs.length]}_record_${i}`, `Handles record number ${i}.`),
    );
    const later = [
      tool('list_widget_record', 'Lists widget records.'),
      tool('get_widget_thing', 'Returns one widget.'),
    ];
    const edited = createToolIndex();
    for (const spec of fillers) edited.add(spec);
    edited.add(tool('get_widget_record', 'Returns one widget record.'));
    edited.remove('get_widget_record');
    edited.remove('get_record_0');
    // The new tools take the places the removed ones left.
    for (const spec of later) edited.add(spec);
    const fresh = createToolIndex();
    for (const spec of [...fillers.slice(1), ...later]) fresh.add(spec);
    for (const query of ['get widget record', 'get record', 'widget']) {
      const byName = (index: ToolIndex) =>
        Object.fromEntries(index.search(query, { limit: 5 }).map((match) => [match.name, match.score]));
      expect(byName(edited)).toEqual(byName(fresh));
    }
    // The name bonus weighs name words by rarity: `widget` and `record` outweigh the common `get`.
    expect(names(edited, 'get widget record')).toEqual(['list_widget_record', 'get_widget_thing']);
  });
});

describe('search options', () => {
  it('honours limit and filter', () => {
    const index = createToolIndex();
    for (let i = 0; i < 30; i++) index.add(tool(`widget_tool_${i}`, 'Reads a widget.'));
    expect(index.search('widget', { limit: 3 })).toHaveLength(3);
    expect(index.search('widget', { limit: 2.9 })).toHaveLength(2);
    expect(index.search('widget', { limit: 0 })).toEqual([]);
    expect(index.search('widget', { limit: Number.NaN })).toEqual([]);
    expect(index.search('widget', { limit: 100 })).toHaveLength(30);
    const filtered = index.search('widget', { limit: 3, filter: (name) => name.endsWith('7') });
    expect(filtered.map((match) => match.name)).toEqual([
      'widget_tool_7',
      'widget_tool_17',
      'widget_tool_27',
    ]);
  });

  it('returns nothing for an empty, blank or stop-word-only query', () => {
    const index = catalogIndex();
    expect(index.search('', { limit: 5 })).toEqual([]);
    expect(index.search('   \n\t ', { limit: 5 })).toEqual([]);
    expect(index.search('the of and', { limit: 5 })).toEqual([]);
    expect(index.search('?!.,;', { limit: 5 })).toEqual([]);
  });

  it('survives hostile queries, reading at most the first MAX_QUERY_CHARS characters and maxQueryTerms terms', () => {
    const index = catalogIndex();
    const queries = [
      'a'.repeat(10 * 1024),
      'issue '.repeat(2000),
      Array.from({ length: 2000 }, (_, i) => `word${i}`).join(' '),
      '(a+)+$[',
      '.*\\ [^] (?<x>) {1,} | $1 \\u0000 ^$',
      '\u0000\uffff\ud800 🐙 創建 issue',
    ];
    for (const query of queries) expect(index.search(query, { limit: 5 }).length).toBeLessThanOrEqual(5);
    // What a search reads is bounded whatever the query's length (bench section 7 times queries up to
    // the cut): words past the first MAX_QUERY_CHARS characters, or past the first terms, are not read.
    const filler = 'a'.repeat(MAX_QUERY_CHARS - 100);
    expect(names(index, `${filler} github issue`)[0]).toBe('github_create_issue');
    expect(names(index, `${filler}${'a'.repeat(100)} github issue`)).toEqual([]);
    const padding = Array.from({ length: 40 }, (_, i) => `filler${i}`).join(' ');
    expect(names(index, `${padding} github issue`)).toEqual([]);
    const wide = createToolIndex({ maxQueryTerms: 64 });
    for (const spec of CATALOG) wide.add(spec);
    expect(names(wide, `${padding} github issue`)[0]).toBe('github_create_issue');
    expect(names(index, '創建 issue')[0]).toMatch(/issue/);
  });

  it('indexes a tool whose name has a million characters of words, or whose schema has 200,000 branches', () => {
    // The suite caps names at 128 characters, but the index is exported and takes any spec.
    const index = createToolIndex();
    index.add(tool(`get_${'items_'.repeat(200_000)}widget`, 'Returns items.'));
    index.add({
      name: 'pick_variant',
      description: 'Picks one variant.',
      parameters: {
        type: 'object',
        properties: { variant: { anyOf: Array.from({ length: 200_000 }, () => ({ type: 'string' })) } },
      },
    });
    expect(names(index, 'widget')[0]).toMatch(/^get_items_/);
    expect(names(index, 'variant')).toEqual(['pick_variant']);
  });
});

describe('updates', () => {
  it('adds, replaces and removes one tool at a time without rebuilding', () => {
    const index = catalogIndex();
    expect(index.size).toBe(CATALOG.length);
    const add = vi.spyOn(MiniSearch.prototype, 'add');
    const addAll = vi.spyOn(MiniSearch.prototype, 'addAll');

    index.add(
      tool('stripe_refund_payment', 'Refund a payment in Stripe.', { amount_cents: { type: 'integer' } }),
    );
    expect(index.has('stripe_refund_payment')).toBe(true);
    expect(names(index, 'refund')).toEqual(['stripe_refund_payment']);

    index.replace(tool('stripe_refund_payment', 'Issue a credit note in Stripe.'));
    expect(names(index, 'refund')).toEqual(['stripe_refund_payment']);
    expect(names(index, 'credit note')).toEqual(['stripe_refund_payment']);
    expect(names(index, 'cents')).toEqual([]);

    expect(index.remove('stripe_refund_payment')).toBe(true);
    expect(index.remove('stripe_refund_payment')).toBe(false);
    expect(index.has('stripe_refund_payment')).toBe(false);
    expect(names(index, 'stripe')).toEqual([]);
    expect(index.size).toBe(CATALOG.length);

    expect(add).toHaveBeenCalledTimes(2);
    expect(addAll).not.toHaveBeenCalled();
  });

  it('replace adds a tool that was not indexed', () => {
    const index = createToolIndex();
    index.replace(tool('redis_get', 'Get a value.'));
    expect(index.size).toBe(1);
    expect(names(index, 'value')).toEqual(['redis_get']);
  });

  it('throws a UsageError when a name is added twice', () => {
    const index = createToolIndex();
    index.add(tool('redis_get', 'Get a value.'));
    expect(() => index.add(tool('redis_get', 'Get a value.'))).toThrow(UsageError);
    expect(() => index.add(tool('redis_get', 'Get a value.'))).toThrow(
      'browser-agent-tools: tool index: "redis_get" is already indexed. Use replace() to update it.',
    );
  });
});

describe('learning from calls', () => {
  /** With learnedWordsAlone, as these cases were written: learned words may find a tool by themselves. */
  const asana = (options: { learnedWordsAlone?: boolean } = { learnedWordsAlone: true }): ToolIndex => {
    const index = createToolIndex(options);
    index.add(tool('asana_create_task', 'Create a task in an Asana project.'));
    index.add(tool('asana_create_subtask', 'Create a subtask under a task.'));
    index.add(tool('asana_get_task', 'Get a task by its id.'));
    return index;
  };

  it('finds a tool by the words of a request that led to a call of it', () => {
    const index = asana();
    expect(names(index, 'break this into smaller steps')).toEqual([]);
    expect(names(index, 'break the launch task into smaller steps')[0]).toBe('asana_create_task');
    expect(index.learn('break the launch task into smaller steps', 'asana_create_subtask')).toBe(true);
    expect(names(index, 'break this into smaller steps')).toEqual(['asana_create_subtask']);
    expect(names(index, 'break the review task into smaller steps')[0]).toBe('asana_create_subtask');
    expect(index.learned()).toEqual([
      { name: 'asana_create_subtask', words: ['break', 'launch', 'smaller', 'steps'] },
    ]);
  });

  it('keeps what a tool learned when it is replaced, and restores it from learned()', () => {
    const index = asana();
    index.learn('split the work into smaller steps', 'asana_create_subtask');
    index.replace(tool('asana_create_subtask', 'Add a subtask to a task.'));
    expect(names(index, 'smaller steps')).toEqual(['asana_create_subtask']);
    const restored = asana();
    for (const { name, words } of index.learned()) restored.learn(words.join(' '), name);
    expect(restored.learned()).toEqual(index.learned());
    expect(names(restored, 'smaller steps')).toEqual(['asana_create_subtask']);
  });

  it('learns nothing for a tool it does not hold, a removed tool or a query that is not text', () => {
    const index = asana();
    expect(index.learn('smaller steps', 'asana_delete_task')).toBe(false);
    expect(index.learn(42 as unknown as string, 'asana_get_task')).toBe(true);
    expect(index.learn('', 'asana_get_task')).toBe(true);
    index.learn('smaller steps', 'asana_get_task');
    index.remove('asana_get_task');
    index.add(tool('asana_get_task', 'Get a task by its id.'));
    expect(index.learned()).toEqual([]);
    expect(names(index, 'smaller steps')).toEqual([]);
  });

  it('re-indexes only the tool that learned, in its place among equal scores', () => {
    const index = asana();
    const add = vi.spyOn(MiniSearch.prototype, 'add');
    index.learn('a fresh piece of work', 'asana_create_task');
    index.learn('a fresh piece of work', 'asana_create_subtask');
    expect(add).toHaveBeenCalledTimes(2);
    expect(names(index, 'fresh piece')).toEqual(['asana_create_task', 'asana_create_subtask']);
  });

  it('by default, learned words never make a tool rank for a request sharing none of its own words', () => {
    const index = asana({});
    index.add(tool('bank_transfer', 'Transfer money from one bank account to another.'));
    index.add(tool('delete_repo', 'Delete a repository for good.'));
    for (let round = 0; round < 3; round += 1) index.learn('wire funds to an account', 'delete_repo');
    expect(index.learned()).toEqual([{ name: 'delete_repo', words: ['wire', 'funds', 'account'] }]);
    expect(names(index, 'wire funds to an account')).toEqual(['bank_transfer']);
    // A request that has one of its own words still gains from what it learned.
    expect(names(index, 'delete the repository holding the wire funds')[0]).toBe('delete_repo');
    const alone = asana();
    alone.add(tool('bank_transfer', 'Transfer money from one bank account to another.'));
    alone.add(tool('delete_repo', 'Delete a repository for good.'));
    alone.learn('wire funds to an account', 'delete_repo');
    expect(names(alone, 'wire funds to an account')).toContain('delete_repo');
  });

  it('keeps at most 32 words per tool however long the requests', () => {
    const index = asana();
    const words = Array.from({ length: 2_000 }, (_, i) => `w${i.toString(36)}x`);
    for (let at = 0; at < words.length; at += 100) {
      index.learn(words.slice(at, at + 100).join(' '), 'asana_get_task');
    }
    index.learn(`${'long '.repeat(1_000_000)}`, 'asana_get_task');
    const [learned] = index.learned();
    expect(learned?.words).toHaveLength(32);
    expect(learned?.words.at(-1)).toBe('long');
    expect(names(index, words.at(-1) as string)).toEqual(['asana_get_task']);
    expect(names(index, words[0] as string)).toEqual([]);
  });

  it('releases the words no tool keeps any more, so its terms follow what the tools keep; searches unchanged', () => {
    const index = asana();
    const tools = ['asana_create_task', 'asana_create_subtask', 'asana_get_task'];
    const fresh = (at: number): string => `z${at.toString(36)}q`;
    // 30,000 words no tool had, each kept until 32 newer ones push it out.
    for (let round = 0; round < 10_000; round += 1) {
      const words = [0, 1, 2].map((k) => fresh(round * 3 + k));
      index.learn(`break ${words.join(' ')}`, tools[round % 3] as string);
    }
    const kept = asana();
    for (const { name, words } of index.learned()) kept.learn(words.join(' '), name);
    expect(kept.learned()).toEqual(index.learned());
    expect(kept.termCount).toBeLessThan(150);
    // Released in batches of at least 4,096 (MIN_RELEASED_TERMS): never every word learned.
    expect(index.termCount).toBeLessThan(kept.termCount + 4_096);
    const ranked = (of: ToolIndex, query: string) =>
      of.search(query, { limit: 5 }).map(({ name, score }) => `${name} ${score.toFixed(9)}`);
    for (const query of ['break', 'create a task', fresh(0), fresh(29_999), `get ${fresh(29_990)}`]) {
      expect(ranked(index, query), query).toEqual(ranked(kept, query));
    }
    expect(names(index, fresh(29_999))[0]).toBe('asana_create_task');
  });
});
