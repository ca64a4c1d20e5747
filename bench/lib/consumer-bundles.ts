/**
 * What a consumer's bundle costs per entry: esbuild bundles a one-line consumer module against the
 * package's sources (minified, code splitting on, browser platform) and reports the gzip size of what
 * loads up front (the entry chunk and its static imports) and of everything including lazy chunks.
 */
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { GZIP_LEVEL } from './bundle.ts';

const root = new URL('../..', import.meta.url).pathname;

/** One consumer: a label and the module source it bundles (imports are relative to the repo root). */
export interface Consumer {
  label: string;
  source: string;
}

export interface ConsumerSize {
  label: string;
  /** Gzip bytes of the entry chunk and every chunk it imports statically. */
  initialGzipBytes: number;
  /** Gzip bytes of all JavaScript chunks, lazy ones included. */
  totalGzipBytes: number;
}

/** The consumers section 5 measures. */
export const CONSUMERS: readonly Consumer[] = [
  {
    label: 'core only (`browser-agent-tools/core`: createCoreSuite)',
    source: "import { createCoreSuite } from './src/core/entry.ts'; globalThis.out = createCoreSuite;",
  },
  {
    label: 'core + embedded backend (createToolSuite + createJustBashWorkerWorkspace)',
    source:
      "import { createToolSuite } from './src/index.ts'; import { createJustBashWorkerWorkspace } from './src/workspace/just-bash/index.ts'; globalThis.out = [createToolSuite, createJustBashWorkerWorkspace];",
  },
  {
    label: 'agent entry (`browser-agent-tools/agent`: runAgentLoop + both model adapters)',
    source:
      "import { runAgentLoop, createOpenAICompatibleModel, createAnthropicModel } from './src/agent/index.ts'; globalThis.out = [runAgentLoop, createOpenAICompatibleModel, createAnthropicModel];",
  },
];

/** Bundles one consumer and measures it. */
export async function measureConsumer(consumer: Consumer): Promise<ConsumerSize> {
  const result = await build({
    stdin: { contents: consumer.source, resolveDir: root, loader: 'ts', sourcefile: 'consumer.ts' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    absWorkingDir: root,
    outdir: join(root, 'consumer-bundle'),
    write: false,
    metafile: true,
    logLevel: 'silent',
    alias: { 'node:zlib': './src/workspace/just-bash/node-zlib-stand-in.ts' },
  });
  const gzipOf = new Map(
    result.outputFiles.map((file) => [file.path, gzipSync(file.contents, { level: GZIP_LEVEL }).length]),
  );
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((path) => outputs[path]?.entryPoint !== undefined);
  const initial = new Set<string>();
  const pending = entry === undefined ? [] : [entry];
  while (pending.length > 0) {
    const path = pending.pop() as string;
    if (initial.has(path)) continue;
    initial.add(path);
    for (const item of outputs[path]?.imports ?? [])
      if (item.kind === 'import-statement') pending.push(item.path);
  }
  const bytesOf = (path: string): number => gzipOf.get(resolve(root, path)) ?? 0;
  const js = Object.keys(outputs).filter((path) => path.endsWith('.js'));
  return {
    label: consumer.label,
    initialGzipBytes: [...initial].reduce((total, path) => total + bytesOf(path), 0),
    totalGzipBytes: js.reduce((total, path) => total + bytesOf(path), 0),
  };
}
