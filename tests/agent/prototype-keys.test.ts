/**
 * The agent loop and a `__proto__` key in a model's tool call: the call is refused with the text that
 * says what to do, in both wire formats, and the tool never runs.
 */
import { describe, expect, it } from 'vitest';
import { AGENT_PROVIDERS, type AgentProvider, runAgentLoop } from '../../src/agent/index.ts';
import { createAgentSuite, createScriptedModel, userMessage } from './fixture.ts';

describe.each(AGENT_PROVIDERS)(
  'runAgentLoop with a %s model sending __proto__',
  (provider: AgentProvider) => {
    it('returns the refusal to the model and never runs the tool', async () => {
      const { suite, ran } = createAgentSuite();
      const sent = JSON.parse('{"text":"hi","__proto__":{"text":"injected"}}');
      const model = createScriptedModel(provider, [
        { type: 'tool_calls', calls: [{ name: 'echo', arguments: sent }] },
        { type: 'text', text: 'Sorry.' },
      ]);
      const result = await runAgentLoop({ suite, model, messages: [userMessage(provider, 'Echo')] });
      expect(result.reason).toBe('completed');
      expect(result.steps[0]?.results[0]?.result).toMatchObject({
        is_error: true,
        output: [
          'Invalid arguments for echo:',
          '- __proto__: the key "__proto__" is not accepted, because it can alter object prototypes. Remove it and send each value under its own parameter name.',
          'Received: {"text":"hi","__proto__":{"text":"injected"}}',
          'Fix the arguments and call echo again.',
        ].join('\n'),
      });
      expect(ran).toEqual([]);
    });
  },
);
