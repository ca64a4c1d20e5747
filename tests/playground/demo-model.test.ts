/**
 * The demo model follows the user's message among its scripted tasks, or says what it can do.
 * Reaches inside: the playground app's state modules (src/playground/state/) have no public entry:
 * browser-agent-tools/playground exports the component, createPlaygroundStore and the approval prompt only,
 * so they are tested as the app uses them.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_AGENT_SETTINGS } from '../../src/playground/state/agent-store.ts';
import { createDemoModel, DEMO_CAPABILITIES, demoTaskFor } from '../../src/playground/state/demo-model.ts';

describe('the demo model', () => {
  it('picks the task the message asks for', () => {
    expect(demoTaskFor(DEFAULT_AGENT_SETTINGS.message)?.id).toBe('read');
    expect(demoTaskFor('Fix the rounding bug in the cart')?.id).toBe('fix');
    expect(demoTaskFor('Find a tool to open a GitHub issue')?.id).toBe('tour');
    expect(demoTaskFor('What is the weather in Lisbon?')).toBeNull();
  });

  it('answers a message it has no task for with what it can do, and calls nothing', async () => {
    const response = await createDemoModel().complete({
      messages: [{ role: 'user', content: 'Write me a poem.' }],
      tools: [],
    } as never);
    expect(response).toEqual({
      message: { role: 'assistant', content: DEMO_CAPABILITIES },
      stop_reason: 'stop',
    });
  });

  it("is the Agent panel's first provider", () => {
    expect(DEFAULT_AGENT_SETTINGS).toMatchObject({ provider: 'demo', model: 'demo', baseURL: '' });
  });
});
