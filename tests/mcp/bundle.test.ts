/**
 * The MCP entry bundled for a browser, as an app's bundler would: no Node built-in gets in, because the
 * stdio transport is loaded only when a command is mounted, through an import bundlers do not follow.
 */
import { builtinModules } from 'node:module';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ENTRY = resolve(import.meta.dirname, '../../src/mcp/index.ts');

describe('the mcp entry in a browser bundle', () => {
  it('bundles for the browser without any Node built-in and without the stdio transport', async () => {
    const nodeBuiltins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
    const result = await build({
      entryPoints: [ENTRY],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
      // As docs/backends.md says for any bundle of the library: the embedded shell's gzip needs this stand-in.
      alias: {
        'node:zlib': resolve(import.meta.dirname, '../../src/workspace/just-bash/node-zlib-stand-in.ts'),
      },
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((path) => path.includes('client/streamableHttp'))).toBe(true);
    expect(inputs.filter((path) => path.includes('client/stdio') || path.includes('cross-spawn'))).toEqual(
      [],
    );
    const imports = Object.values(result.metafile.outputs).flatMap((output) =>
      output.imports.map((i) => i.path),
    );
    expect(imports.filter((path) => nodeBuiltins.has(path))).toEqual([]);
  });
});
