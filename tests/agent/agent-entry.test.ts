/**
 * The agent entry's weight: the SDKs may reach src/agent/ only as types or through `import()`, so a
 * consumer pays for them on a model's first request, never on import; and the root entry never leads
 * to the agent room.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const AGENT = join(ROOT, 'src/agent');
const SDK = /^(openai|@anthropic-ai\/sdk)(\/|$)/;

/** `[file, specifier, how]` for every import of an SDK in src/agent/. */
function sdkImports(): [string, string, 'type' | 'dynamic' | 'static'][] {
  const found: [string, string, 'type' | 'dynamic' | 'static'][] = [];
  for (const file of readdirSync(AGENT).filter((name) => name.endsWith('.ts'))) {
    const source = readFileSync(join(AGENT, file), 'utf8');
    for (const match of source.matchAll(/^\s*import\s+(type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]/gm)) {
      const specifier = match[2] ?? '';
      if (SDK.test(specifier)) found.push([file, specifier, match[1] ? 'type' : 'static']);
    }
    for (const match of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      const specifier = match[1] ?? '';
      if (SDK.test(specifier)) found.push([file, specifier, 'dynamic']);
    }
  }
  return found;
}

describe('the agent entry', () => {
  it('loads each SDK with import() and otherwise imports only its types', () => {
    const imports = sdkImports();
    expect(imports.filter(([, , how]) => how === 'static')).toEqual([]);
    const loaded = imports
      .filter(([, , how]) => how === 'dynamic')
      .map(([file, specifier]) => [file, specifier]);
    expect(loaded).toEqual(
      expect.arrayContaining([
        ['anthropic-model.ts', '@anthropic-ai/sdk'],
        ['openai-compatible-model.ts', 'openai'],
      ]),
    );
  });

  it('is not reachable from the root entry', () => {
    const root = readFileSync(join(ROOT, 'src/index.ts'), 'utf8');
    expect(root).not.toMatch(/['"]\.\/agent\//);
  });

  it('is a package subpath', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      exports: Record<string, unknown>;
    };
    expect(manifest.exports['./agent']).toEqual({
      types: './dist/agent/index.d.ts',
      default: './dist/agent/index.js',
    });
  });
});
