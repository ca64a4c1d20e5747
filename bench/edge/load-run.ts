/**
 * One run of the edge load benchmark: a server started fresh (the SDK's Node server in its own
 * process, or the load worker in Miniflare with sessions in the isolate or in Durable Objects), then
 * `sessions` MCP SDK clients at once over loopback, each making `calls` mixed calls; per-call latency,
 * failures, wall time and the server's resident memory after the load.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Miniflare } from 'miniflare';

const ROOT = resolve(import.meta.dirname, '../..');
/** One run must finish within this, or it fails instead of hanging. */
const RUN_TIMEOUT_MS = 240_000;

export type ServerKind = 'sdk-node' | 'workerd-isolate' | 'workerd-objects';

export interface RunResult {
  latencies: number[];
  calls: number;
  failed: number;
  seconds: number;
  rssMiB: number;
  /** The first few distinct failures, as the client saw them. */
  failures: string[];
}

/** Bundles bench/edge/load-worker.ts as build:edge bundles the ready-made worker. */
export function bundleLoadWorker(): string {
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

/** Resident memory of `pid`, or of this process's workerd children when `pid` is undefined, in MiB. */
function rssMiB(pid: number | undefined): number {
  let kib = 0;
  try {
    for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const status = readFileSync(`/proc/${entry}/status`, 'utf8');
        const parent = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
        const wanted =
          pid === undefined
            ? /^Name:\s+workerd/m.test(status) && parent === process.pid
            : Number(entry) === pid;
        if (wanted) kib += Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      } catch {
        // A process that ended meanwhile.
      }
    }
  } catch {
    return 0;
  }
  return kib / 1024;
}

/** A started server: its endpoint, the process whose memory counts, and how to stop it. */
interface Started {
  endpoint: URL;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** The SDK's Node server in its own process, as workerd is in its own. */
async function startSdkNode(): Promise<Started> {
  const child: ChildProcess = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['bench/edge/sdk-node-server.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((done, fail) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const match = /listening (\d+)/.exec(text);
      if (match) done(Number(match[1]));
    });
    child.on('exit', (code) => fail(new Error(`the SDK Node server exited with ${code}`)));
  });
  // tsx runs the server in a child of its own: that process holds the sessions.
  const serverPid = Number(
    execFileSync('pgrep', ['-P', String(child.pid)])
      .toString()
      .trim()
      .split('\n')[0],
  );
  return {
    endpoint: new URL(`http://127.0.0.1:${port}/mcp`),
    pid: Number.isFinite(serverPid) && serverPid > 0 ? serverPid : child.pid,
    stop: async () => {
      child.kill('SIGTERM');
    },
  };
}

async function startWorkerd(source: string, objects: boolean): Promise<Started> {
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
  return {
    endpoint: new URL('/mcp', await miniflare.ready),
    pid: undefined,
    stop: async () => {
      await miniflare.dispose();
      if (persist) rmSync(persist, { recursive: true, force: true });
    },
  };
}

/** The calls each session makes, in turn: write, read, bash, grep, tool_search, the tool it activates. */
function plan(index: number): [string, Record<string, unknown>][] {
  return [
    ['write', { path: `notes/${index}.txt`, content: `session ${index}\n`.repeat(50) }],
    ['read', { path: `notes/${index}.txt`, limit: 5 }],
    ['bash', { command: 'ls notes | wc -l' }],
    ['grep', { pattern: 'session', path: 'notes' }],
    ['tool_search', { query: 'sha-256 digest', limit: 1 }],
    ['hash_text', { text: `call ${index}` }],
  ];
}

/** Keeps the first five distinct failures, so a report says what failed. */
function noteFailure(result: RunResult, failure: string): void {
  if (result.failures.length < 5 && !result.failures.includes(failure)) result.failures.push(failure);
}

/** One session's calls; a session that cannot connect counts all its calls as failed. */
async function sessionLoad(endpoint: URL, index: number, calls: number, result: RunResult): Promise<void> {
  const client = new Client({ name: `load-${index}`, version: '1.0.0' });
  client.onerror = () => {};
  try {
    await client.connect(new StreamableHTTPClientTransport(endpoint));
  } catch (error) {
    result.failed += calls;
    result.calls += calls;
    noteFailure(result, `connect: ${String(error)} (${String((error as { cause?: unknown }).cause)})`);
    return;
  }
  const steps = plan(index);
  for (let call = 0; call < calls; call += 1) {
    const [name, args] = steps[call % steps.length] as [string, Record<string, unknown>];
    const started = performance.now();
    try {
      const answer = await client.callTool({ name, arguments: args });
      if (answer.isError) {
        result.failed += 1;
        noteFailure(result, `${name}: ${JSON.stringify(answer.content).slice(0, 300)}`);
      }
    } catch (error) {
      result.failed += 1;
      noteFailure(
        result,
        `${name}: ${String(error).slice(0, 300)} (${String((error as { cause?: unknown }).cause)})`,
      );
    }
    result.calls += 1;
    result.latencies.push(performance.now() - started);
  }
  const transport = client.transport;
  if (transport instanceof StreamableHTTPClientTransport)
    await transport.terminateSession().catch(() => undefined);
  await client.close();
}

/** Starts `kind`, loads it with `sessions` × `calls`, stops it. */
export async function runLoad(
  kind: ServerKind,
  source: string,
  sessions: number,
  calls: number,
): Promise<RunResult> {
  const server =
    kind === 'sdk-node' ? await startSdkNode() : await startWorkerd(source, kind === 'workerd-objects');
  const result: RunResult = { latencies: [], calls: 0, failed: 0, seconds: 0, rssMiB: 0, failures: [] };
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const started = performance.now();
    const load = Promise.all(
      Array.from({ length: sessions }, (_, index) => sessionLoad(server.endpoint, index, calls, result)),
    );
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the load did not finish within ${RUN_TIMEOUT_MS / 1000} s`)),
        RUN_TIMEOUT_MS,
      );
    });
    await Promise.race([load, timeout]);
    result.seconds = (performance.now() - started) / 1000;
    result.rssMiB = rssMiB(server.pid);
    return result;
  } finally {
    clearTimeout(timer);
    await server.stop();
  }
}
