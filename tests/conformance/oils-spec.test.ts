/**
 * The reader of the Oils spec-test format (oils-spec.ts) on a small file that uses each form the
 * vendored files use, and on the vendored files themselves: it must read them whole.
 */
import { describe, expect, it } from 'vitest';
import { loadCases, printedWithin, verdictOf, withoutSyntaxError } from './oils-run.ts';
import { parseSpecFile } from './oils-spec.ts';

const SAMPLE = `## compare_shells: bash dash mksh
## oils_failures_allowed: 1

#### one-line stdout
echo hi
## stdout: hi

#### a block, a comment in the code and in the block, a blank line kept
echo a
# dropped, as the Oils reader drops it

echo b
## STDOUT:
a
# dropped too

b
## END

#### bash's own lines win key by key, for bash/mksh together
echo x; exit 3
## stdout: x
## status: 3
## OK bash/mksh stdout: y
## N-I dash status: 2

#### stdout-json, and a block ended by the next ## line
printf 'q'
## stdout-json: "q"
## BUG bash STDOUT:
r
## BUG bash status: 1

#### no stdout given: only the status counts
false
## status: 1

#### code on one line
## code: echo one line
## stdout: one line
`;

describe('the Oils spec-test reader', () => {
  const { metadata, cases } = parseSpecFile(SAMPLE);

  it('reads the header and every case', () => {
    expect(metadata).toEqual({ compare_shells: 'bash dash mksh', oils_failures_allowed: '1' });
    expect(cases.map((specCase) => [specCase.name, specCase.line])).toEqual([
      ['one-line stdout', 4],
      ['a block, a comment in the code and in the block, a blank line kept', 8],
      ["bash's own lines win key by key, for bash/mksh together", 20],
      ['stdout-json, and a block ended by the next ## line', 27],
      ['no stdout given: only the status counts', 34],
      ['code on one line', 38],
    ]);
  });

  it('keeps the code as the harness runs it', () => {
    expect(cases[0]?.code).toBe('echo hi\n');
    expect(cases[1]?.code).toBe('echo a\n\necho b\n');
    expect(cases[5]?.code).toBe('echo one line');
  });

  it("takes bash's expectation from bash's lines, else the plain ones", () => {
    expect(cases.map((specCase) => specCase.bash)).toEqual([
      { stdout: 'hi\n', status: 0, qualifier: undefined },
      { stdout: 'a\n\nb\n', status: 0, qualifier: undefined },
      { stdout: 'y\n', status: 3, qualifier: 'OK' },
      { stdout: 'r\n', status: 1, qualifier: 'BUG' },
      { stdout: undefined, status: 1, qualifier: undefined },
      { stdout: 'one line\n', status: 0, qualifier: undefined },
    ]);
  });

  it('refuses a ## line it cannot read', () => {
    expect(() => parseSpecFile('#### x\necho\n## stdout x\n')).toThrow('invalid ## line');
  });

  it('reads all 49 vendored files, 1,498 cases', () => {
    const all = loadCases();
    expect(new Set(all.map((specCase) => specCase.file)).size).toBe(49);
    expect(all).toHaveLength(1498);
  });
});

describe('how a run is judged', () => {
  const expected = { stdout: 'a\nb\n', status: 0, qualifier: undefined };

  it('pass, silent (status 0 or the expected one) and loud', () => {
    expect(verdictOf(expected, { stdout: 'a\nb\n', status: 0 })).toBe('pass');
    expect(verdictOf(expected, { stdout: 'a\n', status: 0 })).toBe('silent');
    expect(verdictOf({ ...expected, status: 2 }, { stdout: '', status: 2 })).toBe('silent');
    expect(verdictOf(expected, { stdout: 'a\nb\n', status: 1 })).toBe('loud');
  });

  it('finds stdout whole in a terminal run, error lines put in anywhere', () => {
    expect(printedWithin('a\nb', 'a\nbash: err\nb')).toBe(true);
    expect(printedWithin('[-42] status=1', '[-42] printf: bad\nstatus=1')).toBe(true);
    expect(printedWithin('a\nb', 'a\nb\nerror at the end')).toBe(true);
    expect(printedWithin('a\nb\nc', 'a\nc')).toBe(false);
    expect(printedWithin('a\nb', 'b\na')).toBe(false);
  });

  it('counts a run ended by a syntax error alone as having printed nothing', () => {
    const message = "bash: syntax error: Parse error at 1:4: syntax error near unexpected token `('";
    expect(withoutSyntaxError({ stdout: message, status: 2 })).toEqual({ stdout: '', status: 2 });
    expect(withoutSyntaxError({ stdout: `out\n${message}`, status: 2 }).stdout).toBe(`out\n${message}`);
    expect(withoutSyntaxError({ stdout: message, status: 1 }).stdout).toBe(message);
  });
});
