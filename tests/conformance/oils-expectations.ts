/**
 * The committed record of the Oils spec cases (tests/conformance/oils-expected.json): every case left
 * out and why, and every kept case that does not pass on each shell, with its verdict there and a
 * one-line reason. oils.test.ts holds the shells to it; oils-table.ts prints docs/backends.md's table
 * from it. `OILS_UPDATE=1` makes the test rewrite it from what ran (reasons kept; a new failure gets a
 * reason starting with `TODO`, which the test refuses until someone writes one).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ToolBackend } from './oils-backends.ts';
import type { Outcome } from './oils-outcomes.ts';
import type { Verdict } from './oils-run.ts';

const EXPECTED_PATH: string = join(import.meta.dirname, 'oils-expected.json');

/** The shells a case is judged on. */
export type Shell = ToolBackend | 'raw';
export const SHELLS: readonly Shell[] = ['embedded', 'webcontainer', 'raw'];

/** A case left out. */
interface Excluded {
  case: string;
  name: string;
  reason: string;
}

/** A kept case that fails on at least one shell: its verdict on each, and why. */
export interface Failure extends Record<Shell, Verdict> {
  case: string;
  name: string;
  reason: string;
}

export interface Expectations {
  excluded: Excluded[];
  failures: Failure[];
}

export function readExpectations(): Expectations {
  return JSON.parse(readFileSync(EXPECTED_PATH, 'utf8')) as Expectations;
}

/** What the outcomes say, with the reasons of `previous` kept for the failures it already lists. */
export function expectationsOf(
  outcomes: readonly Outcome[],
  previous: Expectations | undefined,
): Expectations {
  const reasons = new Map(previous?.failures.map((failure) => [failure.case, failure.reason]));
  const excluded: Excluded[] = [];
  const failures: Failure[] = [];
  for (const outcome of outcomes) {
    if (outcome.excluded !== undefined) {
      excluded.push({ case: outcome.id, name: outcome.name, reason: outcome.excluded });
      continue;
    }
    const verdicts = outcome.verdicts;
    if (!verdicts || SHELLS.every((shell) => verdicts[shell] === 'pass')) continue;
    const reason = reasons.get(outcome.id) ?? `TODO: ${describeRun(outcome)}`;
    failures.push({ case: outcome.id, name: outcome.name, ...verdicts, reason });
  }
  return { excluded, failures };
}

export function writeExpectations(expectations: Expectations): void {
  writeFileSync(EXPECTED_PATH, `${JSON.stringify(expectations, null, 2)}\n`);
}

/** What the embedded tool's stdout run (or its only run) printed, for a reason still to be written. */
function describeRun(outcome: Outcome): string {
  const run = outcome.runs['embedded stdout'] ?? outcome.runs['embedded terminal'];
  if (!run) return 'no run recorded';
  return `status ${run.status}, printed ${JSON.stringify(run.stdout.slice(0, 120))}`;
}
