/**
 * Vite config of the `browser-agent-tools/playground` entry (`npm run build:component`): the
 * `<Playground>` component as an ES library in `dist/component/`, one stylesheet
 * (`playground.css`), and Monaco's JSON editor with its workers as lazy chunks beside it. React, React
 * DOM and the package's own entries stay imports: the host's copies are used.
 */
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = import.meta.dirname;

const SCRIPT_EDITOR = resolve(root, 'src/playground/monaco/script-editor.ts');
const NO_SCRIPT_EDITOR = '\0no-script-editor';

/**
 * The codemode script's Monaco editor needs the TypeScript worker (7 MB), too much for every install
 * of the package: in the packaged component, loading it fails with a reason, and the script stays a
 * plain text area (the JSON editor is there).
 */
function withoutScriptEditor(): Plugin {
  return {
    name: 'without-script-editor',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith('/monaco/script-editor.ts') || !importer) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved?.id === SCRIPT_EDITOR ? NO_SCRIPT_EDITOR : null;
    },
    load(id) {
      if (id !== NO_SCRIPT_EDITOR) return null;
      return `throw new Error(${JSON.stringify(
        'the packaged component has no JavaScript editor (its TypeScript worker would add 7 MB); write the script in the text area.',
      )});`;
    },
  };
}

export default defineConfig({
  plugins: [react(), withoutScriptEditor()],
  // Assets (Monaco's workers) are found relative to the module that loads them, wherever it is served from.
  base: './',
  publicDir: false,
  build: {
    minify: true,
    outDir: 'dist/component',
    emptyOutDir: false,
    // One stylesheet for the host to import, lazily loaded panels' styles included.
    cssCodeSplit: false,
    // Monaco's chunks are large; they load only when an editor is switched on.
    chunkSizeWarningLimit: 8000,
    lib: {
      entry: resolve(root, 'src/playground/index.ts'),
      formats: ['es'],
      fileName: () => 'index.js',
      cssFileName: 'playground',
    },
    rollupOptions: {
      external: [/^react(-dom)?(\/.*)?$/, /^browser-agent-tools(\/.*)?$/],
    },
  },
});
