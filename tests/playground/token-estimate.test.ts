/**
 * The quick token estimate the playground shows until the tokenizer loads: close to the exact count, then
 * replaced by it.
 * Reaches inside: the playground app's state and demo modules (src/playground/state/, src/playground/demo/)
 * have no public entry: browser-agent-tools/playground exports the component, createPlaygroundStore and the
 * approval prompt only, so they are tested as the app uses them.
 */
import { describe, expect, it } from 'vitest';
import { enableCodemode } from '../../src/codemode/index.ts';
import { createToolSuite } from '../../src/index.ts';
import { DEMO_CONTENT } from '../../src/playground/demo/demo-content.ts';
import { estimateTokens } from '../../src/playground/state/token-estimate.ts';
import { countTokens, PROVIDERS, toProviderTools } from '../../src/providers/index.ts';
import { createTestPlayground } from './harness.ts';

describe('the quick token estimate shown until the tokenizer loads', () => {
  it('is within 5 % of the o200k count for the built-ins, with codemode and with the whole demo catalog declared, in every format', () => {
    const builtins = createToolSuite();
    const withCodemode = createToolSuite();
    const codemode = enableCodemode(withCodemode);
    const everything = createToolSuite();
    for (const tool of DEMO_CONTENT.tools) everything.register(tool.spec, 'direct', tool.run);
    const everythingCodemode = enableCodemode(everything);
    const lists = [
      builtins.declarations(builtins.createSession()),
      codemode.declarations(withCodemode.createSession()),
      everythingCodemode.declarations(everything.createSession()),
    ];
    const errors: number[] = [];
    for (const specs of lists) {
      for (const list of [specs, ...PROVIDERS.map((format) => toProviderTools(specs, format))]) {
        const exact = countTokens(list);
        errors.push(Math.abs(estimateTokens(list) - exact) / exact);
      }
    }
    expect(errors).toHaveLength(18);
    expect(Math.max(...errors)).toBeLessThan(0.05);
    codemode.dispose();
    everythingCodemode.dispose();
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
