/**
 * Section 6: call overhead. `suite.execute` for a trivial registered tool against calling its
 * implementation directly (bench/lib/overhead-measure.ts), measured three times: in a fresh process
 * (the judged figure: nothing else has run there), in a fresh process after the embedded shell ran one
 * command, and in the bench's own process after the sections before this one.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import {
  measureOverhead,
  OVERHEAD_SPEC,
  type OverheadMeasurement,
  overheadSettings,
  WARM_UP_CALLS,
} from '../lib/overhead-measure.ts';
import { fixed, table, verdict } from '../lib/stats.ts';
import type { BenchContext, SectionResult } from './types.ts';

const TARGET_US = 50;
const CHILD = resolve(import.meta.dirname, '../overhead-child.ts');

/** The measurement in a fresh Node process (tsx, like the bench itself). */
async function inFreshProcess(quick: boolean, afterShell: boolean): Promise<OverheadMeasurement> {
  const args = [
    '--import',
    'tsx',
    CHILD,
    ...(quick ? ['--quick'] : []),
    ...(afterShell ? ['--after-shell'] : []),
  ];
  const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 1 << 20 });
  return JSON.parse(stdout) as OverheadMeasurement;
}

function variantsTable(measured: OverheadMeasurement): string {
  const direct = measured.variants[0]?.median ?? Number.NaN;
  return table(
    ['variant', 'median (µs/call)', 'p95 of rounds (µs/call)', 'overhead vs direct (µs)'],
    measured.variants.map((variant, i) => [
      variant.label,
      fixed(variant.median, 2),
      fixed(variant.p95, 2),
      i === 0 ? '—' : fixed(variant.median - direct, 2),
    ]),
  );
}

export async function runOverhead(context: BenchContext): Promise<SectionResult> {
  const settings = overheadSettings(context.quick);
  const fresh = await inFreshProcess(context.quick, false);
  const afterShell = await inFreshProcess(context.quick, true);
  const here = await measureOverhead(settings);
  const states: [string, OverheadMeasurement][] = [
    ['a fresh process (judged)', fresh],
    ['a fresh process after the embedded shell ran one command', afterShell],
    ["the bench's own process, after the sections before this one", here],
  ];
  const markdown = [
    `A trivial tool (\`${OVERHEAD_SPEC.name}\`: two parameters, \`offset\` sent as a string so coercion runs), ${settings.rounds} rounds × ${settings.calls} sequential awaited calls after ${WARM_UP_CALLS} calls of each variant to warm up, variants interleaved per round (rotating order). In a fresh process, per-round µs per call:`,
    '',
    variantsTable(fresh),
    '',
    'The same measurement in three states of the process:',
    '',
    table(
      ['process', 'direct call (µs)', '`suite.execute` (µs)', 'overhead (µs)', 'validate step (µs)'],
      states.map(([label, measured]) => [
        label,
        fixed(measured.variants[0]?.median ?? Number.NaN, 2),
        fixed(measured.variants[2]?.median ?? Number.NaN, 2),
        fixed(measured.overhead, 2),
        fixed(measured.steps.find((step) => step.label.startsWith('validate'))?.us ?? Number.NaN, 2),
      ]),
    ),
    '',
    "Once the embedded shell has run a command in a Node process, everything in that process is slower, this path included: just-bash's defense-in-depth (on by default) swaps `JSON`, `Math`, `Reflect` and other globals for guarded versions while a command runs and uses `AsyncLocalStorage`, and V8 does not return to its fast paths after the globals are restored (regular-expression replaces, used by the schema validator for every property it checks, and promise bookkeeping). A Node host that runs the embedded shell in its own process pays this on all its code; one that runs it in a worker (as the playground does in the browser) does not.",
    '',
    `Where the time goes (each step alone, fresh process, ${settings.stepCalls} calls × ${settings.stepRounds} rounds, median µs per call; synchronous steps, so they do not include the awaits of the real path):`,
    '',
    table(
      ['step of the execute path', 'µs/call'],
      fresh.steps.map((step) => [step.label, fixed(step.us, 2)]),
    ),
    '',
    'A call without an abort signal creates no `AbortController` (the tool gets one the first time it reads `context.signal`) and is not raced against one; a call that needs no approval does not wait a turn for the policy.',
    '',
    'Targets:',
    '',
    `- ≤ ${TARGET_US} µs overhead per call, median, in a fresh process (got ${fixed(fresh.overhead, 2)} µs): ${verdict(fresh.overhead <= TARGET_US)}`,
  ].join('\n');
  return { title: '6. Call overhead', markdown, targetsMet: fresh.overhead <= TARGET_US };
}
