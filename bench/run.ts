/**
 * `npm run bench [-- --quick] [-- --sections=1,2]`: every benchmark of the project. Each figure is
 * measured side by side with its baseline in the same run and reported as medians, p95 and ratios:
 * the machine is shared and noisy, so absolute times are only indicative.
 *
 * The full run prints the report and writes it to `bench/RESULTS.md`. `--quick` runs every section on
 * small inputs (it is part of `npm test`) and prints to stdout only: a quick run's figures are not the
 * published ones, so it never touches RESULTS.md and leaves no file behind. `--sections` runs a subset
 * and, like `--quick`, writes nothing.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import { collectGarbage } from './lib/stats.ts';
import { runBundle } from './sections/bundle.ts';
import { runEdgeLoad } from './sections/edge-load.ts';
import { runHostile } from './sections/hostile.ts';
import { runOverhead } from './sections/overhead.ts';
import { runQuality } from './sections/quality.ts';
import { runShellSpeed } from './sections/shell-speed.ts';
import { runSpeed } from './sections/speed.ts';
import { runTokens } from './sections/tokens.ts';
import { runTools } from './sections/tools.ts';
import type { BenchContext, SectionResult } from './sections/types.ts';

const SECTIONS: readonly { id: string; run: (context: BenchContext) => Promise<SectionResult> }[] = [
  { id: '1', run: runQuality },
  { id: '2', run: runSpeed },
  { id: '3', run: runTools },
  { id: '4', run: runTokens },
  { id: '5', run: runBundle },
  { id: '6', run: runOverhead },
  { id: '7', run: runHostile },
  { id: '8', run: runEdgeLoad },
  { id: '9', run: runShellSpeed },
];

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args
  .find((arg) => arg.startsWith('--sections='))
  ?.slice('--sections='.length)
  .split(',')
  .map((id) => id.trim());
const unknown = args.filter((arg) => arg !== '--quick' && !arg.startsWith('--sections='));
if (unknown.length > 0) {
  console.error(`bench: unknown argument(s) ${unknown.join(' ')}. Use --quick and/or --sections=1,2,...`);
  process.exit(2);
}

function command(): string {
  const extra = args.length > 0 ? ` -- ${args.join(' ')}` : '';
  return process.env.npm_lifecycle_event === 'bench' ? `npm run bench${extra}` : `tsx bench/run.ts${extra}`;
}

const context: BenchContext = { quick };
const started = performance.now();
const loadBefore = loadavg();
const cpu = cpus();
const header = [
  `# Benchmarks${quick ? ' (quick run: small inputs, not the published figures)' : ''}`,
  '',
  `- date: ${new Date().toISOString()}`,
  `- machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${platform()} ${release()}`,
  `- Node ${process.version}`,
  `- command: \`${command()}\``,
  '- The machine is shared with other work: read medians, p95 and the ratios measured side by side in one run; absolute times are only indicative.',
];
console.log(header.join('\n'));

const results: SectionResult[] = [];
for (const section of SECTIONS) {
  if (only !== undefined && !only.includes(section.id)) continue;
  // What a section leaves on the heap must not be collected on the next one's clock.
  collectGarbage();
  const sectionStarted = performance.now();
  const result = await section.run(context);
  const seconds = (performance.now() - sectionStarted) / 1000;
  const status =
    result.targetsMet === null ? 'pending' : result.targetsMet ? 'all targets met' : 'targets NOT all met';
  const markdown = [
    `## ${result.title}`,
    '',
    `_${status}; section ran in ${seconds.toFixed(1)} s._`,
    '',
    result.markdown,
  ].join('\n');
  console.log(`\n${markdown}`);
  results.push({ ...result, markdown });
}

const loadAfter = loadavg();
const summary = [
  '## Summary',
  '',
  ...results.map(
    (result) =>
      `- ${result.title}: ${result.targetsMet === null ? 'pending' : result.targetsMet ? 'all targets met' : 'targets NOT all met'}`,
  ),
  '',
  `Load average (1 min) ${loadBefore[0]?.toFixed(2)} before, ${loadAfter[0]?.toFixed(2)} after; whole run ${((performance.now() - started) / 1000).toFixed(0)} s.`,
].join('\n');
console.log(`\n${summary}`);

if (!quick && only === undefined) {
  const file = new URL('./RESULTS.md', import.meta.url);
  writeFileSync(
    file,
    `${[header.join('\n'), ...results.map((result) => result.markdown), summary].join('\n\n')}\n`,
  );
  console.log('\nWrote bench/RESULTS.md.');
}
