/**
 * The package's entries: every `exports` path maps to a source file that tsc emits there, the `core`
 * entry works on its own and stays small in a consumer's bundle, and the package metadata says what
 * installing it takes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSUMERS, measureConsumer } from '../../bench/lib/consumer-bundles.ts';
import { createCoreSuite } from '../../src/core/entry.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

/**
 * Entries Vite builds (vite.component.config.ts) rather than tsc: the playground component and its
 * one stylesheet, gathered from the playground's CSS modules (the root one holds the tokens).
 */
const BUILT_BY_VITE: Readonly<Record<string, string>> = {
  './playground': 'src/playground/index.ts',
  './playground/styles.css': 'src/playground/components/Playground/Playground.module.css',
};

describe('package entries', () => {
  it('every export points at a file tsc emits from src/, or the playground component Vite builds', () => {
    const missing = Object.entries(manifest.exports as Record<string, string | Record<string, string>>)
      .filter(([key]) => key !== './package.json')
      .flatMap(([key, target]) => {
        const file = typeof target === 'string' ? target : (target.default ?? '');
        const source = BUILT_BY_VITE[key] ?? file.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts');
        return existsSync(join(ROOT, source)) ? [] : [`${key} → ${source}`];
      });
    expect(missing).toEqual([]);
  });

  it('the SDKs, the WebContainer API, the tokenizer, the MCP SDK, vitest, @playwright/test and React are optional peers, not dependencies', () => {
    const peers = [
      'react',
      'react-dom',
      'openai',
      '@anthropic-ai/sdk',
      '@webcontainer/api',
      'gpt-tokenizer',
      '@modelcontextprotocol/sdk',
      'vitest',
      '@playwright/test',
    ];
    expect(peers.filter((name) => manifest.dependencies[name] !== undefined)).toEqual([]);
    expect(peers.filter((name) => manifest.peerDependenciesMeta[name]?.optional !== true)).toEqual([]);
    expect(peers.filter((name) => manifest.devDependencies[name] === undefined)).toEqual([]);
  });

  it('runs nothing when installed: no install, preinstall, postinstall or prepare script', () => {
    // The example projects install with --ignore-scripts (tests/package/examples/support.ts), which
    // skips only other packages' scripts as long as this one holds.
    const lifecycle = ['preinstall', 'install', 'postinstall', 'prepare'];
    expect(lifecycle.filter((name) => manifest.scripts?.[name] !== undefined)).toEqual([]);
  });

  it('engines asks for the Node version the dependencies need', () => {
    const justBash = JSON.parse(readFileSync(join(ROOT, 'node_modules/just-bash/package.json'), 'utf8'));
    expect(manifest.engines.node).toBe(justBash.engines.node);
  });

  it('browser-agent-tools/core runs host tools without built-ins or tool_search', async () => {
    const suite = createCoreSuite();
    suite.register(
      { name: 'ping', description: 'Answers pong.', parameters: { type: 'object', properties: {} } },
      'direct',
      async () => ({ output: 'pong' }),
    );
    const session = suite.createSession();
    expect(suite.declarations(session).map((spec) => spec.name)).toEqual(['ping']);
    const result = await suite.execute('ping', {}, { session });
    expect(result.output).toBe('pong');
    expect(result.is_error).toBe(false);
  });

  it('a consumer importing only browser-agent-tools/core bundles at most 30 KiB gzipped', async () => {
    const [coreOnly] = CONSUMERS;
    const size = await measureConsumer(coreOnly as (typeof CONSUMERS)[number]);
    expect(size.initialGzipBytes).toBeGreaterThan(5 * 1024);
    expect(size.initialGzipBytes).toBeLessThanOrEqual(30 * 1024);
  });
});
