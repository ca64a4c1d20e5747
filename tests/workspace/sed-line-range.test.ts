/**
 * `sed -n 'A,Bp' FILE` handed to just-bash's head and tail (src/workspace/shell/sed-line-range.ts):
 * which calls are handed over and which stay with sed (a missing file keeps sed's message and status),
 * and that the embedded shell prints what GNU's sed prints (checked against /bin/bash and GNU sed when
 * this machine has them).
 * Reaches inside: lineRangeOf and withSedLineRangesFast (src/workspace/shell/sed-line-range.ts) are exported
 * by no entry; which calls are handed over is seen by wrapping sed in a just-bash shell of the test's own, as
 * output alone cannot tell.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Bash, type Command } from 'just-bash';
import { afterAll, describe, expect, it } from 'vitest';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';
import { lineRangeOf, withSedLineRangesFast } from '../../src/workspace/shell/sed-line-range.ts';

const LINES = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`);
const FILES = { 'a.txt': `${LINES.join('\n')}\n`, 'open.txt': 'one\ntwo\nthree', 'sp ace.txt': 'x\ny\n' };

describe('sed -n line ranges', () => {
  it('reads only the exact form: -n, a line number or two and p, one file', () => {
    expect(lineRangeOf(['-n', '5,9p', 'a.txt'])).toEqual({ first: 5, last: 9, file: 'a.txt' });
    expect(lineRangeOf(['--quiet', '7p', 'a.txt', '-n'])).toEqual({ first: 7, last: 7, file: 'a.txt' });
    expect(lineRangeOf(['-n', '9,5p', 'a.txt'])).toEqual({ first: 9, last: 9, file: 'a.txt' });
    for (const args of [
      ['5,9p', 'a.txt'],
      ['-n', '0,9p', 'a.txt'],
      ['-n', '5,$p', 'a.txt'],
      ['-n', '/x/p', 'a.txt'],
      ['-n', '5,9p'],
      ['-n', '5,9p', 'a.txt', 'b.txt'],
      ['-n', '-e', '5,9p', 'a.txt'],
      ['-n', '-s', '5,9p', 'a.txt'],
      ['-n', '5,9p;9q', 'a.txt'],
    ]) {
      expect(lineRangeOf(args)).toBeUndefined();
    }
  });

  it('hands the exact form to head and tail, and everything else to sed', async () => {
    const bash = new Bash({
      cwd: '/w',
      files: Object.fromEntries(Object.entries(FILES).map(([k, v]) => [`/w/${k}`, v])),
    });
    const commands = (bash as unknown as { commands: Map<string, Command> }).commands;
    const sed = commands.get('sed') as Command;
    const seen: string[][] = [];
    commands.set('sed', {
      ...sed,
      execute: (args, context) => {
        seen.push(args);
        return sed.execute(args, context);
      },
    });
    withSedLineRangesFast(commands);
    expect((await bash.exec("sed -n '28,40p' a.txt")).stdout).toBe('line 28\nline 29\nline 30\n');
    expect((await bash.exec("sed -n '2,3p' 'sp ace.txt'")).stdout).toBe('y\n');
    expect(seen).toEqual([]);
    expect((await bash.exec("sed -n '2,3p' missing.txt")).exitCode).toBe(1);
    expect((await bash.exec("cat a.txt | sed -n '2p'")).stdout).toBe('line 2\n');
    expect(seen).toEqual([
      ['-n', '2,3p', 'missing.txt'],
      ['-n', '2p'],
    ]);
  });
});

const CASES = [
  "sed -n '10,12p' a.txt",
  "sed -n '29,40p' a.txt",
  "sed -n '30p' a.txt",
  "sed -n '12,4p' a.txt",
  "sed -n '31,32p' a.txt",
  "sed -n '2,3p' open.txt | wc -c",
  'echo "[$(sed -n 3p open.txt)]"',
  "sed -n '1,2p' 'sp ace.txt'",
  'x=$(sed -n \'4,5p\' a.txt); echo "[$x]"',
];

const directories: string[] = [];
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

function isGnuSed(): boolean {
  try {
    return /GNU/.test(
      execFileSync('sed', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
    );
  } catch {
    return false;
  }
}

/** What GNU bash prints for `command`, stdout and stderr, in a directory holding FILES. */
function gnu(command: string): string {
  const directory = mkdtempSync(join(tmpdir(), 'sed-line-range-'));
  directories.push(directory);
  for (const [path, text] of Object.entries(FILES)) writeFileSync(join(directory, path), text);
  return execFileSync('/bin/bash', ['-c', `{ ${command}\n} 2>&1`], {
    cwd: directory,
    encoding: 'utf8',
    env: { PATH: '/usr/bin:/bin', LC_ALL: 'C' },
  });
}

describe.skipIf(!existsSync('/bin/bash') || !isGnuSed())(
  'sed -n line ranges print what GNU sed prints',
  () => {
    it.each(CASES)('%s', async (command) => {
      const workspace = await createJustBashWorkspace({ files: FILES });
      expect((await workspace.exec(command)).output).toBe(gnu(command));
    });
  },
);
