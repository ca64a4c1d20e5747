/**
 * Files of 0 B to 1 MiB, written by the `write` tool and by the seam's `writeFile`, read back by every
 * shell command that opens a file (cat, head -c, tail -c, wc -c, md5sum, grep -c, sed -n, cp) and by
 * the read, grep and ls tools. The sizes straddle 64 KiB, where a Web Worker's stack used to make the
 * shell report big files as missing.
 *
 * Shared by the conformance case (vitest, every backend) and the e2e spec (the real Worker in
 * Chromium): it runs in Node either way and talks to the workspace through a {@link SizeProbeDriver}.
 * It returns the mismatches, one line each, so each runner asserts with its own `expect`.
 */
import { createHash } from 'node:crypto';

/** The sizes probed, in bytes. */
const PROBE_SIZES: readonly number[] = [0, 1, 63 * 1024, 64 * 1024, 65 * 1024, 1024 * 1024];

/** What the probe needs of a workspace; paths are relative to its root. */
export interface SizeProbeDriver {
  /** Calls a built-in tool the way a model does. */
  call(
    tool: string,
    args: Record<string, unknown>,
  ): Promise<{ output: string; is_error: boolean; structured_output: Record<string, unknown> }>;
  /** Writes `text` (UTF-8) straight through the Workspace seam's `writeFile`, as bytes. */
  writeFile(path: string, text: string): Promise<void>;
}

/** Lines of 40 bytes, so most sizes end inside a line (no final newline). */
function probeContent(size: number): string {
  const lines: string[] = [];
  let length = 0;
  for (let index = 1; length < size; index += 1) {
    const line = `line ${String(index).padStart(6, '0')} ${'x'.repeat(27)}\n`;
    lines.push(line);
    length += line.length;
  }
  return lines.join('').slice(0, size);
}

/** What the commands and tools must report for `content`. */
function expected(content: string) {
  const lines = content === '' ? [] : content.split('\n');
  if (content.endsWith('\n')) lines.pop();
  // `$(...)` drops trailing newlines.
  const captured = (text: string): string => text.replace(/\n+$/, '');
  const md5 = createHash('md5').update(content).digest('hex');
  return {
    lines,
    md5,
    head: captured(content.slice(0, 3)),
    tail: captured(content.slice(-3)),
    grepCount: lines.filter((line) => line.includes('line')).length,
    second: lines[1] ?? '',
    last: lines.at(-1) ?? '',
  };
}

/** One bash script that runs every command on `file` and labels each answer. */
function commandsScript(file: string, copy: string): string {
  return [
    `echo "wc -c: $(wc -c ${file} 2>&1)"`,
    `echo "head -c 3: $(head -c 3 ${file} 2>&1)"`,
    `echo "tail -c 3: $(tail -c 3 ${file} 2>&1)"`,
    `echo "md5sum: $(md5sum ${file} 2>&1)"`,
    `echo "cat | md5sum: $(cat ${file} 2>&1 | md5sum)"`,
    `echo "grep -c: $(grep -c line ${file} 2>&1)"`,
    `echo "sed -n 2p: $(sed -n 2p ${file} 2>&1)"`,
    `echo "sed -n \\$p: $(sed -n '$p' ${file} 2>&1)"`,
    `echo "cp, cat | md5sum: $(cp ${file} ${copy} 2>&1 && cat ${copy} 2>&1 | md5sum)"`,
  ].join('\n');
}

function expectedCommands(file: string, content: string): string {
  const want = expected(content);
  return [
    `wc -c: ${content.length} ${file}`,
    `head -c 3: ${want.head}`,
    `tail -c 3: ${want.tail}`,
    `md5sum: ${want.md5}  ${file}`,
    `cat | md5sum: ${want.md5}  -`,
    `grep -c: ${want.grepCount}`,
    `sed -n 2p: ${want.second}`,
    `sed -n $p: ${want.last}`,
    `cp, cat | md5sum: ${want.md5}  -`,
  ].join('\n');
}

/** Reads `file` back with the shell and the tools; returns what differed. */
async function readBack(driver: SizeProbeDriver, file: string, content: string): Promise<string[]> {
  const problems: string[] = [];
  const differs = (what: string, want: unknown, got: unknown): void => {
    if (JSON.stringify(want) !== JSON.stringify(got)) {
      problems.push(`${file}, ${what}: expected ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
    }
  };
  const want = expected(content);
  const shell = await driver.call('bash', { command: commandsScript(file, `copies/${file}`) });
  const answers = shell.output.split('\n');
  for (const [index, line] of expectedCommands(file, content).split('\n').entries()) {
    differs(`bash line ${index + 1}`, line, answers[index]);
  }
  differs('bash: lines', expectedCommands(file, content).split('\n').length, answers.length);

  const read = await driver.call('read', { path: file });
  const text = String(read.structured_output.content ?? '');
  differs('read: is_error', false, read.is_error);
  differs('read: total_lines', want.lines.length, read.structured_output.total_lines);
  differs('read: content is the start of the file', true, content.startsWith(text));
  differs('read: content is not empty', content.length > 0, text.length > 0);
  if (want.lines.length > 0) {
    const end = await driver.call('read', { path: file, offset: want.lines.length });
    differs('read at the last line', want.last, String(end.structured_output.content).replace(/\n$/, ''));
  }

  const grep = await driver.call('grep', { pattern: 'line', path: file, outputMode: 'count' });
  differs('grep: match_count', want.grepCount, grep.structured_output.match_count);
  return problems;
}

/**
 * Writes every size with `write` and with the seam's `writeFile`, then reads each back every way.
 * Returns the mismatches (none when every reader sees every file whole).
 */
export async function probeFileSizes(driver: SizeProbeDriver): Promise<string[]> {
  const problems: string[] = [];
  await driver.call('bash', { command: 'mkdir -p sizes/copies' });
  const written: [string, string][] = [];
  for (const size of PROBE_SIZES) {
    const content = probeContent(size);
    const viaTool = `write-${size}.txt`;
    const result = await driver.call('write', { path: `sizes/${viaTool}`, content });
    if (result.is_error) problems.push(`write of ${size} bytes failed: ${result.output}`);
    const viaSeam = `seam-${size}.txt`;
    await driver.writeFile(`sizes/${viaSeam}`, content);
    written.push([viaTool, content], [viaSeam, content]);
  }
  for (const [file, content] of written) {
    problems.push(...(await readBack(prefixed(driver, 'sizes'), file, content)));
  }
  const listing = await driver.call('ls', { path: 'sizes' });
  const sizes = Object.fromEntries(
    ((listing.structured_output.entries ?? []) as { name: string; size?: number | null }[]).map((entry) => [
      entry.name,
      entry.size,
    ]),
  );
  // A backend whose stat reads whole files leaves every size unknown (null), and says so.
  const sizesUnknown = listing.structured_output.sizes_unknown === true;
  for (const [file, content] of written) {
    const want = sizesUnknown ? null : content.length;
    if (sizes[file] !== want) {
      problems.push(`ls: ${file} has size ${JSON.stringify(sizes[file])}, expected ${want}`);
    }
  }
  return problems;
}

/** `driver` with tool paths and the shell's directory under `dir`. */
function prefixed(driver: SizeProbeDriver, dir: string): SizeProbeDriver {
  return {
    writeFile: (path, text) => driver.writeFile(`${dir}/${path}`, text),
    call: (tool, args) =>
      tool === 'bash'
        ? driver.call(tool, { ...args, cwd: dir })
        : driver.call(tool, { ...args, path: `${dir}/${String(args.path)}` }),
  };
}
