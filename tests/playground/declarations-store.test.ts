/** The declarations store: formats, token counts and the savings of each exposure mode. */
import { describe, expect, it } from 'vitest';
import { createTestPlayground, startPlayground } from './harness.ts';

describe('declarations store', () => {
  it('renders the list in every format with its token count', async () => {
    const { declarations } = await startPlayground();
    const tokens = new Map<string, number | null>();
    for (const format of [
      'catalog',
      'openai-chat',
      'openai-responses',
      'anthropic',
      'gemini',
      'mcp',
    ] as const) {
      declarations.setFormat(format);
      const state = declarations.store.getState();
      expect(state.tokens).toBeGreaterThan(0);
      tokens.set(format, state.tokens);
    }
    declarations.setFormat('anthropic');
    expect(JSON.parse(declarations.store.getState().json ?? 'null')[0]).toHaveProperty('input_schema');
    expect(new Set(tokens.values()).size).toBeGreaterThan(1);
  });

  it("shows no list under a provider's name until that provider's format has loaded", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const playground = createTestPlayground({
      loadProviders: async () => {
        await gate;
        return import('../../src/providers/index.ts');
      },
    });
    await playground.start();
    const { declarations } = playground;
    expect(JSON.parse(declarations.store.getState().json ?? 'null')[0]).toHaveProperty('parameters');
    declarations.setFormat('anthropic');
    expect(declarations.store.getState().json).toBeNull();
    release();
    await declarations.loadProviders();
    expect(JSON.parse(declarations.store.getState().json ?? 'null')[0]).toHaveProperty('input_schema');
  });

  it('says what each mode saves against declaring everything directly', async () => {
    const playground = await startPlayground();
    const breakdown = () => {
      const value = playground.declarations.store.getState().breakdown;
      if (!value) throw new Error('no breakdown');
      return value;
    };
    const mode = (name: string) => breakdown().modes.find((row) => row.mode === name);
    expect(mode('direct')).toMatchObject({ tools: 7, declared: 7, saved: 0 });
    expect(mode('deferred')?.declared).toBe(0);
    expect(mode('deferred')?.saved).toBe(mode('deferred')?.tokensIfDirect);
    expect(breakdown().allDirect).toBeGreaterThan(breakdown().declared);
    expect(breakdown().declared).toBe(playground.declarations.store.getState().tokens);

    await playground.runCall({
      kind: 'named',
      name: 'tool_search',
      args: { query: 'send an email', limit: 1 },
      caller: 'model',
    });
    expect(mode('deferred')?.declared).toBe(1);
    expect(mode('deferred')?.saved).toBeLessThan(mode('deferred')?.tokensIfDirect ?? 0);

    playground.runtime.setMode('gmail_search', 'hidden');
    expect(mode('hidden')).toMatchObject({ tools: 1, declared: 0 });
    expect(mode('hidden')?.saved).toBe(mode('hidden')?.tokensIfDirect);
  });
});
