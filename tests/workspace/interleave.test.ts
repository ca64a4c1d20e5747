/**
 * Error output interleaved in place (src/workspace/shell/interleave.ts): the wrapper parsed once per shell,
 * and scripts that still behave as written.
 * Reaches inside: interleaveErrors is exported by no entry; that it parses its wrapper once per shell is
 * counted with a spy on a just-bash Bash of the test's own, which no workspace exposes.
 */
import { Bash } from 'just-bash';
import { describe, expect, it, vi } from 'vitest';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';
import { interleaveErrors } from '../../src/workspace/shell/interleave.ts';

describe('interleaveErrors', () => {
  it('parses the wrapper template once per shell, not once per call', () => {
    const bash = new Bash();
    const transform = vi.spyOn(bash, 'transform');
    const script = new Bash().transform('echo one; ls nope; echo three').ast;
    const first = interleaveErrors(bash, script);
    const second = interleaveErrors(bash, script);
    expect(transform).toHaveBeenCalledTimes(1);
    expect(second).toEqual(first);
    // The shared template is copied, never changed: the two results are the same tree.
    expect(first.statements).toHaveLength(3);
  });
});

describe('interleaving keeps what the script does', () => {
  async function run(command: string): Promise<{ output: string; exitCode: number }> {
    const workspace = await createJustBashWorkspace();
    const { output, exitCode } = await workspace.exec(command);
    return { output, exitCode };
  }

  it('set -v prints the statements the script wrote, none of the wrapper', async () => {
    // Wrapped after set -v, each statement was followed by a line "{ :; } 2>&1", the wrapper's text.
    expect(await run('set -v; echo hi; echo two')).toEqual({
      output: 'hi\ntwo\necho hi\necho two\n',
      exitCode: 0,
    });
    expect(await run(`bash -v -c 'echo a'`)).toEqual({ output: 'a\necho a\n', exitCode: 0 });
    // Before set -v, errors still come in place.
    expect(await run('ls nope; echo b; set -o verbose')).toEqual({
      output: 'ls: nope: No such file or directory\nb\n',
      exitCode: 0,
    });
  });

  it('set -u still ends the script at an unbound variable', async () => {
    // Wrapped in a group, the error was printed and the script went on to "after" with exit 0.
    expect(await run('set -u; echo $x; echo after')).toEqual({
      output: 'bash: x: unbound variable\n',
      exitCode: 1,
    });
    expect(await run('set -euo pipefail\necho "n=$((n + 1))"\necho after')).toEqual({
      output: 'bash: n: unbound variable\n',
      exitCode: 1,
    });
    expect((await run('set -o nounset; x=$y; echo after')).exitCode).toBe(1);
  });

  it('under set -u, statements that expand no variable still show their errors in place', async () => {
    expect(await run('set -u; echo one; ls nope; echo three')).toEqual({
      output: 'one\nls: nope: No such file or directory\nthree\n',
      exitCode: 0,
    });
    // Operands after `set --` are positional parameters, not options.
    expect((await run('set -- -u; echo one; ls nope; echo $1')).output).toBe(
      'one\nls: nope: No such file or directory\n-u\n',
    );
  });
});
