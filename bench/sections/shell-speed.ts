/**
 * Section 9: the embedded shell on real-size files, against GNU bash and against just-bash alone.
 * The workload (bench/shell/workload.ts): a generated 100,000-line log-like file and a tree of 3,000
 * source files (6 MB). Sides: GNU bash (bench/shell/gnu.ts), raw just-bash and the bash tool, each
 * embedded side in a process of its own (bench/shell/side-child.ts says why), all driven from here
 * one call at a time, the order rotating every round. Figures are medians of CPU time per call.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fixed, median, ratio, table, verdict } from '../lib/stats.ts';
import { createGnuSide, type GnuSide, gnuVersions } from '../shell/gnu.ts';
import {
  type CallResult,
  comparable,
  FULL_WORKLOAD,
  QUICK_WORKLOAD,
  type ShellRow,
  type ShellWorkloadSettings,
  shellRows,
  workloadFiles,
} from '../shell/workload.ts';
import type { BenchContext, SectionResult } from './types.ts';

const CHILD = resolve(import.meta.dirname, '../shell/side-child.ts');
const JUST_BASH_VERSION = (
  JSON.parse(
    readFileSync(resolve(import.meta.dirname, '../../node_modules/just-bash/package.json'), 'utf8'),
  ) as {
    version: string;
  }
).version;
/** The embedded sides, in their process each. */
const EMBEDDED = ['raw', 'tool', 'tool-no-defense'] as const;
type Embedded = (typeof EMBEDDED)[number];
type SideName = 'gnu' | Embedded;

const TOOL_TARGET = 1.3;
const GNU_TARGET = 20;

interface Rounds {
  /** Timed rounds of a row, after one untimed call per side. */
  rounds: number;
  /** Rounds of a row where one call of a side took longer than {@link HEAVY_MS}. */
  heavyRounds: number;
  /** Rounds of a row where one took longer than {@link HEAVIEST_MS}: its time dwarfs the noise. */
  heaviestRounds: number;
  /**
   * A cheap command is timed as a batch of calls in a row, as many as take about this long on the
   * slowest side (at most {@link MAX_REPEAT}), so a call of a millisecond is not lost in the clock's
   * resolution and the scheduler's noise; the figure is per call.
   */
  batchMs: number;
}
const FULL_ROUNDS: Rounds = { rounds: 5, heavyRounds: 3, heaviestRounds: 1, batchMs: 300 };
const QUICK_ROUNDS: Rounds = { rounds: 1, heavyRounds: 1, heaviestRounds: 1, batchMs: 30 };
const HEAVY_MS = 1_000;
const HEAVIEST_MS = 15_000;
const MAX_REPEAT = 100;

/** A side in a child process: one request at a time. */
interface ChildSide {
  setupMs: number;
  call(command: string, repeat: number, changes?: string): Promise<CallResult>;
  close(): void;
}

function startChild(side: Embedded, settings: ShellWorkloadSettings): Promise<ChildSide> {
  const child: ChildProcess = fork(CHILD, [side, JSON.stringify(settings)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let pending: ((result: CallResult) => void) | undefined;
  return new Promise((resolveReady, rejectReady) => {
    child.once('exit', (code) => rejectReady(new Error(`bench: the ${side} process exited with ${code}`)));
    child.on('message', (message: { type: string; setupMs?: number } & CallResult) => {
      if (message.type === 'ready') {
        resolveReady({
          setupMs: message.setupMs ?? Number.NaN,
          call: (command, repeat, changes) =>
            new Promise((resolveCall) => {
              pending = resolveCall;
              child.send({ type: 'run', command, repeat, changes });
            }),
          close: () => child.send({ type: 'exit' }),
        });
      } else if (message.type === 'result') {
        pending?.(message);
      }
    });
  });
}

/** Calls `command` on `side`, GNU's or a child's. */
type Caller = (side: SideName, command: string, repeat: number, changes?: string) => Promise<CallResult>;

/** What one row measured: per side, CPU and wall ms per call, and the output of its untimed call. */
interface RowMeasurement {
  row: ShellRow;
  cpu: Record<SideName, number>;
  wall: Record<SideName, number>;
  same: Record<Embedded, boolean>;
  repeat: number;
  rounds: number;
}

const SIDES: readonly SideName[] = ['gnu', ...EMBEDDED];

/** The untimed call of every side, compared with GNU's (output, and the changed file's digest). */
async function firstCalls(row: ShellRow, call: Caller): Promise<Record<SideName, CallResult>> {
  const first = {} as Record<SideName, CallResult>;
  for (const side of SIDES) first[side] = await call(side, row.commands[0] as string, 1, row.changes);
  return first;
}

/**
 * Calls of a cheap command per timed batch: sized on a second call of each side, since the first
 * one of a command also compiles the code it runs (a cheap command's first call takes several times
 * its later ones).
 */
async function batchSize(command: string, call: Caller, batchMs: number): Promise<number> {
  let slowest = 0;
  for (const side of SIDES) slowest = Math.max(slowest, (await call(side, command, 1)).wallMs);
  return Math.max(1, Math.min(MAX_REPEAT, Math.floor(batchMs / slowest)));
}

async function measureRow(row: ShellRow, call: Caller, rounds: Rounds): Promise<RowMeasurement> {
  const first = await firstCalls(row, call);
  const gnu = first.gnu;
  const same = {} as Record<Embedded, boolean>;
  for (const side of EMBEDDED) {
    same[side] =
      comparable(first[side].output) === comparable(gnu.output) && first[side].digest === gnu.digest;
  }
  const slowest = Math.max(...SIDES.map((side) => first[side].wallMs));
  const alternating = row.commands.length > 1;
  const repeat =
    alternating || slowest >= rounds.batchMs
      ? 1
      : await batchSize(row.commands[0] as string, call, rounds.batchMs);
  const count =
    slowest > HEAVIEST_MS ? rounds.heaviestRounds : slowest > HEAVY_MS ? rounds.heavyRounds : rounds.rounds;
  const cpu = Object.fromEntries(SIDES.map((side) => [side, [] as number[]]));
  const wall = Object.fromEntries(SIDES.map((side) => [side, [] as number[]]));
  let calls = 1;
  for (let round = 0; round < count; round++, calls++) {
    const command = row.commands[calls % row.commands.length] as string;
    for (let at = 0; at < SIDES.length; at++) {
      const side = SIDES[(at + round) % SIDES.length] as SideName;
      const result = await call(side, command, repeat);
      cpu[side]?.push(result.cpuMs / repeat);
      wall[side]?.push(result.wallMs / repeat);
    }
  }
  // A row that changes the file leaves it as it found it: the other command once more, if needed.
  if (alternating && calls % 2 === 1) {
    for (const side of SIDES) await call(side, row.commands[1] as string, 1);
  }
  const medians = (times: Record<string, number[]>) =>
    Object.fromEntries(SIDES.map((side) => [side, median(times[side] ?? [])])) as Record<SideName, number>;
  return { row, cpu: medians(cpu), wall: medians(wall), same, repeat, rounds: count };
}

/** Whether the row meets its targets: the tool within 1.3× raw just-bash, and (listed rows) 20× GNU. */
function judged(
  measured: RowMeasurement,
  tool: Embedded = 'tool',
): { raw: boolean; gnu: boolean | undefined } {
  const { cpu, row } = measured;
  return {
    raw: cpu[tool] <= TOOL_TARGET * cpu.raw,
    gnu: row.gnuTarget ? cpu[tool] <= GNU_TARGET * cpu.gnu : undefined,
  };
}

const mark = (met: boolean | undefined): string => (met === undefined ? '—' : met ? 'met' : 'NOT met');
const sameMark = (same: boolean): string => (same ? 'same' : 'DIFFERENT');

function mainTable(rows: readonly RowMeasurement[]): string {
  return table(
    [
      'command',
      'GNU bash (ms)',
      'raw just-bash (ms)',
      'tool (ms)',
      'raw / GNU',
      'tool / GNU',
      'tool / raw',
      'same output as GNU (raw, tool)',
      `tool ≤ ${TOOL_TARGET}× raw`,
      `tool ≤ ${GNU_TARGET}× GNU`,
    ],
    rows.map((measured) => {
      const { cpu, same, row } = measured;
      const met = judged(measured);
      return [
        row.label,
        fixed(cpu.gnu, cpu.gnu < 10 ? 1 : 0),
        fixed(cpu.raw, cpu.raw < 10 ? 1 : 0),
        fixed(cpu.tool, cpu.tool < 10 ? 1 : 0),
        ratio(cpu.raw, cpu.gnu),
        ratio(cpu.tool, cpu.gnu),
        ratio(cpu.tool, cpu.raw, 2),
        `${sameMark(same.raw)}, ${sameMark(same.tool)}`,
        mark(met.raw),
        mark(met.gnu),
      ];
    }),
  );
}

function noDefenseTable(rows: readonly RowMeasurement[]): string {
  return table(
    [
      'command',
      'tool, `defenseInDepth: false` (ms)',
      '/ GNU',
      '/ raw just-bash',
      'same output as GNU',
      `≤ ${GNU_TARGET}× GNU`,
    ],
    rows.map((measured) => {
      const { cpu, same, row } = measured;
      const value = cpu['tool-no-defense'];
      return [
        row.label,
        fixed(value, value < 10 ? 1 : 0),
        ratio(value, cpu.gnu),
        ratio(value, cpu.raw, 2),
        sameMark(same['tool-no-defense']),
        mark(judged(measured, 'tool-no-defense').gnu),
      ];
    }),
  );
}

function wallTable(rows: readonly RowMeasurement[]): string {
  return table(
    ['command', 'GNU bash', 'raw just-bash', 'tool', 'tool, no defense', 'calls per round', 'rounds'],
    rows.map(({ wall, row, repeat, rounds }) => [
      row.label,
      ...SIDES.map((side) => fixed(wall[side], wall[side] < 10 ? 1 : 0)),
      String(repeat),
      String(rounds),
    ]),
  );
}

/** Labels of the rows failing `failed`, for a target line. */
function failing(rows: readonly RowMeasurement[], failed: (measured: RowMeasurement) => boolean): string[] {
  return rows.filter(failed).map((measured) => measured.row.label);
}

interface Verdicts {
  lines: string[];
  met: boolean;
}

function verdicts(rows: readonly RowMeasurement[]): Verdicts {
  const overRaw = failing(rows, (measured) => !judged(measured).raw);
  const overGnu = failing(rows, (measured) => judged(measured).gnu === false);
  const different = failing(rows, (measured) => !measured.same.raw || !measured.same.tool);
  const noDefense = failing(rows, (measured) => judged(measured, 'tool-no-defense').gnu === false);
  const list = (labels: string[]): string => (labels.length > 0 ? ` (not: ${labels.join(', ')})` : '');
  return {
    lines: [
      `- the tool within ${TOOL_TARGET}× raw just-bash on every command: ${verdict(overRaw.length === 0)}${list(overRaw)}`,
      `- the tool within ${GNU_TARGET}× GNU bash on each listed command: ${verdict(overGnu.length === 0)}${list(overGnu)}`,
      `- raw just-bash and the tool print what GNU bash prints: ${verdict(different.length === 0)}${list(different)}`,
      `- (not a target: with \`defenseInDepth: false\`, within ${GNU_TARGET}× GNU bash on each listed command: ${noDefense.length === 0 ? 'yes' : `all but ${noDefense.join(', ')}`})`,
    ],
    met: overRaw.length === 0 && overGnu.length === 0 && different.length === 0,
  };
}

interface Setup {
  settings: ShellWorkloadSettings;
  bytes: { data: number; tree: number };
  setupMs: Record<Embedded, number>;
  versions: string;
}

function introduction(setup: Setup, rounds: Rounds): string {
  const { settings, bytes } = setup;
  const mb = (value: number): string => (value / 1e6).toFixed(1);
  return [
    `The workload: \`data.txt\`, ${settings.lines.toLocaleString('en-US')} generated log lines (${mb(bytes.data)} MB; columns: number, user \`user0000\`–\`user0999\` as the key, method, path, status, bytes, two words), beside \`tree/\`, ${settings.treeFiles.toLocaleString('en-US')} source files (${mb(bytes.tree)} MB) in directories of 100, all in the working directory (bench/shell/workload.ts). The same files on four sides, each command run on each in turn, the order rotating every round: one untimed call first (the one whose output is compared), then ${rounds.rounds} rounds (${rounds.heavyRounds} when a call took over ${HEAVY_MS / 1000} s somewhere, ${rounds.heaviestRounds} over ${HEAVIEST_MS / 1000} s); a command taking under ${rounds.batchMs} ms runs as a batch of calls in a row, as many as take about ${rounds.batchMs} ms on the slowest side (sized on a second untimed call), so a 1 ms call is not lost in the clock's resolution; each embedded side collects garbage before each timed batch, so a call does not pay for the garbage of the ones before. Medians of **CPU time per call**, in ms, which preemption by the machine's other work does not inflate (wall-clock medians below).`,
    '',
    `- **GNU bash**: \`/bin/bash\` with \`LC_ALL=C\` in a temporary directory holding the same files, one bash per call timing the command with its own \`time\` (user + system time of the command and every process it starts; bash's start is not counted, nothing is subtracted). ${setup.versions}.`,
    `- **raw just-bash**: just-bash ${JUST_BASH_VERSION} alone, \`new Bash({ files, cwd, executionLimits: { maxCommandCount, maxLoopIterations: 10⁹ } })\`: its defaults (defense-in-depth on, the \`normal\` profile), with the two counts raised that stop a \`while read\` over the file (100,000 by default).`,
    `- **tool**: the bash tool as a model calls it, \`suite.execute('bash', { command, timeout: 600 })\` from \`createToolSuite\` over \`createJustBashWorkspace({ files })\` (the 600 s timeout so that every command finishes; the default is 30 s), the package's defaults otherwise. Its output is compared after the tool's own shaping is undone where it is lossless (the trailing newline, "(no output)"; a cut output is read whole from its spill file).`,
    '- **tool, `defenseInDepth: false`**: the same over `createJustBashWorkspace({ files, defenseInDepth: false })` (the second table).',
    `- Each embedded side runs in its own Node process (bench/shell/side-child.ts): just-bash's defense-in-depth slows every later line of JavaScript in the process that ran it, so sides sharing one would measure each other's settings. Set up in ${fixed(setup.setupMs.raw, 0)} ms (raw), ${fixed(setup.setupMs.tool, 0)} ms (tool).`,
  ].join('\n');
}

async function runRows(
  rows: readonly ShellRow[],
  gnu: GnuSide,
  children: Record<Embedded, ChildSide>,
  rounds: Rounds,
): Promise<RowMeasurement[]> {
  const call: Caller = (side, command, repeat, changes) =>
    side === 'gnu' ? gnu.run(command, repeat, changes) : children[side].call(command, repeat, changes);
  const measured: RowMeasurement[] = [];
  for (const row of rows) measured.push(await measureRow(row, call, rounds));
  return measured;
}

export async function runShellSpeed(context: BenchContext): Promise<SectionResult> {
  const settings = context.quick ? QUICK_WORKLOAD : FULL_WORKLOAD;
  const rounds = context.quick ? QUICK_ROUNDS : FULL_ROUNDS;
  const files = workloadFiles(settings);
  const treeBytes = Object.entries(files).reduce(
    (sum, [path, text]) => sum + (path === 'data.txt' ? 0 : text.length),
    0,
  );
  const gnu = createGnuSide(files);
  // Started together (each builds its files), then only ever called one at a time.
  const started = await Promise.all(EMBEDDED.map((side) => startChild(side, settings)));
  const children = Object.fromEntries(EMBEDDED.map((side, i) => [side, started[i]])) as Record<
    Embedded,
    ChildSide
  >;
  try {
    const measured = await runRows(shellRows(settings), gnu, children, rounds);
    const setup: Setup = {
      settings,
      bytes: { data: files['data.txt']?.length ?? 0, tree: treeBytes },
      setupMs: {
        raw: children.raw.setupMs,
        tool: children.tool.setupMs,
        'tool-no-defense': children['tool-no-defense'].setupMs,
      },
      versions: await gnuVersions(),
    };
    const result = verdicts(measured);
    return {
      title: '9. Shell speed on real-size files',
      markdown: shellMarkdown(setup, rounds, measured, result),
      targetsMet: result.met,
    };
  } finally {
    for (const side of EMBEDDED) children[side].close();
    gnu.dispose();
  }
}

function shellMarkdown(setup: Setup, rounds: Rounds, measured: RowMeasurement[], result: Verdicts): string {
  return [
    introduction(setup, rounds),
    '',
    mainTable(measured),
    '',
    'The same tool with `createJustBashWorkspace({ files, defenseInDepth: false })`, in a process of its own (ratios to the columns above):',
    '',
    noDefenseTable(measured),
    '',
    'Wall-clock medians per call, ms, and how each row was timed:',
    '',
    wallTable(measured),
    '',
    'Targets (CPU time; the listed commands are all but the first three rows):',
    '',
    ...result.lines,
    '',
    ...EXPLANATION,
  ].join('\n');
}

/** Why the figures are what they are: what was done for them, and what is left and where it comes from. */
const EXPLANATION: readonly string[] = [
  "Why ratios: the machine is shared, so a figure alone says little; each ratio compares sides measured in the same rounds. Against GNU bash it is the price of an embedded shell written in JavaScript; against raw just-bash it is the price of this package's layer (the limits and stop, the transform plugins, the command fixes, change tracking, the tool's output shaping and the call pipeline).",
  '',
  'What was done for these figures:',
  '',
  "- The tool's transform plugins walked the parsed script with `for…in`; once defense-in-depth has run, V8 walks the prototype chain for every `for…in`, and a walk of a small script took 216 µs instead of 22 (ten walks a call). They walk with `Object.keys` now (src/workspace/shell/script-tree.ts).",
  "- The embedded backend gave just-bash's `exec` an abort signal, for its backstop; just-bash then gives every command of the script an `AbortController` of its own, aborted with a new `Error` when the command returns: about 40 % of the time of `echo` in a loop. The backstop is now just-bash's own wall clock, moved to the stop plus the backstop (`backstop: 'deadline'`, src/workspace/shell/run-command.ts).",
  '- The filesystem converted a file to a byte string at every read without `Buffer` (10 ms per 5 MB, where just-bash takes 1 with `Buffer`); it keeps the conversion of large files now, up to 32 MB (src/workspace/just-bash/byte-safe-fs.ts): `tail -n` went from 1.3× raw just-bash to below it.',
  "- `sed -n 'A,Bp' FILE` is handed to just-bash's own `head -n B FILE | tail -n +A` (src/workspace/shell/sed-line-range.ts): its sed ran its whole cycle on every line to the end of the file.",
  "- `createJustBashWorkspace({ defenseInDepth })` passes just-bash's option through; the default stays on.",
  "- just-bash's `wc` counts words and characters too, one character at a time, whatever it is asked for; `wc -l` alone now counts newlines with one `indexOf` per line (src/workspace/shell/wc-widths.ts): 48 ms to 26 ms on this workload when it was done.",
  '',
  'What is left, and why:',
  '',
  "- **just-bash's defense-in-depth** (on by default in Node; browsers and Web Workers never have it): once a command ran, V8 leaves fast paths for the whole process (regular-expression `split` and `replace`, `for…in`, array iteration) and every promise goes through async hooks. `awk`, `sort -k`, `grep` and `while read` pay most; the second table shows the same tool without it. Whether to turn it off is a security decision (it blocks `Function`, `eval`, `process` and dynamic `import` while a command runs), so the default is just-bash's.",
  "- **`sed` with `s///`**: just-bash's sed compiles the regular expression again, with re2js (a linear-time engine written in JavaScript), for every line, and builds a new state object per line.",
  '- **`sort -k`**: its comparator splits both lines with a regular expression at every comparison (some 1.7 million for 100,000 lines) and breaks ties with `localeCompare`.',
  "- **`awk`**, **`grep`** and **`while read`** run their per-line work in JavaScript: awk's interpreter splits fields with a regular expression, grep matches with re2js, and each iteration of a shell loop goes through the interpreter (`read`, `[`, an arithmetic assignment).",
  "- **Cheap calls** (`echo hi`, `true`, `ls`) cost the layer's fixed part, about 1 ms a call with defense-in-depth on, more than `true` or `echo` takes in just-bash alone. Measured layer by layer on `true` (0.9 ms in just-bash alone, 2.3 through the tool): about 0.4 around just-bash's `exec` (the ten plugin walks, the `{ …; } 2>&1` group the interleave plugin puts around each statement, 0.2 ms for `true` alone, a fresh shell state and command table), 0.2 in the workspace's `exec` around it (the change journal and the count of deleted files), 0.8 in the bash tool and the call pipeline (argument validation, the result's JSON round trip, the check that the root still exists). Defense-in-depth makes each of them slower, as it does every `await` and `JSON.stringify` of the process.",
  "- **`sort | uniq -c`**: raw just-bash's `uniq -c` pads counts to 4 columns, GNU's to 7; the tool pads them as GNU does (src/workspace/shell/command-fixes.ts).",
];
