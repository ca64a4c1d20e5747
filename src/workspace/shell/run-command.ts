/**
 * How a backend runs one script through just-bash (the embedded backend, and the WebContainer
 * backend, whose scripts run in the same interpreter): the execution limits, the stop at the
 * call's timeout or abort, and the output as a terminal shows it. Imports just-bash and workspace.ts.
 *
 * What just-bash does not do on its own, and how this file gets it:
 *
 * - **A timeout that interrupts a busy loop.** The interpreter never yields to the event loop while it
 *   runs shell code (its awaits settle as microtasks), so a timer cannot fire during `while true; do :;
 *   done`: in Node or a Worker the thread would be held until just-bash's own wall clock. The deadline
 *   is therefore checked by the interpreter itself: it reads its count limits before every command and
 *   loop iteration, and this file makes those limits read 0 once the deadline has passed.
 * - **Output kept when a command is stopped.** just-bash drops everything printed so far when a command
 *   is aborted, but keeps it when a limit stops the command. Stopping through the count limits (above)
 *   therefore keeps the output; `sleep` (the only wait a script has) returns early at the stop, so the
 *   next command hits the limit. A single long built-in that checks no limit is still stopped by
 *   just-bash, `STOP_BACKSTOP_MS` later, and loses its output: by its abort, or (the embedded backend,
 *   `backstop: 'deadline'`) by its own wall clock, which this file moves to the stop plus that time.
 * - **stdout and stderr in the order they were printed.** just-bash collects the two streams of a
 *   compound command apart. `exec 2>&1` before the script sends stderr into stdout command by command,
 *   as a terminal shows it; it is added to the parsed script (a transform plugin), so line and column
 *   numbers in messages stay those of the command as sent.
 * - **GNU's reading of a script.** Transform plugins refuse a brace range it would cut short
 *   (`brace-ranges.ts`) and respell what its interpreter reads otherwise than bash (below); its commands
 *   are wrapped where they answered otherwise than GNU's or read GNU's options otherwise
 *   (`command-fixes.ts`, `option-spellings.ts`).
 * - **Speed on long files.** `sed -n 'A,Bp' FILE`, which its sed runs line by line to the end, is handed
 *   to its own `head` and `tail` (`sed-line-range.ts`).
 *
 * Each call runs on its own view of the shell (`Object.create(bash)`) that carries that call's limits,
 * `sleep`, plugins, command table and a copy of the shell's state, so concurrent commands never share a
 * deadline and no command inherits what an earlier one set (`readonly`, `shopt`). These are fields
 * of just-bash's `Bash` that its types mark private; `assertRunnable` checks they exist, so an upgrade
 * of just-bash that renames them fails at creation instead of losing the timeout.
 */
import type { Bash, BashOptions, Command } from 'just-bash';
import type { ExecOptions, ExecResult } from '../workspace.ts';
import { widenArithmetic } from './arithmetic-width.ts';
import { joinArraysAsArguments } from './array-joins.ts';
import { fixAssignmentStatus } from './assignment-status.ts';
import { backgroundRefusal } from './background-refusal.ts';
import { oversizeRangeRefusal } from './brace-ranges.ts';
import { refuseExtraCdOperands } from './cd-operands.ts';
import { withFixedCommands } from './command-fixes.ts';
import { runDirectoryGlobs } from './directory-globs.ts';
import { type ErrorTarget, errorTargetOf, interleaveErrors } from './interleave.ts';
import { keepLoopControlInItsLoop } from './loop-control.ts';
import { fixMatchPatterns } from './match-patterns.ts';
import { MISSING_COMMANDS } from './missing-commands.ts';
import { runScriptsByPath, SCRIPT_BY_PATH, SCRIPT_ON_PATH, type ShellCommands } from './path-scripts.ts';
import {
  type Respelling,
  respellAtRunTime,
  runtimeRespellingCommands,
  type ScriptText,
} from './runtime-respelling.ts';
import { withSedLineRangesFast } from './sed-line-range.ts';
import type { StandardStreams } from './standard-streams.ts';
import { inlineStaticEvals } from './static-eval.ts';
import { trapPlugin } from './trap-plugin.ts';
import { QUOTE_WORDS_NAME, runWordNames } from './word-names.ts';

/** just-bash's execution limits (see its `ExecutionLimits`). */
type Limits = NonNullable<BashOptions['executionLimits']>;

/**
 * The limits the embedded shell runs under, layered over just-bash's `hardened` profile.
 *
 * What bounds a command is the call's timeout (wall time, at most 600 s), memory (the workspace size,
 * strings, output) and recursion depth, never how many steps it takes. The counts are therefore set
 * where the timeout always comes first: just-bash runs some 20,000 to 50,000 shell commands, and about
 * as many awk loop steps, per second, so 600 s is at most about 30 million; 1,000 million leaves a
 * margin of 30 for faster machines. A 60,000-line file read line by line, summed with awk, cut and
 * sorted, or `seq 1 250000`, all fit.
 *
 * The bounds that hold memory stay: 1 million array elements (also the most lines `seq` prints, as it
 * holds them in an array), brace expansion results, jq elements and CSV rows; the hardened profile's
 * 10 MiB per string and of output per command, 64 MiB of live data, 128 MiB of workspace and recursion
 * depth 100. Traversals (find, globs) may visit 10 million entries, more than 128 MiB can hold; input
 * read by one command adds up to 512 MiB (just-bash's default), a count of work done, not memory held.
 */
export const EMBEDDED_EXECUTION_LIMITS: Readonly<Limits> = {
  maxCommandCount: 1_000_000_000,
  maxLoopIterations: 1_000_000_000,
  maxAwkIterations: 1_000_000_000,
  maxSedIterations: 1_000_000_000,
  maxJqIterations: 1_000_000_000,
  maxWorkUnits: 1_000_000_000_000,
  maxArrayElements: 1_000_000,
  maxBraceExpansionResults: 1_000_000,
  maxQueryElements: 1_000_000,
  maxCsvRows: 1_000_000,
  maxCsvCells: 10_000_000,
  maxGlobOperations: 10_000_000,
  maxTraversalEntries: 10_000_000,
  maxTraversalWork: 10_000_000,
  maxInputBytes: 512 * 1024 * 1024,
};

/** The count limits that read 0 once a command is to stop (see the file comment). */
const STOP_LIMITS = [
  'maxCommandCount',
  'maxLoopIterations',
  'maxAwkIterations',
  'maxSedIterations',
  'maxJqIterations',
] as const;

/** After a stop, how long a single long built-in may run on before just-bash's own abort ends it. */
const STOP_BACKSTOP_MS = 500;
/** Exit code of a command stopped by its timeout or an abort (the seam's code for both). */
const STOPPED_EXIT_CODE = 124;
/**
 * The last line just-bash prints when the stop above ended the command: a count limit of 0 ("too many
 * commands executed (>0), ...", "for loop: too many iterations (0), ..."), or its own abort.
 */
const STOP_MESSAGE = /(^|\n)[^\n]*(?:\(>?0\)|execution aborted|execution deadline)[^\n]*\n?$/;

/**
 * The timer functions as they were when this module loaded. just-bash's defence in depth (on by
 * default in Node) replaces the global ones while a script runs, and the stop arms timers from inside
 * the script (the backstop, an early `sleep`).
 */
const setTimer: typeof setTimeout = globalThis.setTimeout.bind(globalThis);
const clearTimer: typeof clearTimeout = globalThis.clearTimeout.bind(globalThis);

/** The fields of `Bash` a per-call view replaces. */
interface BashInternals {
  commands: Map<string, Command>;
  limits: Required<Limits>;
  sleepFn: ((ms: number) => Promise<void>) | undefined;
  transformPlugins: unknown[];
  state: Record<string, unknown>;
}

type TransformPlugin = Parameters<Bash['registerTransformPlugin']>[0];
type ScriptNode = ReturnType<Bash['transform']>['ast'];

/** What the scripts-by-path respelling needs to know of the shell's commands. */
async function shellCommandsOf(bash: Bash, commands: Map<string, Command>): Promise<ShellCommands> {
  return {
    isCommand: (name) => commands.has(name),
    // The embedded shell keeps a marker file per command in /bin; the WebContainer's has no /bin.
    directory: (await bash.fs.exists(`/bin/${SCRIPT_ON_PATH.name}`)) ? '/bin/' : '',
  };
}

/** Throws when this version of just-bash lacks the fields a per-call view replaces. */
export function assertRunnable(bash: Bash): void {
  const internals = bash as unknown as Partial<BashInternals>;
  if (
    typeof internals.limits !== 'object' ||
    typeof internals.state !== 'object' ||
    !('sleepFn' in bash) ||
    !Array.isArray(internals.transformPlugins) ||
    !(internals.commands instanceof Map)
  ) {
    throw new Error(
      'This version of just-bash has no limits, state, sleepFn, transformPlugins or commands field: the embedded workspace cannot enforce timeouts, start each command in a fresh shell or fix its commands with it.',
    );
  }
}

/** Why a command was stopped, once it was. */
type StopReason = 'timeout' | 'abort';

/** The stop of one call: set by its timer, its abort, or the deadline seen from inside a busy loop. */
export class Stop {
  reason: StopReason | undefined;
  /** When the stop came (`Date.now()`). */
  at: number | undefined;
  private readonly listeners = new Set<() => void>();
  constructor(private readonly deadline: number) {}

  /** Whether the command must stop now. Reads the clock, since no timer fires inside a busy loop. */
  now(): boolean {
    if (this.reason === undefined && Date.now() >= this.deadline) this.trigger('timeout');
    return this.reason !== undefined;
  }

  trigger(reason: StopReason): void {
    if (this.reason !== undefined) return;
    this.reason = reason;
    this.at = Date.now();
    for (const listener of this.listeners) listener();
    this.listeners.clear();
  }

  /** Calls `listener` at the stop (at once if stopped); returns the unsubscribe. */
  onStop(listener: () => void): () => void {
    if (this.reason !== undefined) {
      listener();
      return () => undefined;
    }
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** Options of {@link runJustBashCommand} beyond the seam's own. */
export interface RunCommandOptions {
  /**
   * After the stop, how long a command may take to return before just-bash's abort ends it and its
   * output is lost. Default: {@link STOP_BACKSTOP_MS}. A backend whose commands must first stop a
   * process of their own (the WebContainer kills a program, then waits for its exit and last output)
   * gives them that long.
   */
  backstopMs?: number;
  /**
   * How a command still running at the end of the backstop is ended. `'abort'` (the default): through
   * the abort signal just-bash's exec is given. `'deadline'`: the exec is given no signal, and its own
   * wall clock, which it checks before each command it dispatches and during a walk of the tree, ends
   * at the stop plus the backstop. just-bash gives every command of a script run with a signal an
   * `AbortController` of its own, aborted with a new `Error` when the command returns: with its
   * defense-in-depth on, that made `echo` in a loop about 40 % slower. The WebContainer backend keeps
   * `'abort'`: its programs run as such commands.
   */
  backstop?: 'abort' | 'deadline';
  /**
   * The standard streams the backend's filesystem serves as `/dev/stdin`, `/dev/stdout` and
   * `/dev/stderr` (standard-streams.ts): each command then runs in a frame of them. A backend whose
   * files are not the shell's own (the WebContainer's) has none.
   */
  streams?: StandardStreams;
}

/**
 * Runs `command` on `bash` in `root` (or `options.cwd`) under the per-call stop, and returns its
 * combined output in the order it was printed. A stopped command has exit code 124, `timedOut` or
 * `aborted`, and the output it printed before the stop (just-bash's own stop message removed: the
 * caller explains the stop).
 */
export async function runJustBashCommand(
  bash: Bash,
  root: string,
  command: string,
  options: ExecOptions = {},
  runOptions: RunCommandOptions = {},
): Promise<ExecResult> {
  const internals = bash as unknown as BashInternals;
  // Registered on the shell itself (once), so PATH lookup finds them in /bin as it finds just-bash's own.
  registerLibraryCommands(bash, internals.commands);
  const timeoutMs = options.timeoutMs ?? internals.limits.maxExecutionTimeMs;
  const backstopMs = runOptions.backstopMs ?? STOP_BACKSTOP_MS;
  const stop = new Stop(Date.now() + timeoutMs);
  const backstop = new AbortController();
  const timers: ReturnType<typeof setTimeout>[] = [setTimer(() => stop.trigger('timeout'), timeoutMs)];
  stop.onStop(() => timers.push(setTimer(() => backstop.abort(), backstopMs)));
  const onAbort = (): void => stop.trigger('abort');
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) onAbort();

  const streams: ScriptStreams = {};
  const shellCommands = await shellCommandsOf(bash, internals.commands);
  const deadlineMoves = runOptions.backstop === 'deadline';
  const view = Object.create(bash, {
    limits: {
      value: stoppingLimits(
        internals.limits,
        { wallClockMs: timeoutMs + backstopMs, backstopMs, deadlineMoves },
        stop,
      ),
    },
    sleepFn: { value: (ms: number) => stoppingSleep(ms, stop) },
    transformPlugins: {
      value: [
        ...scriptRespellings(bash, { wholeScript: true }).map(
          ([name, respelling]): TransformPlugin =>
            refusingPlugin(bash, name, (ast) => respelling(ast, shellCommands)),
        ),
        interleavePlugin(bash, streams),
        trapPlugin(bash),
      ],
    },
    commands: { value: fixedCommandsOf(internals.commands, runOptions.streams) },
    state: { value: freshState(internals.state) },
  }) as Bash;
  try {
    const result = await view.exec(command, {
      cwd: options.cwd ?? root,
      ...(deadlineMoves ? {} : { signal: backstop.signal }),
      rawScript: true,
    });
    const stderr = await leftoverErrors(view, result, streams.errorTarget, options.cwd ?? root);
    const output = combine(result.stdout, stderr);
    // A built-in that held the thread past the deadline is stopped by just-bash's own wall clock before
    // the timer can fire: that is this call's timeout too, and is reported as one.
    if (stop.reason === undefined && STOP_MESSAGE.test(output)) stop.now();
    const reason = stop.reason;
    return {
      output: reason === undefined ? output : output.replace(STOP_MESSAGE, '$1'),
      exitCode: reason === undefined ? result.exitCode : STOPPED_EXIT_CODE,
      timedOut: reason === 'timeout',
      aborted: reason === 'abort',
      droppedBytes: 0,
    };
  } finally {
    for (const timer of timers) clearTimer(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/** The fixed table of each shell's commands, and how many commands the shell had when it was made. */
const fixedTables = new WeakMap<Map<string, Command>, { size: number; table: Map<string, Command> }>();

/**
 * The shell's commands with the fixes of command-fixes.ts and sed-line-range.ts, each run in a frame of
 * `streams` when given (standard-streams.ts). The wrappers hold no
 * state of a call, so one table serves every call; it is made again when a command was registered on
 * the shell since (a shell only ever gains commands).
 */
function fixedCommandsOf(commands: Map<string, Command>, streams?: StandardStreams): Map<string, Command> {
  const known = fixedTables.get(commands);
  if (known?.size === commands.size) return known.table;
  const table = withSedLineRangesFast(withFixedCommands(commands));
  if (streams) for (const [name, command] of table) table.set(name, streams.wrap(command));
  fixedTables.set(commands, { size: commands.size, table });
  return table;
}

/**
 * The shell's state for one call: a copy whose sets, maps, lists and option records are copies too.
 * just-bash copies the variables, functions and options of its state for each `exec`, but shares the
 * rest with every later call: `readonly x` made `x=1` fail in every later command, `shopt -s nullglob`
 * stayed set, and the table of commands found on PATH (`hash`) kept a script that had since moved. Each
 * call must start a fresh shell, as the bash tool says.
 */
function freshState(state: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...state };
  for (const [key, value] of Object.entries(state)) {
    if (value instanceof Set) copy[key] = new Set(value);
    else if (value instanceof Map) copy[key] = new Map(value);
    else if (Array.isArray(value)) copy[key] = [...value];
    else if (
      typeof value === 'object' &&
      value !== null &&
      Object.getPrototypeOf(value) === Object.prototype
    ) {
      copy[key] = { ...value };
    }
  }
  return copy;
}

/** The wall clock of one call: the timeout plus the backstop, moved to the stop plus it when asked. */
interface WallClock {
  wallClockMs: number;
  backstopMs: number;
  /** Whether the wall clock ends at the stop plus the backstop (`backstop: 'deadline'`). */
  deadlineMoves: boolean;
}

/**
 * The shell's limits for one call: its own wall clock and count limits that read 0 once the call is to
 * stop, so the interpreter stops at the next command or loop step and keeps what was printed.
 */
function stoppingLimits(base: Required<Limits>, clock: WallClock, stop: Stop): Required<Limits> {
  const limits: Required<Limits> = { ...base, maxExecutionTimeMs: clock.wallClockMs };
  for (const name of STOP_LIMITS) {
    const value = base[name];
    Object.defineProperty(limits, name, { enumerable: true, get: () => (stop.now() ? 0 : value) });
  }
  if (clock.deadlineMoves) {
    // just-bash measures from its own start, a moment after this one: the stop comes no later.
    const started = Date.now();
    Object.defineProperty(limits, 'maxExecutionTimeMs', {
      enumerable: true,
      get: () =>
        stop.at === undefined
          ? clock.wallClockMs
          : Math.min(clock.wallClockMs, stop.at - started + clock.backstopMs),
    });
  }
  return limits;
}

/**
 * `sleep` that ends early at the stop, so a script waiting in a loop stops at its next command. A sleep
 * that starts after the stop (an abort can land between the check before a command and the command)
 * returns at once.
 */
export function stoppingSleep(ms: number, stop: Stop): Promise<void> {
  return new Promise((resolve) => {
    if (stop.now()) return resolve();
    const timer = setTimer(() => {
      unsubscribe();
      resolve();
    }, ms);
    const unsubscribe = stop.onStop(() => {
      clearTimer(timer);
      resolve();
    });
  });
}

/** just-bash's own reading and writing of script text, through a shell with no plugins of its own. */
function scriptTextOf(bash: Bash): ScriptText {
  return {
    parse: (text) => bash.transform(text).ast,
    // A shell whose one plugin hands over the tree: its `transform` then writes that tree out.
    serialize: (ast) =>
      (
        Object.create(bash, {
          transformPlugins: { value: [{ name: 'write-out', transform: () => ({ ast }) }] },
        }) as Bash
      ).transform('').script,
  };
}

/**
 * The respellings of a script before it runs, in order, each with its plugin's name. Each returns the
 * script to run instead when it refuses the script (a brace range longer than just-bash expands,
 * `brace-ranges.ts`; a background job, `background-refusal.ts`), or changes the tree in place: a
 * script run by its path (`path-scripts.ts`), `cd a b` (`cd-operands.ts`), `break` with no loop
 * (`loop-control.ts`), shifts in `$(( ))` (`arithmetic-width.ts`), the patterns of `case` and `[[ ]]`
 * (`match-patterns.ts`), an eval of expanded text and `source` (`runtime-respelling.ts`), a command
 * name that expands to several words (`word-names.ts`), the status of a command that only assigns
 * (`assignment-status.ts`). Scripts run with `bash` or `sh` (`bash -c`,
 * `bash file.sh`, and `./file.sh` through `path-scripts.ts`) pass through them too, and so does the
 * text of `eval 'text'` written in the script (`static-eval.ts`). The text of an eval of expanded text
 * and of a sourced file passes through them as it runs, but for `break` and `continue` (whether they
 * have a loop depends on where that text runs) and the status of an assignment (`wholeScript` false). Each walk of the tree costs
 * about a sixth of the parse on a 5,000-line script.
 */
function scriptRespellings(bash: Bash, { wholeScript }: { wholeScript: boolean }): [string, Respelling][] {
  const { parse } = scriptTextOf(bash);
  const respellings: [string, Respelling][] = [
    [
      'static-eval',
      (ast) => {
        inlineStaticEvals(ast, parse, (parsed) => needsRespelling(bash, parsed));
        return undefined;
      },
    ],
    ['oversize-brace-ranges', oversizeRangeRefusal],
    ['background-jobs', (ast) => backgroundRefusal(ast, parse)],
    ['scripts-by-path', (ast, shell) => runScriptsByPath(ast, shell)],
    ['cd-operands', (ast) => refuseExtraCdOperands(ast, parse)],
    ['loop-control', (ast) => keepLoopControlInItsLoop(ast, parse)],
    ['arithmetic-width', widenArithmetic],
    ['match-patterns', fixMatchPatterns],
    // Before word-names, which respells to `eval`s that need nothing more.
    ['run-time-text', (ast, shell) => respellAtRunTime(ast, parse, shell.directory)],
    ['array-joins', (ast) => joinArraysAsArguments(ast, parse)],
    ['directory-globs', (ast, shell) => runDirectoryGlobs(ast, parse, shell.directory)],
    ['word-names', (ast, shell) => runWordNames(ast, parse, shell.directory)],
    ['assignment-status', (ast) => fixAssignmentStatus(ast, parse)],
  ];
  // Text run as the script runs leaves out what depends on where it runs (`break`, `continue`), and the
  // status of an assignment (`eval "x=$v"` would otherwise be refused where the text cannot be
  // written back out faithfully, for a status no one reads).
  const atRunTime = new Set(['loop-control', 'assignment-status']);
  return wholeScript ? respellings : respellings.filter(([name]) => !atRunTime.has(name));
}

/**
 * Whether the respellings would refuse or change the parsed text of an eval written in the script, so
 * static-eval.ts puts it in the script for them. Whether a `break` or `continue` has a loop depends on
 * where the eval runs, which its text alone does not show (in it, `eval continue` has none): that is
 * decided by the loop-control plugin on the whole script, so it is asked here on a copy.
 */
function needsRespelling(bash: Bash, parsed: ScriptNode): boolean {
  const before = JSON.stringify(parsed);
  const shell: ShellCommands = { isCommand: () => true, directory: '' };
  for (const [name, respelling] of scriptRespellings(bash, { wholeScript: false })) {
    if (name !== 'static-eval' && respelling(parsed, shell) !== undefined) return true;
  }
  const controlled = structuredClone(parsed);
  keepLoopControlInItsLoop(controlled, scriptTextOf(bash).parse);
  return JSON.stringify(parsed) !== before || JSON.stringify(controlled) !== JSON.stringify(parsed);
}

/** A plugin that runs `refusal`'s script instead of the script when `refusal` returns one. */
function refusingPlugin(
  bash: Bash,
  name: string,
  refusal: (ast: ScriptNode) => string | undefined,
): TransformPlugin {
  return {
    name,
    transform({ ast }: { ast: ScriptNode }) {
      const script = refusal(ast);
      return { ast: script ? bash.transform(script).ast : ast };
    },
  };
}

/**
 * Registers, once per shell, the commands this library adds to it: the missing ones, and those its
 * respellings call (by path: PATH lookup finds them in /bin as it finds just-bash's own).
 */
function registerLibraryCommands(bash: Bash, commands: Map<string, Command>): void {
  if (commands.has(QUOTE_WORDS_NAME)) return;
  const runTime = scriptRespellings(bash, { wholeScript: false }).map(([, respelling]) => respelling);
  for (const command of [
    ...MISSING_COMMANDS,
    SCRIPT_BY_PATH,
    SCRIPT_ON_PATH,
    ...runtimeRespellingCommands(runTime, scriptTextOf(bash)),
  ])
    if (!commands.has(command.name)) bash.registerCommand(command);
}

/** What the call's own script does with its streams, as its parsed tree says. */
interface ScriptStreams {
  errorTarget?: ErrorTarget;
}

/**
 * A plugin that interleaves the error output of the first script it sees (the call's own script; nested
 * shells such as `bash -c` are parsed later and are left as they are), and notes where that script's
 * `exec` sends its error output: see `interleave.ts`.
 */
function interleavePlugin(bash: Bash, streams: ScriptStreams): TransformPlugin {
  let applied = false;
  return {
    name: 'interleave-stderr',
    transform({ ast }: { ast: ScriptNode }) {
      if (applied) return { ast };
      applied = true;
      streams.errorTarget = errorTargetOf(ast);
      return { ast: interleaveErrors(bash, ast) };
    },
  };
}

/**
 * The error text just-bash handed back apart from stdout, unless the script sent its error output
 * elsewhere with `exec 2>…`: then it goes there (dropped for /dev/null, added to the file), as bash
 * writes the shell's own messages to wherever descriptor 2 points. A stop by a limit (126) keeps its
 * message, which says why the command was stopped.
 */
async function leftoverErrors(
  view: Bash,
  result: { stderr: string; exitCode: number },
  target: ErrorTarget | undefined,
  cwd: string,
): Promise<string> {
  if (!target || result.stderr === '' || result.exitCode === 126) return result.stderr;
  if (target.discard) return '';
  try {
    await view.fs.appendFile(view.fs.resolvePath(cwd, target.path), result.stderr);
    return '';
  } catch {
    return result.stderr;
  }
}

/** What is left in stderr (a parse error, a limit's message) comes after everything printed. */
function combine(stdout: string, stderr: string): string {
  if (stdout === '') return stderr;
  if (stderr === '') return stdout;
  return stdout.endsWith('\n') ? `${stdout}${stderr}` : `${stdout}\n${stderr}`;
}
