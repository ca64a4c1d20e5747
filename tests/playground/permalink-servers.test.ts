/**
 * A permalink records the MCP servers connected when it was made (URL without secrets, prefix, the
 * tools each contributed; never headers), reads them as untrusted input, and its replay's notice
 * offers what to do next: connect a recorded server whose tool was missing (then run the link again),
 * or run the calls shown as recorded. The notice's words are the page's: asserted word for word.
 * Reaches inside: the playground app's state modules (src/playground/state/) have no public entry:
 * browser-agent-tools/playground exports the component, createPlaygroundStore and the approval prompt only,
 * so they are tested as the app uses them.
 */
import { describe, expect, it } from 'vitest';
import { createFetchHandler, type FetchHandler } from '../../src/edge/index.ts';
import type { Scenario } from '../../src/playground/index.ts';
import { linkUrl, mcpStoreOf } from '../../src/playground/state/mcp-store.ts';
import {
  connectLabel,
  RERUN_STOPPED_LABEL,
  replayActions,
  replayLink,
} from '../../src/playground/state/replay-notice.ts';
import {
  decodeScenario,
  encodeScenario,
  parseScenario,
  ScenarioError,
} from '../../src/playground/state/scenario.ts';
import { startPlayground } from './harness.ts';
import { act, mcpVia, noticeOf, refusal } from './page-helpers.ts';

const server = (url: unknown, tools: unknown = ['edge_bash']) => ({ version: 1, servers: [{ url, tools }] });

describe('the MCP servers of a permalink', () => {
  it('reads good entries, and refuses hostile ones with a reason instead of crashing', () => {
    const good = {
      version: 1,
      servers: [{ url: 'https://mcp.example.com/mcp', prefix: 'edge_', tools: ['edge_bash'], extra: 1 }],
    };
    expect(parseScenario(good).servers).toEqual([
      { url: 'https://mcp.example.com/mcp', prefix: 'edge_', tools: ['edge_bash'] },
    ]);
    const url =
      'MCP server 1: "url" must be an http or https URL of at most 2048 characters, without user name, password, query or fragment.';
    const tools = 'MCP server 1: "tools" must be a list of at most 1000 tool names.';
    expect(refusal(server(`https://example.com/${'a'.repeat(1_000_000)}`))).toBe(url);
    const many = Array.from({ length: 10_000 }, () => ({ url: 'https://a.b/', tools: [] }));
    expect(refusal({ version: 1, servers: many })).toBe(
      '"servers" must be a list of at most 32 MCP servers.',
    );
    expect(refusal(server('https://a.b/', ['x'.repeat(1_000_000)]))).toBe(tools);
    for (const hostile of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'ftp://mcp.example.com/',
      'not a url',
      42,
      'https://me:token@mcp.example.com/mcp',
      'https://mcp.example.com/mcp?key=secret',
      'https://mcp.example.com/mcp#token',
    ]) {
      expect(refusal(server(hostile))).toBe(url);
    }
    expect(refusal({ version: 1, servers: ['https://a.b/'] })).toBe(url);
    for (const hostile of [Array.from({ length: 10_000 }, () => 'x'), ['<img src=x>'], 'edge_bash', [1]]) {
      expect(refusal(server('https://a.b/', hostile))).toBe(tools);
    }
    expect(refusal({ version: 1, servers: [{ url: 'https://a.b/', tools: [], prefix: {} }] })).toBe(
      'MCP server 1: "prefix" must be a tool name prefix.',
    );
    expect(refusal({ version: 1, servers: {} })).toBe('"servers" must be a list of at most 32 MCP servers.');
  });

  it('a hostile server entry makes the whole link unreadable, with the reason', async () => {
    const data = await encodeScenario(server('ftp://mcp.example.com/') as unknown as Scenario);
    await expect(decodeScenario(data)).rejects.toThrow(
      new ScenarioError(
        'MCP server 1: "url" must be an http or https URL of at most 2048 characters, without user name, password, query or fragment.',
      ),
    );
  });

  it('records a URL without user name, password, query and fragment, and no headers', async () => {
    expect(linkUrl('https://me:token@mcp.example.com:8443/v1/mcp?key=secret&a=1#part')).toBe(
      'https://mcp.example.com:8443/v1/mcp',
    );
    const playground = await startPlayground();
    const mcp = mcpStoreOf(playground, mcpVia(createFetchHandler({ bearerToken: 'secret-token' })));
    await mcp.connect({
      url: 'http://edge.test/mcp?key=secret-key#secret-fragment',
      headers: { Authorization: 'Bearer secret-token' },
      prefix: 'edge_',
    });
    const scenario = playground.scenario();
    expect(scenario.servers).toEqual([
      {
        url: 'http://edge.test/mcp',
        prefix: 'edge_',
        tools: [
          'edge_read',
          'edge_write',
          'edge_edit',
          'edge_bash',
          'edge_grep',
          'edge_find',
          'edge_ls',
          'edge_tool_search',
        ],
      },
    ]);
    expect(JSON.stringify(scenario)).not.toMatch(/secret/);
    // What the page records, it reads back.
    expect((await decodeScenario(await encodeScenario(scenario))).servers).toEqual(scenario.servers);
  });
});

describe("a permalink replay's notice actions", () => {
  it('offers to connect a recorded server whose tool was missing, and only that one', () => {
    const servers = [
      { url: 'https://one.example/mcp', tools: ['one_echo'] },
      { url: 'https://two.example/mcp', prefix: 'two_', tools: ['two_echo'] },
    ];
    const unknown = {
      output: 'Unknown tool "two_echo".',
      structured_output: { error: { code: 'UNKNOWN_TOOL', message: 'x', tool: 'two_echo' } },
      is_error: true,
      details: { duration_ms: 0 },
    };
    const acts = { connect: async () => undefined, rerun: async () => undefined };
    const stopped = { is_error: true, code: 'COMMAND_TIMED_OUT', output: '00000000' };
    const scenario: Scenario = {
      version: 1,
      servers,
      calls: [{ name: 'two_echo' }, { name: 'bash', recorded: stopped }],
    };
    const replayed = [{ tool: 'two_echo', result: unknown }];
    expect(replayActions(scenario, replayed, {}, acts).map((action) => action.label)).toEqual([
      'Connect https://two.example/mcp and run the link again',
      'Run the link again, stopped calls included',
    ]);
    expect(connectLabel(servers[0] as (typeof servers)[0])).toBe(
      'Connect https://one.example/mcp and run the link again',
    );
    expect(RERUN_STOPPED_LABEL).toBe('Run the link again, stopped calls included');
    // Once the stopped calls ran, that action is not offered again.
    expect(replayActions(scenario, [], { rerunStopped: true }, acts)).toEqual([]);
  });

  it('connects the recorded server, runs the link again, and turns green', async () => {
    const edge = createFetchHandler();
    const author = await startPlayground();
    await mcpStoreOf(author, mcpVia(edge)).connect({ url: 'http://edge.test/mcp?key=k', prefix: 'edge_' });
    const search = { query: 'edge_bash run a shell command' };
    await author.runCall({ kind: 'named', name: 'tool_search', args: search, caller: 'model' });
    const args = { command: 'echo remote' };
    await author.runCall({ kind: 'named', name: 'edge_bash', args, caller: 'model' });
    const scenario = await decodeScenario(await encodeScenario(author.scenario()));

    const reader = await startPlayground();
    await replayLink(reader, scenario);
    const loaded = `Loaded the scenario from the link: ${Object.keys(scenario.files ?? {}).length} files, 0 registered tools`;
    expect(noticeOf(reader)).toEqual({
      kind: 'error',
      text: `${loaded}, 2 calls re-run, but 2 of 2 did not give the result recorded in the link: call 1 (tool_search) printed other output than when the link was made; call 2 (edge_bash) gave an error (UNKNOWN_TOOL), recorded as a success: its tool is not in this page's catalog (a tool of an MCP server the author had connected, or one registered by code); connect or register it and run the call again. The history shows what each gave here.`,
      actions: ['Connect http://edge.test/mcp and run the link again'],
    });
    const comparisons = reader.page.getState().notice?.comparisons ?? [];
    expect(comparisons.map(({ call, tool, recorded, now }) => [call, tool, recorded.code, now.code])).toEqual(
      [
        [1, 'tool_search', undefined, undefined],
        [2, 'edge_bash', undefined, 'UNKNOWN_TOOL'],
      ],
    );
    const entries = reader.history.store.getState().entries;
    expect(comparisons[1]?.entryId).toBe(entries[0]?.id);
    expect(comparisons[1]?.lines).toMatch(/^Unknown tool "edge_bash"/);

    // The page's loader would fetch the MCP entry; the test's reaches the same in-process server.
    mcpStoreOf(reader, mcpVia(edge));
    await act(reader, 'Connect http://edge.test/mcp and run the link again');
    expect(noticeOf(reader)).toEqual({
      kind: 'success',
      text: `${loaded}, 2 calls re-run: each gave the result recorded in the link.`,
      actions: [],
    });
  }, 60_000);

  it("waits for a connected server's tools on the new suite before it runs a link's calls", async () => {
    const edge = createFetchHandler();
    let delay = 0;
    const slow: FetchHandler = async (request) => {
      await new Promise((resolve) => setTimeout(resolve, delay));
      return edge(request);
    };
    const playground = await startPlayground();
    await mcpStoreOf(playground, mcpVia(slow)).connect({ url: 'http://edge.test/mcp', prefix: 'edge_' });
    // Mounting again on the new suite now takes longer than the rest of the reset.
    delay = 1_000;
    const entries = await playground.reset({
      version: 1,
      files: {},
      calls: [
        { name: 'tool_search', arguments: { query: 'edge_bash run a shell command' } },
        { name: 'edge_bash', arguments: { command: 'echo remote' } },
      ],
    });
    expect(entries[1]?.result.output).toContain('remote');
  }, 60_000);

  it("shows the MCP store's own words when the server wants credentials, and keeps the actions", async () => {
    const reader = await startPlayground();
    mcpStoreOf(reader, mcpVia(createFetchHandler({ bearerToken: 'secret' })));
    await replayLink(reader, {
      version: 1,
      files: {},
      servers: [{ url: 'http://edge.test/mcp', tools: ['bash_remote'] }],
      calls: [{ name: 'bash_remote', arguments: {}, recorded: { is_error: false, output: '00000000' } }],
    });
    await act(reader, 'Connect http://edge.test/mcp and run the link again');
    expect(noticeOf(reader)).toEqual({
      kind: 'error',
      text: 'The server at http://edge.test/mcp answered 401 Unauthorized: it wants credentials. Add a header such as "Authorization: Bearer <token>" and connect again. The link was not run again.',
      actions: ['Connect http://edge.test/mcp and run the link again'],
    });
  }, 60_000);

  it('runs the calls shown as recorded when asked, and says they were not compared', async () => {
    const reader = await startPlayground();
    const recorded = { is_error: true, code: 'ABORTED', output: '00000000' };
    await replayLink(reader, {
      version: 1,
      files: {},
      calls: [{ name: 'bash', arguments: { command: 'echo ran again' }, recorded }],
    });
    expect(noticeOf(reader)).toEqual({
      kind: 'info',
      text: 'Loaded the scenario from the link: 0 files, 0 registered tools, 0 calls re-run, 1 shown as recorded (stopped when the link was made, not re-run): nothing was compared, so this replay is not checked against what the link\'s author saw. To re-run the stopped calls, choose "Run the link again, stopped calls included".',
      actions: ['Run the link again, stopped calls included'],
    });
    await act(reader, 'Run the link again, stopped calls included');
    expect(reader.history.store.getState().entries[0]?.result.output).toContain('ran again');
    expect(noticeOf(reader)).toEqual({
      kind: 'info',
      text: "Loaded the scenario from the link: 0 files, 0 registered tools, 0 calls re-run, 1 run again though stopped when the link was made (not compared): nothing was compared (1 whose record is a stop), so this replay is not checked against what the link's author saw.",
      actions: [],
    });
  }, 60_000);
});
