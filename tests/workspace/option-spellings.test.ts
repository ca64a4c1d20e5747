/**
 * The respelling of GNU forms (src/workspace/shell/option-spellings.ts) on scripts of hostile size.
 * What it respells is proven against GNU bash in gnu-parity.test.ts; here, each of its patterns must
 * take time that follows the script's length. A pattern that tries every way of sharing a run of
 * blanks between its parts (sed's one-line `a\text` pattern once did: 4,000 blanks took 60 s) holds
 * this test past its timeout. Bench section 7 prints the growth from 10,000 to 100,000 blanks through
 * the bash tool.
 */
import { Bash } from 'just-bash';
import { describe, expect, it } from 'vitest';
import { respellOptions } from '../../src/workspace/shell/option-spellings.ts';

const bash = new Bash();
/**
 * Enough blanks that a pattern sharing them out takes tens of seconds, past the timeout, and few enough
 * that it still returns (a synchronous pattern cannot be interrupted): 3,000 took 25 to 57 s that way.
 */
const BLANKS = ' '.repeat(3_000);

/** The words of the script's first command after respelling, as text (each part's value). */
function respelledWords(script: string): string[] {
  const { ast } = bash.transform(script);
  expect(respellOptions(ast)).toBeUndefined();
  const command = ast.statements[0]?.pipelines[0]?.commands[0];
  if (command?.type !== 'SimpleCommand') throw new Error(`not a simple command: ${script.slice(0, 40)}`);
  return command.args.map((word) => word.parts.map((part) => ('value' in part ? part.value : '')).join(''));
}

describe('respelling a script of 3,000 blanks', () => {
  it.each([
    ['a sed script of blanks', `sed '${BLANKS}x' f`, [`${BLANKS}x`, 'f']],
    ['a sed address and blanks', `sed '1${BLANKS}x' f`, [`1${BLANKS}x`, 'f']],
    [
      'a sed range and ! between blanks',
      `sed '1${BLANKS},${BLANKS}!${BLANKS}x' f`,
      [`1${BLANKS},${BLANKS}!${BLANKS}x`, 'f'],
    ],
    ['an awk length before blanks', `awk 'length${BLANKS}x' f`, [`length()${BLANKS}x`, 'f']],
    ['an awk string never closed', `awk '"${BLANKS}' f`, [`"${BLANKS}`, 'f']],
    [
      'an awk regular expression after blanks',
      `awk '(${BLANKS}/${BLANKS}/' f`,
      [`(${BLANKS}/${BLANKS}/`, 'f'],
    ],
    [
      'an awk regular expression never closed',
      `awk '${BLANKS}/${BLANKS}length' f`,
      [`${BLANKS}/${BLANKS}length()`, 'f'],
    ],
  ])('%s is left as it is or respelled, in linear time', { timeout: 10_000 }, (_, script, words) => {
    expect(respelledWords(script)).toEqual(words);
  });

  it("awk's bare length is respelled in the program's code only: never in strings, regular expressions or comments", () => {
    expect(respelledWords(`awk '/"/{} {s="length"; print s}' f`)).toEqual([
      `/"/{} {s="length"; print s}`,
      'f',
    ]);
    expect(respelledWords("awk '/length/ {n = length} # length' f")).toEqual([
      '/length/ {n = length()} # length',
      'f',
    ]);
    expect(respelledWords("awk '{print $1/2, length / 2}' f")).toEqual(['{print $1/2, length() / 2}', 'f']);
  });

  it('a one-line sed a\\text after an address and blanks is still respelled', () => {
    expect(respelledWords(`sed '$${BLANKS}a\\end' f`)).toEqual([`$${BLANKS}a end`, 'f']);
  });
});
