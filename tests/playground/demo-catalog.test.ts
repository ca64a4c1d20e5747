/**
 * The demo catalog: at least 40 deferred tools whose example calls succeed, deterministically.
 * Reaches inside: the playground app's demo catalog (src/playground/demo/) has no public entry:
 * browser-agent-tools/playground exports the component, createPlaygroundStore and the approval prompt only,
 * so it is tested as the app loads it.
 */
import { createToolSuite, normalizeSpec } from 'browser-agent-tools';
import { describe, expect, it } from 'vitest';
import { DEMO_TOOLS } from '../../src/playground/demo/demo-catalog.ts';

describe('demo catalog', () => {
  it('has at least 40 tools, each normalising to its own name', () => {
    expect(DEMO_TOOLS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(DEMO_TOOLS.map((tool) => tool.name)).size).toBe(DEMO_TOOLS.length);
    for (const tool of DEMO_TOOLS) expect(normalizeSpec(tool.spec).name).toBe(tool.name);
  });

  it('answers every example call with plausible, repeatable data, never an error', async () => {
    const suite = createToolSuite({ builtins: false });
    for (const tool of DEMO_TOOLS) suite.register(tool.spec, 'direct', tool.run);
    for (const tool of DEMO_TOOLS) {
      const first = await suite.execute(tool.name, tool.example);
      const second = await suite.execute(tool.name, tool.example);
      expect(first.is_error, `${tool.name}: ${first.output}`).toBe(false);
      expect(first.output.length, tool.name).toBeGreaterThan(10);
      expect(second.output).toBe(first.output);
      expect(second.structured_output).toEqual(first.structured_output);
    }
  });

  it('some tools answer with control directives', async () => {
    const suite = createToolSuite({ builtins: false });
    for (const tool of DEMO_TOOLS) suite.register(tool.spec, 'deferred', tool.run);
    const session = suite.createSession();
    session.activate(['github_enable_toolset', 'support_handoff_to_human', 'conversation_end']);
    const toolset = await suite.execute('github_enable_toolset', { toolset: 'code' }, { session });
    expect(toolset.control?.add_tools?.map((spec) => spec.name)).toEqual(['github_search_code']);
    expect(session.isActive('github_search_code')).toBe(true);
    const handoff = await suite.execute('support_handoff_to_human', { reason: 'refund' }, { session });
    expect(handoff.control?.handoff).toEqual({
      to: 'human-support',
      reason: 'refund',
      payload: { summary: '' },
    });
    await suite.execute('conversation_end', { reason: 'bye' }, { session });
    expect(session.terminated).toEqual({ reason: 'bye' });
  });
});
