/**
 * Section 6: call overhead. `suite.execute` for a trivial registered tool against calling its
 * implementation directly (and against an awaited direct call, the floor of any async path), rounds
 * interleaved. Then where the time goes: each step of the execute path timed on its own with the
 * same arguments, using the core's own functions.
 */
import { redirectByPayload, repairArguments, resolveToolName } from '../../src/core/aliases.ts';
import { coerceArguments, extractArguments, validateArguments } from '../../src/core/arguments.ts';
import { createCoreSuite } from '../../src/core/index.ts';
import { evaluatePolicy } from '../../src/core/policy.ts';
import { successResult, toJsonObject } from '../../src/core/results.ts';
import type { JsonSchema, ToolContext, ToolImplementation, ToolSpec } from '../../src/core/types.ts';
import { fixed, median, p95, table, verdict } from '../lib/stats.ts';
import type { BenchContext, SectionResult } from './types.ts';

const TARGET_US = 50;

const SPEC: ToolSpec = {
  name: 'read_note',
  description: 'Read a note.',
  parameters: {
    type: 'object',
    properties: { path: { type: 'string' }, offset: { type: 'integer', minimum: 1 } },
    required: ['path'],
    additionalProperties: false,
  },
};

const implementation: ToolImplementation = (args) => ({
  output: `read ${String(args.path)}`,
  structured_output: { path: String(args.path) },
});

/** µs per call of `calls` sequential awaited calls. */
async function perCall(calls: number, run: () => unknown): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < calls; i++) await run();
  return ((performance.now() - started) * 1000) / calls;
}

/** µs per call of a synchronous step. */
function perStep(calls: number, run: () => unknown): number {
  const started = performance.now();
  for (let i = 0; i < calls; i++) run();
  return ((performance.now() - started) * 1000) / calls;
}

export async function runOverhead(context: BenchContext): Promise<SectionResult> {
  const rounds = context.quick ? 7 : 31;
  const calls = context.quick ? 500 : 5_000;
  const suite = createCoreSuite();
  suite.register(SPEC, 'direct', implementation);
  const session = suite.createSession();
  const toolContext: ToolContext = {
    workspace: () => suite.getWorkspace(),
    signal: new AbortController().signal,
    session: undefined,
    suite,
    caller: 'model',
    toolName: SPEC.name,
  };
  // As a model sends them: `offset` as a string, so coercion has work to do.
  const sent = { path: 'a.md', offset: '2' };
  const coerced = { path: 'a.md', offset: 2 };

  const variants: { label: string; run: () => unknown }[] = [
    { label: 'implementation called directly', run: () => implementation(coerced, toolContext) },
    {
      label: 'implementation awaited through a promise (async floor)',
      run: () => Promise.resolve().then(() => implementation(coerced, toolContext)),
    },
    { label: '`suite.execute`', run: () => suite.execute(SPEC.name, sent) },
    { label: '`suite.execute` with a session', run: () => suite.execute(SPEC.name, sent, { session }) },
  ];
  const times = variants.map(() => [] as number[]);
  for (const variant of variants) await perCall(Math.min(calls, 1000), variant.run);
  for (let round = 0; round < rounds; round++) {
    for (let v = 0; v < variants.length; v++) {
      const index = (v + round) % variants.length;
      times[index]?.push(await perCall(calls, (variants[index] as { run: () => unknown }).run));
    }
  }
  const directMedian = median(times[0] ?? []);
  const executeMedian = median(times[2] ?? []);
  const overhead = executeMedian - directMedian;

  // Where the time goes: the steps of the execute path, one at a time, on the same input.
  const schema = SPEC.parameters as JsonSchema;
  const properties = schema.properties as Record<string, unknown>;
  const stepCalls = context.quick ? 2_000 : 20_000;
  const steps: { label: string; run: () => unknown }[] = [
    {
      label: 'resolve the name (`resolveToolName`)',
      run: () => resolveToolName(SPEC.name, (name) => name === SPEC.name),
    },
    {
      label: 'extract + redirect arguments',
      run: () => redirectByPayload(undefined, { name: SPEC.name }, extractArguments(sent, properties)),
    },
    { label: 'repair aliases (`repairArguments`)', run: () => repairArguments(undefined, sent, properties) },
    { label: 'coerce (`coerceArguments`)', run: () => coerceArguments(sent, schema) },
    {
      label: 'validate (`validateArguments`, @cfworker/json-schema)',
      run: () => validateArguments(coerced, schema),
    },
    { label: 'policy (`evaluatePolicy`, none set)', run: () => evaluatePolicy(undefined, null) },
    {
      label: 'abort plumbing (AbortController + race promise)',
      run: () => {
        const controller = new AbortController();
        return Promise.race([Promise.resolve(controller.signal), new Promise(() => {})]);
      },
    },
    {
      label: 'result: `toJsonObject` (JSON round trip) + `successResult`',
      run: () => successResult('read a.md', toJsonObject({ path: 'a.md' }), {}, 0),
    },
  ];
  const stepTimes = steps.map((step) => {
    perStep(Math.min(stepCalls, 1000), step.run);
    const samples: number[] = [];
    for (let round = 0; round < (context.quick ? 3 : 7); round++) samples.push(perStep(stepCalls, step.run));
    return median(samples);
  });

  const markdown = [
    `A trivial tool (\`${SPEC.name}\`: two parameters, \`offset\` sent as a string so coercion runs), ${rounds} rounds × ${calls} sequential awaited calls, variants interleaved per round (rotating order). Per-round µs per call:`,
    '',
    table(
      ['variant', 'median (µs/call)', 'p95 of rounds (µs/call)', 'overhead vs direct (µs)'],
      variants.map((variant, i) => [
        variant.label,
        fixed(median(times[i] ?? []), 2),
        fixed(p95(times[i] ?? []), 2),
        i === 0 ? '—' : fixed(median(times[i] ?? []) - directMedian, 2),
      ]),
    ),
    '',
    `Where the time goes (each step alone, ${stepCalls} calls × ${context.quick ? 3 : 7} rounds, median µs per call; synchronous steps, so they do not include the awaits of the real path):`,
    '',
    table(
      ['step of the execute path', 'µs/call'],
      steps.map((step, i) => [step.label, fixed(stepTimes[i] ?? Number.NaN, 2)]),
    ),
    '',
    'The largest step is the abort plumbing: every call creates an `AbortController` and races the implementation against an abort promise, even when the caller passed no signal. If the overhead ever needs cutting, skipping both when `options.signal` is absent is the first thing to do in `src/core/pipeline/invoke.ts` (not changed here); the JSON round trip of `structured_output` and the coercion walk come next.',
    '',
    'Targets:',
    '',
    `- ≤ ${TARGET_US} µs overhead per call (median; got ${fixed(overhead, 2)} µs): ${verdict(overhead <= TARGET_US)}`,
  ].join('\n');
  return { title: '6. Call overhead', markdown, targetsMet: overhead <= TARGET_US };
}
