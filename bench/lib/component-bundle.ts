/**
 * What a host's bundle costs for the `browser-agent-tools/playground` component: the component as
 * packaged (`vite build -c vite.component.config.ts`, the build of `dist/component`), bundled by esbuild
 * into a one-line host module, with the package's own entries taken from the sources (as the consumer
 * bundles of section 5 are) and React left out (the host has its own; it is measured on its own row).
 * Monaco (the JSON editor, its language service and its Workers) loads only when the user switches an
 * editor on, so it is counted apart, JavaScript and CSS.
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { gzipSize, viteBuild } from './bundle.ts';

const root = new URL('../..', import.meta.url).pathname;

export interface ComponentSize {
  /** Gzip bytes of the host's entry chunk and its static imports, React excluded. */
  upFrontGzipBytes: number;
  /** Gzip bytes of the lazy chunks that are not Monaco (panels, channel views, the entries it loads). */
  lazyGzipBytes: number;
  /** Gzip bytes of Monaco's lazy JavaScript chunks (its Workers not included). */
  monacoGzipBytes: number;
  /** Gzip bytes of `playground.css`, the one stylesheet the host imports. */
  stylesheetGzipBytes: number;
  /** Gzip bytes of the stylesheet's rules that name none of the component's own classes (Monaco's). */
  stylesheetMonacoGzipBytes: number;
  /** Gzip bytes of React and React DOM's client, for a host that has no React yet. */
  reactGzipBytes: number;
}

/** Builds the packaged component into `outDir`, with hidden source maps to tell Monaco's chunks. */
export async function buildComponent(outDir: string): Promise<void> {
  await viteBuild(outDir, 'vite.component.config.ts');
}

/**
 * `browser-agent-tools` and its subpaths resolved as package.json's exports map them, to the sources
 * (a `.js` under dist/ to its `.ts` under src/), so the figures are those of the current sources
 * without a library build.
 */
function packageSources(): Plugin {
  const exports = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).exports as Record<
    string,
    string | { default: string }
  >;
  return {
    name: 'package-sources',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^browser-agent-tools(?:\/.*)?$/ }, (args) => {
        const target = exports[`.${args.path.slice('browser-agent-tools'.length)}`];
        const dist = typeof target === 'string' ? target : target?.default;
        if (!dist) return { errors: [{ text: `${args.path} is not exported by the package` }] };
        return { path: resolve(root, dist.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts')) };
      });
    },
  };
}

/** Whether most of a built file's source bytes come from Monaco, by its hidden source map. */
function isMonaco(file: string): boolean {
  let map: { sources?: string[]; sourcesContent?: (string | null)[] };
  try {
    map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
  } catch {
    return false;
  }
  let monaco = 0;
  let total = 0;
  (map.sources ?? []).forEach((source, i) => {
    const bytes = map.sourcesContent?.[i]?.length ?? 1;
    total += bytes;
    if (/node_modules\/monaco-editor\/|src\/playground\/monaco\//.test(source)) monaco += bytes;
  });
  return total > 0 && monaco / total > 0.5;
}

/**
 * The stylesheet's top-level blocks (rules and at-rules), by brace depth. Minified output of Vite
 * only: no comments, and braces in strings are not expected there.
 */
function topLevelBlocks(css: string): string[] {
  const blocks: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) {
      blocks.push(css.slice(start, i + 1));
      start = i + 1;
    }
  }
  return blocks;
}

interface HostBundle {
  upFront: number;
  lazy: number;
  monaco: number;
}

/** Bundles `source` as a host module would and sums gzip bytes up front, lazy and Monaco's. */
async function bundleHost(source: string, monacoFiles: ReadonlySet<string>): Promise<HostBundle> {
  const result = await build({
    stdin: { contents: source, resolveDir: root, loader: 'js', sourcefile: 'host.js' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    absWorkingDir: root,
    outdir: join(root, 'host-bundle'),
    write: false,
    metafile: true,
    logLevel: 'silent',
    external: ['react', 'react/*', 'react-dom', 'react-dom/*'],
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: { 'node:zlib': './src/workspace/just-bash/node-zlib-stand-in.ts' },
    plugins: [packageSources()],
  });
  const gzipOf = new Map(
    result.outputFiles.map((file) => [relative(root, file.path), gzipSize(file.contents)]),
  );
  const outputs = result.metafile.outputs;
  const upFront = new Set<string>();
  // Dynamic imports' targets are entry points of their own chunks too: the host's is host.js.
  const pending = Object.keys(outputs).filter((path) => outputs[path]?.entryPoint === 'host.js');
  while (pending.length > 0) {
    const path = pending.pop() as string;
    if (upFront.has(path)) continue;
    upFront.add(path);
    for (const item of outputs[path]?.imports ?? [])
      if (item.kind === 'import-statement' && !item.external) pending.push(item.path);
  }
  const totals: HostBundle = { upFront: 0, lazy: 0, monaco: 0 };
  for (const [path, output] of Object.entries(outputs)) {
    if (!path.endsWith('.js')) continue;
    const bytes = gzipOf.get(path) ?? 0;
    const inputs = Object.entries(output.inputs);
    const monacoBytes = inputs
      .filter(([input]) => monacoFiles.has(resolve(root, input)))
      .reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
    const all = inputs.reduce((sum, [, input]) => sum + input.bytesInOutput, 0);
    if (upFront.has(path)) totals.upFront += bytes;
    else if (all > 0 && monacoBytes / all > 0.5) totals.monaco += bytes;
    else totals.lazy += bytes;
  }
  return totals;
}

/** Measures the component built into `outDir` (by {@link buildComponent}). */
export async function measureComponent(outDir: string, files: readonly string[]): Promise<ComponentSize> {
  const monacoFiles = new Set(
    files
      .filter((file) => file.endsWith('.js'))
      .map((file) => resolve(outDir, file))
      .filter(isMonaco),
  );
  const component = await bundleHost(
    `import { Playground, createPlaygroundStore, createApprovalPrompt } from ${JSON.stringify(join(outDir, 'index.js'))}; globalThis.out = [Playground, createPlaygroundStore, createApprovalPrompt];`,
    monacoFiles,
  );
  const css = readFileSync(join(outDir, 'playground.css'), 'utf8');
  // The component's own rules all name one of its CSS-module classes (`._name_hash_line`).
  const foreign = topLevelBlocks(css).filter((block) => !/\._[\w-]+_[a-z0-9]{5}_\d+/.test(block));
  const react = await build({
    stdin: {
      contents:
        "import { createElement } from 'react'; import { createRoot } from 'react-dom/client'; globalThis.out = [createElement, createRoot];",
      resolveDir: root,
      loader: 'js',
    },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return {
    upFrontGzipBytes: component.upFront,
    lazyGzipBytes: component.lazy,
    monacoGzipBytes: component.monaco,
    stylesheetGzipBytes: gzipSize(css),
    stylesheetMonacoGzipBytes: gzipSize(foreign.join('')),
    reactGzipBytes: react.outputFiles.reduce((sum, file) => sum + gzipSize(file.contents), 0),
  };
}
