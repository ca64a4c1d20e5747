/**
 * The model-facing messages of diff, patch and cmp (src/workspace/shell/diff-commands.ts), word for
 * word, with their exit status: options refused, operands missing, a hunk that fails (the file left as
 * it was, nothing else written), a patch already applied, a file not found, input that holds no diff.
 * What they print where GNU's would is compared with GNU itself in gnu-parity.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createToolSuite } from '../../src/index.ts';
import { createJustBashWorkspace } from '../../src/workspace/just-bash/index.ts';

const FILES = {
  'old.txt': 'one\ntwo\nthree\n',
  'new.txt': 'one\n2\nthree\n',
  'other.txt': 'one\nTWO\nthree\n',
};

async function run(command: string): Promise<{ output: string; exitCode: number }> {
  const workspace = await createJustBashWorkspace({ files: FILES });
  const { output, exitCode } = await workspace.exec(command);
  return { output, exitCode };
}

const DIFF_TAKES =
  'diff: takes -u, -U N, --unified[=N], -q, -s, -N, -r, -a, -i, -b, -w, --strip-trailing-cr, --label LABEL and ' +
  '--normal, and two files or directories (- for stdin); it prints the normal format, or unified with -u\n';
const PATCH_TAKES =
  'patch: takes -pN, -R, --dry-run, -i PATCHFILE, -s, -f, -N, -E, -F N, -d DIR, -u and [FILE [PATCHFILE]]; ' +
  'it applies unified diffs (diff -u, git diff) only\n';
const CMP_TAKES =
  'cmp: takes -s, -l, -b, -n N, -i SKIP[:SKIP2] and FILE1 [FILE2 [SKIP1 [SKIP2]]] (- for stdin)\n';

describe('options and operands, word for word', () => {
  it('an option not taken is refused with the list of those taken (exit 2)', async () => {
    expect(await run('diff -c old.txt new.txt')).toEqual({
      output: `diff: unsupported option '-c'\n${DIFF_TAKES}`,
      exitCode: 2,
    });
    expect(await run('diff --side-by-side old.txt new.txt')).toEqual({
      output: `diff: unsupported option '--side-by-side'\n${DIFF_TAKES}`,
      exitCode: 2,
    });
    expect(await run('patch -b old.txt < /dev/null')).toEqual({
      output: `patch: unsupported option '-b'\n${PATCH_TAKES}`,
      exitCode: 2,
    });
    expect(await run('cmp -x old.txt new.txt')).toEqual({
      output: `cmp: unsupported option '-x'\n${CMP_TAKES}`,
      exitCode: 2,
    });
  });

  it('a missing operand is named as GNU names it (exit 2)', async () => {
    expect(await run('diff old.txt')).toEqual({
      output: `diff: missing operand after 'old.txt'\n${DIFF_TAKES}`,
      exitCode: 2,
    });
    expect(await run('diff')).toEqual({
      output: `diff: missing operand after 'diff'\n${DIFF_TAKES}`,
      exitCode: 2,
    });
    expect(await run('cmp')).toEqual({
      output: `cmp: missing operand after 'cmp'\n${CMP_TAKES}`,
      exitCode: 2,
    });
    expect(await run('diff -U x old.txt new.txt')).toEqual({
      output: `diff: invalid context length 'x'\n${DIFF_TAKES}`,
      exitCode: 2,
    });
  });
});

describe('patch, word for word', () => {
  it('a hunk that fails leaves the file as it was, and writes no .rej or .orig (exit 1)', async () => {
    const result = await run(
      'diff -u old.txt new.txt > d.patch; patch other.txt < d.patch; echo "exit $?"; cat other.txt; ls',
    );
    expect(result.output).toBe(
      'patching file other.txt\n' +
        'Hunk #1 FAILED at 1.\n' +
        '1 out of 1 hunk FAILED -- other.txt is left unchanged (no hunk is applied to a file unless all of them fit; no .rej file is written)\n' +
        'exit 1\n' +
        'one\nTWO\nthree\n' +
        'd.patch\nnew.txt\nold.txt\nother.txt\n',
    );
  });

  it('one failing hunk of two keeps the other from being applied', async () => {
    const workspace = await createJustBashWorkspace({
      files: { 'a.txt': 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n', 'b.txt': 'A\nb\nc\nd\ne\nf\ng\nh\ni\nJ\n' },
    });
    await workspace.exec('diff -U1 a.txt b.txt > d.patch; sed "s/^j$/x/" a.txt > w.txt');
    const result = await workspace.exec('patch w.txt < d.patch');
    expect(result).toMatchObject({
      output:
        'patching file w.txt\n' +
        'Hunk #2 FAILED at 9.\n' +
        '1 out of 2 hunks FAILED -- w.txt is left unchanged (no hunk is applied to a file unless all of them fit; no .rej file is written)\n',
      exitCode: 1,
    });
    expect((await workspace.exec('head -n 1 w.txt')).output).toBe('a\n');
  });

  it('a patch already applied is skipped, with what undoes it', async () => {
    expect(
      await run('diff -u old.txt new.txt > d.patch; cp new.txt w.txt; patch w.txt < d.patch; cat w.txt'),
    ).toEqual({
      output:
        'patching file w.txt\n' +
        'Reversed (or previously applied) patch detected!  Skipping patch (patch -R undoes it).\n' +
        '1 out of 1 hunk ignored\n' +
        'one\n2\nthree\n',
      exitCode: 0,
    });
  });

  it('a file the patch names but the shell lacks is named, with how -p read it', async () => {
    expect(
      await run(
        'diff -u old.txt new.txt | sed "s/ old.txt/ a\\/src\\/old.txt/" > d.patch; patch -p1 < d.patch',
      ),
    ).toEqual({
      output:
        "can't find file to patch: the patch names a/src/old.txt and new.txt; with -p1 that is src/old.txt, and no such file is here\n" +
        'Perhaps you used the wrong -p or --strip option?\n' +
        'Skipping patch.\n' +
        '1 out of 1 hunk ignored\n',
      exitCode: 1,
    });
  });

  it('input that holds no unified diff is refused (exit 2); an empty one changes nothing (exit 0)', async () => {
    expect(await run('diff old.txt new.txt > normal.patch; patch old.txt < normal.patch')).toEqual({
      output:
        'patch: **** Only garbage was found in the patch input. (This patch reads unified diffs: diff -u, git diff.)\n',
      exitCode: 2,
    });
    expect(await run('patch old.txt < /dev/null')).toEqual({ output: '', exitCode: 0 });
  });
});

describe('diff -u headers', () => {
  it("carry each file's mtime as GNU formats it, to the millisecond, in UTC", async () => {
    const { output } = await run('diff -u old.txt new.txt | head -n 2');
    expect(output).toMatch(
      /^--- old\.txt\t\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}000000 \+0000\n\+\+\+ new\.txt\t\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}000000 \+0000\n$/,
    );
  });
});

describe('through the bash tool', () => {
  it('a failed patch is an error, with the hunk that failed', async () => {
    const suite = createToolSuite({});
    const session = suite.createSession({ id: 'diff-commands' });
    await suite.execute('bash', { command: "printf 'a\\nb\\n' > x; printf 'a\\nc\\n' > y" }, { session });
    const result = await suite.execute(
      'bash',
      { command: "diff -u x y > d.patch; printf 'a\\nz\\n' > x; patch x < d.patch" },
      { session },
    );
    expect(result.is_error).toBe(true);
    expect(result.output).toContain('Hunk #1 FAILED at 1.');
  });
});
