/**
 * The respelling of GNU forms (src/workspace/shell/option-spellings.ts) on arguments of hostile size,
 * through the bash tool. What it respells is proven against GNU bash in gnu-parity.test.ts; here, each
 * of its patterns must take time that follows the argument's length. A pattern that tries every way of
 * sharing a run of blanks between its parts (sed's one-line `a\text` pattern once did: 4,000 blanks
 * took 60 s) holds this test past its timeout. Bench section 7 prints the growth from 40,000 to 400,000
 * blanks through the bash tool.
 */
import { describe, expect, it } from 'vitest';
import { createToolSuite } from '../../src/index.ts';

/**
 * Enough blanks that a pattern sharing them out takes tens of seconds, past the timeout, and few enough
 * that it still returns (a synchronous pattern cannot be interrupted): 3,000 took 25 to 57 s that way.
 */
const BLANKS = ' '.repeat(3_000);

async function run(command: string): Promise<{ output: string; is_error: boolean }> {
  const suite = createToolSuite();
  const session = suite.createSession();
  await suite.execute('write', { path: 'f', content: 'ab\n' }, { session });
  return suite.execute('bash', { command }, { session });
}

describe('respelling arguments of 3,000 blanks', () => {
  it.each([
    ['a sed script of blanks', `sed '${BLANKS}p' f`, 'ab\nab'],
    ['a sed address and blanks', `sed -n '1${BLANKS}p' f`, 'ab'],
    ['a sed range and ! between blanks', `sed -n '1${BLANKS},${BLANKS}2!${BLANKS}p' f`, '(no output)'],
    ['an awk length before blanks', `awk 'length${BLANKS}> 1' f`, 'ab'],
    ['an awk regular expression after blanks', `awk '(${BLANKS}/${BLANKS}a/)' f`, '(no output)'],
    ['a one-line sed a\\text after an address and blanks', `sed '$${BLANKS}a\\end' f`, 'ab\nend'],
  ])('%s is left as it is or respelled, in linear time', { timeout: 10_000 }, async (_, command, output) => {
    const result = await run(command);
    expect(result.output).toBe(output);
    expect(result.is_error).toBe(false);
  });

  it("awk's bare length is respelled in the program's code only: never in strings, regular expressions or comments", async () => {
    expect((await run(`awk '/"/{} {s="length"; print s}' f`)).output).toBe('length');
    expect((await run("awk '/length/ {n = length} {print n + length} # length' f")).output).toBe('2');
    expect((await run("awk '{print 4/2, length / 2}' f")).output).toBe('2 1');
    expect((await run(`echo 'a"b' | awk '{print /"/ ? "length" : "x"}'`)).output).toBe('length');
  });
});
