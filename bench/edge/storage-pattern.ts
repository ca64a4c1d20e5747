/**
 * What one call costs in a Durable Object session that holds many files: the ready-made worker in
 * Miniflare with SQLite-backed session objects, one session left empty and one holding 12 MiB (four
 * 3 MiB files), the same small calls made in both, interleaved round by round. When a save stores
 * what the call changed, the full session's calls cost about what the empty one's do.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Miniflare } from 'miniflare';

const ROOT = resolve(import.meta.dirname, '../..');

/** The calls timed in both sessions, by what they change. */
export const STORAGE_CALLS: readonly [string, string][] = [
  ['bash `echo hi` (changes nothing)', 'echo hi'],
  ['bash `echo hi > f.txt` (changes one file)', 'echo hi > f.txt'],
];

export interface StorageTimes {
  /** Per call of {@link STORAGE_CALLS}: milliseconds in the empty session and in the 12 MiB one. */
  empty: number[][];
  full: number[][];
}

function readyMadeWorker(): string {
  const dir = mkdtempSync(join(tmpdir(), 'edge-storage-'));
  try {
    const out = join(dir, 'worker.js');
    execFileSync('npm', ['run', '--silent', 'build:edge', '--', `--outfile=${out}`], {
      cwd: ROOT,
      stdio: 'pipe',
    });
    return readFileSync(out, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function connect(endpoint: URL): Promise<Client> {
  const client = new Client({ name: 'storage-bench', version: '1.0.0' });
  client.onerror = () => {};
  await client.connect(new StreamableHTTPClientTransport(endpoint));
  return client;
}

async function bash(client: Client, command: string): Promise<number> {
  const started = performance.now();
  const answer = await client.callTool({ name: 'bash', arguments: { command } });
  if (answer.isError)
    throw new Error(`bash ${command} failed: ${JSON.stringify(answer.content).slice(0, 300)}`);
  return performance.now() - started;
}

/** Fills `client`'s workspace with four files of 3 MiB, one call each (a call's output is capped at 10 MiB). */
async function fill(client: Client): Promise<void> {
  const make = `awk 'BEGIN { s = "x"; while (length(s) < 3145728) s = s s; printf "%s", substr(s, 1, 3145728) }'`;
  for (const name of ['a', 'b', 'c', 'd']) await bash(client, `mkdir -p big && ${make} > big/${name}.txt`);
}

/** Times each call of {@link STORAGE_CALLS} `rounds` times in an empty and in a 12 MiB session. */
export async function measureStoragePattern(rounds: number): Promise<StorageTimes> {
  const persist = mkdtempSync(join(tmpdir(), 'edge-storage-do-'));
  const miniflare = new Miniflare({
    modules: true,
    script: readyMadeWorker(),
    compatibilityDate: '2026-04-01',
    durableObjects: { MCP_SESSIONS: { className: 'McpSessionObject', useSQLite: true } },
    durableObjectsPersist: persist,
  });
  try {
    const endpoint = new URL('/mcp', await miniflare.ready);
    const empty = await connect(endpoint);
    const full = await connect(endpoint);
    await fill(full);
    const times: StorageTimes = { empty: STORAGE_CALLS.map(() => []), full: STORAGE_CALLS.map(() => []) };
    for (let round = 0; round < rounds; round += 1) {
      for (const [index, [, command]] of STORAGE_CALLS.entries()) {
        times.empty[index]?.push(await bash(empty, command));
        times.full[index]?.push(await bash(full, command));
      }
    }
    await Promise.all([empty.close(), full.close()]);
    return times;
  } finally {
    await miniflare.dispose();
    rmSync(persist, { recursive: true, force: true });
  }
}
