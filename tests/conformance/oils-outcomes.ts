/**
 * One case through every shell: GNU bash decides whether the case is kept (a case GNU bash fails
 * under this harness says nothing about the others), then the bash tool on both backends and raw
 * just-bash are judged against bash's expectation.
 *
 * The bash tool shows stdout and stderr merged, as a terminal does, and has no stdout of its own; so a
 * case runs through it up to twice, each time in a fresh workspace. The terminal run is the code as a
 * model sends it; when GNU bash printed nothing on stderr, it is judged as it is. Otherwise the
 * stdout run sends stderr away first (`exec 2>/dev/null; ` before the code, on its first line so
 * line numbers stay) and is judged on stdout and status; and where GNU bash's own terminal run shows
 * its stdout whole among the error lines, the tool's terminal run must too, ending with the stdout
 * run's status (so sending stderr to the terminal changes nothing the script does).
 *
 * Outputs are compared as the tool shows them (`shownText`, trailing newlines dropped, as the tool
 * drops them), for raw just-bash too, so the three columns differ only where the shells do.
 */
import { shownText } from '../../src/tools/bash.ts';
import { runRaw, type ToolBackend, ToolRunner } from './oils-backends.ts';
import type { GnuJudgement } from './oils-gnu.ts';
import type { GnuJudgements } from './oils-gnu-record.ts';
import {
  type OilsCase,
  printedWithin,
  type Run,
  ruleExclusion,
  setupOf,
  type Verdict,
  verdictOf,
  withoutSyntaxError,
} from './oils-run.ts';

/** What happened to one case. */
export interface Outcome {
  id: string;
  file: string;
  name: string;
  /** Why the case is not kept; the verdicts are then absent. */
  excluded?: string;
  verdicts?: Record<ToolBackend | 'raw', Verdict>;
  /** What each failing run printed, for the test's report. */
  runs: Record<string, Run>;
}

const STDOUT_PREFIX = 'exec 2>/dev/null; ';

export const shown = (text: string): string => shownText(text).replace(/\n+$/, '');

/** The bash tool on each backend, made once per worker and reused case after case. */
type Tools = Record<ToolBackend, ToolRunner>;

/** Judges one case, given what GNU bash made of it. */
async function runCase(specCase: OilsCase, gnu: GnuJudgement, tools: Tools): Promise<Outcome> {
  const base = { id: specCase.id, file: specCase.file, name: specCase.name };
  if ('fails' in gnu) {
    return { ...base, excluded: `GNU bash 5.2 fails under this harness (${gnu.fails})`, runs: {} };
  }
  const runs: Record<string, Run> = {};
  const raw = await runRaw(specCase.code, setupOf(specCase));
  runs.raw = raw;
  const verdicts = { raw: verdictOf(specCase.bash, raw, shown) } as Record<ToolBackend | 'raw', Verdict>;
  for (const backend of ['embedded', 'webcontainer'] as const) {
    verdicts[backend] = await toolVerdict(specCase, tools[backend], gnu, (name, run) => {
      runs[`${backend} ${name}`] = run;
    });
  }
  return { ...base, verdicts, runs };
}

/**
 * The bash tool's verdict. The terminal run (the code as sent) decides alone when GNU bash printed
 * nothing on stderr and the run matches. Otherwise the stdout run decides, and where GNU bash's own
 * terminal run kept stdout whole (error lines aside) the tool's terminal run must too, with the same
 * status.
 */
async function toolVerdict(
  specCase: OilsCase,
  tool: ToolRunner,
  gnu: { quiet: boolean; consistent: boolean },
  note: (name: string, run: Run) => void,
): Promise<Verdict> {
  const setup = setupOf(specCase);
  const terminal = await tool.run(specCase.code, setup);
  note('terminal', terminal);
  if (gnu.quiet && verdictOf(specCase.bash, terminal, shown) === 'pass') return 'pass';
  const stdoutRun = withoutSyntaxError(await tool.run(STDOUT_PREFIX + specCase.code, setup));
  note('stdout', stdoutRun);
  const verdict = verdictOf(specCase.bash, stdoutRun, shown);
  if (verdict !== 'pass' || !gnu.consistent) return verdict;
  if (terminal.status === stdoutRun.status && printedWithin(shown(stdoutRun.stdout), shown(terminal.stdout)))
    return 'pass';
  return terminal.status === 0 || terminal.status === specCase.bash.status ? 'silent' : 'loud';
}

/** The cases no rule leaves out: those GNU bash judges. */
export function casesForGnu(cases: readonly OilsCase[]): OilsCase[] {
  return cases.filter((specCase) => ruleExclusion(specCase.code) === undefined);
}

/**
 * Runs every case: those a rule leaves out are not run; each the others GNU bash passes (`gnu`, as
 * its judgements arrive) then runs in the shells under test, `workers` cases at a time. The shells
 * wait on timers (the WebContainer stand-in's round trips), so a few cases in flight keep the thread
 * busy.
 */
export async function runAll(
  cases: readonly OilsCase[],
  workers: number,
  gnu: GnuJudgements,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = cases.map((specCase) => {
    const excluded = ruleExclusion(specCase.code);
    return {
      id: specCase.id,
      file: specCase.file,
      name: specCase.name,
      runs: {},
      ...(excluded ? { excluded } : {}),
    };
  });
  const toRun = outcomes.flatMap((outcome, index) => (outcome.excluded ? [] : [index]));
  let next = 0;
  const work = async (): Promise<void> => {
    const tools: Tools = {
      embedded: new ToolRunner('embedded'),
      webcontainer: new ToolRunner('webcontainer'),
    };
    for (let at = next++; at < toRun.length; at = next++) {
      const index = toRun[at] as number;
      const judgement = await (gnu.judgements[at] as Promise<GnuJudgement>);
      outcomes[index] = await runCase(cases[index] as OilsCase, judgement, tools);
    }
  };
  await Promise.all([gnu.done, ...Array.from({ length: workers }, work)]);
  return outcomes;
}
