/**
 * The demo catalog: 49 deferred tools in the style of published MCP servers (GitHub, Linear, Jira,
 * Playwright browser, Postgres, Slack, Gmail, Notion, Sentry, Datadog, Stripe, AWS, ...), so that
 * `tool_search` has something real to find. Specs come in the formats those servers and SDKs publish
 * (mostly MCP `inputSchema` + `annotations`, some OpenAI, Anthropic and Gemini). Implementations return
 * plausible, deterministic fake data; nothing touches the network.
 */
import type {
  AnyToolSpec,
  JsonObject,
  JsonValue,
  PartialToolResult,
  ToolImplementation,
} from 'browser-agent-tools';
import { fake, ISSUE_TITLES, intArg, isoDaysAgo, LABELS, PEOPLE, SERVICES, textArg } from './fake.ts';

/** One demo tool: its published spec, arguments that make a plausible call, and its fake implementation. */
export interface DemoTool {
  name: string;
  spec: AnyToolSpec;
  example: Record<string, JsonValue>;
  run: ToolImplementation;
}

type Schema = Record<string, JsonValue>;

interface McpDefinition {
  name: string;
  title: string;
  description: string;
  properties: Record<string, Schema>;
  required?: string[];
  /** MCP hints. Leave all three out for a tool whose effects are unknown. */
  readOnly?: boolean;
  destructive?: boolean;
  openWorld?: boolean;
  example: Record<string, JsonValue>;
  run: ToolImplementation;
}

/** A tool as an MCP server lists it (`tools/list`). */
function mcp(definition: McpDefinition): DemoTool {
  const annotations: Record<string, JsonValue> = { title: definition.title };
  if (definition.readOnly !== undefined) annotations.readOnlyHint = definition.readOnly;
  if (definition.destructive !== undefined) annotations.destructiveHint = definition.destructive;
  if (definition.openWorld !== undefined) annotations.openWorldHint = definition.openWorld;
  const hasHints = definition.readOnly !== undefined;
  return {
    name: definition.name,
    spec: {
      name: definition.name,
      title: definition.title,
      description: definition.description,
      inputSchema: {
        type: 'object',
        properties: definition.properties,
        ...(definition.required ? { required: definition.required } : {}),
      },
      ...(hasHints ? { annotations } : {}),
    },
    example: definition.example,
    run: definition.run,
  };
}

const str = (description: string, extra: Schema = {}): Schema => ({ type: 'string', description, ...extra });
const int = (description: string, extra: Schema = {}): Schema => ({ type: 'integer', description, ...extra });
const bool = (description: string): Schema => ({ type: 'boolean', description });
const strings = (description: string): Schema => ({ type: 'array', items: { type: 'string' }, description });

const result = (output: string, structured: JsonObject): PartialToolResult => ({
  output,
  structured_output: structured,
});

function issue(seed: unknown, number: number, repo: string): JsonObject {
  const f = fake([seed, number]);
  return {
    number,
    title: f.pick(ISSUE_TITLES),
    state: f.next() < 0.7 ? 'open' : 'closed',
    author: f.pick(PEOPLE),
    labels: [f.pick(LABELS)],
    comments: f.int(0, 24),
    created_at: isoDaysAgo(f, f.int(1, 90)),
    url: `https://github.example/${repo}/issues/${number}`,
  };
}

const REPO = str('Repository as owner/name, for example "acme/shop".');

const issueTrackers: DemoTool[] = [
  mcp({
    name: 'github_search_issues',
    title: 'Search issues',
    description:
      'Search issues and pull requests in GitHub repositories with GitHub search syntax (is:open, label:bug, author:...).',
    properties: {
      query: str('GitHub search query.'),
      repo: REPO,
      limit: int('Results to return, 1-50. Default 10.', { minimum: 1, maximum: 50 }),
    },
    required: ['query'],
    readOnly: true,
    openWorld: true,
    example: { query: 'is:open label:bug checkout', repo: 'acme/shop' },
    run(args) {
      const repo = textArg(args.repo, 'acme/shop');
      const f = fake(args);
      const items = Array.from({ length: intArg(args.limit, 5, 1, 50) }, () =>
        issue(args, f.int(100, 4000), repo),
      );
      return result(
        items.map((item) => `#${item.number} [${item.state}] ${item.title} (${item.author})`).join('\n'),
        { total_count: items.length, items },
      );
    },
  }),
  mcp({
    name: 'github_get_issue',
    title: 'Get issue',
    description: 'Get one GitHub issue with its body, labels, assignees and comment count.',
    properties: { repo: REPO, issue_number: int('Issue number.') },
    required: ['repo', 'issue_number'],
    readOnly: true,
    openWorld: true,
    example: { repo: 'acme/shop', issue_number: 1287 },
    run(args) {
      const repo = textArg(args.repo);
      const item = issue(args, intArg(args.issue_number, 1, 1, 1e9), repo);
      const body =
        'Steps to reproduce:\n1. Add 51 items to the cart\n2. Press "Pay"\nExpected: payment page. Actual: HTTP 500.';
      return result(
        `#${item.number} ${item.title}\nstate: ${item.state}, author: ${item.author}\n\n${body}`,
        { ...item, body },
      );
    },
  }),
  mcp({
    name: 'github_create_issue',
    title: 'Create issue',
    description: 'Create a new issue in a GitHub repository.',
    properties: {
      repo: REPO,
      title: str('Issue title.'),
      body: str('Issue body, Markdown.'),
      labels: strings('Labels to add.'),
      assignees: strings('Logins to assign.'),
    },
    required: ['repo', 'title'],
    readOnly: false,
    destructive: false,
    openWorld: true,
    example: {
      repo: 'acme/shop',
      title: 'Checkout returns 500 for carts over 50 items',
      labels: ['bug', 'p1'],
    },
    run(args) {
      const number = fake(args).int(4000, 4999);
      const repo = textArg(args.repo);
      const url = `https://github.example/${repo}/issues/${number}`;
      return result(`Created issue #${number} in ${repo}: ${textArg(args.title)}\n${url}`, {
        number,
        url,
        title: textArg(args.title),
        labels: Array.isArray(args.labels) ? (args.labels as JsonValue[]) : [],
        state: 'open',
      });
    },
  }),
  mcp({
    name: 'github_add_issue_comment',
    title: 'Comment on issue',
    description: 'Add a comment to an issue or pull request.',
    properties: {
      repo: REPO,
      issue_number: int('Issue or pull request number.'),
      body: str('Comment text, Markdown.'),
    },
    required: ['repo', 'issue_number', 'body'],
    readOnly: false,
    destructive: false,
    openWorld: true,
    example: { repo: 'acme/shop', issue_number: 1287, body: 'Reproduced on main; fix in progress.' },
    run(args) {
      const id = fake(args).int(1e8, 9e8);
      return result(`Comment ${id} added to #${String(args.issue_number)}.`, {
        id,
        issue_number: intArg(args.issue_number, 0, 0, 1e9),
      });
    },
  }),
  mcp({
    name: 'github_list_pull_requests',
    title: 'List pull requests',
    description: 'List pull requests of a repository, newest first, filtered by state and base branch.',
    properties: {
      repo: REPO,
      state: str('open, closed or all. Default open.', { enum: ['open', 'closed', 'all'] }),
      base: str('Base branch.'),
    },
    required: ['repo'],
    readOnly: true,
    openWorld: true,
    example: { repo: 'acme/shop', state: 'open' },
    run(args) {
      const f = fake(args);
      const pulls = Array.from({ length: 4 }, (_, index) => ({
        number: 2100 - index * 7,
        title: f.pick([
          'Fix cart total rounding',
          'Bump vite to 8.3',
          'Add retry to payment client',
          'Refactor auth middleware',
        ]),
        author: f.pick(PEOPLE),
        draft: f.next() < 0.2,
        head: `feature/${f.hex(6)}`,
        base: textArg(args.base, 'main'),
      }));
      return result(
        pulls.map((pull) => `#${pull.number} ${pull.title} (${pull.head} → ${pull.base})`).join('\n'),
        { pulls },
      );
    },
  }),
  mcp({
    name: 'github_get_pull_request_diff',
    title: 'Get pull request diff',
    description: 'Get the unified diff of a pull request.',
    properties: { repo: REPO, pull_number: int('Pull request number.') },
    required: ['repo', 'pull_number'],
    readOnly: true,
    openWorld: true,
    example: { repo: 'acme/shop', pull_number: 2100 },
    run(args) {
      const diff = [
        'diff --git a/src/cart.ts b/src/cart.ts',
        '--- a/src/cart.ts',
        '+++ b/src/cart.ts',
        '@@ -12,7 +12,7 @@ export function total(items: Item[]): number {',
        '   let sum = 0;',
        '   for (const item of items) {',
        '-    sum += item.price * item.qty;',
        '+    sum += Math.round(item.price * item.qty * 100) / 100;',
        '   }',
        '   return sum;',
        ' }',
        '',
      ].join('\n');
      return {
        output: diff,
        structured_output: { pull_number: intArg(args.pull_number, 0, 0, 1e9), files_changed: 1 },
        details: { diff },
      };
    },
  }),
  mcp({
    name: 'github_merge_pull_request',
    title: 'Merge pull request',
    description: 'Merge a pull request with the merge, squash or rebase method.',
    properties: {
      repo: REPO,
      pull_number: int('Pull request number.'),
      merge_method: str('merge, squash or rebase.', { enum: ['merge', 'squash', 'rebase'] }),
    },
    required: ['repo', 'pull_number'],
    readOnly: false,
    destructive: true,
    openWorld: true,
    example: { repo: 'acme/shop', pull_number: 2100, merge_method: 'squash' },
    run(args) {
      const sha = fake(args).hex(40);
      return result(
        `Merged #${String(args.pull_number)} (${textArg(args.merge_method, 'merge')}) as ${sha.slice(0, 7)}.`,
        { merged: true, sha },
      );
    },
  }),
  mcp({
    name: 'github_search_code',
    title: 'Search code',
    description: 'Search code across GitHub repositories.',
    properties: { query: str('Code search query, e.g. "createToolSuite language:ts".') },
    required: ['query'],
    readOnly: true,
    openWorld: true,
    example: { query: 'rateLimit repo:acme/shop' },
    run(args) {
      const f = fake(args);
      const hits = ['src/limits.ts', 'src/server/middleware.ts', 'test/limits.test.ts'].map((path) => ({
        repo: 'acme/shop',
        path,
        line: f.int(3, 200),
        fragment: `export const rateLimit = createLimiter({ perMinute: ${f.int(30, 600)} });`,
      }));
      return result(hits.map((hit) => `${hit.repo}/${hit.path}:${hit.line}: ${hit.fragment}`).join('\n'), {
        hits,
      });
    },
  }),
  mcp({
    name: 'github_enable_toolset',
    title: 'Enable toolset',
    description: 'Turn on a group of GitHub tools for this conversation: issues, pull_requests or code.',
    properties: {
      toolset: str('issues, pull_requests or code.', { enum: ['issues', 'pull_requests', 'code'] }),
    },
    required: ['toolset'],
    readOnly: true,
    openWorld: false,
    example: { toolset: 'pull_requests' },
    run(args, context) {
      const groups: Record<string, string[]> = {
        issues: [
          'github_search_issues',
          'github_get_issue',
          'github_create_issue',
          'github_add_issue_comment',
        ],
        pull_requests: [
          'github_list_pull_requests',
          'github_get_pull_request_diff',
          'github_merge_pull_request',
        ],
        code: ['github_search_code'],
      };
      const names = groups[textArg(args.toolset)] ?? [];
      const specs = names.flatMap((name) => {
        const tool = context.suite.get(name);
        return tool ? [tool.spec] : [];
      });
      return {
        output: `Enabled the ${textArg(args.toolset)} toolset: ${names.join(', ')}.`,
        structured_output: { toolset: textArg(args.toolset), tools: names },
        control: { add_tools: specs },
      };
    },
  }),
  mcp({
    name: 'linear_list_issues',
    title: 'List Linear issues',
    description: 'List issues in a Linear team, filtered by state, assignee or label.',
    properties: {
      team: str('Team key, e.g. "ENG".'),
      state: str('Workflow state, e.g. "In Progress".'),
      assignee: str('Assignee email or "me".'),
    },
    required: ['team'],
    readOnly: true,
    openWorld: true,
    example: { team: 'ENG', state: 'In Progress' },
    run(args) {
      const f = fake(args);
      const team = textArg(args.team, 'ENG');
      const issues = Array.from({ length: 4 }, () => ({
        id: `${team}-${f.int(100, 999)}`,
        title: f.pick(ISSUE_TITLES),
        state: textArg(args.state, 'Todo'),
        priority: f.int(1, 4),
        assignee: `${f.pick(PEOPLE)}@acme.example`,
      }));
      return result(
        issues.map((item) => `${item.id} [${item.state}] P${item.priority} ${item.title}`).join('\n'),
        { issues },
      );
    },
  }),
  mcp({
    name: 'linear_update_issue',
    title: 'Update Linear issue',
    description: 'Change the state, assignee, priority or title of a Linear issue.',
    properties: {
      id: str('Issue identifier, e.g. "ENG-412".'),
      state: str('New workflow state.'),
      priority: int('0 (none) to 4 (low).', { minimum: 0, maximum: 4 }),
      assignee: str('Assignee email.'),
    },
    required: ['id'],
    readOnly: false,
    destructive: false,
    openWorld: true,
    example: { id: 'ENG-412', state: 'Done' },
    run(args) {
      const changed = Object.keys(args).filter((key) => key !== 'id');
      return result(`Updated ${textArg(args.id)}: ${changed.join(', ') || 'nothing'}.`, {
        id: textArg(args.id),
        changed,
      });
    },
  }),
  mcp({
    name: 'jira_get_ticket',
    title: 'Get Jira ticket',
    description: 'Fetch a Jira ticket with status, assignee, story points and the latest comments.',
    properties: { key: str('Ticket key, e.g. "OPS-1142".') },
    required: ['key'],
    readOnly: true,
    openWorld: true,
    example: { key: 'OPS-1142' },
    run(args) {
      const f = fake(args);
      const ticket = {
        key: textArg(args.key),
        summary: f.pick(ISSUE_TITLES),
        status: f.pick(['To Do', 'In Progress', 'In Review', 'Done']),
        assignee: f.pick(PEOPLE),
        story_points: f.pick([1, 2, 3, 5, 8]),
      };
      return result(
        `${ticket.key}: ${ticket.summary}\nstatus ${ticket.status}, ${ticket.story_points} points, ${ticket.assignee}`,
        ticket,
      );
    },
  }),
  mcp({
    name: 'jira_transition_ticket',
    title: 'Transition Jira ticket',
    description: 'Move a Jira ticket to another status through a workflow transition.',
    properties: { key: str('Ticket key.'), transition: str('Target status, e.g. "Done".') },
    required: ['key', 'transition'],
    readOnly: false,
    destructive: false,
    openWorld: true,
    example: { key: 'OPS-1142', transition: 'In Review' },
    run: (args) =>
      result(`${textArg(args.key)} moved to ${textArg(args.transition)}.`, {
        key: textArg(args.key),
        status: textArg(args.transition),
      }),
  }),
];

const PAGE = 'https://shop.example/checkout';

const browser: DemoTool[] = [
  mcp({
    name: 'browser_navigate',
    title: 'Navigate to a URL',
    description: 'Navigate the browser page to a URL and wait for it to load.',
    properties: { url: str('The URL to open.') },
    required: ['url'],
    readOnly: false,
    destructive: false,
    openWorld: true,
    example: { url: PAGE },
    run: (args) =>
      result(`Navigated to ${textArg(args.url)}\nPage title: Checkout – Acme Shop`, {
        url: textArg(args.url),
        title: 'Checkout – Acme Shop',
        status: 200,
      }),
  }),
  mcp({
    name: 'browser_snapshot',
    title: 'Page snapshot',
    description:
      'Capture an accessibility snapshot of the current page: roles, names and element refs to use with click and type.',
    properties: {},
    readOnly: true,
    openWorld: false,
    example: {},
    run() {
      const snapshot = [
        '- heading "Checkout" [level=1] [ref=e3]',
        '- textbox "Email" [ref=e7]',
        '- textbox "Card number" [ref=e9]',
        '- button "Pay 42.50 EUR" [ref=e12]',
        '- link "Back to cart" [ref=e14]',
      ].join('\n');
      return result(`Page URL: ${PAGE}\n${snapshot}`, { url: PAGE, elements: 5 });
    },
  }),
  mcp({
    name: 'browser_click',
    title: 'Click',
    description: 'Click an element of the page by the ref from the last snapshot.',
    properties: {
      element: str('Human-readable description of the element.'),
      ref: str('Element ref from the snapshot, e.g. "e12".'),
    },
    required: ['element', 'ref'],
    readOnly: false,
    destructive: true,
    openWorld: true,
    example: { element: 'Pay button', ref: 'e12' },
    run: (args) =>
      result(`Clicked ${textArg(args.element)} [ref=${textArg(args.ref)}].`, {
        ref: textArg(args.ref),
        navigated: false,
      }),
  }),
  mcp({
    name: 'browser_type',
    title: 'Type text',
    description: 'Type text into an editable element, optionally pressing Enter after it.',
    properties: {
      element: str('Human-readable description.'),
      ref: str('Element ref.'),
      text: str('Text to type.'),
      submit: bool('Press Enter after typing.'),
    },
    required: ['element', 'ref', 'text'],
    readOnly: false,
    destructive: true,
    openWorld: true,
    example: { element: 'Email field', ref: 'e7', text: 'ana@example.com' },
    run: (args) =>
      result(`Typed ${textArg(args.text).length} characters into ${textArg(args.element)}.`, {
        ref: textArg(args.ref),
        submitted: args.submit === true,
      }),
  }),
  mcp({
    name: 'browser_take_screenshot',
    title: 'Take a screenshot',
    description: 'Take a PNG screenshot of the page or of one element.',
    properties: {
      ref: str('Element ref; omit for the full page.'),
      fullPage: bool('Capture the whole scrollable page.'),
    },
    readOnly: true,
    openWorld: false,
    example: { fullPage: true },
    run: () =>
      result('Screenshot taken (1280×2200 PNG, 412 KB). Image data is omitted in this demo.', {
        mime_type: 'image/png',
        width: 1280,
        height: 2200,
        bytes: 421_888,
      }),
  }),
  mcp({
    name: 'browser_console_messages',
    title: 'Console messages',
    description: 'Return the console messages of the page since it was loaded.',
    properties: { level: str('Minimum level: debug, info, warning or error.') },
    example: { level: 'warning' },
    run() {
      const messages = [
        { level: 'warning', text: 'Deprecated API: document.domain setter' },
        { level: 'error', text: 'POST https://shop.example/api/pay 500 (Internal Server Error)' },
      ];
      return result(messages.map((message) => `[${message.level}] ${message.text}`).join('\n'), { messages });
    },
  }),
];

const data: DemoTool[] = [
  mcp({
    name: 'postgres_list_tables',
    title: 'List tables',
    description: 'List the tables of a Postgres schema with their estimated row counts.',
    properties: { schema: str('Schema name. Default "public".') },
    readOnly: true,
    openWorld: false,
    example: { schema: 'public' },
    run(args) {
      const f = fake(args);
      const tables = ['customers', 'orders', 'order_items', 'products', 'payments', 'refunds'].map(
        (name) => ({ name, rows: f.int(100, 2_000_000) }),
      );
      return result(tables.map((table) => `${table.name} (~${table.rows} rows)`).join('\n'), {
        schema: textArg(args.schema, 'public'),
        tables,
      });
    },
  }),
  mcp({
    name: 'postgres_describe_table',
    title: 'Describe table',
    description: 'Show the columns, types, nullability and indexes of a Postgres table.',
    properties: { table: str('Table name, optionally schema-qualified.') },
    required: ['table'],
    readOnly: true,
    openWorld: false,
    example: { table: 'orders' },
    run(args) {
      const columns = [
        { name: 'id', type: 'bigint', nullable: false },
        { name: 'customer_id', type: 'bigint', nullable: false },
        { name: 'status', type: 'text', nullable: false },
        { name: 'total_cents', type: 'integer', nullable: false },
        { name: 'created_at', type: 'timestamptz', nullable: false },
      ];
      return result(
        `Table ${textArg(args.table)}\n${columns.map((column) => `  ${column.name} ${column.type}${column.nullable ? '' : ' not null'}`).join('\n')}\nIndexes: ${textArg(args.table)}_pkey (id), ${textArg(args.table)}_customer_idx (customer_id)`,
        { table: textArg(args.table), columns },
      );
    },
  }),
  mcp({
    name: 'postgres_query',
    title: 'Run read-only SQL',
    description: 'Run a read-only SQL query in a transaction that is rolled back, and return the rows.',
    properties: { sql: str('One SELECT statement.') },
    required: ['sql'],
    readOnly: true,
    openWorld: false,
    example: { sql: 'select status, count(*) from orders group by status' },
    run(args) {
      const f = fake(args);
      const rows = ['paid', 'pending', 'refunded', 'failed'].map((status) => ({
        status,
        count: f.int(10, 90_000),
      }));
      return result(
        [
          'status   | count',
          ...rows.map((row) => `${row.status.padEnd(8)} | ${row.count}`),
          `(${rows.length} rows)`,
        ].join('\n'),
        {
          columns: ['status', 'count'],
          rows,
          row_count: rows.length,
        },
      );
    },
  }),
  {
    name: 'sqlite_query',
    // OpenAI chat completions format.
    spec: {
      type: 'function',
      function: {
        name: 'sqlite_query',
        description: 'Run a SQL query against the local analytics SQLite database (events, sessions, users).',
        parameters: {
          type: 'object',
          properties: { query: { type: 'string', description: 'SQL to run.' } },
          required: ['query'],
        },
      },
    },
    example: { query: 'select date(ts) as day, count(*) from events group by day order by day desc limit 3' },
    run(args) {
      const f = fake(args);
      const rows = [0, 1, 2].map((days) => ({
        day: isoDaysAgo(f, days).slice(0, 10),
        count: f.int(1000, 9000),
      }));
      return result(rows.map((row) => `${row.day}|${row.count}`).join('\n'), { rows });
    },
  },
  mcp({
    name: 'redis_get',
    title: 'Get Redis key',
    description: 'Read a Redis key: strings, hashes and lists, with its TTL.',
    properties: { key: str('Key name.') },
    required: ['key'],
    readOnly: true,
    openWorld: false,
    example: { key: 'session:9f2c' },
    run(args) {
      const f = fake(args);
      const ttl = f.int(60, 86_400);
      return result(
        `${textArg(args.key)} (hash, ttl ${ttl}s)\n  user_id: ${f.int(1000, 9999)}\n  cart_items: ${f.int(0, 60)}`,
        { key: textArg(args.key), type: 'hash', ttl_seconds: ttl },
      );
    },
  }),
];

const chat: DemoTool[] = [
  mcp({
    name: 'slack_list_channels',
    title: 'List channels',
    description: 'List public Slack channels of the workspace with member counts.',
    properties: { limit: int('Channels to return, up to 200. Default 20.', { minimum: 1, maximum: 200 }) },
    readOnly: true,
    openWorld: true,
    example: { limit: 5 },
    run(args) {
      const f = fake(args);
      const channels = ['general', 'eng', 'incidents', 'releases', 'random']
        .slice(0, intArg(args.limit, 5, 1, 5))
        .map((name) => ({ id: `C0${f.hex(8).toUpperCase()}`, name, members: f.int(4, 400) }));
      return result(
        channels.map((channel) => `#${channel.name} (${channel.members} members) ${channel.id}`).join('\n'),
        { channels },
      );
    },
  }),
  mcp({
    name: 'slack_post_message',
    title: 'Post message',
    description: 'Post a message to a Slack channel or thread.',
    properties: {
      channel: str('Channel name or ID.'),
      text: str('Message text (Slack mrkdwn).'),
      thread_ts: str('Reply in this thread.'),
    },
    required: ['channel', 'text'],
    readOnly: false,
    destructive: false,
    openWorld: true,
    example: { channel: '#incidents', text: 'Checkout errors are back to normal since 10:42 UTC.' },
    run(args) {
      const ts = `${1796000000 + fake(args).int(0, 99999)}.000200`;
      return result(`Posted to ${textArg(args.channel)} (ts ${ts}).`, { channel: textArg(args.channel), ts });
    },
  }),
  mcp({
    name: 'slack_get_thread',
    title: 'Get thread replies',
    description: 'Read all replies of a Slack thread.',
    properties: { channel: str('Channel ID.'), thread_ts: str('Timestamp of the parent message.') },
    required: ['channel', 'thread_ts'],
    readOnly: true,
    openWorld: true,
    example: { channel: 'C0INCIDENTS', thread_ts: '1796012345.000100' },
    run(args) {
      const f = fake(args);
      const replies = [
        'Seeing 500s on /api/pay',
        'Rolled back billing-worker',
        'Error rate down to 0.1%',
      ].map((text) => ({ user: f.pick(PEOPLE), text }));
      return result(replies.map((reply) => `${reply.user}: ${reply.text}`).join('\n'), { replies });
    },
  }),
  mcp({
    name: 'slack_search_messages',
    title: 'Search messages',
    description:
      'Search Slack messages with Slack search modifiers (in:#channel, from:@user, before:, after:).',
    properties: { query: str('Search query.') },
    required: ['query'],
    readOnly: true,
    openWorld: true,
    example: { query: 'in:#incidents checkout' },
    run(args) {
      const f = fake(args);
      const matches = [1, 2, 3].map(() => ({
        channel: 'incidents',
        user: f.pick(PEOPLE),
        text: `${f.pick(SERVICES)}: ${f.pick(['p95 latency above 2s', 'deploy finished', 'rollback started'])}`,
      }));
      return result(matches.map((match) => `#${match.channel} ${match.user}: ${match.text}`).join('\n'), {
        matches,
      });
    },
  }),
  {
    name: 'discord_send_message',
    // Anthropic format.
    spec: {
      name: 'discord_send_message',
      description: 'Send a message to a Discord channel as the bot.',
      input_schema: {
        type: 'object',
        properties: {
          channel_id: { type: 'string', description: 'Channel snowflake ID.' },
          content: { type: 'string', description: 'Message, up to 2000 characters.' },
        },
        required: ['channel_id', 'content'],
      },
    },
    example: { channel_id: '1180094417890293790', content: 'Release 2.4.0 is live.' },
    run: (args) =>
      result(`Message sent to ${textArg(args.channel_id)}.`, {
        id: String(fake(args).int(1e9, 9e9)),
        channel_id: textArg(args.channel_id),
      }),
  },
  mcp({
    name: 'gmail_search',
    title: 'Search mail',
    description: 'Search Gmail messages with Gmail query operators (from:, subject:, newer_than:).',
    properties: {
      q: str('Gmail search query.'),
      max_results: int('Up to 50. Default 10.', { minimum: 1, maximum: 50 }),
    },
    required: ['q'],
    readOnly: true,
    openWorld: true,
    example: { q: 'from:billing@stripe.example newer_than:7d' },
    run(args) {
      const f = fake(args);
      const messages = [1, 2, 3].map(() => ({
        id: f.hex(16),
        from: 'billing@stripe.example',
        subject: f.pick(['Your invoice is ready', 'Payout sent', 'Dispute opened']),
        date: isoDaysAgo(f, f.int(0, 6)),
      }));
      return result(
        messages
          .map((message) => `${message.date.slice(0, 10)} ${message.from}: ${message.subject}`)
          .join('\n'),
        { messages },
      );
    },
  }),
  mcp({
    name: 'gmail_send',
    title: 'Send mail',
    description: 'Send an email from the connected Gmail account.',
    properties: { to: strings('Recipients.'), subject: str('Subject line.'), body: str('Plain-text body.') },
    required: ['to', 'subject', 'body'],
    readOnly: false,
    destructive: false,
    openWorld: true,
    example: {
      to: ['ana@example.com'],
      subject: 'Incident summary',
      body: 'Checkout was degraded for 14 minutes.',
    },
    run: (args) =>
      result(`Sent "${textArg(args.subject)}".`, {
        id: fake(args).hex(16),
        thread_id: fake([args, 1]).hex(16),
      }),
  }),
  mcp({
    name: 'calendar_list_events',
    title: 'List events',
    description: 'List Google Calendar events between two dates.',
    properties: {
      calendar_id: str('Calendar ID or "primary".'),
      time_min: str('Start, RFC 3339.'),
      time_max: str('End, RFC 3339.'),
    },
    required: ['time_min', 'time_max'],
    readOnly: true,
    openWorld: true,
    example: { calendar_id: 'primary', time_min: '2026-12-01T00:00:00Z', time_max: '2026-12-02T00:00:00Z' },
    run(args) {
      const events = [
        { start: '09:30', end: '09:45', summary: 'Stand-up' },
        { start: '13:00', end: '14:00', summary: 'Incident review: checkout 500s' },
        { start: '16:00', end: '16:30', summary: '1:1 with Farah' },
      ];
      return result(events.map((event) => `${event.start}-${event.end} ${event.summary}`).join('\n'), {
        calendar_id: textArg(args.calendar_id, 'primary'),
        events,
      });
    },
  }),
  mcp({
    name: 'calendar_create_event',
    title: 'Create event',
    description: 'Create a Google Calendar event and invite attendees.',
    properties: {
      summary: str('Title.'),
      start: str('Start, RFC 3339.'),
      end: str('End, RFC 3339.'),
      attendees: strings('Attendee emails.'),
    },
    required: ['summary', 'start', 'end'],
    readOnly: false,
    destructive: false,
    openWorld: true,
    example: {
      summary: 'Postmortem',
      start: '2026-12-02T15:00:00Z',
      end: '2026-12-02T15:30:00Z',
      attendees: ['ana@example.com'],
    },
    run: (args) =>
      result(`Created "${textArg(args.summary)}" at ${textArg(args.start)}.`, {
        id: fake(args).hex(26),
        html_link: 'https://calendar.example/event?eid=demo',
      }),
  }),
];

const docs: DemoTool[] = [
  mcp({
    name: 'notion_search',
    title: 'Search Notion',
    description: 'Search Notion pages and databases shared with the integration.',
    properties: { query: str('Words to search for.') },
    required: ['query'],
    readOnly: true,
    openWorld: true,
    example: { query: 'on-call runbook' },
    run(args) {
      const f = fake(args);
      const pages = ['On-call runbook', 'Checkout architecture', 'Incident template'].map((title) => ({
        id: f.hex(32),
        title,
        last_edited: isoDaysAgo(f, f.int(1, 200)),
      }));
      return result(pages.map((page) => `${page.title} (${page.id.slice(0, 8)}…)`).join('\n'), { pages });
    },
  }),
  mcp({
    name: 'notion_get_page',
    title: 'Get page',
    description: 'Read a Notion page as Markdown.',
    properties: { page_id: str('Page ID.') },
    required: ['page_id'],
    readOnly: true,
    openWorld: true,
    example: { page_id: '1f0c9a6e7b8d4c2aa1b2c3d4e5f60718' },
    run(args) {
      const markdown =
        '# On-call runbook\n\n1. Acknowledge the page.\n2. Check the checkout dashboard.\n3. Roll back the last deploy if errors started with it.';
      return result(markdown, { page_id: textArg(args.page_id), markdown });
    },
  }),
  mcp({
    name: 'confluence_search',
    title: 'Search Confluence',
    description: 'Search Confluence with CQL.',
    properties: { cql: str('CQL query, e.g. text ~ "payments" and space = ENG.') },
    required: ['cql'],
    readOnly: true,
    openWorld: true,
    example: { cql: 'text ~ "payment retries" and space = ENG' },
    run: () =>
      result('ENG / Payment retries design (updated 2026-10-14)\nENG / Billing worker operations', {
        results: 2,
      }),
  }),
];

const operations: DemoTool[] = [
  mcp({
    name: 'sentry_list_issues',
    title: 'List Sentry issues',
    description: 'List unresolved Sentry issues of a project, sorted by event count.',
    properties: {
      project: str('Project slug.'),
      query: str('Sentry search, e.g. "is:unresolved level:error".'),
    },
    required: ['project'],
    readOnly: true,
    openWorld: true,
    example: { project: 'checkout-api', query: 'is:unresolved' },
    run(args) {
      const f = fake(args);
      const issues = [
        'TypeError: Cannot read properties of undefined (reading "price")',
        'GatewayTimeout: payment provider did not answer',
        'RangeError: Invalid time value',
      ].map((title) => ({
        id: String(f.int(4e9, 5e9)),
        title,
        events: f.int(3, 4000),
        users: f.int(1, 900),
      }));
      return result(
        issues
          .map((issue) => `${issue.id} ${issue.title} (${issue.events} events, ${issue.users} users)`)
          .join('\n'),
        { issues },
      );
    },
  }),
  mcp({
    name: 'sentry_get_event',
    title: 'Get Sentry event',
    description: 'Get the latest event of a Sentry issue with its stack trace and tags.',
    properties: { issue_id: str('Issue ID.') },
    required: ['issue_id'],
    readOnly: true,
    openWorld: true,
    example: { issue_id: '4412093311' },
    run(args) {
      const frames = [
        'at total (src/cart.ts:14:22)',
        'at checkout (src/routes/pay.ts:41:9)',
        'at handle (src/server.ts:88:5)',
      ];
      return result(
        `TypeError: Cannot read properties of undefined (reading "price")\n    ${frames.join('\n    ')}`,
        { issue_id: textArg(args.issue_id), frames, tags: { release: '2.4.0', browser: 'Chrome 156' } },
      );
    },
  }),
  mcp({
    name: 'datadog_query_logs',
    title: 'Query logs',
    description: 'Search Datadog logs with the log query syntax and return the matching lines, newest first.',
    properties: {
      query: str('Log query, e.g. "service:checkout-api status:error".'),
      from: str('Start, e.g. "now-15m". Default now-15m.'),
      limit: int('Lines to return, 1-100000. Default 50.', { minimum: 1, maximum: 100_000 }),
    },
    required: ['query'],
    readOnly: true,
    openWorld: true,
    example: { query: 'service:checkout-api status:error', limit: 20 },
    run(args) {
      const f = fake(args);
      const count = intArg(args.limit, 50, 1, 100_000);
      const lines: string[] = [];
      for (let index = 0; index < count; index++) {
        const time = new Date(Date.UTC(2026, 10, 30, 10, 0, 0) - index * 731).toISOString();
        lines.push(
          `${time} ${f.pick(['ERROR', 'WARN', 'ERROR'])} ${f.pick(SERVICES)} [req=${f.hex(8)}] ${f.pick(['payment gateway timeout after 3000 ms', 'upstream connect error', 'retrying request (attempt 2/3)', 'cart total mismatch'])}`,
        );
      }
      return result(lines.join('\n'), { query: textArg(args.query), returned: count });
    },
  }),
  mcp({
    name: 'grafana_query_metrics',
    title: 'Query metrics',
    description: 'Run a PromQL query over a time range and return the series with their data points.',
    properties: {
      expr: str('PromQL expression.'),
      series: int('Series to return, 1-20. Default 2.', { minimum: 1, maximum: 20 }),
      points: int('Points per series, 1-5000. Default 12.', { minimum: 1, maximum: 5000 }),
    },
    required: ['expr'],
    readOnly: true,
    openWorld: true,
    example: {
      expr: 'histogram_quantile(0.95, rate(http_request_duration_seconds_bucket{service="checkout-api"}[5m]))',
      points: 6,
    },
    run(args) {
      const f = fake(args);
      const seriesCount = intArg(args.series, 2, 1, 20);
      const points = intArg(args.points, 12, 1, 5000);
      const series = Array.from({ length: seriesCount }, (_, index) => ({
        metric: { __name__: 'http_request_duration_seconds', instance: `checkout-${index}` },
        values: Array.from({ length: points }, (_, point) => [
          1796000000 + point * 60,
          Number((0.2 + f.next()).toFixed(3)),
        ]),
      }));
      return result(
        series
          .map(
            (entry) =>
              `${entry.metric.instance}: ${entry.values.length} points, last ${String(entry.values.at(-1)?.[1])}s`,
          )
          .join('\n'),
        { result_type: 'matrix', series },
      );
    },
  }),
  mcp({
    name: 'pagerduty_list_incidents',
    title: 'List incidents',
    description: 'List triggered and acknowledged PagerDuty incidents.',
    properties: { statuses: strings('triggered, acknowledged, resolved.') },
    readOnly: true,
    openWorld: true,
    example: { statuses: ['triggered', 'acknowledged'] },
    run(args) {
      const f = fake(args);
      const incidents = [1, 2].map(() => ({
        id: `P${f.hex(6).toUpperCase()}`,
        title: `${f.pick(SERVICES)}: error rate above 5%`,
        status: f.pick(['triggered', 'acknowledged']),
        urgency: 'high',
      }));
      return result(
        incidents.map((incident) => `${incident.id} [${incident.status}] ${incident.title}`).join('\n'),
        { incidents },
      );
    },
  }),
  {
    name: 'stripe_list_customers',
    // Anthropic format.
    spec: {
      name: 'stripe_list_customers',
      description: 'List Stripe customers, optionally filtered by email.',
      input_schema: {
        type: 'object',
        properties: {
          email: { type: 'string', description: 'Exact email.' },
          limit: { type: 'integer', minimum: 1, maximum: 100 },
        },
      },
    },
    example: { email: 'ana@example.com' },
    run(args) {
      const f = fake(args);
      const customers = [
        {
          id: `cus_${f.hex(14)}`,
          email: textArg(args.email, 'ana@example.com'),
          name: 'Ana Lima',
          created: isoDaysAgo(f, 400),
        },
      ];
      return result(
        customers.map((customer) => `${customer.id} ${customer.email} (${customer.name})`).join('\n'),
        { customers },
      );
    },
  },
  mcp({
    name: 'stripe_create_refund',
    title: 'Create refund',
    description: 'Refund a payment intent, fully or partly.',
    properties: {
      payment_intent: str('Payment intent ID (pi_...).'),
      amount: int('Amount in cents; omit for a full refund.'),
      reason: str('duplicate, fraudulent or requested_by_customer.'),
    },
    required: ['payment_intent'],
    readOnly: false,
    destructive: true,
    openWorld: true,
    example: { payment_intent: 'pi_3Q8xYz2eZvKYlo2C0h1j2k3l', amount: 1250, reason: 'requested_by_customer' },
    run: (args) =>
      result(
        `Refund re_${fake(args).hex(14)} created for ${intArg(args.amount, 0, 0, 1e9) || 'the full amount'} cents.`,
        { status: 'succeeded', amount: intArg(args.amount, 4250, 0, 1e9) },
      ),
  }),
  mcp({
    name: 'stripe_get_balance',
    title: 'Get balance',
    description: 'Get the available and pending Stripe balance per currency.',
    properties: {},
    readOnly: true,
    openWorld: true,
    example: {},
    run: () =>
      result('available: 18,240.50 EUR\npending: 3,120.00 EUR', {
        available: [{ amount: 1824050, currency: 'eur' }],
        pending: [{ amount: 312000, currency: 'eur' }],
      }),
  }),
  mcp({
    name: 'aws_s3_list_objects',
    title: 'List S3 objects',
    description: 'List objects in an S3 bucket under a prefix.',
    properties: { bucket: str('Bucket name.'), prefix: str('Key prefix.') },
    required: ['bucket'],
    readOnly: true,
    openWorld: true,
    example: { bucket: 'acme-exports', prefix: 'orders/2026-11/' },
    run(args) {
      const f = fake(args);
      const objects = [1, 2, 3].map((day) => ({
        key: `${textArg(args.prefix)}orders-2026-11-${String(day).padStart(2, '0')}.csv.gz`,
        size: f.int(1e5, 9e6),
      }));
      return result(objects.map((object) => `${object.key} (${object.size} bytes)`).join('\n'), {
        bucket: textArg(args.bucket),
        objects,
      });
    },
  }),
  mcp({
    name: 'vercel_list_deployments',
    title: 'List deployments',
    description: 'List recent Vercel deployments of a project with their state and commit.',
    properties: { project: str('Project name.') },
    required: ['project'],
    readOnly: true,
    openWorld: true,
    example: { project: 'shop-web' },
    run(args) {
      const f = fake(args);
      const deployments = [0, 1, 2].map((index) => ({
        id: `dpl_${f.hex(12)}`,
        state: index === 0 ? 'READY' : f.pick(['READY', 'ERROR']),
        commit: f.hex(7),
        created: isoDaysAgo(f, index),
      }));
      return result(
        deployments
          .map((deployment) => `${deployment.id} ${deployment.state} ${deployment.commit}`)
          .join('\n'),
        { deployments },
      );
    },
  }),
  mcp({
    name: 'cloudflare_purge_cache',
    title: 'Purge cache',
    description: 'Purge Cloudflare cache for a zone: everything, or a list of URLs.',
    properties: { zone: str('Zone name.'), files: strings('URLs to purge; omit to purge everything.') },
    required: ['zone'],
    readOnly: false,
    destructive: true,
    openWorld: true,
    example: { zone: 'shop.example', files: ['https://shop.example/app.js'] },
    run: (args) =>
      result(
        `Purged ${Array.isArray(args.files) ? `${args.files.length} URLs` : 'everything'} in ${textArg(args.zone)}.`,
        { id: fake(args).hex(32), success: true },
      ),
  }),
  mcp({
    name: 'kubernetes_get_pods',
    title: 'Get pods',
    description: 'List pods in a Kubernetes namespace with status, restarts and age.',
    properties: {
      namespace: str('Namespace. Default "default".'),
      selector: str('Label selector, e.g. app=checkout.'),
    },
    example: { namespace: 'prod', selector: 'app=checkout-api' },
    run(args) {
      const f = fake(args);
      const pods = [0, 1, 2].map(() => ({
        name: `checkout-api-${f.hex(9)}-${f.hex(5)}`,
        status: f.pick(['Running', 'Running', 'CrashLoopBackOff']),
        restarts: f.int(0, 12),
      }));
      return result(pods.map((pod) => `${pod.name}  ${pod.status}  restarts=${pod.restarts}`).join('\n'), {
        namespace: textArg(args.namespace, 'default'),
        pods,
      });
    },
  }),
];

const misc: DemoTool[] = [
  {
    name: 'weather_get_forecast',
    // OpenAI responses format.
    spec: {
      type: 'function',
      name: 'weather_get_forecast',
      description: 'Hourly weather forecast for a city for the next 24 hours.',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string' }, units: { type: 'string', enum: ['metric', 'imperial'] } },
        required: ['city'],
      },
      strict: false,
    },
    example: { city: 'Lisbon' },
    run(args) {
      const f = fake(args);
      const hours = [9, 12, 15, 18].map((hour) => ({
        hour,
        temp_c: f.int(8, 24),
        sky: f.pick(['clear', 'cloudy', 'rain']),
      }));
      return result(
        `${textArg(args.city)}: ${hours.map((entry) => `${entry.hour}h ${entry.temp_c}°C ${entry.sky}`).join(', ')}`,
        { city: textArg(args.city), hours },
      );
    },
  },
  {
    name: 'maps_geocode',
    // Gemini function declaration with OpenAPI-style upper-case types.
    spec: {
      name: 'maps_geocode',
      description: 'Turn an address into coordinates.',
      parameters: {
        type: 'OBJECT',
        properties: { address: { type: 'STRING', description: 'Street address.' } },
        required: ['address'],
      },
    },
    example: { address: 'Rua Augusta 24, Lisboa' },
    run(args) {
      const f = fake(args);
      const lat = 38.7 + f.next() / 10;
      const lng = -9.14 + f.next() / 10;
      return result(`${textArg(args.address)} → ${lat.toFixed(5)}, ${lng.toFixed(5)}`, {
        lat: Number(lat.toFixed(5)),
        lng: Number(lng.toFixed(5)),
      });
    },
  },
  mcp({
    name: 'support_handoff_to_human',
    title: 'Hand off to a human',
    description: 'Hand the conversation to a human support agent, with a summary for them.',
    properties: { reason: str('Why a human is needed.'), summary: str('What happened so far.') },
    required: ['reason'],
    readOnly: false,
    destructive: false,
    openWorld: false,
    example: {
      reason: 'Customer asks for a refund above the automatic limit',
      summary: 'Order 88412, 320 EUR.',
    },
    run: (args) => ({
      output:
        'The conversation is handed to a human support agent. Tell the user someone will reply shortly.',
      structured_output: { queued: true, queue: 'billing' },
      control: {
        handoff: {
          to: 'human-support',
          reason: textArg(args.reason),
          payload: { summary: textArg(args.summary) },
        },
      },
    }),
  }),
  mcp({
    name: 'conversation_end',
    title: 'End conversation',
    description: 'End the conversation when the user says goodbye or the task is complete.',
    properties: { reason: str('Why the conversation ends.') },
    readOnly: false,
    destructive: false,
    openWorld: false,
    example: { reason: 'The user confirmed the issue is resolved.' },
    run: (args) => ({
      output: 'The conversation has ended.',
      structured_output: { ended: true },
      control: { terminate: { reason: textArg(args.reason, 'done') } },
    }),
  }),
  mcp({
    name: 'translate_text',
    title: 'Translate',
    description: 'Translate text between languages.',
    properties: { text: str('Text to translate.'), target: str('Target language code, e.g. "de".') },
    required: ['text', 'target'],
    readOnly: true,
    openWorld: true,
    example: { text: 'Your order has shipped.', target: 'de' },
    run: (args) =>
      result(
        textArg(args.target) === 'de'
          ? 'Ihre Bestellung wurde versandt.'
          : `[${textArg(args.target)}] ${textArg(args.text)}`,
        { target: textArg(args.target) },
      ),
  }),
];

/** Every demo tool, registered as `deferred`. */
export const DEMO_TOOLS: readonly DemoTool[] = [
  ...issueTrackers,
  ...browser,
  ...data,
  ...chat,
  ...docs,
  ...operations,
  ...misc,
];
