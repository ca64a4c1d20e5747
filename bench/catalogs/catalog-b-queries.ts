/**
 * HELD-OUT QUERIES FOR CATALOG B. Written before any tuning of `src/search/`, from the tool lists the
 * servers return (`tools/list`), and never used to tune anything: no synonym, weight or rule in
 * `src/search/` may be chosen by looking at how these queries rank. Tuning uses catalog A only.
 *
 * Each query is phrased as an agent would state an intent and avoids the words of the expected tool's
 * published name (its name without the `mcp__<server>__` prefix), stemmed forms included; service names
 * such as "GitHub" or "Notion" appear only where they are not part of that name. `expected` lists the
 * acceptable answers: more than one only where the server ships two tools for the same job
 * (filesystem's deprecated `read_file` and its replacement `read_text_file`).
 *
 * Tool names are `mcp__<server>__<tool>`; the servers and their versions are in `catalog-b.ts`.
 */

/** One held-out query and the tools that count as a correct answer. */
export interface HeldOutQuery {
  query: string;
  expected: readonly string[];
}

const fs = (tool: string): string => `mcp__filesystem__${tool}`;
const memory = (tool: string): string => `mcp__memory__${tool}`;
const github = (tool: string): string => `mcp__github__${tool}`;
const gitlab = (tool: string): string => `mcp__gitlab__${tool}`;
const slack = (tool: string): string => `mcp__slack__${tool}`;
const maps = (tool: string): string => `mcp__maps__${tool}`;
const notion = (tool: string): string => `mcp__notion__${tool}`;
const playwright = (tool: string): string => `mcp__playwright__${tool}`;

export const CATALOG_B_QUERIES: readonly HeldOutQuery[] = [
  // filesystem
  { query: "show me what's inside config.yaml", expected: [fs('read_text_file'), fs('read_file')] },
  { query: 'load a PNG image from disk as base64', expected: [fs('read_media_file')] },
  { query: 'open several source documents at once to compare them', expected: [fs('read_multiple_files')] },
  { query: 'save this content to disk, replacing whatever is there', expected: [fs('write_file')] },
  { query: 'change a few lines in an existing source and show the diff', expected: [fs('edit_file')] },
  { query: 'make a new folder called build/output', expected: [fs('create_directory')] },
  { query: 'show the entries of this folder', expected: [fs('list_directory')] },
  {
    query: 'show folder contents along with how big each entry is',
    expected: [fs('list_directory_with_sizes')],
  },
  { query: 'print the recursive hierarchy of nested folders as JSON', expected: [fs('directory_tree')] },
  { query: 'rename report.txt to final-report.txt', expected: [fs('move_file')] },
  { query: 'locate all *.ts paths matching a glob pattern under src', expected: [fs('search_files')] },
  {
    query: 'when was this document last modified and what are its permissions',
    expected: [fs('get_file_info')],
  },
  {
    query: 'which paths am I permitted to access on this server',
    expected: [fs('list_allowed_directories')],
  },

  // memory (knowledge graph)
  { query: 'store new people and projects in the knowledge graph', expected: [memory('create_entities')] },
  {
    query: 'record that Alice works at Acme as a link between two graph items',
    expected: [memory('create_relations')],
  },
  {
    query: 'attach new facts to an existing person in the knowledge graph',
    expected: [memory('add_observations')],
  },
  {
    query: 'forget everything about a person in the knowledge graph, including their links',
    expected: [memory('delete_entities')],
  },
  {
    query: "remove an outdated fact from someone's record in memory",
    expected: [memory('delete_observations')],
  },
  {
    query: 'drop the link saying Bob manages Carol from the knowledge graph',
    expected: [memory('delete_relations')],
  },
  { query: 'dump all stored memory: every node and connection', expected: [memory('read_graph')] },
  {
    query: "look up remembered facts about 'TypeScript' in my memory store",
    expected: [memory('search_nodes')],
  },
  {
    query: 'fetch the stored records for Alice and Bob by exact name from memory',
    expected: [memory('open_nodes')],
  },

  // github
  { query: 'commit a single changed README to a GitHub repo', expected: [github('create_or_update_file')] },
  { query: 'find GitHub projects about vector databases', expected: [github('search_repositories')] },
  {
    query: 'set up a brand new private GitHub project under my account',
    expected: [github('create_repository')],
  },
  {
    query: 'fetch the source of src/index.ts from a GitHub repo on the main branch',
    expected: [github('get_file_contents')],
  },
  { query: 'upload several changed sources to GitHub in one commit', expected: [github('push_files')] },
  { query: 'report a bug in the octocat/hello-world GitHub repo', expected: [github('create_issue')] },
  {
    query: 'open a PR from my feature branch into main on GitHub',
    expected: [github('create_pull_request')],
  },
  { query: "make my own copy of someone else's GitHub repo", expected: [github('fork_repository')] },
  {
    query: 'start a new line of development off main in my GitHub repo',
    expected: [github('create_branch')],
  },
  { query: 'show the history of changes recorded on a GitHub branch', expected: [github('list_commits')] },
  { query: 'show open bugs in a GitHub repository filtered by label', expected: [github('list_issues')] },
  { query: 'close GitHub ticket #42 and change its labels', expected: [github('update_issue')] },
  { query: 'reply on GitHub bug #17 with a note', expected: [github('add_issue_comment')] },
  {
    query: 'find where a function named parseConfig is defined across GitHub',
    expected: [github('search_code')],
  },
  {
    query: 'find bugs and PRs mentioning memory leak across all of GitHub',
    expected: [github('search_issues')],
  },
  { query: 'find GitHub people located in Berlin who write Rust', expected: [github('search_users')] },
  { query: 'fetch details of ticket #1234 in a GitHub repo', expected: [github('get_issue')] },
  { query: 'show me the details of PR #88 on GitHub', expected: [github('get_pull_request')] },
  { query: 'which PRs are open against main in this GitHub repo', expected: [github('list_pull_requests')] },
  {
    query: 'approve PR #12 and leave feedback on specific lines',
    expected: [github('create_pull_request_review')],
  },
  { query: 'squash and land PR #5 into main', expected: [github('merge_pull_request')] },
  { query: 'which paths were changed in PR #77', expected: [github('get_pull_request_files')] },
  { query: 'are the CI checks passing on PR #31', expected: [github('get_pull_request_status')] },
  {
    query: 'bring PR #9 up to date with the latest base changes',
    expected: [github('update_pull_request_branch')],
  },
  { query: 'show the inline review remarks left on PR #14', expected: [github('get_pull_request_comments')] },
  { query: 'who approved or requested changes on PR #14', expected: [github('get_pull_request_reviews')] },

  // gitlab
  { query: 'commit one changed config to a GitLab project', expected: [gitlab('create_or_update_file')] },
  { query: 'find GitLab projects about kubernetes operators', expected: [gitlab('search_repositories')] },
  { query: 'set up a new GitLab project with a README', expected: [gitlab('create_repository')] },
  {
    query: 'fetch the Dockerfile from a GitLab project at a given ref',
    expected: [gitlab('get_file_contents')],
  },
  { query: 'upload several changes to a GitLab project as one commit', expected: [gitlab('push_files')] },
  { query: 'report a bug in our GitLab project', expected: [gitlab('create_issue')] },
  { query: 'open an MR from feature-x into develop on GitLab', expected: [gitlab('create_merge_request')] },
  { query: 'copy a GitLab project into my namespace', expected: [gitlab('fork_repository')] },
  { query: 'start a new line of work off develop in a GitLab project', expected: [gitlab('create_branch')] },

  // slack (the tools' own names start with "slack", so the queries say "team chat")
  { query: 'what rooms exist in our team chat workspace', expected: [slack('slack_list_channels')] },
  { query: 'tell the #general chat room that the deploy finished', expected: [slack('slack_post_message')] },
  {
    query: 'answer beneath an earlier chat post in the same conversation',
    expected: [slack('slack_reply_to_thread')],
  },
  { query: 'put a thumbs-up emoji on that chat post', expected: [slack('slack_add_reaction')] },
  { query: 'show the latest chat in the #ops room', expected: [slack('slack_get_channel_history')] },
  {
    query: 'read all the responses under a conversation in team chat',
    expected: [slack('slack_get_thread_replies')],
  },
  { query: 'who are the members of our team chat workspace', expected: [slack('slack_get_users')] },
  {
    query: "look up a coworker's title, email and display details in team chat",
    expected: [slack('slack_get_user_profile')],
  },

  // google maps (the tools' own names start with "maps")
  { query: 'turn a street address into latitude and longitude', expected: [maps('maps_geocode')] },
  { query: 'what address is at these coordinates 48.85, 2.35', expected: [maps('maps_reverse_geocode')] },
  { query: 'find coffee shops near the Eiffel Tower', expected: [maps('maps_search_places')] },
  {
    query: 'opening hours and reviews for a specific restaurant by its id',
    expected: [maps('maps_place_details')],
  },
  {
    query: 'how long does it take to drive from each warehouse to each store',
    expected: [maps('maps_distance_matrix')],
  },
  { query: 'how high above sea level are these coordinates', expected: [maps('maps_elevation')] },
  { query: 'route from the airport to the hotel by transit', expected: [maps('maps_directions')] },

  // notion
  { query: 'look up one Notion workspace member by id', expected: [notion('API-get-user')] },
  { query: 'enumerate everyone in the Notion workspace', expected: [notion('API-get-users')] },
  { query: 'which bot identity is my Notion integration token using', expected: [notion('API-get-self')] },
  { query: 'find Notion pages whose title mentions roadmap', expected: [notion('API-post-search')] },
  {
    query: 'fetch the nested content items inside a Notion page section',
    expected: [notion('API-get-block-children')],
  },
  { query: 'append paragraphs to the end of a Notion page', expected: [notion('API-patch-block-children')] },
  { query: 'fetch a single Notion content element by its id', expected: [notion('API-retrieve-a-block')] },
  { query: 'change the text of one paragraph element in Notion', expected: [notion('API-update-a-block')] },
  { query: 'remove one paragraph element from a Notion page', expected: [notion('API-delete-a-block')] },
  { query: 'fetch the metadata of a Notion doc by its id', expected: [notion('API-retrieve-a-page')] },
  {
    query: 'change the properties of a Notion doc, like its status and icon',
    expected: [notion('API-patch-page')],
  },
  { query: 'add a new Notion doc under a parent', expected: [notion('API-post-page')] },
  { query: 'read a single field value of a Notion doc', expected: [notion('API-retrieve-a-page-property')] },
  { query: 'read the discussion left on a Notion block', expected: [notion('API-retrieve-a-comment')] },
  { query: 'leave a remark on a Notion page discussion', expected: [notion('API-create-a-comment')] },
  { query: 'filter and sort rows of a Notion table', expected: [notion('API-query-data-source')] },
  { query: 'fetch the schema of a Notion table', expected: [notion('API-retrieve-a-data-source')] },
  { query: 'rename a Notion table and change its columns', expected: [notion('API-update-a-data-source')] },
  {
    query: 'set up a new Notion table with columns under a page',
    expected: [notion('API-create-a-data-source')],
  },
  {
    query: 'what blueprints are available for new rows of a Notion table',
    expected: [notion('API-list-data-source-templates')],
  },
  { query: 'fetch a Notion DB by id', expected: [notion('API-retrieve-a-database')] },
  { query: 'relocate a Notion doc under a different parent', expected: [notion('API-move-page')] },
  {
    query: 'get the content of a Notion doc in a plain text format I can edit',
    expected: [notion('API-retrieve-page-markdown')],
  },
  {
    query: 'rewrite the body of a Notion doc using plain text formatting',
    expected: [notion('API-update-page-markdown')],
  },

  // playwright (the tools' own names start with "browser")
  { query: 'shut the current web page when finished', expected: [playwright('browser_close')] },
  { query: 'set the viewport window to 1280 by 720', expected: [playwright('browser_resize')] },
  {
    query: 'show JavaScript logs and errors printed by the page',
    expected: [playwright('browser_console_messages')],
  },
  { query: 'accept the alert popup that appeared', expected: [playwright('browser_handle_dialog')] },
  { query: 'switch the site to dark mode color scheme', expected: [playwright('browser_emulate_media')] },
  {
    query: 'run a JavaScript expression on the page and return its value',
    expected: [playwright('browser_evaluate')],
  },
  {
    query: "attach a PDF to the form's input element on the page",
    expected: [playwright('browser_file_upload')],
  },
  { query: 'drag a local image from outside onto the drop zone', expected: [playwright('browser_drop')] },
  {
    query: "look for the text 'Sign in' in the page's accessibility tree",
    expected: [playwright('browser_find')],
  },
  {
    query: 'enter name, email and password into the signup fields at once',
    expected: [playwright('browser_fill_form')],
  },
  { query: 'hit Enter on the keyboard', expected: [playwright('browser_press_key')] },
  { query: 'enter text into the search box', expected: [playwright('browser_type')] },
  { query: 'go to https://example.com in the web page', expected: [playwright('browser_navigate')] },
  { query: 'return to the previous page in history', expected: [playwright('browser_navigate_back')] },
  {
    query: 'list every HTTP call made since the page loaded',
    expected: [playwright('browser_network_requests')],
  },
  { query: 'full headers and body of HTTP call number 3', expected: [playwright('browser_network_request')] },
  {
    query: 'execute an arbitrary Playwright script in the server process',
    expected: [playwright('browser_run_code_unsafe')],
  },
  {
    query: 'capture an image of what the page looks like right now',
    expected: [playwright('browser_take_screenshot')],
  },
  {
    query: 'dump the accessibility tree of the current page so I can act on elements',
    expected: [playwright('browser_snapshot')],
  },
  { query: 'activate the Submit button on the web page', expected: [playwright('browser_click')] },
  { query: 'move a card from one column to another with the mouse', expected: [playwright('browser_drag')] },
  {
    query: 'put the mouse pointer over a menu to reveal its submenu',
    expected: [playwright('browser_hover')],
  },
  { query: "choose 'Canada' in the country dropdown", expected: [playwright('browser_select_option')] },
  {
    query: 'open a second page window alongside and switch between them',
    expected: [playwright('browser_tabs')],
  },
  { query: "pause until the text 'Done' shows up", expected: [playwright('browser_wait_for')] },
];
