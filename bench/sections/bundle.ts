/**
 * Section 5: gzip size of the playground's initial JavaScript (what `index.html` loads before any
 * interaction: its module script, modulepreload links and stylesheets, and their static imports) and
 * of each lazy chunk; budget: initial ≤ 150 KiB gz.
 *
 * The full run builds its own copy of the playground into a temporary directory (`vite build
 * --outDir <tmp> --sourcemap hidden`, about 20 s), so the figures are those of the current sources
 * whether `dist/playground` is missing, stale or being rewritten by a concurrent `npm run build`. A
 * quick run (part of `npm test`, right after `npm run build`) measures `dist/playground` when it is
 * newer than every file it is built from, and builds its own copy only when it is not.
 * `hidden` source maps leave the JavaScript as shipped (no `sourceMappingURL` line) and tell which
 * modules each chunk holds: that is how chunks are attributed to Monaco, just-bash, QuickJS, ...
 * (Vite names chunks after their entry module, and Worker builds reuse names such as `worker-*.js`, so
 * file names alone are not enough). The budget itself fails the build: `npm run build:playground` runs
 * `bench/bundle-budget.ts` on `dist/playground` after `vite build`.
 *
 * Then what a consumer's own bundle costs per entry (bench/lib/consumer-bundles.ts): core only (budget
 * ≤ 30 KiB gz), core + the embedded backend, the agent entry; and what a host bundles for the
 * `<Playground>` component (bench/lib/component-bundle.ts), Monaco apart.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type BeforeReady, measureBeforeReady } from '../lib/before-ready.ts';
import { PLAYGROUND, upToDate } from '../lib/built.ts';
import {
  builtFiles,
  GZIP_LEVEL,
  INITIAL_BUDGET_BYTES,
  initialFiles,
  kib,
  measureInitial,
  type SizedFile,
  sizeOf,
  viteBuild,
} from '../lib/bundle.ts';
import { buildComponent, type ComponentSize, measureComponent } from '../lib/component-bundle.ts';
import { CONSUMERS, type ConsumerSize, measureConsumer } from '../lib/consumer-bundles.ts';
import { percent, table, verdict } from '../lib/stats.ts';
import type { BenchContext, SectionResult } from './types.ts';

const root = new URL('../..', import.meta.url).pathname;
/** What a consumer importing only `browser-agent-tools/core` may bundle, gzipped. */
const CORE_BUDGET_BYTES = 30 * 1024;

/** Everything the page transfers before `window.playground.ready`, gzipped. */
const READY_BUDGET_BYTES = 250 * 1024;

/** The five largest of `files` (largest first), as `name size` pairs. */
function largest(files: readonly { file: string; gzipBytes: number }[]): string {
  return files
    .slice(0, 5)
    .map((file) => `${posix.basename(file.file)} ${kib(file.gzipBytes)}`)
    .join(', ');
}

/** Components a chunk is attributed to, by the paths of the modules its source map lists. */
const COMPONENTS: readonly { label: string; test: RegExp }[] = [
  {
    label: 'Monaco editor',
    test: /node_modules\/monaco-editor\/|src\/playground\/(?:monaco\/|components\/ScriptEditor\/|hooks\/use-(?:script|json)-editor)/,
  },
  { label: 'just-bash', test: /node_modules\/just-bash\/|src\/workspace\/just-bash\// },
  { label: 'QuickJS (js + wasm)', test: /node_modules\/(?:@jitl\/quickjs-|quickjs-emscripten)/ },
  { label: 'codemode', test: /src\/codemode\// },
  { label: 'WebContainer', test: /node_modules\/@webcontainer\/|src\/workspace\/webcontainer\// },
  { label: 'providers + tokenizer', test: /node_modules\/gpt-tokenizer\/|src\/providers\// },
  {
    label: 'agent + model SDKs',
    test: /node_modules\/(?:@anthropic-ai\/sdk|openai|@modelcontextprotocol\/sdk)\/|src\/agent\/|src\/playground\/components\/AgentPanel\//,
  },
  {
    label: 'built-in tools: lazy helpers (diff, picomatch, ignore, re2js)',
    test: /node_modules\/(?:diff|picomatch|ignore|re2js)\//,
  },
  { label: 'playground: demo catalog + example transcripts', test: /src\/playground\/demo\// },
  {
    label: 'playground: result-channel views',
    test: /src\/playground\/(?:components\/(?:ResultChannels|JsonTree|DiffView)\/|state\/(?:json-view|diff-rows)\.ts)/,
  },
];

/** Files that hold code or what code loads (fonts, wasm); public/ copies such as images are left out. */
const CODE_FILE = /\.(?:m?js|css|wasm|ttf|otf|woff2?)$/;

/** A source path's group for the composition of the entry chunk: `node_modules/<package>` or `src/<dir>`. */
function sourceGroup(source: string): string {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inModules) return inModules[1] as string;
  const inSrc = /(?:^|\/)src\/([^/]+)\//.exec(source);
  return inSrc ? `src/${inSrc[1]}` : source.replace(/^(?:\.\.\/)+/, '');
}

/** Source bytes per source path of a built JavaScript file, from its `.map`; empty without one. */
function sourceBytes(dir: string, file: string): Map<string, number> {
  const bytes = new Map<string, number>();
  const map = join(dir, `${file}.map`);
  if (!existsSync(map)) return bytes;
  const parsed = JSON.parse(readFileSync(map, 'utf8')) as {
    sources?: string[];
    sourcesContent?: (string | null)[];
  };
  (parsed.sources ?? []).forEach((source, i) => {
    bytes.set(source, (bytes.get(source) ?? 0) + (parsed.sourcesContent?.[i]?.length ?? 1));
  });
  return bytes;
}

/** The component holding most of a file's source bytes, or `other (<largest group>)`. */
function componentOf(sources: Map<string, number>): string | undefined {
  if (sources.size === 0) return undefined;
  const totals = new Map<string, number>();
  for (const [source, bytes] of sources) {
    const label = COMPONENTS.find((component) => component.test.test(source))?.label;
    const key = label ?? `other (${sourceGroup(source)})`;
    totals.set(key, (totals.get(key) ?? 0) + bytes);
  }
  return [...totals].sort((a, b) => b[1] - a[1])[0]?.[0];
}

interface Graph {
  /** File → the built files its text names (imports, dynamic imports, Worker and asset URLs, CSS url()). */
  refs: Map<string, Set<string>>;
  /** Files started as Workers (`new Worker(...)` with the file's URL). */
  workers: Set<string>;
}

function referenceGraph(dir: string, files: readonly string[]): Graph {
  const byName = new Map(files.map((file) => [posix.basename(file), file]));
  const refs = new Map<string, Set<string>>();
  const workers = new Set<string>();
  for (const file of files) {
    const targets = new Set<string>();
    refs.set(file, targets);
    if (!/\.(?:m?js|css)$/.test(file)) continue;
    const text = readFileSync(join(dir, file), 'utf8');
    for (const match of text.matchAll(/[\w.-]+\.(?:m?js|css|wasm|ttf|otf|woff2?)\b/g)) {
      const target = byName.get(match[0]);
      if (target !== undefined && target !== file) targets.add(target);
    }
    for (const match of text.matchAll(
      /new\s+(?:Shared)?Worker\(\s*(?:new\s+URL\(\s*)?[`'"]([^`'"]+)[`'"]/g,
    )) {
      const target = byName.get(posix.basename(match[1] ?? ''));
      if (target !== undefined) workers.add(target);
    }
  }
  return { refs, workers };
}

/** Files reachable from `starts` through `refs`, not entering `stop`. */
function reachable(graph: Graph, starts: Iterable<string>, stop: ReadonlySet<string>): Set<string> {
  const seen = new Set<string>();
  const queue = [...starts];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const target of graph.refs.get(file) ?? []) if (!stop.has(target)) queue.push(target);
  }
  return seen;
}

interface LazyFile extends SizedFile {
  component: string;
  realm: 'page' | 'Worker' | 'page + Worker' | 'unreferenced';
  worker: boolean;
}

/** Builds the packaged component into its own temporary directory and measures it; a message on failure. */
async function measureComponentBundle(): Promise<ComponentSize | string> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-component-'));
  try {
    await buildComponent(dir);
    return await measureComponent(dir, builtFiles(dir));
  } catch (error) {
    const detail = error instanceof Error ? ((error as { stderr?: string }).stderr ?? error.message) : '';
    return String(detail || error)
      .trim()
      .slice(0, 2000);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The component's rows: what a host bundles up front, lazily, Monaco's part apart, and React's. */
function componentMarkdown(size: ComponentSize | string): string {
  if (typeof size === 'string') return `Not measured, the component build failed:\n\n\`\`\`\n${size}\n\`\`\``;
  const ownCss = size.stylesheetGzipBytes - size.stylesheetMonacoGzipBytes;
  return [
    "The component as packaged (`vite build -c vite.component.config.ts` into a temporary directory, as `npm run build:component` builds `dist/component`), bundled by esbuild into a host module that imports `Playground`, `createPlaygroundStore` and `createApprovalPrompt` (minified, code splitting, browser platform); the package's own entries come from the sources and React stays external, since the host has its own. Monaco's chunks are told by their source maps; its Workers are separate files, not counted. The stylesheet is `browser-agent-tools/playground/styles.css` as shipped; its Monaco part is the rules that name none of the component's CSS-module classes (Monaco's editor styles and its codicon font, inlined).",
    '',
    table(
      ['what a host bundles', 'gzip'],
      [
        [
          'JavaScript up front (the component and the parts of the package it imports statically)',
          `**${kib(size.upFrontGzipBytes)}**`,
        ],
        [
          "JavaScript lazy, without Monaco (panels and channel views, and what the root entry loads on first use: just-bash for the default workspace, the built-ins' helpers; the entries a host passes loaders for are its own choice)",
          kib(size.lazyGzipBytes),
        ],
        ['JavaScript lazy, Monaco (only when an editor is switched on)', kib(size.monacoGzipBytes)],
        ['stylesheet `playground.css`, total', kib(size.stylesheetGzipBytes)],
        ["… of which Monaco's rules and font", kib(size.stylesheetMonacoGzipBytes)],
        ["… the component's own rules (an estimate: total minus Monaco's, each gzipped alone)", kib(ownCss)],
        ['React + React DOM client, for a host that has no React yet', kib(size.reactGzipBytes)],
      ],
    ),
    '',
    `Without Monaco, a React host adds ${kib(size.upFrontGzipBytes + ownCss)} gz up front (JavaScript and the component's own CSS). Monaco's rules in the stylesheet: ${kib(size.stylesheetMonacoGzipBytes)}; its styles come with its lazy chunk, when an editor is switched on.`,
  ].join('\n');
}

/** Seconds the private build took, or the build's error output (cut short) when it failed. */
async function buildPlayground(outDir: string): Promise<{ seconds: number } | { error: string }> {
  const buildStarted = performance.now();
  try {
    await viteBuild(outDir);
  } catch (error) {
    const detail = error instanceof Error ? ((error as { stderr?: string }).stderr ?? error.message) : '';
    return { error: String(detail).trim().slice(0, 4000) };
  }
  return { seconds: (performance.now() - buildStarted) / 1000 };
}

/** What `index.html` loads up front, with the total sizes. */
type InitialSize = ReturnType<typeof measureInitial>;

/** The build's code files, which of them `index.html` loads, and how the others are reached. */
interface BuildLayout {
  outDir: string;
  /** The initial files, by path. */
  initialSet: Set<string>;
  files: string[];
  graph: Graph;
  /** Files the page loads (from the initial files, not through a Worker entry). */
  inPage: Set<string>;
  /** Files loaded inside a Worker (from the Worker entries). */
  inWorker: Set<string>;
}

function buildLayout(outDir: string, initial: InitialSize): BuildLayout {
  const initialSet = new Set(initial.files.map((file) => file.file));
  const files = builtFiles(outDir).filter((file) => CODE_FILE.test(file));
  const graph = referenceGraph(outDir, files);
  const inPage = reachable(graph, initialSet, graph.workers);
  const inWorker = reachable(graph, graph.workers, new Set());
  return { outDir, initialSet, files, graph, inPage, inWorker };
}

/**
 * The most common component among the lazy files of `candidates` that already have one, named
 * components before `other (...)` ones; undefined when none has one yet.
 */
function majorityComponent(
  candidates: readonly string[],
  component: ReadonlyMap<string, string>,
  initialSet: ReadonlySet<string>,
): string | undefined {
  const labels = candidates
    .filter((other) => !initialSet.has(other))
    .map((other) => component.get(other))
    .filter((label): label is string => label !== undefined);
  const named = labels.filter((label) => !label.startsWith('other'));
  const counts = new Map<string, number>();
  for (const label of named.length > 0 ? named : labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/**
 * The component of each file. By source map; files without one (CSS, wasm, fonts) or with no sources
 * (re-export stubs) take the most common component of the lazy files that name them, else of those they
 * name; repeated until nothing changes, since a file's vote may rest on a neighbour settled in this pass.
 */
function attributeComponents({ outDir, files, graph, initialSet }: BuildLayout): Map<string, string> {
  const component = new Map<string, string>();
  for (const file of files) {
    const found = componentOf(sourceBytes(outDir, file));
    if (found !== undefined) component.set(file, found);
  }
  const vote = (candidates: readonly string[]): string | undefined =>
    majorityComponent(candidates, component, initialSet);
  for (let changed = true; changed; ) {
    changed = false;
    for (const file of files) {
      if (component.has(file) || initialSet.has(file)) continue;
      const parents = files.filter((other) => graph.refs.get(other)?.has(file));
      const found = vote(parents) ?? vote([...(graph.refs.get(file) ?? [])]);
      if (found !== undefined) {
        component.set(file, found);
        changed = true;
      }
    }
  }
  return component;
}

/** Every file `index.html` does not load, sized, with its component and where it runs. */
function lazyFiles(layout: BuildLayout, component: ReadonlyMap<string, string>): LazyFile[] {
  const { outDir, files, graph, initialSet, inPage, inWorker } = layout;
  return files
    .filter((file) => !initialSet.has(file))
    .map((file) => {
      const page = inPage.has(file);
      const worker = inWorker.has(file);
      return {
        ...sizeOf(outDir, file),
        component: component.get(file) ?? `other (${file})`,
        realm: page && worker ? 'page + Worker' : page ? 'page' : worker ? 'Worker' : 'unreferenced',
        worker: graph.workers.has(file),
      };
    });
}

function sum(list: readonly SizedFile[], key: 'bytes' | 'gzipBytes'): number {
  return list.reduce((total, file) => total + file[key], 0);
}

/** File names, largest first, Worker entries marked. */
function chunkNames(list: readonly LazyFile[]): string {
  return [...list]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((file) => `${posix.basename(file.file)}${file.worker ? ' (Worker entry)' : ''}`)
    .join(', ');
}

/** The lazy chunks table: one row per component and realm, largest first. */
function lazyRows(lazy: readonly LazyFile[]): string[][] {
  const groups = new Map<string, LazyFile[]>();
  for (const file of lazy) {
    const key = `${file.component}${file.realm === 'page' ? '' : ` — ${file.realm}`}`;
    groups.set(key, [...(groups.get(key) ?? []), file]);
  }
  return [...groups]
    .sort((a, b) => sum(b[1], 'gzipBytes') - sum(a[1], 'gzipBytes'))
    .map(([key, list]) => [key, chunkNames(list), kib(sum(list, 'bytes')), kib(sum(list, 'gzipBytes'))]);
}

/** What the entry chunk is made of: the eight largest groups' shares of its modules' source bytes, before minification. */
function entryComposition(outDir: string, entry: SizedFile): string {
  const composition = new Map<string, number>();
  for (const [source, bytes] of sourceBytes(outDir, entry.file)) {
    const group = sourceGroup(source);
    composition.set(group, (composition.get(group) ?? 0) + bytes);
  }
  const compositionTotal = [...composition.values()].reduce((a, b) => a + b, 0);
  return [...composition]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([group, bytes]) => `${group} ${percent(bytes / compositionTotal, 0)}`)
    .join(', ');
}

/** Whether `dist/playground` loads the same initial files as the private build, i.e. whether it is current. */
function distNote(initialSet: ReadonlySet<string>): string {
  const distIndex = join(root, 'dist/playground/index.html');
  if (!existsSync(distIndex)) return '`dist/playground` does not exist.';
  try {
    const same =
      JSON.stringify(initialFiles(join(root, 'dist/playground'))) === JSON.stringify([...initialSet]);
    return same
      ? '`dist/playground` loads the same initial files (same content hashes): it is current.'
      : '`dist/playground` loads other initial files (other content hashes): it was built from other sources, or is being rebuilt.';
  } catch (error) {
    return `\`dist/playground\` could not be read (${error instanceof Error ? error.message : String(error)}).`;
  }
}

/** Each consumer bundle, one after another in the order of `CONSUMERS` (core only first). */
async function measureConsumers(): Promise<ConsumerSize[]> {
  const consumers: ConsumerSize[] = [];
  for (const consumer of CONSUMERS) consumers.push(await measureConsumer(consumer));
  return consumers;
}

/** Everything the section measured on the playground's build, for {@link bundleMarkdown}. */
interface BundleMeasurements {
  /** Which build was measured, and how it relates to `dist/playground`: the sentence the table starts with. */
  origin: string;
  initial: InitialSize;
  /** The initial files at zlib's default level 6, for comparison with other tools' figures. */
  initialDefaultLevel: number;
  /** The entry chunk and its composition; undefined when `index.html` loads no JavaScript. */
  entry: { file: SizedFile; composition: string } | undefined;
  lazy: LazyFile[];
  consumers: ConsumerSize[];
  playgroundComponent: ComponentSize | string;
  /** What the page transfers before `ready`, or why it was not measured. */
  beforeReady: BeforeReady | string;
}

/** Measures the build in `outDir`: initial files, lazy chunks, consumer bundles, the component, before-ready. */
async function measureBundle(
  outDir: string,
  origin: (initialSet: ReadonlySet<string>) => string,
): Promise<BundleMeasurements> {
  const initial = measureInitial(outDir);
  const layout = buildLayout(outDir, initial);
  const lazy = lazyFiles(layout, attributeComponents(layout));
  const entryFile = initial.files.find((file) => /\.m?js$/.test(file.file));
  const entry = entryFile && { file: entryFile, composition: entryComposition(outDir, entryFile) };
  const initialDefaultLevel = initial.files.reduce(
    (total, file) => total + gzipSync(readFileSync(join(outDir, file.file))).length,
    0,
  );
  const consumers = await measureConsumers();
  const playgroundComponent = await measureComponentBundle();
  const beforeReady = await measureBeforeReady(root, outDir).catch((error: unknown) =>
    error instanceof Error ? error.message : String(error),
  );
  return {
    origin: origin(layout.initialSet),
    initial,
    initialDefaultLevel,
    entry,
    lazy,
    consumers,
    playgroundComponent,
    beforeReady,
  };
}

interface BundleTargets {
  /** The core-only consumer's up-front gzip bytes (infinite when it was not measured). */
  coreOnly: number;
  coreMet: boolean;
  /** The playground's initial files within their budget. */
  initialMet: boolean;
  readyMet: boolean;
}

function judgeTargets({ initial, consumers, beforeReady }: BundleMeasurements): BundleTargets {
  // CONSUMERS lists the core-only consumer first.
  const coreOnly = consumers[0]?.initialGzipBytes ?? Number.POSITIVE_INFINITY;
  const coreMet = coreOnly <= CORE_BUDGET_BYTES;
  const initialMet = initial.gzipBytes <= INITIAL_BUDGET_BYTES;
  const readyMet = typeof beforeReady !== 'string' && beforeReady.gzipBytes <= READY_BUDGET_BYTES;
  return { coreOnly, coreMet, initialMet, readyMet };
}

/** The initial files table, the budget line and the entry chunk's composition. */
function initialMarkdown(measured: BundleMeasurements, targets: BundleTargets): string {
  const { initial, entry } = measured;
  const initialJs = initial.files.filter((file) => /\.m?js$/.test(file.file));
  return [
    '### Initial: what index.html loads before any interaction',
    '',
    table(
      ['file', 'raw', 'gzip'],
      [
        ...initial.files.map((file) => [file.file, kib(file.bytes), kib(file.gzipBytes)]),
        ['**total**', kib(initial.bytes), `**${kib(initial.gzipBytes)}**`],
      ],
    ),
    '',
    `Budget ${kib(INITIAL_BUDGET_BYTES)} gz: ${kib(Math.abs(INITIAL_BUDGET_BYTES - initial.gzipBytes))} ${targets.initialMet ? 'left' : 'over'} (${percent(initial.gzipBytes / INITIAL_BUDGET_BYTES)} of the budget). At zlib's default level 6 the same files are ${kib(measured.initialDefaultLevel)}. ${initialJs.length} JavaScript file(s) and ${initial.files.length - initialJs.length} stylesheet(s).`,
    '',
    entry
      ? `The entry chunk ${posix.basename(entry.file.file)} by module source bytes (before minification): ${entry.composition}.`
      : '',
  ].join('\n');
}

/** The lazy chunks table and the note on which of them start-up still imports. */
function lazyMarkdown(lazy: readonly LazyFile[]): string {
  return [
    '### Lazy chunks, by what they hold',
    '',
    table(['part', 'files', 'raw', 'gzip'], lazyRows(lazy)),
    '',
    `Lazy total: ${kib(sum(lazy, 'gzipBytes'))} gz in ${lazy.length} files. "Lazy" is by the definition above (not loaded by index.html itself); the playground's start-up code still imports some of them right after the first paint, without any interaction: \`prepare()\` in \`src/playground/state/playground.ts\` loads the demo catalog and codemode (which \`window.playground.ready\` waits for); once the page is ready and idle, \`start()\` boots the just-bash Worker through its lazily loaded page side (\`src/playground/embedded-worker.ts\`), and the providers entry (the tokenizer) loads once that Worker is up; the result panel fetches the result-channel views after its first render.`,
  ].join('\n');
}

function beforeReadyMarkdown(beforeReady: BeforeReady | string): string {
  return [
    '### Everything transferred before `window.playground.ready`',
    '',
    typeof beforeReady === 'string'
      ? `Not measured: ${beforeReady}`
      : `Measured in Chromium against \`vite preview\` of the same build: every request made from navigation until \`ready\` resolves (the entry, the lazy chunks start-up imports), each body gzipped at level ${GZIP_LEVEL}. \`ready\` means interactive (catalog, declarations, composer); the workspace, the shell's Worker, starts once the page is idle after it (a call made before it is up waits for it), and the tokenizer loads once the Worker is up. Total **${kib(beforeReady.gzipBytes)}** gz in ${beforeReady.files.length} files; the largest: ${largest(beforeReady.files)}. Then, until the workspace is up (the backend status reads ready): ${kib(beforeReady.untilWorkspace.gzipBytes)} gz more in ${beforeReady.untilWorkspace.files.length} files (${largest(beforeReady.untilWorkspace.files)}), so a first call can run after ${kib(beforeReady.gzipBytes + beforeReady.untilWorkspace.gzipBytes)} gz.`,
  ].join('\n');
}

function targetsMarkdown(measured: BundleMeasurements, targets: BundleTargets): string {
  const { beforeReady, initial } = measured;
  return [
    'Targets:',
    '',
    `- everything before ready ≤ ${kib(READY_BUDGET_BYTES)} gz (got ${typeof beforeReady === 'string' ? 'not measured' : kib(beforeReady.gzipBytes)}): ${verdict(targets.readyMet)}`,
    `- initial ≤ ${kib(INITIAL_BUDGET_BYTES)} gz (got ${kib(initial.gzipBytes)}): ${verdict(targets.initialMet)}`,
    `- a consumer importing only \`browser-agent-tools/core\` bundles ≤ ${kib(CORE_BUDGET_BYTES)} gz (got ${kib(targets.coreOnly)}): ${verdict(targets.coreMet)}`,
    '- the build fails above the budget: `npm run build:playground` is `vite build && tsx bench/bundle-budget.ts`, which exits 1 with the size, the budget and the largest initial files (tested in `tests/bench/bundle-size.test.ts`).',
  ].join('\n');
}

function consumersMarkdown(consumers: readonly ConsumerSize[]): string {
  return [
    '### Consumer bundles, per entry',
    '',
    'esbuild bundles a one-line consumer of each entry from the sources (minified, code splitting, browser platform; Workers are separate files and not counted). "Up front" is the entry chunk and its static imports; "with lazy chunks" adds what loads on first use (the tokenizer and the model SDKs for the agent entry, the built-ins\' helpers, just-bash for the in-page backend).',
    '',
    table(
      ['consumer', 'up front (gz)', 'with lazy chunks (gz)'],
      consumers.map((size) => [size.label, kib(size.initialGzipBytes), kib(size.totalGzipBytes)]),
    ),
  ].join('\n');
}

/** The section's Markdown, in the order the reader needs it: initial, lazy, before ready, targets, consumers, component. */
function bundleMarkdown(measured: BundleMeasurements, targets: BundleTargets): string {
  return [
    `${measured.origin} Sizes: raw bytes and node zlib gzip at level ${GZIP_LEVEL} (the level of Vite's own \`gzip:\` column), KiB = 1024 bytes. Chunks are attributed by the modules their source maps list; a Worker entry is a file started with \`new Worker(...)\`; "Worker" rows are loaded inside a Worker, not by the page.`,
    '',
    initialMarkdown(measured, targets),
    '',
    lazyMarkdown(measured.lazy),
    '',
    beforeReadyMarkdown(measured.beforeReady),
    '',
    targetsMarkdown(measured, targets),
    '',
    consumersMarkdown(measured.consumers),
    '',
    '### The `<Playground>` component in a host app',
    '',
    componentMarkdown(measured.playgroundComponent),
    '',
  ].join('\n');
}

/**
 * Section 5: builds the playground privately, measures it, and removes the build whatever happens; a
 * quick run measures a current `dist/playground` instead.
 */
export async function runBundle(context: BenchContext): Promise<SectionResult> {
  const title = '5. Bundle';
  // A quick run (`npm test`'s) measures the build `npm run build` just made, when it is current: the
  // same files, without the source maps that only attribute chunks to components.
  if (context.quick && upToDate(PLAYGROUND, [`${PLAYGROUND.output}/index.html`])) {
    return measuredSection(title, join(root, PLAYGROUND.output), () => REUSED_BUILD);
  }
  const outDir = mkdtempSync(join(tmpdir(), 'bench-playground-'));
  try {
    const build = await buildPlayground(outDir);
    if ('error' in build) {
      return {
        title,
        markdown: `The playground build failed, so nothing was measured:\n\n\`\`\`\n${build.error}\n\`\`\``,
        targetsMet: false,
      };
    }
    // Awaited here, so that the build is removed only once it has been measured.
    return await measuredSection(
      title,
      outDir,
      (initialSet) =>
        `A private build of the current sources (\`vite build --sourcemap hidden\` into a temporary directory, ${build.seconds.toFixed(1)} s; ${distNote(initialSet)}).`,
    );
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

const REUSED_BUILD =
  'Quick run: `dist/playground` as `npm run build` left it, newer than every file it is built from. It has no source maps, so no chunk is attributed to a component: the full run makes a private build with them.';

async function measuredSection(
  title: string,
  outDir: string,
  origin: (initialSet: ReadonlySet<string>) => string,
): Promise<SectionResult> {
  const measured = await measureBundle(outDir, origin);
  const targets = judgeTargets(measured);
  return {
    title,
    markdown: bundleMarkdown(measured, targets),
    targetsMet: targets.initialMet && targets.coreMet && targets.readyMet,
  };
}
