/**
 * A permalink records the backend its calls ran on and the modes that differ from their defaults (an
 * MCP tool's included), reads both as untrusted input, applies the modes before the calls run, and
 * its replay's notice is never green on another backend: it says so, and offers the switch. Links
 * made before these were recorded still load, as "not recorded". The words are the page's: asserted
 * word for word.
 * Reaches inside: the playground app's state modules (src/playground/state/) have no public entry:
 * browser-agent-tools/playground exports the component, createPlaygroundStore and the approval prompt only,
 * so they are tested as the app uses them.
 */
import { createJustBashWorkspace } from 'browser-agent-tools/workspace/just-bash';
import { describe, expect, it } from 'vitest';
import { createFetchHandler } from '../../src/edge/index.ts';
import type { Scenario } from '../../src/playground/index.ts';
import { mcpStoreOf } from '../../src/playground/state/mcp-store.ts';
import {
  backendActions,
  backendMismatchText,
  replayLink,
  switchFailure,
  switchLabel,
  withBackendMismatch,
} from '../../src/playground/state/replay-notice.ts';
import { decodeScenario, encodeScenario, parseScenario } from '../../src/playground/state/scenario.ts';
import { startPlayground } from './harness.ts';
import { act, mcpVia, noticeOf, refusal } from './page-helpers.ts';

const MODES_REFUSAL = '"modes" must be an object of tool name → mode, at most 2000.';
const NAME_REFUSAL = 'Mode 1: the tool name must be 1 to 128 letters, digits, "_", ".", ":" or "-".';
const BACKEND_REFUSAL = '"backend" must be one of embedded, webcontainer, host.';
const MISMATCH =
  'This link was made on the WebContainer backend; this page runs the embedded shell, so its results may differ.';
/** A link with one echo call, its result recorded as the echo gives it here. */
const ECHO_CALL = { name: 'bash', arguments: { command: 'echo same' } };

describe('the backend and modes of a permalink', () => {
  it('reads them back as written, unknown fields dropped', async () => {
    const scenario = {
      version: 1 as const,
      files: {},
      modes: { edge_bash: 'direct' as const, read: 'codemode' as const },
      backend: 'webcontainer' as const,
    };
    expect(await decodeScenario(await encodeScenario(scenario))).toEqual(scenario);
    expect(parseScenario({ ...scenario, shell: 'zsh', theme: 1 })).toEqual(scenario);
  });

  it('refuses hostile modes and backends with a reason that never quotes the hostile text', () => {
    const long = 'x'.repeat(1_000_000);
    const many = Object.fromEntries(Array.from({ length: 100_000 }, (_, index) => [`t${index}`, 'direct']));
    expect(refusal({ version: 1, modes: { [long]: 'direct' } })).toBe(NAME_REFUSAL);
    const badMode = refusal({ version: 1, modes: { read: long } });
    expect(badMode).toBe('Mode of "read" must be one of direct, model_only, codemode, deferred, hidden.');
    expect(refusal({ version: 1, modes: many })).toBe(MODES_REFUSAL);
    expect(refusal({ version: 1, backend: long })).toBe(BACKEND_REFUSAL);
    for (const hostile of [[], ['direct'], 'direct', 42, null]) {
      expect(refusal({ version: 1, modes: hostile })).toBe(MODES_REFUSAL);
    }
    for (const mode of ['sometimes', 'DIRECT', 1, null, {}, ['direct']]) {
      expect(refusal({ version: 1, modes: { read: mode } })).toBe(
        'Mode of "read" must be one of direct, model_only, codemode, deferred, hidden.',
      );
    }
    for (const name of ['<img src=x>', 'a b', '']) {
      expect(refusal({ version: 1, modes: { [name]: 'direct' } })).toBe(NAME_REFUSAL);
    }
    for (const backend of ['WebContainer', 'node', 1, null, {}, ['embedded']]) {
      expect(refusal({ version: 1, backend })).toBe(BACKEND_REFUSAL);
    }
    // Within the bounds: 2000 modes of names of 128 characters.
    const most = Object.fromEntries(
      Array.from({ length: 2000 }, (_, i) => [`${i}`.padEnd(128, 'x'), 'hidden']),
    );
    expect(Object.keys(parseScenario({ version: 1, modes: most }).modes ?? {})).toHaveLength(2000);
  });

  it('loads a link made before the backend was recorded, and its notice stays green', async () => {
    const old = { version: 1 as const, files: {}, calls: [ECHO_CALL] };
    expect(parseScenario(old)).toEqual(old);
    const author = await startPlayground();
    await author.reset(old);
    const { backend, ...recorded } = author.scenario();
    expect(backend).toBe('embedded');

    const reader = await startPlayground();
    await replayLink(reader, recorded);
    expect(noticeOf(reader)).toEqual({
      kind: 'success',
      text: 'Loaded the scenario from the link: 0 files, 0 registered tools, 1 call re-run: each gave the result recorded in the link.',
      actions: [],
    });
  }, 60_000);

  it('words a backend mismatch, and offers a switch only between the two backends of the page', () => {
    expect(backendMismatchText('webcontainer', 'embedded')).toBe(MISMATCH);
    expect(backendMismatchText('embedded', 'webcontainer')).toBe(
      'This link was made on the embedded shell; this page runs the WebContainer backend, so its results may differ.',
    );
    expect(backendMismatchText('host', 'embedded')).toBe(
      "This link was made on a host application's own workspace; this page runs the embedded shell, so its results may differ.",
    );
    expect(backendMismatchText('webcontainer', 'host')).toBe(
      "This link was made on the WebContainer backend; this page runs a host application's own workspace, so its results may differ.",
    );
    expect(backendMismatchText(undefined, 'embedded')).toBeNull();
    expect(backendMismatchText('embedded', 'embedded')).toBeNull();
    const green = { kind: 'success' as const, text: 'Loaded.' };
    expect(withBackendMismatch(green, null)).toBe(green);
    expect(withBackendMismatch(green, MISMATCH)).toEqual({ kind: 'error', text: `${MISMATCH} Loaded.` });

    const switchTo = async () => undefined;
    const labels = (
      recorded: Parameters<typeof backendActions>[0],
      current: Parameters<typeof backendActions>[1],
    ) => backendActions(recorded, current, switchTo).map((action) => action.label);
    expect(labels('webcontainer', 'embedded')).toEqual(['Switch to the WebContainer and run the link again']);
    expect(labels('embedded', 'webcontainer')).toEqual([
      'Switch to the embedded shell and run the link again',
    ]);
    expect(labels('host', 'embedded')).toEqual([]);
    expect(labels('embedded', 'host')).toEqual([]);
    expect(labels(undefined, 'embedded')).toEqual([]);
    expect(switchLabel('webcontainer')).toBe('Switch to the WebContainer and run the link again');
    expect(switchFailure('webcontainer', { fallbackReason: 'No frame.', message: 'Ready.' })).toBe(
      'WebContainer unavailable: the page keeps the embedded shell. No frame.',
    );
    expect(switchFailure('embedded', { fallbackReason: null, message: 'Failed.' })).toBe(
      'The page could not switch to the embedded shell. Failed.',
    );
  });

  it('is not green when the link was made on the WebContainer, and the switch runs it there', async () => {
    const author = await startPlayground();
    await author.reset({ version: 1, files: {}, calls: [ECHO_CALL] });
    const scenario: Scenario = { ...author.scenario(), backend: 'webcontainer' };
    const loaded = 'Loaded the scenario from the link: 0 files, 0 registered tools, 1 call re-run';

    // A page whose WebContainer cannot start says so, keeps the actions, and does not run the link.
    const stuck = await startPlayground();
    await replayLink(stuck, scenario);
    const mismatched = {
      kind: 'error',
      text: `${MISMATCH} ${loaded}: each gave the result recorded in the link.`,
      actions: ['Switch to the WebContainer and run the link again'],
    };
    expect(noticeOf(stuck)).toEqual(mismatched);
    await act(stuck, 'Switch to the WebContainer and run the link again');
    expect(noticeOf(stuck)).toEqual({
      ...mismatched,
      text: 'WebContainer unavailable: the page keeps the embedded shell. No WebContainer in unit tests. The link was not run again.',
    });

    const container = await createJustBashWorkspace({ files: {} });
    const reader = await startPlayground({
      bootWebContainer: async () => ({ ok: true, workspace: container }),
    });
    await replayLink(reader, scenario);
    expect(noticeOf(reader)).toEqual(mismatched);
    await act(reader, 'Switch to the WebContainer and run the link again');
    expect(reader.backendKind()).toBe('webcontainer');
    expect(noticeOf(reader)).toEqual({
      kind: 'success',
      text: `${loaded}: each gave the result recorded in the link.`,
      actions: [],
    });
  }, 60_000);

  it("records an MCP tool's changed mode and applies it before the link's calls run", async () => {
    const edge = createFetchHandler();
    const author = await startPlayground();
    await mcpStoreOf(author, mcpVia(edge)).connect({ url: 'http://edge.test/mcp', prefix: 'edge_' });
    expect(author.scenario().modes).toBeUndefined();
    author.catalog.setMode('edge_bash', 'direct');
    author.catalog.setMode('read', 'codemode');
    // Callable by the model only because it is direct now (deferred, it needs a tool_search first).
    const remote = await author.runCall({
      kind: 'named',
      name: 'edge_bash',
      args: { command: 'echo remote' },
      caller: 'model',
    });
    expect([remote.result.is_error, remote.result.output]).toEqual([
      false,
      expect.stringContaining('remote'),
    ]);
    // Refused to the model because it is codemode now.
    const read = await author.runCall({
      kind: 'named',
      name: 'read',
      args: { path: 'README.md' },
      caller: 'model',
    });
    expect(read.result.is_error).toBe(true);
    const scenario = await decodeScenario(await encodeScenario(author.scenario()));
    expect(scenario.modes).toEqual({ read: 'codemode', edge_bash: 'direct' });

    const reader = await startPlayground();
    await mcpStoreOf(reader, mcpVia(edge)).connect({ url: 'http://edge.test/mcp', prefix: 'edge_' });
    await replayLink(reader, { ...scenario, modes: { ...scenario.modes, not_in_catalog: 'hidden' } });
    const files = Object.keys(scenario.files ?? {}).length;
    expect(noticeOf(reader)).toEqual({
      kind: 'success',
      text: `Loaded the scenario from the link: ${files} files, 0 registered tools, 2 calls re-run: each gave the result recorded in the link.`,
      actions: [],
    });
    const { suite } = reader.runtime.store.getState();
    expect([suite.get('edge_bash')?.mode, suite.get('read')?.mode]).toEqual(['direct', 'codemode']);
  }, 60_000);
});
