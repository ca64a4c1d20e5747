/**
 * Section 3: the built-in tools against the shell they replace, on the embedded backend
 * (`createJustBashWorkspace`). One generated tree (5,000 files in 50 directories); `grep` (content
 * and files_with_matches) against just-bash's `grep -rn` / `grep -rl` through `exec`, and `find`
 * against `find -name`, interleaved, each pair checked to return the same matches. Then `read` of a
 * 100,000-line file, `edit` of a 10,000-line file and `ls` of a 5,000-entry directory; and a shell
 * workload (awk, cut | sort | uniq, a while-read loop, seq) on a 60,000-line file against just-bash with
 * its own default profile.
 *
 * The tools are timed through `suite.execute`, the way a model calls them (argument checks and
 * result building included); the shell through `workspace.exec`.
 */
import { Bash } from 'just-bash';
import { createToolSuite, type ToolResult } from '../../src/index.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';
import type { Workspace } from '../../src/workspace/workspace.ts';
import { fixed, median, p95, ratio, table, verdict } from '../lib/stats.ts';
import type { BenchContext, SectionResult } from './types.ts';

interface ToolsSettings {
  directories: number;
  filesPerDirectory: number;
  rounds: number;
  readLines: number;
  editLines: number;
  lsEntries: number;
}

const FULL: ToolsSettings = {
  directories: 50,
  filesPerDirectory: 100,
  rounds: 9,
  readLines: 100_000,
  editLines: 10_000,
  lsEntries: 5_000,
};
const QUICK: ToolsSettings = {
  // Large enough that per-call fixed costs do not decide the ratio (at 500 files they did, under load).
  directories: 20,
  filesPerDirectory: 100,
  rounds: 3,
  readLines: 10_000,
  editLines: 1_000,
  lsEntries: 500,
};
/** Large enough that no tool or shell result is cut by a limit. */
const NO_LIMIT = 1_000_000;
const TARGET_RATIO = 0.5;

/** The generated tree: every 7th file has one `TODO` line; every 5th file is Markdown. */
function generateTree(settings: ToolsSettings): Record<string, string> {
  const files: Record<string, string> = {};
  for (let d = 0; d < settings.directories; d++) {
    for (let f = 0; f < settings.filesPerDirectory; f++) {
      const index = d * settings.filesPerDirectory + f;
      const lines: string[] = [];
      for (let l = 0; l < 20; l++) {
        lines.push(
          index % 7 === 0 && l === index % 20
            ? `  // TODO: handle item ${d}-${f}`
            : `export const value${l} = ${index * 20 + l};`,
        );
      }
      const name = `file${String(f).padStart(3, '0')}.${f % 5 === 0 ? 'md' : 'ts'}`;
      files[`src${String(d).padStart(2, '0')}/${name}`] = `${lines.join('\n')}\n`;
    }
  }
  return files;
}

function relative(root: string, path: string): string {
  return path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = [...a].sort();
  const right = [...b].sort();
  return left.length === right.length && left.every((item, i) => item === right[i]);
}

interface Pair {
  label: string;
  tool: () => Promise<ToolResult>;
  shell: () => Promise<string>;
  /** The matches each side found, normalized for comparison. */
  fromTool: (result: ToolResult) => string[];
  fromShell: (output: string) => string[];
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}

function pairs(workspace: Workspace, suite: ReturnType<typeof createToolSuite>): Pair[] {
  const root = workspace.root;
  const shell = async (command: string): Promise<string> => {
    const result = await workspace.exec(command);
    if (result.exitCode !== 0)
      throw new Error(`bench: \`${command}\` exited ${result.exitCode}: ${result.output.slice(0, 200)}`);
    return result.output;
  };
  const lines = (output: string): string[] => output.split('\n').filter((line) => line !== '');
  return [
    {
      label: 'grep, content (`grep -rn TODO`)',
      tool: () => suite.execute('grep', { pattern: 'TODO', limit: NO_LIMIT }),
      shell: () => shell(`grep -rn TODO ${root}`),
      fromTool: (result) => {
        const matches = result.structured_output.matches;
        return Array.isArray(matches)
          ? matches.map((match) => {
              const { path, line } = match as { path: string; line: number };
              return `${path}:${line}`;
            })
          : [];
      },
      fromShell: (output) =>
        lines(output).map((line) => {
          const [path = '', number = ''] = line.split(':');
          return `${relative(root, path)}:${number}`;
        }),
    },
    {
      label: 'grep, files_with_matches (`grep -rl TODO`)',
      tool: () =>
        suite.execute('grep', { pattern: 'TODO', outputMode: 'files_with_matches', limit: NO_LIMIT }),
      shell: () => shell(`grep -rl TODO ${root}`),
      fromTool: (result) => strings(result.structured_output.files),
      fromShell: (output) => lines(output).map((path) => relative(root, path)),
    },
    {
      label: "find (`find -name '*.md'`)",
      tool: () => suite.execute('find', { pattern: '**/*.md', limit: NO_LIMIT }),
      shell: () => shell(`find ${root} -name '*.md'`),
      fromTool: (result) => strings(result.structured_output.paths),
      fromShell: (output) => lines(output).map((path) => relative(root, path)),
    },
  ];
}

/**
 * Ordinary data work on one text file, on the embedded backend against just-bash with its own default
 * profile (`normal`), in the same run: each command alternately first, medians. Just-bash's default
 * stops some of them at its step limits; the table says so and how long that took.
 */
async function shellWorkload(quick: boolean): Promise<{ markdown: string; allFinished: boolean }> {
  const lineCount = quick ? 6_000 : 60_000;
  const rounds = quick ? 1 : 3;
  const text = Array.from({ length: lineCount }, (_, i) => `${i % 977} word${i % 13} some text`);
  const files = { 'data.txt': `${text.join('\n')}\n` };
  const commands = [
    "awk '{s+=$1} END{print s}' data.txt",
    "cut -d' ' -f2 data.txt | sort | uniq -c",
    'n=0; while read -r line; do n=$((n+1)); done < data.txt; echo $n',
    `seq 1 ${(lineCount * 25) / 6} | wc -l`,
  ];
  const embedded = await createJustBashWorkspace({ files });
  const plain = new Bash({ cwd: embedded.root, files: { [`${embedded.root}/data.txt`]: files['data.txt'] } });
  const sides = {
    embedded: async (command: string) => {
      const result = await embedded.exec(command, { timeoutMs: 600_000 });
      return { exitCode: result.exitCode, message: result.output };
    },
    'just-bash default': async (command: string) => {
      const result = await plain.exec(command);
      return { exitCode: result.exitCode, message: result.stderr };
    },
  };
  const rows: string[][] = [];
  let allFinished = true;
  for (const command of commands) {
    const times: Record<string, number[]> = { embedded: [], 'just-bash default': [] };
    const outcome: Record<string, string> = {};
    for (let round = 0; round < rounds; round++) {
      const order = Object.entries(sides);
      if (round % 2 === 1) order.reverse();
      for (const [name, run] of order) {
        const [ms, result] = await timed(() => run(command));
        times[name]?.push(ms);
        outcome[name] =
          result.exitCode === 0 ? 'finished' : `stopped: ${result.message.trim().split('\n').pop()}`;
      }
    }
    allFinished &&= outcome.embedded === 'finished';
    const [ours, theirs] = [median(times.embedded ?? []), median(times['just-bash default'] ?? [])];
    rows.push([
      `\`${command}\``,
      `${fixed(ours, 0)} (${outcome.embedded})`,
      `${fixed(theirs, 0)} (${outcome['just-bash default']})`,
      ratio(ours, theirs, 2),
    ]);
  }
  await embedded.dispose?.();
  const markdown = [
    `Shell workload: ordinary data work on a ${lineCount.toLocaleString('en-US')}-line text file, on the embedded backend (\`workspace.exec\`) and on just-bash with its default profile (\`new Bash()\`, \`normal\`), ${rounds} round${rounds === 1 ? '' : 's'} alternating; medians in ms (no target; the embedded backend must finish every command).`,
    '',
    table(['command', 'embedded (ms)', 'just-bash default (ms)', 'embedded / default'], rows),
  ].join('\n');
  return { markdown, allFinished };
}

async function timed<T>(run: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const value = await run();
  return [performance.now() - started, value];
}

/** One row of the grep/find table, and whether its pair agreed and met the target. */
interface PairOutcome {
  row: string[];
  agree: boolean;
  fast: boolean;
}

/** Runs one tool/shell pair: compares their matches, then times `rounds` rounds of both, alternating. */
async function measurePair(pair: Pair, rounds: number): Promise<PairOutcome> {
  const toolTimes: number[] = [];
  const shellTimes: number[] = [];
  // One untimed call per side first: it loads what each side loads lazily, and is the one whose
  // matches are compared.
  const warm = await pair.tool();
  if (warm.is_error) throw new Error(`bench: ${pair.label} failed: ${warm.output}`);
  const fromTool = pair.fromTool(warm);
  const fromShell = pair.fromShell(await pair.shell());
  const agree = sameSet(fromTool, fromShell) && fromTool.length > 0;
  const counts = `${fromTool.length} / ${fromShell.length}`;
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ['tool', 'shell'] : ['shell', 'tool'];
    for (const side of order) {
      if (side === 'tool') {
        const [ms] = await timed(pair.tool);
        toolTimes.push(ms);
      } else {
        const [ms] = await timed(pair.shell);
        shellTimes.push(ms);
      }
    }
  }
  const toolMedian = median(toolTimes);
  const shellMedian = median(shellTimes);
  const fast = toolMedian <= TARGET_RATIO * shellMedian;
  const row = [
    pair.label,
    fixed(toolMedian, 1),
    fixed(shellMedian, 1),
    ratio(toolMedian, shellMedian, 2),
    `${counts} ${agree ? '(same)' : '(DIFFERENT)'}`,
    fast ? 'met' : 'NOT met',
  ];
  return { row, agree, fast };
}

/** The grep/find table: every pair in turn; `failures` names the pairs whose matches differ. */
async function measurePairs(
  workspace: Workspace,
  suite: ReturnType<typeof createToolSuite>,
  rounds: number,
): Promise<{ rows: string[][]; failures: string[]; allFast: boolean }> {
  const rows: string[][] = [];
  const failures: string[] = [];
  let allFast = true;
  for (const pair of pairs(workspace, suite)) {
    const { row, agree, fast } = await measurePair(pair, rounds);
    allFast &&= fast;
    if (!agree) failures.push(pair.label);
    rows.push(row);
  }
  return { rows, failures, allFast };
}

/**
 * The price of fault row 34's journal (each command records the before-image of what it changes, so a
 * deletion is counted and can be undone): the same no-op command on `workspace` and on a copy of the
 * tree with `snapshots: false`, alternating.
 */
async function measureSnapshotCost(
  workspace: Workspace,
  files: Record<string, string>,
  rounds: number,
): Promise<{ snapshotTimes: number[]; plainTimes: number[] }> {
  const unsnapshotted = await createJustBashWorkspace({ files, snapshots: false });
  const snapshotTimes: number[] = [];
  const plainTimes: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const sides = [
      { target: workspace, times: snapshotTimes },
      { target: unsnapshotted, times: plainTimes },
    ];
    if (round % 2 === 1) sides.reverse();
    for (const { target, times } of sides) {
      const [ms, result] = await timed(() => target.exec('rm -f no-such-file.txt'));
      if (result.exitCode !== 0) throw new Error(`bench: rm -f failed: ${result.output}`);
      times.push(ms);
    }
  }
  await unsnapshotted.dispose?.();
  return { snapshotTimes, plainTimes };
}

/** The second workspace's files: one long file to read, one to edit, and a wide directory to list. */
function singleToolFiles(settings: ToolsSettings): Record<string, string> {
  const bigLines = Array.from({ length: settings.readLines }, (_, i) => `line ${i + 1}: ${'x'.repeat(40)}`);
  const editLines = Array.from({ length: settings.editLines }, (_, i) => `const item${i + 1} = ${i + 1};`);
  const other: Record<string, string> = {
    'big/read-me.txt': `${bigLines.join('\n')}\n`,
    'big/edit-me.ts': `${editLines.join('\n')}\n`,
  };
  for (let i = 0; i < settings.lsEntries; i++)
    other[`wide/entry${String(i).padStart(5, '0')}.txt`] = `${i}\n`;
  return other;
}

/** The read, edit and ls calls timed alone, each with its table label. */
function singleToolCalls(
  suite: ReturnType<typeof createToolSuite>,
  settings: ToolsSettings,
): { label: string; run: (round: number) => Promise<ToolResult> }[] {
  return [
    {
      label: `read a ${settings.readLines.toLocaleString('en-US')}-line file (default window)`,
      run: () => suite.execute('read', { path: 'big/read-me.txt' }),
    },
    {
      label: `read the same file's last 100 lines (\`offset\`)`,
      run: () =>
        suite.execute('read', { path: 'big/read-me.txt', offset: settings.readLines - 99, limit: 100 }),
    },
    {
      label: `edit one line of a ${settings.editLines.toLocaleString('en-US')}-line file`,
      // Even rounds negate the value and odd rounds restore it, so every round's edit finds its old text.
      run: (round) => {
        const line = Math.floor(settings.editLines / 2);
        const from = round % 2 === 0 ? `const item${line} = ${line};` : `const item${line} = -${line};`;
        const to = round % 2 === 0 ? `const item${line} = -${line};` : `const item${line} = ${line};`;
        return suite.execute('edit', { path: 'big/edit-me.ts', oldText: from, newText: to });
      },
    },
    {
      label: `ls a ${settings.lsEntries.toLocaleString('en-US')}-entry directory`,
      run: () => suite.execute('ls', { path: 'wide', limit: NO_LIMIT }),
    },
  ];
}

/** read, edit, ls alone, on a second workspace: one row per call, median and p95 of `rounds` calls. */
async function measureSingleTools(settings: ToolsSettings): Promise<string[][]> {
  const second = await createJustBashWorkspace({ files: singleToolFiles(settings) });
  const suite = createToolSuite({ workspace: second, builtins: ['read', 'edit', 'ls'] });
  const singleRows: string[][] = [];
  for (const { label, run } of singleToolCalls(suite, settings)) {
    const times: number[] = [];
    for (let round = 0; round < settings.rounds; round++) {
      const [ms, result] = await timed(() => run(round));
      if (result.is_error) throw new Error(`bench: ${label} failed: ${result.output}`);
      times.push(ms);
    }
    singleRows.push([label, fixed(median(times), 1), fixed(p95(times), 1)]);
  }
  await second.dispose?.();
  return singleRows;
}

/** Everything the section measured, for {@link toolsMarkdown}. */
interface ToolsMeasurements {
  settings: ToolsSettings;
  fileCount: number;
  setupMs: number;
  pairs: { rows: string[][]; failures: string[]; allFast: boolean };
  singleRows: string[][];
  snapshot: { snapshotTimes: number[]; plainTimes: number[] };
  workload: { markdown: string; allFinished: boolean };
}

/** The snapshot cost table: one row, medians with and without snapshots and their difference. */
function snapshotTable({ snapshotTimes, plainTimes }: ToolsMeasurements['snapshot']): string {
  return table(
    ['operation', 'with snapshot (ms)', 'snapshots: false (ms)', 'snapshot cost (ms)'],
    [
      [
        '`rm -f no-such-file.txt`',
        fixed(median(snapshotTimes), 1),
        fixed(median(plainTimes), 1),
        fixed(median(snapshotTimes) - median(plainTimes), 1),
      ],
    ],
  );
}

/** The section's Markdown: the grep/find table, the single tools, the snapshot cost, the shell workload, targets. */
function toolsMarkdown(measured: ToolsMeasurements): string {
  const { settings, fileCount, setupMs, workload } = measured;
  const { rows, failures, allFast } = measured.pairs;
  return [
    `A generated tree of ${fileCount.toLocaleString('en-US')} files in ${settings.directories} directories (20 lines each; every 7th file has a \`TODO\` line, every 5th is Markdown) on the embedded backend (\`createJustBashWorkspace\`, set up in ${fixed(setupMs, 0)} ms). Tools through \`suite.execute\` with limits high enough to return every match; the shell through \`workspace.exec\`; one untimed call per side, then ${settings.rounds} rounds, the two sides alternating first; medians in ms. "matches" compares what each side found (tool / shell; paths, and line numbers for content).`,
    '',
    table(['operation', 'tool (ms)', 'shell (ms)', 'tool / shell', 'matches', '≤ 0.5× target'], rows),
    '',
    `On a second workspace holding only the files below, ${settings.rounds} calls each:`,
    '',
    table(['operation', 'median (ms)', 'p95 (ms)'], measured.singleRows),
    '',
    `The journal the embedded backend keeps of what each command changes, to count and undo deletions (fault row 34), on the ${fileCount.toLocaleString('en-US')}-file tree: \`rm -f no-such-file.txt\` through \`workspace.exec\`, ${settings.rounds} rounds alternating (no target; reported).`,
    '',
    snapshotTable(measured.snapshot),
    '',
    workload.markdown,
    '',
    'Targets:',
    '',
    `- the shell workload runs to the end on the embedded backend: ${verdict(workload.allFinished)}`,
    `- grep and find ≤ ${TARGET_RATIO}× the shell's time: ${verdict(allFast)}`,
    `- the tools and the shell return the same matches: ${verdict(failures.length === 0)}${failures.length > 0 ? ` (different: ${failures.join('; ')})` : ''}`,
    '',
    "What was done for these figures: grep and find walk the tree with the backend's one-call listing (`Workspace.listTree`, built on just-bash's own path index) instead of one `readdir` per directory, which just-bash answers by scanning every path it holds (grep content went from about 0.5× to 0.4× the shell). Most of what remains is just-bash's own per-call path handling in `lstat` and `readFile`.",
  ].join('\n');
}

/**
 * Section 3. Measured in this order: grep/find pairs and the snapshot cost on the generated tree, then
 * read/edit/ls on a second workspace, then the shell workload; the table order differs (see
 * {@link toolsMarkdown}).
 */
export async function runTools(context: BenchContext): Promise<SectionResult> {
  const settings = context.quick ? QUICK : FULL;
  const files = generateTree(settings);
  const fileCount = Object.keys(files).length;
  const setup = performance.now();
  const workspace = await createJustBashWorkspace({ files });
  const setupMs = performance.now() - setup;
  const suite = createToolSuite({ workspace, builtins: ['grep', 'find'] });

  const pairResults = await measurePairs(workspace, suite, settings.rounds);
  const snapshot = await measureSnapshotCost(workspace, files, settings.rounds);
  await workspace.dispose?.();
  const singleRows = await measureSingleTools(settings);
  const workload = await shellWorkload(context.quick);

  const { failures, allFast } = pairResults;
  if (failures.length > 0) {
    process.exitCode = 1;
    console.error(`bench: the tools and the shell disagree on: ${failures.join('; ')}`);
  }
  const markdown = toolsMarkdown({
    settings,
    fileCount,
    setupMs,
    pairs: pairResults,
    singleRows,
    snapshot,
    workload,
  });
  return {
    title: '3. Tools against the shell they replace',
    markdown,
    targetsMet: allFast && failures.length === 0 && workload.allFinished,
  };
}
