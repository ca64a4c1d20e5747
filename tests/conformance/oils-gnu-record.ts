/**
 * What GNU bash made of the Oils cases, kept in tests/conformance/oils-gnu.json so a run of the test
 * need not start GNU bash about 3,000 times (about 115 of the test's 160 CPU seconds on two cores).
 *
 * GNU bash only decides which cases are kept and how a case's stderr sits among its stdout (oils-gnu.ts);
 * the shells under test always run. The record names the bash it was made with and a hash of all it
 * depends on: the code and bash expectation of each case given to GNU bash, the helper scripts, and
 * the source of the harness that runs and judges them (oils-gnu.ts and oils-run.ts). It is used only when both still hold; any
 * other run starts GNU bash, and the test fails on a record whose inputs changed under the same bash
 * (`OILS_UPDATE=1` rewrites it).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GNU_TIMEOUT_SECONDS, type GnuJudgement, judgeGnu, startGnuBash } from './oils-gnu.ts';
import { helperFiles, type OilsCase } from './oils-run.ts';

const RECORD_PATH: string = join(import.meta.dirname, 'oils-gnu.json');

/** GNU bash's judgements of the cases given (oils-outcomes.ts `casesForGnu`), in that order, and the end of them all. */
export interface GnuJudgements {
  judgements: readonly Promise<GnuJudgement>[];
  done: Promise<void>;
}

/**
 * The record as stored. `cases` notes each case that is not simply quiet and consistent: `fails: how`,
 * or `noisy`, `inconsistent` or both; a case it does not name is quiet and consistent. (One string per
 * case keeps the file as JSON.stringify writes it and the formatter leaves it.)
 */
interface GnuRecord {
  bash: string;
  inputs: string;
  cases: Record<string, string>;
}

const FAILS = 'fails: ';

/** What runs the cases in GNU bash and judges its runs (oils-gnu.ts, with oils-run.ts's rules). */
const HARNESS = ['oils-gnu.ts', 'oils-run.ts'];

/** The hash of all a GNU bash run of `cases` depends on besides bash itself. */
function gnuInputs(cases: readonly OilsCase[]): string {
  const hash = createHash('sha256');
  for (const harness of HARNESS) hash.update(readFileSync(join(import.meta.dirname, harness), 'utf8'));
  for (const [name, text] of Object.entries(helperFiles()).sort()) hash.update(`\0${name}\0${text}`);
  for (const specCase of cases) {
    const { id, code, bash, legacyTmpDir } = specCase;
    hash.update(`\0${JSON.stringify({ id, code, bash, legacyTmpDir })}`);
  }
  return hash.digest('hex');
}

function readGnuRecord(): GnuRecord | undefined {
  try {
    return JSON.parse(readFileSync(RECORD_PATH, 'utf8')) as GnuRecord;
  } catch {
    return undefined;
  }
}

/** The judgements a record holds for `cases`, in their order. */
function recordedJudgements(record: GnuRecord, cases: readonly OilsCase[]): GnuJudgement[] {
  return cases.map(({ id }) => {
    const note = record.cases[id] ?? '';
    if (note.startsWith(FAILS)) return { fails: note.slice(FAILS.length) };
    const flags = note.split(', ');
    return { quiet: !flags.includes('noisy'), consistent: !flags.includes('inconsistent') };
  });
}

/** A judgement as the record notes it: empty for a case quiet and consistent. */
function noteOf(judgement: GnuJudgement): string {
  if ('fails' in judgement) return FAILS + judgement.fails;
  const flags = [judgement.quiet ? '' : 'noisy', judgement.consistent ? '' : 'inconsistent'];
  return flags.filter(Boolean).join(', ');
}

/** Writes the record of `judgements` (in the order of `cases`), made with `bash`. */
export function writeGnuRecord(
  bash: string,
  cases: readonly OilsCase[],
  judgements: readonly GnuJudgement[],
): void {
  const record: GnuRecord = { bash, inputs: gnuInputs(cases), cases: {} };
  cases.forEach(({ id }, index) => {
    const note = judgements[index] ? noteOf(judgements[index]) : '';
    if (note !== '') record.cases[id] = note;
  });
  writeFileSync(RECORD_PATH, `${JSON.stringify(record, null, 2)}\n`);
}

/** Where a run's GNU judgements came from, and why the record was not used (when it was not). */
export interface GnuSource extends GnuJudgements {
  from: 'record' | 'GNU bash';
  /** Set when the record was made with this bash from other inputs (or is missing): it must be rewritten. */
  stale?: string;
}

/**
 * GNU bash's judgements of `cases`: from the record when it was made with `bash` from these inputs
 * (and `update` is off), else from GNU bash itself.
 */
export function gnuJudgements(cases: readonly OilsCase[], bash: string, update: boolean): GnuSource {
  const record = readGnuRecord();
  const inputs = gnuInputs(cases);
  if (!update && record?.bash === bash && record.inputs === inputs) {
    const judgements = recordedJudgements(record, cases).map((judgement) => Promise.resolve(judgement));
    return { from: 'record', judgements, done: Promise.resolve() };
  }
  const batch = startGnuBash(cases, GNU_TIMEOUT_SECONDS);
  const judgements = batch.runs.map((runs, index) =>
    runs.then((both) => judgeGnu(cases[index] as OilsCase, both)),
  );
  const source: GnuSource = { from: 'GNU bash', judgements, done: batch.done };
  if (update) return source;
  if (record === undefined) return { ...source, stale: 'tests/conformance/oils-gnu.json is missing' };
  if (record.bash === bash)
    return { ...source, stale: 'the cases, helpers or harness changed since the record was made' };
  return source;
}
