/**
 * The measurement behind section 6: `suite.execute` for a trivial registered tool against calling its
 * implementation directly (and against an awaited direct call, the floor of any async path), rounds
 * interleaved; then each step of the execute path timed on its own with the same arguments, using the
 * core's own functions. Run in the bench's process and in fresh ones (bench/overhead-child.ts).
 */
import { repairArguments, resolveToolName } from '../../src/core/aliases.ts';
import { coerceArguments, extractArguments, validateArguments } from '../../src/core/arguments.ts';
import { createCoreSuite } from '../../src/core/index.ts';
import { evaluatePolicy } from '../../src/core/policy.ts';
import { successResult, toJsonObject } from '../../src/core/results.ts';
import type { JsonSchema, ToolContext, ToolImplementation, ToolSpec } from '../../src/core/types.ts';
import { median, p95 } from './stats.ts';

export const OVERHEAD_SPEC: ToolSpec = {
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

export interface OverheadSettings {
  rounds: number;
  calls: number;
  stepCalls: number;
  stepRounds: number;
}

export interface OverheadMeasurement {
  settings: OverheadSettings;
  /** Per variant: median and p95 over rounds of µs per call. */
  variants: { label: string; median: number; p95: number }[];
  /** Median µs of `suite.execute` minus the direct call's. */
  overhead: number;
  /** Per step of the execute path: median µs per call. */
  steps: { label: string; us: number }[];
}

/**
 * Calls of each variant and step before any is timed, in every mode: until V8 has optimized the path,
 * a call costs several times what it does after, and a quick run's few rounds would time the warm-up.
 */
export const WARM_UP_CALLS = 5_000;

export function overheadSettings(quick: boolean): OverheadSettings {
  return quick
    ? { rounds: 7, calls: 500, stepCalls: 2_000, stepRounds: 3 }
    : { rounds: 31, calls: 5_000, stepCalls: 20_000, stepRounds: 7 };
}

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

// As a model sends them: `offset` as a string, so coercion has work to do.
const SENT = { path: 'a.md', offset: '2' };
const COERCED = { path: 'a.md', offset: 2 };

export async function measureOverhead(settings: OverheadSettings): Promise<OverheadMeasurement> {
  const suite = createCoreSuite();
  suite.register(OVERHEAD_SPEC, 'direct', implementation);
  const session = suite.createSession();
  const toolContext: ToolContext = {
    workspace: () => suite.getWorkspace(),
    signal: new AbortController().signal,
    session: undefined,
    suite,
    caller: 'model',
    toolName: OVERHEAD_SPEC.name,
  };
  const variants: { label: string; run: () => unknown }[] = [
    { label: 'implementation called directly', run: () => implementation(COERCED, toolContext) },
    {
      label: 'implementation awaited through a promise (async floor)',
      run: () => Promise.resolve().then(() => implementation(COERCED, toolContext)),
    },
    { label: '`suite.execute`', run: () => suite.execute(OVERHEAD_SPEC.name, SENT) },
    {
      label: '`suite.execute` with a session',
      run: () => suite.execute(OVERHEAD_SPEC.name, SENT, { session }),
    },
  ];
  const times = variants.map(() => [] as number[]);
  for (const variant of variants) await perCall(WARM_UP_CALLS, variant.run);
  for (let round = 0; round < settings.rounds; round++) {
    for (let v = 0; v < variants.length; v++) {
      const index = (v + round) % variants.length;
      times[index]?.push(await perCall(settings.calls, (variants[index] as { run: () => unknown }).run));
    }
  }
  const medians = times.map((samples) => median(samples));
  return {
    settings,
    variants: variants.map((variant, i) => ({
      label: variant.label,
      median: medians[i] ?? Number.NaN,
      p95: p95(times[i] ?? []),
    })),
    overhead: (medians[2] ?? Number.NaN) - (medians[0] ?? Number.NaN),
    steps: measureSteps(settings),
  };
}

/** Where the time goes: the steps of the execute path, one at a time, on the same input. */
function measureSteps(settings: OverheadSettings): { label: string; us: number }[] {
  const schema = OVERHEAD_SPEC.parameters as JsonSchema;
  const properties = schema.properties as Record<string, unknown>;
  const steps: { label: string; run: () => unknown }[] = [
    {
      label: 'resolve the name (`resolveToolName`)',
      run: () => resolveToolName(OVERHEAD_SPEC.name, (name) => name === OVERHEAD_SPEC.name),
    },
    { label: 'extract arguments', run: () => extractArguments(SENT, properties) },
    { label: 'repair aliases (`repairArguments`)', run: () => repairArguments(undefined, SENT, properties) },
    { label: 'coerce (`coerceArguments`)', run: () => coerceArguments(SENT, schema) },
    {
      label: 'validate (`validateArguments`, @cfworker/json-schema)',
      run: () => validateArguments(COERCED, schema),
    },
    { label: 'policy (`evaluatePolicy`, none set)', run: () => evaluatePolicy(undefined, null) },
    {
      label: 'result: `toJsonObject` (JSON round trip) + `successResult`',
      run: () => successResult('read a.md', toJsonObject({ path: 'a.md' }), {}, 0),
    },
  ];
  return steps.map((step) => {
    perStep(WARM_UP_CALLS, step.run);
    const samples: number[] = [];
    for (let round = 0; round < settings.stepRounds; round++)
      samples.push(perStep(settings.stepCalls, step.run));
    return { label: step.label, us: median(samples) };
  });
}
