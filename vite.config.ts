/**
 * Vite config of the playground (`npm run dev`, `npm run build:playground`, `vite preview`).
 * The library itself is built by `tsc -p tsconfig.build.json` into `dist/`; the playground lands in
 * `dist/playground/`, so `build:lib` (which wipes `dist/`) must run before `build:playground`.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { type Alias, defineConfig, type Plugin } from 'vite';

const root = import.meta.dirname;

/**
 * The playground imports the package by name, never `../src/...`; these aliases map the name to the
 * sources. Anchored regexes, so the subpath and the root name can never shadow each other.
 * Shared with vitest.config.ts.
 */
export const alias: Alias[] = [
  { find: /^browser-agent-tools\/providers$/, replacement: resolve(root, 'src/providers/index.ts') },
  { find: /^browser-agent-tools\/codemode$/, replacement: resolve(root, 'src/codemode/index.ts') },
  { find: /^browser-agent-tools\/agent$/, replacement: resolve(root, 'src/agent/index.ts') },
  { find: /^browser-agent-tools\/mcp$/, replacement: resolve(root, 'src/mcp/index.ts') },
  {
    find: /^browser-agent-tools\/workspace\/just-bash$/,
    replacement: resolve(root, 'src/workspace/just-bash/index.ts'),
  },
  {
    find: /^browser-agent-tools\/workspace\/webcontainer$/,
    replacement: resolve(root, 'src/workspace/webcontainer/index.ts'),
  },
  { find: /^browser-agent-tools$/, replacement: resolve(root, 'src/index.ts') },
];

/**
 * Browser stand-ins for the Node built-ins that browser bundles of dependencies still import (just-bash
 * imports `node:zlib` for gzip). Playground build only: in Node (vitest) the real module is used.
 */
const browserShims: Alias[] = [
  { find: /^node:zlib$/, replacement: resolve(root, 'src/workspace/just-bash/node-zlib-stand-in.ts') },
];

/**
 * WebContainer needs a cross-origin isolated page, so every response (dev and preview, workers and wasm
 * included) carries COOP and COEP.
 */
const headers: Record<string, string> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

const EXTERNALIZED = 'has been externalized for browser compatibility';

/**
 * Fails the build when a `node:*` (or other Node built-in) import was externalized: in the browser that
 * module is an empty stub, so the code using it breaks at run time. Vite only warns by default.
 */
function failOnBrowserExternals(): Plugin {
  let externalized: string[] = [];
  return {
    name: 'fail-on-browser-externals',
    apply: 'build',
    buildStart() {
      externalized = [];
    },
    onLog(_level, log) {
      if (log.message.includes(EXTERNALIZED)) externalized.push(log.message);
    },
    buildEnd(error) {
      if (error || externalized.length === 0) return;
      this.error(
        `The playground bundle imports Node built-ins, which do not work in a browser:\n${externalized.join('\n')}\n` +
          'Keep Node-only code out of everything the playground imports, lazily or not, or use a browser build of it.',
      );
    },
  };
}

/**
 * docs/mcp.md beside the built page (`dist/playground/docs/mcp.md`): the MCP panel's note on stdio
 * servers links to it. `npm run dev` serves it from the repository root already.
 */
function shipMcpDoc(): Plugin {
  return {
    name: 'ship-mcp-doc',
    apply: 'build',
    generateBundle() {
      const source = readFileSync(resolve(root, 'docs/mcp.md'), 'utf8');
      this.emitFile({ type: 'asset', fileName: 'docs/mcp.md', source });
    },
  };
}

export default defineConfig({
  plugins: [react(), failOnBrowserExternals(), shipMcpDoc()],
  resolve: { alias: [...alias, ...browserShims] },
  server: { headers },
  preview: { headers },
  worker: { format: 'es', plugins: () => [failOnBrowserExternals()] },
  build: {
    outDir: 'dist/playground',
    emptyOutDir: true,
    // The tokenizer table (2.4 MB), and later Monaco and just-bash, are lazy chunks above Vite's 500 kB default.
    chunkSizeWarningLimit: 5000,
  },
});
