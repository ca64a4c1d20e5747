/**
 * Section 8: MCP sessions under load at the edge, beside the anchor. The same suite (bench/edge/
 * load-suite.ts) served three ways, interleaved level by level in one run: by the MCP SDK's own Node
 * server (`StreamableHTTPServerTransport` over node:http, in its own process), and by this package's
 * handler in workerd (Miniflare) with sessions in the isolate and in Durable Objects. At 20, 50 and 100
 * concurrent sessions (8 in a quick run), each a real MCP SDK client over loopback making mixed calls:
 * throughput as a ratio of the SDK server's at the same level, p50/p95/p99 latency, failed calls, and
 * the server's resident memory. Then what a small call costs in a Durable Object session holding
 * 12 MiB against an empty one, and the request pattern of the Durable Object session counter.
 */
import { measureCounterPattern } from '../edge/counter-pattern.ts';
import { bundleLoadWorker, type RunResult, runLoad, type ServerKind } from '../edge/load-run.ts';
import { measureStoragePattern, STORAGE_CALLS } from '../edge/storage-pattern.ts';
import { fixed, median, quantile, ratio, table, verdict } from '../lib/stats.ts';
import type { BenchContext, SectionResult } from './types.ts';

const SERVERS: readonly [ServerKind, string][] = [
  ['sdk-node', 'MCP SDK Node server (baseline)'],
  ['workerd-isolate', 'this handler, in-isolate (workerd)'],
  ['workerd-objects', 'this handler, Durable Objects (workerd)'],
];

interface Level {
  sessions: number;
  results: Map<ServerKind, RunResult>;
}

const throughput = (result: RunResult) => result.calls / result.seconds;

function levelRows(level: Level): string[][] {
  const base = level.results.get('sdk-node');
  return SERVERS.map(([kind, name]) => {
    const result = level.results.get(kind) as RunResult;
    return [
      String(level.sessions),
      name,
      String(result.calls),
      String(result.failed),
      fixed(throughput(result), 1),
      base === undefined ? '' : ratio(throughput(result), throughput(base), 2),
      fixed(median(result.latencies), 0),
      fixed(quantile(result.latencies, 0.95), 0),
      fixed(quantile(result.latencies, 0.99), 0),
      result.rssMiB === 0 ? 'n/a' : fixed(result.rssMiB, 0),
    ];
  });
}

/** What the failed calls of each run said, so the report shows where they came from. */
function failureLines(measured: readonly Level[]): string[] {
  return measured.flatMap((level) =>
    SERVERS.flatMap(([kind, name]) => {
      const result = level.results.get(kind) as RunResult;
      if (result.failed === 0) return [];
      return [
        `- Failures of ${name} at ${level.sessions} sessions, first distinct ones: ${result.failures.map((failure) => `\`${failure}\``).join('; ')}`,
      ];
    }),
  );
}

/** The counter's pattern as Markdown, with the per-shard rate at a steady 100k sessions. */
async function counterSection(sessions: number): Promise<string> {
  const pattern = await measureCounterPattern(sessions);
  const total = pattern.perShard.reduce((sum, count) => sum + count, 0);
  const mean = total / pattern.shards;
  const most = Math.max(...pattern.perShard);
  // 100k sessions held steadily, each living at least the 15-minute idle timeout.
  const perShardPerSecond = ((2 * 100_000) / 900 / pattern.shards) * (most / mean);
  return [
    `Session counter (Durable Object mode with a cap): ${sessions.toLocaleString('en')} sessions opened through the router against a recording namespace, then ended (each object tells its shard).`,
    '',
    table(
      [
        'sessions',
        'shards',
        'shard requests',
        'per shard (mean)',
        'per shard (most)',
        'most / mean',
        'to a session object',
      ],
      [
        [
          String(sessions),
          String(pattern.shards),
          String(total),
          fixed(mean, 0),
          String(most),
          fixed(most / mean, 2),
          String(pattern.toSessions),
        ],
      ],
    ),
    '',
    `- Each session costs its shard ${fixed(total / sessions, 2)} requests in its life (count, release), however many calls it makes. At 100k steady sessions (a new one every 9 ms, lives ≥ 15 min): ${fixed(perShardPerSecond, 1)} requests/s on the busiest shard, against about 1,000/s one object serves; the single registry it replaced took ≥ 1,667/s.`,
  ].join('\n');
}

/** Target: a small call in a session holding 12 MiB costs at most this much more than in an empty one. */
const STORAGE_RATIO_TARGET = 1.5;

/** The small calls in an empty and a 12 MiB session, as Markdown, and whether each is within target. */
async function storageSection(rounds: number): Promise<{ markdown: string; met: boolean }> {
  const times = await measureStoragePattern(rounds);
  const rows = STORAGE_CALLS.map(([name], index) => {
    const empty = median(times.empty[index] ?? []);
    const full = median(times.full[index] ?? []);
    return { name, empty, full, met: full <= STORAGE_RATIO_TARGET * empty };
  });
  const met = rows.every((row) => row.met);
  const markdown = [
    `Storage that follows the change (Durable Object mode, the ready-made worker): the same bash call in an empty session and in one holding 12 MiB (four 3 MiB files), interleaved, ${rounds} rounds, medians.`,
    '',
    table(
      ['call', 'empty session ms', '12 MiB session ms', '12 MiB / empty'],
      rows.map((row) => [row.name, fixed(row.empty, 1), fixed(row.full, 1), ratio(row.full, row.empty, 2)]),
    ),
    '',
    `- Each call in the 12 MiB session within ${STORAGE_RATIO_TARGET}× of the empty one: ${verdict(met)}`,
  ].join('\n');
  return { markdown, met };
}

export async function runEdgeLoad(context: BenchContext): Promise<SectionResult> {
  const levels = context.quick ? [8] : [20, 50, 100];
  const calls = context.quick ? 6 : 12;
  const source = bundleLoadWorker();
  const measured: Level[] = [];
  for (const sessions of levels) {
    const results = new Map<ServerKind, RunResult>();
    for (const [kind] of SERVERS) results.set(kind, await runLoad(kind, source, sessions, calls));
    measured.push({ sessions, results });
  }
  const isolate = (level: Level) => level.results.get('workerd-isolate') as RunResult;
  const base = (level: Level) => level.results.get('sdk-node') as RunResult;
  const heavy = measured.filter((level) => level.sessions >= 50);
  const noFailures = measured.every((level) =>
    [...level.results.values()].every((result) => result.failed === 0),
  );
  const fastEnough = heavy.every((level) => throughput(isolate(level)) >= throughput(base(level)));
  const storage = await storageSection(context.quick ? 5 : 30);
  const met = noFailures && storage.met && (context.quick || fastEnough);
  const markdown = [
    `${levels.join(', ')} concurrent MCP sessions, ${calls} mixed calls each (write, read, bash, grep, tool_search, the tool it activates), SDK clients over loopback; the servers interleaved level by level, each started fresh. Throughput is calls per second of wall time; the ratio is against the SDK Node server at the same level. RSS is the server's resident memory after the load (workerd: all its processes).`,
    '',
    table(
      ['sessions', 'server', 'calls', 'failed', 'calls/s', '× SDK', 'p50 ms', 'p95 ms', 'p99 ms', 'RSS MiB'],
      measured.flatMap(levelRows),
    ),
    '',
    `- No failed call on any server at any level: ${verdict(noFailures)}`,
    context.quick
      ? '- Throughput against the SDK server: measured by the full run only.'
      : `- In-isolate throughput ≥ 1.0× the SDK Node server's at 50 and 100 sessions: ${verdict(fastEnough)}`,
    ...failureLines(measured),
    "- Miniflare runs every Durable Object in one local workerd process and stores to local SQLite files: the Durable Object rows carry routing and a storage write per call on one machine, not Cloudflare's network.",
    '',
    storage.markdown,
    '',
    await counterSection(context.quick ? 2000 : 100_000),
  ].join('\n');
  return { title: '8. Edge sessions under load, beside the MCP SDK Node server', markdown, targetsMet: met };
}
