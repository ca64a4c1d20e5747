/**
 * The fixture builds `#scenario=` hashes in the test process, apart from the playground's own encoder:
 * the playground's decoder must read back exactly the scenario it was given.
 * Reaches inside: the playground's scenario decoder (parseScenario, decodeScenario) and RecordedResult type
 * (src/playground/state/) have no public entry; the fixture's hash is read back with them as the page reads
 * it.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { RecordedResult } from '../../src/playground/state/replay-check.ts';
import { decodeScenario, parseScenario } from '../../src/playground/state/scenario.ts';
import {
  type PlaygroundScenario,
  type PlaygroundScenarioCall,
  scenarioHash,
} from '../../src/playwright/index.ts';

const dataOf = (hash: string): string => hash.replace(/^#scenario=/, '');

describe('scenarioHash', () => {
  it("types a call's record as the playground reads it (npm run typecheck checks this)", () => {
    expectTypeOf<NonNullable<PlaygroundScenarioCall['recorded']>>().toEqualTypeOf<RecordedResult>();
    const recorded = { is_error: false, output: '4f9f2cab', head: 'hello' };
    expect(parseScenario({ version: 1, calls: [{ name: 'ls', recorded }] }).calls?.[0]?.recorded).toEqual(
      recorded,
    );
  });

  it('is a #scenario= hash of base64url characters that the playground decodes to the same scenario', async () => {
    const scenario: PlaygroundScenario = {
      version: 1,
      files: { 'notes/ünïcode.md': '# Grüße 👋\n', 'bin/blob': { base64: 'AAEC/w==' } },
      tools: [
        {
          spec: { name: 'kv_get', description: 'Get.', inputSchema: { type: 'object', properties: {} } },
          mode: 'deferred',
        },
      ],
      modes: { grep: 'hidden' },
      calls: [
        { name: 'read', arguments: { path: 'notes/ünïcode.md' } },
        { raw: { type: 'tool_use', id: 't1', name: 'Read', input: { file_path: 'a' } }, caller: 'model' },
      ],
      provider: 'anthropic',
    };
    const hash = await scenarioHash(scenario);
    expect(hash).toMatch(/^#scenario=[A-Za-z0-9_-]+$/);
    expect(await decodeScenario(dataOf(hash))).toEqual(parseScenario(scenario));
  });

  it('encodes a scenario that deflates to more than one 32 KiB chunk of the base64 step', async () => {
    // Numbers of a linear congruential sequence: text that deflate cannot shrink much.
    let state = 1;
    const content = Array.from({ length: 20_000 }, () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return `${state.toString(36)}\n`;
    }).join('');
    const scenario: PlaygroundScenario = { version: 1, files: { 'big.txt': content } };
    const hash = await scenarioHash(scenario);
    expect((dataOf(hash).length * 3) / 4).toBeGreaterThan(2 * 0x8000);
    expect((await decodeScenario(dataOf(hash))).files?.['big.txt']).toBe(content);
  });
});
