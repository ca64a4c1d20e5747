/**
 * `npm test` (every check) and `npm run test:quick` (the inner loop), as two plans of the same kind:
 * lanes of steps that run side by side, each lane one step after another, then the steps that must
 * run alone. A step is an npm script with its arguments.
 *
 * `npm test` on two cores has two lanes, one per core, then the e2e specs:
 *
 * - the build, knip and publint on it, the example projects installed from the packed build, the
 *   repository checks (the `repo` project: package contents, docs against code and results, install
 *   weight, bundle budget), the quick benchmarks (which judge no target, so the load they add changes
 *   no verdict);
 * - typecheck and lint, the unit tests in Node (Vitest's `quick` and `processes` projects);
 *
 * the benchmarks (64 s) close the first lane because it ends first: on a clean clone the build,
 * examples and repository checks took 275 s, typecheck, lint and the unit tests 326 s, and with the
 * benchmarks after the unit tests the e2e specs started at 390 s;
 *
 * and after both, alone, the e2e specs against the built playground (two workers of their own), then
 * the one spec that measures the page's CPU time against a bound a second process can push it past
 * (playwright.config.ts's `alone` project). Every step keeps both cores busy by itself, so overlapping them saves no time; what it does is
 * push tests past their timeouts: beside the unit tests, the e2e specs took 17 minutes on a clean clone
 * and ran an axe scan past its timeout; beside the examples, 16.5 minutes and two codemode Workers did
 * not start within their scripts' time.
 *
 * `npm run test:quick`: the four tsc projects, incremental (their build info kept in
 * node_modules/.cache, so a second run re-checks what changed), beside the `quick` Vitest project.
 *
 * Each step's output is kept and printed whole when it ends, under its name, so two steps never
 * interleave their lines. After a failure no new step starts; the steps running finish, and the gate
 * names each step that failed. The summary gives each step's start and length, to tune the lanes by.
 * Run as `tsx scripts/gate.ts [--quick]`; `--list` prints the plan without running it.
 */
import { spawn } from 'node:child_process';

/** A step: an npm script and its arguments. */
type Step = string;

/** Lanes run side by side, each one step after another; then the `alone` steps, one at a time. */
interface Plan {
  lanes: readonly (readonly Step[])[];
  alone: readonly Step[];
}

const GATE: Plan = {
  lanes: [
    ['build', 'lint:built', 'test:examples', 'test:repo', 'bench -- --quick'],
    ['typecheck', 'lint:code', 'test:node'],
  ],
  alone: ['test:e2e -- --project=e2e', 'test:e2e -- --project=alone --no-deps'],
};

const QUICK: Plan = {
  lanes: [['typecheck:quick'], ['test:unit -- --project quick']],
  alone: [],
};

interface StepResult {
  step: string;
  code: number;
  /** Seconds from the start of the gate to the step's start, and the step's own length. */
  at: number;
  seconds: number;
}

/** Runs `npm run <step>`, keeping its output, and prints it whole when it ends. */
function runStep(step: string, gateStarted: number): Promise<StepResult> {
  const started = performance.now();
  const [script = '', ...args] = step.split(' ');
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, ...args], {
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      const status = code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`;
      process.stdout.write(`\n=== ${step}: ${status} in ${seconds.toFixed(0)} s ===\n`);
      process.stdout.write(Buffer.concat(chunks));
      const at = (started - gateStarted) / 1000;
      resolve({ step, code: code ?? 1, at, seconds });
    });
  });
}

/** The run of a plan: the results of the steps that ran. */
class Run {
  readonly results: StepResult[] = [];

  constructor(readonly started: number) {}

  get failed(): StepResult[] {
    return this.results.filter((result) => result.code !== 0);
  }

  /** Runs the steps one after another; none after a failure (in any lane). */
  async lane(steps: readonly Step[]): Promise<void> {
    for (const step of steps) {
      if (this.failed.length === 0) this.results.push(await runStep(step, this.started));
    }
  }
}

function describePlan(plan: Plan): string {
  const lanes = plan.lanes.map((lane, index) => `lane ${index + 1}: ${lane.join(' → ')}`);
  const alone = plan.alone.length > 0 ? [`then alone: ${plan.alone.join(' → ')}`] : [];
  return [...lanes, ...alone].join('\n');
}

async function main(): Promise<number> {
  const plan = process.argv.includes('--quick') ? QUICK : GATE;
  if (process.argv.includes('--list')) {
    console.log(describePlan(plan));
    return 0;
  }
  console.log(describePlan(plan));
  const run = new Run(performance.now());
  await Promise.all(plan.lanes.map((lane) => run.lane(lane)));
  await run.lane(plan.alone);
  const minutes = (performance.now() - run.started) / 60_000;
  const steps = run.results.map((r) => `${r.step}: at ${r.at.toFixed(0)} s, ${r.seconds.toFixed(0)} s`);
  const failed = run.failed.map((result) => result.step);
  const verdict = failed.length > 0 ? `failed (${failed.join(', ')})` : 'passed';
  console.log(`\n${plan === QUICK ? 'test:quick' : 'npm test'} ${verdict} in ${minutes.toFixed(1)} min`);
  console.log(steps.map((line) => `  ${line}`).join('\n'));
  return failed.length > 0 ? 1 : 0;
}

process.exitCode = await main();
