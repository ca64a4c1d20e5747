/**
 * The Oils spec cases (tests/conformance/oils/*.test.sh, read by oils-spec.ts) with their places,
 * the helpers they call, the cases left out whatever the shells do, and how a run is judged against
 * bash's expectation. Used by oils-gnu.ts, oils-backends.ts and oils-outcomes.ts.
 *
 * Every run gets the environment of the Oils harness (test/sh_spec.py and test/spec-common.sh in the
 * Oils repository): a fresh empty directory as cwd and `$TMP`, `LC_ALL=C.UTF-8`, `$SH` naming bash,
 * and the spec helpers (argv.py, printenv.py, stdout_stderr.py, read_from_fd.py, foo=bar: bash
 * versions in tests/conformance/oils-bin) first on `PATH`; no `HOME`, as in the harness. The
 * workspaces always set `HOME` (to their root, by default): there it is the case's directory. For
 * the spec files that say `legacy_tmp_dir: yes`, that directory holds an empty `_tmp`, as the harness
 * makes it.
 * GNU bash reads the code on its stdin, as the Oils harness feeds it (the expectations were written
 * so: a script ended by `set -u` exits 1 there, 127 as `bash -c`); the shells under test get it as a
 * command, as the bash tool runs one, with no input.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BashExpectation, parseSpecFile, type SpecCase } from './oils-spec.ts';

const SPEC_DIR: string = join(import.meta.dirname, 'oils');
export const HELPER_DIR: string = join(import.meta.dirname, 'oils-bin');

/** A case with its place: `id` is `file:line` (the line of its `####` header). */
export interface OilsCase extends SpecCase {
  id: string;
  file: string;
  /** The file says `legacy_tmp_dir: yes`: its cases expect a directory `_tmp` in their own. */
  legacyTmpDir: boolean;
}

/** Every case of every vendored spec file, in file order. */
export function loadCases(): OilsCase[] {
  return specFiles().flatMap((file) => {
    const spec = parseSpecFile(readFileSync(join(SPEC_DIR, file), 'utf8'));
    const legacyTmpDir = spec.metadata.legacy_tmp_dir === 'yes';
    return spec.cases.map((specCase) => ({
      ...specCase,
      id: `${file}:${specCase.line}`,
      file,
      legacyTmpDir,
    }));
  });
}

function specFiles(): string[] {
  return readdirSync(SPEC_DIR)
    .filter((name) => name.endsWith('.test.sh'))
    .sort();
}

/** The helpers' names and text, for the shells that cannot see this repository's files. */
export function helperFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(HELPER_DIR)) files[name] = readFileSync(join(HELPER_DIR, name), 'utf8');
  return files;
}

/**
 * Whether a case calls a helper (all are named `*.py`, but for `foo=bar`, written `foo\=bar`). The
 * workspaces get them only then, as making them executable costs a command of its own.
 */
function needsHelpers(code: string): boolean {
  return code.includes('.py') || code.includes('foo\\=bar');
}

/**
 * Why a case is left out whatever the shells do, or `undefined`. These need what neither the
 * workspace nor this repository has: Python itself, the Python helper that lists open descriptors,
 * or the Oils repository's own files; or GNU bash's own run of them is a race.
 */
export function ruleExclusion(code: string): string | undefined {
  if (/(^|[\s;|&($`'"])python[23]?\b/m.test(code))
    return 'runs Python (python2 -c …), which the workspace does not have';
  if (code.includes('show_fd_table.py'))
    return 'needs show_fd_table.py, a Python helper that lists the open descriptors';
  if (code.includes('$REPO_ROOT')) return 'reads files of the Oils repository ($REPO_ROOT/spec/testdata/…)';
  // GNU bash does not wait for such a process before the script ends: on a loaded machine its output
  // came after the harness had read the script's, and the case flipped between kept and left out.
  if (code.includes('>(')) return 'writes to a process substitution >(…), which GNU bash does not wait for';
  return undefined;
}

/** How a case's directory and PATH are laid out before it runs. */
export interface CaseSetup {
  /** The helpers are on PATH (see `needsHelpers`). */
  helpers: boolean;
  /** The case's directory holds an empty `_tmp`. */
  tmpDir: boolean;
}

export function setupOf(specCase: OilsCase): CaseSetup {
  return { helpers: needsHelpers(specCase.code), tmpDir: specCase.legacyTmpDir };
}

/** What one run printed and its exit code. */
export interface Run {
  stdout: string;
  status: number;
}

/** How a run compares with bash's expectation. */
export type Verdict = 'pass' | 'loud' | 'silent';

/**
 * `pass` when stdout (if the case gives one) and the status match. Otherwise `silent` when the run
 * looks fine to its caller, ending with status 0 or with the status the case expects (so the wrong
 * output goes unnoticed), and `loud` when it ends with another non-zero status.
 */
export function verdictOf(expected: BashExpectation, run: Run, shown = (text: string) => text): Verdict {
  const stdoutOk = expected.stdout === undefined || shown(expected.stdout) === shown(run.stdout);
  if (stdoutOk && run.status === expected.status) return 'pass';
  return run.status === 0 || run.status === expected.status ? 'silent' : 'loud';
}

/**
 * Whether `terminal` is `stdout` with lines of error text put in anywhere (each piece ends with a
 * newline, or ends the text), as a terminal shows stderr among stdout: GNU bash's printf, say, writes
 * its error before the text it prints, so the error can land in the middle of a stdout line. The
 * terminal run of a case is held to this: printing stderr where a terminal shows it must not change
 * what the script prints.
 */
export function printedWithin(stdout: string, terminal: string): boolean {
  // Breadth-first over (position in stdout, position in terminal): match a character, or skip the
  // rest of a terminal line as inserted error text.
  const width = terminal.length + 1;
  const seen = new Set<number>();
  const queue: number[] = [0];
  while (queue.length > 0) {
    const state = queue.pop() as number;
    const [i, j] = [Math.floor(state / width), state % width];
    if (i === stdout.length) return true;
    if (j === terminal.length || seen.has(state)) continue;
    seen.add(state);
    if (stdout[i] === terminal[j]) queue.push(state + width + 1);
    const newline = terminal.indexOf('\n', j);
    if (newline !== -1) queue.push(i * width + newline + 1);
  }
  return false;
}

/**
 * The embedded shell parses the whole script before it runs any of it, so a syntax error stops the
 * stdout run before its `exec 2>/dev/null` runs, and the message, which bash writes to stderr, is the
 * tool's output. A run that ended with status 2 having printed only such a message printed nothing.
 */
export function withoutSyntaxError(run: Run): Run {
  const message = /^bash: (?:syntax error: |line \d+: (?:unexpected EOF|syntax error))[^\n]*\n?$/;
  return run.status === 2 && message.test(run.stdout) ? { ...run, stdout: '' } : run;
}
