/**
 * Section 2: tool_search speed on catalog A replicated to 10,000 tools. Query latency (median, p95)
 * and build time of the project's index against the BM25 baseline (and MiniSearch defaults for
 * reference), measured interleaved in one run; the time to register one more tool into the full
 * index, which must not rebuild it; and tool_search end to end through `suite.execute`.
 */
import { createCoreSuite } from '../../src/core/index.ts';
import type { ToolSpec, ToolSuite } from '../../src/core/types.ts';
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
 * one build per ranker (it shows the section runs; its figures are not the published ones): at 2,000 tools the index's fixed cost per query (query planning, synonyms) weighs far more
 * against the baseline's, and the ratios would judge a size nobody set a target for.
 */
const QUICK: SpeedSettings = {
  tools: 10_000,
  queries: 20,
  buildRounds: 1,
  queryRounds: 2,
  registrations: 20,
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
function replicate(tools: readonly ToolSpec[], count: number): ToolSpec[] {
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

/** Per ranker id, the wall-clock and CPU milliseconds of each measurement. */
interface Timings {
  wall: Map<string, number[]>;
  cpu: Map<string, number[]>;
}

/** Which of the two clocks a figure is read on. */
type Clock = keyof Timings;

/** An empty list of timings per ranker of `kinds`. */
function emptyTimings(kinds: readonly RankerKind[]): Timings {
  return {
    wall: new Map<string, number[]>(kinds.map((kind) => [kind.id, []])),
    cpu: new Map<string, number[]>(kinds.map((kind) => [kind.id, []])),
  };
}

/** The timings recorded for ranker `id`, or none. */
function timesOf(times: ReadonlyMap<string, number[]>, id: string): number[] {
  return times.get(id) ?? [];
}

/**
 * Build time: each round builds every ranker, rotating the order so drift hits them alike, each build
 * after a full garbage collection. Also returns the last index built of each ranker, for the queries.
 */
function measureBuilds(
  kinds: readonly RankerKind[],
  tools: readonly ToolSpec[],
  rounds: number,
): { builds: Timings; built: Map<string, Ranker> } {
  const builds = emptyTimings(kinds);
  const built = new Map<string, Ranker>();
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < kinds.length; k++) {
      const kind = kinds[(k + round) % kinds.length] as RankerKind;
      // Drop the ranker's previous index first, so the collection frees it before this build is timed.
      built.delete(kind.id);
      collectGarbage();
      let ranker: Ranker | undefined;
      const time = timeBoth(() => {
        ranker = buildRanker(kind, tools);
      });
      builds.wall.get(kind.id)?.push(time.wall);
      builds.cpu.get(kind.id)?.push(time.cpu);
      if (ranker !== undefined) built.set(kind.id, ranker);
    }
  }
  return { builds, built };
}

/**
 * Query latency: every query runs `rounds` times on every ranker, rankers interleaved in a rotating
 * order; a query's latency is the median of its runs (one preemption of this shared machine does not
 * make a query slow), one figure per query and ranker.
 */
function measureQueries(
  kinds: readonly RankerKind[],
  built: ReadonlyMap<string, Ranker>,
  queries: readonly string[],
  rounds: number,
): Timings {
  const latencies = emptyTimings(kinds);
  // A few untimed searches first, so the first timed ones do not pay for warming the code up.
  for (const query of queries.slice(0, 5)) for (const kind of kinds) built.get(kind.id)?.search(query, 5);
  queries.forEach((query, q) => {
    const runs = emptyTimings(kinds);
    for (let round = 0; round < rounds; round++) {
      for (let k = 0; k < kinds.length; k++) {
        const kind = kinds[(k + q + round) % kinds.length] as RankerKind;
        const ranker = built.get(kind.id);
        if (ranker === undefined) continue;
        const time = timeBoth(() => ranker.search(query, 5));
        runs.wall.get(kind.id)?.push(time.wall);
        runs.cpu.get(kind.id)?.push(time.cpu);
      }
    }
    for (const kind of kinds) {
      latencies.wall.get(kind.id)?.push(median(timesOf(runs.wall, kind.id)));
      latencies.cpu.get(kind.id)?.push(median(timesOf(runs.cpu, kind.id)));
    }
  });
  return latencies;
}

/** Milliseconds of each `add` of one more tool into a full index, the project's and the baseline's. */
interface Registration {
  project: number[];
  bm25: number[];
}

/**
 * Registering one tool into the full index, against the baseline's add: `count` new tools added one
 * by one to the project's index from the builds and to a BM25 index built here on `tools`.
 */
function measureRegistration(
  projectIndex: Ranker | undefined,
  tools: readonly ToolSpec[],
  count: number,
): Registration {
  const registration: Registration = { project: [], bm25: [] };
  const bm25Index = buildRanker(BM25, tools);
  for (let i = 0; i < count; i++) {
    const spec = extraTool(i);
    if (projectIndex !== undefined) registration.project.push(timeMs(() => projectIndex.add(spec)));
    registration.bm25.push(timeMs(() => bm25Index.add(spec)));
  }
  return registration;
}

/** A suite with tool_search enabled and every tool registered, and how long registering took. */
interface SuiteRegistration {
  suite: ToolSuite;
  /** Milliseconds to register every tool. */
  build: number;
  /** Milliseconds of each single registration into the full suite. */
  registration: number[];
}

/**
 * The same registration through the suite: a suite with tool_search enabled gets every tool as
 * deferred, then `count` more one at a time; the catalog event updates tool_search's index. Returns
 * the suite, full again, for the end-to-end searches.
 */
function measureSuiteRegistration(tools: readonly ToolSpec[], count: number): SuiteRegistration {
  const suite = createCoreSuite();
  enableToolSearch(suite);
  const build = timeMs(() => {
    for (const tool of tools) suite.register(tool, 'deferred');
  });
  const registration: number[] = [];
  for (let i = 0; i < count; i++) {
    const spec = extraTool(i);
    registration.push(timeMs(() => suite.register(spec, 'deferred')));
    // Removed again, so every registration lands in a suite of exactly `tools`.
    suite.unregister(spec.name);
  }
  return { suite, build, registration };
}

/** tool_search end to end, one call per query: validation, search, result building, activation directives. */
async function measureEndToEnd(suite: ToolSuite, queries: readonly string[]): Promise<number[]> {
  const session = suite.createSession();
  const endToEnd: number[] = [];
  for (const query of queries) {
    const started = performance.now();
    await suite.execute('tool_search', { query }, { session });
    endToEnd.push(performance.now() - started);
  }
  return endToEnd;
}

/** The figures the targets judge: query p95 and median build, of the project's index and of BM25. */
interface Headline {
  projectP95: number;
  baselineP95: number;
  projectBuild: number;
  baselineBuild: number;
}

/** The {@link Headline} of per-query `latencies` and per-build `builds`, both wall-clock or both CPU. */
function headline(latencies: ReadonlyMap<string, number[]>, builds: ReadonlyMap<string, number[]>): Headline {
  return {
    projectP95: p95(timesOf(latencies, PROJECT.id)),
    baselineP95: p95(timesOf(latencies, BM25.id)),
    projectBuild: median(timesOf(builds, PROJECT.id)),
    baselineBuild: median(timesOf(builds, BM25.id)),
  };
}

/**
 * Query median and p95 and build median per ranker, with their ratios to BM25: in wall-clock time
 * (with the median's ratio too) or in CPU time.
 */
function timingTable(
  kinds: readonly RankerKind[],
  latencies: Timings,
  builds: Timings,
  clock: Clock,
): string {
  const wall = clock === 'wall';
  const unit = wall ? '' : ' CPU';
  const baselineMedian = median(timesOf(latencies[clock], BM25.id));
  const { baselineP95, baselineBuild } = headline(latencies[clock], builds[clock]);
  const rows = kinds.map((kind) => {
    const times = timesOf(latencies[clock], kind.id);
    const buildTimes = timesOf(builds[clock], kind.id);
    return [
      kind.label,
      fixed(median(times) * 1000, 0),
      ...(wall ? [ratio(median(times), baselineMedian)] : []),
      fixed(p95(times) * 1000, 0),
      ratio(p95(times), baselineP95),
      fixed(median(buildTimes), 0),
      ratio(median(buildTimes), baselineBuild),
    ];
  });
  return table(
    [
      'ranker',
      `query median${unit} (µs)`,
      ...(wall ? ['median vs BM25'] : []),
      `query p95${unit} (µs)`,
      'p95 vs BM25',
      `build median${unit} (ms)`,
      'build vs BM25',
    ],
    rows,
  );
}

/** One registration's median and p95 (µs), and its share of `whole` (ms) as "<share> % of <what>". */
function registrationRow(label: string, times: readonly number[], whole: number, what: string): string[] {
  return [
    label,
    fixed(median(times) * 1000, 1),
    fixed(p95(times) * 1000, 1),
    `${fixed((median(times) / whole) * 100, 4)} % of ${what}`,
  ];
}

/** Registering one tool: the project's `add`, the baseline's, and `suite.register`, against a rebuild. */
function registrationTable(
  registration: Registration,
  suite: SuiteRegistration,
  wall: Headline,
  toolCount: number,
): string {
  return table(
    ['registering one tool into the full index', 'median (µs)', 'p95 (µs)', 'vs rebuilding the index'],
    [
      registrationRow('project index `add`', registration.project, wall.projectBuild, 'a build'),
      registrationRow('BM25 baseline `add`', registration.bm25, wall.baselineBuild, 'a build'),
      registrationRow(
        '`suite.register(spec, "deferred")` with tool_search enabled (normalization + catalog event + index add)',
        suite.registration,
        suite.build,
        `registering all ${toolCount}`,
      ),
    ],
  );
}

/**
 * The scale report's lines, full run only. It measures while it renders (it builds its own indexes on
 * {@link SCALE_TOOLS} tools), so it must run after the section's other measurements.
 */
function scaleLines(quick: boolean, catalogTools: readonly ToolSpec[], queries: readonly string[]): string[] {
  if (quick) return [];
  return [
    `At ${SCALE_TOOLS.toLocaleString('en')} tools (catalog A replicated; ${SCALE_QUERIES} queries, each timed once; memory = growth of the used heap plus ArrayBuffer contents, after a full garbage collection):`,
    '',
    scaleReport(replicate(catalogTools, SCALE_TOOLS), queries.slice(0, SCALE_QUERIES)),
    '',
  ];
}

/** Which targets were met: they are judged in CPU time, registration against the wall-clock build. */
interface Verdicts {
  p95: boolean;
  build: boolean;
  registration: boolean;
}

/** The verdicts of the targets, from the CPU and wall-clock headlines and the median `add`. */
function judge(cpu: Headline, wall: Headline, projectAdd: number): Verdicts {
  return {
    p95: cpu.projectP95 <= P95_TARGET_RATIO * cpu.baselineP95,
    build: cpu.projectBuild <= 3 * cpu.baselineBuild,
    registration: projectAdd < wall.projectBuild / 100,
  };
}

/**
 * The target lines: the CPU-time targets judged (their ratios to two decimals, so a build at 3.04× is
 * not printed as a 3.0× that misses a 3× target), the wall-clock ratios only reported.
 */
function targetLines(cpu: Headline, wall: Headline, projectAdd: number, met: Verdicts): string[] {
  return [
    'Targets:',
    '',
    `- query p95 within ${P95_TARGET_RATIO}× of the BM25 baseline's p95, the baseline on typed-array postings, in CPU time (got ${ratio(cpu.projectP95, cpu.baselineP95, 2)}): ${verdict(met.p95)}`,
    `- build within 3× of the baseline's build, in CPU time (got ${ratio(cpu.projectBuild, cpu.baselineBuild, 2)}): ${verdict(met.build)}`,
    `- the same two in wall-clock time, reported for comparison and not judged (the shared machine's preemptions dominate them): query p95 ${ratio(wall.projectP95, wall.baselineP95)}, build ${ratio(wall.projectBuild, wall.baselineBuild)}`,
    `- registering one tool does not rebuild the index (add ${fixed(projectAdd * 1000, 1)} µs vs build ${fixed(wall.projectBuild, 0)} ms): ${verdict(met.registration)}`,
  ];
}

/** Section 2: measures builds, queries, registration and tool_search end to end, then renders them. */
export async function runSpeed(context: BenchContext): Promise<SectionResult> {
  const settings = context.quick ? QUICK : FULL;
  const catalog = loadCatalogA();
  const tools = replicate(catalog.tools, settings.tools);
  const queries = sample(catalog.queries, settings.queries, 2).map((query) => query.query);
  // MiniSearch with its defaults is context, judged by no target, and it is the slowest to build and to
  // query (about 15 s of a quick run): the quick run inside npm test measures the two the targets compare.
  const kinds: readonly RankerKind[] = context.quick ? [PROJECT, BM25] : [PROJECT, BM25, MINISEARCH_DEFAULT];

  // The measurements run one after the other, in this order, before anything is rendered.
  const { builds, built } = measureBuilds(kinds, tools, settings.buildRounds);
  const latencies = measureQueries(kinds, built, queries, settings.queryRounds);
  const registration = measureRegistration(built.get(PROJECT.id), tools, settings.registrations);
  const suiteRun = measureSuiteRegistration(tools, settings.registrations);
  const endToEnd = await measureEndToEnd(suiteRun.suite, queries);

  const wall = headline(latencies.wall, builds.wall);
  const cpu = headline(latencies.cpu, builds.cpu);
  const projectAdd = median(registration.project);
  const met = judge(cpu, wall, projectAdd);
  const markdown = [
    `Catalog A (${catalog.tools.length} tools) replicated to ${tools.length} tools (copies renamed \`<name>_rN\`); ${queries.length} summaries of catalog A as queries, limit 5. Each query runs ${settings.queryRounds} times per ranker, rankers interleaved; its latency is the median of its runs, and the table gives the median and p95 over the queries. ${settings.buildRounds} builds per ranker, interleaved, each after a full garbage collection; build = adding every tool one by one to an empty index.`,
    '',
    timingTable(kinds, latencies, builds, 'wall'),
    '',
    'The same runs in CPU time of this process (`process.cpuUsage`, all its threads), which preemption by the other work on the machine does not inflate:',
    '',
    timingTable(kinds, latencies, builds, 'cpu'),
    '',
    registrationTable(registration, suiteRun, wall, tools.length),
    '',
    `tool_search through \`suite.execute\` on the ${tools.length}-tool suite: median ${fixed(median(endToEnd) * 1000, 0)} µs, p95 ${fixed(p95(endToEnd) * 1000, 0)} µs (one round). Registering all ${tools.length} tools into that suite took ${fixed(suiteRun.build, 0)} ms.`,
    '',
    ...scaleLines(context.quick, catalog.tools, queries),
    ...targetLines(cpu, wall, projectAdd, met),
  ].join('\n');
  return {
    title: '2. tool_search speed',
    markdown,
    targetsMet: met.p95 && met.build && met.registration,
  };
}
