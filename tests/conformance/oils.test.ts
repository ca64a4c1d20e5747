/**
 * The Oils shell's spec tests (tests/conformance/oils/, vendored verbatim; README.md there says which
 * and why) as a conformance test of the bash tool: every case runs in GNU bash, through
 * `suite.execute('bash', …)` on the embedded backend and on the WebContainer backend (over its
 * stand-in), and in raw just-bash, and is judged on stdout and status against bash's expectation
 * (oils-outcomes.ts says how, oils-run.ts what pass, loud and silent mean).
 *
 * tests/conformance/oils-expected.json lists every case left out (and why) and every kept case that
 * fails on some shell (its verdict on each, and why). The test fails on any difference: a case that
 * fails unlisted or otherwise than listed is a regression; a listed one that now passes makes the list
 * stale. `OILS_UPDATE=1 npx vitest run tests/conformance/oils.test.ts` rewrites the list from the run
 * (then write the reasons of the new entries, marked TODO). Needs GNU bash 5.2 at /bin/bash: without
 * it the test says it is skipped. Takes one to three minutes on two busy cores. What GNU bash makes of
 * the cases comes from tests/conformance/oils-gnu.json when that was made with this bash from these
 * very cases, helpers and harness (oils-gnu-record.ts); otherwise GNU bash runs them.
 */
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Expectations,
  expectationsOf,
  type Failure,
  readExpectations,
  SHELLS,
  type Shell,
  writeExpectations,
} from './oils-expectations.ts';
import { type GnuSource, gnuJudgements, writeGnuRecord } from './oils-gnu-record.ts';
import { casesForGnu, type Outcome, runAll, shown } from './oils-outcomes.ts';
import { loadCases } from './oils-run.ts';

/** Cases in flight at once (oils-outcomes.ts: the shells mostly wait). */
const WORKERS = 8;

function gnuBashVersion(): string | undefined {
  try {
    return execFileSync('/bin/bash', ['-c', 'echo $BASH_VERSION'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

const GNU_BASH = gnuBashVersion();
const GNU_52 = GNU_BASH?.startsWith('5.2.') === true;

describe.skipIf(!GNU_52)('the Oils spec tests (GNU bash 5.2 at /bin/bash)', () => {
  let outcomes: Outcome[] = [];
  let expected: Expectations = { excluded: [], failures: [] };
  let actual: Expectations = { excluded: [], failures: [] };

  let gnu: GnuSource | undefined;

  beforeAll(async () => {
    const started = Date.now();
    const update = process.env.OILS_UPDATE === '1';
    const cases = loadCases();
    const gnuCases = casesForGnu(cases);
    gnu = gnuJudgements(gnuCases, GNU_BASH ?? '', update);
    outcomes = await runAll(cases, WORKERS, gnu);
    if (update) writeGnuRecord(GNU_BASH ?? '', gnuCases, await Promise.all(gnu.judgements));
    const previous = readExpectations();
    actual = expectationsOf(outcomes, previous);
    if (update) writeExpectations(actual);
    expected = readExpectations();
    console.log(`${summary(outcomes, Date.now() - started)}\n  GNU bash's judgements: from ${gnu.from}`);
  }, 900_000);

  it("takes GNU bash's judgements from a record made with this bash from these inputs, or from GNU bash", () => {
    expect(
      gnu?.stale,
      'OILS_UPDATE=1 npx vitest run tests/conformance/oils.test.ts rewrites it',
    ).toBeUndefined();
  });

  it('leaves out exactly the listed cases, for the listed reasons', () => {
    expect(actual.excluded).toEqual(expected.excluded);
  });

  it('fails on no shell where the list does not say so (no regression)', () => {
    const listed = new Map(expected.failures.map((failure) => [failure.case, failure]));
    const regressions = actual.failures
      .filter((failure) =>
        SHELLS.some((shell) => failure[shell] !== (listed.get(failure.case)?.[shell] ?? 'pass')),
      )
      .map((failure) => report(failure, listed.get(failure.case), outcomes));
    expect(regressions).toEqual([]);
  });

  it('lists no failure that no longer happens (the list is not stale)', () => {
    const failing = new Map(actual.failures.map((failure) => [failure.case, failure]));
    const stale = expected.failures
      .filter((failure) =>
        SHELLS.some(
          (shell) => failure[shell] !== 'pass' && failing.get(failure.case)?.[shell] !== failure[shell],
        ),
      )
      .map(
        (failure) =>
          `${failure.case} ${failure.name}: listed ${verdicts(failure)}, now ${verdicts(failing.get(failure.case))}`,
      );
    expect(stale).toEqual([]);
  });

  it('gives every listed failure a reason', () => {
    const unexplained = expected.failures.filter(
      (failure) => failure.reason.trim() === '' || failure.reason.startsWith('TODO'),
    );
    expect(unexplained.map((failure) => failure.case)).toEqual([]);
  });

  it('counts the cases raw just-bash passes and the bash tool fails (this library broke them)', () => {
    const broken = (list: Expectations): string[] =>
      list.failures
        .filter((failure) => failure.raw === 'pass' && failure.embedded !== 'pass')
        .map((failure) => failure.case);
    expect(broken(actual)).toEqual(broken(expected));
    if (broken(actual).length > 0)
      console.log(`raw just-bash passes, the bash tool fails: ${broken(actual).join(', ')}`);
  });

  it('passes as many kept cases on each shell as the list says', () => {
    const kept = outcomes.filter((outcome) => outcome.verdicts !== undefined).length;
    const rates = (list: Expectations) =>
      Object.fromEntries(
        SHELLS.map((shell) => [
          shell,
          kept - list.failures.filter((failure) => failure[shell] !== 'pass').length,
        ]),
      );
    expect(rates(actual)).toEqual(rates(expected));
    expect(kept + expected.excluded.length).toBe(outcomes.length);
  });
});

function verdicts(failure: Record<Shell, string> | undefined): string {
  return SHELLS.map((shell) => `${shell} ${failure?.[shell] ?? 'pass'}`).join(', ');
}

/** A regression as the test names it: the case, its verdicts now and as listed, and what each run printed. */
function report(failure: Failure, listed: Failure | undefined, outcomes: readonly Outcome[]): string {
  const runs = outcomes.find((outcome) => outcome.id === failure.case)?.runs ?? {};
  const printed = Object.entries(runs).map(
    ([name, run]) => `${name}: ${run.status} ${JSON.stringify(shown(run.stdout).slice(0, 200))}`,
  );
  return [
    `${failure.case} ${failure.name}: now ${verdicts(failure)}; listed ${verdicts(listed)}`,
    ...printed,
  ].join('\n  ');
}

/** The run's totals, as the test prints them. */
function summary(outcomes: readonly Outcome[], elapsedMs: number): string {
  const kept = outcomes.filter((outcome) => outcome.verdicts !== undefined);
  const lines = [
    `Oils spec tests: ${outcomes.length} cases, ${kept.length} kept, ${(elapsedMs / 1000).toFixed(0)} s`,
  ];
  for (const shell of SHELLS) {
    const count = (verdict: string) => kept.filter((outcome) => outcome.verdicts?.[shell] === verdict).length;
    const rate = ((100 * count('pass')) / kept.length).toFixed(1);
    lines.push(
      `  ${shell}: ${count('pass')} pass (${rate} %), ${count('loud')} loud, ${count('silent')} silent`,
    );
  }
  return lines.join('\n');
}
