/**
 * Section 9's workload, shared by the section (bench/sections/shell-speed.ts, which writes it to disk
 * for GNU bash) and the processes that run the embedded shells (bench/shell/side-child.ts, which build
 * it again from the same settings): a generated log-like text file and a tree of source files, and the
 * commands timed on them.
 */
import { seededRandom } from '../lib/stats.ts';

/** The sizes of one run. */
export interface ShellWorkloadSettings {
  /** Lines of `data.txt`. */
  lines: number;
  /** Files of the tree under `tree/`, 100 per directory. */
  treeFiles: number;
  /** Bytes of each tree file, about. */
  treeFileBytes: number;
}

export const FULL_WORKLOAD: ShellWorkloadSettings = {
  lines: 100_000,
  treeFiles: 3_000,
  treeFileBytes: 2_000,
};
export const QUICK_WORKLOAD: ShellWorkloadSettings = { lines: 500, treeFiles: 100, treeFileBytes: 2_000 };

const WORDS = [
  'alpha',
  'bravo',
  'charlie',
  'delta',
  'echo',
  'foxtrot',
  'golf',
  'hotel',
  'india',
  'juliet',
  'kilo',
  'lima',
  'mike',
  'november',
  'oscar',
  'papa',
];
const METHODS = ['GET', 'GET', 'GET', 'POST', 'PUT', 'DELETE'];
const STATUSES = ['200', '200', '200', '200', '201', '304', '404', '500'];

/**
 * `data.txt`: one request per line, space-separated: number, user (`user0000`–`user0999`, the key
 * column), method, path (`/api/WORD/N`), status, bytes (0–19,999, so a column sum stays below 2³¹,
 * where mawk starts printing sums in exponent form), two words. About 57 bytes a line.
 */
function dataFile(lines: number): string {
  const random = seededRandom(33);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const out: string[] = [];
  for (let i = 1; i <= lines; i++) {
    const user = `user${String(Math.floor(random() * 1000)).padStart(4, '0')}`;
    const word = pick(WORDS);
    const path = `/api/${word}/${Math.floor(random() * 500)}`;
    const bytes = Math.floor(random() * 20_000);
    out.push(`${i} ${user} ${pick(METHODS)} ${path} ${pick(STATUSES)} ${bytes} ${pick(WORDS)} ${word}`);
  }
  return `${out.join('\n')}\n`;
}

/** The tree: `tree/dirNN/fileNNNNN.ts`, 100 files a directory, each of about `bytes` bytes. */
function treeFiles(count: number, bytes: number): Record<string, string> {
  const line = 'export const value = "lorem ipsum dolor sit amet, consectetur adipiscing";\n';
  const body = line.repeat(Math.max(1, Math.round(bytes / line.length)));
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    const dir = String(Math.floor(i / 100)).padStart(2, '0');
    files[`tree/dir${dir}/file${String(i).padStart(5, '0')}.ts`] = `// file ${i}\n${body}`;
  }
  return files;
}

/** Every file of the workload, by path relative to the working directory. */
export function workloadFiles(settings: ShellWorkloadSettings): Record<string, string> {
  return { 'data.txt': dataFile(settings.lines), ...treeFiles(settings.treeFiles, settings.treeFileBytes) };
}

/** One row of the section: a command, or two that undo each other, run alternately. */
export interface ShellRow {
  label: string;
  /** The command of each call, alternating when there are two (`sed -i` there and back). */
  commands: readonly string[];
  /** Whether the row is one of the ≤ 20× GNU targets (the cheap calls only have the 1.3× one). */
  gnuTarget: boolean;
  /** A file whose content is compared after the call, besides the output (`sed -i`). */
  changes?: string;
}

/** The rows, in table order. The `sed -n` range is the middle of the file, as in a search for a line. */
export function shellRows(settings: ShellWorkloadSettings): ShellRow[] {
  const middle = Math.floor(settings.lines / 2);
  const row = (label: string, command: string, gnuTarget = true): ShellRow => ({
    label,
    commands: [command],
    gnuTarget,
  });
  return [
    row('`echo hi`', 'echo hi', false),
    row('`true`', 'true', false),
    row('`ls`', 'ls', false),
    row('`wc -l`', 'wc -l data.txt'),
    row('`grep -c`', 'grep -c POST data.txt'),
    row('`grep -E`', "grep -E 'user000[0-9] (PUT|DELETE) ' data.txt"),
    row("`sed -n 'A,Bp'`", `sed -n '${middle},${middle + 10}p' data.txt`),
    {
      label: '`sed -i s///`',
      commands: ["sed -i 's/DELETE/REMOVE/' data.txt", "sed -i 's/REMOVE/DELETE/' data.txt"],
      gnuTarget: true,
      changes: 'data.txt',
    },
    row('`awk` sum', "awk '{s+=$6} END {print s}' data.txt"),
    row(
      '`awk` group-by',
      "awk '{n[$3]++; b[$3]+=$6} END {for (m in n) print m, n[m], b[m]}' data.txt | sort",
    ),
    row('`sort | uniq -c`', "cut -d' ' -f2 data.txt | sort | uniq -c | sort -rn | head -n 5"),
    row('`sort -k`', 'sort -k6,6n data.txt | tail -n 5'),
    row('`cut | sort -u`', 'cut -d/ -f3 data.txt | sort -u'),
    row('`tail -n`', 'tail -n 20 data.txt'),
    row(
      '`while read`',
      'n=0; while read -r id user method rest; do [ "$method" = POST ] && n=$((n+1)); done < data.txt; echo $n',
    ),
  ];
}

/** What one call of a command on one side gave. */
export interface CallResult {
  wallMs: number;
  cpuMs: number;
  /** The output as the side reports it, normalized by {@link comparable}. */
  output: string;
  /** A digest of the row's `changes` file after the call, when it has one. */
  digest?: string;
}

/** Output as compared across sides: line ends kept, trailing newlines dropped (the tool drops them). */
export function comparable(output: string): string {
  return output.replace(/\n+$/, '');
}
