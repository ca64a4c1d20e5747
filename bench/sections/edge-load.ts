/**
 * Section 8: MCP sessions under load at the edge. 50 concurrent sessions (8 in a quick run), each a
 * real MCP SDK client over loopback, make mixed calls (write, read, bash, grep, tool_search and the
 * tool it activates) against the same worker in Miniflare, once with sessions in the isolate's memory
 * and once with each session in its own SQLite-backed Durable Object. Reports per-call latency (p50,
 * p95) and the resident memory of the workerd processes after the run, and the Durable Object mode as a
 * ratio of the in-isolate mode, measured in the same run.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Miniflare } from 'miniflare';
import { fixed, median, p95, ratio, table, verdict } from '../lib/stats.ts';
import type { BenchContext, SectionResult } from './types.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** The whole load of one mode must finish within this, or the section fails instead of hanging. */
const MODE_TIMEOUT_MS = 120_000;

interface ModeResult {
  latencies: number[];
  errors: number;
  rssMiB: number;
  seconds: number;
}

/** Bundles bench/edge/load-worker.ts as build:edge bundles the ready-made worker. */
function bundle(): string {
  const out = join(mkdtempSync(join(tmpdir(), 'edge-load-')), 'worker.js');
  execFileSync(
    'npx',
    [
      'esbuild',
      'bench/edge/load-worker.ts',
      '--bundle',
      '--format=esm',
      '--platform=browser',
      '--target=es2022',
      '--conditions=workerd,worker',
      '--alias:node:zlib=./src/workspace/just-bash/node-zlib-stand-in.ts',
      '--minify',
      '--log-level=warning',
      `--outfile=${out}`,
    ],
    { cwd: ROOT, stdio: 'pipe' },
  );
  return readFileSync(out, 'utf8');
}

/** Resident memory of this process's workerd children, in MiB (Linux /proc; 0 elsewhere). */
function workerdRssMiB(): number {
  let kib = 0;
  try {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        const parent = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
        if (!/^Name:\s+workerd/m.test(status) || parent !== process.pid) continue;
        kib += Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      } catch {
        // A process that ended meanwhile.
      }
    }
  } catch {
    return 0;
  }
  return kib / 1024;
}

/** One session's mixed calls; returns each call's milliseconds, and counts failures. */
async function sessionLoad(
  endpoint: URL,
  index: number,
  calls: number,
  errors: { count: number },
): Promise<number[]> {
  const client = new Client({ name: `load-${index}`, version: '1.0.0' });
  client.onerror = () => {};
  await client.connect(new StreamableHTTPClientTransport(endpoint));
  const plan: [string, Record<string, unknown>][] = [
    ['write', { path: `notes/${index}.txt`, content: `session ${index}\n`.repeat(50) }],
    ['read', { path: `notes/${index}.txt`, limit: 5 }],
    ['bash', { command: 'ls notes | wc -l' }],
    ['grep', { pattern: 'session', path: 'notes' }],
    ['tool_search', { query: 'sha-256 digest', limit: 1 }],
    ['hash_text', { text: `call ${index}` }],
  ];
  const latencies: number[] = [];
  for (let call = 0; call < calls; call += 1) {
    const [name, args] = plan[call % plan.length] as [string, Record<string, unknown>];
    const started = performance.now();
    try {
      const result = await client.callTool({ name, arguments: args });
      if (result.isError) errors.count += 1;
    } catch {
      errors.count += 1;
    }
    latencies.push(performance.now() - started);
  }
  const transport = client.transport;
  if (transport instanceof StreamableHTTPClientTransport)
    await transport.terminateSession().catch(() => undefined);
  await client.close();
  return latencies;
}

async function runMode(
  source: string,
  objects: boolean,
  sessions: number,
  calls: number,
): Promise<ModeResult> {
  const persist = objects ? mkdtempSync(join(tmpdir(), 'edge-load-do-')) : undefined;
  const miniflare = new Miniflare({
    modules: true,
    script: source,
    compatibilityDate: '2026-04-01',
    ...(objects
      ? {
          durableObjects: { MCP_SESSIONS: { className: 'McpSessionObject', useSQLite: true } },
          durableObjectsPersist: persist,
        }
      : {}),
  });
  try {
    const endpoint = new URL('/mcp', await miniflare.ready);
    const errors = { count: 0 };
    const started = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = Promise.all(
      Array.from({ length: sessions }, (_, index) => sessionLoad(endpoint, index, calls, errors)),
    );
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the load did not finish within ${MODE_TIMEOUT_MS / 1000} s`)),
        MODE_TIMEOUT_MS,
      );
    });
    const perSession = await Promise.race([load, timeout]).finally(() => clearTimeout(timer));
    return {
      latencies: perSession.flat(),
      errors: errors.count,
      rssMiB: workerdRssMiB(),
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await miniflare.dispose();
    if (persist) rmSync(persist, { recursive: true, force: true });
  }
}

export async function runEdgeLoad(context: BenchContext): Promise<SectionResult> {
  const sessions = context.quick ? 8 : 50;
  const calls = context.quick ? 6 : 12;
  const source = bundle();
  const isolate = await runMode(source, false, sessions, calls);
  const objects = await runMode(source, true, sessions, calls);
  const row = (name: string, result: ModeResult): string[] => [
    name,
    String(result.latencies.length),
    String(result.errors),
    fixed(median(result.latencies), 1),
    fixed(p95(result.latencies), 1),
    result.rssMiB === 0 ? 'n/a' : fixed(result.rssMiB, 0),
    fixed(result.seconds, 1),
  ];
  const met = isolate.errors === 0 && objects.errors === 0;
  const markdown = [
    `${sessions} concurrent MCP sessions, ${calls} mixed calls each (write, read, bash, grep, tool_search, the tool it activates), SDK clients over loopback against Miniflare (workerd).`,
    '',
    table(
      ['mode', 'calls', 'failed', 'p50 ms', 'p95 ms', 'workerd RSS MiB', 'wall s'],
      [
        row('in-isolate sessions', isolate),
        row('Durable Object sessions', objects),
        [
          'ratio DO / in-isolate',
          '',
          '',
          ratio(median(objects.latencies), median(isolate.latencies)),
          ratio(p95(objects.latencies), p95(isolate.latencies)),
          isolate.rssMiB === 0 ? 'n/a' : ratio(objects.rssMiB, isolate.rssMiB),
          ratio(objects.seconds, isolate.seconds),
        ],
      ],
    ),
    '',
    `- Every call succeeds in both modes: ${verdict(met)}`,
    "- Miniflare runs every Durable Object in one local workerd process, and stores to local SQLite files: the ratio is the cost of routing and storing each call, not of Cloudflare's network.",
  ].join('\n');
  return { title: '8. Edge sessions under load (in-isolate vs Durable Objects)', markdown, targetsMet: met };
}
