/**
 * The README's status line and the figures it quotes must say what the committed bench/RESULTS.md says:
 * a reader who trusts the front page and one who opens the measurements see the same project.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const readme = readFileSync(resolve(ROOT, 'README.md'), 'utf8');
const results = readFileSync(resolve(ROOT, 'bench/RESULTS.md'), 'utf8');

/** Target lines of RESULTS.md judged not met (`…: **not met**`). */
function unmetTargets(markdown: string): string[] {
  return markdown.split('\n').filter((line) => /^- .*: \*\*not met\*\*/i.test(line));
}

/** What the README's status line must say for that many unmet targets. */
function expectedStatus(unmet: number): string {
  if (unmet === 0) return 'every target in it is met';
  return `${unmet} target${unmet === 1 ? '' : 's'} in it not met yet`;
}

/** The percentage a section-4 table row reports for Anthropic, rounded as the README quotes it. */
function anthropicSaving(markdown: string, rowStart: string): number {
  const row = markdown.split('\n').find((line) => line.startsWith(`| ${rowStart}`));
  const saving = row?.match(/\(−([\d.]+) %\)/)?.[1];
  if (saving === undefined) throw new Error(`no row starting "${rowStart}" with a saving in RESULTS.md`);
  return Math.round(Number(saving));
}

describe('README and bench/RESULTS.md', () => {
  it('the status line counts the unmet targets of the committed run', () => {
    const unmet = unmetTargets(results);
    const summaryNotAllMet = results.split('\n').filter((line) => line.endsWith(': targets NOT all met'));
    expect(summaryNotAllMet.length > 0).toBe(unmet.length > 0);
    expect(readme).toContain(expectedStatus(unmet.length));
  });

  it('the status wording changes with the count, so a stale README fails', () => {
    expect(expectedStatus(0)).toBe('every target in it is met');
    expect(expectedStatus(1)).toBe('1 target in it not met yet');
    expect(expectedStatus(2)).toBe('2 targets in it not met yet');
    expect(unmetTargets('- recall@5 ≥ 90 % (got 82 %): **NOT met**\n- other: **met**')).toHaveLength(1);
  });

  it('the build ratio the README quotes is the one section 2 judged', () => {
    const quoted = readme.match(
      /index build time against an index on typed-array postings \(([\d.]+)×, target 3×\)/,
    )?.[1];
    const measured = results.match(
      /^- build within 3× of the baseline's build, in CPU time \(got ([\d.]+)×\)/m,
    )?.[1];
    expect(measured).toBeDefined();
    // The README names the build only while that target is not met.
    if (/build within 3×.*\*\*NOT met\*\*/.test(results)) expect(quoted).toBe(measured);
    else expect(quoted).toBeUndefined();
  });

  it("the codemode saving the README quotes is section 4's default-budget figure", () => {
    const quoted = readme.match(/about (\d+) % fewer tokens than declaring all 200 tools directly/)?.[1];
    expect(quoted).toBeDefined();
    expect(Number(quoted)).toBe(
      anthropicSaving(results, '193 codemode + built-ins direct + `codemode`, default budget'),
    );
  });
});
