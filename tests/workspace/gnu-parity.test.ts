/**
 * The embedded shell against GNU bash and coreutils on this machine: each command runs in both, on the
 * same files, and must print the same text and agree on success. The commands are the GNU spellings
 * that src/workspace/shell/option-spellings.ts respells and the commands command-fixes.ts wraps, and
 * neighbours they must leave as they are.
 * Without /bin/bash and GNU's grep, sed, findutils and coreutils (macOS and Alpine have others, which spell
 * options otherwise) the test says it is skipped.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';

const FILES = {
  'a.txt': 'apple 3\nbanana 1\ncherry 2\napple 5\n',
  'n.csv': 'name,age\nbob,30\nann,25\n',
  'src/x.ts': 'export const x = 1;\n// TODO fix\n',
  'src/y.ts': 'import { x } from "./x";\n',
  'src/sub/z.js': '// TODO later\n',
};

const COMMANDS = [
  // grep: several patterns, long forms, flags before -e; and what must stay as it is.
  'grep -e apple -e cherry a.txt',
  "grep -E -e apple -e 'ch.rry' a.txt",
  'grep -F -e apple -e cherry a.txt',
  'grep --regexp=apple --regexp=cherry a.txt',
  'grep --regexp apple a.txt',
  'grep -v -e apple -e cherry a.txt',
  'grep -c -e apple -e banana a.txt',
  'grep -ne apple -e cherry a.txt',
  'grep -eapple a.txt',
  'grep -n -m 1 -e apple -e cherry a.txt',
  'grep -rn -e TODO -e import src | sort',
  'grep -rn TODO src/ | sort',
  'grep -rl TODO src// ./src/ | sort',
  "grep -rn --include='*.ts' TODO src/ | sort",
  'P=apple; grep -e "$P" -e cherry a.txt',
  'echo "$(grep -c -e apple -e banana a.txt)"',
  'grep --color=never apple a.txt',
  'grep --color apple a.txt',
  'grep -- -e a.txt; echo "exit $?"',
  'grep -w apple a.txt',
  // awk: special variables from -v and from operands; ordinary -v.
  "awk -v OFS=, '{print $1,$2}' a.txt",
  "awk -F' ' -v OFS='\\t' '{$1=$1; print}' a.txt",
  "awk '{print $1,$2}' OFS=, a.txt",
  "awk -v FS=, 'NR>1{print $2}' n.csv",
  "awk -vOFS=: '{print $1,$2}' a.txt",
  'awk -v OFS=- \'BEGIN{print "x","y"}\'',
  "awk -v ORS=' ' '{print $1}' a.txt",
  "awk -v x=3 '{print x}' a.txt",
  "awk '{print v}' v=9 a.txt",
  "awk -F, 'NR>1{s+=$2} END{print s}' n.csv",
  "awk '{print length}' a.txt",
  "awk 'length > 7' a.txt",
  "awk '{n += length} END {print n}' a.txt",
  'awk \'{print "length:", length, length($1)}\' a.txt',
  "awk '/length/' a.txt",
  'awk \'/"/{} {s="length"; print s}\' a.txt',
  "awk '/an/ {print length} # length' a.txt",
  // sed: a, i and c with their text on the same line.
  "sed 'a\\text' a.txt",
  "sed '1i\\header' a.txt",
  "sed '$a\\footer' a.txt",
  "sed '/banana/c\\changed' a.txt",
  "sed -e '1i\\top' -e 's/apple/A/' a.txt",
  "sed '2!a\\not two' a.txt",
  "sed 's/apple/a\\/b/' a.txt",
  "sed -n '2p' a.txt",
  // xargs: values attached, long forms, -i, and the command it runs.
  "find . -name '*.ts' | xargs -n1 basename | sort",
  "find . -name '*.ts' | xargs -I{} basename {} | sort",
  "find . -name '*.ts' | xargs -I {} basename {} | sort",
  "find . -name '*.ts' | xargs -P2 -n1 basename | sort",
  "printf 'a\\0b\\0' | xargs -0n1 echo",
  "printf 'a,b,c' | xargs -d, -n1 echo",
  "printf 'a\\nb\\n' | xargs -d'\\n' -n1 echo",
  "printf 'a b\\n' | xargs --max-args=1 echo",
  "printf 'a b\\n' | xargs --max-args 1 echo",
  "printf 'a\\nb\\n' | xargs -i echo x{}",
  "printf 'a\\nb\\n' | xargs --replace=Z echo Z-Z",
  "printf 'a.txt\\nn.csv\\n' | xargs grep -c -e apple -e bob",
  "printf 'x\\n' | xargs -n1 -- echo",
  "printf 'x y\\n' | xargs echo",
  // paste: stdin without -, and with it.
  "cut -d' ' -f2 a.txt | paste -sd+",
  "cut -d' ' -f2 a.txt | paste -s -d,",
  "cut -d' ' -f2 a.txt | paste -sd ,",
  "cut -d' ' -f2 a.txt | paste -s",
  'seq 4 | paste -d, - -',
  'paste -d, a.txt n.csv',
  // ls: several files are one listing; a directory among them keeps its own.
  'ls a.txt n.csv',
  'ls -1 src/*.ts',
  'ls src/*.ts | wc -l',
  'ls -d a.txt src',
  'ls a.txt nope n.csv 2>/dev/null; echo "exit $?"',
  'ls src',
  'ls -a src/sub',
  // cut: a line without the delimiter is printed whole, unless -s.
  "cut -d' ' -f2 a.txt",
  'cut -d, -f2 n.csv a.txt',
  "printf 'a,b\\nplain\\n\\nc' | cut -d, -f2",
  'cut -s -d, -f2 n.csv a.txt',
  "cut -d' ' -f1 a.txt",
  // realpath and mktemp, which just-bash lacks.
  'realpath src/../a.txt src/nope | sed "s|^$PWD/||"',
  'realpath -e nope; echo "exit $?"',
  'realpath -m x/../y/z | sed "s|^$PWD/||"',
  `d=$(mktemp -d) && test -d "$d" && echo "made \${d%.*}"; rmdir "$d"`,
  `f=$(mktemp -p . tXXXX) && test -f "$f" && echo "\${f%????}"; rm "$f"`,
  `f=$(mktemp abc.XXXXXX) && test -f "$f" && echo "\${f%??????}"; rm "$f"`,
  // find: a command run per file that fails is no failure of find's; one of find's own is.
  'find src -name \'*.ts\' -exec grep -l TODO {} \\; ; echo "exit $?"',
  'find src -name \'*.ts\' -exec grep -l TODO {} + ; echo "exit $?"',
  'find src -name \'*.ts\' -exec false {} + ; echo "exit $?"',
  'find src nope -name \'*.ts\' -exec grep -l TODO {} \\; 2>/dev/null; echo "exit $?"',
];

/** A fresh directory holding FILES, for one command of the real shell. */
function realDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), 'gnu-parity-'));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(directory, path)), { recursive: true });
    writeFileSync(join(directory, path), text);
  }
  return directory;
}

/** What GNU bash prints for `command` (stdout and stderr as a terminal shows them) and its exit code. */
function runReal(command: string, directory: string): { output: string; ok: boolean } {
  try {
    const output = execFileSync('/bin/bash', ['-c', `{ ${command}\n} 2>&1`], {
      cwd: directory,
      encoding: 'utf8',
      env: { PATH: '/usr/bin:/bin', LC_ALL: 'C' },
    });
    return { output, ok: true };
  } catch (caught) {
    return { output: String((caught as { stdout?: string }).stdout ?? ''), ok: false };
  }
}

const directories: string[] = [];
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

/** Whether `program --version` names GNU (BSD and BusyBox tools refuse the option or name themselves). */
function isGnu(program: string): boolean {
  try {
    const version = execFileSync(program, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return /GNU/.test(version);
  } catch {
    return false;
  }
}

// awk is not checked: Debian's is mawk, not GNU's; the awk programs here use only POSIX awk.
const GNU_TOOLS = existsSync('/bin/bash') && ['grep', 'sed', 'xargs', 'cut'].every(isGnu);

describe.skipIf(!GNU_TOOLS)('the embedded shell prints what GNU bash prints', () => {
  it.each(COMMANDS)('%s', async (command) => {
    const directory = realDirectory();
    directories.push(directory);
    const real = runReal(command, directory);
    const workspace = await createJustBashWorkspace({ files: FILES });
    const embedded = await workspace.exec(command);
    expect({ output: embedded.output, ok: embedded.exitCode === 0 }).toEqual(real);
  });
});
