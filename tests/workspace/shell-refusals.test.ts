/**
 * What the embedded shell refuses rather than answer otherwise than GNU: sed's case conversion and `c`
 * on a range (src/workspace/shell/sed-fixes.ts), traps that would never run (trap-plugin.ts),
 * background jobs (background-refusal.ts), od's formats other than single bytes (od-fixes.ts), printf's
 * integers past 2^53 and negative ones under %o, %u, %x and %X (printf-integers.ts), awk's length of an
 * array (awk-arrays.ts) and
 * `grep -o` with a pattern that matches the empty string (grep-fixes.ts). Each message is model-facing, so each is pinned word for
 * word, with its exit status; next to each, scripts that must still run. What these files make
 * faithful instead is compared with GNU bash in gnu-parity.test.ts; the bound on `/dev/zero`, where GNU
 * never ends, is here.
 * Reaches inside: the refusal texts are constants of src/workspace/shell/ (sed-fixes.ts, trap-plugin.ts,
 * background-refusal.ts, ...) exported by no entry; each is pinned word for word, then compared with what the
 * shell prints.
 */
import { describe, expect, it } from 'vitest';
import { createToolSuite } from '../../src/index.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';
import { arrayLengthRefusal } from '../../src/workspace/shell/awk-arrays.ts';
import { BACKGROUND_REFUSAL } from '../../src/workspace/shell/background-refusal.ts';
import { CD_TOO_MANY_ARGUMENTS } from '../../src/workspace/shell/cd-operands.ts';
import { FIND_EXEC_TEST_REFUSAL } from '../../src/workspace/shell/command-fixes.ts';
import { GREP_EMPTY_MATCH_REFUSAL } from '../../src/workspace/shell/grep-fixes.ts';
import { outsideLoopMessage } from '../../src/workspace/shell/loop-control.ts';
import {
  printfBeyondExactRefusal,
  printfNegativeUnsignedRefusal,
} from '../../src/workspace/shell/printf-integers.ts';
import { EVAL_NOT_RESPELLED, sourceNotRespelled } from '../../src/workspace/shell/runtime-respelling.ts';
import {
  SED_CASE_CONVERSION_REFUSAL,
  SED_RANGE_CHANGE_REFUSAL,
  scanSedScript,
} from '../../src/workspace/shell/sed-fixes.ts';
import {
  TRAP_LIST_REFUSAL,
  trapSignalRefusal,
  trapSubshellRefusal,
} from '../../src/workspace/shell/trap-plugin.ts';

const FILES = { 'a.txt': 'apple 3\nbanana 1\n' };

async function run(command: string): Promise<{ output: string; exitCode: number }> {
  const workspace = await createJustBashWorkspace({ files: FILES });
  const { output, exitCode } = await workspace.exec(command);
  return { output, exitCode };
}

const LINES = "printf '1\\n2\\n3\\n4\\n' | ";

describe('the refusals, word for word', () => {
  it('say what is not supported, why, and what to write instead', () => {
    expect(SED_CASE_CONVERSION_REFUSAL).toBe(
      "sed: \\U, \\L, \\u, \\l and \\E in a replacement are not supported by this shell's sed, which would insert the letters themselves; nothing ran. Convert case with tr '[:lower:]' '[:upper:]' (or the reverse), or with awk's toupper() and tolower().",
    );
    expect(SED_RANGE_CHANGE_REFUSAL).toBe(
      "sed: c on an address range is not supported by this shell's sed, which would print the text once for every line of the range where GNU sed prints it once, at its end; nothing ran. Delete the range and insert the text before its first line instead: for 2,5c, sed -e '2i TEXT' -e '2,5d'.",
    );
    expect(trapSignalRefusal('ERR', 'nothing ran')).toBe(
      'bash: trap: ERR traps are not supported in this shell, which would never run them; nothing ran. Only EXIT traps run here (trap CMD EXIT, which also runs on exit N and under set -e); run the command where it is needed instead.',
    );
    expect(trapSubshellRefusal('nothing ran')).toBe(
      'bash: trap: a trap set in a subshell, a command substitution or a pipeline is not supported in this shell, which would not run it when that subshell ends; nothing ran. Set the trap in the main script, or run the cleanup at the end of the subshell.',
    );
    expect(TRAP_LIST_REFUSAL).toBe(
      'bash: trap: -l is not supported in this shell; the script was stopped. Name signals as HUP, INT, QUIT or TERM (or 1, 2, 3, 15); EXIT (0) is the trap that runs here.',
    );
    expect(GREP_EMPTY_MATCH_REFUSAL).toBe(
      "grep: -o with a pattern that can match an empty string is not supported by this shell's grep, which fails on such a match; nothing was printed. Write a pattern that matches at least one character: for [0-9]*, [0-9][0-9]* (or -E '[0-9]+').",
    );
    expect(BACKGROUND_REFUSAL).toBe(
      'bash: background jobs (&) are not supported in this shell: a command ended with & would run to its end before the next command starts, so the output would come in another order than in bash; nothing ran. Drop the & (and the wait): the commands then run one after another.',
    );
  });
});

describe('sed: case conversion in a replacement is refused', () => {
  it.each([
    "echo hello | sed 's/h\\(.*\\)/\\U&/'",
    "echo hello | sed 's/h/\\u&/g'",
    "echo HELLO | sed -E 's/(H)(.*)/\\1\\L\\2/'",
    "echo hello | sed 's/l/\\l&/'",
    "echo hello | sed 's/x/y/; s/e/\\E/'",
    "echo hello | sed -e 's/x/y/' -e 's|h|\\U&|'",
    "echo hello | sed -n '/h/{s/h/\\U&/p}'",
    "echo hello | sed 's/[/]/x/; s/h/\\U&/'",
    "printf 's/h/\\\\U&/\\n' > s.sed; echo hello | sed -f s.sed",
  ])('%s', async (command) => {
    expect(await run(command)).toEqual({ output: `${SED_CASE_CONVERSION_REFUSAL}\n`, exitCode: 1 });
  });

  it('before anything is edited or backed up', async () => {
    const workspace = await createJustBashWorkspace({ files: FILES });
    const result = await workspace.exec("sed -i.bak 's/apple/\\U&/' a.txt");
    expect({ output: result.output, exitCode: result.exitCode }).toEqual({
      output: `${SED_CASE_CONVERSION_REFUSAL}\n`,
      exitCode: 1,
    });
    expect(new TextDecoder().decode(await workspace.readFile('/workspace/a.txt'))).toBe(FILES['a.txt']);
    expect((await workspace.readdir('/workspace')).map((entry) => entry.name)).toEqual(['a.txt']);
  });
});

describe('sed: c on an address range is refused', () => {
  it.each([
    `${LINES}sed '2,3c\\X'`,
    `${LINES}sed '/2/,/3/c X'`,
    `${LINES}sed '1,$c X'`,
    `${LINES}sed '0,/2/c X'`,
    `${LINES}sed '2,+1c X'`,
    `${LINES}sed '2,~4c X'`,
    `${LINES}sed -e p -e '2 , 3 c X'`,
    `${LINES}sed '2,3c\\\nX'`,
  ])('%s', async (command) => {
    expect(await run(command)).toEqual({ output: `${SED_RANGE_CHANGE_REFUSAL}\n`, exitCode: 1 });
  });
});

describe('sed: scripts that must still run', () => {
  it.each([
    ["echo hello | sed 's/[\\U]/x/'", 'hello\n'],
    ["echo ab | sed 'sUaU\\UxU'", 'Uxb\n'],
    ["echo ab | sed 's/a/\\\\U/'", '\\Ub\n'],
    ["echo ab | sed 'y/ab/\\U\\u/'", 'Uu\n'],
    ["echo ab | sed '1a\\Utext'", 'ab\nUtext\n'],
    [`${LINES}sed '2c X'`, '1\nX\n3\n4\n'],
    [`${LINES}sed '2,3!c X'`, 'X\n2\n3\nX\n'],
    [`${LINES}sed '2,3{c X\n}'`, '1\nX\nX\n4\n'],
    [`${LINES}sed '1~2c X'`, 'X\n2\nX\n4\n'],
    [`${LINES}sed 's/2,3c/x/; 2,3y/23/cc/'`, '1\nc\nc\n4\n'],
    [`${LINES}sed '# 2,3c X\n2,3a c X'`, '1\n2\nc X\n3\nc X\n4\n'],
  ])('%s', async (command, output) => {
    expect(await run(command)).toEqual({ output, exitCode: 0 });
  });

  it('the scanner finds the replacements, skipping what only looks like one', () => {
    const script = 's/[/]/a/;s|b|x\\\\y|g;y/c/d/;/s\\/x/p;2a s/t/u/';
    const { refusal, replacements } = scanSedScript(script);
    expect(refusal).toBeUndefined();
    expect(replacements.map(([from, to]) => script.slice(from, to))).toEqual(['a', 'x\\\\y']);
  });
});

describe('trap: a trap that would never run is refused before the script runs', () => {
  it.each([
    ["echo before; trap 'echo e' ERR; false", 'ERR'],
    ["trap 'echo d' DEBUG", 'DEBUG'],
    ["f() { trap 'echo r' RETURN; }; f", 'RETURN'],
    ["trap 'echo c' SIGCHLD", 'CHLD'],
    ["trap -- 'echo e' EXIT err", 'ERR'],
  ])('%s', async (command, signal) => {
    expect(await run(command)).toEqual({
      output: `${trapSignalRefusal(signal, 'nothing ran')}\n`,
      exitCode: 2,
    });
  });

  it.each([
    "echo before; ( trap 'echo sub' EXIT; echo in ); echo out",
    "x=$(trap 'echo in' EXIT; echo y); echo $x",
    "trap 'echo p' EXIT | cat",
    "cat <(trap 'echo x' EXIT; echo y)",
  ])('%s', async (command) => {
    expect(await run(command)).toEqual({ output: `${trapSubshellRefusal('nothing ran')}\n`, exitCode: 2 });
  });
});

describe('trap: one seen only as it runs stops the script, or the subshell, there', () => {
  it('an ERR trap named by a variable', async () => {
    expect(await run("t=ERR; echo before; trap 'echo e' $t; echo after")).toEqual({
      output: `before\n${trapSignalRefusal('ERR', 'the script was stopped')}\n`,
      exitCode: 2,
    });
  });

  it('a trap set by a function called in a subshell', async () => {
    expect(await run('g() { trap \'echo g\' EXIT; }; (g); echo "after $?"')).toEqual({
      output: `${trapSubshellRefusal('the subshell was stopped')}\nafter 2\n`,
      exitCode: 0,
    });
  });

  it('trap -l', async () => {
    expect(await run('trap -l')).toEqual({ output: `${TRAP_LIST_REFUSAL}\n`, exitCode: 2 });
  });
});

describe('trap: scripts that must still run', () => {
  it.each([
    ["trap '' ERR; trap - DEBUG; trap RETURN; echo ok", 'ok\n'],
    ["trap 'echo never' INT TERM; echo body", 'body\n'],
    ['echo "[$(trap -p)]"', '[]\n'],
    ["trap 'echo x' BOGUS; echo $?", 'bash: trap: BOGUS: invalid signal specification\n1\n'],
    ["trap 'echo x'; echo $?", 'trap: usage: trap [-lp] [[arg] signal_spec ...]\n2\n'],
    ['echo trap; t=trap; echo "$t"', 'trap\ntrap\n'],
    ["trap 'echo bye' EXIT; echo a | tr a b", 'b\nbye\n'],
  ])('%s', async (command, output) => {
    expect(await run(command)).toEqual({ output, exitCode: 0 });
  });
});

describe('background jobs are refused before the script runs, unless waited for at once', () => {
  it.each([
    '(sleep 0.2; echo late) & echo early; wait',
    'f() { echo bg & }; echo before',
    'server &',
    'sleep 0.01 & pid=$!; wait',
    '{ echo one; exit 42; } & wait $!',
    'for i in 1 2; do echo $i & echo more; done; wait',
  ])('%s', async (command) => {
    expect(await run(command)).toEqual({ output: `${BACKGROUND_REFUSAL}\n`, exitCode: 2 });
  });

  it('in a nested shell, which fails on its own', async () => {
    expect(await run('bash -c "echo a & echo b"; echo "outer $?"')).toEqual({
      output: `${BACKGROUND_REFUSAL}\nouter 2\n`,
      exitCode: 0,
    });
  });

  it.each([
    ['echo before; sleep 0.1 & wait; echo after', 'before\nafter\n'],
    ['echo a & echo b & wait', 'a\nb\n'],
    ['for i in 1 2 3; do echo $i & done; wait; echo done', '1\n2\n3\ndone\n'],
    // A job is a subshell: its exit, cd and variables stay in it; its status is not $? and stops no set -e.
    ['x=1; { x=2; cd /tmp; exit 42; } & wait; echo "x=$x $(pwd) $?"', 'x=1 /workspace 0\n'],
    ['set -e; false & wait; echo "still $?"', 'still 0\n'],
    ['echo a && echo b', 'a\nb\n'],
    ['echo "a & b"', 'a & b\n'],
    ['ls nope &> /dev/null; echo $?', '2\n'],
    ['echo x 2>&1', 'x\n'],
  ])('%s still runs', async (command, output) => {
    expect(await run(command)).toEqual({ output, exitCode: 0 });
  });
});

describe('grep -o: a pattern that can match the empty string is refused, however the input comes', () => {
  it.each([
    "grep -o '[0-9]*' a.txt",
    "cat a.txt | grep -o '[a-z]*'",
    "grep -ro 'x*' .",
    "grep -o -e 'p*' -e a a.txt",
    "grep -o '' a.txt",
  ])('%s', async (command) => {
    expect(await run(command)).toEqual({ output: `${GREP_EMPTY_MATCH_REFUSAL}\n`, exitCode: 2 });
  });

  it('patterns that match at least one character, and misses, answer as before', async () => {
    expect(await run("grep -oE '[0-9]+' a.txt; grep -o zz a.txt; echo $?")).toEqual({
      output: '3\n1\n1\n',
      exitCode: 0,
    });
    expect(await run('grep -o a nope.txt')).toEqual({
      output: 'grep: nope.txt: No such file or directory\n',
      exitCode: 2,
    });
  });
});

describe('od: what it would print otherwise than GNU is refused', () => {
  const only =
    'this od prints single bytes as -c (or -t c), -b (or -t o1) or -t x1, with -A o, d, x or n (several of these formats with -A n and -c only), and -v';
  it.each([
    ['od a.txt', `od: the default format (-t o2, two-byte words) is not supported: ${only}`],
    ['od -x a.txt', `od: -x is not supported: ${only}`],
    ['od -t x2 a.txt', `od: -t x2 is not supported: ${only}`],
    ['od -c -tx1 a.txt', `od: these formats together are not supported: ${only}`],
    ['od -An -tx1 -b a.txt', `od: these formats together are not supported: ${only}`],
    [
      'od -N4 -c a.txt',
      `od: -N4 is not supported: ${only}; cut the input first instead (head -c N FILE | od …, tail -c +N FILE | od …)`,
    ],
    ['od -t', "od: option requires an argument -- 't'"],
  ])('%s', async (command, message) => {
    expect(await run(command)).toEqual({ output: `${message}\n`, exitCode: 1 });
  });
});

describe('printf: integers it would print otherwise than GNU are refused', () => {
  it('word for word', () => {
    expect(printfBeyondExactRefusal('9007199254740993')).toBe(
      "printf: 9007199254740993: this shell's printf computes with numbers exact only up to 2^53 (9007199254740991), so it would print another number than GNU's printf; nothing was printed. Print such a number as text with %s, or keep it below 2^53.",
    );
    expect(printfNegativeUnsignedRefusal('x', '-1')).toBe(
      "printf: %x of the negative number -1 is not supported by this shell's printf, which would print a 32-bit value or the number's magnitude where GNU's printf prints its 64-bit two's complement; nothing was printed. Give %x a number of 0 or more.",
    );
  });

  it.each([
    ["printf '%d\\n' 9223372036854775807", printfBeyondExactRefusal('9223372036854775807')],
    ["printf '%i\\n' -9007199254740992", printfBeyondExactRefusal('-9007199254740992')],
    ["printf '%x\\n' 0x20000000000001", printfBeyondExactRefusal('0x20000000000001')],
    // The format is used again for the arguments left: the third argument is read by %d.
    ["printf '%d %s\\n' 1 a 9007199254740993 b", printfBeyondExactRefusal('9007199254740993')],
    ["printf -v n '%u' 400000000000000000", printfBeyondExactRefusal('400000000000000000')],
    ["printf '%x\\n' -1", printfNegativeUnsignedRefusal('x', '-1')],
    ["printf '%5u|\\n' -42", printfNegativeUnsignedRefusal('u', '-42')],
    ["printf '%*o\\n' 3 -8", printfNegativeUnsignedRefusal('o', '-8')],
  ])('%s', async (command, message) => {
    expect(await run(command)).toEqual({ output: `${message}\n`, exitCode: 1 });
  });

  it('prints what just-bash prints as GNU does: smaller integers, text, signed negatives, widths', async () => {
    expect(
      await run(
        "printf '%d %x %o %u|' 9007199254740991 255 8 0; printf '%s %%d|' 9007199254740993; printf '%d %i|' -5 0x10; printf '%*d|%.3s\\n' -4 7 abcdef",
      ),
    ).toEqual({ output: '9007199254740991 ff 10 0|9007199254740993 %d|-5 16|7   |abc\n', exitCode: 0 });
  });
});

describe('awk: the length of an array is refused', () => {
  it('word for word, with nothing run, exit 2', async () => {
    expect(arrayLengthRefusal('p')).toBe(
      "awk: length(p) of an array is not supported by this shell's awk, which gives 0 for any array; nothing ran. Count its elements in a loop (n = 0; for (k in p) n++), or keep the count split() returns.",
    );
    for (const [program, name] of [
      ['BEGIN { n = split("a:b", p, ":"); print length(p) }', 'p'],
      ['{ seen[$1] = 1 } END { print length( seen ) }', 'seen'],
      ['BEGIN { if ("x" in m) print 1; print length(m) }', 'm'],
    ] as const) {
      expect(await run(`awk '${program}' a.txt`)).toEqual({
        output: `${arrayLengthRefusal(name)}\n`,
        exitCode: 2,
      });
    }
  });

  it('runs the length of a field, a string, a scalar, and a name used as an array only in a string', async () => {
    expect(
      await run(
        `awk '{ s = $1; print length($1), length(s), length("p[1]"), length } END { p = "abc"; print length(p) }' a.txt`,
      ),
    ).toEqual({ output: '5 5 4 7\n6 6 4 8\n3\n', exitCode: 0 });
  });
});

describe('find: an expression after -exec … ; is refused', () => {
  it('word for word, with nothing run; -exec last, a group, or the batched form run', async () => {
    expect(FIND_EXEC_TEST_REFUSAL).toBe(
      'find: an expression after -exec ... \\; (such as -print) is not supported by this shell\'s find, which runs -exec as an action and not as a test, so the rest would apply to every file; nothing ran. Put -exec last, or do the test in the command itself: -exec sh -c \'test -s "$1" && echo "$1"\' _ {} \\;',
    );
    const setUp = 'mkdir d; touch d/a; echo x > d/b; ';
    expect(await run(`${setUp}find d -type f -exec test -s {} \\; -print`)).toEqual({
      output: `${FIND_EXEC_TEST_REFUSAL}\n`,
      exitCode: 1,
    });
    expect(
      await run(`${setUp}find d -name b -exec echo {} \\; ; find d \\( -name a -exec echo A {} \\; \\)`),
    ).toEqual({
      output: 'd/b\nA d/a\n',
      exitCode: 0,
    });
  });
});

describe("/dev/stdout and /dev/stderr are the command's streams and keep nothing in the workspace", () => {
  // GNU's tee writes each line to the file and to its output: twice in all. (Compared in gnu-parity.test.ts
  // it cannot be: the test's GNU bash runs with sockets for streams, which /dev/stderr cannot open.)
  it('tee to them prints what it reads on both', async () => {
    expect(
      await run('echo x | tee /dev/stderr; echo z | tee /dev/stdout; echo y | tee /dev/fd/2 > /dev/null'),
    ).toEqual({
      output: 'x\nx\nz\nz\ny\n',
      exitCode: 0,
    });
  });

  it('what a command wrote to them is not there for a later command, in this call or the next', async () => {
    const workspace = await createJustBashWorkspace({ files: FILES });
    await workspace.exec('echo secret | tee /dev/stderr /dev/stdout > /dev/null');
    expect(
      await workspace.exec('wc -c < /dev/stderr; wc -c < /dev/stdout; echo gone | cat /dev/stdin'),
    ).toMatchObject({
      output: '0\n0\ngone\n',
      exitCode: 0,
    });
  });
});

describe('/dev/zero is bounded where GNU never ends', () => {
  it.each(['cat /dev/zero', 'cat /dev/zero > big.bin', 'head -c 20000000 /dev/zero | wc -c'])(
    '%s stops at the output limit',
    async (command) => {
      const { output, exitCode } = await run(command);
      expect(exitCode).toBe(126);
      expect(output).toMatch(/output size limit exceeded \(10485760 bytes\)\n$/);
    },
  );

  it('up to the output limit it reads as zeros', async () => {
    expect(await run('head -c 10485760 /dev/zero | wc -c')).toEqual({
      output: '10485760\n',
      exitCode: 0,
    });
  });
});

describe('through the bash tool', () => {
  it('a refusal is an error, with the message', async () => {
    const suite = createToolSuite({});
    const session = suite.createSession({ id: 'refusals' });
    const result = await suite.execute('bash', { command: "echo hi | sed 's/h/\\U&/'" }, { session });
    expect(result.is_error).toBe(true);
    expect(result.output).toContain(SED_CASE_CONVERSION_REFUSAL);
  });
});

describe("the interpreter's own errors, as GNU bash words them", () => {
  it('cd given two directories fails where it stands, and an && after it stops', async () => {
    expect(CD_TOO_MANY_ARGUMENTS).toBe('bash: cd: too many arguments');
    expect(await run('mkdir a b; cd a b && echo moved; pwd')).toEqual({
      output: 'bash: cd: too many arguments\n/workspace\n',
      exitCode: 0,
    });
    // One word per variable when quoted: still two directories; unquoted, known only as it runs.
    expect((await run('mkdir a b; x=a; y=b; cd "$x" "$y"; echo $?')).output).toBe(
      'bash: cd: too many arguments\n1\n',
    );
    expect((await run('mkdir a b; d="a b"; cd $d; pwd')).output).toBe('/workspace/a\n');
  });

  it('break and continue with no loop of their own say so and go on', async () => {
    expect(outsideLoopMessage('continue')).toBe(
      "bash: continue: only meaningful in a `for', `while', or `until' loop",
    );
    expect(await run('for i in 1 2; do (break; echo "in $i") 2>/dev/null; echo "out $i"; done')).toEqual({
      output: 'in 1\nout 1\nin 2\nout 2\n',
      exitCode: 0,
    });
    expect((await run('f() { break; }; f')).output).toBe(`${outsideLoopMessage('break')}\n`);
  });

  it('break and continue run by eval act on the loop around the eval', async () => {
    // The eval's text is read with the script around it: alone, `continue` has no loop.
    const loop =
      'for i in 1 2 3 4; do if [ $i = 2 ]; then eval continue; fi; [ $i = 4 ] && eval break; echo $i; done';
    expect(await run(loop)).toEqual({ output: '1\n3\n', exitCode: 0 });
    expect(await run(`f() { ${loop}; echo done; }; f`)).toEqual({ output: '1\n3\ndone\n', exitCode: 0 });
    expect((await run('for i in 1; do (eval break; echo in) 2>/dev/null; echo out; done')).output).toBe(
      'in\nout\n',
    );
  });

  it('a script run by its path fails as the kernel refuses it', async () => {
    const script =
      'mkdir d; echo "echo hi" > plain.sh; ./plain.sh; echo $?; ./d; echo $?; ./nope.sh; echo $?';
    expect(await run(script)).toEqual({
      output:
        'bash: ./plain.sh: Permission denied\n126\nbash: ./d: Is a directory\n126\nbash: ./nope.sh: No such file or directory\n127\n',
      exitCode: 0,
    });
  });

  it('a script run by its path gets every argument, also through bash -c and eval', async () => {
    const setUp = `printf 'echo "$# \${11}"\\n' > s.sh; chmod +x s.sh; `;
    const args = '1 2 3 4 5 6 7 8 9 10 eleven';
    expect((await run(`${setUp}./s.sh ${args}`)).output).toBe('11 eleven\n');
    expect((await run(`${setUp}bash -c './s.sh ${args}'`)).output).toBe('11 eleven\n');
    expect((await run(`${setUp}eval './s.sh ${args}'`)).output).toBe('11 eleven\n');
  });

  it('a script found on PATH by its bare name runs as bash runs it, or the shell says it is missing', async () => {
    const setUp = `mkdir tools; printf 'echo "$# \${11} $0 [\${y-}] [\${z-}]"\\n' > tools/s; chmod +x tools/s; `;
    const args = '1 2 3 4 5 6 7 8 9 10 eleven';
    expect(await run(`${setUp}y=1; export z=2; PATH="tools:$PATH"; s ${args}`)).toEqual({
      output: '11 eleven tools/s [] [2]\n',
      exitCode: 0,
    });
    expect(await run(`${setUp}PATH="$PWD/tools:$PATH"; s() { echo function; }; s`)).toEqual({
      output: 'function\n',
      exitCode: 0,
    });
    expect(await run('nosuchcommand a b')).toEqual({
      output: 'bash: nosuchcommand: command not found\n',
      exitCode: 127,
    });
  });

  it('a script that opens a descriptor past 2 keeps the shell lookup, so the script still reads it', async () => {
    const setUp = `mkdir tools; printf 'read -r l <&3; echo "$l"\\n' > tools/r; chmod +x tools/r; `;
    expect(await run(`${setUp}PATH="$PWD/tools:$PATH" r 3<a.txt; ./tools/r 3<a.txt`)).toEqual({
      output: 'apple 3\napple 3\n',
      exitCode: 0,
    });
  });
});

describe('text read as the script runs (eval of expanded text, source) goes through the respellings', () => {
  it('a refusal there runs instead of the text, and ends the script as it would at the top', async () => {
    const range = (await run('n=20000; eval "echo {1..$n}"; echo after')).output;
    expect(range).toBe(
      'bash: brace expansion: {1..20000} stands for 20,000 words, over the limit of 10,000 per range in this shell, which would drop the rest without a word; nothing ran. Use $(seq 1 20000) instead.\n',
    );
    const sourced = await run("printf 'echo {1..20000} | wc -w\\n' > s.sh; source s.sh; echo after");
    expect(sourced).toEqual({ output: range, exitCode: 126 });
  });

  it('what cannot be respelled faithfully is refused, word for word, and nothing of it runs', async () => {
    expect(EVAL_NOT_RESPELLED).toBe(
      'bash: eval: the text given to eval needs a change this shell makes before it runs a script (GNU forms it reads otherwise), and it cannot make it to this text without changing what the text means; nothing of it ran. Write the command in the script itself instead of building it for eval.',
    );
    expect(sourceNotRespelled('lib.sh')).toBe(
      'bash: source: lib.sh needs a change this shell makes before it runs a script (GNU forms it reads otherwise), which it can make only to a file sourced without arguments, with no return outside a function and no BASH_SOURCE; nothing of it ran. Run it with bash lib.sh, or source it without arguments.',
    );
    // $'…' with a newline is written back out without it: this text would not mean the same.
    expect(await run(`c=$'echo $\\'a\\\\nb\\' $((1 << 40))'; eval "$c"; echo after`)).toEqual({
      output: `${EVAL_NOT_RESPELLED}\n`,
      exitCode: 2,
    });
    const shift = "printf 'echo $((1 << 40))\\n' > lib.sh; ";
    expect(await run(`${shift}source lib.sh x`)).toEqual({
      output: `${sourceNotRespelled('lib.sh')}\n`,
      exitCode: 2,
    });
    const returns = "printf 'echo $((1 << 40)); return 3\\n' > lib.sh; ";
    expect((await run(`${returns}source lib.sh`)).exitCode).toBe(2);
  });

  it('text that needs nothing runs as given: source with arguments, return, eval of any text', async () => {
    const lib = 'printf \'echo "$#:$1"; return 4; echo never\\n\' > lib.sh; ';
    expect(await run(`${lib}source lib.sh a b; echo "rc=$?"`)).toEqual({
      output: '2:a\nrc=4\n',
      exitCode: 0,
    });
    expect(await run(`c='cat <<EOF\nx\nEOF'; eval "$c"; c='echo "$@"'; set -- 1 2; eval "$c"`)).toEqual({
      output: 'x\n1 2\n',
      exitCode: 0,
    });
  });
});
