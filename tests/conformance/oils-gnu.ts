/**
 * The Oils spec cases in GNU bash (/bin/bash), each twice: with stdout alone captured, and with
 * stdout and stderr on one file as a terminal shows them. Two bash processes drive them all (a fresh
 * `env -i` environment and directory per run, a timeout each): starting a process from this thread
 * costs it more than the run itself. What GNU bash makes of a case is judged here too (`judgeGnu`):
 * the record of oils-gnu-record.ts holds these judgements, and is made anew when this file changes.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HELPER_DIR, type OilsCase, printedWithin, type Run, verdictOf } from './oils-run.ts';

/** What GNU bash did with one case. */
export interface GnuRuns {
  stdout: Run;
  terminal: Run;
}

/**
 * One driver: for each `number mode` line of the file `$1`, runs that case's code in its directory
 * under `w/` (made beforehand), reading the code on its stdin as the Oils harness feeds it, with the
 * harness's environment, the helpers of `bin` first on PATH and a timeout; stdout, or (`terminal`)
 * stdout and stderr, to `number.mode`, the status to `number.mode.status`, then the number on its own
 * stdout. Builtins only, besides the run itself: a fork costs more than most cases take.
 */
const DRIVER = `
base=$PWD
run() {
  (
    cd "$base/w/$n-$mode" &&
      exec env -i PATH="$base/bin:/usr/bin:/bin" LC_ALL=C.UTF-8 TMP="$PWD" SH=bash \\
        timeout -s KILL "$TIMEOUT" /bin/bash <"$base/$n.code"
  )
}
while read -r n mode; do
  if [ "$mode" = terminal ]; then
    run >"$base/$n.$mode" 2>&1
  else
    run >"$base/$n.$mode" 2>/dev/null
  fi
  echo $? >"$base/$n.$mode.status"
  echo "$n"
done <"$1"
`;

/** What GNU bash says of one case: it fails it under this harness (how), or how its stderr sits. */
export type GnuJudgement =
  | { fails: string }
  | {
      /** Its terminal run printed nothing on stderr. */
      quiet: boolean;
      /** Its terminal run kept stdout whole among the error lines, with the same status. */
      consistent: boolean;
    };

/** Judges GNU bash's two runs of a case against its bash expectation. */
export function judgeGnu(specCase: OilsCase, { stdout, terminal }: GnuRuns): GnuJudgement {
  if (verdictOf(specCase.bash, stdout) !== 'pass') {
    const how =
      stdout.status !== specCase.bash.status
        ? `status ${stdout.status}, expected ${specCase.bash.status}`
        : 'other stdout';
    return { fails: how };
  }
  return {
    quiet: terminal.stdout === stdout.stdout && terminal.status === stdout.status,
    consistent: terminal.status === stdout.status && printedWithin(stdout.stdout, terminal.stdout),
  };
}

/**
 * Seconds after which a case's GNU bash is killed: a backstop for a case that would hang, not a measure.
 * None does; they take milliseconds, but one forks 510 processes, which took over 10 s on a loaded
 * machine and failed the test.
 */
export const GNU_TIMEOUT_SECONDS = 120;

/** Drivers run side by side, each over its share of the runs. */
const DRIVERS = 2;

/**
 * A case naming a fixed directory under /tmp (`/tmp/oil-spec-test/pwd`) shares it with its other
 * run and with other cases: one removes the directory another stands in. Such runs all go to the
 * first driver, one after another in file order, as the Oils harness runs them.
 */
const SHARED_PATH = /\/tmp\//;

/** The GNU bash runs under way: each case's runs as they finish, and the end of them all. */
export interface GnuBatch {
  runs: Promise<GnuRuns>[];
  done: Promise<void>;
}

/**
 * Starts every case in GNU bash, {@link DRIVERS} runs at a time, in order. Each case's promise
 * settles as soon as both its runs are done, so the other shells can start on it meanwhile.
 */
export function startGnuBash(cases: readonly OilsCase[], timeoutSeconds: number): GnuBatch {
  const base = mkdtempSync(join(tmpdir(), 'oils-gnu-'));
  cpSync(HELPER_DIR, join(base, 'bin'), { recursive: true });
  writeFileSync(join(base, 'driver.sh'), DRIVER);
  const shares: string[][] = Array.from({ length: DRIVERS }, () => []);
  let next = 0;
  cases.forEach((specCase, n) => {
    writeFileSync(join(base, `${n}.code`), specCase.code);
    for (const mode of ['stdout', 'terminal']) {
      const dir = join(base, 'w', `${n}-${mode}`);
      mkdirSync(specCase.legacyTmpDir ? join(dir, '_tmp') : dir, { recursive: true });
      const share = SHARED_PATH.test(specCase.code) ? 0 : next++ % DRIVERS;
      shares[share]?.push(`${n} ${mode}`);
    }
  });
  shares.forEach((share, index) => {
    writeFileSync(join(base, `jobs-${index}`), `${share.join('\n')}\n`);
  });
  const settle = cases.map(() => deferred<GnuRuns>());
  const finished = new Map<number, number>();
  const onDone = (n: number): void => {
    finished.set(n, (finished.get(n) ?? 0) + 1);
    if (finished.get(n) === 2)
      settle[n]?.resolve({ stdout: runOf(base, n, 'stdout'), terminal: runOf(base, n, 'terminal') });
  };
  const done = Promise.all(shares.map((_, index) => drive(base, `jobs-${index}`, timeoutSeconds, onDone)))
    .then(() => undefined)
    .catch((error: unknown) => {
      for (const { reject } of settle) reject(error);
      throw error;
    })
    .finally(() => rmSync(base, { recursive: true, force: true }));
  return { runs: settle.map(({ promise }) => promise), done };
}

/** Runs one driver over `jobs`; `onDone` hears each case number as a run of it finishes. */
function drive(
  base: string,
  jobs: string,
  timeoutSeconds: number,
  onDone: (n: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/bash', ['driver.sh', jobs], {
      cwd: base,
      env: { PATH: '/usr/bin:/bin', TIMEOUT: String(timeoutSeconds) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onDone(Number(line));
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (status) =>
      status === 0 ? resolve() : reject(new Error(`GNU bash driver: ${status} ${errors}`)),
    );
  });
}

/** A promise with its settle functions (Promise.withResolvers, which Node 20 lacks). */
function deferred<T>(): {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
} {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

function runOf(base: string, n: number, mode: 'stdout' | 'terminal'): Run {
  return {
    stdout: readFileSync(join(base, `${n}.${mode}`), 'utf8'),
    status: Number(readFileSync(join(base, `${n}.${mode}.status`), 'utf8').trim()),
  };
}
