/**
 * Without the optional peer `gpt-tokenizer` and without a counter, a run fails up front with an error
 * that names the package to install (the module is replaced by one that fails to load, as a missing
 * package does).
 * Reaches inside: vi.mock replaces src/providers/tokens.ts, the module through which runAgentLoop loads
 * gpt-tokenizer, so that the installed peer fails to load as a missing one does; no public option unloads a
 * package.
 */
import { describe, expect, it, vi } from 'vitest';
import { runAgentLoop } from '../../src/agent/index.ts';
import { createAgentSuite, createScriptedModel, userMessage } from './fixture.ts';

vi.mock('../../src/providers/tokens.ts', () => {
  throw new Error("Cannot find package 'gpt-tokenizer'");
});

describe('runAgentLoop without gpt-tokenizer', () => {
  it('names the package to install, or the option that replaces it', async () => {
    const { suite } = createAgentSuite();
    const model = createScriptedModel('openai-chat', [{ type: 'text', text: 'Hello!' }]);
    const run = runAgentLoop({ suite, model, messages: [userMessage('openai-chat', 'Hi')] });
    await expect(run).rejects.toThrow(
      'browser-agent-tools: runAgentLoop counts declaration tokens with the optional peer dependency "gpt-tokenizer", which could not be loaded (',
    );
    await expect(run).rejects.toThrow(
      'Install it (npm install gpt-tokenizer), or pass countTokens to count with another tokenizer.',
    );
  });

  it('runs with a counter of its own', async () => {
    const { suite } = createAgentSuite();
    const model = createScriptedModel('openai-chat', [{ type: 'text', text: 'Hello!' }]);
    const result = await runAgentLoop({
      suite,
      model,
      messages: [userMessage('openai-chat', 'Hi')],
      countTokens: (value) => JSON.stringify(value).length,
    });
    expect(result.reason).toBe('completed');
    expect(result.steps[0]?.declaration_tokens).toBeGreaterThan(50);
  });
});
