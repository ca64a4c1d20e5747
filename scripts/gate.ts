/**
 * `npm test`: every check, in four stages whose steps run side by side. One serial chain took about
 * 20 minutes on two cores, although much of it is waiting (the e2e specs wait on Chromium and their
 * page; the unit tests on child processes and shell timeouts): a stage runs what needs the same inputs
 * and leaves the other core something to do.
 *
 * 1. typecheck, lint and build: they read only the sources.
 * 2. knip and publint on the build, the unit tests in Node (`quick` and `processes`: the package tests
 *    read `dist/`), and the quick benchmarks, which judge no target, so the load they add changes no
 *    verdict, and which wait on workerd, MCP servers and builds where the unit tests wait on shells;
 * 3. the e2e specs against the built playground, and the example projects installed from the packed
 *    build (mostly waiting on npm, Vite and Chromium);
 * 4. the e2e specs that hold the page to a deadline (playwright.config.ts's `alone` project), on their
 *    own, so no other step takes the CPU they measure.
 *
 * The last order before this one (unit and examples together, then e2e beside the benchmarks) took
 * 13.0 minutes on a clean clone here: 340 s of unit tests left a core idle while they waited.
 *
 * Each step's output is kept and printed whole when it ends, under its name, so two steps never
 * interleave their lines; the stage waits for all its steps, and the gate stops after the first stage
 * with a failure, naming each step that failed. Run as `tsx scripts/gate.ts`; `--list` prints the
 * stages without running them.
 */
import { spawn } from 'node:child_process';

/** A stage: the npm scripts (with their arguments) it runs side by side. */
const STAGES: readonly (readonly string[])[] = [
  ['typecheck', 'lint:code', 'build'],
  ['lint:built', 'test:node', 'bench -- --quick'],
  ['test:e2e -- --project=e2e', 'test:examples'],
  ['test:e2e -- --project=alone --no-deps'],
];

interface StepResult {
  step: string;
  code: number;
  seconds: number;
}

/** Runs `npm run <step>`, keeping its output, and prints it whole when it ends. */
function runStep(step: string): Promise<StepResult> {
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
      resolve({ step, code: code ?? 1, seconds });
    });
  });
}

async function main(): Promise<number> {
  if (process.argv.includes('--list')) {
    for (const [index, stage] of STAGES.entries()) console.log(`stage ${index + 1}: ${stage.join(' | ')}`);
    return 0;
  }
  const started = performance.now();
  const timings: StepResult[] = [];
  for (const [index, stage] of STAGES.entries()) {
    console.log(`\n### stage ${index + 1} of ${STAGES.length}: ${stage.join(' | ')}`);
    const results = await Promise.all(stage.map(runStep));
    timings.push(...results);
    const failed = results.filter((result) => result.code !== 0);
    if (failed.length > 0) {
      console.error(`\nnpm test failed at stage ${index + 1}: ${failed.map((r) => r.step).join(', ')}`);
      return 1;
    }
  }
  const minutes = (performance.now() - started) / 60_000;
  const steps = timings.map((result) => `${result.step} ${result.seconds.toFixed(0)} s`).join(', ');
  console.log(`\nnpm test passed in ${minutes.toFixed(1)} min (${steps})`);
  return 0;
}

process.exitCode = await main();
