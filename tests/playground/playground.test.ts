/**
 * The composition root: calls recorded in the history, scenarios (reset, re-run, describe), sessions.
 * Reaches inside: the playground app's state and demo modules (src/playground/state/, src/playground/demo/)
 * have no public entry: browser-agent-tools/playground exports the component, createPlaygroundStore and the
 * approval prompt only, so they are tested as the app uses them.
 */
import { BUILTIN_SPECS } from 'browser-agent-tools';
import { bootWebContainerWorkspace } from 'browser-agent-tools/workspace/webcontainer';
import { describe, expect, it } from 'vitest';
import { DEMO_FILES } from '../../src/playground/demo/demo-files.ts';
import { createPlaygroundApi } from '../../src/playground/state/playground-api.ts';
import { replayDifferences } from '../../src/playground/state/replay-notice.ts';
import { decodeScenario, encodeScenario } from '../../src/playground/state/scenario.ts';
import { createStandInBoot } from '../workspace/webcontainer-stand-in.ts';
import { startPlayground } from './harness.ts';

describe('playground', () => {
  it('records each call newest first, with the tool it resolved to and the declarations around it', async () => {
    const playground = await startPlayground();
    await playground.runCall({
      kind: 'raw',
      raw: { type: 'tool_use', id: 't', name: 'Read', input: { file_path: 'README.md' } },
      caller: 'model',
    });
    await playground.runCall({
      kind: 'named',
      name: 'tool_search',
      args: { query: 'create a GitHub issue', limit: 1 },
      caller: 'model',
    });
    const [latest, first] = playground.history.store.getState().entries;
    expect(first?.parsed).toEqual({ format: 'anthropic', name: 'Read' });
    expect(first?.invocation).toEqual({ tool: 'read', arguments: { path: 'README.md' } });
    expect(latest?.activated).toEqual(['github_create_issue']);
    expect(latest?.declarationsBefore).not.toContain('github_create_issue');
    expect(latest?.declarationsAfter.at(-1)).toBe('github_create_issue');
    expect(playground.history.store.getState().selectedId).toBe(latest?.id);
    expect(playground.declarations.store.getState().activation).toEqual({
      added: ['github_create_issue'],
      by: 'tool_search',
    });
  });

  it('refreshes the file tree after a call that writes, not after one that reads', async () => {
    const playground = await startPlayground();
    const refreshes = () => playground.workspace.store.getState().refreshes;
    const before = refreshes();
    await playground.runCall({ kind: 'named', name: 'read', args: { path: 'README.md' }, caller: 'model' });
    expect(refreshes()).toBe(before);
    await playground.runCall({
      kind: 'named',
      name: 'write',
      args: { path: 'new.txt', content: 'x' },
      caller: 'model',
    });
    await playground.workspace.refresh();
    expect(playground.workspace.store.getState().entries.map((entry) => entry.path)).toContain('new.txt');
  });

  it('describes its state as a scenario that rebuilds the same state and results', async () => {
    const playground = await startPlayground();
    playground.runtime.register(
      { name: 'crm_lookup', description: 'Look up.', parameters: { type: 'object' } },
      'deferred',
    );
    playground.runtime.setMode('grep', 'hidden');
    playground.declarations.setFormat('gemini');
    await playground.runCall({
      kind: 'named',
      name: 'write',
      args: { path: 'a.txt', content: 'A' },
      caller: 'model',
    });
    await playground.runCall({
      kind: 'named',
      name: 'tool_search',
      args: { query: 'crm look up' },
      caller: 'model',
    });
    await playground.runCall({ kind: 'named', name: 'crm_lookup', args: { id: 7 }, caller: 'codemode' });
    const scenario = playground.scenario();
    // A success, a hash of its output, the output's first line and the tools the call activated.
    const succeeded = (head: string, activated: string[] = []) => ({
      is_error: false,
      output: expect.stringMatching(/^[0-9a-f]{8}$/),
      head,
      activated,
    });
    expect(scenario).toEqual({
      version: 1,
      files: DEMO_FILES,
      tools: [
        {
          spec: { name: 'crm_lookup', description: 'Look up.', parameters: { type: 'object' } },
          mode: 'deferred',
        },
      ],
      modes: { grep: 'hidden' },
      calls: [
        {
          name: 'write',
          arguments: { path: 'a.txt', content: 'A' },
          recorded: succeeded('Wrote 1 byte to a.txt (new file).'),
        },
        {
          name: 'tool_search',
          arguments: { query: 'crm look up' },
          recorded: succeeded('Found 1 tool for "crm look up". It is available from your next call:', [
            'crm_lookup',
          ]),
        },
        {
          name: 'crm_lookup',
          arguments: { id: 7 },
          caller: 'codemode',
          recorded: succeeded('crm_lookup was called with {"id":7}.'),
        },
      ],
      provider: 'gemini',
      backend: 'embedded',
    });
    const outputs = playground.history.store.getState().entries.map((entry) => entry.result.output);

    const copy = await startPlayground();
    const rerun = await copy.reset(await decodeScenario(await encodeScenario(scenario)));
    expect(rerun.map((entry) => entry.result.output).reverse()).toEqual(outputs);
    // Each re-run call gave the result its link recorded.
    const replayed = rerun.map((entry) => ({
      tool: entry.invocation?.tool ?? '',
      result: entry.result,
      activated: entry.activated,
    }));
    expect(replayDifferences(scenario.calls ?? [], replayed)).toEqual({
      compared: 3,
      shown: 0,
      rerun: 0,
      differed: [],
    });
    expect(copy.declarations.store.getState().format).toBe('gemini');
    expect(copy.runtime.store.getState().suite.get('grep')?.mode).toBe('hidden');
  });

  it('reset() goes back to the demo: files, catalog, history and session', async () => {
    const playground = await startPlayground();
    const api = createPlaygroundApi(playground, Promise.resolve());
    await api.register({ name: 'temp_tool', description: 'x', parameters: { type: 'object' } }, 'direct');
    await api.execute('write', { path: 'gone.txt', content: 'x' });
    await api.reset();
    expect(await api.files()).toEqual(DEMO_FILES);
    expect(playground.runtime.store.getState().suite.get('temp_tool')).toBeUndefined();
    expect(playground.history.store.getState().entries).toEqual([]);
  });

  it('exports a session and imports it back as recorded calls, without running them', async () => {
    const playground = await startPlayground();
    await playground.runCall({
      kind: 'named',
      name: 'write',
      args: { path: 'w.txt', content: 'W' },
      caller: 'model',
    });
    const file = playground.history.exportSession(playground.scenario());
    const other = await startPlayground();
    await other.importSession(file);
    const entries = other.history.store.getState().entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ imported: true, invocation: { tool: 'write' } });
    expect(Object.keys(await createPlaygroundApi(other, Promise.resolve()).files())).not.toContain('w.txt');
    await other.importSession(
      '{"format": "browser-agent-tools/playground-session", "version": 1, "scenario": {"version": 1}, "calls": [{}]}',
    );
    expect(other.page.getState().notice).toEqual({
      kind: 'error',
      text: 'The session could not be imported: Call 1: "request" must be a named or a raw call.',
    });
  });

  it("bash's declaration follows the backend: the WebContainer's programs after the switch, the built-in text after the switch back", async () => {
    const page = createStandInBoot();
    const playground = await startPlayground({
      bootWebContainer: async (timeoutMs) => {
        const result = await bootWebContainerWorkspace({ boot: page.boot, isolated: () => true, timeoutMs });
        return result.ok ? { ok: true, workspace: result.workspace } : result;
      },
    });
    const bash = () => playground.runtime.declarations().find((spec) => spec.name === 'bash')?.description;
    expect(bash()).toBe(BUILTIN_SPECS.bash.description);
    await playground.backend.switchToWebContainer();
    expect(bash()).toContain('node, npm, npx run as processes in the WebContainer');
    await playground.backend.switchToEmbedded();
    expect(bash()).toBe(BUILTIN_SPECS.bash.description);
  });
});
