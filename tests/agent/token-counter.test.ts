/**
 * The agent entry does not carry the tokenizer up front: `declaration_tokens` is counted by an injected
 * counter, or by `gpt-tokenizer` loaded with `import()` when a run starts.
 */
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { runAgentLoop } from '../../src/agent/index.ts';
import { toProviderTools } from '../../src/providers/index.ts';
import { createAgentSuite, createScriptedModel, userMessage } from './fixture.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/** Every input file reachable from the entry's output through static imports only. */
async function staticInputs(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [resolve(ROOT, entry)],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    outdir: '/tmp/packaging-token-counter',
    write: false,
    metafile: true,
    logLevel: 'silent',
    external: ['openai', '@anthropic-ai/sdk'],
  });
  const outputs = result.metafile.outputs;
  const start = Object.keys(outputs).find((path) => outputs[path]?.entryPoint !== undefined);
  const seen = new Set<string>();
  const pending = start === undefined ? [] : [start];
  while (pending.length > 0) {
    const path = pending.pop() as string;
    if (seen.has(path)) continue;
    seen.add(path);
    for (const item of outputs[path]?.imports ?? []) {
      if (item.kind === 'import-statement' && !item.external) pending.push(item.path);
    }
  }
  return [...seen].flatMap((path) => Object.keys(outputs[path]?.inputs ?? {}));
}

describe('the agent entry and the tokenizer', () => {
  it('browser-agent-tools/agent reaches gpt-tokenizer only through import()', async () => {
    const inputs = await staticInputs('src/agent/index.ts');
    expect(inputs.some((path) => path.includes('src/agent/run-agent-loop.ts'))).toBe(true);
    expect(inputs.filter((path) => path.includes('gpt-tokenizer'))).toEqual([]);
  });

  it('counts declaration_tokens with the host counter when one is passed', async () => {
    const { suite } = createAgentSuite();
    const model = createScriptedModel('openai-chat', [{ type: 'text', text: 'Hello!' }]);
    const counted: unknown[] = [];
    const result = await runAgentLoop({
      suite,
      model,
      messages: [userMessage('openai-chat', 'Hi')],
      countTokens: (value) => {
        counted.push(value);
        return 42;
      },
    });
    expect(result.steps[0]?.declaration_tokens).toBe(42);
    expect(counted).toEqual([toProviderTools(suite.declarations(result.session), 'openai-chat')]);
  });
});
