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

const MONACO_STYLE = '\0monaco-style:';

/**
 * Monaco's CSS comes with Monaco: each of its stylesheets becomes a module of the lazy editor chunk that
 * adds a `<style>` when the editor loads, instead of joining `playground.css`, which every host loads
 * (Monaco's rules and font are most of that file). Its codicon font is inlined into those styles: a
 * relative `url()` in an injected style would resolve against the host page, not the package.
 */
function monacoStylesWithTheEditor(): Plugin {
  return {
    name: 'monaco-styles-with-the-editor',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith('.css') || !importer || importer.startsWith(MONACO_STYLE)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      if (!resolved || !/[\\/]node_modules[\\/]monaco-editor[\\/]/.test(resolved.id)) return null;
      // Ends in .js: an id ending in .css would go through Vite's CSS pipeline as a stylesheet.
      return `${MONACO_STYLE}${resolved.id}.js`;
    },
    load(id) {
      if (!id.startsWith(MONACO_STYLE)) return null;
      const file = id.slice(MONACO_STYLE.length, -'.js'.length);
      return [
        `import css from ${JSON.stringify(`${file}?inline`)};`,
        "const style = document.createElement('style');",
        'style.textContent = css;',
        'document.head.append(style);',
      ].join('\n');
    },
  };
}

export default defineConfig({
  plugins: [react(), withoutScriptEditor(), monacoStylesWithTheEditor()],
  // Assets (Monaco's workers) are found relative to the module that loads them, wherever it is served from.
  base: './',
  publicDir: false,
  build: {
    minify: true,
    outDir: 'dist/component',
    emptyOutDir: false,
    // One stylesheet for the host to import, lazily loaded panels' styles included (Monaco's excepted).
    cssCodeSplit: false,
    // Monaco's codicon font, inside its injected styles (see monacoStylesWithTheEditor).
    assetsInlineLimit: (file) => (/[\\/]monaco-editor[\\/].*\.ttf$/.test(file) ? true : undefined),
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
      // Vite keeps whitespace in an ES library so that hosts can tree-shake it; nothing here is shaken
      // (a host imports the component whole, and Monaco's chunk loads only with the editor), and
      // Monaco unminified was 5 MB of every install.
      output: { minify: true },
    },
  },
});
