/**
 * `diff`, `patch` and `cmp` as GNU's diffutils and patch print them, as custom commands over just-bash's
 * file system, standing on the `diff` package (its Myers diff, `parsePatch`, `reversePatch` and
 * `applyPatch`). just-bash's own diff printed a unified-ish patch (a `=====` line, `--- a<TAB>` headers)
 * where GNU prints its normal format, so `diff <(sort a) <(sort b) | grep -c '^[<>]'` counted 0; `patch`
 * and `cmp` did not exist, so `patch f < d.patch; cat f` went on with the file as it was.
 *
 * Each prints what GNU's prints for the options it takes, and refuses any other with a message that
 * names those it takes (exit 2, GNU's code for trouble). Where it differs from GNU, and why:
 *
 * - **diff** takes its edit script from the `diff` package. Around it, it does what GNU does around its
 *   own: it diffs only the lines between the files' common start and end, and leaves out of the diff
 *   the lines found nowhere in the other file. Where equal lines allow several shortest scripts, the
 *   package can pick another one than GNU's and group the changed lines into other hunks (their number
 *   is the same); the parity test lists the cases seen.
 *   `-u` headers give the file's mtime, which the file system keeps to the millisecond
 *   (`07:48:28.532000000` where GNU prints nanoseconds), in UTC (`+0000`): the shell has no time zone.
 *   A file is binary when it holds a NUL byte anywhere (GNU looks at its first buffer only).
 * - **patch** applies a file's hunks all or none: where GNU applies those that fit, writes the others
 *   to FILE.rej and keeps FILE.orig, here a hunk that fails leaves the file as it was and nothing else
 *   is written (no .rej, no .orig), so a script that goes on after a failure sees the file unchanged.
 *   Hunks fit where GNU's would, with GNU's messages: at the line they name or the nearest one that
 *   matches, then with fuzz 1 and 2 (-F N), which ignores that many context lines at a hunk's ends. The
 *   package's own fuzz counts mismatches anywhere in the context, so it is not used: the ignored lines
 *   are cut off the hunk, which applyPatch then fits exactly. GNU's questions (a reversed patch, a file
 *   it cannot find) are answered no, as GNU answers when no one can, with a message that says what to
 *   do. -o, -b, -t (which would apply a reversed patch reversed), -r and formats other than unified
 *   are refused.
 * - **cmp** is GNU's for the options it takes.
 *
 * Files are read as bytes, one char per byte (as just-bash carries stdin and binary output), so a diff
 * prints lines byte for byte and cmp counts bytes. Imports only just-bash's and the `diff` package's
 * types: the package itself is loaded on the first run, so entries that never diff stay light.
 */
import type { StructuredPatch, StructuredPatchHunk } from 'diff';
import type { Command } from 'just-bash';

type Context = Parameters<Command['execute']>[1];
type Result = Awaited<ReturnType<Command['execute']>>;
type DiffPackage = typeof import('diff');

const loadDiff = (): Promise<DiffPackage> => import('diff');

// ---------------------------------------------------------------------------------------------------
// Bytes

/** `bytes` as a byte string: one char per byte, the form just-bash carries stdin and binary output in. */
export function byteString(bytes: Uint8Array): string {
  let text = '';
  for (let at = 0; at < bytes.length; at += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return text;
}

function bytesOf(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let at = 0; at < text.length; at++) bytes[at] = text.charCodeAt(at);
  return bytes;
}

/** Text (a name given on the command line) as the UTF-8 bytes diff prints it in. */
const utf8 = (text: string): string => byteString(new TextEncoder().encode(text));
/** A byte string (a file name read from a patch) as text. */
const decoded = (text: string): string => new TextDecoder().decode(bytesOf(text));
const stdinOf = (context: Context): string => String(context.stdin ?? '');

/** A file or directory named on the command line, read whole. */
interface Entry {
  name: string;
  kind: 'file' | 'directory' | 'missing';
  bytes: string;
  mtime: Date;
}

async function entryOf(context: Context, name: string): Promise<Entry> {
  if (name === '-') return { name, kind: 'file', bytes: stdinOf(context), mtime: new Date() };
  const path = context.fs.resolvePath(context.cwd, name);
  try {
    const stat = await context.fs.stat(path);
    if (stat.isDirectory) return { name, kind: 'directory', bytes: '', mtime: stat.mtime };
    return {
      name,
      kind: 'file',
      bytes: byteString(await context.fs.readFileBuffer(path)),
      mtime: stat.mtime,
    };
  } catch {
    // As diff -N reads a missing file: empty, dated the epoch.
    return { name, kind: 'missing', bytes: '', mtime: new Date(0) };
  }
}

/** A directory and a name in it, joined as GNU joins them (no second slash). */
const joined = (directory: string, name: string): string =>
  directory.endsWith('/') ? `${directory}${name}` : `${directory}/${name}`;
const baseName = (path: string): string => path.replace(/\/+$/, '').replace(/^.*\//, '');

// ---------------------------------------------------------------------------------------------------
// diff: options

interface DiffRequest {
  unified: boolean;
  context: number;
  brief: boolean;
  reportSame: boolean;
  newFile: boolean;
  recursive: boolean;
  text: boolean;
  ignoreCase: boolean;
  ignoreSpace: 'none' | 'change' | 'all';
  stripCr: boolean;
  labels: string[];
  /** The options as given, which GNU repeats in the `diff -r a/x b/x` line before each file's diff. */
  switches: string[];
  operands: string[];
}

const DIFF_USAGE =
  'diff: takes -u, -U N, --unified[=N], -q, -s, -N, -r, -a, -i, -b, -w, --strip-trailing-cr, --label LABEL ' +
  'and --normal, and two files or directories (- for stdin); it prints the normal format, or unified with -u';

/** The option letters diff takes alone or in a group (`-ru`), and their long names. */
const DIFF_FLAGS: Record<string, (request: DiffRequest) => void> = {
  u: (request) => {
    request.unified = true;
  },
  q: (request) => {
    request.brief = true;
  },
  s: (request) => {
    request.reportSame = true;
  },
  N: (request) => {
    request.newFile = true;
  },
  r: (request) => {
    request.recursive = true;
  },
  a: (request) => {
    request.text = true;
  },
  i: (request) => {
    request.ignoreCase = true;
  },
  b: (request) => {
    if (request.ignoreSpace === 'none') request.ignoreSpace = 'change';
  },
  w: (request) => {
    request.ignoreSpace = 'all';
  },
};

const DIFF_LONG_FLAGS: Record<string, string> = {
  '--brief': 'q',
  '--report-identical-files': 's',
  '--new-file': 'N',
  '--recursive': 'r',
  '--text': 'a',
  '--ignore-case': 'i',
  '--ignore-space-change': 'b',
  '--ignore-all-space': 'w',
};

const refusal = (command: string, option: string, usage: string): string =>
  `${command}: unsupported option '${option}'\n${usage}\n`;

function contextLength(value: string | undefined, request: DiffRequest): string | undefined {
  if (value === undefined) return `diff: option requires an argument -- 'U'\n${DIFF_USAGE}\n`;
  if (!/^\d+$/.test(value)) return `diff: invalid context length '${value}'\n${DIFF_USAGE}\n`;
  request.unified = true;
  request.context = Number(value);
  return undefined;
}

/** Reads one option into `request`; `next` takes the following argument. A message when refused. */
function diffOption(arg: string, request: DiffRequest, next: () => string | undefined): string | undefined {
  if (arg.startsWith('--')) {
    const [name, value] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg];
    const flag = DIFF_FLAGS[DIFF_LONG_FLAGS[name as string] ?? ''];
    if (flag && value === undefined) flag(request);
    else if (name === '--unified' && value !== undefined) return contextLength(value, request);
    else if (name === '--unified') request.unified = true;
    else if (name === '--normal' && value === undefined) request.unified = false;
    else if (name === '--strip-trailing-cr' && value === undefined) request.stripCr = true;
    else if (name === '--label') {
      const label = value ?? next();
      if (label === undefined) return `diff: option '--label' requires an argument\n${DIFF_USAGE}\n`;
      request.labels.push(label);
    } else return refusal('diff', arg, DIFF_USAGE);
    return undefined;
  }
  for (let at = 1; at < arg.length; at++) {
    const letter = arg[at] as string;
    if (letter === 'U') return contextLength(arg.slice(at + 1) || next(), request);
    const flag = DIFF_FLAGS[letter];
    if (!flag) return refusal('diff', `-${letter}`, DIFF_USAGE);
    flag(request);
  }
  return undefined;
}

function diffRequest(args: readonly string[]): DiffRequest | string {
  const request: DiffRequest = {
    unified: false,
    context: 3,
    brief: false,
    reportSame: false,
    newFile: false,
    recursive: false,
    text: false,
    ignoreCase: false,
    ignoreSpace: 'none',
    stripCr: false,
    labels: [],
    switches: [],
    operands: [],
  };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    if (arg === '--') {
      request.operands.push(...args.slice(index + 1));
      break;
    }
    if (arg === '-' || !arg.startsWith('-')) {
      request.operands.push(arg);
      continue;
    }
    request.switches.push(arg);
    const next = (): string | undefined => {
      const value = args[++index];
      if (value !== undefined) request.switches.push(value);
      return value;
    };
    const problem = diffOption(arg, request, next);
    if (problem) return problem;
  }
  const [first, second, extra] = request.operands;
  if (second === undefined) return `diff: missing operand after '${first ?? 'diff'}'\n${DIFF_USAGE}\n`;
  if (extra !== undefined) return `diff: extra operand '${extra}'\n${DIFF_USAGE}\n`;
  if (request.labels.length > 2) return `diff: too many file label options\n${DIFF_USAGE}\n`;
  return request;
}

// ---------------------------------------------------------------------------------------------------
// diff: the edit script and its two formats

/** Lines `at` to `at + count` of the old file replaced by lines of the new one (0-based). */
interface Block {
  oldAt: number;
  oldCount: number;
  newAt: number;
  newCount: number;
}

/**
 * Bound on the time the line diff may take. The `diff` package's diff costs time in proportion to the
 * lines changed times the lines compared, and runs on the shell's thread: two long, wholly different
 * files would hold it past any timeout. Past this, diff says so (exit 2) instead of answering.
 */
const DIFF_TIMEOUT_MS = 10_000;

/** A text's lines, each with its newline (the last may lack one). */
const linesOf = (text: string): string[] => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];

/** What lines are compared by: `-i`, `-b` and `-w` compare a normalized form, the line printed as read. */
function lineKey(request: DiffRequest): ((line: string) => string) | undefined {
  if (!request.ignoreCase && request.ignoreSpace === 'none') return undefined;
  return (line) => {
    // ASCII only, as GNU in the C locale: lowering other chars would merge bytes of UTF-8 sequences.
    let key = request.ignoreCase ? line.replace(/[A-Z]+/g, (letters) => letters.toLowerCase()) : line;
    // GNU's -b and -w also take a last line without its newline as equal to the same line with one.
    if (request.ignoreSpace === 'all') key = key.replace(/[ \t\v\f\r\n]+/g, '');
    if (request.ignoreSpace === 'change') key = key.replace(/[ \t\v\f\r]+/g, ' ').replace(/ ?\n?$/, '');
    return key;
  };
}

/** The changed blocks between two line lists, or `undefined` past {@link DIFF_TIMEOUT_MS}. */
async function editScript(
  request: DiffRequest,
  oldLines: string[],
  newLines: string[],
): Promise<Block[] | undefined> {
  const { diffArrays } = await loadDiff();
  // diffLines' algorithm over lines split here, so that -i, -b and -w compare keys while the lines
  // printed (from either file) stay as read.
  const key = lineKey(request);
  const all: [string[], string[]] = key ? [oldLines.map(key), newLines.map(key)] : [oldLines, newLines];
  // Only the lines between the files' common start and end are diffed, less the context that will be
  // printed: where equal lines allow several shortest scripts, that is where GNU's groups them too.
  const [first, last] = commonEnds(all, request.unified ? request.context : 0);
  const keys: [string[], string[]] = [
    all[0].slice(first, all[0].length - last),
    all[1].slice(first, all[1].length - last),
  ];
  const changed = changedLines(diffArrays, keys);
  if (!changed) return undefined;
  return blocksOf(changed, keys).map((block) => ({
    ...block,
    oldAt: block.oldAt + first,
    newAt: block.newAt + first,
  }));
}

/** How many lines the two files share at their start, and then at their end. */
function commonEnds([a, b]: [string[], string[]], keep: number): [number, number] {
  let first = 0;
  while (first < a.length && first < b.length && a[first] === b[first]) first++;
  let last = 0;
  while (
    last < a.length - first &&
    last < b.length - first &&
    a[a.length - 1 - last] === b[b.length - 1 - last]
  )
    last++;
  return [Math.max(0, first - keep), Math.max(0, last - keep)];
}

/**
 * Which lines of each file the package's diff counts as changed, or `undefined` past the time bound.
 * `flags[k + 1]` is line k's, so that `flags[0]` and `flags[length + 1]` stay 0: the unchanged lines
 * GNU's arrays have around each file. A line found nowhere in the other file is changed whatever the
 * script, so it is left out of the diff, as GNU's discard_confusing_lines leaves it: two files with few
 * lines in common then take no time, where the diff's time grows with the lines changed.
 */
function changedLines(
  diffArrays: DiffPackage['diffArrays'],
  keys: [string[], string[]],
): [Uint8Array, Uint8Array] | undefined {
  const changed: [Uint8Array, Uint8Array] = [
    new Uint8Array(keys[0].length + 2),
    new Uint8Array(keys[1].length + 2),
  ];
  const kept: [number[], number[]] = [[], []];
  for (const side of [0, 1] as const) {
    const other = new Set(keys[1 - side]);
    keys[side].forEach((line, at) => {
      if (other.has(line)) kept[side].push(at);
      else changed[side][at + 1] = 1;
    });
  }
  const lines = (side: 0 | 1): string[] => kept[side].map((at) => keys[side][at] as string);
  const changes = diffArrays(lines(0), lines(1), { timeout: DIFF_TIMEOUT_MS });
  if (!changes) return undefined;
  const at = [0, 0];
  for (const { added, removed, count } of changes) {
    for (const side of [0, 1] as const) {
      if (side === 0 ? added : removed) continue;
      const start = at[side] as number;
      if (added || removed)
        for (const line of kept[side].slice(start, start + count)) changed[side][line + 1] = 1;
      at[side] = start + count;
    }
  }
  return changed;
}

const isChanged = (flags: Uint8Array, line: number): boolean => flags[line + 1] === 1;

/** The changed lines as blocks, each a run of changes in one file or both (GNU's build_script). */
function blocksOf(changed: [Uint8Array, Uint8Array], keys: [string[], string[]]): Block[] {
  const [own, other] = changed;
  const blocks: Block[] = [];
  for (let oldAt = 0, newAt = 0; oldAt < keys[0].length || newAt < keys[1].length; oldAt++, newAt++) {
    if (!isChanged(own, oldAt) && !isChanged(other, newAt)) continue;
    const block: Block = { oldAt, oldCount: 0, newAt, newCount: 0 };
    while (isChanged(own, oldAt)) oldAt++;
    while (isChanged(other, newAt)) newAt++;
    block.oldCount = oldAt - block.oldAt;
    block.newCount = newAt - block.newAt;
    blocks.push(block);
  }
  return blocks;
}

/** One line printed after its marker; one without a newline is followed by GNU's note. */
const printed = (marker: string, line: string): string =>
  line.endsWith('\n') ? `${marker}${line}` : `${marker}${line}\n\\ No newline at end of file\n`;

/** GNU's normal format: `2c2`, `< old`, `---`, `> new`. */
function normalFormat(blocks: readonly Block[], oldLines: string[], newLines: string[]): string {
  const range = (from: number, to: number): string => (from === to ? `${from}` : `${from},${to}`);
  let out = '';
  for (const { oldAt, oldCount, newAt, newCount } of blocks) {
    const oldRange = range(oldAt + 1, oldAt + oldCount);
    const newRange = range(newAt + 1, newAt + newCount);
    if (oldCount === 0) out += `${oldAt}a${newRange}\n`;
    else if (newCount === 0) out += `${oldRange}d${newAt}\n`;
    else out += `${oldRange}c${newRange}\n`;
    for (const line of oldLines.slice(oldAt, oldAt + oldCount)) out += printed('< ', line);
    if (oldCount > 0 && newCount > 0) out += '---\n';
    for (const line of newLines.slice(newAt, newAt + newCount)) out += printed('> ', line);
  }
  return out;
}

/** Blocks in hunks: two blocks share one when at most 2 × context lines lie between them, as in GNU. */
function hunksOf(blocks: readonly Block[], context: number): Block[][] {
  const hunks: Block[][] = [];
  for (const block of blocks) {
    const hunk = hunks.at(-1);
    const last = hunk?.at(-1);
    if (hunk && last && block.oldAt - (last.oldAt + last.oldCount) <= 2 * context) hunk.push(block);
    else hunks.push([block]);
  }
  return hunks;
}

/** A unified range: GNU leaves out a count of 1, and gives an empty range the line before it. */
const unifiedRange = (at: number, count: number): string =>
  count === 0 ? `${at},0` : count === 1 ? `${at + 1}` : `${at + 1},${count}`;

function unifiedHunk(
  hunk: readonly Block[],
  context: number,
  oldLines: string[],
  newLines: string[],
): string {
  const first = hunk[0] as Block;
  const last = hunk.at(-1) as Block;
  // Around the hunk every line is common, so the context is as long on both sides.
  const lead = Math.min(context, first.oldAt);
  const trail = Math.min(context, oldLines.length - (last.oldAt + last.oldCount));
  const oldStart = first.oldAt - lead;
  const newStart = first.newAt - lead;
  const oldEnd = last.oldAt + last.oldCount + trail;
  const newEnd = last.newAt + last.newCount + trail;
  let out = `@@ -${unifiedRange(oldStart, oldEnd - oldStart)} +${unifiedRange(newStart, newEnd - newStart)} @@\n`;
  let at = oldStart;
  for (const block of hunk) {
    // Context lines are printed from the old file, as GNU's are (they differ under -i, -b, -w).
    for (; at < block.oldAt; at++) out += printed(' ', oldLines[at] as string);
    for (const line of oldLines.slice(block.oldAt, block.oldAt + block.oldCount)) out += printed('-', line);
    for (const line of newLines.slice(block.newAt, block.newAt + block.newCount)) out += printed('+', line);
    at = block.oldAt + block.oldCount;
  }
  for (; at < oldEnd; at++) out += printed(' ', oldLines[at] as string);
  return out;
}

/** A date as GNU's diff prints it, `2026-12-03 07:48:28.532000000 +0000` (milliseconds: see the top). */
function gnuTime(date: Date): string {
  const two = (value: number): string => String(value).padStart(2, '0');
  const day = `${date.getUTCFullYear()}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}`;
  const time = `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;
  return `${day} ${time}.${String(date.getUTCMilliseconds()).padStart(3, '0')}000000 +0000`;
}

function unifiedHeader(request: DiffRequest, a: Entry, b: Entry): string {
  const [labelA, labelB] = request.labels;
  const line = (entry: Entry, label: string | undefined): string =>
    label === undefined ? `${utf8(entry.name)}\t${gnuTime(entry.mtime)}` : utf8(label);
  return `--- ${line(a, labelA)}\n+++ ${line(b, labelB)}\n`;
}

// ---------------------------------------------------------------------------------------------------
// diff: files and directories

/** What a diff prints (stdout as bytes) and its exit code: 0 the same, 1 different, 2 trouble. */
class DiffReport {
  out = '';
  err = '';
  status = 0;

  differ(text: string): void {
    this.out += text;
    this.status = Math.max(this.status, 1);
  }

  trouble(message: string): void {
    this.err += message;
    this.status = 2;
  }

  result(): Result {
    return {
      stdout: this.out,
      stderr: this.err,
      exitCode: this.status,
      stdoutKind: 'bytes',
      stdoutEncoding: 'binary',
    };
  }
}

const isBinary = (bytes: string): boolean => bytes.includes('\0');

/** Compares two files (either may be missing under -N); `inDirectory`: GNU's `diff -r a/x b/x` line first. */
async function compareFiles(
  request: DiffRequest,
  a: Entry,
  b: Entry,
  report: DiffReport,
  inDirectory: boolean,
) {
  const names = `${utf8(a.name)} and ${utf8(b.name)}`;
  if (a.bytes === b.bytes) {
    if (request.reportSame) report.out += `Files ${names} are identical\n`;
    return;
  }
  if (!request.text && (isBinary(a.bytes) || isBinary(b.bytes))) {
    report.differ(request.brief ? `Files ${names} differ\n` : `Binary files ${names} differ\n`);
    return;
  }
  const prepared = (bytes: string): string[] =>
    linesOf(request.stripCr ? bytes.replace(/\r\n/g, '\n') : bytes);
  const oldLines = prepared(a.bytes);
  const newLines = prepared(b.bytes);
  const blocks = await editScript(request, oldLines, newLines);
  if (blocks === undefined) {
    report.trouble(
      `diff: ${a.name} and ${b.name} differ in too many places to list within ${DIFF_TIMEOUT_MS / 1000} s: ` +
        'diff -q or cmp says whether they differ\n',
    );
    return;
  }
  if (blocks.length === 0) {
    if (request.reportSame) report.out += `Files ${names} are identical\n`;
    return;
  }
  if (request.brief) return report.differ(`Files ${names} differ\n`);
  let out = inDirectory
    ? `diff${request.switches.map((arg) => ` ${utf8(arg)}`).join('')} ${utf8(a.name)} ${utf8(b.name)}\n`
    : '';
  if (!request.unified) out += normalFormat(blocks, oldLines, newLines);
  else {
    out += unifiedHeader(request, a, b);
    for (const hunk of hunksOf(blocks, request.context))
      out += unifiedHunk(hunk, request.context, oldLines, newLines);
  }
  report.differ(out);
}

async function listing(context: Context, directory: string): Promise<string[]> {
  try {
    return await context.fs.readdir(context.fs.resolvePath(context.cwd, directory));
  } catch {
    return [];
  }
}

const kindName = (entry: Entry): string =>
  entry.kind === 'directory' ? 'directory' : entry.bytes === '' ? 'regular empty file' : 'regular file';

/** Two directories, name by name in byte order, as GNU compares them; into subdirectories with -r. */
async function compareDirectories(
  context: Context,
  request: DiffRequest,
  left: string,
  right: string,
  report: DiffReport,
) {
  const names = [...new Set([...(await listing(context, left)), ...(await listing(context, right))])].sort();
  for (const name of names) {
    const a = await entryOf(context, joined(left, name));
    const b = await entryOf(context, joined(right, name));
    if (a.kind === 'missing' || b.kind === 'missing') {
      const present = a.kind === 'missing' ? b : a;
      if (request.newFile && present.kind === 'file') await compareFiles(request, a, b, report, true);
      else if (request.newFile && request.recursive)
        await compareDirectories(context, request, a.name, b.name, report);
      else report.differ(`Only in ${utf8(present === a ? left : right)}: ${utf8(name)}\n`);
    } else if (a.kind === 'directory' && b.kind === 'directory') {
      if (request.recursive) await compareDirectories(context, request, a.name, b.name, report);
      else report.out += `Common subdirectories: ${utf8(a.name)} and ${utf8(b.name)}\n`;
    } else if (a.kind !== b.kind) {
      report.differ(
        `File ${utf8(a.name)} is a ${kindName(a)} while file ${utf8(b.name)} is a ${kindName(b)}\n`,
      );
    } else await compareFiles(request, a, b, report, true);
  }
}

/** The two operands: files, directories, or a file and a directory (the file of that name in it). */
async function compareOperands(context: Context, request: DiffRequest, report: DiffReport): Promise<void> {
  const [left, right] = request.operands as [string, string];
  let a = await entryOf(context, left);
  let b = await entryOf(context, right);
  if (a.kind === 'directory' && b.kind === 'directory')
    return compareDirectories(context, request, left, right, report);
  if ((a.kind === 'directory' && right === '-') || (b.kind === 'directory' && left === '-')) {
    return report.trouble("diff: cannot compare '-' to a directory\n");
  }
  if (a.kind === 'directory' && b.kind === 'file') a = await entryOf(context, joined(left, baseName(right)));
  if (b.kind === 'directory' && a.kind === 'file') b = await entryOf(context, joined(right, baseName(left)));
  const missing = [a, b].filter((entry) => entry.kind === 'missing');
  if (missing.length > 0 && (!request.newFile || missing.length === 2)) {
    for (const entry of missing) report.trouble(`diff: ${entry.name}: No such file or directory\n`);
    return;
  }
  await compareFiles(request, a, b, report, false);
}

/** GNU's diff: normal format, or unified with -u; over directories too. */
export const diffCommand: Command = {
  name: 'diff',
  async execute(args, context) {
    const request = diffRequest(args);
    if (typeof request === 'string') return { stdout: '', stderr: request, exitCode: 2 };
    const report = new DiffReport();
    await compareOperands(context, request, report);
    return report.result();
  },
};

// ---------------------------------------------------------------------------------------------------
// patch: options and the patch read

interface PatchRequest {
  /** Leading path components stripped; `undefined`: GNU's default without -p, the base name. */
  strip: number | undefined;
  reverse: boolean;
  dryRun: boolean;
  silent: boolean;
  force: boolean;
  removeEmpty: boolean;
  maxFuzz: number;
  input: string | undefined;
  directory: string | undefined;
  /** The file named on the command line, which every patch in the input is applied to. */
  target: string | undefined;
}

const PATCH_USAGE =
  'patch: takes -pN, -R, --dry-run, -i PATCHFILE, -s, -f, -N, -E, -F N, -d DIR, -u and ' +
  '[FILE [PATCHFILE]]; it applies unified diffs (diff -u, git diff) only';

const patchFailure = (message: string): Result => ({
  stdout: '',
  stderr: `patch: **** ${message}\n`,
  exitCode: 2,
});

/** The option letters patch takes without a value, and their long names. */
const PATCH_FLAGS: Record<string, (request: PatchRequest) => void> = {
  R: (request) => {
    request.reverse = true;
  },
  s: (request) => {
    request.silent = true;
  },
  f: (request) => {
    request.force = true;
  },
  E: (request) => {
    request.removeEmpty = true;
  },
  // -N answers GNU's question on a reversed patch no, as this patch always does; -u names the only
  // format it reads.
  N: () => undefined,
  u: () => undefined,
};

const PATCH_LONG_FLAGS: Record<string, string> = {
  '--reverse': 'R',
  '--silent': 's',
  '--quiet': 's',
  '--force': 'f',
  '--remove-empty-files': 'E',
  '--forward': 'N',
  '--unified': 'u',
};

/** The options that take a value, by letter and long name, and where the value goes. */
const PATCH_VALUES: Record<string, (request: PatchRequest, value: string) => string | undefined> = {
  p: (request, value) => {
    if (!/^\d+$/.test(value)) return `strip count ${value} is not a number`;
    request.strip = Number(value);
    return undefined;
  },
  F: (request, value) => {
    if (!/^\d+$/.test(value)) return `fuzz factor ${value} is not a number`;
    request.maxFuzz = Number(value);
    return undefined;
  },
  i: (request, value) => {
    request.input = value;
    return undefined;
  },
  d: (request, value) => {
    request.directory = value;
    return undefined;
  },
};

const PATCH_LONG_VALUES: Record<string, string> = {
  '--strip': 'p',
  '--fuzz': 'F',
  '--input': 'i',
  '--directory': 'd',
};

/** Reads one option into `request`; `next` takes the following argument. A message when refused. */
function patchOption(arg: string, request: PatchRequest, next: () => string | undefined): string | undefined {
  const valued = (letter: string, value: string | undefined): string | undefined => {
    if (value === undefined) return `patch: option '${arg}' requires an argument\n${PATCH_USAGE}\n`;
    const problem = PATCH_VALUES[letter]?.(request, value);
    return problem && `patch: **** ${problem}\n`;
  };
  if (arg.startsWith('--')) {
    const [name, value] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg];
    const flag = PATCH_FLAGS[PATCH_LONG_FLAGS[name as string] ?? ''];
    const letter = PATCH_LONG_VALUES[name as string];
    if (letter) return valued(letter, value ?? next());
    if (flag && value === undefined) flag(request);
    else if (arg === '--dry-run') request.dryRun = true;
    // No backup is ever made, so turning GNU's off changes nothing.
    else if (arg !== '--no-backup-if-mismatch') return refusal('patch', arg, PATCH_USAGE);
    return undefined;
  }
  for (let at = 1; at < arg.length; at++) {
    const letter = arg[at] as string;
    if (PATCH_VALUES[letter]) return valued(letter, arg.slice(at + 1) || next());
    const flag = PATCH_FLAGS[letter];
    if (!flag) return refusal('patch', `-${letter}`, PATCH_USAGE);
    flag(request);
  }
  return undefined;
}

function patchRequest(args: readonly string[]): PatchRequest | string {
  const request: PatchRequest = {
    strip: undefined,
    reverse: false,
    dryRun: false,
    silent: false,
    force: false,
    removeEmpty: false,
    maxFuzz: 2,
    input: undefined,
    directory: undefined,
    target: undefined,
  };
  const operands: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    if (arg === '--') {
      operands.push(...args.slice(index + 1));
      break;
    }
    if (arg === '-' || !arg.startsWith('-')) {
      operands.push(arg);
      continue;
    }
    const problem = patchOption(arg, request, () => args[++index]);
    if (problem) return problem;
  }
  const [target, input, extra] = operands;
  if (extra !== undefined) return `patch: ${extra}: extra operand\n${PATCH_USAGE}\n`;
  request.target = target;
  request.input ??= input;
  return request;
}

/** The patch text (bytes): the -i file, the second operand, or stdin. */
async function patchInput(context: Context, cwd: string, request: PatchRequest): Promise<string | Result> {
  if (request.input === undefined || request.input === '-') return stdinOf(context);
  try {
    return byteString(await context.fs.readFileBuffer(context.fs.resolvePath(cwd, request.input)));
  } catch {
    return patchFailure(`Can't open patch file ${request.input} : No such file or directory`);
  }
}

/** The patch's file patches, or why it cannot be applied (exit 2, nothing applied). */
function filePatches(diff: DiffPackage, text: string, request: PatchRequest): StructuredPatch[] | Result {
  let patches: StructuredPatch[];
  try {
    patches = diff.parsePatch(text);
  } catch (error) {
    return patchFailure(`malformed patch: ${(error as Error).message}`);
  }
  const unsupported = patches.find((patch) => patch.isBinary || patch.isRename || patch.isCopy);
  if (unsupported) {
    const name = decoded(unsupported.newFileName ?? unsupported.oldFileName ?? '');
    return patchFailure(
      `${name}: a git binary, rename or copy patch, which this patch does not apply; nothing was applied`,
    );
  }
  patches = patches.filter((patch) => patch.hunks.length > 0);
  if (patches.length === 0) {
    return patchFailure(
      'Only garbage was found in the patch input. (This patch reads unified diffs: diff -u, git diff.)',
    );
  }
  return request.reverse ? patches.map((patch) => diff.reversePatch(patch)) : patches;
}

// ---------------------------------------------------------------------------------------------------
// patch: fitting hunks, GNU's way, with applyPatch

type ApplyPatch = DiffPackage['applyPatch'];

const emptyPatch = (): StructuredPatch => ({
  oldFileName: undefined,
  newFileName: undefined,
  oldHeader: undefined,
  newHeader: undefined,
  hunks: [],
});

const isContext = (line: string): boolean => line === '' || line.startsWith(' ');
const isOldLine = (line: string): boolean => isContext(line) || line.startsWith('-');

/** The context lines before a hunk's first change and after its last (GNU's prefix and suffix). */
function contextSizes(hunk: StructuredPatchHunk): { prefix: number; suffix: number } {
  const lines = hunk.lines.filter((line) => !line.startsWith('\\'));
  let prefix = 0;
  while (prefix < lines.length && isContext(lines[prefix] as string)) prefix++;
  let suffix = 0;
  while (suffix < lines.length - prefix && isContext(lines[lines.length - 1 - suffix] as string)) suffix++;
  return { prefix, suffix };
}

/** `hunk` without `front` context lines at its start and `back` at its end (a fuzzed match ignores them). */
function trimmedHunk(hunk: StructuredPatchHunk, front: number, back: number): StructuredPatchHunk {
  if (front === 0 && back === 0) return hunk;
  const lines = hunk.lines.slice(front);
  for (let dropped = 0; dropped < back; ) {
    // A "\ No newline" note goes with the line before it.
    if (!lines.pop()?.startsWith('\\')) dropped++;
  }
  const lineCount = (count: number): number => count - front - back;
  return { ...hunk, oldLines: lineCount(hunk.oldLines), newLines: lineCount(hunk.newLines), lines };
}

/**
 * A `compareLine` for applyPatch that learns where the hunk fitted, and holds it to the file's start or
 * end. Without fuzz, applyPatch compares the hunk's old lines in order at each place it tries and stops
 * at the first mismatch, so the place where all of them matched is the fit.
 */
function fitTracker(hunk: StructuredPatchHunk, atStart: boolean, endLine: number | undefined) {
  const expected = hunk.lines.filter(isOldLine).length;
  let matched = 0;
  let start = 0;
  let fit: number | undefined;
  const compareLine = (lineNumber: number, line: string | undefined, _operation: string, content: string) => {
    if (matched === 0) start = lineNumber;
    const last = matched === expected - 1;
    const ok =
      line === content &&
      (!atStart || start === 1) &&
      (!last || endLine === undefined || lineNumber === endLine);
    matched = ok ? matched + 1 : 0;
    if (ok && last) {
      fit = start;
      matched = 0;
    }
    return ok;
  };
  return { compareLine, fit: (): number | undefined => fit };
}

/** Where the file stands while its hunks are applied: lines done, lines left, GNU's offsets. */
interface Progress {
  done: string[];
  tail: string[];
  /** Old lines before the tail (GNU's last frozen line): a later hunk cannot fit above them. */
  frozen: number;
  /** Where the last hunk fitted against where it said it would (GNU's in_offset). */
  inOffset: number;
  /** Lines the applied hunks added less lines they removed (GNU's out_offset). */
  outOffset: number;
}

interface Fit {
  text: string;
  /** The tail's line (1-based) where the trimmed hunk's first old line fitted. */
  line: number;
  trimmed: StructuredPatchHunk;
  /** Lines cut off the hunk's start. */
  front: number;
  fuzz: number;
}

/**
 * `hunk` fitted in the tail with `fuzz` lines of context ignored at each end, as GNU's locate_hunk fits
 * it: a hunk with less context before its change than after it was made at line 1, and one with less
 * after it at the file's end, so it must fit there until fuzz cuts the extra lines off.
 */
function fitAt(
  applyPatch: ApplyPatch,
  state: Progress,
  hunk: StructuredPatchHunk,
  fuzz: number,
): Fit | undefined {
  const { prefix, suffix } = contextSizes(hunk);
  const context = Math.max(prefix, suffix);
  const prefixFuzz = fuzz + prefix - context;
  const suffixFuzz = fuzz + suffix - context;
  const atStart = prefixFuzz < 0 && hunk.oldStart <= 1;
  if (atStart && state.frozen > 0) return undefined;
  const front = Math.max(0, prefixFuzz);
  const trimmed = trimmedHunk(hunk, front, Math.max(0, suffixFuzz));
  const tailLines = state.tail.length - (state.tail.at(-1) === '' ? 1 : 0);
  const tracker = fitTracker(trimmed, atStart, suffixFuzz < 0 ? tailLines : undefined);
  const guess = atStart ? 1 : Math.max(1, hunk.oldStart + state.inOffset - state.frozen + front);
  const single: StructuredPatch = {
    ...emptyPatch(),
    hunks: [{ ...trimmed, oldStart: guess, newStart: guess }],
  };
  const text = applyPatch(state.tail.join('\n'), single, {
    compareLine: tracker.compareLine,
    autoConvertLineEndings: false,
  });
  if (text === false) return undefined;
  return { text, line: tracker.fit() ?? guess, trimmed, front, fuzz };
}

/** GNU's first guess, then fuzz 1 and 2 (at most the hunk's context); the first hunk also reversed. */
function locate(
  applyPatch: ApplyPatch,
  state: Progress,
  hunk: StructuredPatchHunk,
  maxFuzz: number,
  reversed: StructuredPatchHunk | undefined,
): Fit | 'reversed' | undefined {
  const { prefix, suffix } = contextSizes(hunk);
  for (let fuzz = 0; fuzz <= Math.min(maxFuzz, Math.max(prefix, suffix)); fuzz++) {
    const fit = fitAt(applyPatch, state, hunk, fuzz);
    if (fit) return fit;
    if (reversed && fitAt(applyPatch, state, reversed, fuzz)) return 'reversed';
  }
  return undefined;
}

/** Moves the lines up to the fitted hunk's last change into `done`; GNU's line for the message. */
function advance(state: Progress, hunk: StructuredPatchHunk, fit: Fit): number {
  const lines = fit.text.split('\n');
  const trailing = contextSizes(fit.trimmed).suffix;
  const newEnd = fit.line - 1 + fit.trimmed.newLines - trailing;
  for (const line of lines.slice(0, newEnd)) state.done.push(line);
  state.tail = lines.slice(newEnd);
  const where = state.frozen + fit.line - fit.front;
  state.frozen += fit.line - 1 + fit.trimmed.oldLines - trailing;
  state.inOffset = where - hunk.oldStart;
  const shown = where + state.outOffset;
  state.outOffset += hunk.newLines - hunk.oldLines;
  return shown;
}

interface Applied {
  /** The patched text, or `undefined` when a hunk failed. */
  text: string | undefined;
  messages: string;
  failed: number;
  reversed: boolean;
}

/** Applies `hunks` to `source` in order, each where GNU's patch would, and says what GNU says of each. */
async function applyHunks(
  source: string,
  hunks: readonly StructuredPatchHunk[],
  request: PatchRequest,
): Promise<Applied> {
  const diff = await loadDiff();
  const state: Progress = { done: [], tail: source.split('\n'), frozen: 0, inOffset: 0, outOffset: 0 };
  let messages = '';
  let failed = 0;
  for (const [index, hunk] of hunks.entries()) {
    // GNU tries the first hunk the other way too: a patch already applied (or, under -R, one not
    // applied yet) fits that way.
    const reversed =
      index === 0 && !request.force
        ? diff.reversePatch({ ...emptyPatch(), hunks: [hunk] }).hunks[0]
        : undefined;
    const fit = locate(diff.applyPatch, state, hunk, request.maxFuzz, reversed);
    if (fit === 'reversed') return { text: undefined, messages, failed: hunks.length, reversed: true };
    if (fit === undefined) {
      failed++;
      messages += `Hunk #${index + 1} FAILED at ${hunk.oldStart + state.outOffset}.\n`;
      continue;
    }
    const line = advance(state, hunk, fit);
    if (fit.fuzz === 0 && state.inOffset === 0) continue;
    const offset = state.inOffset;
    messages +=
      `Hunk #${index + 1} succeeded at ${line}${fit.fuzz ? ` with fuzz ${fit.fuzz}` : ''}` +
      `${offset ? ` (offset ${offset} line${offset === 1 ? '' : 's'})` : ''}.\n`;
  }
  return {
    text: failed ? undefined : [...state.done, ...state.tail].join('\n'),
    messages,
    failed,
    reversed: false,
  };
}

// ---------------------------------------------------------------------------------------------------
// patch: which file, and writing it

/** A name as GNU's patch prints it: quoted as the shell would need it (`'a b'`, `"it's"`), else as it is. */
function quoted(name: string): string {
  if (name !== '' && !/[\s!"#$&'()*;<>?[\\\]^`{|}~]/.test(name)) return name;
  if (name.includes("'") && !/[$`"\\]/.test(name)) return `"${name}"`;
  return `'${name.replace(/'/g, "'\\''")}'`;
}

/** `/dev/null`, or the epoch date diff -N gives a missing file: the file does not exist on that side. */
const nonexistent = (name: string | undefined, header: string | undefined): boolean =>
  name === undefined ||
  name === '/dev/null' ||
  /^1970-01-01 00:00:00(?:\.0+)?(?: [+-]0000)?$/.test(header ?? '');

/** `name` without `strip` leading components (`undefined`: its base name, GNU's default). */
function stripped(name: string, strip: number | undefined): string | undefined {
  if (strip === undefined) return baseName(name) || undefined;
  let rest = name;
  for (let count = 0; count < strip; count++) {
    const slash = rest.indexOf('/');
    if (slash < 0) return undefined;
    rest = rest.slice(slash + 1).replace(/^\/+/, '');
  }
  return rest || undefined;
}

interface Target {
  path: string;
  shown: string;
  /** Its bytes, or `undefined` when it does not exist (yet). */
  content: string | undefined;
  creating: boolean;
  deleting: boolean;
}

/** GNU's best of several names that exist: fewest components, then the shortest base name, then shortest. */
function bestFirst(x: Target, y: Target): number {
  const rank = (target: Target): number[] => [
    target.shown.split('/').length,
    baseName(target.shown).length,
    target.shown.length,
  ];
  const [a, b] = [rank(x), rank(y)];
  const at = a.findIndex((value, index) => value !== b[index]);
  return at < 0 ? 0 : (a[at] as number) - (b[at] as number);
}

/** The names a patch gives its file, stripped as -p says; `/dev/null` and the epoch-dated left out. */
function candidateNames(patch: StructuredPatch, request: PatchRequest): string[] {
  const names = [
    nonexistent(patch.oldFileName, patch.oldHeader) ? undefined : patch.oldFileName,
    nonexistent(patch.newFileName, patch.newHeader) ? undefined : patch.newFileName,
    patch.index,
  ];
  const candidates: string[] = [];
  for (const name of names) {
    const shown = name === undefined ? undefined : stripped(decoded(name), request.strip);
    if (shown !== undefined && !candidates.includes(shown)) candidates.push(shown);
  }
  return candidates;
}

/** The file a patch is for, found as GNU finds it; GNU's message (its question answered no) when none is. */
async function targetOf(
  context: Context,
  cwd: string,
  request: PatchRequest,
  patch: StructuredPatch,
  written: ReadonlyMap<string, string | undefined>,
): Promise<Target | string> {
  const creating = nonexistent(patch.oldFileName, patch.oldHeader);
  const deleting = nonexistent(patch.newFileName, patch.newHeader);
  const read = async (shown: string): Promise<Target> => {
    const path = context.fs.resolvePath(cwd, shown);
    // A file an earlier patch of this input changed (under --dry-run, only here) is read as changed.
    const content = written.has(path)
      ? written.get(path)
      : await context.fs.readFileBuffer(path).then(byteString, () => undefined);
    return { path, shown, content, creating, deleting };
  };
  const candidates = candidateNames(patch, request);
  const names = request.target === undefined ? candidates : [request.target];
  const found: Target[] = [];
  for (const name of names) {
    const target = await read(name);
    if (target.content !== undefined) found.push(target);
  }
  const best = found.sort(bestFirst)[0];
  if (best) return best;
  const newName =
    patch.newFileName === undefined ? undefined : stripped(decoded(patch.newFileName), request.strip);
  if (creating && (request.target ?? newName) !== undefined)
    return read(request.target ?? (newName as string));
  const hint =
    request.strip === undefined || request.target !== undefined
      ? 'Perhaps you should have used the -p or --strip option?'
      : 'Perhaps you used the wrong -p or --strip option?';
  const looked = missingNames(patch, request, names);
  return `can't find file to patch: ${looked}\n${hint}\nSkipping patch.\n`;
}

/** Which names were looked for, and how -p read them, for the message when none is found. */
function missingNames(patch: StructuredPatch, request: PatchRequest, names: readonly string[]): string {
  if (request.target !== undefined) return `no file ${quoted(request.target)} is here`;
  const given = [patch.oldFileName, patch.newFileName, patch.index].flatMap((name) =>
    name === undefined || name === '/dev/null' ? [] : [quoted(decoded(name))],
  );
  if (given.length === 0) return 'the patch names no file (name it: patch FILE < PATCHFILE)';
  const reading = request.strip === undefined ? 'without -p' : `with -p${request.strip}`;
  const named = names.length
    ? `${names.map(quoted).join(' or ')}, and no such file is here`
    : `no name (they have fewer than ${request.strip} directories to strip)`;
  return `the patch names ${[...new Set(given)].join(' and ')}; ${reading} that is ${named}`;
}

const hunkCount = (count: number): string => `${count} hunk${count === 1 ? '' : 's'}`;

/** What a run of patch has printed and written so far. */
interface PatchRun {
  out: string;
  err: string;
  failed: boolean;
  /** Files written (or, under --dry-run, that would be), by path: their content, `undefined` removed. */
  written: Map<string, string | undefined>;
}

/** Writes the patched file, or removes it when it ends empty and the patch deletes it (or -E). */
async function settle(context: Context, request: PatchRequest, target: Target, text: string, run: PatchRun) {
  const remove = text === '' && (request.removeEmpty || target.deleting);
  run.written.set(target.path, remove ? undefined : text);
  if (target.deleting && !remove) {
    run.out += `Not deleting file ${quoted(target.shown)} as content differs from patch\n`;
    run.failed = true;
  }
  if (request.dryRun) return;
  try {
    if (remove) return await context.fs.rm(target.path, { force: true });
    const parent = target.path.slice(0, target.path.lastIndexOf('/')) || '/';
    await context.fs.mkdir(parent, { recursive: true });
    await context.fs.writeFile(target.path, bytesOf(text));
  } catch (error) {
    run.err += `patch: **** Can't write ${quoted(target.shown)} : ${(error as Error).message}\n`;
  }
}

/** One file's patch: found, its hunks applied all or none, and what GNU would say of it. */
async function patchFile(
  context: Context,
  cwd: string,
  request: PatchRequest,
  patch: StructuredPatch,
  run: PatchRun,
) {
  const all = hunkCount(patch.hunks.length);
  const ignored = `${patch.hunks.length} out of ${all} ignored\n`;
  const target = await targetOf(context, cwd, request, patch, run.written);
  if (typeof target === 'string') {
    run.out += `${target}${ignored}`;
    run.failed = true;
    return;
  }
  const name = quoted(target.shown);
  if (target.creating && target.content !== undefined && target.content !== '') {
    run.out += `The next patch would create the file ${name},\nwhich already exists!  Skipping patch.\n${ignored}`;
    run.failed = true;
    return;
  }
  if (!request.silent) run.out += `${request.dryRun ? 'checking' : 'patching'} file ${name}\n`;
  const applied = await applyHunks(target.content ?? '', patch.hunks, request);
  if (!request.silent) run.out += applied.messages;
  if (applied.reversed) {
    run.out += request.reverse
      ? `Unreversed patch detected!  Skipping patch (it applies without -R).\n${ignored}`
      : `Reversed (or previously applied) patch detected!  Skipping patch (patch -R undoes it).\n${ignored}`;
  } else if (applied.text === undefined) {
    run.out +=
      `${applied.failed} out of ${all} FAILED -- ${name} is left unchanged ` +
      '(no hunk is applied to a file unless all of them fit; no .rej file is written)\n';
  } else return settle(context, request, target, applied.text, run);
  run.failed = true;
}

/** GNU's patch for unified diffs, a file's hunks applied all or none. */
const patchCommand: Command = {
  name: 'patch',
  async execute(args, context) {
    const request = patchRequest(args);
    if (typeof request === 'string') return { stdout: '', stderr: request, exitCode: 2 };
    const cwd = context.fs.resolvePath(context.cwd, request.directory ?? '.');
    if (request.directory !== undefined && !(await context.fs.exists(cwd))) {
      return patchFailure(`Can't change to directory ${request.directory} : No such file or directory`);
    }
    const text = await patchInput(context, cwd, request);
    if (typeof text !== 'string') return text;
    // An empty patch (diff of two equal files) changes nothing, as GNU's says by exiting 0.
    if (text.trim() === '') return { stdout: '', stderr: '', exitCode: 0 };
    const diff = await loadDiff();
    const patches = filePatches(diff, text, request);
    if (!Array.isArray(patches)) return patches;
    const run: PatchRun = { out: '', err: '', failed: false, written: new Map() };
    for (const patch of patches) await patchFile(context, cwd, request, patch, run);
    return { stdout: run.out, stderr: run.err, exitCode: run.err ? 2 : run.failed ? 1 : 0 };
  },
};

// ---------------------------------------------------------------------------------------------------
// cmp

interface CmpRequest {
  verbose: boolean;
  silent: boolean;
  printBytes: boolean;
  limit: number;
  skips: [number, number];
  operands: string[];
}

const CMP_USAGE =
  'cmp: takes -s, -l, -b, -n N, -i SKIP[:SKIP2] and FILE1 [FILE2 [SKIP1 [SKIP2]]] (- for stdin)';

/** `SKIP` or `SKIP1:SKIP2` as bytes to skip in each file; decimal only (GNU also takes `1K` and such). */
function skipsOf(value: string): [number, number] | undefined {
  const match = /^(\d+)(?::(\d+))?$/.exec(value);
  return match ? [Number(match[1]), Number(match[2] ?? match[1])] : undefined;
}

function cmpOption(arg: string, request: CmpRequest, next: () => string | undefined): string | undefined {
  const limit = (value: string | undefined): string | undefined => {
    if (value === undefined || !/^\d+$/.test(value))
      return `cmp: invalid --bytes value '${value ?? ''}'\n${CMP_USAGE}\n`;
    request.limit = Number(value);
    return undefined;
  };
  const skip = (value: string | undefined): string | undefined => {
    const skips = value === undefined ? undefined : skipsOf(value);
    if (!skips) return `cmp: invalid --ignore-initial value '${value ?? ''}'\n${CMP_USAGE}\n`;
    request.skips = skips;
    return undefined;
  };
  const [name, value] = arg.includes('=')
    ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
    : [arg];
  if (name === '--bytes') return limit(value ?? next());
  if (name === '--ignore-initial') return skip(value ?? next());
  if (arg === '--quiet' || arg === '--silent') request.silent = true;
  else if (arg === '--verbose') request.verbose = true;
  else if (arg === '--print-bytes') request.printBytes = true;
  else if (arg.startsWith('--')) return refusal('cmp', arg, CMP_USAGE);
  else {
    for (let at = 1; at < arg.length; at++) {
      const letter = arg[at] as string;
      if (letter === 'n') return limit(arg.slice(at + 1) || next());
      if (letter === 'i') return skip(arg.slice(at + 1) || next());
      if (letter === 's') request.silent = true;
      else if (letter === 'l') request.verbose = true;
      else if (letter === 'b') request.printBytes = true;
      else return refusal('cmp', `-${letter}`, CMP_USAGE);
    }
  }
  return undefined;
}

function cmpRequest(args: readonly string[]): CmpRequest | string {
  const request: CmpRequest = {
    verbose: false,
    silent: false,
    printBytes: false,
    limit: Number.POSITIVE_INFINITY,
    skips: [0, 0],
    operands: [],
  };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    if (arg === '--') {
      request.operands.push(...args.slice(index + 1));
      break;
    }
    if (arg === '-' || !arg.startsWith('-')) request.operands.push(arg);
    else {
      const problem = cmpOption(arg, request, () => args[++index]);
      if (problem) return problem;
    }
  }
  const [first, , skipA, skipB, extra] = request.operands;
  if (first === undefined) return `cmp: missing operand after 'cmp'\n${CMP_USAGE}\n`;
  if (extra !== undefined) return `cmp: extra operand '${extra}'\n${CMP_USAGE}\n`;
  if (request.verbose && request.silent) return `cmp: options -l and -s are incompatible\n${CMP_USAGE}\n`;
  for (const [at, skip] of [skipA, skipB].entries()) {
    if (skip === undefined) continue;
    const skips = skipsOf(skip);
    if (!skips || skip.includes(':')) return `cmp: invalid --ignore-initial value '${skip}'\n${CMP_USAGE}\n`;
    request.skips[at] = skips[0];
  }
  return request;
}

interface CmpInput {
  name: string;
  bytes: Uint8Array;
  /** A file's size is known before it is read (stdin's is not): GNU sizes -l's first column by it. */
  regular: boolean;
}

async function cmpInput(context: Context, name: string, skip: number): Promise<CmpInput | string> {
  if (name === '-') return { name, bytes: bytesOf(stdinOf(context)).subarray(skip), regular: false };
  const path = context.fs.resolvePath(context.cwd, name);
  try {
    if ((await context.fs.stat(path)).isDirectory) return `cmp: ${name}: Is a directory\n`;
    return { name, bytes: (await context.fs.readFileBuffer(path)).subarray(skip), regular: true };
  } catch {
    return `cmp: ${name}: No such file or directory\n`;
  }
}

/** A byte as GNU's cmp -b shows it: itself when printable, else `^X`, `^?`, and `M-` for the high bit. */
function shownByte(byte: number): string {
  const prefix = byte >= 128 ? 'M-' : '';
  const low = byte % 128;
  if (low < 32) return `${prefix}^${String.fromCharCode(low + 64)}`;
  if (low === 127) return `${prefix}^?`;
  return `${prefix}${String.fromCharCode(low)}`;
}

const octal = (byte: number): string => byte.toString(8).padStart(3, ' ');

function newlinesBefore(bytes: Uint8Array, end: number): number {
  let count = 0;
  for (let at = 0; at < end; at++) if (bytes[at] === 10) count++;
  return count;
}

/** cmp -l: each differing byte, its number padded to the width of the last that could differ. */
function allDifferences(request: CmpRequest, a: CmpInput, b: CmpInput, common: number): string {
  const sizes = [a, b].filter((input) => input.regular).map((input) => input.bytes.length);
  const widest = Math.min(request.limit, ...sizes);
  const width = Number.isFinite(widest) ? String(widest).length : 19;
  let out = '';
  for (let at = 0; at < common; at++) {
    const [x, y] = [a.bytes[at] as number, b.bytes[at] as number];
    if (x === y) continue;
    const number = String(at + 1).padStart(width, ' ');
    out += request.printBytes
      ? `${number} ${octal(x)} ${shownByte(x).padEnd(4, ' ')} ${octal(y)} ${shownByte(y)}\n`
      : `${number} ${octal(x)} ${octal(y)}\n`;
  }
  return out;
}

/** GNU's note when one input ends before the other differs. */
function eofMessage(request: CmpRequest, input: CmpInput, length: number): string {
  if (length === 0) return `cmp: EOF on ${input.name} which is empty\n`;
  if (request.verbose) return `cmp: EOF on ${input.name} after byte ${length}\n`;
  const lines = newlinesBefore(input.bytes, length);
  const line = input.bytes[length - 1] === 10 ? `line ${lines}` : `in line ${lines + 1}`;
  return `cmp: EOF on ${input.name} after byte ${length}, ${line}\n`;
}

/**
 * GNU says `char` in the C locale, as POSIX asks, and `byte` in any other: the shell sets no locale
 * unless the script does, and GNU tools run with LC_ALL=C print `char`.
 */
function byteWord(context: Context): string {
  const locale =
    context.env.get('LC_ALL') || context.env.get('LC_MESSAGES') || context.env.get('LANG') || 'C';
  return locale === 'C' || locale === 'POSIX' ? 'char' : 'byte';
}

function comparison(request: CmpRequest, a: CmpInput, b: CmpInput, unit: string): Result {
  const lengthA = Math.min(a.bytes.length, request.limit);
  const lengthB = Math.min(b.bytes.length, request.limit);
  const common = Math.min(lengthA, lengthB);
  let stdout = '';
  if (request.verbose) stdout = allDifferences(request, a, b, common);
  else {
    let at = 0;
    while (at < common && a.bytes[at] === b.bytes[at]) at++;
    if (at < common) {
      if (request.silent) return { stdout: '', stderr: '', exitCode: 1 };
      const [x, y] = [a.bytes[at] as number, b.bytes[at] as number];
      const shown = request.printBytes ? ` is ${octal(x)} ${shownByte(x)} ${octal(y)} ${shownByte(y)}` : '';
      stdout = `${a.name} ${b.name} differ: ${unit} ${at + 1}, line ${newlinesBefore(a.bytes, at) + 1}${shown}\n`;
      return { stdout, stderr: '', exitCode: 1 };
    }
  }
  if (lengthA === lengthB) return { stdout, stderr: '', exitCode: stdout === '' ? 0 : 1 };
  const [shorter, length] = lengthA < lengthB ? [a, lengthA] : [b, lengthB];
  return { stdout, stderr: request.silent ? '' : eofMessage(request, shorter, length), exitCode: 1 };
}

/** GNU's cmp: where two files first differ (or, with -l, every byte that does). */
const cmpCommand: Command = {
  name: 'cmp',
  async execute(args, context) {
    const request = cmpRequest(args);
    if (typeof request === 'string') return { stdout: '', stderr: request, exitCode: 2 };
    const [first, second = '-'] = request.operands as [string, string | undefined];
    const a = await cmpInput(context, first, request.skips[0]);
    const b = await cmpInput(context, second, request.skips[1]);
    for (const input of [a, b]) {
      if (typeof input === 'string') return { stdout: '', stderr: request.silent ? '' : input, exitCode: 2 };
    }
    // With -b GNU's message says `byte` whatever the locale.
    const unit = request.printBytes ? 'byte' : byteWord(context);
    return comparison(request, a as CmpInput, b as CmpInput, unit);
  },
};

/** The commands just-bash lacks, for MISSING_COMMANDS; diff replaces just-bash's (command-fixes.ts). */
export const PATCH_AND_CMP: readonly Command[] = [patchCommand, cmpCommand];
