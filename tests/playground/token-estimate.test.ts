import { describe, expect, it } from 'vitest';
import { createToolSuite } from '../../src/index.ts';
import { DEMO_CONTENT } from '../../src/playground/demo/demo-content.ts';
import { estimateTokens } from '../../src/playground/state/token-estimate.ts';
import { countTokens, toProviderTools } from '../../src/providers/index.ts';
import { createTestPlayground } from './harness.ts';

describe('the quick token estimate shown until the tokenizer loads', () => {
  it('is within 5 % of the o200k count for the built-ins and for the whole demo catalog', () => {
    const suite = createToolSuite();
    const builtins = suite.declarations(suite.createSession());
    const everything = [...builtins, ...DEMO_CONTENT.tools.map((tool) => tool.spec)];
    for (const specs of [builtins, everything]) {
      for (const list of [
        specs,
        toProviderTools(builtins, 'openai-chat'),
        toProviderTools(builtins, 'anthropic'),
      ]) {
        const exact = countTokens(list);
        expect(Math.abs(estimateTokens(list) - exact) / exact).toBeLessThan(0.05);
      }
    }
  });

  it('stands in the declarations store until the providers entry arrives, then the exact count replaces it', async () => {
    const playground = createTestPlayground();
    await playground.start();
    const before = playground.declarations.store.getState();
    expect(before.tokens).toBeNull();
    expect(before.estimatedTokens).toBe(estimateTokens(playground.runtime.declarations()));
    await playground.declarations.loadProviders();
    const after = playground.declarations.store.getState();
    expect(after.estimatedTokens).toBeNull();
    expect(after.tokens).toBe(countTokens(playground.runtime.declarations()));
    expect(Math.abs((before.estimatedTokens ?? 0) - (after.tokens ?? 0)) / (after.tokens ?? 1)).toBeLessThan(
      0.05,
    );
  });
});
