/**
 * The embedded shell against GNU bash and coreutils on this machine: each command runs in both, on the
 * same files, and must print the same text and agree on success. The commands are the GNU spellings
 * that src/workspace/shell/option-spellings.ts respells, command names of several words (word-names.ts),
 * text run by eval and source (runtime-respelling.ts), the status of an assignment (assignment-status.ts)
 * and the commands command-fixes.ts, grep-fixes.ts,
 * sed-fixes.ts, wc-widths.ts, head-from-end.ts, xargs-lines.ts and xargs-empty-input.ts wrap, scripts run by their path (path-scripts.ts), `cd` given two directories (cd-operands.ts), `sort`'s order (sort-order.ts), `break` and `continue` outside a loop (loop-control.ts), shifts in `$(( ))` (arithmetic-width.ts), `[!…]` in patterns (match-patterns.ts), `trap` (trap-plugin.ts), `od` (od-fixes.ts), `printf`'s integers (printf-integers.ts), the bytes `printf`'s and `echo -e`'s escapes name (escaped-bytes.ts), globs that end with a slash (directory-globs.ts), awk's elements named alone (awk-arrays.ts), grep's `\+` and `\?` (grep-bre.ts), /dev/zero, /dev/null and the standard streams as files (just-bash/device-files.ts, standard-streams.ts), and
 * neighbours they must leave as they are.
 * Without /bin/bash and GNU's grep, sed, findutils and coreutils (macOS and Alpine have others, which spell
 * options otherwise) the test says it is skipped.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';

const FILES = {
  'a.txt': 'apple 3\nbanana 1\ncherry 2\napple 5\n',
  'n.csv': 'name,age\nbob,30\nann,25\n',
  'src/x.ts': 'export const x = 1;\n// TODO fix\n',
  'src/y.ts': 'import { x } from "./x";\n',
  'src/sub/z.js': '// TODO later\n',
  // diff, patch and cmp (diff-commands.ts), in a directory of their own so listings of . stay short.
  'dt/old.txt': 'alpha\nbeta\ngamma\ndelta\nepsilon\nzeta\neta\ntheta\niota\nkappa\n',
  'dt/new.txt': 'alpha\nBETA\ngamma\ndelta\nepsilon\nzeta\ntheta\niota\nkappa\nlambda\n',
  'dt/other.txt': 'alpha\nbeta\nGAMMA\ndelta\nepsilon\nzeta\neta\ntheta\niota\nkappa\n',
  'dt/short.txt': 'alpha\nbeta\n',
  'dt/nonl1.txt': 'one\ntwo',
  'dt/nonl2.txt': 'one\nthree',
  'dt/list1.txt': 'pear\napple\nfig\n',
  'dt/list2.txt': 'fig\napple\nplum\n',
  'dt/fix.patch':
    'diff --git a/dt/old.txt b/dt/old.txt\n--- a/dt/old.txt\n+++ b/dt/old.txt\n@@ -1,3 +1,3 @@\n alpha\n-beta\n+BETA\n gamma\n',
  'dt/a/same.txt': 'same\n',
  'dt/a/y.txt': 'one\n',
  'dt/b/same.txt': 'same\n',
  'dt/b/y.txt': 'two\n',
  'dt/b/z.txt': 'new\n',
  // Scripts run by their path (path-scripts.ts).
  'ps/args.sh':
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
    'echo "$# ${10} ${12}"\nfor a in "$@"; do printf \'[%s]\' "$a"; done\necho\necho "$0"\nshift\necho "${10}"\n',
  'ps/strict.sh': '#!/bin/bash -eu\necho start\nfalse\necho not reached\n',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
  'ps/env.sh': '#!/usr/bin/env bash\necho "[${y-}][${z-}][${w-}]"\nexit 3\n',
  'ps/read.sh': 'while read -r l; do echo "got $l"; done\n',
  'ps/grep.sh': 'grep -e apple -e cherry a.txt\n',
  'ps/plain.sh': 'echo never\n',
  // Sourced: a wrapper that runs its arguments, and a shift (runtime-respelling.ts, word-names.ts).
  'ps/lib.sh': 'retry() { "$@"; }\necho $((1 << 40))\n',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
  'ps/onpath': 'echo "$# ${10} ${12} [${y-}] [${z-}]"\n',
  // grep's \+ and \? in basic expressions (grep-bre.ts).
  'gb/t.txt': 'b 2\na 10\nx+y\nab\nac\nabc\n(q)\n',
  // od (od-fixes.ts): three lines of NUL bytes (two of them equal to the first), a multibyte letter,
  // controls.
  'od/z.bin': `AB${'\0'.repeat(50)}xyz\u00e9\n\u001b\u007f`,
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
  // grep -r with no file operand searches the working directory; with `.`, names start with ./
  // (grep-fixes.ts).
  'grep -rn TODO | sort',
  'grep -r -e TODO -e import | sort',
  "grep -r --include='*.ts' TODO | sort",
  'grep -r TODO . | sort',
  'grep -rl TODO ./ | sort',
  'grep -rc TODO . | sort',
  'grep -rh TODO . | sort',
  'cd src && grep -rn TODO | sort',
  'echo TODO | grep -r TODO | sort',
  'grep -rl TODO src// ./src/ | sort',
  "grep -rn --include='*.ts' TODO src/ | sort",
  'P=apple; grep -e "$P" -e cherry a.txt',
  'echo "$(grep -c -e apple -e banana a.txt)"',
  'grep --color=never apple a.txt',
  'grep --color apple a.txt',
  'grep -- -e a.txt; echo "exit $?"',
  'grep -w apple a.txt',
  // Lines of context from several files are separated by -- between files too (grep-fixes.ts).
  'grep -n -A1 TODO src/x.ts src/sub/z.js a.txt',
  'grep -C1 an a.txt n.csv; grep -B1 -n -e bob -e cherry n.csv a.txt',
  'grep -A1 -c e a.txt n.csv; grep -l -A1 e a.txt n.csv',
  // The respellings reach a command however it runs: eval of expanded text, source, an array, a variable.
  'c="grep -e apple -e cherry a.txt"; eval "$c"',
  'source ps/grep.sh; . ps/grep.sh',
  'f() { source ps/grep.sh; }; f',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
  'args=(-e apple -e cherry a.txt); grep "${args[@]}"',
  'g=grep; $g -e apple -e bob a.txt n.csv',
  "v=OFS=,; awk -v $v '{print $1,$2}' a.txt",
  "o=-n1; printf 'a b\\n' | xargs $o echo",
  'c="printf \'a b\' | xargs -n1 echo"; eval "$c"',
  'echo \'a"b\' | awk \'{print /"/ ? "length" : "x"}\'',
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
  // diff in GNU's normal and unified formats, patch and cmp (diff-commands.ts). The -u headers hold
  // mtimes, which differ between the two shells, so they are cut off.
  'diff dt/old.txt dt/new.txt; echo "exit $?"',
  'diff -u dt/old.txt dt/new.txt | tail -n +3',
  'diff -U1 dt/old.txt dt/new.txt | tail -n +3',
  'diff -q dt/old.txt dt/new.txt; diff -rq dt/a dt/b; echo "exit $?"',
  'diff -r dt/a dt/b',
  'diff -u dt/old.txt dt/old.txt && cmp dt/old.txt dt/old.txt && echo same',
  'diff dt/nope.txt dt/old.txt; echo "exit $?"; cmp dt/old.txt dt/nope.txt; echo "exit $?"',
  'diff dt/nonl1.txt dt/nonl2.txt; diff -u dt/nonl1.txt dt/nonl2.txt | tail -n +3',
  "diff <(sort dt/list1.txt) <(sort dt/list2.txt) | grep -c '^[<>]'",
  'sort dt/list1.txt | diff - dt/list2.txt',
  'cd dt && diff -u old.txt new.txt > d.patch; patch old.txt < d.patch; cmp old.txt new.txt && echo same',
  'cd dt && diff -u old.txt new.txt > d.patch; (echo top; cat old.txt) > w.txt; patch w.txt < d.patch && tail -n 2 w.txt',
  'cd dt && diff -u old.txt new.txt > d.patch; patch --dry-run old.txt < d.patch && cmp old.txt new.txt; echo "exit $?"',
  'patch -p1 < dt/fix.patch && head -n 3 dt/old.txt',
  'cd dt && diff -u old.txt new.txt > d.patch; cp new.txt w.txt; patch -R w.txt < d.patch && cmp w.txt old.txt && echo reverted',
  // A hunk that fails: GNU writes w.txt.rej, this shell nothing, and in both the file is as it was.
  'cd dt && diff -u old.txt new.txt > d.patch; cp other.txt w.txt; patch w.txt < d.patch > /dev/null; echo "exit $?"; cmp w.txt other.txt && echo unchanged',
  'cmp dt/old.txt dt/new.txt; echo "exit $?"',
  'cmp dt/short.txt dt/old.txt; echo "exit $?"',
  'cmp -s dt/old.txt dt/new.txt; echo "exit $?"; cmp -s dt/old.txt dt/old.txt; echo "exit $?"',
  'cmp -l dt/nonl1.txt dt/nonl2.txt 2>/dev/null',
  // sed -i with a backup suffix (sed-fixes.ts), and the forms that make none.
  "sed -i.bak 's/apple/APPLE/' a.txt; cat a.txt.bak a.txt",
  "sed -i.orig -e 's/1/one/' a.txt; cat a.txt.orig; ls",
  "sed --in-place=.bak 's/,/;/' n.csv; cat n.csv.bak n.csv",
  "sed -i~ 's/x/X/' src/x.ts; cat src/x.ts~ src/x.ts",
  "sed -i'bak_*' 's/a/A/' a.txt; cat bak_a.txt a.txt; ls",
  'sed -ni.bak 2p a.txt; cat a.txt.bak a.txt',
  "sed -i.bak -e 's/bob/BOB/' n.csv a.txt; cat n.csv.bak a.txt.bak n.csv",
  "sed -ie 's/apple/A/' a.txt; ls; cat a.txte",
  "sed -i 's/apple/A/' a.txt; ls",
  "sed --in-place= 's/apple/A/' a.txt; ls",
  "sed -i'*' 's/apple/A/' a.txt; ls",
  "sed -i'old_*' 's/x/X/' src/x.ts; echo \"exit $?\"; cat src/x.ts",
  "mkdir old_src && sed -i'old_*' 's/x/X/' src/x.ts && cat old_src/x.ts src/x.ts",
  "sed -i.bak 's/apple/A/' src/x.ts a.txt && ls src && cat a.txt.bak",
  "printf 'echo x\\n' > s.sh; chmod 755 s.sh; sed -i.bak s/x/y/ s.sh; sed -i s/y/z/ s.sh; stat -c '%a %n' s.sh s.sh.bak; ./s.sh",
  // sed: escapes and c commands that run as they are (the refused ones: shell-refusals.test.ts).
  "printf '1\\n2\\n3\\n4\\n' | sed '2c\\X'",
  "printf '1\\n2\\n3\\n4\\n' | sed '/3/c X'",
  "printf '1\\n2\\n3\\n4\\n' | sed '2,3!c X'",
  "printf '1\\n2\\n3\\n4\\n' | sed '2,3{c X\n}'",
  "printf '1\\n2\\n3\\n4\\n' | sed '1~2c X'",
  "printf '1\\n2\\n3\\n4\\n' | sed 's/2,3c/x/; 2,3s/[23]/c/'",
  "echo hello | sed 's/[\\U]/x/'",
  "echo ab | sed 'sUaU\\UxU'",
  "echo 'a\\Ub' | sed 's/\\\\U/Q/'",
  "echo ab | sed 's/a/\\\\U/'",
  "echo ab | sed 'y/ab/\\U\\u/'",
  "echo ab | sed '1a\\Utext'",
  // sed: a backslash in a replacement (just-bash dropped it).
  "echo 'a\"b' | sed 's/\"/\\\\\"/g'",
  "echo ab | sed 's/a/x\\\\y/'",
  "echo ab | sed -e 's/a/\\\\&/' -e 's/b/\\\\n/'",
  "echo ab | sed 's/a/\\\\\\\\/'",
  "echo path/to | sed 's/\\//\\\\\\//g'",
  // Scripts run by their path: every argument, $0 as written, exported variables only, the shell's
  // options on the first line, the kernel's refusals; respelled as any script (path-scripts.ts).
  'chmod +x ps/*.sh; ./ps/args.sh 1 2 3 4 5 6 7 8 9 "ten x" 11 12',
  'chmod +x ps/*.sh; cd ps && ./args.sh a "b c"',
  'chmod +x ps/*.sh; ./ps/strict.sh; echo "rc=$?"',
  'chmod +x ps/*.sh; y=1; export z=2; ./ps/env.sh; w=3 ./ps/env.sh; echo "rc=$?"',
  "chmod +x ps/*.sh; printf 'one\\ntwo\\n' | ./ps/read.sh",
  'chmod +x ps/*.sh; ./ps/grep.sh',
  // A command whose name expands to several words (word-names.ts).
  'run() { "$@"; }; run grep -c apple a.txt; set --; "$@"; echo "rc=$?"',
  'f() { echo "f:$#:$1"; }; set -- f "a b" c; "$@"',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
  'a=(grep -c apple a.txt); "${a[@]}"',
  'c="grep -c apple"; $c a.txt n.csv',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
  'chmod +x ps/*.sh; a=(ps/args.sh 1 2 3 4 5 6 7 8 9 "ten x" 11 12); "${a[@]}"',
  // A command that only assigns has status 0 (assignment-status.ts); /tmp is sticky.
  'grep -q nothing a.txt; x=1; echo "rc=$?"',
  'set -e; false && true; x=1; echo ok',
  'false; rc=$?; echo "rc=$rc $?"; false; x=1 && echo and; f() { false; r=1; }; f; echo "f $?"',
  'grep -q nothing a.txt; found=no',
  'test -k /tmp && echo sticky',
  // Text read as the script runs goes through the respellings (runtime-respelling.ts).
  'x=3; c=\'echo $((x << 40))\'; eval "$c"',
  'c=\'case b in [!a-z]) echo wrong;; *) echo right;; esac\'; eval "$c"',
  'c=\'echo "status $?"\'; false; eval "$c"',
  'source ps/lib.sh; retry echo ok; . ps/lib.sh',
  './ps/plain.sh 2>/dev/null; echo "rc=$?"; ./ps/none.sh 2>/dev/null; echo "rc=$?"; ./ps 2>/dev/null; echo "rc=$?"',
  // sort orders whole lines by bytes, as GNU's in the C locale (sort-order.ts); ties of -n too.
  "printf '_x\\n.y\\na\\nA\\nB\\nb\\n10\\n9\\n' | sort",
  "printf 'b 2\\nB 2\\na 10\\n_ 2\\n' | sort -rn",
  "printf 'b 2\\nB 2\\na 10\\n_ 2\\n' | sort -ns",
  "printf 'b\\nB\\nb\\n_\\n' | sort -u -r",
  "printf 'b\\nB\\n' > s.txt; sort -o s.txt s.txt; cat s.txt",
  "printf 'Zeta\\nalpha\\nBeta\\nalpha\\n' | sort | uniq -c | sort -rn | awk '{print $1, $2}'",
  // uniq -c pads counts to 7 columns (command-fixes.ts); without -c lines stay as they are.
  "cut -d' ' -f1 a.txt | sort | uniq -c",
  "cut -d' ' -f1 a.txt | sort | uniq -cd",
  "cut -d' ' -f1 a.txt | sort | uniq --count -u",
  "printf '   7 x\\n   7 x\\n' | uniq",
  'uniq -c a.txt',
  // wc in GNU's columns (wc-widths.ts): by the size of the files read, 7 for a pipe or a device.
  'wc -l a.txt n.csv',
  'wc a.txt n.csv src/x.ts',
  'wc -lw a.txt',
  'wc -l a.txt',
  'cat a.txt | wc',
  'cat a.txt | wc -l',
  'cat a.txt | wc -lc',
  'cat a.txt | wc -l - n.csv',
  'wc -w a.txt /dev/null',
  'wc -l missing.txt a.txt 2>/dev/null',
  'wc -c a.txt missing.txt n.csv 2>/dev/null',
  'wc --lines --words a.txt n.csv',
  // head with a count from the end (head-from-end.ts): lines and bytes, spellings, a last line without
  // its newline, more than there are, headers, -q, a missing file, and head's own counts left alone.
  'head -n -2 a.txt; head -n-1 a.txt; head --lines=-3 n.csv; printf "x\\ny" | head -n -1; echo',
  'head -c -2 a.txt | od -An -c; head -c-1 a.txt | wc -c; seq 5 | head -n -10 | wc -c; head -n -0 a.txt | wc -l',
  'head -n -1 a.txt n.csv; head -q -n -3 a.txt n.csv; head -n -1 a.txt missing.txt 2>&1; echo "status $?"; head -2 a.txt',
  // xargs -L (xargs-lines.ts): a command per N non-blank lines, a line ending in a blank going on, the
  // spellings, and GNU's statuses (123 after a failure, 124 and a stop at 255, 127).
  "printf 'a b\\nc\\n\\nd e f\\n' > in.txt; xargs -L1 echo < in.txt; xargs -L 2 echo < in.txt; xargs --max-lines=1 echo X < in.txt; xargs -l echo Y < in.txt",
  "printf 'one \\ntwo\\nthree\\n' | xargs -L1 echo; printf 'a\\nb\\n' | xargs -L1 sh -c 'echo $0; exit 1'; echo \"status $?\"",
  "printf 'a\\nb\\n' | xargs -L1 sh -c 'echo $0; exit 255' 2>&1; echo \"status $?\"; printf 'a\\nb\\n' | xargs -L1 nosuchcmd 2>/dev/null; echo \"status $?\"",
  // xargs on empty input runs its command once, unless -r or -I (xargs-empty-input.ts).
  "printf '' | xargs echo empty; printf '  \\n\\n' | xargs echo \"it's\"; printf '' | xargs; printf '' | xargs -r echo no; printf '' | xargs -I{} echo {}; echo \"status $?\"",
  "printf '' | xargs rm 2>/dev/null; echo \"status $?\"; printf '' | xargs -0 echo nul; printf '' | xargs -L1 echo L; printf '' | xargs -n 1 echo n; printf '' | xargs nosuch 2>/dev/null; echo \"status $?\"",
  // wc -l alone counts newlines itself (wc-widths.ts): a last line without one, stdin among files,
  // /dev/null, `--`, a directory and a missing file (left to just-bash's wc, which says why).
  "printf 'a\\nb' | wc -l; printf '' | wc -l; wc -l < a.txt; wc --lines -- a.txt",
  'cat a.txt | wc -l n.csv - /dev/null; wc -l -l a.txt n.csv',
  'mkdir -p wd; wc -l wd a.txt 2>/dev/null; echo "status $?"; wc -l wd 2>&1 >/dev/null; wc -l missing.txt 2>&1; echo "status $?"',
  // [!…] in case and [[ ]] patterns negated (match-patterns.ts); file globs were right already.
  'for c in b B 7 !; do case $c in [!a-z]) echo "$c not lower";; *) echo "$c lower";; esac; done',
  'for x in 12 a1 -; do [[ $x == [!0-9]* ]] && echo "$x yes" || echo "$x no"; done',
  'for x in b a; do [[ $x != [!a] ]] && echo "$x eq" || echo "$x ne"; done',
  'for x in 1 a; do [[ $x == [![:alpha:]] ]] && echo "$x" non-alpha; done',
  'for x in x "]" a; do [[ $x == [!]a] ]] && echo "[$x] outside"; case $x in []a]) echo "[$x] in";; esac; done',
  'shopt -s extglob; for x in b a; do [[ $x == @([!a]) ]] && echo "$x"; done',
  'for x in "[!" "[a"; do case $x in [!) echo "$x lit";; [[!]a) echo "$x set";; esac; done',
  'case a in \\[!a]) echo quoted;; *) echo other;; esac',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
  'x=abc; echo ${x#[!b]} ${x%[!b]}; ls -d src/[!x]* | sort',
  // grep: \+ and \? in a basic expression mean what GNU's mean (grep-bre.ts).
  "grep -o '[0-9]\\+' gb/t.txt",
  "grep -c 'ab\\?c' gb/t.txt",
  "grep -o '\\w\\+' gb/t.txt | head -3",
  "grep 'a\\+\\|q' gb/t.txt",
  "grep -e 'x\\+' -e '(q)' gb/t.txt",
  "grep '[+?]\\+' gb/t.txt",
  "grep -E 'x\\+y' gb/t.txt; grep -F 'x+' gb/t.txt; grep 'x+y' gb/t.txt",
  "grep -i 'A\\+B' gb/t.txt; grep -ie 'A\\+c' gb/t.txt",
  "grep '\\(ab\\)\\+c\\?' gb/t.txt",
  "grep -n 'b\\+ 2$' gb/t.txt; grep -c '^a\\+' gb/t.txt",
  "grep 'b\\?^' gb/t.txt; echo $?; grep -e '*a\\+' gb/t.txt; echo $?",
  "grep --regexp='a\\{1\\}b\\+' gb/t.txt; echo 'a{2}' | grep 'a{2}\\?'",
  "grep -rn '1\\+' gb",
  // printf: the integers it prints as GNU does run as given (printf-integers.ts refuses the others).
  "printf '%d %x %X %o %u|' 9007199254740991 255 255 8 0; printf '%s %%|' 9007199254740993",
  "printf '%d %i %5d|%-5d|%05d\\n' -5 0x10 42 42 42; printf '%d\\n' 1 2 3",
  // printf's and echo -e's escapes of bytes of 0x80 and more write those bytes (escaped-bytes.ts): a file
  // header that is not UTF-8, octal escapes that spell UTF-8, echo -e's \x, an octal past 0377; seen
  // byte for byte through od, a pipe and a file.
  "printf '\\x89PNG\\r\\n\\032\\n' > h.png; od -An -tx1 h.png; wc -c < h.png",
  "printf '\\303\\251|\\xe2\\x9c\\x93|\\xff|%b|%s\\n' '\\0303\\0251\\xfe' '\\377' | od -An -tx1",
  "echo -e '\\xe2\\x82\\xac \\0377 \\0400' | od -An -tx1; echo -en '\\03777' | od -An -tx1",
  // "${a[*]}" joins with IFS's first character in assignments, declarations, here-strings, [[ ]] and case
  // words, as in arguments (array-joins.ts).
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
  'a=(x \'y z\' w); IFS=,; csv="${a[*]}"; echo "$csv"; f() { local l="[${a[*]:1}]"; echo "$l"; }; f; export e="${a[*]}"; declare -r d="${a[*]}"; echo "$e $d"; n="${#a[*]}"; echo $n',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
  'a=(b c a); IFS=$\'\\n\'; sort <<<"${a[*]}"; [[ "${a[*]}" == $\'b\\nc\\na\' ]] && echo joined; case "${a[*]}" in *$\'\\n\'*) echo lines;; esac; set -- p q; x="$*"; echo "$x"',
  // A glob that ends with / matches directories only, each with its / (directory-globs.ts): as a
  // command's argument, in a for loop (nested too), and as itself when nothing matches.
  "mkdir -p gd/a 'gd/b c/x' && touch gd/f && ls -d gd/*/ && echo gd/*/ gd/none*/ gd/*/*/ && du -s gd/*/ | wc -l",
  'mkdir -p gd/a \'gd/b c/x\' && touch gd/f && for d in gd/*/; do echo "[$d]"; for e in "$d"*/; do echo "<$e>"; done; done',
  // awk creates an element a statement names alone: the two-file join, a set of lines (awk-arrays.ts);
  // an element that has a value keeps it; a subscript with a call is left as it was.
  "awk 'NR==FNR {a[$1]; next} $1 in a' <(printf 'apple\\ncherry\\n') a.txt",
  "awk '{s[$1]} END {for (k in s) print k}' a.txt | sort; awk '{p[$1,$2]; } END {for (k in p) n++; print n}' a.txt",
  'awk \'BEGIN {a[1] = 5; a[1]; print a[1] + 1; s = "a[1];"; print s, length(s), length("xy")}\'',
  // %c prints the first byte of its argument, not its first character (escaped-bytes.ts).
  "printf '%c|%3c|%-2c|%c|%s\\n' μμ é ab '' μ | od -An -tx1; printf '%c\\n' x y",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
  "echo '\\xff'; echo -E '\\xff'; printf '\\\\xff\\n'; x=$(printf '\\xff'); echo ${#x}",
  // od: one format of bytes, with GNU's addresses, spacing and `*` for equal lines (od-fixes.ts).
  'od -c od/z.bin',
  'od -An -tx1 od/z.bin',
  'od -t x1 od/z.bin',
  'od -Ax -c od/z.bin',
  'od -Ad -tx1 od/z.bin',
  'od -b od/z.bin',
  'od -v -An -c od/z.bin',
  'od -c < od/z.bin',
  'cat od/z.bin | od -An -t o1 | head -2',
  "printf 'hi\\n' | od -An --format=x1; printf '' | od -c; printf '' | od -An -c; echo end",
  'od -Az -c od/z.bin; echo $?',
  'od -An -c -t x1 od/z.bin; od -A n -b -c od/z.bin | head -3',
  'od -c od/nope.bin; echo $?',
  // date given an operand without + fails as GNU's does (command-fixes.ts); with +FORMAT it prints.
  'date %x; echo $?',
  'x=$(date %Y 2>/dev/null) || echo "failed: [$x]"',
  'date 0101; echo $?',
  'date -u -d @0 +%F extra; echo $?',
  'date -u -d @0 +%F +%s; echo $?',
  'date -u -d @86400 +%F; date -u --date @0 +%s',
  // Scripts found on PATH by their bare name run as bash runs them (path-scripts.ts).
  'chmod +x ps/onpath; y=1; export z=2; PATH="$PWD/ps:$PATH" onpath 1 2 3 4 5 6 7 8 9 10 11 12',
  'chmod +x ps/onpath; PATH="$PWD/ps:$PATH"; onpath() { echo "fn $#"; }; onpath a b',
  'chmod +x ps/onpath; PATH="$PWD/ps:$PATH"; for n in 1 2; do onpath $n; done | sort -r',
  'nosuchcommand 2>/dev/null; echo $?',
  // Quoted parts of a case pattern beside unquoted ones match as text (match-patterns.ts).
  `for x in ab 'a*' 'a?'; do case $x in a"*") echo "$x: dq";; a'?') echo "$x: sq";; *) echo "$x: none";; esac; done`,
  'for x in ab "a*"; do case $x in a\\*) echo "$x: escaped";; "a"*) echo "$x: glob";; esac; done',
  // (In an eval: GNU parses the whole command, the group round it, before shopt runs.)
  `shopt -s extglob; eval 'for x in "a@(b)" ab; do case $x in a"@(b)") echo "$x: text";; a@(b)) echo "$x: ext";; esac; done'`,
  'sort a.txt src/x.ts',
  // break and continue with no loop of their own (loop-control.ts); in their loop, as before.
  'for i in 1 2 3; do (if [ $i = 2 ]; then break; fi; echo in $i); echo out $i; done 2>/dev/null',
  'for i in 1 2; do (continue; echo no); echo after $i; done 2>/dev/null',
  'f() { break; }; for i in 1 2; do f 2>/dev/null; echo in $i; done',
  'for i in 1; do x=$(continue; echo sub); echo "[$x] $?"; done; z=$(break 2>/dev/null; echo sub); echo "[$z]"',
  'for i in 1 2; do for j in a b; do break 2; done; echo no; done; echo end',
  'for i in 1 2 3; do f() { [ $i = 2 ] && return; echo in $i; }; f; done',
  "(break) 2>&1 | sed 's/.*break: //'",
  // Shifts and ~ in $(( )) with 64-bit integers below 2^53 (arithmetic-width.ts).
  'echo $((1<<31)) $((1<<40)) $((3<<33)) $((1<<0))',
  'x=1099511627776; echo $((x>>1)) $((x >> 3)) $((-5>>1)) $((-1>>10)) $(( $x >> 2 )) $(( $x << 2 ))',
  'echo $((~0)) $((~5)) $((~-1)) $(( ~(1<<40) ))',
  ': $((y=1, y<<=40)); echo $y',
  'n=40; a=(5 6); echo $((1<<n)) $(( (1<<n) >> 8 )) $(( a[1] << 32 )) $((2>>1>>1>>1))',
  'i=3; echo $(( i++ >> 1 )) $i; (( z = 1 * 2 ** 35 )); echo $z',
  // cd given two directories fails as GNU's does (cd-operands.ts); one directory, or words known only
  // as it runs, as before.
  'cd dt src 2>/dev/null; echo "rc=$?"; ls -d dt',
  'cd dt src 2>/dev/null && echo moved || echo stayed',
  "cd -P -- dt 'src' 2>&1 | sed 's/.*cd: //'; echo \"$PIPESTATUS\"",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
  'cd -P dt && echo "${PWD##*/}"',
  // trap: EXIT traps run at the end, at exit N and under set -e (trap-plugin.ts).
  "trap 'echo cleanup' EXIT; echo body",
  'trap \'echo "cleanup $?"\' EXIT; exit 3',
  'set -e; trap \'echo "cleanup $?"\' EXIT; false; echo not reached',
  'set -e; f() { false; }; trap \'echo "status $?"\' EXIT; f; echo not reached',
  'f() { exit 4; }; trap \'echo "bye $?"\' EXIT; f; echo not reached',
  "trap 'echo c; exit 7' EXIT; exit 3",
  'trap false EXIT; true',
  "set -e; trap 'false; echo not reached' EXIT; true",
  "trap 'echo $?' EXIT; (exit 5)",
  't=$(mktemp); trap \'rm -f "$t"; echo removed\' EXIT; echo hi > "$t"; cat "$t"',
  'trap \'echo "$v"\' EXIT; v=late',
  'trap cleanup EXIT; cleanup() { echo "cleaned $1"; }; echo body',
  "trap 'echo a' EXIT; trap - EXIT; echo b",
  "trap 'echo a' EXIT; trap EXIT; echo b",
  "trap '' EXIT; echo b",
  "trap 'echo one' EXIT; trap 'echo two' EXIT",
  "trap 'echo x' 0; echo y",
  "builtin trap 'echo t' EXIT; command trap 'echo u' INT; trap -p",
  "trap 'echo never' INT TERM HUP; echo body",
  "trap \"echo it's\" INT TERM; trap 'echo x' EXIT; trap -p; trap -p INT; trap",
  'x=$(trap -p); trap \'echo set\' EXIT; y=$(trap -p); echo "[$x] [$y]"',
  'for i in 1 2; do trap "echo last $i" EXIT; done; echo loop',
  // The trap runs after the harness's `2>&1` has ended: GNU's trap prints to stdout only here.
  "echo 1; trap 'echo trapped' EXIT; echo 2 >&2; echo 3",
  'echo hi | bash -c \'trap "echo nested" EXIT; cat\'; echo outer',
  'bash -c \'trap "echo nested" EXIT; exit 3\'; echo "outer $?"',
  // /dev/zero reads as zeros, /dev/null keeps nothing written to it (device-files.ts).
  'head -c 5 /dev/zero | wc -c',
  'head -c 3 /dev/zero | base64',
  'head -c 100000 < /dev/zero | wc -c',
  'head -c 4 /dev/zero > z.bin; wc -c < z.bin',
  'echo hi > /dev/null; cat /dev/null | wc -c',
  'echo hi >> /dev/null; cp a.txt /dev/null; wc -c < /dev/null',
  // tail -c +N prints from the Nth byte on (command-fixes.ts).
  "tail -c +3 a.txt; printf 'abcdef' | tail -c +2; tail --bytes=+5 n.csv; tail -c 3 a.txt",
  'tail -c +2 a.txt n.csv; tail -q -c +30 a.txt n.csv; tail -c +2 nope a.txt 2>/dev/null; echo "rc=$?"',
  'tail -c +2 nope; echo "rc=$?"',
  // /dev/stdin, /dev/stdout and /dev/stderr are the command's own streams (standard-streams.ts).
  'echo hi | cat /dev/stdin; echo q | grep -c q /dev/stdin',
  'echo in | awk \'{print "a:" $0}\' /dev/stdin',
  'awk \'BEGIN { print "to err" > "/dev/stderr" }\'; echo "rc=$?"',
  "printf 'b\\na\\n' | sort /dev/stdin | head -1",
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
const GNU_TOOLS =
  existsSync('/bin/bash') && ['grep', 'sed', 'xargs', 'cut', 'diff', 'patch', 'cmp'].every(isGnu);

describe.skipIf(!GNU_TOOLS)('the embedded shell prints what GNU bash prints', () => {
  it.each(COMMANDS)('%s', async (command) => {
    // Removed by the test that made it: some 300 of them at once held an afterAll hook past its
    // timeout on a loaded machine.
    const directory = realDirectory();
    let real: { output: string; ok: boolean };
    try {
      real = runReal(command, directory);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
    const workspace = await createJustBashWorkspace({ files: FILES });
    const embedded = await workspace.exec(command);
    expect({ output: embedded.output, ok: embedded.exitCode === 0 }).toEqual(real);
  });
});
