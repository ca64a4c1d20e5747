/**
 * The composer store: callable tools per caller, argument skeletons, raw calls, run and abort.
 * Reaches inside: the playground app's state modules (src/playground/state/) have no public entry:
 * browser-agent-tools/playground exports the component, createPlaygroundStore and the approval prompt only,
 * so they are tested as the app uses them.
 */
import { parseToolCall } from 'browser-agent-tools';
import { describe, expect, it } from 'vitest';
import { RAW_EXAMPLES, rawCall, skeletonArguments } from '../../src/playground/state/composer-store.ts';
import { startPlayground } from './harness.ts';

describe('composer store', () => {
  it('starts arguments from the example, or from the required properties of the schema', () => {
    expect(skeletonArguments({ type: 'object' }, { a: 1 })).toBe('{\n  "a": 1\n}');
    expect(
      JSON.parse(
        skeletonArguments({
          type: 'object',
          properties: {
            s: { type: 'string' },
            n: { type: 'integer', minimum: 1 },
            e: { enum: ['x', 'y'] },
            o: { type: 'string' },
          },
          required: ['s', 'n', 'e'],
        }),
      ),
    ).toEqual({ s: '', n: 1, e: 'x' });
  });

  it('fills raw calls that parse back to the same tool in each format', () => {
    for (const { id } of RAW_EXAMPLES) {
      const parsed = parseToolCall(rawCall(id, 'read', { path: 'a.txt' }));
      expect(parsed.format).toBe(id);
      expect(parsed.name).toBe('read');
    }
  });

  it('lists the tools the chosen caller may call now', async () => {
    const playground = await startPlayground();
    const { composer, runtime } = playground;
    const names = () => composer.callableTools().map((spec) => spec.name);
    expect(names()).toEqual(['read', 'write', 'edit', 'bash', 'grep', 'find', 'ls', 'tool_search']);
    runtime.setMode('weather_get_forecast', 'codemode');
    composer.setCaller('codemode');
    expect(names()).toEqual(['read', 'write', 'edit', 'bash', 'grep', 'find', 'ls', 'weather_get_forecast']);
    expect(composer.store.getState().tool).toBe('read');
  });

  it('runs the selected tool (text that is not JSON goes to the tool as the model sent it) and aborts', async () => {
    const playground = await startPlayground();
    const { composer } = playground;
    composer.selectTool('ls');
    composer.setArguments('{"path": "src"');
    const entry = await composer.run();
    expect(entry?.request).toEqual({ kind: 'named', name: 'ls', args: '{"path": "src"', caller: 'model' });

    composer.setTab('raw');
    composer.setRaw('{"oops"');
    expect(await composer.run()).toBeNull();
    expect(composer.store.getState().status).toMatch(/^The raw call is not JSON: /);

    composer.setTab('arguments');
    composer.selectTool('bash');
    composer.setArguments('{"command": "sleep 20"}');
    const running = composer.run();
    setTimeout(() => composer.abort(), 50);
    const aborted = await running;
    expect(aborted?.result.is_error).toBe(true);
    expect(JSON.stringify(aborted?.result.structured_output)).toMatch(/"code":"[A-Z_]*ABORTED"/);
    expect(composer.store.getState().running).toBe(false);
  });
});

describe('picking a built-in on a fresh page', () => {
  it('fills in arguments with which Run succeeds, for each of the eight', async () => {
    const tools = ['read', 'write', 'edit', 'bash', 'grep', 'find', 'ls', 'tool_search'];
    const results: [string, boolean, string][] = [];
    for (const tool of tools) {
      const playground = await startPlayground();
      playground.composer.selectTool(tool);
      const entry = await playground.composer.run();
      results.push([tool, entry?.result.is_error ?? true, entry?.result.output.slice(0, 60) ?? '']);
    }
    expect(results.filter(([, failed]) => failed)).toEqual([]);
  });
});
