/**
 * Section 2: tool_search speed on catalog A replicated to 10,000 tools. Query latency (median, p95)
 * and build time of the project's index against the BM25 baseline (and MiniSearch defaults for
 * reference), measured interleaved in one run; the time to register one more tool into the full
 * index, which must not rebuild it; and tool_search end to end through `suite.execute`.
 */
import { createCoreSuite } from '../../src/core/index.ts';
import type { ToolSpec } from '../../src/core/types.ts';
import { enableToolSearch } from '../../src/search/index.ts';
import { loadCatalogA } from '../catalogs/catalog-a.ts';
import { BM25, MINISEARCH_DEFAULT, PROJECT, type Ranker, type RankerKind } from '../lib/rankers.ts';
import { collectGarbage, fixed, median, p95, ratio, sample, table, timeMs, verdict } from '../lib/stats.ts';
import type { BenchContext, SectionResult } from './types.ts';

interface SpeedSettings {
  tools: number;
  queries: number;
  buildRounds: number;
  queryRounds: number;
  registrations: number;
}

const FULL: SpeedSettings = {
  tools: 10_000,
  queries: 200,
  buildRounds: 5,
  queryRounds: 3,
  registrations: 200,
};
/**
 * The targets are defined at 10,000 tools, so the quick run measures there too, with fewer queries and
 * builds: at 2,000 tools the index's fixed cost per query (query planning, synonyms) weighs far more
 * against the baseline's, and the ratios would judge a size nobody set a target for.
 */
const QUICK: SpeedSettings = {
  tools: 10_000,
  queries: 40,
  buildRounds: 3,
  queryRounds: 3,
  registrations: 40,
};
/** The scale report: tools, and queries timed once each per ranker (full run only). */
const SCALE_TOOLS = 100_000;
const SCALE_QUERIES = 50;
/** The query p95 target, as a multiple of the BM25 baseline's p95. */
const P95_TARGET_RATIO = 5;

/**
 * Wall-clock and CPU milliseconds of `run`. On this shared machine (often ten or more runnable
 * processes on two cores) wall-clock p95 mostly measures how often the scheduler preempts a query,
 * which grows with the query's length far more than its cost; the CPU time this process spent
 * (`process.cpuUsage`, every thread: GC helpers included) is what the code costs.
 */
function timeBoth(run: () => void): { wall: number; cpu: number } {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  run();
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpuBefore);
  return { wall, cpu: (used.user + used.system) / 1000 };
}

/**
 * The JS heap in use plus the ArrayBuffers' bytes: typed arrays keep their contents outside the
 * heap, so the heap alone leaves out the BM25 baseline's postings and the index's term arrays.
 */
function usedMemory(): number {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/** Build time, heap growth and query latency of each ranker on `count` replicated tools. */
function scaleReport(tools: readonly ToolSpec[], queries: readonly string[]): string {
  const rows: string[][] = [];
  for (const kind of [PROJECT, BM25]) {
    collectGarbage();
    const heapBefore = usedMemory();
    let ranker: Ranker | undefined;
    const build = timeMs(() => {
      ranker = buildRanker(kind, tools);
    });
    collectGarbage();
    const heap = usedMemory() - heapBefore;
    const measured = queries.map((query) => timeBoth(() => ranker?.search(query, 5)));
    const times = measured.map((time) => time.wall);
    const cpuTimes = measured.map((time) => time.cpu);
    rows.push([
      kind.label,
      fixed(build / 1000, 1),
      fixed(heap / 2 ** 20, 0),
      fixed(median(times) * 1000, 0),
      fixed(p95(times) * 1000, 0),
      fixed(p95(cpuTimes) * 1000, 0),
    ]);
    ranker = undefined;
  }
  return table(
    ['ranker', 'build (s)', 'memory (MiB)', 'query median (µs)', 'query p95 (µs)', 'query p95 CPU (µs)'],
    rows,
  );
}

/** Catalog A repeated until `count` tools: copies get a `_rN` suffix on the name, text unchanged. */
export function replicate(tools: readonly ToolSpec[], count: number): ToolSpec[] {
  const out: ToolSpec[] = [];
  for (let copy = 0; out.length < count; copy++) {
    for (const tool of tools) {
      if (out.length >= count) break;
      out.push(copy === 0 ? tool : { ...tool, name: `${tool.name}_r${copy}` });
    }
  }
  return out;
}

function buildRanker(kind: RankerKind, tools: readonly ToolSpec[]): Ranker {
  const ranker = kind.create();
  for (const tool of tools) ranker.add(tool);
  return ranker;
}

/** A spec not in the catalog, for registration timings. */
function extraTool(i: number): ToolSpec {
  return {
    name: `bench_extra_tool_${i}`,
    description: `Archive the deployment log number ${i} of a self-hosted runner and attach it to the release.`,
    parameters: {
      type: 'object',
      properties: {
        runner_id: { type: 'integer', description: 'The unique identifier of the self-hosted runner.' },
        release_tag: { type: 'string', description: 'The tag of the release to attach the log to.' },
      },
      required: ['runner_id'],
    },
  };
}

export async function runSpeed(context: BenchContext): Promise<SectionResult> {
  const settings = context.quick ? QUICK : FULL;
  const catalog = loadCatalogA();
  const tools = replicate(catalog.tools, settings.tools);
  const queries = sample(catalog.queries, settings.queries, 2).map((query) => query.query);
  const kinds: readonly RankerKind[] = [PROJECT, BM25, MINISEARCH_DEFAULT];

  // Build time: each round builds every ranker, rotating the order so drift hits them alike.
  const buildTimes = new Map<string, number[]>(kinds.map((kind) => [kind.id, []]));
  const buildCpu = new Map<string, number[]>(kinds.map((kind) => [kind.id, []]));
  const built = new Map<string, Ranker>();
  for (let round = 0; round < settings.buildRounds; round++) {
    for (let k = 0; k < kinds.length; k++) {
      const kind = kinds[(k + round) % kinds.length] as RankerKind;
      built.delete(kind.id);
      collectGarbage();
      let ranker: Ranker | undefined;
      const time = timeBoth(() => {
        ranker = buildRanker(kind, tools);
      });
      buildTimes.get(kind.id)?.push(time.wall);
      buildCpu.get(kind.id)?.push(time.cpu);
      if (ranker !== undefined) built.set(kind.id, ranker);
    }
  }

  // Query latency: every query runs `queryRounds` times on every ranker, rankers interleaved in a
  // rotating order; a query's latency is the median of its runs (one preemption of this shared
  // machine does not make a query slow), and the table gives the median and p95 over the queries.
  const latencies = new Map<string, number[]>(kinds.map((kind) => [kind.id, []]));
  const cpuLatencies = new Map<string, number[]>(kinds.map((kind) => [kind.id, []]));
  for (const query of queries.slice(0, 5)) for (const kind of kinds) built.get(kind.id)?.search(query, 5);
  queries.forEach((query, q) => {
    const runs = new Map<string, number[]>(kinds.map((kind) => [kind.id, []]));
    const cpuRuns = new Map<string, number[]>(kinds.map((kind) => [kind.id, []]));
    for (let round = 0; round < settings.queryRounds; round++) {
      for (let k = 0; k < kinds.length; k++) {
        const kind = kinds[(k + q + round) % kinds.length] as RankerKind;
        const ranker = built.get(kind.id);
        if (ranker === undefined) continue;
        const time = timeBoth(() => ranker.search(query, 5));
        runs.get(kind.id)?.push(time.wall);
        cpuRuns.get(kind.id)?.push(time.cpu);
      }
    }
    for (const kind of kinds) {
      latencies.get(kind.id)?.push(median(runs.get(kind.id) ?? []));
      cpuLatencies.get(kind.id)?.push(median(cpuRuns.get(kind.id) ?? []));
    }
  });

  const baselineP95 = p95(latencies.get(BM25.id) ?? []);
  const baselineMedian = median(latencies.get(BM25.id) ?? []);
  const baselineBuild = median(buildTimes.get(BM25.id) ?? []);
  const rows = kinds.map((kind) => {
    const times = latencies.get(kind.id) ?? [];
    const builds = buildTimes.get(kind.id) ?? [];
    return [
      kind.label,
      fixed(median(times) * 1000, 0),
      ratio(median(times), baselineMedian),
      fixed(p95(times) * 1000, 0),
      ratio(p95(times), baselineP95),
      fixed(median(builds), 0),
      ratio(median(builds), baselineBuild),
    ];
  });
  const projectP95 = p95(latencies.get(PROJECT.id) ?? []);
  const projectBuild = median(buildTimes.get(PROJECT.id) ?? []);
  const cpuOf = (times: Map<string, number[]>, id: string, pick: (values: number[]) => number): number =>
    pick(times.get(id) ?? []);
  const cpu = {
    projectP95: cpuOf(cpuLatencies, PROJECT.id, p95),
    baselineP95: cpuOf(cpuLatencies, BM25.id, p95),
    projectBuild: cpuOf(buildCpu, PROJECT.id, median),
    baselineBuild: cpuOf(buildCpu, BM25.id, median),
  };
  const cpuRows = kinds.map((kind) => [
    kind.label,
    fixed(cpuOf(cpuLatencies, kind.id, median) * 1000, 0),
    fixed(cpuOf(cpuLatencies, kind.id, p95) * 1000, 0),
    ratio(cpuOf(cpuLatencies, kind.id, p95), cpu.baselineP95),
    fixed(cpuOf(buildCpu, kind.id, median), 0),
    ratio(cpuOf(buildCpu, kind.id, median), cpu.baselineBuild),
  ]);

  // Registering one tool into the full index, against the baseline's add and a full rebuild.
  const registration = new Map<string, number[]>([
    [PROJECT.id, []],
    [BM25.id, []],
  ]);
  const projectIndex = built.get(PROJECT.id);
  const bm25Index = buildRanker(BM25, tools);
  for (let i = 0; i < settings.registrations; i++) {
    const spec = extraTool(i);
    if (projectIndex !== undefined) registration.get(PROJECT.id)?.push(timeMs(() => projectIndex.add(spec)));
    registration.get(BM25.id)?.push(timeMs(() => bm25Index.add(spec)));
  }

  // The same through the suite: register a deferred tool; the catalog event updates tool_search's index.
  const suite = createCoreSuite();
  enableToolSearch(suite);
  const suiteBuild = timeMs(() => {
    for (const tool of tools) suite.register(tool, 'deferred');
  });
  const suiteRegistration: number[] = [];
  for (let i = 0; i < settings.registrations; i++) {
    const spec = extraTool(i);
    suiteRegistration.push(timeMs(() => suite.register(spec, 'deferred')));
    suite.unregister(spec.name);
  }
  // tool_search end to end: validation, search, result building, activation directives.
  const session = suite.createSession();
  const endToEnd: number[] = [];
  for (const query of queries) {
    const started = performance.now();
    await suite.execute('tool_search', { query }, { session });
    endToEnd.push(performance.now() - started);
  }

  const projectAdd = median(registration.get(PROJECT.id) ?? []);
  const markdown = [
    `Catalog A (${catalog.tools.length} tools) replicated to ${tools.length} tools (copies renamed \`<name>_rN\`); ${queries.length} summaries of catalog A as queries, limit 5. Each query runs ${settings.queryRounds} times per ranker, rankers interleaved; its latency is the median of its runs, and the table gives the median and p95 over the queries. ${settings.buildRounds} builds per ranker, interleaved, each after a full garbage collection; build = adding every tool one by one to an empty index.`,
    '',
    table(
      [
        'ranker',
        'query median (µs)',
        'median vs BM25',
        'query p95 (µs)',
        'p95 vs BM25',
        'build median (ms)',
        'build vs BM25',
      ],
      rows,
    ),
    '',
    'The same runs in CPU time of this process (`process.cpuUsage`, all its threads), which preemption by the other work on the machine does not inflate:',
    '',
    table(
      [
        'ranker',
        'query median CPU (µs)',
        'query p95 CPU (µs)',
        'p95 vs BM25',
        'build median CPU (ms)',
        'build vs BM25',
      ],
      cpuRows,
    ),
    '',
    table(
      ['registering one tool into the full index', 'median (µs)', 'p95 (µs)', 'vs rebuilding the index'],
      [
        [
          'project index `add`',
          fixed(projectAdd * 1000, 1),
          fixed(p95(registration.get(PROJECT.id) ?? []) * 1000, 1),
          `${fixed((projectAdd / projectBuild) * 100, 4)} % of a build`,
        ],
        [
          'BM25 baseline `add`',
          fixed(median(registration.get(BM25.id) ?? []) * 1000, 1),
          fixed(p95(registration.get(BM25.id) ?? []) * 1000, 1),
          `${fixed((median(registration.get(BM25.id) ?? []) / baselineBuild) * 100, 4)} % of a build`,
        ],
        [
          '`suite.register(spec, "deferred")` with tool_search enabled (normalization + catalog event + index add)',
          fixed(median(suiteRegistration) * 1000, 1),
          fixed(p95(suiteRegistration) * 1000, 1),
          `${fixed((median(suiteRegistration) / suiteBuild) * 100, 4)} % of registering all ${tools.length}`,
        ],
      ],
    ),
    '',
    `tool_search through \`suite.execute\` on the ${tools.length}-tool suite: median ${fixed(median(endToEnd) * 1000, 0)} µs, p95 ${fixed(p95(endToEnd) * 1000, 0)} µs (one round). Registering all ${tools.length} tools into that suite took ${fixed(suiteBuild, 0)} ms.`,
    '',
    ...(context.quick
      ? []
      : [
          `At ${SCALE_TOOLS.toLocaleString('en')} tools (catalog A replicated; ${SCALE_QUERIES} queries, each timed once; memory = growth of the used heap plus ArrayBuffer contents, after a full garbage collection):`,
          '',
          scaleReport(replicate(catalog.tools, SCALE_TOOLS), queries.slice(0, SCALE_QUERIES)),
          '',
        ]),
    'Targets:',
    '',
    `- query p95 within ${P95_TARGET_RATIO}× of the BM25 baseline's p95, the baseline on typed-array postings, in CPU time (got ${ratio(cpu.projectP95, cpu.baselineP95)}): ${verdict(cpu.projectP95 <= P95_TARGET_RATIO * cpu.baselineP95)}`,
    `- build within 3× of the baseline's build, in CPU time (got ${ratio(cpu.projectBuild, cpu.baselineBuild)}): ${verdict(cpu.projectBuild <= 3 * cpu.baselineBuild)}`,
    `- the same two in wall-clock time, reported for comparison and not judged (the shared machine's preemptions dominate them): query p95 ${ratio(projectP95, baselineP95)}, build ${ratio(projectBuild, baselineBuild)}`,
    `- registering one tool does not rebuild the index (add ${fixed(projectAdd * 1000, 1)} µs vs build ${fixed(projectBuild, 0)} ms): ${verdict(projectAdd < projectBuild / 100)}`,
  ].join('\n');
  return {
    title: '2. tool_search speed',
    markdown,
    targetsMet:
      cpu.projectP95 <= P95_TARGET_RATIO * cpu.baselineP95 &&
      cpu.projectBuild <= 3 * cpu.baselineBuild &&
      projectAdd < projectBuild / 100,
  };
}
