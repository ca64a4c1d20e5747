/**
 * The catalog store: rows with modes and effects, filters, in-place mode changes, the register form.
 * Reaches inside: the playground app's state modules (src/playground/state/) have no public entry:
 * browser-agent-tools/playground exports the component, createPlaygroundStore and the approval prompt only,
 * so they are tested as the app uses them.
 */
import { describe, expect, it } from 'vitest';
import { readDraft, specFormat } from '../../src/playground/state/catalog-store.ts';
import { startPlayground } from './harness.ts';

describe('catalog store', () => {
  it('names the format a spec arrived in and shows its catalog form', () => {
    const parameters = { type: 'object', properties: { q: { type: 'string' } } };
    const cases: [unknown, string][] = [
      [
        { type: 'function', function: { name: 'a', description: 'd', parameters } },
        'OpenAI chat completions',
      ],
      [{ type: 'function', name: 'a', description: 'd', parameters }, 'OpenAI responses'],
      [{ name: 'a', description: 'd', input_schema: parameters }, 'Anthropic'],
      [{ name: 'a', description: 'd', inputSchema: parameters, annotations: { readOnlyHint: true } }, 'MCP'],
      [
        { functionDeclarations: [{ name: 'a', description: 'd', parameters: { type: 'OBJECT' } }] },
        'Gemini tool',
      ],
      [{ name: 'a', description: 'd', schema: parameters }, 'LangChain'],
      [{ name: 'a', description: 'd', parameters }, 'catalog form'],
    ];
    for (const [spec, format] of cases) {
      expect(specFormat(spec)).toBe(format);
      const draft = readDraft(JSON.stringify(spec));
      expect(draft.error).toBeNull();
      expect(draft.preview?.[0]).toMatchObject({ name: 'a', parameters: { type: 'object' } });
    }
    expect(readDraft('{"name": 1}').error).toContain('needs a non-empty string "name"');
    expect(readDraft('{').error).toMatch(/^Not valid JSON: /);
    expect(readDraft('[]').error).toBe('The list holds no tool spec.');
  });

  it('lists every tool with its mode, effects and origin; unknown effects are null', async () => {
    const { catalog } = await startPlayground();
    const rows = catalog.store.getState().rows;
    expect(
      rows.filter((row) => row.origin === 'demo' && row.mode === 'deferred').length,
    ).toBeGreaterThanOrEqual(40);
    expect(rows.find((row) => row.name === 'edit')).toMatchObject({
      origin: 'builtin',
      mode: 'direct',
      effects: ['read', 'fs_write'],
    });
    expect(rows.find((row) => row.name === 'kubernetes_get_pods')?.effects).toBeNull();
    catalog.setFilter('slack');
    expect(catalog.visibleRows().map((row) => row.name)).toEqual([
      'slack_list_channels',
      'slack_post_message',
      'slack_get_thread',
      'slack_search_messages',
    ]);
    catalog.setFilter('');
    catalog.setModeFilter('model_only');
    expect(catalog.visibleRows().map((row) => row.name)).toEqual(['tool_search']);
  });

  it('changes modes in place and registers the draft with the chosen mode and an echo', async () => {
    const playground = await startPlayground();
    const { catalog } = playground;
    catalog.setMode('slack_post_message', 'direct');
    expect(catalog.store.getState().notice).toBe('slack_post_message is now direct.');
    expect(playground.declarations.store.getState().declarations.map((spec) => spec.name)).toContain(
      'slack_post_message',
    );

    catalog.setDraft(JSON.stringify({ name: 'echoed', description: 'd', inputSchema: { type: 'object' } }));
    catalog.setDraftMode('direct');
    expect(catalog.registerDraft()).toEqual(['echoed']);
    expect(catalog.store.getState().notice).toBe('Registered echoed as direct.');
    const entry = await playground.runCall({
      kind: 'named',
      name: 'echoed',
      args: { x: 1 },
      caller: 'model',
    });
    expect(entry.result.output).toBe('echoed was called with {"x":1}.');

    catalog.setDraft(JSON.stringify({ name: 'read', description: 'd', parameters: { type: 'object' } }));
    expect(catalog.registerDraft()).toBeNull();
    expect(catalog.store.getState().draft.error).toBe('"read" is a built-in tool; pick another name.');
  });
});
