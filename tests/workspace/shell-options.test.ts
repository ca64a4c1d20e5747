/**
 * `bash` and `sh` with options before their script (src/workspace/shell/shell-options.ts): each runs
 * as GNU bash 5.2 runs it (the outputs below are GNU's), and what the embedded shell cannot be is
 * refused word for word, with GNU's status 2, before anything runs.
 */
import { describe, expect, it } from 'vitest';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';

const FILES = {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, ${10} is the script's tenth argument.
  'strict.sh': '#!/bin/bash\necho "line $LINENO: $0 $1 ${10}"\nfalse\necho not reached\n',
  'home/.profile': 'GREETING=from-profile\n',
};

async function run(command: string): Promise<{ output: string; exitCode: number }> {
  const workspace = await createJustBashWorkspace({ files: FILES });
  const { output, exitCode } = await workspace.exec(command);
  return { output, exitCode };
}

describe('bash and sh with options before the script', () => {
  it('reads set letters, -o and -O before -c, combined or apart', async () => {
    expect(await run(`bash -e -c 'false; echo status=$?'`)).toEqual({ output: '', exitCode: 1 });
    expect(await run(`bash -o errexit -c 'false; echo status=$?'`)).toEqual({ output: '', exitCode: 1 });
    expect(await run(`bash -euo pipefail -c 'false | true; echo not reached'`)).toEqual({
      output: '',
      exitCode: 1,
    });
    // GNU ends with 127 here and just-bash with 1: both stop before the next command.
    expect(await run(`bash -u -c 'echo "$unset"; echo not reached' 2>/dev/null`)).toMatchObject({
      output: '',
    });
    expect(
      await run(`bash -O nullglob -c 'echo foo *.none bar'; bash +O nullglob -c 'echo foo *.none bar'`),
    ).toEqual({
      output: 'foo bar\nfoo *.none bar\n',
      exitCode: 0,
    });
    expect(await run(`bash --norc --noprofile --rcfile /dev/null -c 'echo "$0 $1"' name one`)).toEqual({
      output: 'name one\n',
      exitCode: 0,
    });
  });

  it('runs a script file with its options, every argument and its line numbers', async () => {
    expect(await run('bash -e strict.sh 1 2 3 4 5 6 7 8 9 ten; echo status=$?')).toEqual({
      output: 'line 2: strict.sh 1 ten\nstatus=1\n',
      exitCode: 0,
    });
    expect(await run('bash missing.sh')).toEqual({
      output: 'bash: missing.sh: No such file or directory\n',
      exitCode: 127,
    });
    expect(await run(`echo 'echo "déjà lu: $1"' | bash -s one`)).toEqual({
      output: 'déjà lu: one\n',
      exitCode: 0,
    });
  });

  it('sources the profile a login shell reads, and only one that exists', async () => {
    expect(await run(`HOME=$PWD/home bash -lc 'echo "$GREETING"'`)).toEqual({
      output: 'from-profile\n',
      exitCode: 0,
    });
    expect(await run(`HOME=$PWD/none bash -lc 'echo "[$GREETING]"'`)).toEqual({
      output: '[]\n',
      exitCode: 0,
    });
  });

  it('traces none of what it puts before the script', async () => {
    expect(await run(`bash -x -O nullglob -c 'echo hi' 2>&1 | grep -c shopt`)).toEqual({
      output: '0\n',
      exitCode: 1,
    });
  });

  it('refuses what the shell cannot be, word for word, before anything runs', async () => {
    expect(await run(`bash -i -c 'echo ran'`)).toEqual({
      output:
        'bash: -i: an interactive shell is not supported here; run the commands with -c, or put them in a script file\n',
      exitCode: 2,
    });
    expect(await run(`sh -r -c 'echo ran'`)).toEqual({
      output: 'sh: -r: a restricted shell is not supported here; run the script without -r\n',
      exitCode: 2,
    });
    expect(await run(`bash -k -c 'echo ran'`)).toEqual({
      output: 'bash: -k: this option is not supported here; run the script without it\n',
      exitCode: 2,
    });
    expect(await run(`bash -Z -c 'echo ran'`)).toEqual({
      output:
        'bash: -Z: invalid option; this shell takes the letters of set (-e, -u, -x, …), -o NAME, -O NAME, -c, -s, -l, --login, --posix, --verbose, --norc, --noprofile and --rcfile FILE\n',
      exitCode: 2,
    });
    expect(await run(`bash -e -c`)).toEqual({
      output: 'bash: -c: option requires an argument\n',
      exitCode: 2,
    });
    expect(await run(`bash -O nosuchoption -c 'echo ran'`)).toMatchObject({ exitCode: 2 });
    expect((await run(`bash -O nosuchoption -c 'echo ran'`)).output).not.toContain('ran');
  });

  it('keeps the line numbers of a script file without options too, and leaves bash -c as it was', async () => {
    expect(await run(`bash -c 'echo "$0 $#"' zero a b`)).toEqual({ output: 'zero 2\n', exitCode: 0 });
    expect(await run('bash strict.sh a; echo status=$?')).toEqual({
      output: 'line 2: strict.sh a \nnot reached\nstatus=0\n',
      exitCode: 0,
    });
  });
});
